/**
 * Pix Automático (spec features §2 automatic-pix, §3 "Pix automatic authorization and recurrence"
 * fields, §4 authorization statuses and actions, §7 automatic authorizations and payments under
 * /users/pix/scheduled-payments; issue 13): the authorization and the automatic payment the client
 * syncs, their synced lists (kept in the grouped collection like every small list), the permission
 * tags (ours where the spec does not name them), the rules of the actions (which status may go
 * where, the maximum value), the composite BR Code that carries an authorization (tag 80, the
 * recurrence's location) and the days-ahead items of automatic debits. docs/decisions.md
 * "Pix Automático".
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { recurrenceDates, SCHEDULE_MAX_DAYS, type AheadItem } from "./schedule.ts"
import { parseIsoDate } from "./holidays.ts"
import { crc16ccitt, tryDecodePixCopyPaste } from "./pix-brcode.ts"

/** Permission tags: the two list tags are named by features §2 ("automatic authorization or automatic payments"); the actions' are ours. */
export const PA = {
  getAuthorizations: "api-users-get-pix-automatic-authorizations",
  getPayments: "api-users-get-pix-automatic-payments",
  /** ours: approve (by id or by QR code), reject, change the maximum value */
  manageAuthorizations: "api-users-post-pix-automatic-authorizations",
  /** ours: cancel an authorization (features §4: irreversible) */
  cancelAuthorizations: "api-users-delete-pix-automatic-authorizations",
  /** ours: cancel one automatic payment */
  cancelPayments: "api-users-delete-pix-automatic-payments"
} as const

/** features §4: pending, active, canceled, expired, refused — written capitalised as seen ("ACTIVE, PENDING, CANCELLED"). */
export const AuthorizationStatus = Schema.Literals(["PENDING", "ACTIVE", "CANCELLED", "EXPIRED", "REFUSED"])
export type AuthorizationStatus = typeof AuthorizationStatus.Type
/**
 * The BCB's journeys: 1 the request reaches the payer's bank from the merchant; 2 a QR code carrying the
 * authorization; 3 a QR code with an immediate payment and the authorization; 4 a payment with an offer.
 */
export const Journey = Schema.Literals(["JOURNEY_1", "JOURNEY_2", "JOURNEY_3", "JOURNEY_4"])
export const AutomaticFrequency = Schema.Literals(["WEEKLY", "MONTHLY", "ANNUALLY"])

