/**
 * Tests of the boleto typeable-line rules (schema/boleto.ts), spec features §2 (Banking: boleto),
 * §5 (boleto rules) and §7 (Boleto calls). Layouts per FEBRABAN ("ficha de compensação" and
 * "arrecadação").
 */
import { describe, it, expect } from "vitest"
import {
  boletoBarcodeToLine,
  boletoKind,
  boletoLineToBarcode,
  decodeBoletoLine,
  dueDateToFactor,
  dueFactorToDate,
  formatBoletoLine,
  isValidBoletoBarcode,
  isValidBoletoLine,
  makeBankSlipBarcode,
  makeBankSlipLine,
  makeCollectionSlipLine,
  mod10,
  mod11BankSlip,
  mod11Collection
} from "./boleto"
import { seededRandom } from "../sandbox/prng.ts"

const digits = (rnd: () => number, n: number): string => Array.from({ length: n }, () => String(Math.floor(rnd() * 10))).join("")

/** Remainder of the 2..9 weighted sum mod 11 (the test's own oracle for the known mod-11 collisions). */
function rem11(s: string): number {
  let sum = 0
  let w = 2
  for (let i = s.length - 1; i >= 0; i--) {
    sum += Number(s[i]) * w
    w = w === 9 ? 2 : w + 1
  }
  return sum % 11
}

/*
 * Real-world bank slip line, checked by hand (Banco do Brasil line from the brazilian-utils
 * test suite): 00190.50095 40144.816069 06809.350314 3 37370000000100
 *  - field 1 "001905009" + DV 5 — mod 10 from the right, weights 2,1,2,…:
 *    9·2=18→9, 0·1=0, 0·2=0, 5·1=5, 0·2=0, 9·1=9, 1·2=2, 0·1=0, 0·2=0 → sum 25 → (10 − 5) mod 10 = 5 ✓
 *  - barcode rebuilt: 001 9 [3] 3737 0000000100 0500940144816060680935031
 *  - general DV: weights 2..9 from the right over the 43 other digits → sum 712;
 *    712 mod 11 = 8 → 11 − 8 = 3 ✓ (line position 33)
 */
const BB_LINE = "00190.50095 40144.816069 06809.350314 3 37370000000100"
const BB_BARCODE = "00193373700000001000500940144816060680935031"
// Published examples in the README of Tagliatti/Boleto-Validator-PHP (FEBRABAN layouts):
const PUBLISHED_BANK = "42297.11504 00001.954411 60020.034520 2 68610000054659"
const PUBLISHED_COLLECTION_MOD10 = "83640000001-1 33120138000-2 81288462711-6 08013618155-1" // value id 6 → mod 10
const PUBLISHED_COLLECTION_MOD11 = "85890000460-9 52460179160-5 60759305086-5 83148300001-0" // value id 8 → mod 11

describe("features §2 boleto: check-digit algorithms (FEBRABAN)", () => {
  it("mod 10", () => {
    expect(mod10("001905009")).toBe(5)
    expect(mod10("0")).toBe(0)
  })
  it("mod 11 bank slip maps 0, 10 and 11 to 1", () => {
    expect(mod11BankSlip("0019373700000001000500940144816060680935031")).toBe(3)
    // sum 0 → 11 − 0 = 11 → 1
    expect(mod11BankSlip("0000")).toBe(1)
  })
  it("mod 11 collection maps remainders 0 and 1 to 0", () => {
    expect(mod11Collection("0")).toBe(0)
    expect(mod11Collection("5")).toBe(1) // 5·2 = 10 → 11 − 10 = 1
    expect(mod11Collection("1")).toBe(9) // 2 → 11 − 2 = 9
  })
})

