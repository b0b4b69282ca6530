/** spec core §7 trends flag off: the fixed sample (several base currencies against BRL, two points each). */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CURRENCY_DECIMALS, type CurrencySymbol } from "../../../schema/common.ts"
import { TrendSample } from "../../../schema/entities.ts"
import { SAMPLE_TRENDS } from "./sample-trends.ts"

describe("core §7 fixed trend sample", () => {
  it("core §7: decodes as trend samples (core §3 trend sample shape)", () => {
    for (const s of SAMPLE_TRENDS) expect(Schema.decodeUnknownSync(TrendSample)(s)).toEqual(s)
  })

  it("core §7: several base currencies, each once, all against BRL", () => {
    const bases = SAMPLE_TRENDS.map((s) => s.base_currency_symbol)
    expect(bases.length).toBeGreaterThanOrEqual(2)
    expect(new Set(bases).size).toBe(bases.length)
    expect(bases).not.toContain("BRL")
    for (const s of SAMPLE_TRENDS) expect(s.quote_currency_symbol).toBe("BRL")
  })

  it("core §7: two points each, in time order, money as integer cents with sell ≤ price ≤ buy", () => {
    for (const s of SAMPLE_TRENDS) {
      expect(s.points).toHaveLength(2)
      const [a, b] = s.points
      expect(Date.parse(a?.timestamp ?? "")).toBeLessThan(Date.parse(b?.timestamp ?? ""))
      for (const p of s.points) {
        for (const v of [p.price, p.price_buy, p.price_sell]) expect(Number.isSafeInteger(v) && v > 0).toBe(true)
        expect(p.price_sell).toBeLessThanOrEqual(p.price)
        expect(p.price).toBeLessThanOrEqual(p.price_buy)
      }
    }
  })

  it("core §9: each sample carries its base currency's decimals", () => {
    for (const s of SAMPLE_TRENDS) expect(s.decimal).toBe(CURRENCY_DECIMALS[s.base_currency_symbol as CurrencySymbol])
  })
})
