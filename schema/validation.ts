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
 */
import { Schema } from "effect"
import { isValidBoletoLine } from "./boleto"
import { parseIsoDate, saoPauloDateKey } from "./holidays"

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

const DAY_MS = 86_400_000

/* ------------------------------------------------------------------------------------------ */
/* Message keys                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** spec core §5 — message keys VALIDATION_<RULE>; the last group serves features §5 and §9. */
export const ValidationMessage = {
  required: "VALIDATION_REQUIRED",
  email: "VALIDATION_EMAIL",
  password: "VALIDATION_PASSWORD",
  strongPassword: "VALIDATION_STRONG_PASSWORD",
  confirmed: "VALIDATION_CONFIRMED",
  length: "VALIDATION_LENGTH",
  min: "VALIDATION_MIN",
  max: "VALIDATION_MAX",
  min_value: "VALIDATION_MIN_VALUE",
  max_value: "VALIDATION_MAX_VALUE",
  numeric: "VALIDATION_NUMERIC",
  validCPF: "VALIDATION_VALID_CPF",
  validCNPJ: "VALIDATION_VALID_CNPJ",
  validDocument: "VALIDATION_VALID_DOCUMENT",
  date_within_days: "VALIDATION_DATE_WITHIN_DAYS",
  no_special_characters: "VALIDATION_NO_SPECIAL_CHARACTERS",
  no_emoji: "VALIDATION_NO_EMOJI",
  required_if: "VALIDATION_REQUIRED_IF",
  // features §5 / §9 and core §5 "other formats"
  pin: "VALIDATION_PIN",
  temporary_token: "VALIDATION_TEMPORARY_TOKEN",
  key_code: "VALIDATION_KEY_CODE",
  card_password: "VALIDATION_CARD_PASSWORD",
  zip: "VALIDATION_ZIP",
  pix_key: "VALIDATION_PIX_KEY",
  boleto_line: "VALIDATION_BOLETO_LINE",
  money: "VALIDATION_MONEY",
  date: "VALIDATION_DATE",
  date_range: "VALIDATION_DATE_RANGE",
  same_month: "VALIDATION_SAME_MONTH",
  roles: "VALIDATION_ROLES"
} as const

export type ValidationKey = (typeof ValidationMessage)[keyof typeof ValidationMessage]
export type RuleResult = true | ValidationKey

/* ------------------------------------------------------------------------------------------ */
/* Documents: CPF, CNPJ (numeric and alphanumeric)                                             */
/* ------------------------------------------------------------------------------------------ */

/** Digits 0-9 only. */
export function onlyDigits(s: string): string {
  return typeof s === "string" ? s.replace(/[^0-9]/g, "") : ""
}

const DOC_SEPARATORS = /[.\-/\s]/g

function allEqual(s: string): boolean {
  return s.length > 0 && s.split("").every((c) => c === s[0])
}

/**
 * The 11 plain digits of a CPF typed formatted (000.000.000-00) or plain, or null when it has
 * other characters, misplaced separators or the wrong length. Surrounding whitespace is ignored.
 * No check digits here.
 */
export function normalizeCpf(s: string): string | null {
  if (typeof s !== "string") return null
  const t = s.trim()
  // plain, or formatted 000.000.000-00 with each separator optional at its own place
  if (!/^[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2}$/.test(t)) return null
  return t.replace(DOC_SEPARATORS, "")
}

/** spec core §5 validCPF — 11 digits, not all the same, both mod 11 check digits match. */
export function isValidCpf(s: string): boolean {
  const d = normalizeCpf(s)
  if (d === null || allEqual(d)) return false
  for (const len of [9, 10]) {
    let sum = 0
    for (let i = 0; i < len; i++) sum += (d.charCodeAt(i) - 48) * (len + 1 - i)
    const r = (sum * 10) % 11
    const dv = r === 10 ? 0 : r
    if (dv !== d.charCodeAt(len) - 48) return false
  }
  return true
}

/**
 * The 14 plain characters of a CNPJ typed formatted (00.000.000/0000-00) or plain, uppercased,
 * or null. The first 12 may be 0-9 or A-Z (alphanumeric CNPJ, IN RFB 2.229/2024), the last 2 are digits.
 */
