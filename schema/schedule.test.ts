/**
 * Date rules of scheduling (spec features §4, §5, §9; issue 13), against naive references over many
 * generated inputs, and the edge cases by name: month ends, leap years, UTC-3 days.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import { daysAhead, isSchedulableDate, recurrenceDates, type AheadItem, type Frequency } from "./schedule.ts"
import { isSchedulableDate as fromValidation, recurrenceDates as recurrenceFromValidation } from "./validation.ts"

/** The naive recurrence: walk day by day from start and keep the days an occurrence falls on. */
function naiveRecurrence(start: string, frequency: Frequency, end: string | undefined, count: number): string[] {
  const [sy, sm, sd] = start.split("-").map(Number) as [number, number, number]
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
  const out: string[] = []
  const d = new Date(Date.UTC(sy, sm - 1, sd))
  for (let guard = 0; guard < 20_000 && out.length < count; guard++, d.setUTCDate(d.getUTCDate() + 1)) {
    const key = d.toISOString().slice(0, 10)
    if (end !== undefined && key > end) break
    const y = d.getUTCFullYear(),
      m = d.getUTCMonth() + 1,
      day = d.getUTCDate()
    const monthsFrom = (y - sy) * 12 + (m - sm)
    const wanted = Math.min(sd, lastDay(y, m))
    const hit =
      frequency === "WEEKLY"
        ? Math.round((d.getTime() - Date.UTC(sy, sm - 1, sd)) / 86_400_000) % 7 === 0
        : frequency === "MONTHLY"
          ? day === wanted
          : monthsFrom % 12 === 0 && day === wanted
    if (hit) out.push(key)
  }
  return out
}

describe("recurrenceDates (features §4 recurrences)", () => {
  it("features §4 a monthly recurrence from 31 Jan falls on the last day of shorter months and keeps the 31st after", () => {
    expect(recurrenceDates({ start: "2027-01-31", frequency: "MONTHLY", count: 4 })).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
    expect(recurrenceDates({ start: "2028-01-31", frequency: "MONTHLY", count: 3 })).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"])
  })
  it("features §4 29 Feb yearly falls on 28 Feb in common years and on the 29th again in leap years", () => {
    expect(recurrenceDates({ start: "2028-02-29", frequency: "ANNUALLY", count: 5 })).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29"
    ])
  })
  it("features §4 weekly keeps the weekday; end is inclusive; count bounds; a bad date gives none", () => {
    expect(recurrenceDates({ start: "2026-12-28", frequency: "WEEKLY", end: "2027-01-11" })).toEqual(["2026-12-28", "2027-01-04", "2027-01-11"])
    expect(recurrenceDates({ start: "2026-12-28", frequency: "WEEKLY", count: 1 })).toEqual(["2026-12-28"])
    expect(recurrenceDates({ start: "2026-02-30", frequency: "MONTHLY", count: 3 })).toEqual([])
    expect(recurrenceDates({ start: "2026-12-01", frequency: "MONTHLY", end: "2026-11-01" })).toEqual([])
  })
  it("features §4 agrees with a day-by-day walk over 2,000 generated recurrences", () => {
    const g = new Prng(13)
    const freqs: Frequency[] = ["WEEKLY", "MONTHLY", "ANNUALLY"]
    for (let i = 0; i < 2_000; i++) {
      const y = g.int(2024, 2030),
        m = g.int(1, 12)
      const day = g.next() < 0.4 ? g.int(28, new Date(Date.UTC(y, m, 0)).getUTCDate()) : g.int(1, 28)
      const start = `${y}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`
      const frequency = g.pick(freqs)
      const count = g.int(1, frequency === "ANNUALLY" ? 6 : 30)
      const end = g.next() < 0.5 ? `${y + g.int(0, 3)}-${String(g.int(1, 12)).padStart(2, "0")}-${String(g.int(1, 28)).padStart(2, "0")}` : undefined
      expect(recurrenceDates({ start, frequency, count, ...(end ? { end } : {}) }), `${start} ${frequency} ${count} ${end}`).toEqual(
        naiveRecurrence(start, frequency, end, count)
      )
    }
  })
  it("is re-exported from validation.ts under its name", () => {
    expect(recurrenceFromValidation).toBe(recurrenceDates)
    expect(fromValidation).toBe(isSchedulableDate)
  })
})

describe("isSchedulableDate (features §5, §9: tomorrow up to 60 days, São Paulo)", () => {
  // 2026-11-24 23:30 in São Paulo is already the 25th in UTC
  const now = new Date("2026-11-25T02:30:00Z")
  it("features §9 today is not a schedule, tomorrow is, the 60th day is, the 61st is not", () => {
    expect(isSchedulableDate("2026-11-24", now)).toBe(false)
    expect(isSchedulableDate("2026-11-25", now)).toBe(true)
    expect(isSchedulableDate("2027-01-23", now)).toBe(true)
    expect(isSchedulableDate("2027-01-24", now)).toBe(false)
    expect(isSchedulableDate("2026-11-31", now)).toBe(false)
  })
})

describe("daysAhead (issue 13 the days ahead)", () => {
  it("issue 13 per day movements and the projected balance match a naive sum over 500 random schedules", () => {
    const g = new Prng(60)
    for (let n = 0; n < 500; n++) {
      const items: AheadItem[] = Array.from({ length: g.int(0, 80) }, () => ({
        date: new Date(Date.UTC(2026, 10, 24 + g.int(-3, 70))).toISOString().slice(0, 10),
        amount: (g.next() < 0.8 ? -1 : 1) * g.int(1, 500_000)
      }))
      const start = g.int(0, 2_000_000)
      const r = daysAhead(items, start, "2026-11-24", 60)
      expect(r.days).toHaveLength(61)
      let bal = start
      let firstNegative: string | null = null
      for (const d of r.days) {
        const same = items.filter((it) => (it.date < "2026-11-24" ? "2026-11-24" : it.date) === d.date)
        bal += same.reduce((a, it) => a + it.amount, 0)
        expect(d.balance).toBe(bal)
        expect(d.count).toBe(same.length)
        if (firstNegative === null && bal < 0) firstNegative = d.date
      }
      expect(r.firstNegative).toBe(firstNegative)
    }
  })
})
