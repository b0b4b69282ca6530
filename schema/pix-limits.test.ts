/** Rules of Pix limits (spec features §3 Limit "day and night limits", §5, §9; issue 12: BCB night 20:00–06:00 São Paulo, raise after 24 h, cut at once). */
import { describe, expect, it } from "vitest"
import {
  LIMIT_DEFAULTS,
  RAISE_DELAY_MS,
  applyLimitChange,
  limitTagForBeneficiary,
  maskPixDocument,
  checkPixLimit,
  limitChangeRefusal,
  pixLimitPeriodAt,
  settleLimits,
  type LimitState
} from "./pix-limits.ts"

/** An instant given as São Paulo wall time (UTC-3). */
const sp = (date: string, hm: string, s = "00"): number => Date.parse(`${date}T${hm}:${s}-03:00`)

describe("features §3 Pix limit periods in São Paulo time (issue 12: night 20:00–06:00)", () => {
  it("19:59:59 is still day; 20:00:00 starts the night that ends at 06:00 the next day", () => {
    expect(pixLimitPeriodAt(sp("2026-03-10", "19:59", "59"))).toEqual({ period: "day", start: sp("2026-03-10", "06:00"), end: sp("2026-03-10", "20:00") })
    expect(pixLimitPeriodAt(sp("2026-03-10", "20:00"))).toEqual({ period: "night", start: sp("2026-03-10", "20:00"), end: sp("2026-03-11", "06:00") })
    expect(pixLimitPeriodAt(sp("2026-03-10", "23:59", "59")).period).toBe("night")
  })
  it("00:00 and 05:59:59 belong to the night that began at 20:00 the day before; 06:00:00 starts the day", () => {
    expect(pixLimitPeriodAt(sp("2026-03-11", "00:00"))).toEqual({ period: "night", start: sp("2026-03-10", "20:00"), end: sp("2026-03-11", "06:00") })
    expect(pixLimitPeriodAt(sp("2026-03-11", "05:59", "59"))).toEqual({ period: "night", start: sp("2026-03-10", "20:00"), end: sp("2026-03-11", "06:00") })
    expect(pixLimitPeriodAt(sp("2026-03-11", "06:00"))).toEqual({ period: "day", start: sp("2026-03-11", "06:00"), end: sp("2026-03-11", "20:00") })
  })
  it("the night crosses a month and a year end (no daylight saving: a fixed UTC-3)", () => {
    expect(pixLimitPeriodAt(sp("2027-01-01", "03:00"))).toEqual({ period: "night", start: sp("2026-12-31", "20:00"), end: sp("2027-01-01", "06:00") })
    expect(pixLimitPeriodAt(sp("2026-02-28", "21:00")).end).toBe(sp("2026-03-01", "06:00"))
  })
  it("the same UTC instant is night in São Paulo although it is day in UTC (23:30Z is 20:30 São Paulo)", () => {
    expect(pixLimitPeriodAt(Date.parse("2026-03-10T23:30:00Z")).period).toBe("night")
    expect(pixLimitPeriodAt(Date.parse("2026-03-10T08:59:00Z")).period).toBe("night") // 05:59 São Paulo
    expect(pixLimitPeriodAt(Date.parse("2026-03-10T09:00:00Z")).period).toBe("day")
  })
})

