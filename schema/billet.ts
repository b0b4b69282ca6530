/**
 * Boleto area (spec features §2 Banking: boleto, §3 "Boleto payment", "Decoded boleto", "Scheduled
 * boleto payment", "Issued boleto", §4 boleto statuses, §5 boleto amount min/max; issue 14): the rows
 * the client syncs (payments, scheduled payments, issued boletos), the decoded slip, the amount
 * rules of a slip (charged amount on a date: rebate, discount, fine, interest; a due date on a
 * weekend or holiday is payable without charges on the next business day) and which check digit of
 * a typed line fails. The line/barcode arithmetic itself is schema/boleto.ts; business days are
 * schema/holidays.ts. Decisions: docs/decisions.md D-billet-*.
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { mod10, mod11Collection, normalizeBoletoLine, isValidBoletoLine, isValidBoletoBarcode, boletoBarcodeToLine } from "./boleto.ts"
import { bankBusinessDayOnOrAfter, isBankBusinessDay, parseIsoDate } from "./holidays.ts"
import { ruleCheck, ValidationMessage } from "./rules/messages.ts"
import { addIsoDays, atLeast, atMost, CalendarDateString, dateWithin, PositiveAmount } from "./rules/money-dates.ts"
import { RequiredDescription } from "./rules/text.ts"
import { DocumentString } from "./rules/documents.ts"

const Int = Schema.Int
const Str = Schema.String
const NStr = Schema.NullOr(Schema.String)

/** features §4: pending → processing → confirmed | failed; canceled for a cancelled schedule. */
export const BilletPaymentStatus = Schema.Literals(["pending", "processing", "confirmed", "failed", "canceled"])
export type BilletPaymentStatus = typeof BilletPaymentStatus.Type

/** features §3 divergent amount type: the amount is fixed, may vary between min and max, or is free. */
export const DivergentAmountType = Schema.Literals(["none", "min_max", "any"])
export type DivergentAmountType = typeof DivergentAmountType.Type

/** features §3 Decoded boleto (plus the line, barcode and dates it was decoded from). */
export const DecodedBillet = Schema.Struct({
  kind: Schema.Literals(["bank", "collection"]),
  typeable_line: Str,
  barcode: Str,
  due_date: NStr,
  limit_due_date: NStr,
  original_amount: Int,
  charged_amount: Int,
  rebate_amount: Int,
  interest_amount: Int,
  fine_amount: Int,
  discount_amount: Int,
  /** The date the charged amount is computed for (today, or the day asked for). */
  charged_amount_due_date: Str,
  beneficiary_name: Str,
  beneficiary_document: Str,
  beneficiary_bank_name: Str,
  beneficiary_bank_code: Str,
  divergent_amount_type: DivergentAmountType,
  min_amount: Schema.NullOr(Int),
  max_amount: Schema.NullOr(Int),
  /** Past its limit date: cannot be paid (features §5, D-billet-rules). */
  expired: Schema.Boolean
})
export type DecodedBillet = typeof DecodedBillet.Type

/** features §3 Boleto payment (+ the scheduled date and the beneficiary the list shows). */
export const BilletPayment = Schema.Struct({
  id: Str,
  operation_id: NStr,
  status: BilletPaymentStatus,
  amount: Int,
  due_date: NStr,
  limit_due_date: NStr,
  barcode: Str,
  typeable_line: Str,
  beneficiary_name: Str,
  /** features §3 Scheduled boleto payment: the day it runs (null: paid at once). */
  payment_date: NStr,
  canceled_at: NStr,
  created_at: Str,
  confirmed_at: NStr,
  updated_at: Str
})
export type BilletPayment = typeof BilletPayment.Type

/** features §3 Scheduled boleto payment: banking_billet_payment_id, payment_date, canceled_at (+ what the list shows). */
export const ScheduledBilletPayment = Schema.Struct({
  id: Str,
  banking_billet_payment_id: Str,
  payment_date: Str,
  canceled_at: NStr,
  status: BilletPaymentStatus,
  amount: Int,
  beneficiary_name: Str,
  typeable_line: Str,
  created_at: Str,
  updated_at: Str
})
export type ScheduledBilletPayment = typeof ScheduledBilletPayment.Type

/** features §4 issued boleto statuses as seen (CREATED_PENDING, CANCELED) and received (D-billet-deposit-status). */
export const BilletDepositStatus = Schema.Literals(["CREATED_PENDING", "RECEIVED", "CANCELED"])
export type BilletDepositStatus = typeof BilletDepositStatus.Type

