/**
 * Date rules of scheduled payments and the days ahead (spec features §1, §4, §5, §9 Pix
 * scheduling and recurrences; issue 13): the occurrences of a recurrence, which dates may be
 * scheduled, and the projected balance of the coming days from every committed outflow. Plain
 * functions over "YYYY-MM-DD" strings in São Paulo time (UTC-3, no daylight saving since 2019),
 * shared by the sandbox's scheduler, the engine and the views; re-exported from validation.ts.
 */
import { parseIsoDate, saoPauloDateKey } from "./holidays.ts"

const DAY_MS = 86_400_000
export type Frequency = "WEEKLY" | "MONTHLY" | "ANNUALLY"

/** How many days a date may be scheduled ahead (features §9: "up to 60 days"). */
export const SCHEDULE_MAX_DAYS = 60

const pad = (n: number, w = 2): string => String(n).padStart(w, "0")
const keyOf = (y: number, m: number, d: number): string => `${pad(y, 4)}-${pad(m)}-${pad(d)}`
/** Days in a month (m 1–12). */
export const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate()
const addDaysKey = (key: string, n: number): string => {
  const t = parseIsoDate(key)
  if (t === null) throw new RangeError(`not a date: ${key}`)
  return new Date(t + n * DAY_MS).toISOString().slice(0, 10)
}

export interface RecurrenceInput {
  /** The first occurrence, "YYYY-MM-DD". */
  readonly start: string
  readonly frequency: Frequency
  /** The last day an occurrence may fall on (inclusive). */
  readonly end?: string
  /** How many occurrences at most. */
  readonly count?: number
}

/** A bound when neither `end` nor `count` is given: ten years of occurrences. */
const OPEN_ENDED = { WEEKLY: 522, MONTHLY: 120, ANNUALLY: 10 } as const

/**
 * spec features §4/§8 recurrences — the occurrences from `start` (inclusive) by `frequency`, up to
 * `end` (inclusive) or `count` occurrences. Monthly and annual occurrences keep the day of `start`
 * and fall on the last day of a shorter month (31 Jan → 28/29 Feb → 31 Mar); 29 Feb yearly falls on
 * 28 Feb in common years. The n-th occurrence is computed from `start`, never from the previous one,
 * so a short month does not pull the later ones back.
 */
export function recurrenceDates(r: RecurrenceInput): string[] {
  const t0 = parseIsoDate(r.start)
  if (t0 === null) return []
  const endT = r.end === undefined ? null : parseIsoDate(r.end)
  if (r.end !== undefined && endT === null) return []
  const max = r.count ?? OPEN_ENDED[r.frequency]
  const s = new Date(t0)
  const y0 = s.getUTCFullYear(),
    m0 = s.getUTCMonth() + 1,
    d0 = s.getUTCDate()
  const out: string[] = []
  for (let i = 0; out.length < max; i++) {
    let key: string
    if (r.frequency === "WEEKLY") key = addDaysKey(r.start, 7 * i)
    else {
      const months = r.frequency === "MONTHLY" ? i : 12 * i
      const y = y0 + Math.floor((m0 - 1 + months) / 12)
      const m = ((m0 - 1 + months) % 12) + 1
      key = keyOf(y, m, Math.min(d0, daysInMonth(y, m)))
    }
    if (endT !== null && (parseIsoDate(key) ?? 0) > endT) break
    out.push(key)
  }
  return out
}

/**
 * spec features §5/§9 scheduling — a payment may be scheduled from tomorrow (São Paulo) up to
 * SCHEDULE_MAX_DAYS days ahead; today is "pay now", not a schedule.
 */
export function isSchedulableDate(date: string, now: Date = new Date()): boolean {
  const t = parseIsoDate(date)
  const today = parseIsoDate(saoPauloDateKey(now))
  if (t === null || today === null) return false
  const days = Math.round((t - today) / DAY_MS)
  return days >= 1 && days <= SCHEDULE_MAX_DAYS
}

/** One committed movement of the days ahead: a scheduled Pix, a recurrence's occurrence, an automatic debit, a boleto. */
export interface AheadItem {
  readonly date: string
  /** Minor units: negative goes out, positive comes in. */
  readonly amount: number
  /** Who it goes to, where the source knows (the chart's items of a day, issue 31 item 4). */
  readonly label?: string
}
export interface AheadDay {
  readonly date: string
  readonly outflow: number
  readonly inflow: number
  readonly count: number
  /** The balance at the end of the day, after its movements. */
  readonly balance: number
}
export interface DaysAhead {
  readonly days: ReadonlyArray<AheadDay>
  /** The first day whose closing balance is below zero, if any. */
  readonly firstNegative: string | null
}

/**
 * The days ahead (issue 13): from `today` for `days` days, each day's committed movements and the
 * projected closing balance, starting from `balance`. Items outside the window are ignored; items
 * dated before today are not (they are late, and count on today).
 */
export function daysAhead(items: ReadonlyArray<AheadItem>, balance: number, today: string, days = SCHEDULE_MAX_DAYS): DaysAhead {
  const t0 = parseIsoDate(today)
  if (t0 === null) return { days: [], firstNegative: null }
  const outflow = new Float64Array(days + 1)
  const inflow = new Float64Array(days + 1)
  const count = new Uint32Array(days + 1)
  for (const it of items) {
    const t = parseIsoDate(it.date)
    if (t === null) continue
    const i = Math.max(0, Math.round((t - t0) / DAY_MS))
    if (i > days) continue
    if (it.amount < 0) outflow[i]! += -it.amount
    else inflow[i]! += it.amount
    count[i]!++
  }
  const out: AheadDay[] = []
  let bal = balance
  let firstNegative: string | null = null
  for (let i = 0; i <= days; i++) {
    bal += inflow[i]! - outflow[i]!
    const date = new Date(t0 + i * DAY_MS).toISOString().slice(0, 10)
    if (firstNegative === null && bal < 0) firstNegative = date
    out.push({ date, outflow: outflow[i]!, inflow: inflow[i]!, count: count[i]!, balance: bal })
  }
  return { days: out, firstNegative }
}
