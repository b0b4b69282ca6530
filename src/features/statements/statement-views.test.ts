/**
 * The pure parts of /banking/statements (features §2, §5; core §9; issue 5): the filter → worker
 * query with its problems, the grouped table's row positions, the chart series, pending
 * command effects as rows.
 */
import { describe, expect, it } from "vitest"
import type { CommandView, GroupTotals } from "../../../workers/results.ts"
import { chartPoints } from "./chart-series.ts"
import { dataIndexFrom, headerIndexes, slotAt } from "../../ui/table-groups.ts"
import { matchesFilter, pendingRowsOf } from "./pending-rows.ts"
import { buildQuery, emptyFilter } from "./statement-filter.ts"

const NOW = Date.parse("2026-11-25T15:00:00.000Z")
const g = (key: string, count: number, sumIn = 0, sumOut = 0): GroupTotals => ({ key, count, sumIn, sumOut })

describe("statement filter → worker query (features §5, core §9)", () => {
  it("an untouched filter asks the selected wallets in BRL, all time", () => {
    expect(buildQuery(emptyFilter(["w1"]), NOW)).toEqual({ query: { walletIds: ["w1"], currency: "BRL" }, range: null, problems: {} })
  })
  it("text, preset, type, status, direction and amounts in cents", () => {
    const b = buildQuery(
      {
        ...emptyFilter(["w1", "w2"]),
        text: "  Spotify ",
        preset: "today",
        type: "PIX_OUT",
        status: "completed",
        direction: "out",
        minText: "10,00",
        maxText: "1.000,50"
      },
      NOW
    )
    expect(b.query).toEqual({
      walletIds: ["w1", "w2"],
      text: "Spotify",
      from: Date.parse("2026-11-25T03:00:00.000Z"),
      to: Date.parse("2026-11-26T03:00:00.000Z"),
      types: ["PIX_OUT"],
      statuses: ["completed"],
      direction: "out",
      currency: "BRL",
      minAmount: 1_000,
      maxAmount: 100_050
    })
  })
  it("a reversed custom range is reported and left out; what was typed stays", () => {
    const f = { ...emptyFilter(["w1"]), preset: "custom" as const, customStart: "2026-11-10", customEnd: "2026-11-01" }
    const b = buildQuery(f, NOW)
    expect(b.problems.date).toBe("validation:VALIDATION_DATE_RANGE")
    expect(b.query.from).toBeUndefined()
    expect(f.customStart).toBe("2026-11-10")
  })
  it("a custom range includes its last day", () => {
    const b = buildQuery({ ...emptyFilter(["w1"]), preset: "custom", customStart: "2026-11-01", customEnd: "2026-11-01" }, NOW)
    expect(b.query.to! - b.query.from!).toBe(86_400_000)
  })
  it("amounts: not money, or min above max, are reported; only for BRL", () => {
    expect(buildQuery({ ...emptyFilter(["w1"]), minText: "10.5" }, NOW).problems.min).toBe("validation:VALIDATION_MONEY")
    const rev = buildQuery({ ...emptyFilter(["w1"]), minText: "20,00", maxText: "10,00" }, NOW)
    expect(rev.problems.max).toBe("statements:filters.amountRangeError")
    expect(rev.query.minAmount).toBeUndefined()
    expect(buildQuery({ ...emptyFilter(["w1"]), currency: "BTC", minText: "20,00" }, NOW).query.minAmount).toBeUndefined()
  })
  it("every currency: no currency in the query", () => {
    expect(buildQuery({ ...emptyFilter(["w1"]), currency: "" }, NOW).query.currency).toBeUndefined()
  })
})

describe("grouped table positions (issue 5 grouping by day)", () => {
  const groups = [g("2026-11-25", 2), g("2026-11-24", 1), g("2026-11-20", 3)]
  const starts = headerIndexes(groups)
  it("a header before each day's rows", () => {
    expect([...(starts ?? [])]).toEqual([0, 3, 5])
    expect([0, 1, 2, 3, 4, 5, 6, 8].map((d) => slotAt(starts, d))).toEqual([
      { kind: "group", group: 0 },
      { kind: "row", index: 0 },
      { kind: "row", index: 1 },
      { kind: "group", group: 1 },
      { kind: "row", index: 2 },
      { kind: "group", group: 2 },
      { kind: "row", index: 3 },
      { kind: "row", index: 5 }
    ])
  })
  it("the data row shown at or after a position", () => {
    expect(dataIndexFrom(starts, 3)).toBe(2)
    expect(dataIndexFrom(starts, 4)).toBe(2)
    expect(dataIndexFrom(null, 7)).toBe(7)
  })
  it("a million rows in 365 days: positions by binary search", () => {
    const many = Array.from({ length: 365 }, (_, i) => g(`d${i}`, 2740))
    const st = headerIndexes(many)
    expect(slotAt(st, 364 * 2741)).toEqual({ kind: "group", group: 364 })
    expect(slotAt(st, 364 * 2741 + 2740)).toEqual({ kind: "row", index: 364 * 2740 + 2739 })
  })
})

