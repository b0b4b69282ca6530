/**
 * Tests of the shared validation rules (schema/validation.ts) and of the bank-holiday rules it
 * re-exports from schema/holidays.ts. Spec core §5, §6, §9 and features §1, §5, §9.
 */
import { describe, it, expect } from "vitest"
import { Schema } from "effect"
import {
  addBankBusinessDays,
  bankBusinessDayOnOrAfter,
  bankHolidays,
  checks,
  cnpjCheckDigits,
  CnpjString,
  CpfString,
  cpfCheckDigits,
  DocumentString,
  easterSunday,
  EmailString,
  hasLength,
  hasMaxLength,
  hasMinLength,
  hasNoEmoji,
  hasNoSpecialCharacters,
  isBankBusinessDay,
  isBankHoliday,
  isDateTodayOrLater,
  isDateWithinDays,
  isNumeric,
  isRangeOrdered,
  isSameMonth,
  isStrongPassword,
  isTedWindowOpen,
  isValidCardLastFour,
  isValidCardPassword,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  isValidEmail,
  isValidKeyCode,
  isValidPin,
  isValidPixKey,
  isValidRoleSet,
  isValidTemporaryToken,
  isValidZip,
  nextBankBusinessDay,
  NoEmojiString,
  NoSpecialCharactersString,
  normalizeCnpj,
  normalizeCpf,
  normalizePixKey,
  parseDateInput,
  parseMoneyInput,
  passwordStrength,
  PinString,
  PixKeyString,
  pixKeyType,
  rules,
  sanitizeOccupationSearch,
  strongPasswordChecks,
  StrongPasswordString,
  TemporaryTokenString,
  ZipString,
  // re-exports checked for presence
  decodePixCopyPaste,
  encodePixCopyPaste,
  crc16ccitt,
  isValidBoletoLine,
  boletoLineToBarcode,
  makeBankSlipLine,
  saoPauloDateKey
} from "./validation"
import { seededRandom } from "../sandbox/prng.ts"

const pick = (rnd: () => number, alphabet: string): string => alphabet[Math.floor(rnd() * alphabet.length)] ?? ""
const randomString = (rnd: () => number, alphabet: string, n: number): string => Array.from({ length: n }, () => pick(rnd, alphabet)).join("")

const GARBAGE = ["", " ", "   ", "\t\n", "null", "undefined", "💥", "ação", "\u0000", "x".repeat(100_000), "１２３４５６７８９０１"]

describe("spec core §5 re-exports", () => {
  it("exposes the boleto, Pix and holiday rules from validation.ts", () => {
    for (const f of [decodePixCopyPaste, encodePixCopyPaste, crc16ccitt, isValidBoletoLine, boletoLineToBarcode, makeBankSlipLine, saoPauloDateKey]) {
      expect(typeof f).toBe("function")
    }
  })
})

describe("spec core §5 validCPF", () => {
  // 111.444.777-35 is the classic worked example of the CPF algorithm, checked by hand:
  // DV1: 1·10+1·9+1·8+4·7+4·6+4·5+7·4+7·3+7·2 = 162; 162·10 mod 11 = 3 → 3
  // DV2: 1·11+1·10+1·9+4·8+4·7+4·6+7·5+7·4+7·3+3·2 = 204; 204·10 mod 11 = 5 → 5
  it("accepts published / hand-checked valid CPFs, formatted and plain", () => {
    expect(isValidCpf("111.444.777-35")).toBe(true)
    expect(isValidCpf("11144477735")).toBe(true)
    expect(isValidCpf("529.982.247-25")).toBe(true)
    expect(isValidCpf("52998224725")).toBe(true)
    expect(isValidCpf("  529.982.247-25 ")).toBe(true) // surrounding whitespace ignored
  })
  it("rejects wrong check digits, all-equal sequences, wrong lengths and garbage", () => {
    expect(isValidCpf("111.444.777-36")).toBe(false)
    expect(isValidCpf("111.444.777-53")).toBe(false)
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false) // all-equal pass the DV math but are rejected
    expect(isValidCpf("1114447773")).toBe(false)
    expect(isValidCpf("111444777350")).toBe(false)
    expect(isValidCpf("111.444.777-3a")).toBe(false)
    expect(isValidCpf("111444777-35")).toBe(true) // each separator optional at its own place
    expect(isValidCpf("11.144.477.735")).toBe(false) // separators at the wrong places
    expect(isValidCpf("111..444..777--35")).toBe(false)
    expect(isValidCpf("111 444 777 35")).toBe(false)
    for (const g of GARBAGE) expect(isValidCpf(g)).toBe(false)
  })
  it("normalises to 11 digits", () => {
    expect(normalizeCpf("111.444.777-35")).toBe("11144477735")
    expect(normalizeCpf("abc")).toBeNull()
    expect(cpfCheckDigits("111444777")).toBe("35")
  })
  it("property: 500 generated CPFs validate; single-digit changes fail except the known mod-11 collisions", () => {
    const rnd = seededRandom(11)
    let undetected = 0
    for (let n = 0; n < 500; n++) {
      const base = randomString(rnd, "0123456789", 9)
      const cpf = base + (cpfCheckDigits(base) ?? "")
      if (/^(\d)\1{10}$/.test(cpf)) continue
      expect(isValidCpf(cpf)).toBe(true)
      for (let i = 0; i < 11; i++) {
        const orig = cpf[i] ?? "0"
        const other = String((Number(orig) + 1 + Math.floor(rnd() * 9)) % 10)
        const mutated = cpf.slice(0, i) + other + cpf.slice(i + 1)
        if (isValidCpf(mutated)) {
          // The CPF scheme maps remainders 0 and 10 to the same digit 0: a change in the base can
          // go unnoticed only when DV1 is 0. Anything else would be a bug.
          undetected++
          expect(i).toBeLessThan(9)
          expect(cpf[9]).toBe("0")
        }
      }
    }
    expect(undetected).toBeLessThan(100)
  })
})

