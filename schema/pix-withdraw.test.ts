/**
 * Automatic withdrawals' rules (spec features §2 automatic-withdraw; issue 13 "a sweep of the balance above a
 * threshold to an own account at a set time"; docs/decisions.md "Automatic withdrawals (issue 13)"): the
 * schedule rule (WD-NEXT the next run from the settings and a clock — every business day, every day or a
 * weekday, at a São Paulo time — checked against a naive reference that reads wall-clock time through Intl's
 * America/Sao_Paulo zone over many generated inputs; WD-DUE a clock passing a run sweeps once), the sweep
 * amount (WD-SWEEP), the settings' validation (WD-VALID) and the next sweep as a days-ahead source (WD-AHEAD).
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import { isBankBusinessDay } from "./holidays.ts"
import {
  dueRun,
  lastRunAtOrBefore,
  maskTime,
  nextRunAfter,
  sweepAmount,
  withdrawAheadItems,
  withdrawProblems,
  type ScheduleOf,
  type WithdrawSettingsBody
} from "./pix-withdraw.ts"

// ── the naive reference: São Paulo wall-clock time read through Intl, one hour at a time ──────────
const fmt = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23"
})
const wall = (ms: number): { date: string; hh: number; mm: number } => {
  const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
  return { date: `${p["year"]}-${p["month"]}-${p["day"]}`, hh: Number(p["hour"]), mm: Number(p["minute"]) }
}
const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay()
const eligible = (s: ScheduleOf, date: string): boolean =>
  s.frequency === "DAILY" || (s.frequency === "BUSINESS_DAYS" ? isBankBusinessDay(date) : weekdayOf(date) === s.weekday)

/** Walks instants at the set minute of every hour after `now` and takes the first whose São Paulo wall time is the set time on an eligible day. */
function naiveNext(s: ScheduleOf, now: number): number | null {
  const [hh, mm] = s.time.split(":").map(Number) as [number, number]
  const hour0 = Math.floor(now / 3_600_000) * 3_600_000 + mm * 60_000
  for (let h = 0; h < 24 * 20; h++) {
    const t = hour0 + h * 3_600_000
    if (t <= now) continue
    const w = wall(t)
    if (w.hh === hh && w.mm === mm && eligible(s, w.date)) return t
  }
  return null
}
function naiveLast(s: ScheduleOf, now: number): number | null {
  const [hh, mm] = s.time.split(":").map(Number) as [number, number]
  const hour0 = Math.floor(now / 3_600_000) * 3_600_000 + mm * 60_000 + 3_600_000
  for (let h = 0; h < 24 * 20; h++) {
    const t = hour0 - h * 3_600_000
    if (t > now) continue
    const w = wall(t)
    if (w.hh === hh && w.mm === mm && eligible(s, w.date)) return t
  }
  return null
}

const FREQS = ["BUSINESS_DAYS", "DAILY", "WEEKLY"] as const
const pad = (n: number): string => String(n).padStart(2, "0")
const genSchedule = (g: Prng): ScheduleOf => {
  const frequency = g.pick(FREQS)
  return {
    time: `${pad(g.int(0, 23))}:${pad(g.chance(0.3) ? g.pick([0, 30, 59]) : g.int(0, 59))}`,
    frequency,
    weekday: frequency === "WEEKLY" ? g.int(0, 6) : null
  }
}
/** Clocks from 2024 to 2027, with some exactly on or around a set time and around holidays (Carnival, Christmas, New Year). */
const genNow = (g: Prng, s: ScheduleOf): number => {
  const base = Date.UTC(2024, 0, 1) + g.int(0, 4 * 365) * 86_400_000
  const holidayish = g.chance(0.2)
    ? Date.parse(g.pick(["2025-03-01T12:00:00Z", "2026-02-14T12:00:00Z", "2025-12-24T12:00:00Z", "2026-12-31T12:00:00Z", "2027-04-02T12:00:00Z"]))
    : base
  const [hh, mm] = s.time.split(":").map(Number) as [number, number]
  if (g.chance(0.3)) {
    const day = Math.floor((holidayish - 3 * 3_600_000) / 86_400_000)
    return day * 86_400_000 + 3 * 3_600_000 + (hh * 60 + mm) * 60_000 + g.pick([-1, 0, 1, -60_000, 60_000])
  }
  return holidayish + g.int(0, 86_400_000 - 1)
}

