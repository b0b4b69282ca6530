/** Gateway page rules (issue 16; features §2 metrics interval, §3 Dashboard aggregate, §5 date ranges). */
import { describe, expect, it } from "vitest"
import { compareLines, intervalError, intervalRange, localLines, periodRange, reaisToCents } from "./gateway-rules.ts"

describe("gateway rules", () => {
  it("features §2 metrics: at least one wallet, start before end, at most 31 days", () => {
    expect(intervalError("2026-01-01", "2026-01-31", ["w"])).toBeNull()
    expect(intervalError("2026-01-01", "2026-02-01", ["w"])).toBe("maxDays")
    expect(intervalError("2026-01-02", "2026-01-01", ["w"])).toBe("startBeforeEnd")
    expect(intervalError("2026-01-01", "2026-01-02", [])).toBe("oneWallet")
  })
  it("core §9 São Paulo days: an interval and a preset end at the start of the next SP day", () => {
    const r = intervalRange("2026-03-10", "2026-03-10")
    expect(new Date(r.from).toISOString()).toBe("2026-03-10T03:00:00.000Z")
    expect(r.to - r.from).toBe(86_400_000)
    const p = periodRange("7", Date.parse("2026-03-10T12:00:00Z"))
    expect(new Date(p.to ?? 0).toISOString()).toBe("2026-03-11T03:00:00.000Z")
    expect(periodRange("all", 0)).toEqual({})
  })
  it("features §2 amounts typed in reais become cents; what is not a number is null", () => {
    expect(reaisToCents("1.234,56")).toBe(123456)
    expect(reaisToCents("12.5")).toBe(1250)
    expect(reaisToCents("")).toBeNull()
    expect(reaisToCents("abc")).toBeNull()
  })
  it("issue 31 item 3 features §2 amounts typed in English read the English form: 1,234.56 is 123456 cents; 1.234,56 is refused", () => {
    expect(reaisToCents("1,234.56", "en")).toBe(123456)
    expect(reaisToCents("1234.5", "en")).toBe(123450)
    expect(reaisToCents("R$1,234", "en")).toBe(123400)
    expect(reaisToCents("1.234,56", "en")).toBeNull()
    expect(reaisToCents("", "en")).toBeNull()
  })
  it("features §3 code groups become type × status lines; a difference from the server is counted, not hidden", () => {
    const local = localLines([
      { key: "deposit|paid|in|BRL", count: 3, sumIn: 300, sumOut: 0 },
      { key: "refund|paid|out|BRL", count: 1, sumIn: 0, sumOut: 50 }
    ])
    expect(local).toEqual([
      { type: "refund", status: "paid", items: 1, value: 50 },
      { type: "transaction", status: "paid", items: 3, value: 300 }
    ])
    const same = compareLines(local, [
      { type: "transaction", status: "paid", total_items: 3, total_value: 300 },
      { type: "refund", status: "paid", total_items: 1, total_value: 50 }
    ])
    expect(same.differences).toBe(0)
    const diff = compareLines(local, [
      { type: "transaction", status: "paid", total_items: 4, total_value: 400 },
      { type: "withdraw", status: "failed", total_items: 1, total_value: 9 }
    ])
    expect(diff.differences).toBe(3)
  })
})