describe("spec core §5 validCNPJ", () => {
  // 11.222.333/0001-81 is the classic worked example, checked by hand:
  // DV1: 1·5+1·4+2·3+2·2+2·9+3·8+3·7+3·6+0+0+0+1·2 = 102; 102 mod 11 = 3 → 11−3 = 8
  // DV2: 1·6+1·5+2·4+2·3+2·2+3·9+3·8+3·7+0+0+0+1·3+8·2 = 120; 120 mod 11 = 10 → 11−10 = 1
  it("accepts numeric CNPJs formatted and plain", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true)
    expect(isValidCnpj("11222333000181")).toBe(true)
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false)
  })
  // Receita Federal example of the alphanumeric CNPJ (IN RFB 2.229/2024, "CNPJ alfanumérico"):
  // 12.ABC.345/01DE-35. Values are ASCII − 48 (A=17, B=18, C=19, D=20, E=21).
  // DV1: 1·5+2·4+17·3+18·2+19·9+3·8+4·7+5·6+0·5+1·4+20·3+21·2 = 459; 459 mod 11 = 8 → 3
  // DV2: 1·6+2·5+17·4+18·3+19·2+3·9+4·8+5·7+0·6+1·5+20·4+21·3+3·2 = 424; 424 mod 11 = 6 → 5
  it("accepts the Receita Federal alphanumeric example, formatted, plain and lowercase", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true)
    expect(isValidCnpj("12ABC34501DE35")).toBe(true)
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true)
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35")
    expect(normalizeCnpj("12.abc.345/01de-35")).toBe("12ABC34501DE35")
  })
  it("rejects wrong digits, letters in the check digits, all-equal, wrong lengths and garbage", () => {
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false)
    expect(isValidCnpj("12.ABC.345/01DE-3A")).toBe(false)
    expect(isValidCnpj("12.ABD.345/01DE-35")).toBe(false)
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false)
    expect(isValidCnpj("1122233300018")).toBe(false)
    expect(isValidCnpj("112223330001811")).toBe(false)
    expect(isValidCnpj("11.222.333/0001-8!")).toBe(false)
    expect(isValidCnpj("12.ÁBC.345/01DE-35")).toBe(false)
    expect(isValidCnpj("112.223.330/001-81")).toBe(false) // separators at the wrong places
    expect(isValidCnpj("11222333/0001-81")).toBe(true) // each separator optional at its own place
    for (const g of GARBAGE) expect(isValidCnpj(g)).toBe(false)
  })
  it("documents the RFB algorithm property: characters whose values differ by 11 (e.g. '6' and 'A') share check digits", () => {
    // 'A' = 17 ≡ 6 (mod 11): swapping them cannot be detected by a mod 11 scheme.
    expect(cnpjCheckDigits("12ABC34501DE")).toBe(cnpjCheckDigits("126BC34501DE"))
  })
  it("property: 500 generated CNPJs (numeric and alphanumeric) validate; digit changes fail except mod-11 collisions", () => {
    const rnd = seededRandom(14)
    let undetected = 0
    for (let n = 0; n < 500; n++) {
      const alphabet = n % 2 === 0 ? "0123456789" : "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
      const base = randomString(rnd, alphabet, 12)
      const cnpj = base + (cnpjCheckDigits(base) ?? "")
      if (/^(\d)\1{13}$/.test(cnpj)) continue
      expect(isValidCnpj(cnpj)).toBe(true)
      expect(isValidCnpj(cnpj.toLowerCase())).toBe(true)
      for (let i = 0; i < 14; i++) {
        const orig = cnpj[i] ?? "0"
        if (!/[0-9]/.test(orig)) continue
        const other = String((Number(orig) + 1 + Math.floor(rnd() * 9)) % 10)
        const mutated = cnpj.slice(0, i) + other + cnpj.slice(i + 1)
        if (isValidCnpj(mutated)) {
          // remainders 0 and 1 both give digit 0: only possible in the base when DV1 is 0
          undetected++
          expect(i).toBeLessThan(12)
          expect(cnpj[12]).toBe("0")
        }
      }
    }
    expect(undetected).toBeLessThan(100)
  })
})

