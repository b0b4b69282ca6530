/**
 * Display formats shared by the views and the sandbox: documents, phone, card number, zip,
 * BRL and crypto amounts, dates and times in São Paulo time, relative time, truncation.
 *
 * Serves spec core §5 (display formats), core §2.4 and §9 (truncation to 22 characters,
 * relative time, currency decimals, UTC-3) and features §2 "Behaviour of screens".
 * Plain synchronous functions, no dependencies, no floating-point arithmetic on amounts.
 * Functions that cannot format their input return it unchanged (documented per function).
 */
import { saoPauloDateKey, SAO_PAULO_OFFSET_MINUTES } from "./holidays"

export { saoPauloDateKey } from "./holidays"

export type Locale = "pt" | "en"

const DOC_SEPARATORS = /[.\-/\s]/g

/* ------------------------------------------------------------------------------------------ */
/* Documents, phone, card, zip                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** spec core §5 — CPF as 000.000.000-00; input formatted or plain; returned unchanged when not 11 digits. */
export function formatCpf(s: string): string {
  const d = typeof s === "string" ? s.replace(DOC_SEPARATORS, "") : ""
  if (!/^[0-9]{11}$/.test(d)) return s
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
}

/**
 * spec core §5 "CPF … (masked in places)" — the masking used on Pix receipts and key lists:
 * the first 3 and the last 2 digits hidden, `***.456.789-**`. Unchanged when not 11 digits.
 */
export function maskCpf(s: string): string {
  const d = typeof s === "string" ? s.replace(DOC_SEPARATORS, "") : ""
  if (!/^[0-9]{11}$/.test(d)) return s
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`
}

/** spec core §5 — CNPJ as 00.000.000/0000-00 (alphanumeric CNPJ too, letters uppercased); unchanged when not 14 characters. */
export function formatCnpj(s: string): string {
  const d = typeof s === "string" ? s.replace(DOC_SEPARATORS, "").toUpperCase() : ""
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(d)) return s
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
}

/** CPF or CNPJ by length (11 → CPF, 14 → CNPJ); unchanged otherwise. */
export function formatDocument(s: string): string {
  const d = typeof s === "string" ? s.replace(DOC_SEPARATORS, "") : ""
  if (d.length === 11) return formatCpf(s)
  if (d.length === 14) return formatCnpj(s)
  return s
}

/**
 * spec core §5 — phone as (NN) NNNNN-NNNN (11 digits) or (NN) NNNN-NNNN (10 digits, landline);
 * a leading +55 / 55 country code is dropped. Unchanged when the digit count does not fit.
 */
export function formatPhone(s: string): string {
  if (typeof s !== "string") return s
  let d = s.replace(/[^0-9]/g, "")
  if ((d.length === 12 || d.length === 13) && d.startsWith("55")) d = d.slice(2)
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`
  return s
}

/** spec core §5 — card number in groups of 4 separated by spaces; masking characters (*, •, X) are kept. */
export function formatCardNumber(s: string): string {
  if (typeof s !== "string") return s
  const d = s.replace(/[\s-]/g, "")
  if (!/^[0-9*•Xx]+$/.test(d)) return s
  return d.replace(/(.{4})(?=.)/g, "$1 ")
}

/** spec core §5, §9 — zip code as #####-###; unchanged when not 8 digits. */
export function formatZip(s: string): string {
  const d = typeof s === "string" ? s.replace(/[^0-9]/g, "") : ""
  if (d.length !== 8 || !/^[0-9\s.-]+$/.test(s)) return s
  return `${d.slice(0, 5)}-${d.slice(5)}`
}

/* ------------------------------------------------------------------------------------------ */
/* Amounts                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** spec core §9 — decimals per currency: BRL 2, BTC 8, ETH 8, USDT 6; fiat EUR/USD 2; other (crypto) symbols 8. */
export function currencyDecimals(symbol: string): number {
  switch ((typeof symbol === "string" ? symbol : "").toUpperCase()) {
    case "BRL":
    case "USD":
    case "EUR":
      return 2
    case "USDT":
      return 6
    default:
      return 8 // BTC, ETH and any other crypto: "crypto with currency_decimal (8 decimals)"
  }
}

