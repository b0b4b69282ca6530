/**
 * Money and dates (spec core §5 Money, date, date_within_days; features §5): money typed in each language, dates
 * typed or sent, ranges, and the Schemas a request body's amounts are. Public entry: schema/validation.ts.
 */
import { Schema } from "effect"
import { parseIsoDate, saoPauloDateKey } from "../holidays"
import { ruleCheck, ValidationMessage } from "./messages.ts"
import { LOCKED_CURRENCIES, WALLET_CURRENCIES } from "../currency-lists.ts"

const DAY_MS = 86_400_000

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

/** A check that a safe integer is at least `min` (VALIDATION_MIN_VALUE), e.g. a boleto's R$ 1.00 floor. */
export const atLeast = (min: number) => ruleCheck((n: number) => Number.isSafeInteger(n) && n >= min, ValidationMessage.min_value)
/** A check that a number is at most `max` (VALIDATION_MAX_VALUE). */
export const atMost = (max: number) => ruleCheck((n: number) => n <= max, ValidationMessage.max_value)
/** A check that a number lies in [min, max], both ends VALIDATION_MAX_VALUE (a rate's bounds). */
export const withinRange = (min: number, max: number) => ruleCheck((n: number) => n >= min && n <= max, ValidationMessage.max_value)
/** A calendar date YYYY-MM-DD (Gregorian, no 2025-02-30): VALIDATION_DATE otherwise. */
export const CalendarDateString = Schema.String.check(ruleCheck((s: string) => parseIsoDate(s) !== null, ValidationMessage.date))

/** A calendar date `n` days after `date` (YYYY-MM-DD; UTC days, as the sandbox counts a due date's window). */
export const addIsoDays = (date: string, n: number): string => new Date((parseIsoDate(date) ?? 0) + n * 86_400_000).toISOString().slice(0, 10)
/**
 * A date's window whose bounds depend on the day it is judged (D-sandbox-by-area): a YYYY-MM-DD before `min` fails with
 * `before`, after `max` with `after` (compared as text, after the date's own format check). The sandbox builds it with
 * its business clock's São Paulo date and decodes the body with it in the route (`decodeOr422`); a view can build it
 * with today's. The keys are a rule's VALIDATION_<RULE> or a catalogue key the field answers (BILLET_DATE_INVALID).
 */
export const dateWithin = (bounds: { readonly min?: string; readonly max?: string }, keys: { readonly before?: string; readonly after?: string } = {}) =>
  Schema.makeFilter((s: string) =>
    bounds.min !== undefined && s < bounds.min
      ? (keys.before ?? ValidationMessage.date)
      : bounds.max !== undefined && s > bounds.max
        ? (keys.after ?? ValidationMessage.date)
        : true
  )

/** An amount in minor units above zero (a payment, a devolution, a schedule): VALIDATION_MIN_VALUE otherwise. */
export const isPositiveAmount = (n: number): boolean => Number.isSafeInteger(n) && n > 0
/** A body's amount that must be more than zero: an integer (VALIDATION_FORMAT) above zero (VALIDATION_MIN_VALUE). */
export const PositiveAmount = Schema.Int.check(ruleCheck(isPositiveAmount, ValidationMessage.min_value))

/* ------------------------------------------------------------------------------------------ */
/* Conversion pairs (core §7 "Conversion and currencies", §9; features §3)                      */

const CURRENCY_SYMBOLS: ReadonlyArray<string> = [...WALLET_CURRENCIES, ...LOCKED_CURRENCIES]
const isLockedCurrency = (s: string): boolean => (LOCKED_CURRENCIES as ReadonlyArray<string>).includes(s)
/** A currency asked for a quote, in any case: one of the catalogue's symbols (VALIDATION_FORMAT otherwise). */
export const QuotedCurrency = Schema.String.check(Schema.makeFilter((s: string) => CURRENCY_SYMBOLS.includes(s.toUpperCase())))
/**
 * A conversion's pair (D-sandbox-by-area): BRL on exactly one side, else VALIDATION_FORMAT on the `second` field. Judged
 * when neither side is locked: a locked currency is the route's refusal (CURRENCY_NOT_CONVERTIBLE). Symbols in any case.
 */
export const brlOnOneSide = (first: string, second: string) =>
  Schema.makeFilter((v: Readonly<Record<string, unknown>>) => {
    const a = String(v[first]).toUpperCase()
    const b = String(v[second]).toUpperCase()
    if (isLockedCurrency(a) || isLockedCurrency(b)) return true
    return (a === "BRL") !== (b === "BRL") || { path: [second], issue: "VALIDATION_FORMAT" }
  })
/** A conversion's side agrees with its pair (D-sandbox-by-area): from BRL is a buy, to BRL a sell (VALIDATION_FORMAT on `side`); judged on a valid pair only. */
export const sideOfPair = Schema.makeFilter((v: { readonly side: string; readonly from_currency: string; readonly to_currency: string }) => {
  if (isLockedCurrency(v.from_currency) || isLockedCurrency(v.to_currency) || (v.from_currency === "BRL") === (v.to_currency === "BRL")) return true
  return v.side === (v.from_currency === "BRL" ? "buy" : "sell") || { path: ["side"], issue: "VALIDATION_FORMAT" }
})
