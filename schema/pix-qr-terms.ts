/**
 * The terms of the Pix QR code variants beyond instant payment (spec features §3 "Pix QR code types": static
 * withdrawal, dynamic due date, dynamic withdrawal, dynamic change; §7 by-qr-code variants; issue 12;
 * docs/decisions.md D-pix-qr-variants), and the amount a due-date billing charges on a given São Paulo day.
 *
 * Due-date billing follows the BCB's `cobv` terms, as integers: a fine once paid after the due date (basis
 * points of the original), simple interest per calendar day late (basis points a month, a month of 30 days),
 * a fixed discount when paid on or before a date, and a number of days after the due date when it can still be
 * paid. Withdrawal (Pix Saque) and change (Pix Troco) carry the cash the payer takes; a change code also its
 * purchase. Shared by the sandbox (what it charges) and the client (what it shows before the PIN).
 */
import { Schema } from "effect"
import { MinorUnits } from "./common.ts"

export const PixDueTerms = Schema.Struct({
  /** YYYY-MM-DD, São Paulo. */
  due_date: Schema.String,
  /** Days after the due date it can still be paid (0 to 365). */
  days_after_due: Schema.Int,
  /** Fine paid once after the due date, in basis points of the original amount (0 to 10,000). */
  fine_bp: Schema.Int,
  /** Simple interest per calendar day late, in basis points a month of 30 days (0 to 10,000). */
  interest_bp_month: Schema.Int,
  /** A fixed discount paid on or before `discount_until` (0 when none). */
  discount: MinorUnits,
  discount_until: Schema.NullOr(Schema.String)
})
export type PixDueTerms = typeof PixDueTerms.Type

/** What a due-date billing charges on one day: every part, and whether it can still be paid. */
export interface DueCharge {
  readonly original: number
  readonly fine: number
  readonly interest: number
  readonly discount: number
  readonly total: number
  readonly days_late: number
  readonly payable: boolean
}

const dayNumber = (key: string): number => Math.round(Date.parse(`${key}T12:00:00Z`) / 86_400_000)

/** Rounds half up, on integers (cents × basis points never leave the safe range for amounts of this app). */
const bp = (amount: number, basisPoints: number): number => Math.floor((amount * basisPoints + 5_000) / 10_000)

/**
 * The charge of a due-date billing on São Paulo day `today` (YYYY-MM-DD). Before or on the due date: the original,
 * less the discount while `today` ≤ `discount_until` (never below 1 cent). After it: the original plus the fine
 * plus `interest_bp_month / 30` per day late, each rounded half up; not payable after `days_after_due` days.
 */
export const dueChargeOf = (original: number, terms: PixDueTerms, today: string): DueCharge => {
  const late = Math.max(0, dayNumber(today) - dayNumber(terms.due_date))
  const payable = late <= terms.days_after_due
  if (late === 0) {
    const discount = terms.discount_until !== null && today <= terms.discount_until ? Math.min(terms.discount, original - 1) : 0
    return { original, fine: 0, interest: 0, discount, total: original - discount, days_late: 0, payable }
  }
  const fine = bp(original, terms.fine_bp)
  // simple interest: original × rate a month × days / 30, one rounding at the end
  const interest = Math.floor((original * terms.interest_bp_month * late + 150_000) / 300_000)
  return { original, fine, interest, discount: 0, total: original + fine + interest, days_late: late, payable }
}

/** The checks on terms as typed (features §8 "incorrect data"): field → catalogue key, empty when valid. */
export const dueTermsProblems = (t: PixDueTerms, today: string): Record<string, string> => {
  const out: Record<string, string> = {}
  const date = /^\d{4}-\d{2}-\d{2}$/
  if (!date.test(t.due_date) || Number.isNaN(Date.parse(t.due_date))) out["due_date"] = "VALIDATION_DATE"
  else if (t.due_date < today) out["due_date"] = "VALIDATION_DATE"
  if (!Number.isInteger(t.days_after_due) || t.days_after_due < 0 || t.days_after_due > 365) out["days_after_due"] = "VALIDATION_FORMAT"
  if (!Number.isInteger(t.fine_bp) || t.fine_bp < 0 || t.fine_bp > 10_000) out["fine_bp"] = "VALIDATION_FORMAT"
  if (!Number.isInteger(t.interest_bp_month) || t.interest_bp_month < 0 || t.interest_bp_month > 10_000) out["interest_bp_month"] = "VALIDATION_FORMAT"
  if (!Number.isSafeInteger(t.discount) || t.discount < 0) out["discount"] = "VALIDATION_FORMAT"
  if (t.discount > 0 && (t.discount_until === null || !date.test(t.discount_until) || (date.test(t.due_date) && t.discount_until > t.due_date)))
    out["discount_until"] = "VALIDATION_DATE"
  return out
}

/** Pix Saque and Pix Troco: who the agent is (BCB: a retailer, another kind of agent, or a service provider). */
export const PixCashAgent = Schema.Literals(["AGTEC", "AGTOT", "AGPSS"])
export type PixCashAgent = typeof PixCashAgent.Type
