/**
 * TED area (spec features §1/§9 "TED available on business days from 09:00 to 16:00", §2 Banking: TED
 * pay and receive, §3 "TED and banks", §7 "TED and banks"; issue 14; D-ted-*): the window rule with the
 * next opening (São Paulo time, bank business days from schema/holidays.ts), the transfer and contact
 * rows the client syncs, the send body, the account form's rules (shared by the page and the sandbox)
 * and the CPF/CNPJ mask used while typing.
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { isBankBusinessDay, TED_WINDOW } from "./holidays.ts"
import { DAY_MS, spDayIndex, spDayKey, spDayStart } from "./sao-paulo-time.ts"
import { DESCRIPTION_MAX, hasMaxLength, hasNoEmoji, isValidDocument, ValidationMessage, type ValidationKey } from "./validation.ts"
import { TED_BANKS } from "./banks.ts"

const Str = Schema.String
const NStr = Schema.NullOr(Schema.String)
const Int = Schema.Int

/* ------------------------------------------------------------------------------------------ */
/* The window (features §1, §9)                                                                 */
/* ------------------------------------------------------------------------------------------ */

export interface TedWindowState {
  /** Open now: a bank business day and 09:00 ≤ local time < 16:00 (São Paulo). */
  readonly open: boolean
  /** Epoch ms of the opening of the current window (open) or of the next one (closed). */
  readonly opensAt: number
  /** Epoch ms of the close of that window. */
  readonly closesAt: number
}

/**
 * features §1/§9 — the TED window at `ms`: open now, or when it next opens. The next opening is
 * 09:00 São Paulo of today (a business day, before 09:00) or of the next bank business day.
 */
export function tedWindowAt(ms: number): TedWindowState {
  const day = spDayIndex(ms)
  const minute = Math.floor((ms - spDayStart(day)) / 60_000)
  const todayBusiness = isBankBusinessDay(spDayKey(day))
  const at = (d: number): TedWindowState => {
    const opensAt = spDayStart(d) + TED_WINDOW.openMinutes * 60_000
    return {
      open: d === day && minute >= TED_WINDOW.openMinutes && minute < TED_WINDOW.closeMinutes && todayBusiness,
      opensAt,
      closesAt: spDayStart(d) + TED_WINDOW.closeMinutes * 60_000
    }
  }
  if (todayBusiness && minute < TED_WINDOW.closeMinutes) return at(day)
  let d = day + 1
  while (!isBankBusinessDay(spDayKey(d))) d++
  return at(d)
}

/** The instant a TED scheduled at `ms` runs: now when the window is open, else the next opening. */
export const tedRunsAt = (ms: number): number => {
  const w = tedWindowAt(ms)
  return w.open ? ms : w.opensAt
}
export { DAY_MS }

/** The window as served (GET /users/v2/banking/ted/window, D-ted-window): the sandbox clock is the business clock. */
export const TedWindow = Schema.Struct({ open: Schema.Boolean, now: Str, opens_at: Str, closes_at: Str })
export type TedWindow = typeof TedWindow.Type

/* ------------------------------------------------------------------------------------------ */
/* Rows                                                                                         */
/* ------------------------------------------------------------------------------------------ */

/** The account types of features §3 (payment request: checking, payment, savings, salary). */
export const TedAccountType = Schema.Literals(["checking", "savings", "payment", "salary"])
export type TedAccountType = typeof TedAccountType.Type
export const TED_ACCOUNT_TYPES = TedAccountType.literals

/** A sent TED: confirmed at once in the window, or scheduled for the next opening (D-ted-status). */
export const TedStatus = Schema.Literals(["scheduled", "confirmed", "failed"])
export type TedStatus = typeof TedStatus.Type

const Destination = {
  bank_code: Str,
  bank_name: Str,
  ispb: Str,
  agency: Str,
  account: Str,
  digit: Str,
  account_type: TedAccountType,
  document: Str,
  name: Str
}

export const TedTransfer = Schema.Struct({
  id: Str,
  status: TedStatus,
  ...Destination,
  amount: Int,
  description: Str,
  /** When a scheduled TED runs (the next window's opening); null when sent at once. */
  scheduled_for: NStr,
  executed_at: NStr,
  /** The catalogue key of a failed run (e.g. INSUFFICIENT_BALANCE). */
  failure_reason: NStr,
  operation_id: NStr,
  created_at: Str,
  updated_at: Str
})
export type TedTransfer = typeof TedTransfer.Type

