/**
 * The series of the statement chart (issue 5 "a chart of in/out per day that follows the
 * filter"): the worker's day groups → one point per day from the first to the last (days with
 * nothing are zero), per month past 120 days, with the running net. Pure, so it is tested apart
 * from the chart.
 */
import type { GroupTotals } from "../../../workers/results.ts"
import { dayKey, dayOfKey } from "../../lib/date-presets.ts"

/** Past this many days the chart draws months. */
export const MONTHLY_AFTER_DAYS = 120

export interface Point { readonly key: string; readonly label: string; readonly sumIn: number; readonly sumOut: number; readonly net: number }

/** Day groups (any order) → one point per day from the first to the last, or per month past 120 days. */
export function chartSeries(groups: ReadonlyArray<GroupTotals>): Point[] {
  const days = groups.map((g) => ({ day: dayOfKey(g.key), g })).filter((x): x is { day: number; g: GroupTotals } => x.day !== null)
  if (days.length === 0) return []
  days.sort((a, b) => a.day - b.day)
  const first = (days[0] as { day: number }).day
  const lastDay = (days[days.length - 1] as { day: number }).day
  const byMonth = lastDay - first > MONTHLY_AFTER_DAYS
  const buckets = new Map<string, { sumIn: number; sumOut: number }>()
  for (let d = first; d <= lastDay; d++) {
    const k = byMonth ? dayKey(d).slice(0, 7) : dayKey(d)
    if (!buckets.has(k)) buckets.set(k, { sumIn: 0, sumOut: 0 })
  }
  for (const { day, g } of days) {
    const k = byMonth ? dayKey(day).slice(0, 7) : dayKey(day)
    const b = buckets.get(k)
    if (b) { b.sumIn += g.sumIn; b.sumOut += g.sumOut }
  }
  let net = 0
  return [...buckets].map(([key, b]) => {
    net += b.sumIn - b.sumOut
    const label = key.length === 7 ? `${key.slice(5, 7)}/${key.slice(0, 4)}` : `${key.slice(8, 10)}/${key.slice(5, 7)}`
    return { key, label, sumIn: b.sumIn, sumOut: b.sumOut, net }
  })
}
