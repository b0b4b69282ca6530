/**
 * The pure parts of the analysis across wallets (issue 32 item 4): the view's state in the URL and back
 * (bad values fall back, nothing throws), the wallets a member may not read dropped and counted (the
 * item's bad input), the periods in São Paulo days (core §9), the top counterparties' shares, this period
 * against the previous one, and the pivot's CSV in pt and en (EX1's rules, EX3's decimals).
 */
import { describe, expect, it } from "vitest"
import type { PivotResultView } from "../../../schema/analysis.ts"
import { decimalOf, periodChanges, pivotCsv, topShares } from "./analysis-math.ts"
import { defaultState, keepReadable, paramsOf, periodRange, queryOf, stateFromParams } from "./view-state.ts"

const NOW = Date.parse("2026-11-27T15:00:00.000Z") // 27/11/2026 12:00 in São Paulo
const line = (key: string, cells: number[], label?: string) => ({
  key,
  ...(label ? { label } : {}),
  count: cells.filter((_, i) => i % 3 === 0).reduce((a, b) => a + b, 0),
  sumIn: cells.filter((_, i) => i % 3 === 1).reduce((a, b) => a + b, 0),
  sumOut: cells.filter((_, i) => i % 3 === 2).reduce((a, b) => a + b, 0),
  cells
})

describe("issue 32 item 4: the analysis view in the URL", () => {
  it("a state goes to search params and comes back equal", () => {
    const st = {
      ...defaultState("statement", ["w1"]),
      walletIds: ["w1", "w2"],
      period: "custom" as const,
      start: "2026-10-01",
      end: "2026-10-31",
      text: "Mercado",
      types: ["PIX_IN"],
      direction: "in" as const,
      rows: "type" as const,
      cols: "wallet" as const,
      measure: "count" as const
    }
    const back = stateFromParams("statement", new URLSearchParams(paramsOf(st, { id: "v1", name: "Mensal" }).toString()), ["w9"])
    expect(back).toEqual(st)
  })
  it("bad or unknown values fall back to the defaults; no wallet: the member's own", () => {
    const st = stateFromParams("gateway", new URLSearchParams("p=forever&r=nope&c=x&m=%3Cscript%3E&from=2026-13-99&d=sideways"), ["g1", "g2"])
    expect(st).toEqual(defaultState("gateway", ["g1", "g2"]))
  })
  it("bad input: wallets the member may not read are dropped and counted; none left, their own default", () => {
    const st = { ...defaultState("statement", []), walletIds: ["a", "gone", "b"] }
    expect(keepReadable(st, ["a", "b", "c"], ["c"])).toEqual({ state: { ...st, walletIds: ["a", "b"] }, dropped: 1 })
    expect(keepReadable({ ...st, walletIds: ["x", "y"] }, ["a"], ["a"])).toEqual({ state: { ...st, walletIds: ["a"] }, dropped: 2 })
    expect(keepReadable(st, ["a", "gone", "b"], ["a"]).dropped).toBe(0)
  })
})

describe("issue 32 item 4: periods in São Paulo days (core §9)", () => {
  const day = (iso: string) => Date.parse(`${iso}T03:00:00.000Z`)
  it("last 30 days end at the start of tomorrow; this and last month; 12 months from the first of a month", () => {
    expect(periodRange({ period: "30d" }, NOW).range).toEqual({ from: day("2026-10-29"), to: day("2026-11-28") })
    expect(periodRange({ period: "thisMonth" }, NOW).range).toEqual({ from: day("2026-11-01"), to: day("2026-11-28") })
    expect(periodRange({ period: "lastMonth" }, NOW).range).toEqual({ from: day("2026-10-01"), to: day("2026-11-01") })
    expect(periodRange({ period: "12m" }, NOW).range).toEqual({ from: day("2025-12-01"), to: day("2026-11-28") })
    expect(periodRange({ period: "all" }, NOW).range).toBeNull()
  })
  it("a custom range includes its last day; a reversed one is refused with its message", () => {
    expect(periodRange({ period: "custom", start: "2026-11-01", end: "2026-11-01" }, NOW).range).toEqual({ from: day("2026-11-01"), to: day("2026-11-02") })
    expect(periodRange({ period: "custom", start: "2026-11-10", end: "2026-11-01" }, NOW)).toEqual({ range: null, problem: "validation:VALIDATION_DATE_RANGE" })
    expect(periodRange({ period: "custom" }, NOW).problem).toBe("validation:VALIDATION_DATE")
  })
  it("the worker query carries the wallets, the period and the filters", () => {
    const st = { ...defaultState("statement", ["w1"]), text: " Azul ", direction: "out" as const }
    expect(queryOf(st, { from: 1, to: 2 })).toEqual({ walletIds: ["w1"], from: 1, to: 2, text: "Azul", direction: "out", currency: "BRL" })
  })
})