export function normalizeCnpj(s: string): string | null {
  if (typeof s !== "string") return null
  const t = s.trim().toUpperCase()
  // spec core §5 validCNPJ: 14 to 18 characters — plain, or 00.000.000/0000-00 with each
  // separator optional at its own place
  if (!/^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?[0-9]{2}$/.test(t)) return null
  return t.replace(DOC_SEPARATORS, "")
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const

/** CNPJ check digit: each character's value is its ASCII code − 48 (digits 0-9, A=17 … Z=42); mod 11, remainder < 2 gives 0. */
function cnpjDv(base: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * (weights[i] ?? 0)
  const r = sum % 11
  return r < 2 ? 0 : 11 - r
}

/** The two check digits ("35") of a 12-character CNPJ base ("12ABC34501DE"), or null. */
export function cnpjCheckDigits(base: string): string | null {
  const b = typeof base === "string" ? base.toUpperCase() : ""
  if (!/^[0-9A-Z]{12}$/.test(b)) return null
  const dv1 = cnpjDv(b, CNPJ_WEIGHTS_1)
  const dv2 = cnpjDv(b + String(dv1), CNPJ_WEIGHTS_2)
  return `${dv1}${dv2}`
}

/** The two CPF check digits of a 9-digit base, or null. */
export function cpfCheckDigits(base: string): string | null {
  if (typeof base !== "string" || !/^[0-9]{9}$/.test(base)) return null
  let d = base
  for (const len of [9, 10]) {
    let sum = 0
    for (let i = 0; i < len; i++) sum += (d.charCodeAt(i) - 48) * (len + 1 - i)
    const r = (sum * 10) % 11
    d += String(r === 10 ? 0 : r)
  }
  return d.slice(9)
}

/**
 * spec core §5 validCNPJ — 14 characters formatted or plain, not all the same, check digits
 * match; accepts the alphanumeric CNPJ (IN RFB 2.229/2024) and lowercase letters.
 */
export function isValidCnpj(s: string): boolean {
  const d = normalizeCnpj(s)
  if (d === null || allEqual(d)) return false
  return cnpjCheckDigits(d.slice(0, 12)) === d.slice(12)
}

/** spec core §5 validDocument — a valid CPF or a valid CNPJ. */
export function isValidDocument(s: string): boolean {
  return isValidCpf(s) || isValidCnpj(s)
}

/** "cpf", "cnpj" or null for a valid document. */
export function documentType(s: string): "cpf" | "cnpj" | null {
  if (isValidCpf(s)) return "cpf"
  if (isValidCnpj(s)) return "cnpj"
  return null
}

/** Plain form (digits, uppercase letters) of a valid document, or null. */
export function normalizeDocument(s: string): string | null {
  if (isValidCpf(s)) return normalizeCpf(s)
  if (isValidCnpj(s)) return normalizeCnpj(s)
  return null
}

/* ------------------------------------------------------------------------------------------ */
/* Money                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** The two languages of money input (issue 31 item 3): pt-BR `1.234,56`, en-US `1,234.56`. */
export type MoneyLocale = "pt" | "en"

const MONEY_SEPARATORS: Record<MoneyLocale, { readonly group: string; readonly decimal: string }> = {
  pt: { group: ".", decimal: "," },
  en: { group: ",", decimal: "." }
}

const moneyPattern = (l: MoneyLocale): RegExp => {
  const g = `\\${MONEY_SEPARATORS[l].group}`
  const d = `\\${MONEY_SEPARATORS[l].decimal}`
  // whole part grouped by threes everywhere or not grouped at all; 1 or 2 decimals
  return new RegExp(`^([0-9]{1,3}(?:${g}[0-9]{3})+|[0-9]+)(?:${d}([0-9]{1,2}))?$`)
}
const MONEY_PATTERNS: Record<MoneyLocale, RegExp> = { pt: moneyPattern("pt"), en: moneyPattern("en") }

/**
 * spec core §5 Money, features §5, issue 31 item 3 — money typed in the user's language →
 * integer cents, computed on the digit string (no floating point). pt (the default): comma
 * decimal, dot groups (`1.234,56`, `1234,56`); en: dot decimal, comma groups (`1,234.56`,
 * `1234.56`, `1,234`). An optional "R$" prefix (with or without a space) and surrounding
 * spaces are accepted. Returns null for anything else: the other language's form (en
 * `1.234,56`, pt `1,234.56`), a group separator out of place (`1,23` in en, `1.23` in pt),
 * more than 2 decimals (which also refuses the ambiguous `1.234` in en and `1,234` in pt),
 * negative amounts, amounts above Number.MAX_SAFE_INTEGER cents. The field then shows the
 * expected form (`centsToInput(123456, locale)`, D-locale-input).
 */
export function parseMoneyInput(s: string, locale: MoneyLocale = "pt"): number | null {
  if (typeof s !== "string" || s.length > 64) return null
  const l: MoneyLocale = locale === "en" ? "en" : "pt"
  let t = s.replace(/[\s\u00a0\u202f]+/g, " ").trim()
  if (t.startsWith("R$")) t = t.slice(2).trim()
  const m = MONEY_PATTERNS[l].exec(t)
  if (!m) return null
  const whole = (m[1] ?? "").split(MONEY_SEPARATORS[l].group).join("")
  const frac = (m[2] ?? "").padEnd(2, "0")
  const cents = BigInt(whole + frac)
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return null
  return Number(cents)
}

/**
 * Cents → the money input's canonical text in a language (the inverse of parseMoneyInput,
 * issue 31 item 3): pt 123456 → "1.234,56", en 123456 → "1,234.56". No currency symbol.
 * Also the example the field's message shows. Non-integers are truncated.
 */
export function centsToInput(cents: number, locale: MoneyLocale = "pt"): string {
  const sep = MONEY_SEPARATORS[locale === "en" ? "en" : "pt"]
  const neg = cents < 0
  const abs = Math.abs(Math.trunc(cents))
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, sep.group)
  const frac = String(abs % 100).padStart(2, "0")
  return `${neg ? "-" : ""}${whole}${sep.decimal}${frac}`
}

