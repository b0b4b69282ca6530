/**
 * The days ahead's items (issue 13 "the days ahead"; spec features §4 recurrences, days 29–31, a
 * recurring Pix above its maximum value not scheduled): from the synced scheduled payments and
 * recurrences, checked against a naive day-by-day computation over generated schedules, and the
 * next occurrences a recurrence lists.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import { aheadItemsOf, nextOccurrences, type PixRecurrence, type ScheduledPix } from "./pix-schedule.ts"
import { daysAhead } from "./schedule.ts"

const DAY = 86_400_000
const add = (d: string, n: number): string => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
type S = Pick<ScheduledPix, "payment_date" | "amount" | "status" | "recurrence_id">
type R = Pick<PixRecurrence, "id" | "start_date" | "end_date" | "frequency" | "value" | "payment_max_value" | "status">

/** Naive: for each day of the window, every scheduled payment of that day and every recurrence that falls on it. */
function naive(scheduled: ReadonlyArray<S>, recs: ReadonlyArray<R>, balance: number, today: string, days: number): Array<[string, number]> {
  const out: Array<[string, number]> = []
  let bal = balance
  for (let i = 0; i <= days; i++) {
    const d = add(today, i)
    for (const s of scheduled) if (s.status === "scheduled" && (i === 0 ? s.payment_date <= d : s.payment_date === d)) bal -= s.amount
    for (const r of recs) {
      if (r.status !== "active" || (r.payment_max_value !== null && r.value > r.payment_max_value)) continue
      if (d < r.start_date || (r.end_date !== null && d > r.end_date)) continue
      const [sy, sm, sd] = r.start_date.split("-").map(Number) as [number, number, number]
      const [y, m, day] = d.split("-").map(Number) as [number, number, number]
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
      const hit =
        r.frequency === "WEEKLY"
          ? Math.round((Date.parse(`${d}T00:00:00Z`) - Date.parse(`${r.start_date}T00:00:00Z`)) / DAY) % 7 === 0
          : r.frequency === "MONTHLY"
            ? day === Math.min(sd, last)
            : ((y - sy) * 12 + (m - sm)) % 12 === 0 && day === Math.min(sd, last)
      const made = scheduled.some((s) => s.recurrence_id === r.id && s.payment_date === d)
      if (hit && !made) bal -= r.value
    }
    out.push([d, bal])
  }
  return out
}

describe("aheadItemsOf (issue 13 the days ahead)", () => {
  it("issue 13 the days ahead match a naive day-by-day computation over generated schedules and recurrences", () => {
    const rng = new Prng(13)
    for (let round = 0; round < 200; round++) {
      const today = add("2026-01-01", rng.int(0, 800))
      const recs: R[] = Array.from({ length: rng.int(0, 4) }, (_, i) => ({
        id: `r${i}`,
        start_date: add(today, rng.int(-40, 70)),
        end_date: rng.chance(0.5) ? add(today, rng.int(0, 90)) : null,
        frequency: rng.pick(["WEEKLY", "MONTHLY", "ANNUALLY"] as const),
        value: rng.int(1, 50_000),
        payment_max_value: rng.chance(0.3) ? rng.int(1, 50_000) : null,
        status: rng.chance(0.85) ? "active" : "inactive"
      }))
      const scheduled: S[] = Array.from({ length: rng.int(0, 25) }, () => ({
        payment_date: add(today, rng.int(-3, 70)),
        amount: rng.int(1, 80_000),
        status: rng.pick(["scheduled", "scheduled", "executed", "canceled", "failed"] as const),
        recurrence_id: null
      }))
      // some occurrences the server already made into scheduled payments (not counted twice)
      for (const r of recs) if (rng.chance(0.5)) scheduled.push({ payment_date: r.start_date, amount: r.value, status: "scheduled", recurrence_id: r.id })
      const balance = rng.int(0, 300_000)
      const got = daysAhead(aheadItemsOf(scheduled, recs, today), balance, today, 60)
      const want = naive(scheduled, recs, balance, today, 60)
      expect(got.days.map((d) => [d.date, d.balance])).toEqual(want)
      expect(got.firstNegative).toBe(want.find(([, b]) => b < 0)?.[0] ?? null)
    }
  })

  it("features §4 §8 an inactive recurrence and one above its maximum value add nothing", () => {
    const base = { id: "r", start_date: "2026-03-02", end_date: null, frequency: "WEEKLY" as const, value: 100 }
    expect(aheadItemsOf([], [{ ...base, payment_max_value: null, status: "inactive" }], "2026-03-01")).toEqual([])
    expect(aheadItemsOf([], [{ ...base, payment_max_value: 99, status: "active" }], "2026-03-01")).toEqual([])
    expect(aheadItemsOf([], [{ ...base, payment_max_value: 100, status: "active" }], "2026-03-01").length).toBe(9)
  })

  it("features §4 days 29–31: a monthly recurrence from 31 Jan lists 28 or 29 Feb and 31 Mar", () => {
    expect(nextOccurrences({ start_date: "2027-01-31", end_date: null, frequency: "MONTHLY" }, "2027-01-01", 3)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31"
    ])
    expect(nextOccurrences({ start_date: "2028-01-31", end_date: null, frequency: "MONTHLY" }, "2028-02-01", 2)).toEqual(["2028-02-29", "2028-03-31"])
    expect(nextOccurrences({ start_date: "2028-01-31", end_date: "2028-02-29", frequency: "MONTHLY" }, "2028-01-01", 5)).toEqual(["2028-01-31", "2028-02-29"])
  })
})