/** features §3 Issued boleto (receive): amount, due date, description, digitable line, barcode (+ payer, status). */
export const BilletDeposit = Schema.Struct({
  id: Str,
  status: BilletDepositStatus,
  amount: Int,
  due_date: Str,
  description: Str,
  payer_name: Str,
  payer_document: Str,
  typeable_line: Str,
  barcode: Str,
  received_at: NStr,
  created_at: Str,
  updated_at: Str
})
export type BilletDeposit = typeof BilletDeposit.Type

/** A boleto typed or scanned (features §5): a typeable line or barcode `lineOfInput` reads, VALIDATION_BOLETO_LINE otherwise (D-rules-on-contract). */
export const BoletoLineString = Schema.String.check(ruleCheck((s: string) => lineOfInput(s) !== null, ValidationMessage.boleto_line))
export const BilletPayBody = Schema.Struct({
  /** The typeable line (47/48 digits) or the 44-digit barcode, separators allowed. */
  line: BoletoLineString,
  amount: PositiveAmount,
  /** A business day ahead to schedule it; absent or null: pay now. */
  payment_date: Schema.optionalKey(Schema.NullOr(Str)),
  pin_token: Str
})

/** features §5, D-billet-rules: a boleto issued to receive is R$ 1.00 to R$ 99,999,999.99. */
export const BILLET_DEPOSIT_MIN = 100
export const BILLET_DEPOSIT_MAX = 99_999_999_99
/** The deposit's body (D-rules-on-contract): the rules that need no clock or database; the due date's window is the route's. */
export const BilletDepositBody = Schema.Struct({
  amount: Int.check(atLeast(BILLET_DEPOSIT_MIN), atMost(BILLET_DEPOSIT_MAX)),
  due_date: CalendarDateString,
  description: RequiredDescription,
  payer_name: Str.check(ruleCheck((s: string) => s.trim().length >= 3, ValidationMessage.required)),
  payer_document: DocumentString
})
/** The longest a boleto to receive may run: its due date at most five years ahead (VALIDATION_DATE). */
export const BILLET_DEPOSIT_MAX_DAYS = 365 * 5
/** A boleto to receive judged on `today` (a São Paulo YYYY-MM-DD): due today or later (BILLET_DATE_INVALID), within five years. */
export const billetDepositBodyOn = (today: string) =>
  Schema.Struct({
    ...BilletDepositBody.fields,
    due_date: CalendarDateString.check(dateWithin({ min: today, max: addIsoDays(today, BILLET_DEPOSIT_MAX_DAYS) }, { before: "BILLET_DATE_INVALID" }))
  })

/**
 * DDA (issue 32 item 2, D-dda): a boleto registered against the payer's document (CPF/CNPJ), whoever
 * issued it, listed to the holder without being typed. `open` until paid (by any wallet, from
 * anywhere: `paid` wins over `hidden`, so a hidden one paid elsewhere is shown paid, not lost),
 * `hidden` by the holder, `canceled` when its issuer cancels it. The amount rules are carried so the
 * page computes the amount due on any day with `chargeOn` (fine and interest after the due date).
 */
export const DdaStatus = Schema.Literals(["open", "paid", "hidden", "canceled"])
export type DdaStatus = typeof DdaStatus.Type

export const DdaBillet = Schema.Struct({
  id: Str,
  status: DdaStatus,
  issuer_name: Str,
  issuer_document: Str,
  description: Str,
  /** Printed amount (cents). */
  amount: Int,
  due_date: Str,
  limit_due_date: NStr,
  /** Fine once late, basis points of the amount (200 = 2 %). */
  fine_bp: Int,
  /** Interest per calendar day late, millionths of the amount (330 = 0.033 %/day). */
  interest_per_day: Int,
  typeable_line: Str,
  barcode: Str,
  paid_at: NStr,
  hidden_at: NStr,
  created_at: Str,
  updated_at: Str
})
export type DdaBillet = typeof DdaBillet.Type

/** A DDA boleto's amount rules (D-dda): fixed amount, fine and interest after due, no rebate or discount. */
export const ddaRules = (r: Pick<DdaBillet, "amount" | "due_date" | "limit_due_date" | "fine_bp" | "interest_per_day">): AmountRules => ({
  original: r.amount,
  dueDate: r.due_date,
  limitDate: r.limit_due_date,
  rebate: 0,
  discount: 0,
  fineBp: r.fine_bp,
  interestPerDay: r.interest_per_day,
  divergent: "none",
  min: null,
  max: null
})

