/**
 * workers/pace.ts: P6 (the sync's progress spaced) and issue 33 item 1 (a big list's answers spaced while a pull brings
 * its rows, every other answer at once). Checked over generated moments against a plain statement of the rule.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import type { LiveQuery } from "./protocol.ts"
import { PROGRESS_EVERY_MS, PULLED_EVERY_MS, holdMs, sourceOf } from "./pace.ts"
import { TABLE_NAMES } from "../schema/tables/registry.ts"

const q0 = { text: "", wallets: [] } as unknown as never
const QUERIES: ReadonlyArray<LiveQuery> = [
  { kind: "syncProgress" },
  { kind: "connection" },
  { kind: "commands" },
  { kind: "statements", query: q0 },
  { kind: "statementSeries", query: q0, unit: "day" },
  ...TABLE_NAMES.map((table): LiveQuery => ({ kind: "table", table, query: q0 })),
  { kind: "pivot", source: "statement", query: q0, pivot: q0 } as unknown as LiveQuery,
  ...TABLE_NAMES.map((source) => ({ kind: "pivot", source, query: q0, pivot: q0 }) as unknown as LiveQuery)
]
const SOURCES = ["statement", ...TABLE_NAMES] as const

describe("workers/pace.ts holdMs (P6, issue 33 item 1)", () => {
  it("sourceOf names the projection each big-list query reads, and none for the others", () => {
    expect(QUERIES.map((q) => sourceOf(q))).toEqual([null, null, null, "statement", "statement", ...TABLE_NAMES, "statement", ...TABLE_NAMES])
  })

  it("waits only for the progress, or for a big list whose projection a pull is filling, and never past its spacing", () => {
    const r = new Prng(33)
    for (let i = 0; i < 5000; i++) {
      const q = r.pick(QUERIES)
      const sentAt = r.chance(0.2) ? undefined : r.next() * 10_000
      const since = r.next() * 600
      const pulling = SOURCES.filter(() => r.chance(0.4))
      const now = (sentAt ?? 0) + since
      const got = holdMs(q, sentAt, now, (s) => pulling.includes(s))
      // the rule, stated plainly
      let every = 0
      if (q.kind === "syncProgress") every = PROGRESS_EVERY_MS
      else if (q.kind === "statements" || q.kind === "statementSeries") every = pulling.includes("statement") ? PULLED_EVERY_MS : 0
      else if (q.kind === "table") every = pulling.includes(q.table) ? PULLED_EVERY_MS : 0
      else if (q.kind === "pivot") every = pulling.includes(q.source) ? PULLED_EVERY_MS : 0
      const want = sentAt === undefined ? 0 : Math.max(0, every - since)
      expect(got).toBeCloseTo(want, 6)
    }
  })

  it("a query never answered is answered at once, even while its table is pulled", () => {
    for (const q of QUERIES) expect(holdMs(q, undefined, 5, () => true)).toBe(0)
  })
})
