/**
 * Instants and calendar days in America/Sao_Paulo for the whole project (schema, sync, workers, views and the sandbox: the one copy): fast ISO-8601
 * parsing at load time, day keys for grouping and charts, DD/MM/YYYY HH:mm for exports, and
 * the date-range presets of core §9 ("today, thisWeek, thisMonth, sevenDays, fifteenDays,
 * custom"). Brazil has had no daylight saving since 2019 and core §9 fixes the display offset
 * at -180 minutes, so a fixed UTC-3 is used throughout: no Intl, no time-zone database, and a
 * day key is one division.
 */

export const SAO_PAULO_OFFSET_MS = -3 * 3_600_000
export const DAY_MS = 86_400_000

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export const daysFromCivil = (y: number, m: number, d: number): number => {
  const yy = m <= 2 ? y - 1 : y
  const era = Math.floor(yy / 400)
  const yoe = yy - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/** The inverse of daysFromCivil: [year, month 1..12, day 1..31]. */
export const civilFromDays = (days: number): [number, number, number] => {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d]
}

const digitAt = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48
  return c >= 0 && c <= 9 ? c : NaN
}
const num = (s: string, from: number, len: number): number => {
  let v = 0
  for (let i = from; i < from + len; i++) v = v * 10 + digitAt(s, i)
  return v
}

/**
 * Epoch milliseconds of an ISO-8601 instant. The API's own shape (`2026-11-22T10:00:00.000Z`,
 * what toISOString writes) is parsed by hand, because Date.parse on a million rows is a
 * visible share of the load time; anything else goes through Date.parse. Throws on garbage so
 * a bad row never becomes a NaN that sorts nowhere.
 */
export const parseInstant = (s: string): number => {
  if (
    s.length === 24 &&
    s.charCodeAt(23) === 90 /* Z */ &&
    s.charCodeAt(19) === 46 /* . */ &&
    s.charCodeAt(4) === 45 &&
    s.charCodeAt(7) === 45 &&
    s.charCodeAt(10) === 84 /* T */ &&
    s.charCodeAt(13) === 58 &&
    s.charCodeAt(16) === 58
  ) {
    const mo = num(s, 5, 2)
    const d = num(s, 8, 2)
    const h = num(s, 11, 2)
    const mi = num(s, 14, 2)
    const se = num(s, 17, 2)
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 && mi <= 59 && se <= 59) {
      const ms = (((daysFromCivil(num(s, 0, 4), mo, d) * 24 + h) * 60 + mi) * 60 + se) * 1000 + num(s, 20, 3)
      if (!Number.isNaN(ms)) return ms
    }
  }
  const t = Date.parse(s)
  if (Number.isNaN(t)) throw new RangeError(`not an ISO-8601 instant: ${JSON.stringify(s)}`)
  return t
}

export const toIsoInstant = (ms: number): string => new Date(ms).toISOString()

/** Days since the epoch of the São Paulo calendar day containing `ms`. */
export const spDayIndex = (ms: number): number => Math.floor((ms + SAO_PAULO_OFFSET_MS) / DAY_MS)
/** Epoch ms of 00:00 São Paulo of a day index. */
export const spDayStart = (day: number): number => day * DAY_MS - SAO_PAULO_OFFSET_MS

const pad2 = (n: number): string => (n < 10 ? "0" + n : String(n))
const pad4 = (n: number): string => String(n).padStart(4, "0")

/** YYYY-MM-DD of a São Paulo day index (group and chart keys). */
export const spDayKey = (day: number): string => {
  const [y, m, d] = civilFromDays(day)
  return `${pad4(y)}-${pad2(m)}-${pad2(d)}`
}
/** YYYY-MM of a São Paulo day index. */
export const spMonthKey = (day: number): string => {
  const [y, m] = civilFromDays(day)
  return `${pad4(y)}-${pad2(m)}`
}

/** DD/MM/YYYY HH:mm in São Paulo (features §2 "Dates are shown DD/MM/YYYY with HH:mm"). */
export const formatSpDateTime = (ms: number): string => {
  const local = ms + SAO_PAULO_OFFSET_MS
  const day = Math.floor(local / DAY_MS)
  const inDay = local - day * DAY_MS
  const [y, m, d] = civilFromDays(day)
  const minutes = Math.floor(inDay / 60_000)
  return `${pad2(d)}/${pad2(m)}/${pad4(y)} ${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}

/** OFX date-time with its offset: YYYYMMDDHHMMSS[-3:BRT] (OFX 1.0.2 §3.2.3). */
export const formatOfxDateTime = (ms: number): string => {
  const local = ms + SAO_PAULO_OFFSET_MS
  const day = Math.floor(local / DAY_MS)
  const seconds = Math.floor((local - day * DAY_MS) / 1000)
  const [y, m, d] = civilFromDays(day)
  return `${pad4(y)}${pad2(m)}${pad2(d)}${pad2(Math.floor(seconds / 3600))}${pad2(Math.floor(seconds / 60) % 60)}${pad2(seconds % 60)}[-3:BRT]`
}

export type DatePreset = "today" | "thisWeek" | "thisMonth" | "sevenDays" | "fifteenDays"

/**
 * The [from, to) range in epoch ms of a core §9 preset at `now`. Every preset ends at the
 * start of tomorrow (today included). Weeks start on Sunday, as Brazilian calendars print them.
 * "custom" is not here: the view passes its own from/to.
 */
export const presetRange = (preset: DatePreset, now: number): { readonly from: number; readonly to: number } => {
  const today = spDayIndex(now)
  const to = spDayStart(today + 1)
  switch (preset) {
    case "today":
      return { from: spDayStart(today), to }
    case "sevenDays":
      return { from: spDayStart(today - 6), to }
    case "fifteenDays":
      return { from: spDayStart(today - 14), to }
    case "thisWeek": {
      // 1970-01-01 was a Thursday: (day + 4) mod 7 is 0 on Sundays
      const weekday = (((today + 4) % 7) + 7) % 7
      return { from: spDayStart(today - weekday), to }
    }
    case "thisMonth": {
      const [y, m] = civilFromDays(today)
      return { from: spDayStart(daysFromCivil(y, m, 1)), to }
    }
  }
}