describe("spec core §5 validDocument", () => {
  it("is CPF or CNPJ", () => {
    expect(isValidDocument("111.444.777-35")).toBe(true)
    expect(isValidDocument("11.222.333/0001-81")).toBe(true)
    expect(isValidDocument("12.ABC.345/01DE-35")).toBe(true)
    expect(isValidDocument("111.444.777-36")).toBe(false)
    for (const g of GARBAGE) expect(isValidDocument(g)).toBe(false)
  })
})

describe("spec core §5 Money input (features §5)", () => {
  it("parses comma decimal and dot thousands into integer cents", () => {
    expect(parseMoneyInput("1.234,56")).toBe(123456)
    expect(parseMoneyInput("0,5")).toBe(50)
    expect(parseMoneyInput("0,05")).toBe(5)
    expect(parseMoneyInput("10")).toBe(1000)
    expect(parseMoneyInput("1234,56")).toBe(123456)
    expect(parseMoneyInput("1.234")).toBe(123400)
    expect(parseMoneyInput("12.345.678,90")).toBe(1234567890)
    expect(parseMoneyInput("R$ 1.234,56")).toBe(123456)
    expect(parseMoneyInput("R$1.234,56")).toBe(123456)
    expect(parseMoneyInput("R$\u00a01.234,56")).toBe(123456)
    expect(parseMoneyInput(" 0,00 ")).toBe(0)
  })
  it("never uses floats: values that are inexact in binary stay exact", () => {
    expect(parseMoneyInput("0,29")).toBe(29) // 0.29 * 100 = 28.999999999999996 in floating point
    expect(parseMoneyInput("1,15")).toBe(115)
    expect(parseMoneyInput("90.071.992.547.409,91")).toBe(9007199254740991)
    expect(parseMoneyInput("90.071.992.547.409,92")).toBeNull() // beyond Number.MAX_SAFE_INTEGER
  })
  it("returns null for garbage, negatives, more than 2 decimals and bad grouping", () => {
    for (const s of ["abc", "-1", "-1,00", "R$ -5", "1,234", "1,", ",5", "1.23", "10.50", "1.2345", "1 234,56", "1e3", "Infinity", "NaN", "١٢٣"]) {
      expect(parseMoneyInput(s)).toBeNull()
    }
    for (const g of GARBAGE) expect(parseMoneyInput(g)).toBeNull()
  })
})

describe("spec core §5 date_within_days (features §5, §9 Pix scheduling)", () => {
  // 2025-01-01T02:00Z is 2024-12-31 23:00 in UTC-3: "today" is Dec 31, so day 60 is 2025-03-01.
  const now = new Date("2025-01-01T02:00:00Z")
  it("counts calendar days from today in UTC-3; day 60 passes, day 61 fails", () => {
    expect(isDateWithinDays("2024-12-31", 60, now)).toBe(true)
    expect(isDateWithinDays("2025-03-01", 60, now)).toBe(true)
    expect(isDateWithinDays("2025-03-02", 60, now)).toBe(false)
    expect(isDateWithinDays("03/01/2025", 60, now)).toBe(true) // MM/DD/YYYY
    expect(isDateWithinDays("03/02/2025", 60, now)).toBe(false)
    expect(isDateWithinDays("2025-01-10", 7, now)).toBe(false)
    expect(isDateWithinDays("2024-12-01", 60, now)).toBe(true) // past dates are another rule's business
    expect(isDateTodayOrLater("2024-12-30", now)).toBe(false)
    expect(isDateTodayOrLater("2024-12-31", now)).toBe(true)
  })
  it("uses UTC-3, not UTC", () => {
    // in UTC "today" would already be Jan 1 and 2025-03-02 would be day 60
    expect(isDateWithinDays("2025-03-02", 60, now)).toBe(false)
  })
  it("rejects impossible dates and other forms", () => {
    for (const s of ["2025-02-30", "02/30/2025", "31/12/2024", "2025-1-5", "2025/01/05", "tomorrow", ...GARBAGE]) {
      expect(isDateWithinDays(s, 60, now)).toBe(false)
    }
    expect(parseDateInput("12/31/2024")).toBe("2024-12-31")
    expect(parseDateInput("31/12/2024")).toBeNull()
  })
  it("rule returns the message key", () => {
    expect(rules.date_within_days("2025-03-01", 60, now)).toBe(true)
    expect(rules.date_within_days("2025-03-02", 60, now)).toBe("VALIDATION_DATE_WITHIN_DAYS")
  })
})