describe("features §2 boleto: isValidBoletoLine", () => {
  it("accepts the hand-checked and published lines, with or without dots, spaces and hyphens", () => {
    for (const l of [BB_LINE, PUBLISHED_BANK, PUBLISHED_COLLECTION_MOD10, PUBLISHED_COLLECTION_MOD11]) {
      expect(isValidBoletoLine(l)).toBe(true)
      expect(isValidBoletoLine(l.replace(/[.\s-]/g, ""))).toBe(true)
    }
    expect(isValidBoletoLine("00190500954014481606906809350314337370000000100")).toBe(true)
    expect(isValidBoletoLine("836400000011331201380002812884627116080136181551")).toBe(true)
  })
  it("rejects a wrong field DV, a wrong general DV, wrong lengths and garbage", () => {
    const plain = BB_LINE.replace(/[.\s]/g, "")
    const flip = (s: string, i: number) => s.slice(0, i) + String((Number(s[i]) + 1) % 10) + s.slice(i + 1)
    expect(isValidBoletoLine(flip(plain, 9))).toBe(false) // field 1 DV
    expect(isValidBoletoLine(flip(plain, 20))).toBe(false) // field 2 DV
    expect(isValidBoletoLine(flip(plain, 31))).toBe(false) // field 3 DV
    expect(isValidBoletoLine(flip(plain, 32))).toBe(false) // general DV
    expect(isValidBoletoLine(plain.slice(0, 46))).toBe(false)
    expect(isValidBoletoLine(plain + "0")).toBe(false) // 48 digits not starting with 8
    expect(isValidBoletoLine(BB_BARCODE)).toBe(false) // a barcode is not a typeable line
    expect(isValidBoletoLine(plain.replace("0", "O"))).toBe(false)
    expect(isValidBoletoLine("8".repeat(48))).toBe(false)
    // third digit must be 6, 7, 8 or 9 for collection slips
    expect(isValidBoletoLine("835" + "0".repeat(45))).toBe(false)
    for (const g of ["", " ", "abc", "💥", "\u0000", "1".repeat(100_000), "０".repeat(47)]) expect(isValidBoletoLine(g)).toBe(false)
  })
})

describe("features §2 boleto: barcode, decoding, formatting", () => {
  it("rebuilds the 44-digit barcode and back", () => {
    expect(boletoLineToBarcode(BB_LINE)).toBe(BB_BARCODE)
    expect(isValidBoletoBarcode(BB_BARCODE)).toBe(true)
    expect(boletoBarcodeToLine(BB_BARCODE)).toBe(BB_LINE.replace(/[.\s]/g, ""))
    expect(boletoLineToBarcode(PUBLISHED_COLLECTION_MOD10)).toBe("83640000001331201380008128846271108013618155")
    expect(boletoBarcodeToLine("83640000001331201380008128846271108013618155")).toBe(PUBLISHED_COLLECTION_MOD10.replace(/[\s-]/g, ""))
    expect(boletoLineToBarcode("garbage")).toBeNull()
    expect(boletoLineToBarcode(BB_LINE.replace("3 3737", "4 3737"))).toBeNull()
  })
  it("decodes the fields", () => {
    expect(decodeBoletoLine(BB_LINE)).toEqual({
      kind: "bank",
      barcode: BB_BARCODE,
      bank: "001",
      currency: "9",
      dueFactor: 3737,
      amountCents: 100,
      free: "0500940144816060680935031"
    })
    expect(decodeBoletoLine(PUBLISHED_COLLECTION_MOD11)).toMatchObject({ kind: "collection", segment: "5", valueId: "8", amountCents: 4605246 })
    expect(boletoKind(BB_LINE)).toBe("bank")
    expect(boletoKind(PUBLISHED_COLLECTION_MOD10)).toBe("collection")
    expect(boletoKind("123")).toBeNull()
  })
  it("formats the lines for display", () => {
    expect(formatBoletoLine(BB_LINE.replace(/[.\s]/g, ""))).toBe(BB_LINE)
    expect(formatBoletoLine(PUBLISHED_COLLECTION_MOD10.replace(/[\s-]/g, ""))).toBe(PUBLISHED_COLLECTION_MOD10)
    expect(formatBoletoLine("abc")).toBe("abc")
  })
  it("due factor: base 1997-10-07, 9999 on 2025-02-21, restarting at 1000 on 2025-02-22", () => {
    expect(dueDateToFactor("2000-07-03")).toBe(1000)
    expect(dueDateToFactor("2025-02-21")).toBe(9999)
    expect(dueDateToFactor("2025-02-22")).toBe(1000)
    expect(dueDateToFactor("1999-01-01")).toBeNull()
    expect(dueFactorToDate(1000, new Date("2025-06-01T00:00:00Z"))).toBe("2025-02-22")
    expect(dueFactorToDate(1000, new Date("2001-01-01T00:00:00Z"))).toBe("2000-07-03")
    expect(dueFactorToDate(0)).toBeNull()
  })
})

