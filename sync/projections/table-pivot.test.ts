/**
 * The pivot of a table projection (issue 32 item 4 "Analysis across wallets": pivot, top
 * counterparties, this period against the previous one; sync/SPEC.md Q11) against the naive pivot
 * of tests/support/naive-table.ts, over generated statement rows across three wallets and gateway
 * transactions across three wallets: random filters × every row and column dimension, both plans
 * (direct cells and two walks), rows loaded out of order, before and after optimize(), after
 * updates and removals.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { gatewayRows } from "../../sandbox/areas/gateway/rows.ts"
import type { StatementEntry } from "../../schema/entities.ts"
import { GATEWAY_KINDS, GATEWAY_STATUSES, gatewayTable, type GatewayTransaction } from "../../schema/tables/gateway.ts"
import { statementTable } from "../../schema/tables/statement.ts"
import { NaiveTable } from "../../tests/support/naive-table.ts"
import { generateRows } from "../../tests/support/test-rows.ts"
import { firstInOrder, PIVOT_COL_DIMS, PIVOT_ROW_DIMS, type PivotSpec } from "./table-pivot.ts"
import { TableProjection, type TableQuery } from "./table-projection.ts"

const DAY = 86_400_000
const strip = <T extends { tookMs: number }>(r: T): Omit<T, "tookMs"> => {
  const { tookMs: _t, ...rest } = r
  return rest
}

const statementSetup = (seed: number) => {
  const start = Date.parse("2025-01-01T03:00:00.000Z")
  const { rows, walletIds } = generateRows(8_000, { seed, order: "shuffled", wallets: 3, counterparties: 400, start, spanDays: 400 })
  const p = new TableProjection<StatementEntry>(statementTable)
  const n = new NaiveTable<StatementEntry>(statementTable)
  for (let i = 0; i < rows.length; i += 900) {
    p.upsertMany(rows.slice(i, i + 900))
    n.upsertMany(rows.slice(i, i + 900))
  }
  return { rows, walletIds, p, n, start, end: start + 400 * DAY }
}

const statementQuery = (
  g: Prng,
  rows: ReadonlyArray<StatementEntry>,
  walletIds: ReadonlyArray<string>,
  start: number,
  end: number,
  period: boolean
): TableQuery => {
  const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {}
  if (g.chance(0.6)) q.walletIds = walletIds.filter(() => g.chance(0.6))
  if (g.chance(0.3)) q.types = [g.pick(rows).type, g.pick(rows).type]
  if (g.chance(0.2)) q.statuses = ["completed"]
  if (g.chance(0.3)) q.direction = g.pick(["in", "out"] as const)
  if (g.chance(0.6)) q.currency = "BRL"
  if (period || g.chance(0.5)) {
    q.from = start + g.int(0, 380) * DAY + g.int(0, DAY)
    q.to = Math.min(end + DAY, q.from + g.int(1, 120) * DAY)
  }
  if (g.chance(0.2)) q.minAmount = g.int(0, 50_000)
  if (g.chance(0.1)) q.maxAmount = g.int(50_000, 500_000)
  if (g.chance(0.3)) {
    const r = g.pick(rows)
    q.text = g.pick([r.counterparty_name.split(" ")[0] ?? "a", r.description.slice(0, 5), r.id.slice(0, 6), r.counterparty_document.slice(0, 5), "zzzz-none"])
  }
  return q
}

const randomSpec = (g: Prng): PivotSpec => ({
  rows: g.pick(PIVOT_ROW_DIMS),
  cols: g.pick(PIVOT_COL_DIMS.filter((c) => c !== "period")),
  ...(g.chance(0.5) ? { rowLimit: g.int(1, 40) } : {})
})

describe("issue 32 item 4: pivot across wallets (sync/SPEC.md Q11) against the naive pivot", () => {
  it("Q11 statement rows across 3 wallets: 160 random filters × row/column dimensions equal the naive pivot, before and after optimize()", () => {
    const { rows, walletIds, p, n, start, end } = statementSetup(32)
    const g = new Prng(324)
    let listed = 0
    for (let i = 0; i < 160; i++) {
      if (i === 80) p.optimize()
      const q = statementQuery(g, rows, walletIds, start, end, false)
      const spec = randomSpec(g)
      const got = p.pivot(q, spec)
      expect(strip(got), `${JSON.stringify(q)} ${JSON.stringify(spec)}`).toEqual(n.pivot(q, spec))
      if (got.lines.length > 1 && got.columns.length > 1) listed++
    }
    // not vacuous: most filters give a pivot of several rows and columns
    expect(listed).toBeGreaterThan(60)
  })

  it("Q11 the two-walk plan (many row keys × columns) equals the naive pivot and the direct plan", () => {
    const { rows, walletIds, p, n, start, end } = statementSetup(33)
    p.optimize()
    const g = new Prng(331)
    for (let i = 0; i < 60; i++) {
      const q = statementQuery(g, rows, walletIds, start, end, false)
      const spec = { ...randomSpec(g), cellCap: 8 }
      const want = n.pivot(q, spec)
      expect(strip(p.pivot(q, spec)), `${JSON.stringify(q)} ${JSON.stringify(spec)}`).toEqual(want)
      const { cellCap: _c, ...direct } = spec
      expect(strip(p.pivot(q, direct))).toEqual(want)
    }
  })

  it("Q11 top counterparties: rows by volume, the rest summed as others; every count adds up to the filter's total", () => {
    const { rows, walletIds, p, n, start, end } = statementSetup(34)
    const g = new Prng(341)
    for (let i = 0; i < 80; i++) {
      const q = statementQuery(g, rows, walletIds, start, end, false)
      const spec: PivotSpec = { rows: "counterparty", cols: "none", rowLimit: 10 }
      const got = p.pivot(q, spec)
      expect(strip(got), JSON.stringify(q)).toEqual(n.pivot(q, spec))
      const listed = got.lines.reduce((a, l) => a + l.count, 0) + (got.others?.count ?? 0)
      expect(listed).toBe(p.query({ ...q, limit: 0 }).total)
      for (let k = 1; k < got.lines.length; k++) {
        const a = got.lines[k - 1]!
        const b = got.lines[k]!
        expect(a.sumIn + a.sumOut).toBeGreaterThanOrEqual(b.sumIn + b.sumOut)
      }
    }
  })

  it("Q11 this period against the previous one of the same length: per row, both periods equal the naive pivot", () => {
    const { rows, walletIds, p, n, start, end } = statementSetup(35)
    p.optimize()
    const g = new Prng(351)
    for (let i = 0; i < 150; i++) {
      const q = statementQuery(g, rows, walletIds, start, end, true)
      const spec: PivotSpec = { rows: g.pick(["counterparty", "type", "wallet"] as const), cols: "period", rowLimit: g.int(5, 60) }
      const got = p.pivot(q, spec)
      expect(strip(got), JSON.stringify(q)).toEqual(n.pivot(q, spec))
      expect(got.period).toEqual({ prevFrom: q.from! - (q.to! - q.from!), from: q.from, to: q.to })
      // the current period's column is the filter's own total
      expect(got.total.cells[3]).toBe(p.query({ ...q, limit: 0 }).total)
    }
    // no period: no comparison, nothing listed
    expect(p.pivot({}, { rows: "type", cols: "period" }).lines).toEqual([])
  })

  it("Q11 after updates, stale updates and removals the pivot follows the rows", () => {
    const { rows, walletIds, p, n, start, end } = statementSetup(36)
    p.optimize()
    const g = new Prng(361)
    for (let round = 0; round < 6; round++) {
      const changed = Array.from({ length: 300 }, () => {
        const r = g.pick(rows)
        return {
          ...r,
          amount: r.amount + g.int(1, 999),
          status: g.pick(["completed", "failed", "pending"] as const),
          updated_at: new Date(Date.parse(r.updated_at) + 1000 * (round + 1)).toISOString()
        }
      })
      p.upsertMany(changed)
      n.upsertMany(changed)
      const gone = Array.from({ length: 100 }, () => g.pick(rows).id)
      p.remove(gone)
      n.remove(gone)
      for (let i = 0; i < 20; i++) {
        const q = statementQuery(g, rows, walletIds, start, end, false)
        const spec = randomSpec(g)
        expect(strip(p.pivot(q, spec)), `${JSON.stringify(q)} ${JSON.stringify(spec)}`).toEqual(n.pivot(q, spec))
      }
    }
  })

  it("Q11 gateway transactions across 3 wallets: random filters × dimensions (kind as type) equal the naive pivot", () => {
    const NOW = Date.parse("2026-11-20T15:00:00.000Z")
    const WALLETS = ["w-matrix", "w-branch-1", "w-branch-2"]
    const g = new Prng(3216)
    const rows = WALLETS.flatMap((w) => gatewayRows(g, w, 1500, NOW, 120))
    const p = new TableProjection<GatewayTransaction>(gatewayTable)
    const n = new NaiveTable<GatewayTransaction>(gatewayTable)
    p.upsertMany(rows)
    n.upsertMany(rows)
    p.optimize()
    for (let i = 0; i < 200; i++) {
      const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {}
      if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.5))
      if (g.chance(0.3)) q.types = GATEWAY_KINDS.filter(() => g.chance(0.5))
      if (g.chance(0.3)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.3))
      const period = g.chance(0.3)
      if (period || g.chance(0.4)) {
        q.from = NOW - g.int(1, 60) * DAY
        q.to = q.from + g.int(1, 30) * DAY
      }
      if (g.chance(0.3)) q.text = g.pick([g.pick(rows).counterparty_name.split(" ")[0] ?? "a", "ltda", g.pick(rows).reference.slice(0, 6)])
      const spec: PivotSpec = period ? { rows: g.pick(["counterparty", "type", "wallet"] as const), cols: "period" } : randomSpec(g)
      expect(strip(p.pivot(q, spec)), `${JSON.stringify(q)} ${JSON.stringify(spec)}`).toEqual(n.pivot(q, spec))
    }
  })
})

describe("D-analysis-views the listed rows are selected, not every key sorted", () => {
  it("Q11 firstInOrder gives the k first of a total order, in order, as the full sort's first k (ties broken by key)", () => {
    const g = new Prng(32_4)
    for (let round = 0; round < 300; round++) {
      const n = g.int(0, 400)
      const items = Array.from({ length: n }, (_, i) => i)
      const weight = items.map(() => g.int(0, 12)) // many ties
      const before = (x: number, y: number): number => (weight[y] as number) - (weight[x] as number) || x - y
      const k = g.int(0, 60)
      const shuffled = [...items]
      for (let i = n - 1; i > 0; i--) {
        const j = g.int(0, i)
        ;[shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number]
      }
      expect(firstInOrder(shuffled, k, before)).toEqual([...items].sort(before).slice(0, k))
    }
  })
})
