/** percentToBp (D-pix-qr-variants: fine and interest typed as percentages) against a naive reading by parseFloat, over every value 0–100 % in 0.01 steps, in both decimal marks. */
import { describe, expect, it } from "vitest"
import { bpToPercent, percentToBp } from "./percent.ts"

describe("percentToBp", () => {
  it("reads every 0.00–100.00 % typed with a comma or a dot, with or without %, as parseFloat × 100 rounded", () => {
    for (let bp = 0; bp <= 10_000; bp++) {
      const text = (bp / 100).toFixed(bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2)
      const naive = Math.round(parseFloat(text) * 100)
      expect(percentToBp(text)).toBe(naive)
      expect(percentToBp(`${text.replace(".", ",")} %`)).toBe(naive)
    }
  })
  it("refuses what is not a percentage a billing can have", () => {
    for (const bad of ["abc", "1,234", "100,01", "-1", "1.2.3", "101"]) expect(percentToBp(bad), bad).toBeNull()
    expect(percentToBp("")).toBe(0)
  })
  it("shows basis points in the locale", () => {
    expect(bpToPercent(250, "pt-BR")).toMatch(/^2,5\s?%$/)
    expect(bpToPercent(250, "en")).toBe("2.5%")
  })
})
