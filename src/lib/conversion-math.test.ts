/** features §3/§5/§9 conversion arithmetic on integer minor units (src/lib/conversion-math.ts). */
import { describe, expect, it } from "vitest"
import { bpsToPercent, conversionProblem, estimateConversion, parseDecimalInput } from "./conversion-math.ts"

const Q = { price_buy: 55_275_000, price_sell: 54_725_000, iof_bps: 38, spread_bps: 100, min_amount: 1_000 }

describe("features §3 conversion estimate (integers only)", () => {
  it("buy: IOF on the BRL amount, the rest at the buy price, rounded down", () => {
    // R$ 1.000,00: IOF 3,80 → 996,20 / 552.750,00 per BTC = 0.00180226... BTC
    const e = estimateConversion("buy", 100_000, 8, Q)
    expect(e).toEqual({ toAmount: 180_226, brlSide: 100_000, iof: 380, price: 55_275_000 })
  })
  it("sell: proceeds at the sell price, IOF off the proceeds", () => {
    // 0.01 BTC × 547.250,00 = 5.472,50; IOF 20,80 (20.7955 rounded half up)
    const e = estimateConversion("sell", 1_000_000, 8, Q)
    expect(e).toEqual({ toAmount: 547_250 - 2_080, brlSide: 547_250, iof: 2_080, price: 54_725_000 })
  })
  it("USDT has 6 decimals", () => {
    const e = estimateConversion("buy", 10_000, 6, { ...Q, price_buy: 553 })
    expect(e?.toAmount).toBe(Math.floor(((10_000 - 38) * 1_000_000) / 553))
  })
  it("rejects non-positive or non-integer amounts", () => {
    expect(estimateConversion("buy", 0, 8, Q)).toBeNull()
    expect(estimateConversion("buy", 1.5, 8, Q)).toBeNull()
  })
})

describe("features §5 conversion minimum and balance", () => {
  it("below the minimum on the BRL side", () => {
    expect(conversionProblem(999, 10_000, estimateConversion("buy", 999, 8, Q), Q)).toBe("AMOUNT_BELOW_MINIMUM")
    expect(conversionProblem(1_000, 10_000, estimateConversion("buy", 1_000, 8, Q), Q)).toBeNull()
  })
  it("more than the available balance", () => {
    expect(conversionProblem(5_000, 4_999, estimateConversion("buy", 5_000, 8, Q), Q)).toBe("INSUFFICIENT_BALANCE")
  })
})

describe("decimal input → minor units", () => {
  it("pt: comma decimal, dot thousands", () => {
    expect(parseDecimalInput("0,005", 8, "pt")).toBe(500_000)
    expect(parseDecimalInput("1.234,5", 6, "pt")).toBe(1_234_500_000)
    expect(parseDecimalInput("1.5", 8, "pt")).toBeNull()
  })
  it("en: dot decimal, comma thousands", () => {
    expect(parseDecimalInput("0.005", 8, "en")).toBe(500_000)
    expect(parseDecimalInput("1,234.5", 2, "en")).toBe(123_450)
  })
  it("no more fraction digits than the currency has", () => {
    expect(parseDecimalInput("0,1234567", 6, "pt")).toBeNull()
    expect(parseDecimalInput("", 8, "pt")).toBeNull()
    expect(parseDecimalInput("abc", 8, "pt")).toBeNull()
  })
  it("bps as a percentage", () => {
    expect(bpsToPercent(38, "pt")).toBe("0,38")
    expect(bpsToPercent(100, "en")).toBe("1.00")
  })
})
