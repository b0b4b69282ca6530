/**
 * issue 29 / D-projection-split: clear() (logout, user switch) replaces the projection's whole state,
 * so nothing of the previous user's rows stays in any part — columns, access-path indexes, match
 * cache, recently asked filters, series balance line — and the version keeps moving forward (the
 * engine caches answers by it). Then the same rows loaded again answer exactly as a fresh projection.
 */
import { describe, expect, it } from "vitest"
import { generateRows } from "../../tests/support/test-rows.ts"
import { StatementProjection, type StatementQueryResult } from "./statement-projection.ts"

const start = Date.UTC(2024, 0, 1, 3)
const strip = (r: StatementQueryResult) => {
  const { tookMs: _t, ...rest } = r
  return rest
}

describe("D-projection-split clear()", () => {
  const { rows, walletIds } = generateRows(6_000, { seed: 29, wallets: 3, start, spanDays: 120 })
  const queries = [
    { text: "silva" },
    { text: "silva", offset: 100 },
    { statuses: ["completed" as const] },
    { minAmount: 1_000, maxAmount: 50_000 },
    { walletIds: walletIds.slice(0, 2), groupBy: "day" as const },
    { sort: { by: "amount" as const, dir: "desc" as const }, limit: 20 }
  ]

  it("D-projection-split after clear() nothing answers from the old rows, memory is back to empty, and a reload answers like a fresh projection", () => {
    const p = new StatementProjection()
    p.upsertMany(rows)
    p.optimize()
    for (const q of queries) p.query(q)
    // the same filter again: the match cache answers
    p.query({ text: "silva" })
    expect(p.lastPath).toBe("cache")
    p.series({ walletIds: [walletIds[0] as string] }, "day")
    const version = p.version
    const emptyBytes = new StatementProjection().memoryBytes()
    p.clear()
    expect(p.version).toBeGreaterThan(version)
    expect(p.size).toBe(0)
    expect(p.memoryBytes()).toBe(emptyBytes)
    // the filter the old state had cached is asked again: not from its match list
    expect(p.query({ text: "silva" }).total).toBe(0)
    expect(p.lastPath).not.toBe("cache")
    for (const q of queries) {
      const r = p.query(q)
      expect(r.total, JSON.stringify(q)).toBe(0)
      expect(r.rows).toEqual([])
    }
    expect(p.series({ walletIds: [walletIds[0] as string] }, "day").points).toEqual([])
    // reloaded: every answer equals a fresh projection's with the same rows
    const fresh = new StatementProjection()
    for (const x of [p, fresh]) {
      x.upsertMany(rows)
      x.optimize()
    }
    for (const q of queries) expect(strip(p.query(q)), JSON.stringify(q)).toEqual(strip(fresh.query(q)))
    expect(p.series({ walletIds: walletIds.slice(0, 2) }, "month")).toMatchObject({
      points: fresh.series({ walletIds: walletIds.slice(0, 2) }, "month").points
    })
    expect(p.size).toBe(fresh.size)
  })
})
