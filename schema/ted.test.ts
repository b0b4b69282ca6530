/**
 * TED rules (spec features §1/§9 "TED available on business days from 09:00 to 16:00", §3 "TED and
 * banks"; issue 14; D-ted-fields): the window in São Paulo time with its edges, weekends and national
 * bank holidays, the next opening, the bank directory's search, the account form's rules and the
 * CPF/CNPJ typing mask.
 */
import { describe, expect, it } from "vitest"
import { maskDocumentTyping, tedProblems, tedRunsAt, tedWindowAt } from "./ted.ts"
import { isTedWindowOpen } from "./holidays.ts"
import { BANK_DIRECTORY, SANDBOX_BANK, searchBanks, TED_BANKS } from "./banks.ts"

/** An instant given as São Paulo local time (UTC-3). */
const sp = (local: string): number => Date.parse(`${local}:00-03:00`)
const iso = (ms: number): string => new Date(ms).toISOString()

describe("features §1/§9 TED window (São Paulo time)", () => {
  it("features §9 08:59 is closed and opens at 09:00 the same day; 09:00 and 15:59 are open; 16:00 is closed", () => {
    const at859 = tedWindowAt(sp("2026-11-25T08:59"))
    expect([at859.open, iso(at859.opensAt)]).toEqual([false, "2026-11-25T12:00:00.000Z"])
    const at900 = tedWindowAt(sp("2026-11-25T09:00"))
    expect([at900.open, iso(at900.opensAt), iso(at900.closesAt)]).toEqual([true, "2026-11-25T12:00:00.000Z", "2026-11-25T19:00:00.000Z"])
    expect(tedWindowAt(sp("2026-11-25T15:59")).open).toBe(true)
    const at1600 = tedWindowAt(sp("2026-11-25T16:00"))
    expect([at1600.open, iso(at1600.opensAt)]).toEqual([false, "2026-11-26T12:00:00.000Z"])
  })

  it("features §9 the rule is São Paulo's clock, not UTC's: 11:59 UTC is 08:59 there (closed), 18:59 UTC is 15:59 (open)", () => {
    expect(tedWindowAt(Date.parse("2026-11-25T11:59:00Z")).open).toBe(false)
    expect(tedWindowAt(Date.parse("2026-11-25T18:59:00Z")).open).toBe(true)
    expect(tedWindowAt(Date.parse("2026-11-25T19:00:00Z")).open).toBe(false)
  })

  it("features §1 weekends: Friday 16:00 and Saturday open on Monday 09:00", () => {
    expect(iso(tedWindowAt(sp("2026-11-27T16:00")).opensAt)).toBe("2026-11-30T12:00:00.000Z")
    const sat = tedWindowAt(sp("2026-11-28T10:00"))
    expect([sat.open, iso(sat.opensAt)]).toEqual([false, "2026-11-30T12:00:00.000Z"])
    expect(tedWindowAt(sp("2026-11-29T23:59")).opensAt).toBe(sp("2026-11-30T09:00"))
  })

  it("features §1 holidays: Christmas (Friday) is closed all day; Black Consciousness Day moves the next opening to Monday", () => {
    const xmas = tedWindowAt(sp("2026-12-25T10:00"))
    expect([xmas.open, iso(xmas.opensAt)]).toEqual([false, "2026-12-28T12:00:00.000Z"])
    expect(iso(tedWindowAt(sp("2026-12-24T16:30")).opensAt)).toBe("2026-12-28T12:00:00.000Z")
    expect(iso(tedWindowAt(sp("2026-11-19T16:00")).opensAt)).toBe("2026-11-23T12:00:00.000Z")
    expect(tedWindowAt(sp("2026-11-20T12:00")).open).toBe(false)
  })

  it("features §1/§9 agrees with isTedWindowOpen at every 7 minutes of two months, and the next opening is the first open minute after", () => {
    for (let t = sp("2026-11-01T00:00"); t < sp("2027-01-05T00:00"); t += 7 * 60_000) {
      const w = tedWindowAt(t)
      expect(w.open).toBe(isTedWindowOpen(new Date(t)))
      if (w.open) {
        expect(w.opensAt <= t && t < w.closesAt).toBe(true)
      } else {
        expect(w.opensAt).toBeGreaterThan(t)
        expect(isTedWindowOpen(new Date(w.opensAt))).toBe(true)
        expect(isTedWindowOpen(new Date(w.opensAt - 60_000))).toBe(false)
        expect(w.closesAt - w.opensAt).toBe(7 * 3_600_000)
      }
    }
  })

  it("issue 14 a TED asked for outside the window runs at the next opening; inside it, at once", () => {
    expect(tedRunsAt(sp("2026-11-25T08:59"))).toBe(sp("2026-11-25T09:00"))
    expect(tedRunsAt(sp("2026-11-25T10:15"))).toBe(sp("2026-11-25T10:15"))
  })
})

