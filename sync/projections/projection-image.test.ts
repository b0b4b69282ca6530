/**
 * sync/SPEC.md S6 (reopen from an image): a projection written to an image, cloned the way
 * IndexedDB clones it (structuredClone) and read back answers every query exactly like the one
 * it came from — and keeps doing so after the same writes on both. An image of another layout
 * or a damaged one is refused (null), never half-used.
 */
import { describe, expect, it } from "vitest"
import type { StatementEntry } from "../../schema/entities.ts"
import { benchmarkQueries } from "../../tests/support/bench-queries.ts"
import { StatementProjection, type StatementQueryResult } from "./statement-projection.ts"
import { generateRows, Prng } from "../../tests/support/test-rows.ts"

const DAY = 86_400_000
const start = Date.UTC(2024, 0, 1, 3)
const strip = (r: StatementQueryResult) => {
  const { tookMs: _t, ...rest } = r
  return rest
}

const build = (rows: ReadonlyArray<StatementEntry>, optimize: boolean): StatementProjection => {
  const p = new StatementProjection()
  for (let i = 0; i < rows.length; i += 997) p.upsertMany(rows.slice(i, i + 997))
  if (optimize) p.optimize()
  return p
}

describe("S6 projection image", () => {
  const { rows, walletIds } = generateRows(30_000, { seed: 11, wallets: 4, order: "shuffled", start, spanDays: 730 })
  const queries = benchmarkQueries({ walletIds, samples: rows.filter((_, i) => i % 400 === 0), start, now: start + 730 * DAY })

  for (const optimize of [true, false]) {
    it(`S6 an image read back answers all 50 benchmark queries like the original (optimized: ${optimize})`, () => {
      const a = build(rows, optimize)
      const b = StatementProjection.fromImage(structuredClone(a.toImage()))
      expect(b).not.toBeNull()
      if (!b) return
      expect(b.size).toBe(a.size)
      for (const q of queries) expect(strip(b.query(q)), JSON.stringify(q)).toEqual(strip(a.query(q)))
      const series = (p: StatementProjection) => {
        const { tookMs: _t, ...rest } = p.series({ walletIds: [walletIds[0] as string] }, "month")
        return rest
      }
      expect(series(b)).toEqual(series(a))
    })
  }

  it("S6 after the same upserts, updates and removals, original and read-back stay identical", () => {
    const a = build(rows, true)
    const b = StatementProjection.fromImage(structuredClone(a.toImage()))
    expect(b).not.toBeNull()
    if (!b) return
    const g = new Prng(5)
    const more = generateRows(5_000, { seed: 12, wallets: 4, start: start + 700 * DAY, spanDays: 60 }).rows
    const updates = rows
      .filter(() => g.next() < 0.02)
      .map((r) => ({ ...r, status: "failed" as const, updated_at: new Date(Date.parse(r.updated_at) + 60_000).toISOString() }))
    const removed = rows.filter(() => g.next() < 0.01).map((r) => r.id)
    for (const p of [a, b]) {
      p.upsertMany(more)
      p.upsertMany(updates)
      p.remove(removed)
    }
    expect(b.size).toBe(a.size)
    for (const q of queries) expect(strip(b.query(q)), JSON.stringify(q)).toEqual(strip(a.query(q)))
    const someId = updates[0]?.id ?? ""
    expect(b.get(someId)).toEqual(a.get(someId))
  })

  it("S6 an image of another layout, or damaged, is refused", () => {
    const a = build(rows.slice(0, 3000), true)
    const img = structuredClone(a.toImage())
    expect(StatementProjection.fromImage({ ...img, shape: "v0|old" })).toBeNull()
    expect(StatementProjection.fromImage({ ...img, fields: { ...img.fields, liveRows: 2999 } })).toBeNull()
    expect(StatementProjection.fromImage({ ...img, fields: { ...img.fields, amount: new Float64Array(3) } })).toBeNull()
    const { ids: _ids, ...withoutIds } = img.fields
    expect(StatementProjection.fromImage({ ...img, fields: withoutIds })).toBeNull()
    expect(StatementProjection.fromImage(null)).toBeNull()
    expect(StatementProjection.fromImage("image")).toBeNull()
  })
})