describe("spec core §5 / features §5 fixed-length codes and formats", () => {
  it("PIN 4, temporary token 6, key code 5, card password 4 digits", () => {
    expect(isValidPin("1234")).toBe(true)
    expect(isValidPin("123")).toBe(false)
    expect(isValidPin("12345")).toBe(false)
    expect(isValidPin("12a4")).toBe(false)
    expect(isValidPin("١٢٣٤")).toBe(false) // Arabic-Indic digits are not ASCII digits
    expect(isValidTemporaryToken("123456")).toBe(true)
    expect(isValidTemporaryToken("12345")).toBe(false)
    expect(isValidKeyCode("12345")).toBe(true)
    expect(isValidKeyCode("1234")).toBe(false)
    expect(isValidCardPassword("0000")).toBe(true)
    expect(isValidCardPassword("00000")).toBe(false)
    expect(isValidCardLastFour("4321", "5555 4444 3333 4321")).toBe(true)
    expect(isValidCardLastFour("4322", "5555 4444 3333 4321")).toBe(false)
    for (const g of GARBAGE) {
      expect(isValidPin(g)).toBe(false)
      expect(isValidTemporaryToken(g)).toBe(false)
      expect(isValidKeyCode(g)).toBe(false)
    }
  })
  it("spec core §5 zip: exactly #####-###", () => {
    expect(isValidZip("01310-100")).toBe(true)
    expect(isValidZip("01310100")).toBe(false)
    expect(isValidZip("01310-10")).toBe(false)
    expect(isValidZip(" 01310-100")).toBe(false)
    for (const g of GARBAGE) expect(isValidZip(g)).toBe(false)
  })
  it("spec core §5 numeric: digits with an optional decimal part", () => {
    expect(isNumeric("123")).toBe(true)
    expect(isNumeric("12,5")).toBe(true)
    expect(isNumeric("12.5")).toBe(true)
    expect(isNumeric("12.")).toBe(false)
    expect(isNumeric("-1")).toBe(false)
    expect(isNumeric("1.2.3")).toBe(false)
    for (const g of GARBAGE) expect(isNumeric(g)).toBe(false)
  })
  it("spec core §5 length, min, max count characters (code points)", () => {
    expect(hasLength("abc", 3)).toBe(true)
    expect(hasLength("a😀c", 3)).toBe(true)
    expect(hasMinLength("abc", 4)).toBe(false)
    expect(hasMinLength("abcd", 4)).toBe(true)
    expect(hasMaxLength("abcd", 4)).toBe(true)
    expect(hasMaxLength("abcde", 4)).toBe(false)
    expect(rules.length("abc", 4)).toBe("VALIDATION_LENGTH")
    expect(rules.min("abc", 4)).toBe("VALIDATION_MIN")
    expect(rules.max("abcde", 4)).toBe("VALIDATION_MAX")
  })
})

describe("spec core §5 email", () => {
  it("accepts ordinary addresses", () => {
    for (const s of ["fulano@example.com", "fulano.tal+pix@banco.com.br", "a@b.co", "X_Y-z@sub.domain.org"]) expect(isValidEmail(s)).toBe(true)
  })
  it("rejects malformed addresses and garbage", () => {
    for (const s of [
      "fulano",
      "fulano@",
      "@example.com",
      "fulano@example",
      "ful ano@example.com",
      "fulano@@example.com",
      ".fulano@example.com",
      "ful..ano@example.com",
      "fulano@-example.com",
      "fulano@example.c",
      "fulano@exa_mple.com",
      "fuláno@example.com",
      `${"a".repeat(65)}@example.com`,
      ...GARBAGE
    ]) {
      expect(isValidEmail(s)).toBe(false)
    }
    expect(rules.email("x")).toBe("VALIDATION_EMAIL")
  })
})

