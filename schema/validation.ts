/**
 * The shared validation rules of the client and the sandbox: documents (CPF, CNPJ including the
 * alphanumeric CNPJ), money input, dates, codes (PIN, tokens), e-mail, Pix keys, passwords,
 * free-text character rules, roles, date ranges, plus re-exports of the boleto, Pix BR Code and
 * bank-holiday rules that live in their own files, and Effect Schema filters built on them.
 *
 * Serves spec core §5 (validation rules), core §6 (role rule), core §9 (occupation search, zip),
 * features §5 (Pix scheduling, codes, date ranges, money) and features §9 (code lengths).
 * Rules return `true` or a message key of the form VALIDATION_<RULE> (spec core §5); the `is*`
 * helpers return booleans. Plain synchronous functions; only `effect` for the Schema bridge.
 *
 * The one public entry for every rule (D-rules-on-contract): the rules live by subject in schema/rules/ (documents,
 * money and dates, codes, text, passwords, Pix keys, roles), each with the Schemas a request body's fields are;
 * this file re-exports them, gathers them into `rules` and `checks`, and turns a failed decode into field keys.
 */
import { Schema, SchemaIssue } from "effect"
import { isValidBoletoLine } from "./boleto"
import { cnpjCheck, cpfCheck, documentCheck, isValidCnpj, isValidCpf, isValidDocument } from "./rules/documents.ts"
import { isRangeOrdered, isDateWithinDays, isSameMonth, parseDateInput, parseMoneyInput, type DateInput, type MoneyLocale } from "./rules/money-dates.ts"
import {
  hasLength,
  hasMaxLength,
  hasMinLength,
  isNumeric,
  isValidCardPassword,
  isValidKeyCode,
  isValidPin,
  isValidTemporaryToken,
  isValidZip,
  pinCheck,
  temporaryTokenCheck,
  zipCheck
} from "./rules/codes.ts"
import { emailCheck, hasNoEmoji, hasNoSpecialCharacters, isValidEmail, noEmojiCheck, noSpecialCharactersCheck } from "./rules/text.ts"
import { isStrongPassword, isValidPassword, strongPasswordCheck } from "./rules/passwords.ts"
import { isValidPixKey, pixKeyCheck, type PixKeyType } from "./rules/pix-keys.ts"
import { isValidRoleSet } from "./rules/roles.ts"
import { isValidationKey, ValidationMessage, type RuleResult, type ValidationKey } from "./rules/messages.ts"
import { ERROR_KEYS } from "./error-keys.ts"

export * from "./rules/messages.ts"
export * from "./rules/documents.ts"
export * from "./rules/money-dates.ts"
export * from "./rules/codes.ts"
export * from "./rules/text.ts"
export * from "./rules/passwords.ts"
export * from "./rules/pix-keys.ts"
export * from "./rules/roles.ts"

export {
  boletoBarcodeToLine,
  boletoKind,
  boletoLineToBarcode,
  decodeBoletoLine,
  dueDateToFactor,
  dueFactorToDate,
  formatBoletoLine,
  isValidBoletoBarcode,
  isValidBoletoLine,
  makeBankSlipBarcode,
  makeBankSlipLine,
  makeCollectionSlipBarcode,
  makeCollectionSlipLine,
  normalizeBoletoLine
} from "./boleto"
export type { BankSlipInput, BoletoKind, CollectionSlipInput, DecodedBoleto } from "./boleto"
export {
  crc16ccitt,
  crc16ccittValue,
  decodePixCopyPaste,
  encodePixCopyPaste,
  PixCrcMismatch,
  PixMalformedTlv,
  PixMissingField,
  PixUnsupported,
  tryDecodePixCopyPaste
} from "./pix-brcode"
export type { DecodedPixCode, PixDecodeError, PixEncodeInput } from "./pix-brcode"
export {
  addBankBusinessDays,
  bankBusinessDayOnOrAfter,
  bankHolidays,
  easterSunday,
  isBankBusinessDay,
  isBankHoliday,
  isTedWindowOpen,
  nextBankBusinessDay,
  saoPauloDateKey
} from "./holidays"
export type { Holiday } from "./holidays"

