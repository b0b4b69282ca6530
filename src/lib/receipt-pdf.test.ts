/**
 * issue 31 item 1: the receipt's PDF holds its words as text — the amount, the end-to-end id, the
 * accents of Portuguese — read back from the content stream (tests/support/pdf-text.ts); the text copy
 * says the same; both languages.
 */
import { describe, expect, it } from "vitest"
import i18next from "i18next"
import { resources } from "../../locales/bundled.ts"
import { receiptFromRow } from "../../schema/receipt.ts"
import { pdfText } from "../../tests/support/pdf-text.ts"
import { receiptDocument, receiptText } from "./receipt-lines.ts"
import { receiptPdf } from "./receipt-pdf.ts"

const i18n = i18next.createInstance()
await i18n.init({ resources, lng: "pt", fallbackLng: "pt", interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false })

const E2E = "E99999999202611271504aBcDeFgHiJk"
const model = (authentication: string | null) =>
  receiptFromRow(
    {
      operation_id: "5f0c6a1e-0000-4000-8000-000000000001",
      created_at: "2026-11-27T15:04:05.000Z",
      type: "PIX_OUT",
      direction: "out",
      status: "completed",
      currency_symbol: "BRL",
      amount: 123_456,
      description: "Almoço de família 🍕 e ação",
      counterparty_name: "Lima & Filhos Comércio de Alimentos Ltda",
      counterparty_document: "12345678000195",
      end_to_end_id: E2E
    },
    { wallet: { name: "Conta principal", owner_name: "Ana Souza" }, ownerDocument: "12345678909", ownInstitution: "Carteira", authentication }
  )

describe("issue 31 item 1 receipt PDF", () => {
  it("issue 31 item 1 the PDF's text holds the amount, the end-to-end id and the date in São Paulo (pt)", async () => {
    const t = i18n.getFixedT("pt")
    const d = receiptDocument(model("ABCD.EF01"), t, "pt")
    const text = await pdfText(await receiptPdf(d, "pt-BR"))
    expect(text).toContain("R$ 1.234,56")
    expect(text).toContain(E2E)
    expect(text).toContain("27/11/2026 12:04")
    expect(text).toContain("Comprovante")
    expect(text).toContain("***.456.789-**")
    expect(text).toContain("ABCD.EF01")
    // an emoji is outside WinAnsi: written as "?", the rest of the line kept
    expect(text).toContain("Almoço de família ? e ação")
    expect(text).not.toContain("Cópia local")
  })

  it("issue 31 item 1 a receipt without the server's code says it is a local copy (en), in the PDF and in the text", async () => {
    const t = i18n.getFixedT("en")
    const d = receiptDocument(model(null), t, "en")
    const text = await pdfText(await receiptPdf(d, "en-US"))
    expect(text).toContain("R$1,234.56")
    expect(text).toContain(E2E)
    expect(text).toContain("Receipt")
    expect(text).toMatch(/Local copy/)
    expect(receiptText(d)).toContain(`End-to-end ID: ${E2E}`)
    expect(receiptText(d)).toContain("Local copy")
  })
})
