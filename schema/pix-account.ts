/**
 * Pix by account (spec features §1 "send by account", §2 pay "by account", §7 `POST
 * /users/pix/payments/decode/by-account` and `by-account/instant-billing`; issue 12): the account a
 * payment goes to — a bank of the directory (schema/banks.ts, the TED's), agency, account number
 * with its digit, account type — and the beneficiary's CPF or CNPJ; what the decode answers; and the
 * form's rules, shared by the page and the sandbox (the TED's field rules, D-ted-fields, minus the
 * holder's name: the decode names the holder). Bodies and answers are ours (D-pix-by-account).
 */
import { Schema } from "effect"
import { tedProblems, type TedProblems } from "./ted.ts"
import { ValidationMessage, type ValidationKey } from "./validation.ts"
import { PixDescription } from "./rules/text.ts"
import { PositiveAmount } from "./rules/money-dates.ts"

const Str = Schema.String

/** The account types a Pix by account may name (issue 12: checking, savings, payment; features §3). */
export const PIX_ACCOUNT_TYPES = ["checking", "savings", "payment"] as const
export const PixAccountType = Schema.Literals(PIX_ACCOUNT_TYPES)
export type PixAccountType = typeof PixAccountType.Type

/** What the user types to find the account (the decode's body; the payment's body adds amount and description). */
export const PixAccountDecodeBody = Schema.Struct({
  bank_code: Str,
  agency: Str,
  account: Str,
  digit: Str,
  account_type: PixAccountType,
  document: Str
})
export type PixAccountDecodeBody = typeof PixAccountDecodeBody.Type

/** The decoded account: the bank from the directory, the account as stored, the holder (document masked). */
export const PixAccountDecoded = Schema.Struct({
  bank_code: Str,
  bank_name: Str,
  ispb: Str,
  agency: Str,
  account: Str,
  digit: Str,
  account_type: PixAccountType,
  beneficiary_name: Str,
  beneficiary_document: Str,
  beneficiary_bank: Str
})
export type PixAccountDecoded = typeof PixAccountDecoded.Type

export const PixPayByAccountBody = Schema.Struct({
  ...PixAccountDecodeBody.fields,
  amount: PositiveAmount,
  description: PixDescription,
  pin_token: Str
})

export type PixAccountField = "bank_code" | "agency" | "account" | "digit" | "account_type" | "document"
export type PixAccountProblems = Partial<Record<PixAccountField, ValidationKey>>
const FIELDS: ReadonlyArray<PixAccountField> = ["bank_code", "agency", "account", "digit", "account_type", "document"]

/**
 * D-pix-by-account — the account form's rules: the TED's (a bank of the directory, agency 1–4 digits,
 * account 1–12 digits, digit 0–9 or X, a CPF or CNPJ with valid check digits) and an account type of
 * checking, savings or payment. Empty object: valid.
 */
export function pixAccountProblems(b: Partial<Record<PixAccountField, string>>): PixAccountProblems {
  const ted: TedProblems = tedProblems({
    bank_code: b.bank_code ?? "",
    agency: b.agency ?? "",
    account: b.account ?? "",
    digit: b.digit ?? "",
    account_type: "checking",
    document: b.document ?? "",
    name: "---"
  })
  const p: Record<string, ValidationKey> = {}
  for (const f of FIELDS) if (ted[f] !== undefined) p[f] = ted[f]
  if (b.account_type === undefined || !(PIX_ACCOUNT_TYPES as ReadonlyArray<string>).includes(b.account_type)) p["account_type"] = ValidationMessage.required
  return p
}

/** Agency and account compared as numbers (leading zeros ignored), the digit upper-cased. */
export const sameAccount = (
  a: { readonly agency: string; readonly account: string; readonly digit: string },
  b: { readonly agency: string; readonly account: string; readonly digit: string }
): boolean => {
  const strip = (s: string): string => s.trim().replace(/^0+/, "")
  return strip(a.agency) === strip(b.agency) && strip(a.account) === strip(b.account) && a.digit.trim().toUpperCase() === b.digit.trim().toUpperCase()
}