describe("features §2 boleto: generators (sandbox)", () => {
  it("makeBankSlipLine produces a valid, decodable line", () => {
    const line = makeBankSlipLine({ bank: "001", amountCents: 12345, dueFactor: 1000, free: "1234567890123456789012345" })
    expect(line).toHaveLength(47)
    expect(isValidBoletoLine(line)).toBe(true)
    expect(decodeBoletoLine(line)).toMatchObject({ bank: "001", amountCents: 12345, dueFactor: 1000, free: "1234567890123456789012345" })
    expect(makeBankSlipBarcode({ bank: "001", amountCents: 100, dueFactor: 3737, free: "0500940144816060680935031" })).toBe(BB_BARCODE)
    expect(() => makeBankSlipLine({ bank: "1", amountCents: 1, dueFactor: 1000 })).toThrow(RangeError)
    expect(() => makeBankSlipLine({ bank: "812", amountCents: 1, dueFactor: 1000 })).toThrow(RangeError)
    expect(() => makeBankSlipLine({ bank: "001", amountCents: -1, dueFactor: 1000 })).toThrow(RangeError)
    expect(() => makeBankSlipLine({ bank: "001", amountCents: 1e11, dueFactor: 1000 })).toThrow(RangeError)
  })
  it("makeCollectionSlipLine produces valid lines for every value id", () => {
    for (const valueId of ["6", "7", "8", "9"]) {
      const line = makeCollectionSlipLine({ segment: "2", valueId, amountCents: 9876, company: "0048", free: "123" })
      expect(line).toHaveLength(48)
      expect(isValidBoletoLine(line)).toBe(true)
      expect(decodeBoletoLine(line)).toMatchObject({ kind: "collection", segment: "2", valueId, amountCents: 9876, company: "0048" })
    }
    const cnpjSegment = makeCollectionSlipLine({ segment: "6", amountCents: 1, company: "11222333" })
    expect(decodeBoletoLine(cnpjSegment)).toMatchObject({ segment: "6", company: "11222333" })
    expect(() => makeCollectionSlipLine({ segment: "2", valueId: "5", amountCents: 1 })).toThrow(RangeError)
  })
  it("property: 500 generated bank slip lines validate; single-digit changes fail except the documented mod-11 collision", () => {
    const rnd = seededRandom(47)
    let undetected = 0
    for (let n = 0; n < 500; n++) {
      const line = makeBankSlipLine({
        bank: String(Math.floor(rnd() * 8)) + digits(rnd, 2), // first digit 8 is reserved for collection slips
        amountCents: Math.floor(rnd() * 1e10),
        dueFactor: 1000 + Math.floor(rnd() * 9000),
        free: digits(rnd, 25)
      })
      expect(isValidBoletoLine(line)).toBe(true)
      const barcode = boletoLineToBarcode(line) ?? ""
      for (let i = 0; i < 47; i++) {
        const other = String((Number(line[i]) + 1 + Math.floor(rnd() * 9)) % 10)
        const mutated = line.slice(0, i) + other + line.slice(i + 1)
        if (!isValidBoletoLine(mutated)) continue
        // Fields 1–3 have mod 10 DVs (every single-digit change is caught) and the general DV is
        // deterministic; only field 5 (positions 34–47) relies on the mod 11 DV alone, and FEBRABAN
        // maps remainders 0, 1 and 10 all to DV 1 — a change between those remainders is invisible.
        undetected++
        expect(i).toBeGreaterThanOrEqual(33)
        const mutatedBarcode = mutated.slice(0, 4) + mutated.slice(32, 47) + mutated.slice(4, 9) + mutated.slice(10, 20) + mutated.slice(21, 31)
        const before = rem11(barcode.slice(0, 4) + barcode.slice(5))
        const after = rem11(mutatedBarcode.slice(0, 4) + mutatedBarcode.slice(5))
        expect([0, 1, 10]).toContain(before)
        expect([0, 1, 10]).toContain(after)
      }
    }
    expect(undetected).toBeLessThan(500)
  })
  it("property: 500 generated collection slip lines validate; single-digit changes fail (mod 10 always, mod 11 except collisions)", () => {
    const rnd = seededRandom(48)
    for (let n = 0; n < 500; n++) {
      const valueId = ["6", "7", "8", "9"][n % 4] ?? "6"
      const segment = String(1 + Math.floor(rnd() * 9))
      const companyLength = segment === "6" ? 8 : 4
      const line = makeCollectionSlipLine({
        segment,
        valueId,
        amountCents: Math.floor(rnd() * 1e11),
        company: digits(rnd, companyLength),
        free: digits(rnd, 29 - companyLength)
      })
      expect(isValidBoletoLine(line)).toBe(true)
      for (let i = 0; i < 48; i++) {
        const other = String((Number(line[i]) + 1 + Math.floor(rnd() * 9)) % 10)
        const mutated = line.slice(0, i) + other + line.slice(i + 1)
        if (!isValidBoletoLine(mutated)) continue
        // Only a mod 11 slip (value id 8/9) can miss a change: remainders 0 and 1 both give DV 0,
        // and the change must slip past both its block DV and the general DV.
        expect(i === 2 ? mutated[2] : valueId).toMatch(/[89]/)
        const block = Math.floor(i / 12)
        expect(i % 12).not.toBe(11) // a DV digit itself is always checked
        expect([0, 1]).toContain(rem11(line.slice(block * 12, block * 12 + 11)))
      }
    }
  })
})