/** Days from `today` to the effective due date (a weekend/holiday due date moves to the next business day); negative: overdue. */
export const ddaDaysToDue = (r: Pick<DdaBillet, "due_date">, today: string): number => {
  const due = bankBusinessDayOnOrAfter(r.due_date)
  return Math.round(((parseIsoDate(due) ?? 0) - (parseIsoDate(today) ?? 0)) / 86_400_000)
}

/** The home's "due this week" (D-dda): open DDA boletos whose effective due date is today or within the next 6 days. */
export const ddaDueThisWeek = (rows: ReadonlyArray<DdaBillet>, today: string): number =>
  rows.filter((r) => r.status === "open" && ddaDaysToDue(r, today) >= 0 && ddaDaysToDue(r, today) <= 6).length

export const billetLists = {
  billet_payments: defineList({
    endpoint: "billetPayments",
    row: BilletPayment,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at)
  }),
  billet_scheduled: defineList({
    endpoint: "billetScheduled",
    row: ScheduledBilletPayment,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => a.payment_date.localeCompare(b.payment_date) || b.created_at.localeCompare(a.created_at)
  }),
  billet_deposits: defineList({
    endpoint: "billetDeposits",
    row: BilletDeposit,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at)
  }),
  /** DDA "To pay" (issue 32 item 2, D-dda): soonest due first; the settled ones after. */
  billet_dda: defineList({
    endpoint: "billetDda",
    row: DdaBillet,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) =>
      Number(a.status !== "open") - Number(b.status !== "open") || a.due_date.localeCompare(b.due_date) || b.created_at.localeCompare(a.created_at)
  })
}

/* ------------------------------------------------------------------------------------------ */
/* Line or barcode typed                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** The typeable line of what was typed or pasted: a line (47/48) or a 44-digit barcode; null if neither is valid. */
export function lineOfInput(s: string): string | null {
  if (isValidBoletoLine(s)) return normalizeBoletoLine(s)
  if (isValidBoletoBarcode(s)) return boletoBarcodeToLine(s)
  return null
}

export type LineProblem = "length" | "field1" | "field2" | "field3" | "field4" | "general"

/**
 * Which part of a typed line fails (issue 14 "with which field's check digit fails"), null when valid.
 * Bank slip: fields 1–3 carry a mod-10 digit, then the general digit; collection slip: four blocks.
 */
export function lineProblem(s: string): LineProblem | null {
  const d = s.replace(/[.\s-]/g, "")
  if (d.length === 44 && /^\d+$/.test(d)) return isValidBoletoBarcode(d) ? null : "general"
  const n = normalizeBoletoLine(s)
  if (n === null) return "length"
  if (isValidBoletoLine(n)) return null
  if (n.length === 47) {
    if (mod10(n.slice(0, 9)) !== Number(n[9])) return "field1"
    if (mod10(n.slice(10, 20)) !== Number(n[20])) return "field2"
    if (mod10(n.slice(21, 31)) !== Number(n[31])) return "field3"
    return "general"
  }
  // collection: a block whose own digit fails (mod 10 or 11 by the value id), else the general digit
  for (let b = 0; b < 4; b++) {
    const block = n.slice(b * 12, b * 12 + 11)
    const dv = n[2] === "6" || n[2] === "7" ? mod10(block) : mod11Collection(block)
    if (dv !== Number(n[b * 12 + 11])) return (["field1", "field2", "field3", "field4"] as const)[b] ?? "general"
  }
  return "general"
}

/** Display groups while typing: digits only, grouped like the printed line (5.5 5.6 5.6 1 14). */
export function formatLineTyping(s: string): string {
  const d = s.replace(/\D/g, "").slice(0, 48)
  if (d.startsWith("8")) return d.replace(/(\d{12})(?=\d)/g, "$1 ").trim()
  const cuts = [5, 10, 15, 21, 26, 32, 33]
  let out = ""
  for (let i = 0; i < d.length; i++) {
    if (i > 0 && cuts.includes(i)) out += i === 5 || i === 15 || i === 26 ? "." : " "
    out += d[i]
  }
  return out
}

/* ------------------------------------------------------------------------------------------ */
/* Amount rules (features §3, §5; D-billet-rules)                                               */
/* ------------------------------------------------------------------------------------------ */

export interface AmountRules {
  /** Printed amount (cents). */
  readonly original: number
  readonly dueDate: string | null
  /** Last day it may be paid (null: no limit). */
  readonly limitDate: string | null
  /** Abatimento, always deducted (cents). */
  readonly rebate: number
  /** Discount when paid on or before the (effective) due date (cents). */
  readonly discount: number
  /** Fine once late, in basis points of the original amount (200 = 2 %). */
  readonly fineBp: number
  /** Interest per calendar day late, in millionths of the original (330 = 0.033 %/day). */
  readonly interestPerDay: number
  readonly divergent: DivergentAmountType
  readonly min: number | null
  readonly max: number | null
}

