/**
 * issue 31 item 1: the receipt model of every money movement, made from its statement row (synced or
 * pending) and what the flow knows besides; payer and receiver by direction, documents masked, a local
 * copy until the server's authentication code arrives.
 */
import { describe, expect, it } from "vitest"
import { maskReceiptDocument, receiptFromRow, receiptKindOf, receiptRowsOf, type ReceiptContext, type ReceiptRow } from "./receipt.ts"

const row = (over: Partial<ReceiptRow> = {}): ReceiptRow => ({
  operation_id: "op-1",
  created_at: "2026-11-27T15:04:05.000Z",
  type: "PIX_OUT",
  direction: "out",
  status: "completed",
  currency_symbol: "BRL",
  amount: 12_345,
  description: "Almoço",
  counterparty_name: "Lima & Filhos Comércio de Alimentos Ltda",
  counterparty_document: "12345678000195",
  end_to_end_id: "E99999999202611271504aBcDeFgHiJk",
  ...over
})
const ctx = (over: Partial<ReceiptContext> = {}): ReceiptContext => ({
  wallet: { name: "Conta principal", owner_name: "Ana Souza" },
  ownerDocument: "12345678909",
  ownInstitution: "Carteira",
  authentication: "ABCD.EF01.2345.6789.ABCD.EF01.2345.6789",
  ...over
})

