/**
 * Pix by account's form rules (spec features §2 pay by account, §3 "TED and banks"; D-pix-by-account,
 * D-ted-fields): the fields the decode needs, checked on both sides; the CPF/CNPJ check digits are
 * the shared validator's (tested against published examples in schema/validation.test.ts), reused here.
 */
import { describe, expect, it } from "vitest"
import { pixAccountProblems, sameAccount, PIX_ACCOUNT_TYPES } from "./pix-account.ts"
import { cnpjFromBase, cpfFromBase } from "../sandbox/prng.ts"

const ok = { bank_code: "341", agency: "1234", account: "56789", digit: "0", account_type: "checking", document: "529.982.247-25" }

describe("D-pix-by-account pixAccountProblems (features §2 pay by account)", () => {
  it("a complete account with a valid CPF or CNPJ (masked or plain) has no problem", () => {
    expect(pixAccountProblems(ok)).toEqual({})
    expect(pixAccountProblems({ ...ok, document: "11.222.333/0001-81" })).toEqual({})
    expect(pixAccountProblems({ ...ok, document: cnpjFromBase("112223330001") })).toEqual({})
    expect(pixAccountProblems({ ...ok, bank_code: "999", digit: "x" })).toEqual({})
  })

  it("every field is required; the account type is one of checking, savings, payment (not salary)", () => {
    expect(pixAccountProblems({})).toEqual({
      bank_code: "VALIDATION_REQUIRED",
      agency: "VALIDATION_REQUIRED",
      account: "VALIDATION_REQUIRED",
      digit: "VALIDATION_REQUIRED",
      account_type: "VALIDATION_REQUIRED",
      document: "VALIDATION_REQUIRED"
    })
    expect(PIX_ACCOUNT_TYPES).toEqual(["checking", "savings", "payment"])
    expect(pixAccountProblems({ ...ok, account_type: "salary" })).toEqual({ account_type: "VALIDATION_REQUIRED" })
    for (const t of PIX_ACCOUNT_TYPES) expect(pixAccountProblems({ ...ok, account_type: t })).toEqual({})
  })

  it("a bank outside the directory, letters in agency or account, a long agency, a two-character digit are refused", () => {
    expect(pixAccountProblems({ ...ok, bank_code: "998" })).toEqual({ bank_code: "VALIDATION_REQUIRED" })
    expect(pixAccountProblems({ ...ok, agency: "12345" })).toEqual({ agency: "VALIDATION_NUMERIC" })
    expect(pixAccountProblems({ ...ok, account: "12a45" })).toEqual({ account: "VALIDATION_NUMERIC" })
    expect(pixAccountProblems({ ...ok, account: "1234567890123" })).toEqual({ account: "VALIDATION_NUMERIC" })
    expect(pixAccountProblems({ ...ok, digit: "10" })).toEqual({ digit: "VALIDATION_LENGTH" })
  })

  it("a CPF or CNPJ with a wrong check digit is refused (each of 200 generated documents, off by one in its last digit)", () => {
    for (let i = 0; i < 100; i++) {
      const cpf = cpfFromBase(String(100_000_000 + i * 7_654_321).slice(0, 9))
      const cnpj = cnpjFromBase(String(10_000_000 + i * 765_432).slice(0, 8) + "0001")
      expect(pixAccountProblems({ ...ok, document: cpf })).toEqual({})
      expect(pixAccountProblems({ ...ok, document: cnpj })).toEqual({})
      const off = (d: string): string => d.slice(0, -1) + String((Number(d.slice(-1)) + 1) % 10)
      expect(pixAccountProblems({ ...ok, document: off(cpf) })).toEqual({ document: "VALIDATION_VALID_DOCUMENT" })
      expect(pixAccountProblems({ ...ok, document: off(cnpj) })).toEqual({ document: "VALIDATION_VALID_DOCUMENT" })
    }
  })
})

describe("D-pix-by-account sameAccount", () => {
  it("leading zeros of agency and account are ignored, the digit's case too; anything else differs", () => {
    expect(sameAccount({ agency: "0001", account: "00012345", digit: "x" }, { agency: "1", account: "12345", digit: "X" })).toBe(true)
    expect(sameAccount({ agency: "0001", account: "12345", digit: "1" }, { agency: "0001", account: "12345", digit: "2" })).toBe(false)
    expect(sameAccount({ agency: "0001", account: "12345", digit: "1" }, { agency: "0002", account: "12345", digit: "1" })).toBe(false)
    expect(sameAccount({ agency: "0001", account: "123450", digit: "1" }, { agency: "0001", account: "12345", digit: "1" })).toBe(false)
  })
})