/* ------------------------------------------------------------------------------------------ */
/* Dates                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/**
 * spec core §5 "Date check accepts MM/DD/YYYY or YYYY-MM-DD" → "YYYY-MM-DD", or null for
 * anything else or an impossible date (2025-02-30). Note: MM/DD, not the DD/MM display form.
 */
export function parseDateInput(s: string): string | null {
  if (typeof s !== "string") return null
  if (parseIsoDate(s) !== null) return s
  const m = /^([0-9]{2})\/([0-9]{2})\/([0-9]{4})$/.exec(s)
  if (!m) return null
  const iso = `${m[3]}-${m[1]}-${m[2]}`
  return parseIsoDate(iso) !== null ? iso : null
}

/** Whole calendar days from `now`'s date in UTC-3 to `date` (negative in the past), or null. */
export function daysFromToday(date: string, now: Date = new Date()): number | null {
  const key = parseDateInput(date)
  if (key === null) return null
  const target = parseIsoDate(key)
  const today = parseIsoDate(saoPauloDateKey(now))
  if (target === null || today === null) return null
  return Math.round((target - today) / DAY_MS)
}

/**
 * spec core §5 date_within_days, features §5 and §9 Pix scheduling — the date is at most `days`
 * calendar days after today in UTC-3 (today is day 0). Day `days` itself passes ("up to 60 days
 * ahead", features §1/§9; the message says "cannot be more than 60 days"); day `days + 1` fails.
 * Past dates pass this rule (see `isDateTodayOrLater`). Invalid dates fail.
 */
export function isDateWithinDays(date: string, days = 60, now: Date = new Date()): boolean {
  const diff = daysFromToday(date, now)
  return diff !== null && diff <= days
}

/** The date is today or later in UTC-3 (for scheduling forms). */
export function isDateTodayOrLater(date: string, now: Date = new Date()): boolean {
  const diff = daysFromToday(date, now)
  return diff !== null && diff >= 0
}

export type DateInput = string | Date

/** Epoch ms of a date input: date-only strings are São Paulo midnight; Dates and ISO date-times as is. */
function toInstant(d: DateInput): number | null {
  if (d instanceof Date) {
    const t = d.getTime()
    return Number.isFinite(t) ? t : null
  }
  if (typeof d !== "string") return null
  const key = parseDateInput(d)
  if (key !== null) {
    const t = parseIsoDate(key)
    return t === null ? null : t + 3 * 3_600_000 // 00:00 in UTC-3
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(d)) return null
  const t = Date.parse(d)
  return Number.isFinite(t) ? t : null
}

