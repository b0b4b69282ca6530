/**
 * São Paulo time for the statement projection (core §9: time zone UTC-3, display offset -180
 * minutes; date range presets today, thisWeek, thisMonth, sevenDays, fifteenDays).
 */
import { describe, expect, it } from "vitest"
import {
  civilFromDays,
  daysFromCivil,
  formatOfxDateTime,
  formatSpDateTime,
  parseInstant,
  presetRange,
  spDayIndex,
  spDayKey,
  spDayStart
} from "./sao-paulo-time.ts"
import { Prng } from "../sandbox/prng.ts"

describe("engine T1 time: instants and São Paulo days (core §9)", () => {
  it("parseInstant agrees with Date.parse on the API's shape and on other ISO forms", () => {
    const g = new Prng(7)
    for (let i = 0; i < 2000; i++) {
      const t = Math.floor(g.next() * 4e12) - 1e12
      const iso = new Date(t).toISOString()
      if (iso.length === 24) expect(parseInstant(iso)).toBe(t)
    }
    expect(parseInstant("2026-11-22T10:00:00-03:00")).toBe(Date.UTC(2026, 10, 22, 13))
    expect(parseInstant("2026-11-22T10:00:00Z")).toBe(Date.UTC(2026, 10, 22, 10))
    expect(() => parseInstant("yesterday")).toThrow(RangeError)
  })

  it("civil dates round-trip through day numbers", () => {
    for (let d = -800_000; d < 800_000; d += 997) {
      const [y, m, dd] = civilFromDays(d)
      expect(daysFromCivil(y, m, dd)).toBe(d)
    }
    expect(daysFromCivil(1970, 1, 1)).toBe(0)
    expect(civilFromDays(daysFromCivil(2024, 2, 29))).toEqual([2024, 2, 29])
  })

  it("a São Paulo day runs from 03:00Z to 03:00Z", () => {
    const justBefore = Date.UTC(2025, 2, 2, 2, 59, 59, 999)
    const justAfter = Date.UTC(2025, 2, 2, 3)
    expect(spDayKey(spDayIndex(justBefore))).toBe("2025-03-01")
    expect(spDayKey(spDayIndex(justAfter))).toBe("2025-03-02")
    expect(spDayStart(spDayIndex(justBefore))).toBe(Date.UTC(2025, 2, 1, 3))
  })

  it("formats DD/MM/YYYY HH:mm and the OFX date-time in UTC-3", () => {
    expect(formatSpDateTime(Date.UTC(2025, 0, 1, 2, 5))).toBe("31/12/2024 23:05")
    expect(formatSpDateTime(Date.UTC(2025, 6, 9, 15, 30, 59))).toBe("09/07/2025 12:30")
    expect(formatOfxDateTime(Date.UTC(2025, 0, 1, 2, 5, 9))).toBe("20241231230509[-3:BRT]")
  })
})

describe("engine T2 time: date range presets (core §9)", () => {
  // Wednesday 2025-03-12 10:00 in São Paulo
  const now = Date.UTC(2025, 2, 12, 13)
  const day = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d, 3)

  it("every preset ends at the start of tomorrow, today included", () => {
    expect(presetRange("today", now)).toEqual({ from: day(2025, 3, 12), to: day(2025, 3, 13) })
    expect(presetRange("sevenDays", now)).toEqual({ from: day(2025, 3, 6), to: day(2025, 3, 13) })
    expect(presetRange("fifteenDays", now)).toEqual({ from: day(2025, 2, 26), to: day(2025, 3, 13) })
    expect(presetRange("thisMonth", now)).toEqual({ from: day(2025, 3, 1), to: day(2025, 3, 13) })
  })

  it("a week starts on Sunday", () => {
    expect(presetRange("thisWeek", now)).toEqual({ from: day(2025, 3, 9), to: day(2025, 3, 13) })
    // on a Sunday the week is that day alone; 01:00Z on Monday is still Sunday in São Paulo
    expect(presetRange("thisWeek", Date.UTC(2025, 2, 10, 1)).from).toBe(day(2025, 3, 9))
  })
})