describe("automatic withdrawals: the schedule rule (issue 13; D 'Automatic withdrawals')", () => {
  it("WD-NEXT the next run equals a naive Intl America/Sao_Paulo walk over 400 generated settings and clocks", () => {
    const g = new Prng(1313)
    for (let i = 0; i < 400; i++) {
      const s = genSchedule(g)
      const now = genNow(g, s)
      const label = `${JSON.stringify(s)} at ${new Date(now).toISOString()}`
      expect(nextRunAfter(s, now), label).toBe(naiveNext(s, now))
      expect(lastRunAtOrBefore(s, now), label).toBe(naiveLast(s, now))
    }
  })

  it("WD-NEXT business days skip weekends and national holidays; the time is São Paulo's (UTC-3)", () => {
    const s: ScheduleOf = { time: "18:00", frequency: "BUSINESS_DAYS", weekday: null }
    // Friday 2025-02-28 18:00 SP has passed → Carnival Monday and Tuesday are bank holidays → Ash Wednesday 2025-03-05
    expect(new Date(nextRunAfter(s, Date.parse("2025-02-28T21:00:00Z"))!).toISOString()).toBe("2025-03-05T21:00:00.000Z")
    // a second before the time: today
    expect(new Date(nextRunAfter(s, Date.parse("2025-02-28T20:59:59Z"))!).toISOString()).toBe("2025-02-28T21:00:00.000Z")
    // 23:30 São Paulo is 02:30 UTC the next day: the day is São Paulo's
    const late: ScheduleOf = { time: "23:30", frequency: "DAILY", weekday: null }
    expect(new Date(nextRunAfter(late, Date.parse("2025-06-10T12:00:00Z"))!).toISOString()).toBe("2025-06-11T02:30:00.000Z")
    const weekly: ScheduleOf = { time: "08:15", frequency: "WEEKLY", weekday: 1 }
    // Wednesday 2025-06-11 → Monday 2025-06-16 08:15 SP
    expect(new Date(nextRunAfter(weekly, Date.parse("2025-06-11T12:00:00Z"))!).toISOString()).toBe("2025-06-16T11:15:00.000Z")
  })

  it("WD-NEXT invalid settings have no run (a bad time, a weekly sweep without a weekday)", () => {
    expect(nextRunAfter({ time: "24:00", frequency: "DAILY", weekday: null }, 0)).toBeNull()
    expect(nextRunAfter({ time: "7:00", frequency: "DAILY", weekday: null }, 0)).toBeNull()
    expect(nextRunAfter({ time: "07:00", frequency: "WEEKLY", weekday: null }, 0)).toBeNull()
    expect(nextRunAfter({ time: "07:00", frequency: "WEEKLY", weekday: 7 }, 0)).toBeNull()
  })

  it("WD-DUE a clock passing the time is due once: not before the time, not again after it ran, not for a time before the settings were saved", () => {
    const s: ScheduleOf = { time: "10:00", frequency: "DAILY", weekday: null }
    const run = Date.parse("2025-06-10T13:00:00Z")
    const saved = Date.parse("2025-06-10T12:00:00Z")
    expect(dueRun(s, run - 1, saved)).toBeNull()
    expect(dueRun(s, run, saved)).toBe(run)
    expect(dueRun(s, run + 3_600_000, saved)).toBe(run)
    // after it ran (since = the run), the same instant is not due again
    expect(dueRun(s, run + 3_600_000, run)).toBeNull()
    // saved after today's time: today's run is not due; tomorrow's is
    expect(dueRun(s, run + 3_600_000, run + 1)).toBeNull()
    expect(dueRun(s, run + 86_400_000, run + 1)).toBe(run + 86_400_000)
    // a clock jumping three days ahead: one run, the last one
    expect(dueRun(s, run + 3 * 86_400_000 + 5, saved)).toBe(run + 3 * 86_400_000)
  })
})

describe("automatic withdrawals: the sweep (issue 13)", () => {
  it("WD-SWEEP takes everything above the amount to keep, nothing at or below it (property over 1,000 balances)", () => {
    expect(sweepAmount(150_000, 100_000)).toBe(50_000)
    expect(sweepAmount(100_000, 100_000)).toBe(0)
    expect(sweepAmount(90_000, 100_000)).toBe(0)
    expect(sweepAmount(90_000, 0)).toBe(90_000)
    const g = new Prng(42)
    for (let i = 0; i < 1000; i++) {
      const balance = g.int(0, 10_000_000)
      const threshold = g.int(0, 10_000_000)
      const x = sweepAmount(balance, threshold)
      expect(Number.isSafeInteger(x) && x >= 0).toBe(true)
      expect(balance - x).toBe(Math.min(balance, threshold))
    }
  })
})