/** features §5 — both dates fall in the same calendar month (UTC-3). False for invalid input. */
export function isSameMonth(a: DateInput, b: DateInput): boolean {
  const ta = toInstant(a)
  const tb = toInstant(b)
  if (ta === null || tb === null) return false
  return saoPauloDateKey(ta).slice(0, 7) === saoPauloDateKey(tb).slice(0, 7)
}

/**
 * features §5 "start must be before end" — start ≤ end (a single-day range such as the "today"
 * preset is ordered). False for invalid input.
 */
export function isRangeOrdered(start: DateInput, end: DateInput): boolean {
  const ts = toInstant(start)
  const te = toInstant(end)
  return ts !== null && te !== null && ts <= te
}

/* ------------------------------------------------------------------------------------------ */
/* Codes, lengths, formats                                                                      */
/* ------------------------------------------------------------------------------------------ */

function isDigits(s: string, n: number): boolean {
  return typeof s === "string" && s.length === n && /^[0-9]+$/.test(s)
}

/** spec core §5, features §5/§9 — PIN: 4 digits. */
export function isValidPin(s: string): boolean {
  return isDigits(s, 4)
}
/** spec core §5, features §5/§9 — temporary token: 6 digits. */
export function isValidTemporaryToken(s: string): boolean {
  return isDigits(s, 6)
}
/** features §5/§9 — Pix key (and portability/claim) confirmation code: 5 digits. */
export function isValidKeyCode(s: string): boolean {
  return isDigits(s, 5)
}
/** features §5/§9 — card password: 4 digits. */
export function isValidCardPassword(s: string): boolean {
  return isDigits(s, 4)
}
/** features §5 — card activation: the last four digits of the card. */
export function isValidCardLastFour(s: string, cardNumber?: string): boolean {
  if (!isDigits(s, 4)) return false
  return cardNumber === undefined || onlyDigits(cardNumber).endsWith(s)
}
/** spec core §5 profile update, core §9 — zip code exactly 9 characters, #####-###. */
export function isValidZip(s: string): boolean {
  return typeof s === "string" && /^[0-9]{5}-[0-9]{3}$/.test(s)
}

/** Character count in code points (an emoji counts as one). */
export function charCount(s: string): number {
  return typeof s === "string" ? Array.from(s).length : 0
}
/** spec core §5 length — exact character count. */
export function hasLength(s: string, n: number): boolean {
  return charCount(s) === n
}
/** spec core §5 min — at least `n` characters. */
export function hasMinLength(s: string, n: number): boolean {
  return typeof s === "string" && charCount(s) >= n
}
/** spec core §5 max — at most `n` characters. */
export function hasMaxLength(s: string, n: number): boolean {
  return typeof s === "string" && charCount(s) <= n
}

/** spec core §5 numeric — digits only, optionally with a decimal part after a comma or a dot. */
export function isNumeric(s: string): boolean {
  return typeof s === "string" && /^[0-9]+(?:[.,][0-9]+)?$/.test(s)
}

/**
 * spec core §5 email — pragmatic address check: ASCII local part (no leading, trailing or double
 * dots, ≤ 64), "@", a domain of at least two labels whose last label is alphabetic (≥ 2), ≤ 254 in total.
 */
export function isValidEmail(s: string): boolean {
  if (typeof s !== "string" || s.length > 254) return false
  const at = s.lastIndexOf("@")
  if (at < 1) return false
  const local = s.slice(0, at)
  const domain = s.slice(at + 1)
  if (local.length > 64) return false
  if (!/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(local)) return false
  const labels = domain.split(".")
  if (labels.length < 2) return false
  if (!labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l))) return false
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? "")
}

/* ------------------------------------------------------------------------------------------ */
/* Passwords                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export interface StrongPasswordChecks {
  readonly minLength: boolean
  readonly lowercase: boolean
  readonly uppercase: boolean
  readonly digit: boolean
  readonly special: boolean
}

/** spec core §5 strongPassword — each criterion for a live checklist. Special = not a letter, digit or whitespace. */
export function strongPasswordChecks(s: string): StrongPasswordChecks {
  const v = typeof s === "string" ? s : ""
  return {
    minLength: charCount(v) >= 8,
    lowercase: /\p{Ll}/u.test(v),
    uppercase: /\p{Lu}/u.test(v),
    digit: /[0-9]/.test(v),
    special: /[^\p{L}\p{N}\s]/u.test(v)
  }
}

