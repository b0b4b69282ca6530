/** The payment request form's masks and the shared rules (features §3 payment request, §5 invoice required; PR1–PR6). */
import { describe, expect, it } from "vitest"
import { maskAccount, maskAgency, maskDigit, maskDocument, messageKey } from "./payment-form.ts"
import { paymentRequestProblems, refundProblem } from "../../../schema/gateway-payments.ts"

const ok = {
  beneficiary_name: "Fornecedora Alfa Ltda",
  document: "11.222.333/0001-81",
  bank_code: "341",
  account_type: "checking",
  via: "account",
  agency: "1234",
  account: "567890",
  digit: "1",
  amount: 12_345
}

describe("payment request masks (core formats CPF 000.000.000-00, CNPJ 00.000.000/0000-00)", () => {
  it("core formats: CPF while up to 11 digits, CNPJ past that, progressive, non-digits dropped", () => {
    expect(maskDocument("111")).toBe("111")
    expect(maskDocument("1114")).toBe("111.4")
    expect(maskDocument("11144477735")).toBe("111.444.777-35")
    expect(maskDocument("112223330001")).toBe("11.222.333/0001")
    expect(maskDocument("11a22233300018199")).toBe("11.222.333/0001-81")
    expect(maskAgency("12a345")).toBe("1234")
    expect(maskAccount("12-34")).toBe("1234")
    expect(maskDigit("x9")).toBe("X")
    expect(messageKey("VALIDATION_REQUIRED")).toBe("validation:VALIDATION_REQUIRED")
    expect(messageKey("PAYMENT_REQUEST_INVOICE_REQUIRED")).toBe("errors:PAYMENT_REQUEST_INVOICE_REQUIRED")
  })
})

describe("payment request rules (features §3, §5)", () => {
  it("PR6 features §5 the invoice is required: the only problem of an otherwise valid form", () => {
    expect(paymentRequestProblems(ok, true)).toEqual({})
    expect(paymentRequestProblems(ok, false)).toEqual({ invoice: { key: "PAYMENT_REQUEST_INVOICE_REQUIRED" } })
  })
  it("PR1 beneficiary name required, 3 to 100 characters, no emoji or special characters", () => {
    expect(paymentRequestProblems({ ...ok, beneficiary_name: " " }, true)["beneficiary_name"]?.key).toBe("VALIDATION_REQUIRED")
    expect(paymentRequestProblems({ ...ok, beneficiary_name: "Al" }, true)["beneficiary_name"]).toEqual({ key: "VALIDATION_MIN", params: { min: 3 } })
    expect(paymentRequestProblems({ ...ok, beneficiary_name: "Loja 😀" }, true)["beneficiary_name"]?.key).toBe("VALIDATION_NO_EMOJI")
    expect(paymentRequestProblems({ ...ok, beneficiary_name: "Loja <b>" }, true)["beneficiary_name"]?.key).toBe("VALIDATION_NO_SPECIAL_CHARACTERS")
    expect(paymentRequestProblems({ ...ok, beneficiary_name: "José Ávila & Cia." }, true)["beneficiary_name"]).toBeUndefined()
  })
  it("PR2 CPF or CNPJ with valid check digits", () => {
    expect(paymentRequestProblems({ ...ok, document: "111.444.777-35" }, true)["document"]).toBeUndefined()
    expect(paymentRequestProblems({ ...ok, document: "111.444.777-36" }, true)["document"]?.key).toBe("VALIDATION_VALID_DOCUMENT")
    expect(paymentRequestProblems({ ...ok, document: "11.222.333/0001-80" }, true)["document"]?.key).toBe("VALIDATION_VALID_DOCUMENT")
    expect(paymentRequestProblems({ ...ok, document: "" }, true)["document"]?.key).toBe("VALIDATION_REQUIRED")
  })
  it("PR3 a bank of the list and an account type of features §3", () => {
    expect(paymentRequestProblems({ ...ok, bank_code: "999" }, true)["bank_code"]?.key).toBe("VALIDATION_REQUIRED")
    expect(paymentRequestProblems({ ...ok, account_type: "investment" }, true)["account_type"]?.key).toBe("VALIDATION_REQUIRED")
    for (const t of ["checking", "payment", "savings", "salary"]) expect(paymentRequestProblems({ ...ok, account_type: t }, true)).toEqual({})
  })
  it("PR4 via Pix a valid key; via account agency 4 digits, account digits, check digit one digit or X", () => {
    expect(paymentRequestProblems({ ...ok, via: "pix", pix_key: "fornecedor@example.com" }, true)).toEqual({})
    expect(paymentRequestProblems({ ...ok, via: "pix", pix_key: "nope" }, true)["pix_key"]?.key).toBe("VALIDATION_PIX_KEY")
    expect(paymentRequestProblems({ ...ok, via: "pix", pix_key: "" }, true)["pix_key"]?.key).toBe("VALIDATION_REQUIRED")
    expect(paymentRequestProblems({ ...ok, agency: "123" }, true)["agency"]).toEqual({ key: "VALIDATION_LENGTH", params: { length: 4 } })
    expect(paymentRequestProblems({ ...ok, account: "12a" }, true)["account"]?.key).toBe("VALIDATION_NUMERIC")
    expect(paymentRequestProblems({ ...ok, digit: "X" }, true)["digit"]).toBeUndefined()
    expect(paymentRequestProblems({ ...ok, digit: "" }, true)["digit"]?.key).toBe("VALIDATION_REQUIRED")
  })
  it("PR5 the amount is integer cents, at least 1, at most the maximum", () => {
    expect(paymentRequestProblems({ ...ok, amount: null }, true)["amount"]?.key).toBe("VALIDATION_MONEY")
    expect(paymentRequestProblems({ ...ok, amount: 0 }, true)["amount"]?.key).toBe("VALIDATION_MIN_VALUE")
    expect(paymentRequestProblems({ ...ok, amount: 100_000_001 }, true)["amount"]?.key).toBe("VALIDATION_MAX_VALUE")
  })
})

describe("order refunds (features §2 orders; D-gateway-orders)", () => {
  it("OR1 OR2 OR3 refunded once, never over what is left, at least 1 cent", () => {
    expect(refundProblem({ value: 1000, refunded_value: 1000, status: "refunded" }, 1)).toBe("ORDER_ALREADY_REFUNDED")
    expect(refundProblem({ value: 1000, refunded_value: 400, status: "partially_refunded" }, 601)).toBe("REFUND_OVER_ORDER_VALUE")
    expect(refundProblem({ value: 1000, refunded_value: 400, status: "partially_refunded" }, 600)).toBeNull()
    expect(refundProblem({ value: 1000, refunded_value: 0, status: "paid" }, 0)).toBe("INCORRECT_DATA")
  })
})