describe("issue 32 item 4: top counterparties, the period comparison, the CSV", () => {
  const pivot: PivotResultView = {
    rows: "counterparty",
    cols: "month",
    columns: ["2026-10", "2026-11"],
    lines: [line("123", [2, 10_050, 0, 1, 0, 2_500], '=Mercado; "Azul"'), line("Loja", [0, 0, 0, 1, 500, 0], "Loja")],
    others: line("", [1, 0, 99, 0, 0, 0]),
    omitted: 3,
    total: line("", [3, 10_050, 99, 2, 500, 2_500]),
    tookMs: 1,
    loadedRows: 10
  }
  it("shares of the volume (in + out) of every matching row", () => {
    const s = topShares({ ...pivot, cols: "none" })
    const volume = 10_050 + 99 + 500 + 2_500
    expect(s.map((x) => x.share)).toEqual([(10_050 + 2_500) / volume, 500 / volume])
  })
  it("this period against the previous one: the change per row, a ratio only where the previous is not 0", () => {
    const r = periodChanges({ ...pivot, cols: "period", columns: ["previous", "current"] }, "net")
    expect(r.rows.map((c) => [c.key, c.delta, c.ratio])).toEqual([
      ["123", -2_500 - 10_050, (-2_500 - 10_050) / 10_050],
      ["Loja", 500, null]
    ])
    expect(r.total.delta).toBe(500 - 2_500 - (10_050 - 99))
  })
  it("EX3 decimals from minor units by strings", () => {
    expect([decimalOf(10_050, 2, ","), decimalOf(-5, 2, "."), decimalOf(0, 2, ","), decimalOf(123_456_789, 8, ".")]).toEqual([
      "100,50",
      "-0.05",
      "0,00",
      "1.23456789"
    ])
  })
  it("EX1 the pivot as CSV: pt with ; and decimal comma, en with , and point; BOM, CRLF, quoting, the formula guard", () => {
    const labels = {
      rowHeader: "Contraparte",
      row: (l: { label?: string; key: string }) => l.label ?? l.key,
      column: (k: string) => `${k.slice(5)}/${k.slice(0, 4)}`,
      measure: (m: string) => m,
      others: "3 outras",
      total: "Total"
    }
    const pt = pivotCsv(pivot, labels, "pt", 2)
    expect(pt.startsWith("\uFEFF")).toBe(true)
    const rows = pt.slice(1).split("\r\n")
    expect(rows[0]).toBe(
      "Contraparte;10/2026 · count;10/2026 · in;10/2026 · out;10/2026 · net;11/2026 · count;11/2026 · in;11/2026 · out;11/2026 · net;Total · count;Total · in;Total · out;Total · net"
    )
    expect(rows[1]).toBe(`"'=Mercado; ""Azul"""` + ";2;100,50;0,00;100,50;1;0,00;25,00;-25,00;3;100,50;25,00;75,50")
    expect(rows[3]).toBe("3 outras;1;0,00;0,99;-0,99;0;0,00;0,00;0,00;1;0,00;0,99;-0,99")
    expect(rows[4]).toBe("Total;3;100,50;0,99;99,51;2;5,00;25,00;-20,00;5;105,50;25,99;79,51")
    const en = pivotCsv(pivot, labels, "en", 2).slice(1).split("\r\n")
    expect(en[2]).toBe("Loja,0,0.00,0.00,0.00,1,5.00,0.00,5.00,1,5.00,0.00,5.00")
  })
})