describe("issue 31 item 1 receipt model", () => {
  it("issue 31 item 1 Pix sent: the wallet's owner pays (CPF masked), the key's holder receives (CNPJ whole, bank and key), with the end-to-end id", () => {
    const m = receiptFromRow(row(), ctx({ counterparty: { institution: "Banco Sandbox", account: "bruno@example.com" } }))
    expect(m.kind).toBe("pix_out")
    expect(m.amount).toBe(12_345)
    expect(m.currency).toBe("BRL")
    expect(m.payer).toEqual({ name: "Ana Souza", document: "***.456.789-**", institution: "Carteira", account: "" })
    expect(m.receiver).toEqual({
      name: "Lima & Filhos Comércio de Alimentos Ltda",
      document: "12.345.678/0001-95",
      institution: "Banco Sandbox",
      account: "bruno@example.com"
    })
    expect(m.endToEndId).toBe("E99999999202611271504aBcDeFgHiJk")
    expect(m.description).toBe("Almoço")
    expect(m.wallet).toBe("Conta principal")
    expect(m.local).toBe(false)
  })

  it("issue 31 item 1 Pix received: the payer is the other side, the wallet's owner receives", () => {
    const m = receiptFromRow(row({ type: "PIX_IN", direction: "in", counterparty_name: "Bruno Lima", counterparty_document: "98765432100" }), ctx())
    expect(m.kind).toBe("pix_in")
    expect(m.payer.name).toBe("Bruno Lima")
    expect(m.payer.document).toBe("***.654.321-**")
    expect(m.receiver.name).toBe("Ana Souza")
    // the key the payer used is ours: the receiver's (own) account line
    const keyed = receiptFromRow(row({ type: "PIX_IN", direction: "in" }), ctx({ ownAccount: "ana@example.com", counterparty: { institution: "Banco X" } }))
    expect(keyed.receiver.account).toBe("ana@example.com")
    expect(keyed.payer.institution).toBe("Banco X")
  })

  it("issue 31 item 1 devolution: a REFUND with an end-to-end id is a Pix devolution (sent and received)", () => {
    expect(receiptKindOf(row({ type: "REFUND", direction: "out" }))).toBe("pix_devolution_out")
    expect(receiptKindOf(row({ type: "REFUND", direction: "in" }))).toBe("pix_devolution_in")
    const m = receiptFromRow(row({ type: "REFUND", counterparty_document: "" }), ctx())
    expect(m.kind).toBe("pix_devolution_out")
    expect(m.receiver.document).toBe("")
  })

  it("issue 31 item 1 gateway refund: a REFUND without an end-to-end id is an order's refund to its customer", () => {
    const m = receiptFromRow(row({ type: "REFUND", end_to_end_id: null, description: "Estorno do pedido PED-1" }), ctx())
    expect(m.kind).toBe("gateway_refund")
    expect(m.endToEndId).toBeNull()
  })

  it("issue 31 item 1 boleto paid: the beneficiary receives; the flow gives the typed line as the receiver's account", () => {
    const line = "34191.79001 01043.510047 91020.150008 1 90000000012345"
    const m = receiptFromRow(row({ type: "BILLET_PAYMENT", end_to_end_id: null }), ctx({ counterparty: { account: line } }))
    expect(m.kind).toBe("billet_payment")
    expect(m.receiver.account).toBe(line)
    expect(m.endToEndId).toBeNull()
  })

  it("issue 31 item 1 TED sent and received: bank and account of the other side from the flow", () => {
    const out = receiptFromRow(
      row({ type: "TED_OUT", end_to_end_id: null }),
      ctx({ counterparty: { institution: "001 · Banco do Brasil", account: "0001 · 12345-6" } })
    )
    expect(out.kind).toBe("ted_out")
    expect(out.receiver.institution).toBe("001 · Banco do Brasil")
    expect(out.receiver.account).toBe("0001 · 12345-6")
    const inn = receiptFromRow(row({ type: "TED_IN", direction: "in", end_to_end_id: null }), ctx())
    expect(inn.kind).toBe("ted_in")
    expect(inn.receiver.name).toBe("Ana Souza")
  })

  it("issue 31 item 1 conversion: the OUT leg is the receipt, the IN leg of the same command what was received", () => {
    const legs = [
      { ...row({ type: "CONVERSION_IN", direction: "in", currency_symbol: "BTC", amount: 1_234, end_to_end_id: null }), transaction_uuid: "cmd-1" },
      { ...row({ type: "CONVERSION_OUT", direction: "out", amount: 50_000, end_to_end_id: null }), transaction_uuid: "cmd-1" },
      { ...row({ operation_id: "op-other" }), transaction_uuid: "cmd-2" }
    ]
    const found = receiptRowsOf(legs, "cmd-1")
    expect(found?.row.type).toBe("CONVERSION_OUT")
    expect(found?.received).toEqual({ amount: 1_234, currency: "BTC" })
    const m = receiptFromRow(found!.row, ctx({ received: found!.received }))
    expect(m.kind).toBe("conversion")
    expect(m.received).toEqual({ amount: 1_234, currency: "BTC" })
  })

  it("issue 31 item 1 apportionment paid: a Pix to the Treasury, said as an apportionment by its flow", () => {
    const m = receiptFromRow(
      row({ description: "Rateio GGR 10/2026 (Lei 14.790/2023)", counterparty_name: "Tesouro Nacional", end_to_end_id: null }),
      ctx({ kind: "apportionment" })
    )
    expect(m.kind).toBe("apportionment")
    expect(m.receiver.name).toBe("Tesouro Nacional")
  })

  it("issue 31 item 1 local copy: a pending row, or no authentication code yet, is a local copy; the synced row wins over the pending one", () => {
    expect(receiptFromRow(row({ pending: true }), ctx()).local).toBe(true)
    expect(receiptFromRow(row(), ctx({ authentication: null })).local).toBe(true)
    const pending = { ...row({ pending: true, end_to_end_id: null }), transaction_uuid: "cmd-1" }
    const synced = { ...row(), transaction_uuid: "cmd-1" }
    expect(receiptRowsOf([pending], "cmd-1")?.row.pending).toBe(true)
    expect(receiptRowsOf([pending, synced], "cmd-1")?.row).toBe(synced)
    expect(receiptRowsOf([synced], "cmd-9")).toBeNull()
  })

  it("issue 31 item 1 documents: CPF masked (formatted or plain), CNPJ formatted, an already masked or other value unchanged", () => {
    expect(maskReceiptDocument("123.456.789-09")).toBe("***.456.789-**")
    expect(maskReceiptDocument("***.456.789-**")).toBe("***.456.789-**")
    expect(maskReceiptDocument("12345678000195")).toBe("12.345.678/0001-95")
    expect(maskReceiptDocument("")).toBe("")
  })
})