describe("chart points (issue 5 chart of the balance and in/out per day)", () => {
  const pt = (key: string, sumIn: number, sumOut: number, balance: number | null) => ({ key, from: 0, sumIn, sumOut, net: sumIn - sumOut, balance })
  it("days keep the worker's order and values, labelled DD/MM; an unknown balance stays null", () => {
    const s = chartPoints({ unit: "day", currency: "BRL", tookMs: 1, points: [pt("2026-11-01", 1_000, 300, null), pt("2026-11-02", 0, 0, 700)] })
    expect(s.map((p) => [p.key, p.label, p.sumIn, p.sumOut, p.balance])).toEqual([
      ["2026-11-01", "01/11", 1_000, 300, null],
      ["2026-11-02", "02/11", 0, 0, 700]
    ])
  })
  it("months are labelled MM/YYYY", () => {
    const s = chartPoints({ unit: "month", currency: "BRL", tookMs: 1, points: [pt("2026-11", 100, 50, 5_000)] })
    expect(s[0]).toMatchObject({ key: "2026-11", label: "11/2026", balance: 5_000 })
  })
})

describe("pending command effects as rows (DESIGN Commands)", () => {
  // the engine sends an open command with the rows its definition makes (sync/commands/coins.ts)
  const row = (key: string, type: string, direction: "in" | "out", currency: string, amount: number, wallet: string) => ({
    id: `c:${key}`,
    wallet_id: wallet,
    operation_id: "c",
    created_at: "2026-11-25T15:00:00.000Z",
    updated_at: "2026-11-25T15:00:00.000Z",
    type,
    direction,
    status: "pending",
    currency_symbol: currency,
    amount,
    balance_after: 0,
    description: "BRL → BTC",
    counterparty_name: "",
    counterparty_document: "",
    end_to_end_id: null,
    transaction_uuid: "c",
    pending: true
  })
  const cmd = (state: CommandView["state"], wallet = "w1"): CommandView => ({
    id: `c-${state}`,
    wallet_id: wallet,
    state,
    created_at: "2026-11-25T15:00:00.000Z",
    body: {
      name: "v1.coins.convert",
      payload: { quote_id: "q", side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 10_000, expected_to_amount: 18_022 }
    },
    pendingRows: [row("out", "CONVERSION_OUT", "out", "BRL", 10_000, wallet), row("in", "CONVERSION_IN", "in", "BTC", 18_022, wallet)]
  })
  it("an open conversion shows its two movements, pending", () => {
    const rows = pendingRowsOf([cmd("awaiting-pin")], ["w1"])
    expect(rows.map((r) => [r.type, r.direction, r.currency_symbol, r.amount, r.pending])).toEqual([
      ["CONVERSION_OUT", "out", "BRL", 10_000, true],
      ["CONVERSION_IN", "in", "BTC", 18_022, true]
    ])
  })
  it("they follow the filter's currency, direction and type", () => {
    const rows = pendingRowsOf([cmd("sending")], ["w1"])
    expect(rows.filter((r) => matchesFilter(r, { currency: "BRL" })).map((r) => r.type)).toEqual(["CONVERSION_OUT"])
    expect(rows.filter((r) => matchesFilter(r, { direction: "in" })).map((r) => r.type)).toEqual(["CONVERSION_IN"])
    expect(rows.filter((r) => matchesFilter(r, { types: ["PIX_OUT"] }))).toEqual([])
  })
  it("finished commands and other wallets' commands do not", () => {
    expect(pendingRowsOf([cmd("confirmed"), cmd("cancelled"), cmd("rejected"), cmd("sending", "w2")], ["w1"])).toEqual([])
  })
})
