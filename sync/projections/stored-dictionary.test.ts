/**
 * issue 33 item 4: a display-only column's strings (StoredDictionary) read back as written, over generated values —
 * plain numbers (their own codes, nothing kept), numbers that are not plain ("0012", ten digits, signs, spaces) and
 * words — checked against a plain Map as the reference interner; and survive the image (a structured clone, revived).
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { NUMERIC, StoredDictionary, plainNumber } from "./stored-dictionary.ts"

const valueOf = (r: Prng): string => {
  switch (r.int(0, 6)) {
    case 0:
      return String(r.int(0, 999_999_999))
    case 1:
      return String(r.int(0, 99)).padStart(r.int(1, 6), "0") // leading zeros: not plain
    case 2:
      return String(r.int(1_000_000_000, 9_999_999_999)) // ten digits: not plain
    case 3:
      return `${r.int(0, 9999)}-${r.int(0, 9)}`
    case 4:
      return r.pick(["", " 12", "12 ", "+1", "-1", "1e3", "１２", "0x1F", "Banco do Brasil S.A.", "Itaú"])
    case 5:
      return r.alnum(r.int(1, 12))
    default:
      return String(r.int(0, 9))
  }
}

describe("StoredDictionary (issue 33 item 4: display-only columns)", () => {
  it("reads every value back as written; equal values share a code; only plain numbers are codes of their own", () => {
    const r = new Prng(4)
    const d = new StoredDictionary({ numericFrom: 300 })
    const ref = new Map<string, number>()
    const written: Array<[string, number]> = []
    for (let i = 0; i < 20_000; i++) {
      const s = valueOf(r)
      const plainBefore = d.size >= 300
      const code = d.intern(s)
      const isPlain = /^(0|[1-9][0-9]{0,8})$/.test(s)
      expect(plainNumber(s)).toBe(isPlain ? Number(s) : -1)
      // a plain number is a code of its own once the dictionary holds numericFrom entries
      const plain = isPlain && plainBefore
      expect(code >= NUMERIC).toBe(plain)
      if (!plain && !ref.has(s)) ref.set(s, code)
      if (!plain) expect(code).toBe(ref.get(s))
      written.push([s, code])
    }
    for (const [s, code] of written) expect(d.value(code)).toBe(s)
    expect(d.size).toBe(ref.size) // nothing kept for a plain number past numericFrom
    expect(written.filter(([, c]) => c >= NUMERIC).length).toBeGreaterThan(2000)
    const back = StoredDictionary.revive(structuredClone(d))
    for (const [s, code] of written.slice(0, 2000)) expect(back.value(code)).toBe(s)
    expect(back.intern(written[0]![0])).toBe(written[0]![1])
  })

  it("a column of few values (a check digit) keeps 16-bit codes: plain numbers are entries while the dictionary is small", () => {
    const d = new StoredDictionary()
    for (let i = 0; i < 1000; i++) expect(d.intern(String(i % 10))).toBeLessThan(0x1_0000)
    expect(d.size).toBe(10)
  })
})
