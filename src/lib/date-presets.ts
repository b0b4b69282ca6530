/**
 * The date-range presets of spec core §9 and features §2 "Behaviour of screens" (today,
 * thisWeek, thisMonth, sevenDays, fifteenDays, custom) as half-open [from, to) ranges in epoch
 * ms, in São Paulo time. Core §9 fixes the display offset at -180 minutes and Brazil has had no
 * daylight saving since 2019, so a fixed UTC-3 is used: no time-zone database.
 * Also the calendar-day keys (YYYY-MM-DD) a custom range and the server export (features §5
 * "a statement range must fall in the same month") speak in.
 * The arithmetic is schema/sao-paulo-time.ts (the one copy, shared with the worker's projection
 * and the sandbox); this file adds the view's key validation and range rules.
 */

import { DAY_MS, SAO_PAULO_OFFSET_MS, presetRange as spPresetRange, spDayIndex, spDayKey, spDayStart } from "../../schema/sao-paulo-time.ts"

/** UTC-3 (core §9): the one definition lives in schema/sao-paulo-time.ts. */
export const SP_OFFSET_MS = SAO_PAULO_OFFSET_MS
export { DAY_MS, spDayStart }

export const DATE_PRESETS = ["today", "thisWeek", "thisMonth", "sevenDays", "fifteenDays"] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export interface DateRange {
  readonly from: number
  readonly to: number
}

/** Days since 1970-01-01 of the São Paulo calendar day holding `ms`. */
export const spDay = spDayIndex

/** YYYY-MM-DD of a day number. */
export const dayKey = spDayKey
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
 * The range of a preset at `now` (schema/sao-paulo-time.ts presetRange). Every preset ends at
 * the start of tomorrow (today included); sevenDays and fifteenDays count today as the last of
 * their days; weeks start on Sunday, as Brazilian calendars print them.
 */
export const presetRange = (preset: DatePreset, now: number): DateRange => spPresetRange(preset, now)

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
