/**
 * Brazilian national bank holidays, bank business days and the TED window.
 *
 * Serves spec features §1 and §9 (TED available on business days from 09:00 to 16:00),
 * features §9 (business-day counting, e.g. betting report correction deadline) and the
 * boleto due-date rules of features §2. Time zone per spec core §9: UTC-3 (display offset
 * −180 minutes); Brazil has had no daylight saving time since 2019, so a fixed offset is used.
 *
 * Dates are calendar days written "YYYY-MM-DD". Plain synchronous functions, no dependencies.
 */

const DAY_MS = 86_400_000
/** spec core §9 — UTC-3, display offset −180 minutes. */
export const SAO_PAULO_OFFSET_MINUTES = -180

export interface Holiday {
  readonly date: string
  readonly name: string
}

function pad2(n: number): string {
  return String(n).padStart(2, "0")
}

function isoFromUtc(t: number): string {
  const d = new Date(t)
  const y = d.getUTCFullYear()
  return `${String(y).padStart(4, "0")}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`
}

/** UTC midnight (ms) of a valid "YYYY-MM-DD" calendar date, or null. */
export function parseIsoDate(date: string): number | null {
  if (typeof date !== "string") return null
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  if (y < 1583) return null // Gregorian calendar only
  const t = Date.UTC(y, mo - 1, d)
  const check = new Date(t)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null
  return t
}

/** "YYYY-MM-DD" of an instant in São Paulo time (fixed UTC-3). */
export function saoPauloDateKey(instant: Date | string | number): string {
  const t = instant instanceof Date ? instant.getTime() : new Date(instant).getTime()
  if (!Number.isFinite(t)) return ""
  return isoFromUtc(t + SAO_PAULO_OFFSET_MINUTES * 60_000)
}

/**
 * Easter Sunday ("YYYY-MM-DD") of a Gregorian year, by the anonymous Gregorian algorithm
 * (Meeus/Jones/Butcher).
 */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`year out of range: ${year}`)
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${pad2(month)}-${pad2(day)}`
}

const holidayCache = new Map<number, readonly Holiday[]>()

/**
 * National bank holidays of a year, sorted by date: the fixed national holidays, Black
 * Consciousness Day (11-20, national from 2024 by Law 14.759/2023), and the movable days on
 * which banks do not open (Carnival Monday and Tuesday, Good Friday, Corpus Christi).
 */
export function bankHolidays(year: number): readonly Holiday[] {
  const cached = holidayCache.get(year)
  if (cached) return cached
  const easter = parseIsoDate(easterSunday(year))
  if (easter === null) throw new RangeError(`year out of range: ${year}`)
  const fixed: Array<[string, string]> = [
    ["01-01", "Confraternização Universal"],
    ["04-21", "Tiradentes"],
    ["05-01", "Dia do Trabalho"],
    ["09-07", "Independência do Brasil"],
    ["10-12", "Nossa Senhora Aparecida"],
    ["11-02", "Finados"],
    ["11-15", "Proclamação da República"],
    ["12-25", "Natal"]
  ]
  if (year >= 2024) fixed.push(["11-20", "Dia Nacional de Zumbi e da Consciência Negra"])
  const list: Holiday[] = fixed.map(([md, name]) => ({ date: `${year}-${md}`, name }))
  const movable: Array<[number, string]> = [
    [-48, "Carnaval (segunda-feira)"],
    [-47, "Carnaval (terça-feira)"],
    [-2, "Sexta-feira da Paixão"],
    [60, "Corpus Christi"]
  ]
  for (const [offset, name] of movable) list.push({ date: isoFromUtc(easter + offset * DAY_MS), name })
  list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
  const frozen = Object.freeze(list)
  holidayCache.set(year, frozen)
  return frozen
}

/** True when the date is a national bank holiday (false for invalid input). */
export function isBankHoliday(date: string): boolean {
  const t = parseIsoDate(date)
  if (t === null) return false
  const year = new Date(t).getUTCFullYear()
  return bankHolidays(year).some((h) => h.date === date)
}

/** True on weekdays that are not national bank holidays; false for weekends, holidays and invalid input. */
export function isBankBusinessDay(date: string): boolean {
  const t = parseIsoDate(date)
  if (t === null) return false
  const weekday = new Date(t).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  return !isBankHoliday(date)
}

function toDateKey(date: string | Date): string | null {
  if (date instanceof Date) {
    const k = saoPauloDateKey(date)
    return k === "" ? null : k
  }
  return parseIsoDate(date) === null ? null : date
}

/**
 * The first bank business day strictly after `date` ("YYYY-MM-DD", or a Date read in UTC-3).
 * Use `bankBusinessDayOnOrAfter` for "this day if it is a business day, else the next one".
 * Throws RangeError on an invalid date.
 */
export function nextBankBusinessDay(date: string | Date): string {
  return addBankBusinessDays(date, 1)
}

/** `date` itself when it is a bank business day, otherwise the next bank business day. */
export function bankBusinessDayOnOrAfter(date: string | Date): string {
  const key = toDateKey(date)
  if (key === null) throw new RangeError(`invalid date: ${String(date)}`)
  return isBankBusinessDay(key) ? key : addBankBusinessDays(key, 1)
}

/**
 * Moves `n` bank business days from `date` (negative `n` moves back). Each step goes to the
 * next (or previous) business day, so `n = 1` from a Friday gives the following Monday (when
 * not a holiday) and `n = 0` returns `date` unchanged. Throws RangeError on an invalid date.
 */
export function addBankBusinessDays(date: string | Date, n: number): string {
  const key = toDateKey(date)
  if (key === null) throw new RangeError(`invalid date: ${String(date)}`)
  if (!Number.isInteger(n)) throw new RangeError(`n must be an integer, got ${n}`)
  let t = parseIsoDate(key) ?? 0
  const step = n >= 0 ? DAY_MS : -DAY_MS
  let remaining = Math.abs(n)
  while (remaining > 0) {
    t += step
    if (isBankBusinessDay(isoFromUtc(t))) remaining--
  }
  return isoFromUtc(t)
}

/** spec features §1, §9 — TED opens at 09:00 (inclusive) and closes at 16:00 (exclusive), local time. */
export const TED_WINDOW = { openMinutes: 9 * 60, closeMinutes: 16 * 60 } as const

/**
 * spec features §1, §9 — true when `instant` falls on a bank business day in São Paulo time
 * (fixed UTC-3) and the local time t satisfies 09:00 ≤ t < 16:00.
 */
export function isTedWindowOpen(instant: Date): boolean {
  const t = instant instanceof Date ? instant.getTime() : NaN
  if (!Number.isFinite(t)) return false
  const local = new Date(t + SAO_PAULO_OFFSET_MINUTES * 60_000)
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes()
  if (minutes < TED_WINDOW.openMinutes || minutes >= TED_WINDOW.closeMinutes) return false
  return isBankBusinessDay(isoFromUtc(local.getTime()))
}