describe("spec core §5 strongPassword", () => {
  it("needs 8+ characters with upper, lower, digit and special", () => {
    expect(isStrongPassword("Abcdef1!")).toBe(true)
    expect(isStrongPassword("Abcde1!")).toBe(false) // 7
    expect(isStrongPassword("abcdef1!")).toBe(false)
    expect(isStrongPassword("ABCDEF1!")).toBe(false)
    expect(isStrongPassword("Abcdefg!")).toBe(false)
    expect(isStrongPassword("Abcdefg1")).toBe(false)
    expect(isStrongPassword("Abcdef1 ")).toBe(false) // a space is not a special character
    for (const g of GARBAGE) expect(isStrongPassword(g)).toBe(false)
    expect(rules.strongPassword("weak")).toBe("VALIDATION_STRONG_PASSWORD")
    expect(rules.password("1234567")).toBe("VALIDATION_PASSWORD")
    expect(rules.password("12345678")).toBe(true)
  })
  it("live checklist", () => {
    expect(strongPasswordChecks("abc")).toEqual({ minLength: false, lowercase: true, uppercase: false, digit: false, special: false })
    expect(strongPasswordChecks("Ação-2024")).toEqual({ minLength: true, lowercase: true, uppercase: true, digit: true, special: true })
  })
  it("strength levels weak, average, good, strong", () => {
    expect(passwordStrength("")).toBe("weak")
    expect(passwordStrength("abc")).toBe("weak")
    expect(passwordStrength("abcdefgh")).toBe("weak") // length + lower = 2
    expect(passwordStrength("abcdefg1")).toBe("average") // 3
    expect(passwordStrength("Abcdefg1")).toBe("good") // 4
    expect(passwordStrength("abcdefghijk1")).toBe("good") // 3 + length ≥ 12 bonus
    expect(passwordStrength("Abcdef1!")).toBe("strong")
    expect(passwordStrength("abcdefghij1!x")).toBe("good") // 5 points but no uppercase: never "strong"
  })
})

describe("spec core §5 no_special_characters (features §5 free text)", () => {
  it('allows letters incl. accented Latin, digits, space and . , ; : ! ? _ ( ) " / & @ -', () => {
    expect(hasNoSpecialCharacters('Pagamento João & Cia. (ref: 12/2024) - ok? sim! "x" @loja_1;')).toBe(true)
    expect(hasNoSpecialCharacters("Ação Ñandú Øre ÆØÅ")).toBe(true)
    expect(hasNoSpecialCharacters("Ac\u0327a\u0303o")).toBe(true) // decomposed accents
    expect(hasNoSpecialCharacters("")).toBe(true)
  })
  it("rejects other characters", () => {
    for (const s of ["50%", "a#b", "a*b", "a+b", "a=b", "a<b>", "a$b", "a'b", "a\nb", "a\tb", "😀", "日本", "Ωmega", "a[b]", "a{b}", "a|b", "a\\b", "a~b"]) {
      expect(hasNoSpecialCharacters(s)).toBe(false)
    }
    expect(rules.no_special_characters("50%")).toBe("VALIDATION_NO_SPECIAL_CHARACTERS")
  })
})

describe("spec core §5 no_emoji", () => {
  it("rejects pictographs, flags, keycaps and skin tones", () => {
    for (const s of ["😀", "oi 👍🏽", "🇧🇷", "1️⃣", "❤️", "🏳️‍🌈", "©"]) expect(hasNoEmoji(s)).toBe(false)
    expect(rules.no_emoji("😀")).toBe("VALIDATION_NO_EMOJI")
  })
  it("accepts plain and accented text, symbols that are not emoji", () => {
    for (const s of ["", "Olá, ação!", "R$ 10,00", "#1 * 2", "日本語", "x".repeat(10_000)]) expect(hasNoEmoji(s)).toBe(true)
  })
})

describe("spec core §5 profile update: occupation search sanitising", () => {
  it("strips accents and keeps plain ASCII letters, digits and single spaces", () => {
    expect(sanitizeOccupationSearch("  Técnico   em  Informática ")).toBe("Tecnico em Informatica")
    expect(sanitizeOccupationSearch("açougueiro-chefe (2º)")).toBe("acougueiro chefe 2")
    expect(sanitizeOccupationSearch("😀💥")).toBe("")
    expect(sanitizeOccupationSearch("")).toBe("")
  })
})