describe("features §3 TED and banks: the directory", () => {
  it("features §3 codes are 3 digits, ISPBs 8 digits, both unique; the sandbox's bank is among the TED banks", () => {
    expect(BANK_DIRECTORY.length).toBeGreaterThanOrEqual(15)
    expect(TED_BANKS.every((b) => /^\d{3}$/.test(b.code) && /^\d{8}$/.test(b.ispb) && b.name.length > 2)).toBe(true)
    expect(new Set(TED_BANKS.map((b) => b.code)).size).toBe(TED_BANKS.length)
    expect(new Set(TED_BANKS.map((b) => b.ispb)).size).toBe(TED_BANKS.length)
    expect(TED_BANKS).toContainEqual(SANDBOX_BANK)
    expect(BANK_DIRECTORY.find((b) => b.code === "341")?.ispb).toBe("60701190")
  })

  it("issue 14 bank search by name (accents and case ignored) or by code (with or without leading zeros)", () => {
    expect(searchBanks(TED_BANKS, "itau").map((b) => b.code)).toEqual(["341"])
    expect(searchBanks(TED_BANKS, "CAIXA econômica").map((b) => b.code)).toEqual(["104"])
    expect(searchBanks(TED_BANKS, "1").map((b) => b.code)).toContain("001")
    expect(searchBanks(TED_BANKS, "001").map((b) => b.code)).toEqual(["001"])
    expect(searchBanks(TED_BANKS, "34").map((b) => b.code)).toEqual(["341"])
    expect(searchBanks(TED_BANKS, "60701190").map((b) => b.code)).toEqual(["341"])
    expect(searchBanks(TED_BANKS, "banco sandbox").map((b) => b.code)).toEqual(["999"])
    expect(searchBanks(TED_BANKS, "zzz")).toEqual([])
    expect(searchBanks(TED_BANKS, "").length).toBe(TED_BANKS.length)
  })
})

describe("D-ted-fields the account form", () => {
  const ok = {
    bank_code: "341",
    agency: "0001",
    account: "123456",
    digit: "7",
    account_type: "checking" as const,
    document: "529.982.247-25",
    name: "Maria Silva",
    amount: 100
  }
  it("D-ted-fields a complete form has no problem; each field's rule names its message key", () => {
    expect(tedProblems(ok)).toEqual({})
    expect(tedProblems({ ...ok, document: "11222333000181", digit: "x" })).toEqual({})
    expect(tedProblems({ ...ok, bank_code: "998", agency: "12a", account: "", digit: "77", document: "111.111.111-11", name: "Jo", amount: 0 })).toEqual({
      bank_code: "VALIDATION_REQUIRED",
      agency: "VALIDATION_NUMERIC",
      account: "VALIDATION_REQUIRED",
      digit: "VALIDATION_LENGTH",
      document: "VALIDATION_VALID_DOCUMENT",
      name: "VALIDATION_MIN",
      amount: "VALIDATION_MIN_VALUE"
    })
    expect(tedProblems({ ...ok, name: "Ana 😀 Souza" }).name).toBe("VALIDATION_NO_EMOJI")
    expect(tedProblems({ ...ok, amount: null }).amount).toBe("VALIDATION_REQUIRED")
  })

  it("core §5 CPF/CNPJ mask while typing: CPF up to 11 digits, CNPJ beyond", () => {
    expect(maskDocumentTyping("5299822")).toBe("529.982.2")
    expect(maskDocumentTyping("52998224725")).toBe("529.982.247-25")
    expect(maskDocumentTyping("11222333000181")).toBe("11.222.333/0001-81")
    expect(maskDocumentTyping("112223330001")).toBe("11.222.333/0001")
    expect(maskDocumentTyping("abc")).toBe("")
  })
})