/* ------------------------------------------------------------------------------------------ */
/* Rules returning true or a message key                                                        */
/* ------------------------------------------------------------------------------------------ */

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true
  if (typeof value === "string") return value.trim() === ""
  if (Array.isArray(value)) return value.length === 0
  return false
}

function toNumber(value: string | number): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (!isNumeric(value)) return null
  return Number(value.replace(",", "."))
}

const r = (ok: boolean, key: ValidationKey): RuleResult => (ok ? true : key)

/**
 * spec core §5 — every rule as `(value, …params) => true | "VALIDATION_<RULE>"`. Each rule
 * judges the value as given (an empty string fails `validCPF`); forms skip optional empty fields.
 */
export const rules = {
  required: (value: unknown): RuleResult => r(!isEmpty(value), ValidationMessage.required),
  required_if: (value: unknown, condition: boolean): RuleResult => r(!condition || !isEmpty(value), ValidationMessage.required_if),
  email: (s: string): RuleResult => r(isValidEmail(s), ValidationMessage.email),
  password: (s: string): RuleResult => r(isValidPassword(s), ValidationMessage.password),
  strongPassword: (s: string): RuleResult => r(isStrongPassword(s), ValidationMessage.strongPassword),
  confirmed: (s: string, other: string): RuleResult => r(s === other, ValidationMessage.confirmed),
  length: (s: string, n: number): RuleResult => r(hasLength(s, n), ValidationMessage.length),
  min: (s: string, n: number): RuleResult => r(hasMinLength(s, n), ValidationMessage.min),
  max: (s: string, n: number): RuleResult => r(hasMaxLength(s, n), ValidationMessage.max),
  min_value: (v: string | number, min: number): RuleResult => {
    const n = toNumber(v)
    return r(n !== null && n >= min, ValidationMessage.min_value)
  },
  max_value: (v: string | number, max: number): RuleResult => {
    const n = toNumber(v)
    return r(n !== null && n <= max, ValidationMessage.max_value)
  },
  numeric: (s: string): RuleResult => r(isNumeric(s), ValidationMessage.numeric),
  validCPF: (s: string): RuleResult => r(isValidCpf(s), ValidationMessage.validCPF),
  validCNPJ: (s: string): RuleResult => r(isValidCnpj(s), ValidationMessage.validCNPJ),
  validDocument: (s: string): RuleResult => r(isValidDocument(s), ValidationMessage.validDocument),
  date_within_days: (s: string, days = 60, now: Date = new Date()): RuleResult => r(isDateWithinDays(s, days, now), ValidationMessage.date_within_days),
  no_special_characters: (s: string): RuleResult => r(hasNoSpecialCharacters(s), ValidationMessage.no_special_characters),
  no_emoji: (s: string): RuleResult => r(hasNoEmoji(s), ValidationMessage.no_emoji),
  pin: (s: string): RuleResult => r(isValidPin(s), ValidationMessage.pin),
  temporary_token: (s: string): RuleResult => r(isValidTemporaryToken(s), ValidationMessage.temporary_token),
  key_code: (s: string): RuleResult => r(isValidKeyCode(s), ValidationMessage.key_code),
  card_password: (s: string): RuleResult => r(isValidCardPassword(s), ValidationMessage.card_password),
  zip: (s: string): RuleResult => r(isValidZip(s), ValidationMessage.zip),
  pix_key: (s: string, type?: PixKeyType): RuleResult => r(isValidPixKey(s, type), ValidationMessage.pix_key),
  boleto_line: (s: string): RuleResult => r(isValidBoletoLine(s), ValidationMessage.boleto_line),
  money: (s: string, locale: MoneyLocale = "pt"): RuleResult => r(parseMoneyInput(s, locale) !== null, ValidationMessage.money),
  date: (s: string): RuleResult => r(parseDateInput(s) !== null, ValidationMessage.date),
  date_range: (start: DateInput, end: DateInput): RuleResult => r(isRangeOrdered(start, end), ValidationMessage.date_range),
  same_month: (a: DateInput, b: DateInput): RuleResult => r(isSameMonth(a, b), ValidationMessage.same_month),
  roles: (roles: readonly string[]): RuleResult => r(isValidRoleSet(roles), ValidationMessage.roles)
} as const

