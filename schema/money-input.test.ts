/**
 * parseMoneyInput(text, locale) and centsToInput(cents, locale) against an independent reading
 * of both languages' money formats (issue 31 item 3, spec core §5 Money): amounts written by
 * Intl.NumberFormat (en-US, pt-BR; grouped or not, with or without decimals, as currency with
 * "R$") are read back to the same cents; the other language's form, misplaced group separators
 * and more than 2 decimals are refused; random strings over the money alphabet agree with a
 * hand-written reader that uses no regular expression. Random inputs from sandbox/prng.ts.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import { centsToInput, parseMoneyInput, rules, type MoneyLocale } from "./validation.ts"

const INTL: Record<MoneyLocale, string> = { pt: "pt-BR", en: "en-US" }
const OTHER: Record<MoneyLocale, MoneyLocale> = { pt: "en", en: "pt" }
const LOCALES: ReadonlyArray<MoneyLocale> = ["pt", "en"]

/** Cents as the exact decimal string Intl formats ("1234.56"), no floating point. */
const decimalOf = (cents: bigint): string => {
  const d = cents.toString().padStart(3, "0")
  return `${d.slice(0, -2)}.${d.slice(-2)}`
}

/** Amounts spread over every magnitude, from 0 to Number.MAX_SAFE_INTEGER cents. */
function randomCents(p: Prng): bigint {
  const digits = p.int(1, 16)
  const v = BigInt(p.digits(digits))
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? v % BigInt(Number.MAX_SAFE_INTEGER) : v
}

/** What each language's Intl writes for an amount, in several forms a user may copy or type. */
function intlForms(cents: bigint, locale: MoneyLocale): ReadonlyArray<string> {
  const lng = INTL[locale]
  const dec = decimalOf(cents) as unknown as number // Intl.NumberFormat v3 formats decimal strings exactly
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 }
  const grouped = new Intl.NumberFormat(lng, two).format(dec)
  const plain = new Intl.NumberFormat(lng, { ...two, useGrouping: false }).format(dec)
  const short = new Intl.NumberFormat(lng, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(dec)
  const currency = new Intl.NumberFormat(lng, { style: "currency", currency: "BRL" }).format(dec)
  return [grouped, plain, short, currency, `R$${grouped}`, `R$ ${grouped}`, `R$ ${plain}`, ` ${grouped} `]
}

/**
 * The independent reading: character by character, no regular expression. Optional "R$" and
 * spaces around; the whole part is digits, or 1–3 digits then groups of exactly 3 after each
 * group separator; then optionally the decimal separator and 1 or 2 digits.
 */
function oracle(text: string, locale: MoneyLocale): number | null {
  const group = locale === "en" ? "," : "."
  const decimal = locale === "en" ? "." : ","
  const isDigit = (c: string): boolean => c >= "0" && c <= "9"
  let t = text
  const isSpace = (c: string | undefined): boolean => c === " " || c === "\u00a0" || c === "\u202f" || c === "\t" || c === "\n"
  while (t.length > 0 && isSpace(t[0])) t = t.slice(1)
  while (t.length > 0 && isSpace(t[t.length - 1])) t = t.slice(0, -1)
  if (t.slice(0, 2) === "R$") t = t.slice(2)
  while (t.length > 0 && isSpace(t[0])) t = t.slice(1)
  const parts = t.split(decimal)
  if (parts.length > 2) return null
  const whole = parts[0] ?? ""
  const frac = parts[1]
  if (frac !== undefined && (frac.length < 1 || frac.length > 2 || ![...frac].every(isDigit))) return null
  const groups = whole.split(group)
  const first = groups[0] ?? ""
  if (first.length === 0 || ![...first].every(isDigit)) return null
  if (groups.length > 1) {
    if (first.length > 3) return null
    for (const g of groups.slice(1)) if (g.length !== 3 || ![...g].every(isDigit)) return null
  }
  const cents = BigInt(groups.join("")) * 100n + BigInt((frac ?? "").padEnd(2, "0") || "0")
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents)
}