/** features §3: every field of the automatic authorization. */
export const AutomaticAuthorization = Schema.Struct({
  id: Schema.String,
  journey: Journey,
  frequency: AutomaticFrequency,
  /** "YYYY-MM-DD" São Paulo: the first payment. */
  start_date: Schema.String,
  /** The last day a payment may fall on; null: until cancelled. */
  end_date: Schema.NullOr(Schema.String),
  /** A fixed value of each payment (minor units), or null when the merchant charges a variable amount. */
  value: Schema.NullOr(Schema.Int),
  /** Variable amounts: the lowest maximum value the payer may set (the merchant's floor). */
  floor_max_value: Schema.NullOr(Schema.Int),
  /** The payer's maximum value: a charge above it fails. */
  payment_max_value: Schema.NullOr(Schema.Int),
  beneficiary_ispb: Schema.String,
  beneficiary_document: Schema.String,
  beneficiary_name: Schema.String,
  /** The payer account's holder. */
  owner_document: Schema.String,
  /** Who owes (may differ from the holder: a parent paying a child's school). */
  debtor_document: Schema.String,
  debtor_name: Schema.String,
  contract_number: Schema.String,
  contract_description: Schema.String,
  /** When the authorization became active (approved). */
  recurrence_created_at: Schema.NullOr(Schema.String),
  request_created_at: Schema.String,
  /** "YYYY-MM-DD": a pending request not answered by this day expires. */
  request_expiration_date: Schema.String,
  status: AuthorizationStatus,
  cancellation_id: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type AutomaticAuthorization = typeof AutomaticAuthorization.Type

export const AutomaticPaymentStatus = Schema.Literals(["SCHEDULED", "EXECUTED", "FAILED", "CANCELLED"])
export type AutomaticPaymentStatus = typeof AutomaticPaymentStatus.Type
/** Why a charge did not run (features §8-like reasons; D "Pix Automático"). */
export const AutomaticPaymentFailure = Schema.Literals(["ABOVE_MAXIMUM_VALUE", "INSUFFICIENT_BALANCE"])
export type AutomaticPaymentFailure = typeof AutomaticPaymentFailure.Type

/** A merchant's charge under an active authorization (features §4 "automatic payments"). */
export const AutomaticPayment = Schema.Struct({
  id: Schema.String,
  authorization_id: Schema.String,
  /** The Pix payment's operation id once it runs (the statement row carries it). */
  operation_id: Schema.String,
  amount: Schema.Int,
  payment_date: Schema.String,
  status: AutomaticPaymentStatus,
  failure_reason: Schema.NullOr(AutomaticPaymentFailure),
  beneficiary_name: Schema.String,
  beneficiary_document: Schema.String,
  contract_number: Schema.String,
  contract_description: Schema.String,
  end_to_end_id: Schema.NullOr(Schema.String),
  executed_at: Schema.NullOr(Schema.String),
  canceled_at: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type AutomaticPayment = typeof AutomaticPayment.Type

export const ApproveBody = Schema.Struct({ payment_max_value: Schema.optionalKey(Schema.Int) })
export const MaxValueBody = Schema.Struct({ payment_max_value: Schema.NullOr(Schema.Int) })
export const ApproveByQrBody = Schema.Struct({ qr_code: Schema.String, payment_max_value: Schema.optionalKey(Schema.Int) })

const newestFirst = (a: { readonly created_at: string; readonly id: string }, b: { readonly created_at: string; readonly id: string }) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)

export const pixAutomaticLists = {
  pix_automatic_authorizations: defineList({
    endpoint: "automaticAuthorizations",
    row: AutomaticAuthorization,
    scope: "wallet",
    id: (r) => r.id,
    order: newestFirst,
    pageSize: 20,
    query: { sort: "created_at", order: "desc" }
  }),
  pix_automatic_payments: defineList({
    endpoint: "automaticPayments",
    row: AutomaticPayment,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.payment_date.localeCompare(a.payment_date) || newestFirst(a, b),
    pageSize: 20,
    query: { sort: "created_at", order: "desc" }
  })
}

// ── rules (features §4) ─────────────────────────────────────────────────────

export type AuthorizationAction = "approve" | "reject" | "cancel" | "changeMax"
/**
 * features §4 "PA-TRANSITIONS": approve and reject answer a pending request; cancel ends an active one
 * (irreversible); the maximum value changes only while active. Anything else is refused.
 */
export const canDo = (status: AuthorizationStatus, action: AuthorizationAction): boolean =>
  action === "approve" || action === "reject" ? status === "PENDING" : status === "ACTIVE"

/** What an action leads to. */
export const statusAfter = (action: Exclude<AuthorizationAction, "changeMax">): AuthorizationStatus =>
  action === "approve" ? "ACTIVE" : action === "reject" ? "REFUSED" : "CANCELLED"

/**
 * features §3 "PA-MAX": the payer's maximum value is a positive amount, not below the merchant's floor
 * (floor_max_value) and, for a fixed value, not below that value (a maximum under the fixed value would
 * refuse every charge). null: no maximum. Returns the error key or null.
 */
export const maxValueError = (
  a: Pick<AutomaticAuthorization, "value" | "floor_max_value">,
  max: number | null | undefined
): "VALIDATION_MIN_VALUE" | "PIX_AUTOMATIC_MAX_BELOW_FLOOR" | null => {
  if (max === null || max === undefined) return null
  if (!Number.isSafeInteger(max) || max <= 0) return "VALIDATION_MIN_VALUE"
  if (a.floor_max_value !== null && max < a.floor_max_value) return "PIX_AUTOMATIC_MAX_BELOW_FLOOR"
  if (a.value !== null && max < a.value) return "PIX_AUTOMATIC_MAX_BELOW_FLOOR"
  return null
}

/** features §4 "PA-ABOVE-MAX": a charge above the payer's maximum value fails with that reason. */
export const chargeFailure = (amount: number, max: number | null): AutomaticPaymentFailure | null =>
  max !== null && amount > max ? "ABOVE_MAXIMUM_VALUE" : null

/**
 * features §4 "PA-CANCEL-TODAY": cancelling an authorization cancels its scheduled payments except the one
 * due today (São Paulo): the payments that are cancelled.
 */
export const paymentsCancelledWith = <P extends Pick<AutomaticPayment, "status" | "payment_date">>(payments: ReadonlyArray<P>, today: string): P[] =>
  payments.filter((p) => p.status === "SCHEDULED" && p.payment_date > today)

/** How many days ahead of a payment date the sandbox's merchants send the charge (the BCB's 2 to 10 days: ours, 10). */
export const CHARGE_AHEAD_DAYS = 10
/** How long a pending request waits for an answer (ours). */
export const REQUEST_EXPIRY_DAYS = 7

// ── the composite BR Code (features §4 "approve by QR code") ──────────────────

/** The GUI of the Pix arrangement; the recurrence template is data object 80 (an unreserved template of EMV). */
const GUI = "br.gov.bcb.pix"
const tlv = (id: string, value: string): string => `${id}${String(value.length).padStart(2, "0")}${value}`
/** The sandbox's location of an authorization's payload (the payer's bank fetches it; here: the sandbox itself). */
export const recurrenceLocation = (id: string): string => `pix.sandbox.local/rec/${id}`
export const authorizationIdOfLocation = (url: string): string | null => /\/rec\/([A-Za-z0-9-]{8,64})$/.exec(url)?.[1] ?? null

const ascii = (s: string, max: number): string =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim()
    .slice(0, max)
    .trim()

/**
 * A journey-2 composite BR Code (the layout of the BCB's examples): the Pix account template 26 with only
 * its GUI, the merchant's data, and template 80 carrying the recurrence's location (sub-ID 25).
 */
export function encodeAutomaticQr(input: { readonly id: string; readonly merchantName: string; readonly merchantCity: string }): string {
  let body = tlv("00", "01") + tlv("26", tlv("00", GUI)) + tlv("52", "0000") + tlv("53", "986") + tlv("58", "BR")
  body += tlv("59", ascii(input.merchantName, 25) || "Recebedor") + tlv("60", ascii(input.merchantCity, 15) || "SAO PAULO")
  body += tlv("62", tlv("05", "***")) + tlv("80", tlv("00", GUI) + tlv("25", recurrenceLocation(input.id)))
  body += "6304"
  return body + crc16ccitt(body)
}

/**
 * Reads a composite code with the Pix decoder (schema/pix-brcode.ts): the authorization id it carries, or the
 * catalogue key of why not (a bad code, or a Pix code without an authorization).
 */
export type AutomaticQrError = "PIX_QR_CRC" | "PIX_QR_INVALID" | "PIX_AUTOMATIC_QR_NOT_AUTOMATIC"
export function automaticQrId(
  code: string
): { readonly ok: true; readonly id: string; readonly merchantName: string } | { readonly ok: false; readonly error: AutomaticQrError } {
  const r = tryDecodePixCopyPaste(code)
  if (!r.ok) return { ok: false, error: r.error._tag === "PixCrcMismatch" ? "PIX_QR_CRC" : "PIX_QR_INVALID" }
  const id = r.value.recurrenceUrl === undefined ? null : authorizationIdOfLocation(r.value.recurrenceUrl)
  if (id === null) return { ok: false, error: "PIX_AUTOMATIC_QR_NOT_AUTOMATIC" }
  return { ok: true, id, merchantName: r.value.merchantName }
}

// ── the days ahead (issue 13) ─────────────────────────────────────────────────

/**
 * The automatic debits of the days ahead: every charge still scheduled and not above the payer's maximum
 * (it would fail), and every occurrence of an active fixed-value authorization the merchant has not charged
 * yet (merchants charge a few days ahead). A variable amount is counted once it is charged.
 */
export function automaticAheadItems(
  authorizations: ReadonlyArray<
    Pick<AutomaticAuthorization, "id" | "status" | "frequency" | "start_date" | "end_date" | "value" | "payment_max_value"> & {
      readonly beneficiary_name?: string
    }
  >,
  payments: ReadonlyArray<Pick<AutomaticPayment, "authorization_id" | "payment_date" | "amount" | "status">>,
  today: string,
  days = SCHEDULE_MAX_DAYS
): AheadItem[] {
  const t0 = parseIsoDate(today)
  const last = t0 === null ? today : new Date(t0 + days * 86_400_000).toISOString().slice(0, 10)
  const maxOf = new Map(authorizations.map((a) => [a.id, a.payment_max_value]))
  const nameOf = (id: string): { label?: string } => {
    const name = authorizations.find((a) => a.id === id)?.beneficiary_name
    return name ? { label: name } : {}
  }
  const charged = new Set<string>()
  const out: AheadItem[] = []
  for (const p of payments) {
    charged.add(`${p.authorization_id}|${p.payment_date}`)
    if (p.status !== "SCHEDULED") continue
    if (chargeFailure(p.amount, maxOf.get(p.authorization_id) ?? null) !== null) continue
    out.push({ date: p.payment_date, amount: -p.amount, ...nameOf(p.authorization_id) })
  }
  for (const a of authorizations) {
    if (a.status !== "ACTIVE" || a.value === null) continue
    if (chargeFailure(a.value, a.payment_max_value) !== null) continue
    const end = a.end_date !== null && a.end_date < last ? a.end_date : last
    if (a.start_date > end) continue
    for (const d of recurrenceDates({ start: a.start_date, frequency: a.frequency, end })) {
      if (d < today || charged.has(`${a.id}|${d}`)) continue
      out.push({ date: d, amount: -a.value, ...(a.beneficiary_name ? { label: a.beneficiary_name } : {}) })
    }
  }
  return out
}