/* ------------------------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------------------------ */
/* Effect Schema bridge                                                                         */
/* ------------------------------------------------------------------------------------------ */

/** Effect Schema checks whose failure message is the rule's VALIDATION_<RULE> key (each defined beside its rule in schema/rules/). */
export const checks = {
  Cpf: cpfCheck,
  Cnpj: cnpjCheck,
  Document: documentCheck,
  Pin: pinCheck,
  TemporaryToken: temporaryTokenCheck,
  Zip: zipCheck,
  Email: emailCheck,
  PixKey: pixKeyCheck,
  NoEmoji: noEmojiCheck,
  NoSpecialCharacters: noSpecialCharactersCheck,
  StrongPassword: strongPasswordCheck
}

/** A field answered with a catalogue key rather than a rule's (a boleto's due date before today: BILLET_DATE_INVALID). */
const isCatalogueKey = (message: string): boolean => (ERROR_KEYS as ReadonlyArray<string>).includes(message)

/** The field keys of one issue tree, paths from the root. */
const fieldsOf = (issue: SchemaIssue.Issue): { fields: Record<string, string>; details: string[] } => {
  const f = SchemaIssue.makeFormatterStandardSchemaV1()(issue)
  const fields: Record<string, string> = {}
  const details: string[] = []
  for (const i of f.issues) {
    const path = (i.path ?? []).map((p) => String(typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : p)).join(".") || "_"
    const key = i.message === "Missing key" ? "VALIDATION_REQUIRED" : isValidationKey(i.message) || isCatalogueKey(i.message) ? i.message : "VALIDATION_FORMAT"
    if (fields[path] === undefined) fields[path] = key
    details.push(`${path}: ${i.message}`)
  }
  return { fields, details }
}

const missingCount = (fields: Record<string, string>): number => Object.values(fields).filter((k) => k === "VALIDATION_REQUIRED").length

/**
 * The field keys of a failed decode (D-rules-on-contract), as the sandbox answers them in a 422's `fields` and a view
 * shows them inline: per field (a dotted path; "_" for the whole value), the first rule it breaks — a rule's
 * VALIDATION_<RULE> key, VALIDATION_REQUIRED for a missing key, VALIDATION_FORMAT for a wrong type or shape — and a
 * one-line detail of every issue. A body that is a union of shapes ({pin} or {temporary_token}) is judged by the
 * shapes it misses the fewest fields of (several tying: their fields together), so `{ pin: "12" }` names `pin` alone.
 */
export const issueFields = (issue: SchemaIssue.Issue): { fields: Record<string, string>; detail: string } => {
  const all = fieldsOf(issue)
  if (issue._tag !== "AnyOf" || issue.issues.length < 2) return { fields: all.fields, detail: all.details.join("; ") }
  const alternatives = issue.issues.map(fieldsOf)
  const fewest = Math.min(...alternatives.map((a) => missingCount(a.fields)))
  const fields: Record<string, string> = {}
  for (const a of alternatives) if (missingCount(a.fields) === fewest) for (const [k, v] of Object.entries(a.fields)) fields[k] ??= v
  return { fields, detail: all.details.join("; ") }
}

/** The field keys a value breaks under a body Schema (empty when it decodes): what a view shows inline before it sends. */
export const fieldErrors = <S extends Schema.Top>(schema: S, value: unknown): Record<string, string> => {
  const r = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<S["Type"], unknown>)(value, { errors: "all" })
  return r._tag === "Success" ? {} : issueFields(r.failure.issue).fields
}

/* ------------------------------------------------------------------------------------------ */
/* Scheduling date rules (features §4, §5, §9; schema/schedule.ts), under the names later checks call */
export { isSchedulableDate, recurrenceDates } from "./schedule.ts"
export { reportCorrectionDeadline, REPORT_CORRECTION_BUSINESS_DAY } from "./betting.ts"