/** A saved TED contact (features §3 "Contacts … exist"; fields: ours, D-ted-contacts). */
export const TedContact = Schema.Struct({ id: Str, ...Destination, created_at: Str, updated_at: Str })
export type TedContact = typeof TedContact.Type

export const TedDestinationBody = Schema.Struct({
  bank_code: Str,
  agency: Str,
  account: Str,
  digit: Str,
  account_type: TedAccountType,
  document: Str,
  name: Str
})
export type TedDestinationBody = typeof TedDestinationBody.Type

export const TedSendBody = Schema.Struct({
  ...TedDestinationBody.fields,
  amount: Int,
  description: Schema.optionalKey(Str),
  /** Outside the window: schedule it for the next opening instead of being refused. */
  schedule_if_closed: Schema.optionalKey(Schema.Boolean),
  pin_token: Str
})
export type TedSendBody = typeof TedSendBody.Type

export const tedLists = {
  ted_transfers: defineList({
    endpoint: "tedTransfers",
    row: TedTransfer,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at)
  }),
  ted_contacts: defineList({
    endpoint: "tedContacts",
    row: TedContact,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => a.name.localeCompare(b.name, "pt-BR")
  })
}

/* ------------------------------------------------------------------------------------------ */
/* The account form (features §3 "field-level detail not shown": D-ted-fields)                  */
/* ------------------------------------------------------------------------------------------ */

export type TedField = "bank_code" | "agency" | "account" | "digit" | "account_type" | "document" | "name" | "amount" | "description"
export type TedProblems = Partial<Record<TedField, ValidationKey>>

/**
 * D-ted-fields — agency 1–4 digits, account 1–12 digits, check digit one digit or X, a known bank,
 * an account type of features §3, a valid CPF or CNPJ, a holder name of 3–80 characters without
 * emoji, an amount of at least 1 cent, an optional description up to 140 characters. Empty: valid.
 */
export function tedProblems(b: Partial<TedDestinationBody> & { readonly amount?: number | null; readonly description?: string }): TedProblems {
  const p: Record<string, ValidationKey> = {}
  const V = ValidationMessage
  if (!TED_BANKS.some((x) => x.code === b.bank_code)) p["bank_code"] = V.required
  const agency = (b.agency ?? "").trim()
  if (agency === "") p["agency"] = V.required
  else if (!/^\d{1,4}$/.test(agency)) p["agency"] = V.numeric
  const account = (b.account ?? "").trim()
  if (account === "") p["account"] = V.required
  else if (!/^\d{1,12}$/.test(account)) p["account"] = V.numeric
  const digit = (b.digit ?? "").trim()
  if (digit === "") p["digit"] = V.required
  else if (!/^[0-9Xx]$/.test(digit)) p["digit"] = V.length
  if (b.account_type === undefined || !(TED_ACCOUNT_TYPES as ReadonlyArray<string>).includes(b.account_type)) p["account_type"] = V.required
  const doc = (b.document ?? "").trim()
  if (doc === "") p["document"] = V.required
  else if (!isValidDocument(doc)) p["document"] = V.validDocument
  const name = (b.name ?? "").trim()
  if (name === "") p["name"] = V.required
  else if ([...name].length < 3) p["name"] = V.min
  else if ([...name].length > 80) p["name"] = V.max
  else if (!hasNoEmoji(name)) p["name"] = V.no_emoji
  if (b.amount !== undefined) {
    if (b.amount === null) p["amount"] = V.required
    else if (!Number.isSafeInteger(b.amount) || b.amount < 1) p["amount"] = V.min_value
  }
  const desc = b.description ?? ""
  if (!hasMaxLength(desc, DESCRIPTION_MAX)) p["description"] = V.max
  else if (!hasNoEmoji(desc)) p["description"] = V.no_emoji
  return p
}

/** CPF (000.000.000-00) or CNPJ (00.000.000/0000-00) mask while typing, by the digit count (≤ 11: CPF). */
export function maskDocumentTyping(s: string): string {
  const d = s.replace(/\D/g, "").slice(0, 14)
  if (d.length <= 11) {
    return d
      .replace(/^(\d{3})(\d)/, "$1.$2")
      .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
      .replace(/^(\d{3})\.(\d{3})\.(\d{3})(\d)/, "$1.$2.$3-$4")
  }
  return d.replace(
    /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{0,2})$/,
    (_m, a: string, b: string, c: string, e: string, f: string) => `${a}.${b}.${c}/${e}${f ? `-${f}` : ""}`
  )
}