/** Integer minor units → exact decimal string "-1234.56" (no floating point). */
function minorToDecimalString(minor: number | bigint, decimals: number): string | null {
  let v: bigint
  if (typeof minor === "bigint") v = minor
  else if (Number.isSafeInteger(minor)) v = BigInt(minor)
  else return null
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) return null
  const negative = v < 0n
  const digits = (negative ? -v : v).toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const frac = digits.slice(digits.length - decimals)
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${frac}` : ""}`
}

const INTL_LOCALE: Record<Locale, string> = { pt: "pt-BR", en: "en-US" }

/** Non-breaking spaces Intl inserts (U+00A0, U+202F) → plain spaces, for stable text and tests. */
function plainSpaces(s: string): string {
  return s.replace(/[\u00a0\u202f]/g, " ")
}

const brlFormatters = new Map<Locale, Intl.NumberFormat>()

/**
 * spec core §5 Money, §9 — integer cents as BRL: pt `R$ 1.234,56` (pt-BR), en `R$1,234.56`
 * (en-US, currency BRL). Intl gets an exact decimal string, never cents / 100. The non-breaking
 * space Intl puts after "R$" in pt-BR is normalised to a plain space. Non-integer input → "".
 */
export function formatBrl(cents: number | bigint, locale: Locale = "pt"): string {
  const dec = minorToDecimalString(cents, 2)
  if (dec === null) return ""
  const loc: Locale = locale === "en" ? "en" : "pt"
  let f = brlFormatters.get(loc)
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[loc], { style: "currency", currency: "BRL" })
    brlFormatters.set(loc, f)
  }
  // Intl.NumberFormat v3 formats decimal strings exactly; the type only declares number | bigint
  return plainSpaces(f.format(dec as unknown as number))
}

const countFormatters = new Map<Locale, Intl.NumberFormat>()

/**
 * A count (rows, items) grouped in the language's way: pt `1.234.567`, en `1,234,567`. One formatter per language:
 * `Number.prototype.toLocaleString` builds a new one at every call (a third of a millisecond; the statement's totals
 * and count are formatted at every answer of every keystroke).
 */
export function formatCount(n: number, locale: Locale = "pt"): string {
  const loc: Locale = locale === "en" ? "en" : "pt"
  let f = countFormatters.get(loc)
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[loc])
    countFormatters.set(loc, f)
  }
  return f.format(n)
}

/** Groups an integer digit string with a separator every 3 digits. */
function groupThousands(digits: string, sep: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep)
}

/**
 * spec core §5, §9 — crypto amount from integer minor units with all `decimals` places shown
 * (BTC/ETH 8, USDT 6; see `currencyDecimals`), string arithmetic only.
 * pt: `1.234,56789012`; en: `1,234.56789012`. No currency symbol. Non-integer input → "".
 */
export function formatCrypto(minorUnits: number | bigint, decimals: number, locale: Locale = "pt"): string {
  const dec = minorToDecimalString(minorUnits, decimals)
  if (dec === null) return ""
  const negative = dec.startsWith("-")
  const [whole = "0", frac] = (negative ? dec.slice(1) : dec).split(".")
  const en = locale === "en"
  const grouped = groupThousands(whole, en ? "," : ".")
  return `${negative ? "-" : ""}${grouped}${frac !== undefined ? (en ? "." : ",") + frac : ""}`
}

/* ------------------------------------------------------------------------------------------ */
/* Dates and times                                                                              */
/* ------------------------------------------------------------------------------------------ */

function pad2(n: number): string {
  return String(n).padStart(2, "0")
}

/** Epoch ms of a Date, ISO string or epoch number; null when invalid. */
function toMs(v: Date | string | number): number | null {
  const t = v instanceof Date ? v.getTime() : typeof v === "string" || typeof v === "number" ? new Date(v).getTime() : NaN
  return Number.isFinite(t) ? t : null
}

