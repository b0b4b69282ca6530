/**
 * DDA's page rules (issue 32 item 2; D-dda): days to the effective due date (a weekend or holiday due date
 * moves to the next business day), the home's "due this week" (open ones due today to today + 6) and the
 * amount due on a day from a row's rules (fine once late, interest per calendar day from the printed date).
 */
import { describe, expect, it } from "vitest"
import { chargeOn, ddaDaysToDue, ddaDueThisWeek, ddaRules, type DdaBillet } from "./billet.ts"

const row = (o: Partial<DdaBillet>): DdaBillet => ({
  id: "x",
  status: "open",
  issuer_name: "Emissor",
  issuer_document: "11222333000181",
  description: "d",
  amount: 10_000,
  due_date: "2026-11-25",
  limit_due_date: "2026-12-25",
  fine_bp: 200,
  interest_per_day: 330,
  typeable_line: "",
  barcode: "",
  paid_at: null,
  hidden_at: null,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  ...o
})

describe("issue 32 item 2 BOL-9 BOL-2 DDA page rules (D-dda)", () => {
  it("issue 32 item 2 days to due count from the effective due date: Saturday 2026-11-28 is due Monday 2026-11-30", () => {
    expect(ddaDaysToDue(row({ due_date: "2026-11-28" }), "2026-11-27")).toBe(3)
    expect(ddaDaysToDue(row({ due_date: "2026-11-25" }), "2026-11-27")).toBe(-2)
    expect(ddaDaysToDue(row({ due_date: "2026-11-27" }), "2026-11-27")).toBe(0)
  })

  it("issue 32 item 2 the home's week counts open ones due today to today + 6, not overdue, later, paid or hidden", () => {
    const today = "2026-11-23" // a Monday
    const rows = [
      row({ id: "a", due_date: "2026-11-23" }),
      row({ id: "b", due_date: "2026-11-27" }),
      row({ id: "c", due_date: "2026-11-29" }), // Sunday → Monday 30 = today + 7: not this week
      row({ id: "d", due_date: "2026-11-19" }), // overdue (20/11 is a national holiday: due on it would move to Monday 23)
      row({ id: "e", due_date: "2026-11-24", status: "paid" }),
      row({ id: "f", due_date: "2026-11-24", status: "hidden" })
    ]
    expect(ddaDueThisWeek(rows, today)).toBe(2)
  })

  it("issue 32 item 2 the amount due: no charges up to the due date; 2 % fine and 0.033 %/day after it", () => {
    const r = row({ amount: 32_750, due_date: "2026-11-23" })
    expect(chargeOn(ddaRules(r), "2026-11-23").charged).toBe(32_750)
    // 4 days late: fine 655, interest 32 750 × 330 × 4 / 1 000 000 = 43.23 → 43
    expect(chargeOn(ddaRules(r), "2026-11-27")).toMatchObject({ fine: 655, interest: 43, charged: 33_448, late: true })
    expect(chargeOn(ddaRules(r), "2026-12-26").expired).toBe(true) // past the row's limit date
  })
})