describe("automatic withdrawals: the settings (issue 13; D 'Automatic withdrawals')", () => {
  const OWNER = "52998224725"
  const good: WithdrawSettingsBody = {
    threshold: 100_000,
    time: "18:00",
    frequency: "BUSINESS_DAYS",
    weekday: null,
    bank_code: "341",
    agency: "1234",
    account: "56789",
    digit: "0",
    account_type: "checking",
    document: "529.982.247-25",
    name: "Ana Souza"
  }
  it("WD-VALID a whole setting to the holder's own account at a bank of the directory is valid", () => {
    expect(withdrawProblems(good, OWNER)).toEqual({})
    expect(withdrawProblems({ ...good, frequency: "WEEKLY", weekday: 5, threshold: 0 }, OWNER)).toEqual({})
  })
  it("WD-VALID a negative amount, a bad time, a weekly sweep without a weekday, this bank, someone else's document are refused by field", () => {
    expect(withdrawProblems({ ...good, threshold: -1 }, OWNER)).toEqual({ threshold: "VALIDATION_MIN_VALUE" })
    expect(withdrawProblems({ ...good, threshold: 1.5 }, OWNER)).toEqual({ threshold: "VALIDATION_MIN_VALUE" })
    expect(withdrawProblems({ ...good, time: "25:00" }, OWNER)).toEqual({ time: "VALIDATION_DATE" })
    expect(withdrawProblems({ ...good, time: "" }, OWNER)).toEqual({ time: "VALIDATION_REQUIRED" })
    expect(withdrawProblems({ ...good, frequency: "WEEKLY", weekday: null }, OWNER)).toEqual({ weekday: "VALIDATION_REQUIRED" })
    expect(withdrawProblems({ ...good, bank_code: "999" }, OWNER)).toEqual({ bank_code: "VALIDATION_REQUIRED" })
    expect(withdrawProblems({ ...good, document: "11144477735" }, OWNER)).toEqual({ document: "WITHDRAW_DESTINATION_NOT_OWN" })
    expect(withdrawProblems({ ...good, document: "11144477700" }, OWNER)).toEqual({ document: "VALIDATION_VALID_DOCUMENT" })
    expect(withdrawProblems({ ...good, agency: "12a" }, OWNER)).toEqual({ agency: "VALIDATION_NUMERIC" })
  })
})

describe("automatic withdrawals: the time mask (issue 13)", () => {
  it("WD-VALID the time is typed as digits and shown HH:MM; what is typed beyond four digits is dropped", () => {
    expect(maskTime("1")).toBe("1")
    expect(maskTime("13")).toBe("13")
    expect(maskTime("130")).toBe("13:0")
    expect(maskTime("1300")).toBe("13:00")
    expect(maskTime("13:005")).toBe("13:00")
    expect(maskTime("ab9x")).toBe("9")
  })
})

describe("automatic withdrawals: the days ahead (issue 13 'the days ahead')", () => {
  const s = { enabled: true, configured: true, time: "18:00", frequency: "DAILY" as const, weekday: null, threshold: 100_000 }
  const now = Date.parse("2025-06-10T12:00:00Z") // 09:00 São Paulo
  it("WD-AHEAD the next sweep takes what the balance projected to its day holds above the threshold", () => {
    expect(withdrawAheadItems(s, [], 150_000, now)).toEqual([{ date: "2025-06-10", amount: -50_000 }])
    // a scheduled payment earlier that day (runs from 00:00) leaves less to sweep; one after does not count
    expect(
      withdrawAheadItems(
        s,
        [
          { date: "2025-06-10", amount: -20_000 },
          { date: "2025-06-11", amount: -5_000 }
        ],
        150_000,
        now
      )
    ).toEqual([{ date: "2025-06-10", amount: -30_000 }])
    // after today's time: tomorrow
    expect(withdrawAheadItems(s, [], 150_000, Date.parse("2025-06-10T22:00:00Z"))).toEqual([{ date: "2025-06-11", amount: -50_000 }])
  })
  it("WD-AHEAD nothing when off, not configured, or nothing above the threshold", () => {
    expect(withdrawAheadItems({ ...s, enabled: false }, [], 150_000, now)).toEqual([])
    expect(withdrawAheadItems({ ...s, configured: false }, [], 150_000, now)).toEqual([])
    expect(withdrawAheadItems(undefined, [], 150_000, now)).toEqual([])
    expect(withdrawAheadItems(s, [], 100_000, now)).toEqual([])
  })
})
