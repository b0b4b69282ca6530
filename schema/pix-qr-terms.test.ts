/**
 * The charge of a due-date billing (spec features §3 "dynamic due date"; D-pix-qr-variants) against a naive
 * reference written from the rule's words with exact rational arithmetic, over many generated terms and days:
 * before or on the due date the original less the discount while the discount lasts; after it the original plus
 * a fine of `fine_bp` basis points and simple interest of `interest_bp_month` basis points per 30 days late, each
 * rounded half up to the cent; payable until `days_after_due` days late.
 */
import { describe, expect, it } from "vitest"
import { dueChargeOf, dueTermsProblems, type PixDueTerms } from "./pix-qr-terms.ts"

const addDays = (key: string, n: number): string => new Date(Date.parse(`${key}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** Round half up of num/den for non-negative integers, with BigInt (no float). */
const roundHalfUp = (num: bigint, den: bigint): number => Number((2n * num + den) / (2n * den))

const reference = (original: number, t: PixDueTerms, today: string) => {
  let late = 0
  while (addDays(t.due_date, late) < today) late++
  if (late === 0) {
    const discount = t.discount_until !== null && today <= t.discount_until ? Math.min(t.discount, original - 1) : 0
    return { total: original - discount, fine: 0, interest: 0, discount, payable: true }
  }
  const fine = roundHalfUp(BigInt(original) * BigInt(t.fine_bp), 10_000n)
  const interest = roundHalfUp(BigInt(original) * BigInt(t.interest_bp_month) * BigInt(late), 10_000n * 30n)
  return { total: original + fine + interest, fine, interest, discount: 0, payable: late <= t.days_after_due }
}

let seed = 12345
const rnd = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n
}

describe("dueChargeOf (D-pix-qr-variants)", () => {
  it("agrees with a naive exact reference over 5,000 generated terms and days", () => {
    for (let i = 0; i < 5_000; i++) {
      const due = addDays("2026-01-01", rnd(700))
      const original = 1 + rnd(10_000_000)
      const discountUntil = rnd(3) === 0 ? null : addDays(due, -rnd(20))
      const t: PixDueTerms = {
        due_date: due,
        days_after_due: rnd(60),
        fine_bp: rnd(10_001),
        interest_bp_month: rnd(10_001),
        discount: rnd(3) === 0 ? 0 : rnd(original + 100),
        discount_until: discountUntil
      }
      const today = addDays(due, rnd(120) - 40)
      const got = dueChargeOf(original, t, today)
      const want = reference(original, t, today)
      expect(
        { total: got.total, fine: got.fine, interest: got.interest, discount: got.discount, payable: got.payable },
        JSON.stringify({ original, t, today })
      ).toEqual(want)
      expect(got.total).toBe(got.original + got.fine + got.interest - got.discount)
      expect(got.total).toBeGreaterThan(0)
    }
  })

  it("a worked example: R$ 1.000,00, 2 % fine, 1 % a month, 3 days late → R$ 1.021,00", () => {
    const t: PixDueTerms = { due_date: "2026-11-20", days_after_due: 30, fine_bp: 200, interest_bp_month: 100, discount: 0, discount_until: null }
    expect(dueChargeOf(100_000, t, "2026-11-23")).toMatchObject({ fine: 2_000, interest: 100, total: 102_100, days_late: 3, payable: true })
    expect(dueChargeOf(100_000, t, "2026-12-21").payable).toBe(false)
  })

  it("refuses terms a billing cannot have: a past due date, a discount after the due date, rates out of range", () => {
    const ok: PixDueTerms = { due_date: "2026-12-01", days_after_due: 5, fine_bp: 200, interest_bp_month: 100, discount: 500, discount_until: "2026-11-30" }
    expect(dueTermsProblems(ok, "2026-11-25")).toEqual({})
    expect(dueTermsProblems({ ...ok, due_date: "2026-11-24" }, "2026-11-25")).toHaveProperty("due_date")
    expect(dueTermsProblems({ ...ok, discount_until: "2026-12-02" }, "2026-11-25")).toHaveProperty("discount_until")
    expect(dueTermsProblems({ ...ok, fine_bp: 10_001, interest_bp_month: -1 }, "2026-11-25")).toEqual({
      fine_bp: "VALIDATION_FORMAT",
      interest_bp_month: "VALIDATION_FORMAT"
    })
  })
})