describe("features §5 a Pix over what is left of the period's limit is refused, saying which limit and what is left (issue 12)", () => {
  const limits = { day_limit: 2_000_000, night_limit: 100_000 }
  it("at night the night limit applies: the sum already paid plus this amount", () => {
    expect(checkPixLimit({ ...limits, period: "night", used: 0 }, 100_000)).toEqual({ ok: true, limit: "night", left: 100_000 })
    expect(checkPixLimit({ ...limits, period: "night", used: 0 }, 100_001)).toEqual({ ok: false, limit: "night", left: 100_000 })
    expect(checkPixLimit({ ...limits, period: "night", used: 60_000 }, 40_001)).toEqual({ ok: false, limit: "night", left: 40_000 })
    expect(checkPixLimit({ ...limits, period: "night", used: 60_000 }, 40_000)).toEqual({ ok: true, limit: "night", left: 40_000 })
  })
  it("by day the day limit applies; what is left is never negative", () => {
    expect(checkPixLimit({ ...limits, period: "day", used: 150_000 }, 1_850_000)).toEqual({ ok: true, limit: "day", left: 1_850_000 })
    expect(checkPixLimit({ ...limits, period: "day", used: 2_500_000 }, 1)).toEqual({ ok: false, limit: "day", left: 0 })
  })
  it("a natural person's night default is R$ 1.000,00 (BCB)", () => {
    expect(LIMIT_DEFAULTS.NATURAL_PERSON.pix_others.night).toBe(100_000)
  })
})

describe("features §2 limit: a raise takes effect 24 h later, a cut at once (issue 12)", () => {
  const base: LimitState = {
    day_limit: 2_000_000,
    night_limit: 100_000,
    pending_day_limit: null,
    pending_day_at: null,
    pending_night_limit: null,
    pending_night_at: null
  }
  const now = sp("2026-03-10", "21:00")
  it("raising the night limit leaves it in force and makes a pending raise for 24 h later", () => {
    const s = applyLimitChange(base, "night", 300_000, now)
    expect(s).toEqual({ ...base, pending_night_limit: 300_000, pending_night_at: now + RAISE_DELAY_MS })
    expect(settleLimits(s, now + RAISE_DELAY_MS - 1)).toEqual(s)
    expect(settleLimits(s, now + RAISE_DELAY_MS)).toEqual({ ...base, night_limit: 300_000 })
  })
  it("lowering applies at once and drops a pending raise of the same period, not of the other", () => {
    const raised = applyLimitChange(applyLimitChange(base, "night", 300_000, now), "day", 3_000_000, now)
    const cut = applyLimitChange(raised, "night", 50_000, now + 1)
    expect(cut).toEqual({ ...base, night_limit: 50_000, pending_day_limit: 3_000_000, pending_day_at: now + RAISE_DELAY_MS })
  })
  it("a second raise replaces the first one and restarts the 24 h", () => {
    const later = now + 3_600_000
    expect(applyLimitChange(applyLimitChange(base, "day", 2_500_000, now), "day", 2_200_000, later)).toMatchObject({
      pending_day_limit: 2_200_000,
      pending_day_at: later + RAISE_DELAY_MS
    })
  })
  it("a request must be whole cents from zero to the type's maximum", () => {
    expect(limitChangeRefusal(0, 10_000_000)).toBeNull()
    expect(limitChangeRefusal(10_000_000, 10_000_000)).toBeNull()
    expect(limitChangeRefusal(10_000_001, 10_000_000)).toBe("PIX_LIMIT_ABOVE_MAXIMUM")
    expect(limitChangeRefusal(-1, 10_000_000)).toBe("VALIDATION_MIN_VALUE")
    expect(limitChangeRefusal(1.5, 10_000_000)).toBe("VALIDATION_MIN_VALUE")
  })
})

describe("issue 12 which limit a payment falls under, as the client reads the decoded beneficiary", () => {
  it("the holder's own CPF, masked as the decode call shows it, or own CNPJ → same ownership; anything else or an unknown holder → others", () => {
    expect(maskPixDocument("52998224725")).toBe("***.982.247-**")
    expect(limitTagForBeneficiary("***.982.247-**", "52998224725")).toBe("pix_same_ownership")
    expect(limitTagForBeneficiary("11222333000181", "11222333000181")).toBe("pix_same_ownership")
    expect(limitTagForBeneficiary("***.982.247-**", "11144477735")).toBe("pix_others")
    expect(limitTagForBeneficiary("***.982.247-**", null)).toBe("pix_others")
  })
})