describe("features §1/§7 Pix keys", () => {
  const uuid = "123e4567-e89b-42d3-a456-426614174000"
  it("detects each key type", () => {
    expect(pixKeyType("111.444.777-35")).toBe("cpf")
    expect(pixKeyType("11144477735")).toBe("cpf")
    expect(pixKeyType("11.222.333/0001-81")).toBe("cnpj")
    expect(pixKeyType("12.ABC.345/01DE-35")).toBe("cnpj")
    expect(pixKeyType("fulano@example.com")).toBe("email")
    expect(pixKeyType("+5511987654321")).toBe("phone")
    expect(pixKeyType("+551133334444")).toBe("phone")
    expect(pixKeyType("+55 (11) 98765-4321")).toBe("phone")
    expect(pixKeyType(uuid)).toBe("random")
    expect(pixKeyType(uuid.toUpperCase())).toBe("random")
  })
  it("rejects invalid keys", () => {
    for (const s of [
      "111.444.777-36",
      "11987654321", // no +55: a phone must be E.164
      "+5501987654321", // area code with 0
      "+55119876543210", // 10 digits after the area code
      "+1 202 555 0100",
      "123e4567-e89b-12d3-a456-426614174000", // UUID v1, not v4
      "123e4567e89b42d3a456426614174000",
      `${"a".repeat(70)}@example.com`, // 82 > 77 characters
      ...GARBAGE
    ]) {
      expect(pixKeyType(s)).toBeNull()
      expect(isValidPixKey(s)).toBe(false)
    }
  })
  it("checks against a given type and normalises", () => {
    expect(isValidPixKey("111.444.777-35", "cpf")).toBe(true)
    expect(isValidPixKey("111.444.777-35", "phone")).toBe(false)
    expect(isValidPixKey("fulano@example.com", "email")).toBe(true)
    expect(normalizePixKey("Fulano@Example.com")).toBe("fulano@example.com")
    expect(normalizePixKey("+55 (11) 98765-4321")).toBe("+5511987654321")
    expect(normalizePixKey("12.abc.345/01de-35")).toBe("12ABC34501DE35")
    expect(normalizePixKey(uuid.toUpperCase())).toBe(uuid)
    expect(normalizePixKey("nope")).toBeNull()
    expect(rules.pix_key("nope")).toBe("VALIDATION_PIX_KEY")
  })
})

describe("spec core §6 role rule", () => {
  it("APPROVER needs ADMIN or CLIENT", () => {
    expect(isValidRoleSet(["APPROVER"])).toBe(false)
    expect(isValidRoleSet(["APPROVER", "ROOT"])).toBe(false)
    expect(isValidRoleSet(["APPROVER", "ADMIN"])).toBe(true)
    expect(isValidRoleSet(["CLIENT", "APPROVER"])).toBe(true)
    expect(isValidRoleSet(["ROOT"])).toBe(true)
    expect(isValidRoleSet([])).toBe(true)
    expect(isValidRoleSet(["ADMIN", "OWNER"])).toBe(false) // unknown role names
    expect(rules.roles(["APPROVER"])).toBe("VALIDATION_ROLES")
  })
})

describe("features §5 date ranges", () => {
  it("isRangeOrdered: start ≤ end", () => {
    expect(isRangeOrdered("2025-01-01", "2025-01-31")).toBe(true)
    expect(isRangeOrdered("2025-01-31", "2025-01-31")).toBe(true)
    expect(isRangeOrdered("2025-02-01", "2025-01-31")).toBe(false)
    expect(isRangeOrdered("01/01/2025", "2025-01-02")).toBe(true)
    expect(isRangeOrdered(new Date("2025-01-01T10:00:00Z"), new Date("2025-01-01T09:00:00Z"))).toBe(false)
    expect(isRangeOrdered("garbage", "2025-01-01")).toBe(false)
    expect(rules.date_range("2025-02-01", "2025-01-31")).toBe("VALIDATION_DATE_RANGE")
  })
  it("isSameMonth in UTC-3", () => {
    expect(isSameMonth("2025-01-01", "2025-01-31")).toBe(true)
    expect(isSameMonth("2025-01-31", "2025-02-01")).toBe(false)
    expect(isSameMonth("2024-01-15", "2025-01-15")).toBe(false)
    // 2025-02-01T02:00Z is still January 31 in São Paulo
    expect(isSameMonth(new Date("2025-02-01T02:00:00Z"), "2025-01-10")).toBe(true)
    expect(isSameMonth("", "2025-01-10")).toBe(false)
    expect(rules.same_month("2025-01-31", "2025-02-01")).toBe("VALIDATION_SAME_MONTH")
  })
})