describe("issue 31 item 3 money input in each language", () => {
  it("issue 31 item 3 the examples of the issue: en 1,234.56 1234.56 1,234 R$1,234.56 R$ 1,234.56; pt 1.234,56 1234,56 R$ 1.234,56", () => {
    for (const s of ["1,234.56", "1234.56", "R$1,234.56", "R$ 1,234.56", " R$\u00a01,234.56 "]) expect(parseMoneyInput(s, "en")).toBe(123456)
    expect(parseMoneyInput("1,234", "en")).toBe(123400)
    expect(parseMoneyInput("0.5", "en")).toBe(50)
    expect(parseMoneyInput("1,234,567.8", "en")).toBe(123456780)
    for (const s of ["1.234,56", "1234,56", "R$ 1.234,56", "R$1.234,56"]) {
      expect(parseMoneyInput(s, "pt")).toBe(123456)
      expect(parseMoneyInput(s)).toBe(123456) // pt when no locale is given
    }
  })

  it("issue 31 item 3 ambiguous and other-language forms are refused: en 1.234,56 1.234 1,23 12.345; pt 1,234.56 1,234 1.23 12,345", () => {
    for (const s of ["1.234,56", "1.234", "1,23", "1,2345", "12.345", "1.234.567", "R$ 1.234,56", "10,50", "1,234.567", ",5", "1.", "-1.00", "1 234.56"]) {
      expect(parseMoneyInput(s, "en"), s).toBeNull()
    }
    for (const s of ["1,234.56", "1,234", "1.23", "12,345", "1,234,567", "R$1,234.56", "10.50", "1.234,567", ",5", "1,", "-1,00", "1 234,56"]) {
      expect(parseMoneyInput(s, "pt"), s).toBeNull()
      expect(parseMoneyInput(s), s).toBeNull()
    }
    expect(rules.money("1,234.56", "en")).toBe(true)
    expect(rules.money("1,234.56", "pt")).toBe("VALIDATION_MONEY")
  })

  it("issue 31 item 3 centsToInput writes each language's canonical form; it is the example the message shows", () => {
    expect(centsToInput(123456, "en")).toBe("1,234.56")
    expect(centsToInput(123456, "pt")).toBe("1.234,56")
    expect(centsToInput(123456)).toBe("1.234,56")
    expect(centsToInput(700, "en")).toBe("7.00")
    expect(centsToInput(5, "pt")).toBe("0,05")
  })

  for (const locale of LOCALES) {
    it(`issue 31 item 3 (${locale}) parse(Intl.NumberFormat(${INTL[locale]}).format(x)) = x over 3000 generated amounts, in 8 written forms each, and centsToInput round-trips`, () => {
      const p = new Prng(31_03 + (locale === "en" ? 1 : 0))
      for (let i = 0; i < 3000; i++) {
        const cents = randomCents(p)
        for (const text of intlForms(cents, locale)) {
          expect(parseMoneyInput(text, locale), `${locale} ${JSON.stringify(text)}`).toBe(Number(cents))
        }
        const canonical = centsToInput(Number(cents), locale)
        expect(canonical).toBe(new Intl.NumberFormat(INTL[locale], { minimumFractionDigits: 2 }).format(decimalOf(cents) as unknown as number))
        expect(parseMoneyInput(canonical, locale)).toBe(Number(cents))
      }
    })

    it(`issue 31 item 3 (${locale}) the other language's Intl form is refused whenever it is grouped or has decimals (2000 generated amounts)`, () => {
      const p = new Prng(31_13 + (locale === "en" ? 1 : 0))
      const other = INTL[OTHER[locale]]
      let refused = 0
      for (let i = 0; i < 2000; i++) {
        const cents = randomCents(p)
        const dec = decimalOf(cents) as unknown as number
        // two decimals: the other decimal separator stands where a group of 3 digits would have to be
        const withDecimals = [
          new Intl.NumberFormat(other, { minimumFractionDigits: 2 }).format(dec),
          new Intl.NumberFormat(other, { minimumFractionDigits: 2, useGrouping: false }).format(dec),
          new Intl.NumberFormat(other, { style: "currency", currency: "BRL" }).format(dec)
        ]
        for (const text of withDecimals) {
          expect(parseMoneyInput(text, locale), `${locale} ${JSON.stringify(text)}`).toBeNull()
          refused++
        }
        // whole reais, grouped: ambiguous (1.234 is 1234 in pt and 1.234 in en) — refused
        const whole = cents / 100n
        if (whole >= 1000n) {
          const text = new Intl.NumberFormat(other, { maximumFractionDigits: 0 }).format(whole)
          expect(parseMoneyInput(text, locale), `${locale} ${JSON.stringify(text)}`).toBeNull()
          refused++
        }
      }
      expect(refused).toBeGreaterThan(6000)
    })

    it(`issue 31 item 3 (${locale}) malformed amounts are refused: a group separator moved, a third decimal, a doubled separator, a sign (3000 generated)`, () => {
      const p = new Prng(31_23 + (locale === "en" ? 1 : 0))
      const group = locale === "en" ? "," : "."
      const decimal = locale === "en" ? "." : ","
      for (let i = 0; i < 3000; i++) {
        const cents = randomCents(p) + 100_000n // at least 1.000,00: there is a group separator to move
        const good = centsToInput(Number(cents > BigInt(Number.MAX_SAFE_INTEGER) ? 100_000n : cents), locale)
        const [whole = "", frac = ""] = good.split(decimal)
        const at = whole.indexOf(group)
        const moved = `${whole.slice(0, at)}${whole.slice(at + 1, at + 2)}${group}${whole.slice(at + 2)}`
        const bad = [
          `${moved}${decimal}${frac}`, // 12.34.567,89 / 1,2,345.67: a group of 2 and one of 4
          `${whole}${decimal}${frac}${p.int(0, 9)}`, // three decimals
          `${whole}${decimal}${decimal}${frac}`,
          `${whole.replace(group, group + group)}${decimal}${frac}`,
          `-${good}`,
          `+${good}`,
          `${good}${decimal}`,
          `${whole}${decimal}`
        ]
        for (const text of bad) {
          expect(parseMoneyInput(text, locale), `${locale} ${JSON.stringify(text)}`).toBeNull()
          expect(oracle(text, locale), `oracle ${locale} ${JSON.stringify(text)}`).toBeNull()
        }
      }
    })

    it(`issue 31 item 3 (${locale}) 20000 random strings over "0123456789.,R$ " read the same as the hand-written reader; every accepted one round-trips through centsToInput, which the other language refuses`, () => {
      const p = new Prng(31_33 + (locale === "en" ? 1 : 0))
      const alphabet = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", ",", " ", "R$"]
      let accepted = 0
      for (let i = 0; i < 20_000; i++) {
        const n = p.int(1, 12)
        let text = ""
        // digits are more likely, so that well-formed amounts come up often
        for (let k = 0; k < n; k++) text += p.chance(0.65) ? String(p.int(0, 9)) : p.pick(alphabet)
        const got = parseMoneyInput(text, locale)
        expect(got, `${locale} ${JSON.stringify(text)}`).toBe(oracle(text, locale))
        if (got !== null) {
          accepted++
          expect(parseMoneyInput(centsToInput(got, locale), locale)).toBe(got)
          expect(parseMoneyInput(centsToInput(got, locale), OTHER[locale])).toBeNull() // the canonical form is never the other language's
        }
      }
      expect(accepted).toBeGreaterThan(2000)
    })
  }
})
