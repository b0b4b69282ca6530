/**
 * The per day × code series of a table projection (issue 31 item 4 "gateway metrics as charts:
 * volume and count by day, by status; fees and seller share"; table-series.ts codeSeries): over
 * generated gateway rows in three wallets, random filters answer exactly like the naive reference's
 * matching rows bucketed by São Paulo day and code by hand — count, amount of every status, fee and
 * seller share — and follow writes (a new deposit, a status change, a removal) at once.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { gatewayRow, gatewayRows } from "../../sandbox/areas/gateway/rows.ts"
import { spDayIndex, spDayKey, spDayStart } from "../../schema/sao-paulo-time.ts"
import { GATEWAY_KINDS, GATEWAY_STATUSES, gatewayTable, type GatewayTransaction } from "../../schema/tables/gateway.ts"
import { NaiveTable } from "../../tests/support/naive-table.ts"
import { TableProjection, type TableCodeSeries, type TableQuery } from "./table-projection.ts"

const NOW = Date.parse("2026-11-20T15:00:00.000Z")
const DAY = 86_400_000
const WALLETS = ["w-matrix", "w-branch-1", "w-branch-2"]

type Cells = Map<string, { count: number; amount: number; fee: number; seller: number }>

/** The series as cells "day|key" with anything in them. */
const cellsOf = (x: TableCodeSeries): Cells => {
  const m: Cells = new Map()
  const w = x.keys.length
  x.days.forEach((d, i) =>
    x.keys.forEach((k, j) => {
      const c = i * w + j
      if ((x.count[c] ?? 0) > 0)
        m.set(`${d}|${k}`, { count: x.count[c] ?? 0, amount: x.amount[c] ?? 0, fee: x.ints["fee"]?.[c] ?? 0, seller: x.ints["seller_share"]?.[c] ?? 0 })
    })
  )
  return m
}

/** The naive answer: the reference's matching rows, bucketed by hand. */
const naiveCells = (n: NaiveTable<GatewayTransaction>, q: TableQuery): Cells => {
  const rows = n.query({ ...q, offset: 0, limit: 10_000, groupBy: "none" }).rows
  const m: Cells = new Map()
  for (const r of rows) {
    const k = `${spDayKey(spDayIndex(Date.parse(r.created_at)))}|${r.kind}|${r.status}|${r.direction}|${r.currency_symbol}`
    const c = m.get(k) ?? { count: 0, amount: 0, fee: 0, seller: 0 }
    m.set(k, { count: c.count + 1, amount: c.amount + r.value, fee: c.fee + r.fee, seller: c.seller + r.seller_share })
  }
  return m
}

const randomQuery = (g: Prng, rows: ReadonlyArray<GatewayTransaction>): TableQuery => {
  const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {}
  if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.5))
  if (g.chance(0.3)) q.types = GATEWAY_KINDS.filter(() => g.chance(0.5))
  if (g.chance(0.3)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.3))
  if (g.chance(0.7)) {
    q.from = NOW - g.int(1, 60) * DAY - g.int(0, DAY)
    q.to = q.from + g.int(1, 31) * DAY
  }
  if (g.chance(0.2)) q.minAmount = g.int(0, 20_000)
  if (g.chance(0.2)) q.text = g.pick([g.pick(rows).reference, "silva", "ltda", g.pick(rows).counterparty_document.slice(0, 6)])
  return q
}

describe("issue 31 item 4 the gateway metrics' per day × status series (table-series.ts codeSeries)", () => {
  const g = new Prng(314)
  const rows = WALLETS.flatMap((w) => gatewayRows(g, w, 900, NOW, 60))
  const p = new TableProjection<GatewayTransaction>(gatewayTable)
  const n = new NaiveTable<GatewayTransaction>(gatewayTable)
  p.upsertMany(rows)
  n.upsertMany(rows)

  it("issue 31 item 4: random filters (wallets, kinds, statuses, period, amount, text) give the naive reference's count, amount, fee and seller share per day and code", () => {
    for (let i = 0; i < 120; i++) {
      const q = randomQuery(g, rows)
      const got = p.codeSeries(q)
      expect(cellsOf(got), JSON.stringify(q)).toEqual(naiveCells(n, q))
      // days run over the whole period asked, empty ones included, one after the other
      if (q.from !== undefined && q.to !== undefined && !(q.walletIds?.length === 0)) {
        expect(got.days[0]).toBe(spDayKey(spDayIndex(q.from)))
        expect(got.days.at(-1)).toBe(spDayKey(spDayIndex(q.to - 1)))
      }
      expect(got.count.length).toBe(got.days.length * got.keys.length)
    }
  })

  it("issue 31 item 4 live: a new deposit, a status change and a removal move the series at once", () => {
    const q: TableQuery = { walletIds: ["w-branch-1"], from: NOW - 30 * DAY, to: NOW + DAY }
    const before = cellsOf(p.codeSeries(q))
    const fresh = { ...gatewayRow(g, { walletId: "w-branch-1", createdAt: NOW - 1000, kind: "deposit", status: "paid", seq: 99_999 }) }
    p.upsertMany([fresh])
    n.upsertMany([fresh])
    const after = cellsOf(p.codeSeries(q))
    expect(after).toEqual(naiveCells(n, q))
    expect(after).not.toEqual(before)
    const changed = { ...fresh, status: "failed" as const, updated_at: new Date(NOW + 5000).toISOString() }
    p.upsertMany([changed])
    n.upsertMany([changed])
    expect(cellsOf(p.codeSeries(q))).toEqual(naiveCells(n, q))
    p.remove([fresh.id])
    n.remove([fresh.id])
    expect(cellsOf(p.codeSeries(q))).toEqual(before)
  })

  it("issue 31 item 4: wallets and whole São Paulo days only (the metrics page's filter) are answered from the day × code totals, equal to the rows' walk and the naive reference, through writes", () => {
    const h = new Prng(315)
    for (let i = 0; i < 80; i++) {
      const day0 = spDayIndex(NOW) - h.int(0, 70)
      const q: TableQuery = {
        ...(h.chance(0.7) ? { walletIds: WALLETS.filter(() => h.chance(0.5)) } : {}),
        from: spDayStart(day0),
        to: spDayStart(day0 + h.int(1, 45))
      }
      const got = p.codeSeries(q)
      expect(cellsOf(got), JSON.stringify(q)).toEqual(naiveCells(n, q))
      // the same answer as the walk (a filter that only the walk takes: amounts from 0, which every row passes)
      const walked = p.codeSeries({ ...q, minAmount: 0 })
      expect({ ...got, tookMs: 0 }).toEqual({ ...walked, tookMs: 0 })
      // a write now and then: the totals follow it
      if (i % 10 === 9) {
        const w = h.pick(WALLETS)
        const row = { ...gatewayRow(h, { walletId: w, createdAt: spDayStart(day0) + h.int(0, DAY - 1), seq: 100_000 + i }) }
        p.upsertMany([row])
        n.upsertMany([row])
      }
    }
  })

  it("issue 31 item 4: nothing matching over an open period gives no days; over a given one, its empty days", () => {
    expect(p.codeSeries({ walletIds: ["nope"] }).days).toEqual([])
    const empty = p.codeSeries({ text: "zzzz-no-such-thing", from: NOW - 3 * DAY, to: NOW })
    expect(empty.keys).toEqual([])
    expect(empty.days.length).toBeGreaterThanOrEqual(3)
  })
})