describe("spec core §5 rules return true or VALIDATION_<RULE>", () => {
  it("required, required_if, confirmed, min_value, max_value, documents", () => {
    expect(rules.required("x")).toBe(true)
    expect(rules.required("  ")).toBe("VALIDATION_REQUIRED")
    expect(rules.required(null)).toBe("VALIDATION_REQUIRED")
    expect(rules.required([])).toBe("VALIDATION_REQUIRED")
    expect(rules.required(0)).toBe(true)
    expect(rules.required_if("", true)).toBe("VALIDATION_REQUIRED_IF")
    expect(rules.required_if("", false)).toBe(true)
    expect(rules.confirmed("a", "a")).toBe(true)
    expect(rules.confirmed("a", "b")).toBe("VALIDATION_CONFIRMED")
    expect(rules.min_value("10,5", 10)).toBe(true)
    expect(rules.min_value(9, 10)).toBe("VALIDATION_MIN_VALUE")
    expect(rules.max_value("101", 100)).toBe("VALIDATION_MAX_VALUE")
    expect(rules.numeric("x")).toBe("VALIDATION_NUMERIC")
    expect(rules.validCPF("111.444.777-35")).toBe(true)
    expect(rules.validCPF("")).toBe("VALIDATION_VALID_CPF")
    expect(rules.validCNPJ("x")).toBe("VALIDATION_VALID_CNPJ")
    expect(rules.validDocument("x")).toBe("VALIDATION_VALID_DOCUMENT")
    expect(rules.pin("x")).toBe("VALIDATION_PIN")
    expect(rules.temporary_token("x")).toBe("VALIDATION_TEMPORARY_TOKEN")
    expect(rules.key_code("x")).toBe("VALIDATION_KEY_CODE")
    expect(rules.card_password("x")).toBe("VALIDATION_CARD_PASSWORD")
    expect(rules.zip("x")).toBe("VALIDATION_ZIP")
    expect(rules.boleto_line("x")).toBe("VALIDATION_BOLETO_LINE")
    expect(rules.money("x")).toBe("VALIDATION_MONEY")
    expect(rules.date("x")).toBe("VALIDATION_DATE")
  })
})

describe("spec core §5 Effect Schema filters", () => {
  it("accept valid values and fail with the message key", () => {
    const cases: Array<[Schema.Codec<string>, string, string]> = [
      [CpfString, "111.444.777-35", "VALIDATION_VALID_CPF"],
      [CnpjString, "12.ABC.345/01DE-35", "VALIDATION_VALID_CNPJ"],
      [DocumentString, "11.222.333/0001-81", "VALIDATION_VALID_DOCUMENT"],
      [PinString, "1234", "VALIDATION_PIN"],
      [TemporaryTokenString, "123456", "VALIDATION_TEMPORARY_TOKEN"],
      [ZipString, "01310-100", "VALIDATION_ZIP"],
      [EmailString, "a@b.co", "VALIDATION_EMAIL"],
      [PixKeyString, "+5511987654321", "VALIDATION_PIX_KEY"],
      [NoEmojiString, "ok", "VALIDATION_NO_EMOJI"],
      [NoSpecialCharactersString, "ok", "VALIDATION_NO_SPECIAL_CHARACTERS"],
      [StrongPasswordString, "Abcdef1!", "VALIDATION_STRONG_PASSWORD"]
    ]
    const bad: Record<string, string> = {
      VALIDATION_NO_EMOJI: "😀",
      VALIDATION_NO_SPECIAL_CHARACTERS: "50%"
    }
    for (const [schema, good, key] of cases) {
      expect(Schema.decodeUnknownSync(schema)(good)).toBe(good)
      expect(() => Schema.decodeUnknownSync(schema)(bad[key] ?? "x")).toThrow(key)
      expect(Schema.is(schema)(bad[key] ?? "x")).toBe(false)
    }
    expect(Object.keys(checks).sort()).toEqual(
      ["Cnpj", "Cpf", "Document", "Email", "NoEmoji", "NoSpecialCharacters", "Pin", "PixKey", "StrongPassword", "TemporaryToken", "Zip"].sort()
    )
  })
})

/* ------------------------------------------------------------------------------------------ */
/* Bank holidays and TED window (schema/holidays.ts, re-exported)                              */
/* ------------------------------------------------------------------------------------------ */

