/**
 * The date-range presets of spec core §9 and features §2 "Behaviour of screens" (today,
 * thisWeek, thisMonth, sevenDays, fifteenDays, custom) as half-open [from, to) ranges in epoch
 * ms, in São Paulo time. Core §9 fixes the display offset at -180 minutes and Brazil has had no
 * daylight saving since 2019, so a fixed UTC-3 is used: no time-zone database.
 * Also the calendar-day keys (YYYY-MM-DD) a custom range and the server export (features §5
 * "a statement range must fall in the same month") speak in.
 * The statement projection in the worker reads ranges in the same way (from inclusive, to
 * exclusive); views may not import it, hence this small copy of the arithmetic.
 */

/** UTC-3 (core §9). */
export const SP_OFFSET_MS = -3 * 3_600_000
export const DAY_MS = 86_400_000

export const DATE_PRESETS = ["today", "thisWeek", "thisMonth", "sevenDays", "fifteenDays"] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export interface DateRange { readonly from: number; readonly to: number }

/** Days since 1970-01-01 of the São Paulo calendar day holding `ms`. */
export const spDay = (ms: number): number => Math.floor((ms + SP_OFFSET_MS) / DAY_MS)
/** Epoch ms of 00:00 in São Paulo of a day number. */
export const spDayStart = (day: number): number => day * DAY_MS - SP_OFFSET_MS

/** YYYY-MM-DD of a day number. */
export const dayKey = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)
/** YYYY-MM-DD (São Paulo) of an instant. */
export const spDateKey = (ms: number): string => dayKey(spDay(ms))

/** The day number of a YYYY-MM-DD key, or null for anything else (including 2025-02-30). */
export function dayOfKey(key: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  const t = Date.UTC(y, mo - 1, d)
  const back = new Date(t)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null
  return Math.round(t / DAY_MS)
}

/**
 * The range of a preset at `now`. Every preset ends at the start of tomorrow (today included);
 * sevenDays and fifteenDays count today as the last of their days; weeks start on Sunday, as
 * Brazilian calendars print them.
 */
export function presetRange(preset: DatePreset, now: number): DateRange {
  const today = spDay(now)
  const to = spDayStart(today + 1)
  switch (preset) {
    case "today": return { from: spDayStart(today), to }
    case "sevenDays": return { from: spDayStart(today - 6), to }
    case "fifteenDays": return { from: spDayStart(today - 14), to }
    case "thisWeek": {
      const weekday = new Date(today * DAY_MS).getUTCDay() // 0 = Sunday
      return { from: spDayStart(today - weekday), to }
    }
    case "thisMonth": {
      const first = dayOfKey(`${dayKey(today).slice(0, 7)}-01`) ?? today
      return { from: spDayStart(first), to }
    }
  }
}

/** A custom range of whole days, start and end included; null when a key is not a date. */
export function customRange(startKey: string, endKey: string): DateRange | null {
  const a = dayOfKey(startKey)
  const b = dayOfKey(endKey)
  if (a === null || b === null) return null
  return { from: spDayStart(a), to: spDayStart(b + 1) }
}

/** The first and last calendar days (YYYY-MM-DD) of a range. */
export function rangeDayKeys(r: DateRange): { readonly start: string; readonly end: string } {
  return { start: spDateKey(r.from), end: spDateKey(r.to - 1) }
}

/** features §5: start ≤ end (a single day is ordered). */
export const isOrderedKeys = (start: string, end: string): boolean => {
  const a = dayOfKey(start)
  const b = dayOfKey(end)
  return a !== null && b !== null && a <= b
}

/** features §5: both days in the same calendar month. */
export const isSameMonthKeys = (start: string, end: string): boolean =>
  dayOfKey(start) !== null && dayOfKey(end) !== null && start.slice(0, 7) === end.slice(0, 7)