export interface Charge {
  readonly charged: number
  readonly rebate: number
  readonly discount: number
  readonly fine: number
  readonly interest: number
  /** The due date moved to a business day (features §9 / issue 14: payable without charges the next business day). */
  readonly effectiveDue: string | null
  readonly late: boolean
  readonly expired: boolean
}

const dayNumber = (d: string): number => Math.round((parseIsoDate(d) ?? 0) / 86_400_000)

/** The amount charged when paid on `payDate` ("YYYY-MM-DD", São Paulo). */
export function chargeOn(r: AmountRules, payDate: string): Charge {
  const effectiveDue = r.dueDate === null ? null : bankBusinessDayOnOrAfter(r.dueDate)
  const late = effectiveDue !== null && payDate > effectiveDue
  const expired = r.limitDate !== null && payDate > r.limitDate
  const daysLate = late && r.dueDate !== null ? dayNumber(payDate) - dayNumber(r.dueDate) : 0
  const fine = late ? Math.round((r.original * r.fineBp) / 10_000) : 0
  const interest = late ? Math.round((r.original * r.interestPerDay * daysLate) / 1_000_000) : 0
  const discount = late ? 0 : Math.min(r.discount, Math.max(0, r.original - r.rebate))
  const charged = Math.max(0, r.original - r.rebate - discount + fine + interest)
  return { charged, rebate: r.rebate, discount, fine, interest, effectiveDue, late, expired }
}

/** features §5: the amount a payer may pay, or the catalogue key that refuses it. */
export function amountRefusal(
  r: Pick<AmountRules, "divergent" | "min" | "max">,
  charged: number,
  amount: number
): "AMOUNT_BELOW_MINIMUM" | "AMOUNT_ABOVE_MAXIMUM" | null {
  if (r.divergent === "none") {
    if (amount < charged) return "AMOUNT_BELOW_MINIMUM"
    if (amount > charged) return "AMOUNT_ABOVE_MAXIMUM"
    return null
  }
  const min = r.min ?? 1
  if (amount < min || amount <= 0) return "AMOUNT_BELOW_MINIMUM"
  if (r.max !== null && amount > r.max) return "AMOUNT_ABOVE_MAXIMUM"
  return null
}

/**
 * A date a payment may be scheduled for: a business day after today and not past the limit date
 * (features §2 scheduled-billet; D-billet-rules). Answers the refusal key or null.
 */
export function scheduleRefusal(
  date: string,
  today: string,
  limitDate: string | null
): "BILLET_DATE_NOT_BUSINESS_DAY" | "BILLET_DATE_INVALID" | "BILLET_EXPIRED" | null {
  if (parseIsoDate(date) === null || date <= today) return "BILLET_DATE_INVALID"
  if (!isBankBusinessDay(date)) return "BILLET_DATE_NOT_BUSINESS_DAY"
  if (limitDate !== null && date > limitDate) return "BILLET_EXPIRED"
  return null
}

/* ------------------------------------------------------------------------------------------ */
/* ITF barcode (interleaved 2 of 5, FEBRABAN's 44-digit barcode)                                */
/* ------------------------------------------------------------------------------------------ */

const ITF_PATTERNS = ["nnwwn", "wnnnw", "nwnnw", "wwnnn", "nnwnw", "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn"] as const

/**
 * The modules of an ITF barcode, left to right: a bar or a space and its width (narrow 1, wide 3).
 * Start "nnnn" (bar, space, bar, space), each pair of digits interleaved (first in bars, second in
 * spaces), stop "wnn" (wide bar, space, bar). Empty for an odd count or non-digits.
 */
export function itfModules(digits: string): ReadonlyArray<{ readonly bar: boolean; readonly width: number }> {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) return []
  const out: Array<{ bar: boolean; width: number }> = []
  const push = (bar: boolean, w: "n" | "w"): void => {
    out.push({ bar, width: w === "w" ? 3 : 1 })
  }
  for (const _ of [0, 1]) {
    push(true, "n")
    push(false, "n")
  }
  for (let i = 0; i < digits.length; i += 2) {
    const a = ITF_PATTERNS[Number(digits[i])] ?? "nnnnn"
    const b = ITF_PATTERNS[Number(digits[i + 1])] ?? "nnnnn"
    for (let k = 0; k < 5; k++) {
      push(true, a[k] as "n" | "w")
      push(false, b[k] as "n" | "w")
    }
  }
  push(true, "w")
  push(false, "n")
  push(true, "n")
  return out
}