describe("features §1/§9 bank holidays: easterSunday", () => {
  it("matches known Easter dates (anonymous Gregorian algorithm)", () => {
    const known: Record<number, string> = {
      1818: "1818-03-22", // earliest possible
      1943: "1943-04-25", // latest possible
      2000: "2000-04-23",
      2019: "2019-04-21",
      2024: "2024-03-31",
      2025: "2025-04-20",
      2026: "2026-04-05",
      2038: "2038-04-25"
    }
    for (const [y, d] of Object.entries(known)) expect(easterSunday(Number(y))).toBe(d)
    expect(() => easterSunday(1.5)).toThrow(RangeError)
  })
})

describe("features §1/§9 bank business days", () => {
  it("lists the 2025 national bank holidays", () => {
    expect(bankHolidays(2025).map((h) => h.date)).toEqual([
      "2025-01-01",
      "2025-03-03",
      "2025-03-04",
      "2025-04-18",
      "2025-04-21",
      "2025-05-01",
      "2025-06-19",
      "2025-09-07",
      "2025-10-12",
      "2025-11-02",
      "2025-11-15",
      "2025-11-20",
      "2025-12-25"
    ])
  })
  it("Black Consciousness Day (11-20) only from 2024", () => {
    expect(isBankHoliday("2023-11-20")).toBe(false)
    expect(isBankBusinessDay("2023-11-20")).toBe(true) // Monday
    expect(isBankHoliday("2024-11-20")).toBe(true)
    expect(isBankBusinessDay("2024-11-20")).toBe(false) // Wednesday
  })
  it("weekends, fixed and movable holidays are not business days", () => {
    expect(isBankBusinessDay("2025-06-07")).toBe(false) // Saturday
    expect(isBankBusinessDay("2025-06-08")).toBe(false) // Sunday
    expect(isBankBusinessDay("2025-06-09")).toBe(true) // Monday
    expect(isBankBusinessDay("2026-02-16")).toBe(false) // Carnival Monday 2026
    expect(isBankBusinessDay("2026-02-17")).toBe(false) // Carnival Tuesday 2026
    expect(isBankBusinessDay("2026-02-18")).toBe(true) // Ash Wednesday
    expect(isBankBusinessDay("2024-03-29")).toBe(false) // Good Friday 2024
    expect(isBankBusinessDay("2024-05-30")).toBe(false) // Corpus Christi 2024
    expect(isBankBusinessDay("2025-12-25")).toBe(false)
    expect(isBankBusinessDay("2025-04-21")).toBe(false) // Tiradentes, Monday
  })
  it("invalid input is never a business day", () => {
    for (const s of ["2025-02-29", "2025-13-01", "06/09/2025", ...GARBAGE]) expect(isBankBusinessDay(s)).toBe(false)
  })
  it("next / add business days", () => {
    expect(nextBankBusinessDay("2025-04-17")).toBe("2025-04-22") // Thu → skips Good Friday, weekend, Tiradentes
    expect(nextBankBusinessDay("2025-06-06")).toBe("2025-06-09") // Fri → Mon
    expect(bankBusinessDayOnOrAfter("2025-06-09")).toBe("2025-06-09")
    expect(bankBusinessDayOnOrAfter("2025-06-07")).toBe("2025-06-09")
    expect(addBankBusinessDays("2025-06-09", 0)).toBe("2025-06-09")
    expect(addBankBusinessDays("2025-06-09", 5)).toBe("2025-06-16")
    expect(addBankBusinessDays("2025-06-16", -5)).toBe("2025-06-09")
    expect(addBankBusinessDays("2024-12-31", 1)).toBe("2025-01-02")
    expect(() => nextBankBusinessDay("garbage")).toThrow(RangeError)
  })
})

describe("features §1/§9 TED window (business days 09:00–16:00, UTC-3)", () => {
  it("opens at 09:00 and closes at 16:00 local time on business days", () => {
    expect(isTedWindowOpen(new Date("2025-06-09T11:59:59Z"))).toBe(false) // 08:59:59
    expect(isTedWindowOpen(new Date("2025-06-09T12:00:00Z"))).toBe(true) // 09:00
    expect(isTedWindowOpen(new Date("2025-06-09T18:59:59Z"))).toBe(true) // 15:59:59
    expect(isTedWindowOpen(new Date("2025-06-09T19:00:00Z"))).toBe(false) // 16:00
  })
  it("is closed on weekends and holidays, judged on the São Paulo date", () => {
    expect(isTedWindowOpen(new Date("2025-06-07T15:00:00Z"))).toBe(false) // Saturday noon
    expect(isTedWindowOpen(new Date("2025-04-21T15:00:00Z"))).toBe(false) // Tiradentes
    expect(isTedWindowOpen(new Date("invalid"))).toBe(false)
    expect(saoPauloDateKey(new Date("2025-06-10T02:00:00Z"))).toBe("2025-06-09")
  })
})