/** spec core §5 password — at least 8 characters. */
export function isValidPassword(s: string): boolean {
  return hasMinLength(s, 8)
}

/** spec core §5 strongPassword — at least 8 characters with uppercase, lowercase, digit and special character. */
export function isStrongPassword(s: string): boolean {
  const c = strongPasswordChecks(s)
  return c.minLength && c.lowercase && c.uppercase && c.digit && c.special
}

export type PasswordStrength = "weak" | "average" | "good" | "strong"

/**
 * spec core §5 strongPassword strength levels. Score = number of satisfied criteria among
 * length ≥ 8, lowercase, uppercase, digit, special, plus 1 bonus for length ≥ 12 (0..6).
 * Thresholds: "strong" when all five required criteria hold (= isStrongPassword, so the meter
 * never says strong for a password the rule rejects); otherwise score ≥ 4 "good",
 * score 3 "average", score ≤ 2 "weak".
 */
export function passwordStrength(s: string): PasswordStrength {
  const c = strongPasswordChecks(s)
  const base = [c.minLength, c.lowercase, c.uppercase, c.digit, c.special].filter(Boolean).length
  if (base === 5) return "strong"
  const score = base + (charCount(typeof s === "string" ? s : "") >= 12 ? 1 : 0)
  if (score >= 4) return "good"
  if (score === 3) return "average"
  return "weak"
}

/* ------------------------------------------------------------------------------------------ */
/* Free text                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * spec core §5 no_special_characters, features §5 — only letters (Latin, accented included),
 * digits, the plain space (U+0020; no tabs or line breaks) and . , ; : ! ? _ ( ) " / & @ -.
 * Input is NFC-normalised first; combining accents are accepted. Empty text passes.
 */
