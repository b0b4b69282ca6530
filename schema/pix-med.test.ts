/**
 * MED's rules (issue 32 item 1; docs/decisions.md D-pix-med): the 80-day window with its boundary, the
 * block of min(amount, what the receiver has free), the text rule, and the deterministic decision.
 */
import { describe, expect, it } from "vitest"
import { medBlockable, medDeadline, medDecision, medTextProblem, medWindowEnd, withinMedWindow } from "./pix-med.ts"

const DAY = 86_400_000
const paid = "2026-01-10T15:00:00.000Z"

describe("MED rules (issue 32 item 1)", () => {
  it("issue 32: 80 days on the business clock — the boundary instant inside, 1 ms after outside", () => {
    const end = Date.parse(paid) + 80 * DAY
    expect(medWindowEnd(paid)).toBe(end)
    expect(withinMedWindow(paid, end)).toBe(true)
    expect(withinMedWindow(paid, end + 1)).toBe(false)
    expect(withinMedWindow(paid, Date.parse(paid))).toBe(true)
  })
  it("issue 32: block = min(amount, receiver's balance less what is already blocked), never negative", () => {
    expect(medBlockable(5_000, 100_000, 0)).toBe(5_000)
    expect(medBlockable(5_000, 1_200, 0)).toBe(1_200)
    expect(medBlockable(5_000, 1_200, 1_000)).toBe(200)
    expect(medBlockable(5_000, 1_200, 2_000)).toBe(0)
  })
  it("issue 32: the analysis ends 7 days after opening", () => {
    expect(medDeadline(paid)).toBe(new Date(Date.parse(paid) + 7 * DAY).toISOString())
  })
  it("issue 32: description ≤ 140 characters, no emoji; the defence required", () => {
    expect(medTextProblem("", false)).toBeNull()
    expect(medTextProblem(" ", true)).toBe("VALIDATION_REQUIRED")
    expect(medTextProblem("é".repeat(140), false)).toBeNull()
    expect(medTextProblem("x".repeat(141), false)).toBe("VALIDATION_MAX")
    expect(medTextProblem("golpe 😡", false)).toBe("VALIDATION_NO_EMOJI")
  })
  it("D-pix-med decision: nothing blocked → refused; operational failure with a defence → refused; otherwise accepted with the blocked amount", () => {
    expect(medDecision({ reason: "fraud", blocked_amount: 0, defence: null })).toEqual({ status: "refused", refusal: "nothing_blocked" })
    expect(medDecision({ reason: "operational_failure", blocked_amount: 10, defence: "paid for goods" })).toEqual({
      status: "refused",
      refusal: "receiver_defence"
    })
    expect(medDecision({ reason: "operational_failure", blocked_amount: 10, defence: null })).toEqual({ status: "accepted", returned: 10 })
    for (const reason of ["fraud", "scam", "coercion"] as const)
      expect(medDecision({ reason, blocked_amount: 7, defence: "no" })).toEqual({ status: "accepted", returned: 7 })
  })
})
