/**
 * "When" in the Pix pay flow (issue 13; features §5 date_within_days, §9 up to 60 days ahead, UTC-3;
 * D-pix-pay-when, D-pix-schedule): edges at São Paulo midnight, day 60 and 61, a repetition's first
 * and last dates.
 */
import { describe, expect, it } from "vitest"
import { whenProblem } from "./pix-pay-when.ts"

// 2026-03-10 23:30 in São Paulo is already 2026-03-11 in UTC: "today" is the 10th
const now = new Date("2026-03-11T02:30:00Z")
const w = (x: Partial<{ when: "now" | "date" | "repeat"; date: string; start: string; end: string }>) =>
  whenProblem({ when: "date", date: "", start: "", end: "", ...x }, now)

describe("D-pix-pay-when whenProblem (features §5 date_within_days, §9)", () => {
  it("now needs nothing", () => {
    expect(w({ when: "now" })).toBeNull()
  })

  it("a date from tomorrow in São Paulo (11th, though UTC is already there) up to day 60; today, day 61 and junk refused", () => {
    expect(w({ date: "2026-03-11" })).toBeNull()
    expect(w({ date: "2026-03-10" })).toBe("when.dateOutside")
    expect(w({ date: "2026-05-09" })).toBeNull() // 10 Mar + 60 days
    expect(w({ date: "2026-05-10" })).toBe("when.dateOutside")
    expect(w({ date: "10/04/2026" })).toBe("when.dateInvalid")
    expect(w({ date: "" })).toBe("when.dateInvalid")
  })

  it("a repetition starts tomorrow up to a year ahead; its last payment, when given, is not before the first", () => {
    expect(w({ when: "repeat", start: "2026-03-11" })).toBeNull()
    expect(w({ when: "repeat", start: "2026-03-10" })).toBe("when.startOutside")
    expect(w({ when: "repeat", start: "2027-03-11" })).toBeNull() // 366 days
    expect(w({ when: "repeat", start: "2027-03-12" })).toBe("when.startOutside")
    expect(w({ when: "repeat", start: "2026-04-01", end: "2026-03-31" })).toBe("when.endBeforeStart")
    expect(w({ when: "repeat", start: "2026-04-01", end: "2026-04-01" })).toBeNull()
  })
})
