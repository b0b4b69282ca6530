/** core §9 date presets in UTC-3 and the features §5 range rules (src/lib/date-presets.ts). */
import { describe, expect, it } from "vitest"
import { customRange, dayOfKey, isOrderedKeys, isSameMonthKeys, presetRange, rangeDayKeys, spDateKey } from "./date-presets.ts"

// 2026-11-22 is a Sunday; 01:30 UTC is still Saturday 21 in São Paulo
const SAT_NIGHT = Date.parse("2026-11-22T01:30:00.000Z")
const WED_NOON = Date.parse("2026-11-25T15:00:00.000Z")

describe("core §9 date presets (UTC-3)", () => {
  it("today is the São Paulo calendar day, [00:00, next 00:00)", () => {
    const r = presetRange("today", SAT_NIGHT)
    expect(new Date(r.from).toISOString()).toBe("2026-11-21T03:00:00.000Z")
    expect(new Date(r.to).toISOString()).toBe("2026-11-22T03:00:00.000Z")
  })
  it("sevenDays and fifteenDays end today and count today", () => {
    expect(rangeDayKeys(presetRange("sevenDays", WED_NOON))).toEqual({ start: "2026-11-19", end: "2026-11-25" })
    expect(rangeDayKeys(presetRange("fifteenDays", WED_NOON))).toEqual({ start: "2026-11-11", end: "2026-11-25" })
  })
  it("thisWeek starts on Sunday, thisMonth on the 1st", () => {
    expect(rangeDayKeys(presetRange("thisWeek", WED_NOON))).toEqual({ start: "2026-11-22", end: "2026-11-25" })
    expect(rangeDayKeys(presetRange("thisWeek", SAT_NIGHT))).toEqual({ start: "2026-11-15", end: "2026-11-21" })
    expect(rangeDayKeys(presetRange("thisMonth", WED_NOON))).toEqual({ start: "2026-11-01", end: "2026-11-25" })
  })
  it("a custom range includes both days", () => {
    const r = customRange("2026-11-01", "2026-11-03")
    expect(r && rangeDayKeys(r)).toEqual({ start: "2026-11-01", end: "2026-11-03" })
    expect(customRange("2026-02-30", "2026-03-01")).toBeNull()
  })
  it("day keys read São Paulo time", () => {
    expect(spDateKey(SAT_NIGHT)).toBe("2026-11-21")
    expect(dayOfKey("2026-13-01")).toBeNull()
  })
})

describe("features §5 date-range rules", () => {
  it("start must not be after end", () => {
    expect(isOrderedKeys("2026-11-01", "2026-11-01")).toBe(true)
    expect(isOrderedKeys("2026-11-02", "2026-11-01")).toBe(false)
    expect(isOrderedKeys("x", "2026-11-01")).toBe(false)
  })
  it("a statement export range falls in one month", () => {
    expect(isSameMonthKeys("2026-11-01", "2026-11-30")).toBe(true)
    expect(isSameMonthKeys("2026-10-31", "2026-11-01")).toBe(false)
  })
})
