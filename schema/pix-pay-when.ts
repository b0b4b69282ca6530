/**
 * "When" in the Pix pay flow (issue 13 "in the Pix pay flow a date field and a repeat option"; spec
 * features §5 date_within_days, §9 "up to 60 days ahead (UTC-3)"; D-pix-pay-when): now, on a date, or
 * repeated. The rule the page checks before the PIN; the sandbox checks the same on its own clock
 * (isSchedulableDate for a date, RECURRENCE_START_MAX_DAYS for a repetition's first payment).
 */
import { isSchedulableDate } from "./schedule.ts"
import { RECURRENCE_START_MAX_DAYS } from "./pix-schedule.ts"
import { saoPauloDateKey } from "./holidays.ts"
import { DAY_MS } from "./sao-paulo-time.ts"

export type When = "now" | "date" | "repeat"

const isDay = (d: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(d)

/**
 * What is wrong with the "when" chosen (a message key of the pix namespace), or null: a date from
 * tomorrow up to 60 days ahead in São Paulo; a first repetition from tomorrow up to a year ahead, and a
 * last one, when given, not before it. "now" is always fine.
 */
export function whenProblem(w: { readonly when: When; readonly date: string; readonly start: string; readonly end: string }, now = new Date()): string | null {
  if (w.when === "date") {
    if (!isDay(w.date)) return "when.dateInvalid"
    return isSchedulableDate(w.date, now) ? null : "when.dateOutside"
  }
  if (w.when === "repeat") {
    const today = saoPauloDateKey(now)
    const last = saoPauloDateKey(new Date(now.getTime() + RECURRENCE_START_MAX_DAYS * DAY_MS))
    if (!isDay(w.start) || w.start <= today || w.start > last) return "when.startOutside"
    if (w.end !== "" && (!isDay(w.end) || w.end < w.start)) return "when.endBeforeStart"
  }
  return null
}