export function hasNoSpecialCharacters(s: string): boolean {
  if (typeof s !== "string") return false
  return /^(?:[0-9 .,;:!?_()"/&@-]|(?=\p{L})\p{Script=Latin}|[\u0300-\u036f])*$/u.test(s.normalize("NFC"))
}

/**
 * spec core §5 no_emoji — no Extended_Pictographic characters (this includes ©, ® and ™), no
 * regional indicators (flags), skin-tone modifiers, emoji variation selector or keycap mark.
 */
export function hasNoEmoji(s: string): boolean {
  if (typeof s !== "string") return false
  return !/[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u20e3\ufe0f]/u.test(s)
}

/**
 * spec core §5 profile update — occupation search text: accents stripped (NFD), every run of
 * characters other than ASCII letters and digits becomes a single space, trimmed. Case kept.
 */
export function sanitizeOccupationSearch(s: string): string {
  if (typeof s !== "string") return ""
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
}

/* ------------------------------------------------------------------------------------------ */
/* Pix keys                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type PixKeyType = "cpf" | "cnpj" | "email" | "phone" | "random"

const UUID_V4 = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/
/** E.164 Brazilian number: +55, area code (two digits 1-9), 8 or 9 digits. */
const BR_PHONE = /^\+55[1-9]{2}[0-9]{8,9}$/

function phoneCandidate(s: string): string | null {
  if (!s.startsWith("+")) return null
  const compact = s.replace(/[\s()-]/g, "")
  return BR_PHONE.test(compact) ? compact : null
}

function isPixKeyOf(s: string, type: PixKeyType): boolean {
  switch (type) {
    case "cpf":
      return isValidCpf(s)
    case "cnpj":
      return isValidCnpj(s)
    case "email":
      return s.length <= 77 && isValidEmail(s)
    case "phone":
      return phoneCandidate(s) !== null
    case "random":
      return UUID_V4.test(s)
  }
}

/**
 * features §1/§7 Pix keys — detected type, or null when the text is no valid key. Order: e-mail
 * (has "@"), random key (UUID v4, any case), phone (starts with "+": +55DDNNNNNNNN[N], spaces,
 * parentheses and hyphens tolerated), CPF, CNPJ (formatted or plain, alphanumeric accepted).
 * An 11-digit text without "+" is a CPF, never a phone.
 */
export function pixKeyType(s: string): PixKeyType | null {
  if (typeof s !== "string" || s.length === 0 || s.length > 100) return null
  const order: readonly PixKeyType[] = ["email", "random", "phone", "cpf", "cnpj"]
  for (const t of order) if (isPixKeyOf(s, t)) return t
  return null
}

/** features §7 — valid Pix key, of the given type when `type` is given. */
export function isValidPixKey(s: string, type?: PixKeyType): boolean {
  if (typeof s !== "string" || s.length === 0 || s.length > 100) return false
  return type === undefined ? pixKeyType(s) !== null : isPixKeyOf(s, type)
}

/**
 * Canonical form of a valid key (what the DICT stores): CPF/CNPJ plain (CNPJ uppercase), e-mail
 * lowercased, phone +55DDNNNNNNNNN, random key lowercased. Null when not a valid key (of `type`).
 */
export function normalizePixKey(s: string, type?: PixKeyType): string | null {
  const t = type ?? pixKeyType(s)
  if (t === null || !isValidPixKey(s, t)) return null
  switch (t) {
    case "cpf":
      return normalizeCpf(s)
    case "cnpj":
      return normalizeCnpj(s)
    case "email":
      return s.toLowerCase()
    case "phone":
      return phoneCandidate(s)
    case "random":
      return s.toLowerCase()
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Roles                                                                                        */
/* ------------------------------------------------------------------------------------------ */

export const ROLES = ["ROOT", "ADMIN", "CLIENT", "APPROVER"] as const
export type Role = (typeof ROLES)[number]

/**
 * spec core §5 role rule, core §6 — APPROVER must come with ADMIN or CLIENT. Unknown role names
 * make the set invalid; an empty set breaks no rule and is valid.
 */
export function isValidRoleSet(roles: readonly string[]): boolean {
  if (!Array.isArray(roles)) return false
  const known: readonly string[] = ROLES
  if (!roles.every((r) => known.includes(r))) return false
  return !roles.includes("APPROVER") || roles.includes("ADMIN") || roles.includes("CLIENT")
}

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
/* Effect Schema bridge                                                                         */
/* ------------------------------------------------------------------------------------------ */

const filter = (ok: (s: string) => boolean, key: ValidationKey) => Schema.makeFilter((s: string) => ok(s) || key, { message: key })

/** Effect Schema filters whose failure message is the rule's VALIDATION_<RULE> key. */
export const checks = {
  Cpf: filter(isValidCpf, ValidationMessage.validCPF),
  Cnpj: filter(isValidCnpj, ValidationMessage.validCNPJ),
  Document: filter(isValidDocument, ValidationMessage.validDocument),
  Pin: filter(isValidPin, ValidationMessage.pin),
  TemporaryToken: filter(isValidTemporaryToken, ValidationMessage.temporary_token),
  Zip: filter(isValidZip, ValidationMessage.zip),
  Email: filter(isValidEmail, ValidationMessage.email),
  PixKey: filter((s) => isValidPixKey(s), ValidationMessage.pix_key),
  NoEmoji: filter(hasNoEmoji, ValidationMessage.no_emoji),
  NoSpecialCharacters: filter(hasNoSpecialCharacters, ValidationMessage.no_special_characters),
  StrongPassword: filter(isStrongPassword, ValidationMessage.strongPassword)
}

export const CpfString = Schema.String.check(checks.Cpf)
export const CnpjString = Schema.String.check(checks.Cnpj)
export const DocumentString = Schema.String.check(checks.Document)
export const PinString = Schema.String.check(checks.Pin)
export const TemporaryTokenString = Schema.String.check(checks.TemporaryToken)
export const ZipString = Schema.String.check(checks.Zip)
export const EmailString = Schema.String.check(checks.Email)
export const PixKeyString = Schema.String.check(checks.PixKey)
export const NoEmojiString = Schema.String.check(checks.NoEmoji)
export const NoSpecialCharactersString = Schema.String.check(checks.NoSpecialCharacters)
export const StrongPasswordString = Schema.String.check(checks.StrongPassword)

/* ------------------------------------------------------------------------------------------ */
/* Scheduling date rules (features §4, §5, §9; schema/schedule.ts), under the names later checks call */
export { isSchedulableDate, recurrenceDates } from "./schedule.ts"
export { reportCorrectionDeadline, REPORT_CORRECTION_BUSINESS_DAY } from "./betting.ts"
