/** Rules of a Pix devolution (spec features §1 devolve a received payment; issue 12: never more than received, within 90 days). */
import { describe, expect, it } from "vitest"
import { DEVOLUTION_DAYS, devolutionAvailable, withinDevolutionWindow } from "./pix-devolution.ts"

describe("features §1 Pix devolution rules", () => {
  it("what is left is what was received minus every devolution, never below zero", () => {
    expect(devolutionAvailable(10_000, [])).toBe(10_000)
    expect(devolutionAvailable(10_000, [4_000, 1_000])).toBe(5_000)
    expect(devolutionAvailable(10_000, [4_000, 6_000])).toBe(0)
    expect(devolutionAvailable(10_000, [11_000])).toBe(0)
  })
  it("90 days from the payment, inclusive of its last millisecond", () => {
    const paid = "2026-01-01T12:00:00.000Z"
    const end = Date.parse(paid) + DEVOLUTION_DAYS * 86_400_000
    expect(withinDevolutionWindow(paid, end)).toBe(true)
    expect(withinDevolutionWindow(paid, end + 1)).toBe(false)
    expect(withinDevolutionWindow(paid, Date.parse(paid))).toBe(true)
  })
})