/** Shifted Date whose UTC fields read São Paulo local time (fixed UTC-3, spec core §9). */
function spFields(t: number): Date {
  return new Date(t + SAO_PAULO_OFFSET_MINUTES * 60_000)
}

/**
 * spec core §5, features §2 — `DD/MM/YYYY HH:mm` in São Paulo time (UTC-3) for both locales.
 * Accepts a Date, an ISO string or epoch ms; invalid input → "". `locale` is accepted for
 * symmetry with the other formatters (the spec gives one format for both).
 */
export function formatDateTime(isoOrDate: Date | string | number, _locale: Locale = "pt"): string {
  const t = toMs(isoOrDate)
  if (t === null) return ""
  const d = spFields(t)
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`
}

/**
 * spec core §5 — `DD/MM/YYYY`. A date-only "YYYY-MM-DD" string is a calendar day and is shown as
 * is (no time-zone shift); instants are read in São Paulo time. Invalid input → "".
 */
export function formatDate(isoOrDate: Date | string | number, _locale: Locale = "pt"): string {
  if (typeof isoOrDate === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoOrDate)
    if (m) return `${m[3]}/${m[2]}/${m[1]}`
  }
  const t = toMs(isoOrDate)
  if (t === null) return ""
  const key = saoPauloDateKey(t)
  return `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`
}

/** `HH:mm` in São Paulo time; invalid input → "". */
export function formatTime(isoOrDate: Date | string | number): string {
  const t = toMs(isoOrDate)
  if (t === null) return ""
  const d = spFields(t)
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`
}

export type RelativeTime =
  | { readonly key: "justNow" }
  | { readonly key: "aMinuteAgo" }
  | { readonly key: "minutesAgo"; readonly count: number }
  | { readonly key: "anHourAgo" }
  | { readonly key: "hoursAgo"; readonly count: number }
  | { readonly key: "dateTime"; readonly text: string }

/**
 * spec core §9 relative time — elapsed < 1 min justNow; < 2 min aMinuteAgo; < 60 min
 * minutesAgo (count = whole minutes); < 2 h anHourAgo; < 24 h hoursAgo (count = whole hours);
 * otherwise dateTime with `text` = formatDateTime. A time up to one minute in the future
 * (clock skew) is justNow; further in the future is dateTime. Invalid input → dateTime "".
 */
export function relativeTime(then: Date | string | number, now: Date | string | number = new Date(), locale: Locale = "pt"): RelativeTime {
  const t = toMs(then)
  const n = toMs(now)
  if (t === null || n === null) return { key: "dateTime", text: "" }
  const diff = n - t
  const MIN = 60_000
  const HOUR = 3_600_000
  if (diff < -MIN) return { key: "dateTime", text: formatDateTime(t, locale) }
  if (diff < MIN) return { key: "justNow" }
  if (diff < 2 * MIN) return { key: "aMinuteAgo" }
  if (diff < HOUR) return { key: "minutesAgo", count: Math.floor(diff / MIN) }
  if (diff < 2 * HOUR) return { key: "anHourAgo" }
  if (diff < 24 * HOUR) return { key: "hoursAgo", count: Math.floor(diff / HOUR) }
  return { key: "dateTime", text: formatDateTime(t, locale) }
}

/* ------------------------------------------------------------------------------------------ */
/* Text                                                                                         */
/* ------------------------------------------------------------------------------------------ */

/**
 * spec core §2.4, §9 — wallet and owner names truncated to 22 characters: text longer than `n`
 * characters keeps its first `n` characters (code points, so emoji are never split; trailing
 * spaces dropped) followed by "…". Text of at most `n` characters is returned unchanged.
 */
export function truncate(s: string, n = 22): string {
  if (typeof s !== "string") return ""
  const chars = Array.from(s)
  if (chars.length <= n) return s
  return `${chars.slice(0, Math.max(0, n)).join("").trimEnd()}…`
}
