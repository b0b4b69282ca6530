/**
 * sandbox/count-cache.ts: a list total kept per database — two sandboxes in one process (the integration files, modules
 * shared) never answer with each other's totals, though seeded alike their count queries are the same text.
 */
import { describe, expect, it } from "vitest"
import { bumpVersion, cachedCount, forgetCachedCounts, keepCount } from "./count-cache.ts"

describe("cached list totals (repo.ts paginateJson countCacheTable)", () => {
  it("are kept per database: another sandbox's total for the same query is not this one's", () => {
    const a = {}
    const b = {}
    const key = 'SELECT count(*) AS n FROM statements WHERE wallet_id = ?|["w"]'
    keepCount(a, "statements", key, 498)
    expect(cachedCount(a, "statements", key)).toBe(498)
    expect(cachedCount(b, "statements", key)).toBeUndefined()
    keepCount(b, "statements", key, 490)
    expect([cachedCount(a, "statements", key), cachedCount(b, "statements", key)]).toEqual([498, 490])
  })

  it("go stale at a write to their table, and at the test reset, of their own database only", () => {
    const a = {}
    const b = {}
    keepCount(a, "statements", "q", 1)
    keepCount(b, "statements", "q", 2)
    keepCount(a, "gateway_transactions", "g", 3)
    bumpVersion(a, "statements")
    expect([cachedCount(a, "statements", "q"), cachedCount(b, "statements", "q"), cachedCount(a, "gateway_transactions", "g")]).toEqual([undefined, 2, 3])
    forgetCachedCounts(b)
    expect([cachedCount(b, "statements", "q"), cachedCount(a, "gateway_transactions", "g")]).toEqual([undefined, 3])
  })
})
