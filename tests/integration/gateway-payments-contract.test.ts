/**
 * Gateway payment requests (assisted payments) and orders with refunds over real HTTP (issue 16; spec
 * features §2 gateway payments and orders, §3 "Payment request (assisted payment)", §5 "invoice
 * required", §7 assisted payments and orders-refunds; D-gateway-payment-requests, D-gateway-orders):
 * every new route's shape decoded by its Schema, the invoice refusal with its catalogue message, the
 * rules PR1–PR6 and OR1–OR3 on the server, permission by company kind and wallet, idempotency (the
 * same transaction-uuid twice → one request, one refund), the stream hints with their rows, and the
 * back office's moves.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { MIN_PART_SIZE } from "../../schema/api-storage.ts"
import type { PaymentRequestCreateBody } from "../../schema/gateway-payments.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, checkResponses: true })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno] = await cl.loginAll(["ana", "bruno"] as const)
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

/** Uploads a small file through storage (the calls sync/uploads makes) and answers its id. */
const upload = async (as: Session, wallet: string, name: string, purpose: "payment-request" | "endr-report" = "payment-request"): Promise<string> => {
  const bytes = new TextEncoder().encode(`%PDF-1.4 ${name} ${randomUUID()}`)
  const o = { as, wallet }
  const tx = randomUUID()
  const up = (
    await cl.ok("storageMultipartCreate", {
      ...o,
      tx,
      body: { file_name: name, content_type: "application/pdf", size: bytes.length, purpose, part_size: MIN_PART_SIZE }
    })
  ).data
  const { url } = (await cl.ok("storagePartUrl", { ...o, params: { id: up.upload_id }, body: { part_number: 1 } })).data
  const res = await fetch(url, { method: "PUT", body: new Blob([bytes]) })
  const etag = ((await res.json()) as { data: { etag: string } }).data.etag
  return (await cl.ok("storageComplete", { ...o, tx: `${tx}.complete`, params: { id: up.upload_id }, body: { parts: [{ part_number: 1, etag }] } })).data.id
}

const fields = (over: Partial<PaymentRequestCreateBody> = {}): PaymentRequestCreateBody => ({
  beneficiary_name: "Fornecedora Alfa Ltda",
  document: "11222333000181",
  bank_code: "341",
  account_type: "checking",
  via: "account",
  agency: "1234",
  account: "567890",
  digit: "1",
  amount: 123_45,
  ...over
})

describe("payment requests (features §2 payments, §3, §5, §7)", () => {
  it("features §3 the seeded list has every field and every status of D-gateway-payment-requests", async () => {
    const r = await cl.ok("paymentRequests", { as: bruno, wallet: W.brunoMatrix, query: { page_size: 50 } })
    expect(new Set(r.data.data.map((x) => x.status))).toEqual(new Set(["pending_review", "approved", "rejected", "paid"]))
    for (const x of r.data.data) {
      expect(x.invoice.file_id).not.toBe("")
      expect(x.via === "pix" ? x.pix_key : x.agency).not.toBeNull()
    }
    const one = r.data.data[0]!
    expect((await cl.ok("paymentRequestGet", { as: bruno, wallet: W.brunoMatrix, params: { id: one.id } })).data).toEqual(one)
    const missing = await cl.err("paymentRequestGet", { as: bruno, wallet: W.brunoMatrix, params: { id: randomUUID() } })
    expect([missing.status, missing.body.error.key]).toEqual([404, "PAYMENT_REQUEST_NOT_FOUND"])
  })

  it("features §5 PR6 a request without an invoice is refused with its catalogue message, in the caller's language", async () => {
    const pt = await cl.err("paymentRequestCreate", { as: bruno, wallet: W.brunoMatrix, body: fields() })
    expect([pt.status, pt.body.error.key, pt.body.error.fields?.["invoice_file_id"]]).toEqual([
      422,
      "PAYMENT_REQUEST_INVOICE_REQUIRED",
      "PAYMENT_REQUEST_INVOICE_REQUIRED"
    ])
    expect(pt.body.error.message).toContain("nota fiscal é obrigatória")
    const en = await cl.err("paymentRequestCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: fields({ invoice_file_id: "  " }),
      headers: { language: "en-US" }
    })
    expect(en.body.error.message).toContain("The invoice is required")
  })

  it("features §3 PR1 PR2 PR4 PR5 the fields are checked on the server too; a file of another purpose or wallet is not ready", async () => {
    const invoice = await upload(bruno, W.brunoMatrix, "nf.pdf")
    const bad = await cl.err("paymentRequestCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: fields({ invoice_file_id: invoice, document: "11222333000180", agency: "12", beneficiary_name: "", amount: 0 })
    })
    expect(bad.body.error.key).toBe("INCORRECT_DATA")
    expect(bad.body.error.fields).toMatchObject({
      document: "VALIDATION_VALID_DOCUMENT",
      agency: "VALIDATION_LENGTH",
      beneficiary_name: "VALIDATION_REQUIRED",
      amount: "VALIDATION_MIN_VALUE"
    })
    const pixBad = await cl.err("paymentRequestCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: fields({ invoice_file_id: invoice, via: "pix", pix_key: "not a key" })
    })
    expect(pixBad.body.error.fields?.["pix_key"]).toBe("VALIDATION_PIX_KEY")
    const report = await upload(bruno, W.brunoMatrix, "r.xml", "endr-report")
    const wrong = await cl.err("paymentRequestCreate", { as: bruno, wallet: W.brunoMatrix, body: fields({ invoice_file_id: report }) })
    expect([wrong.status, wrong.body.error.key]).toEqual([422, "FILE_NOT_READY"])
    const otherWallet = await upload(bruno, W.brunoBranch, "nf-filial.pdf")
    expect((await cl.err("paymentRequestCreate", { as: bruno, wallet: W.brunoMatrix, body: fields({ invoice_file_id: otherWallet }) })).body.error.key).toBe(
      "FILE_NOT_READY"
    )
  })

  it("features §7 create with the invoice and the optional documents; the same transaction-uuid twice makes one request; a stream hint carries the row", async () => {
    const [invoice, social, mirror] = [
      await upload(bruno, W.brunoMatrix, "nota.pdf"),
      await upload(bruno, W.brunoMatrix, "contrato.pdf"),
      await upload(bruno, W.brunoMatrix, "cartao-cnpj.pdf")
    ]
    const before = (await cl.ok("paymentRequests", { as: bruno, wallet: W.brunoMatrix })).data.total
    const tx = randomUUID()
    const body = fields({ invoice_file_id: invoice, social_contract_file_id: social, cnpj_mirror_file_id: mirror, document: "111.444.777-35" })
    const a = await cl.ok("paymentRequestCreate", { as: bruno, wallet: W.brunoMatrix, tx, body })
    const b = await cl.ok("paymentRequestCreate", { as: bruno, wallet: W.brunoMatrix, tx, body })
    expect(b.data).toEqual(a.data)
    expect(a.data).toMatchObject({
      status: "pending_review",
      document: "11144477735",
      bank_name: "Itaú Unibanco S.A.",
      via: "account",
      pix_key: null,
      amount: 12_345
    })
    expect([a.data.invoice.name, a.data.social_contract?.name, a.data.cnpj_mirror?.name]).toEqual(["nota.pdf", "contrato.pdf", "cartao-cnpj.pdf"])
    expect((await cl.ok("paymentRequests", { as: bruno, wallet: W.brunoMatrix })).data.total).toBe(before + 1)
    const hints = (sb.db.prepare("SELECT data FROM events WHERE list = 'gateway_payment_requests'").all() as Array<{ data: string }>).map(
      (e) => JSON.parse(e.data) as { ids: string[]; rows?: unknown[] }
    )
    expect(hints.filter((h) => h.ids.includes(a.data.id))).toHaveLength(1)
    // via Pix: the account fields are not kept
    const pix = await cl.ok("paymentRequestCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: fields({ invoice_file_id: await upload(bruno, W.brunoMatrix, "nf2.pdf"), via: "pix", pix_key: "fornecedor@example.com" })
    })
    expect([pix.data.pix_key, pix.data.agency, pix.data.account]).toEqual(["fornecedor@example.com", null, null])
  })

  it("D-gateway-payment-requests the back office moves a request pending_review → approved → paid; other moves are refused", async () => {
    const r = await cl.ok("paymentRequestCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: fields({ invoice_file_id: await upload(bruno, W.brunoMatrix, "nf3.pdf") })
    })
    expect((await cl.admin("paymentRequestMove", { body: { id: r.data.id, status: "approved" } })).data.status).toBe("approved")
    await expect(cl.admin("paymentRequestMove", { body: { id: r.data.id, status: "rejected" } })).rejects.toThrow(/PAYMENT_REQUEST_INVALID_MOVE/)
    expect((await cl.admin("paymentRequestMove", { body: { id: r.data.id, status: "paid" } })).data.status).toBe("paid")
    expect((await cl.ok("paymentRequestGet", { as: bruno, wallet: W.brunoMatrix, params: { id: r.data.id } })).data.status).toBe("paid")
  })

  it("D-gateway-payment-requests company kind and wallet: a branch lists but may not create; another user and a non-gateway wallet are refused", async () => {
    expect((await cl.ok("paymentRequests", { as: bruno, wallet: W.brunoBranch })).data.total).toBe(0)
    const invoice = await upload(bruno, W.brunoBranch, "nf-filial2.pdf")
    const branch = await cl.err("paymentRequestCreate", { as: bruno, wallet: W.brunoBranch, body: fields({ invoice_file_id: invoice }) })
    expect([branch.status, branch.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    expect((await cl.err("paymentRequests", { as: ana, wallet: W.brunoMatrix })).status).toBe(403)
    expect((await cl.err("paymentRequests", { as: ana, wallet: W.anaMain })).status).toBe(403)
    expect(
      (await cl.err("paymentRequestCreate", { as: ana, wallet: W.anaMain, body: fields({ invoice_file_id: await upload(ana, W.anaMain, "x.pdf") }) })).status
    ).toBe(403)
  })
})

describe("orders and refunds (features §2 orders, §7 orders, orders-refunds)", () => {
  const orders = async (wallet: string) => (await cl.ok("gatewayOrders", { as: bruno, wallet, query: { page_size: 100 } })).data.data

  it("features §7 the seeded orders of each wallet, newest first, paid, partly refunded and refunded", async () => {
    const m = await orders(W.brunoMatrix)
    expect(m.length).toBeGreaterThanOrEqual(10)
    expect(m.every((o) => o.wallet_id === W.brunoMatrix)).toBe(true)
    expect(new Set(m.map((o) => o.status))).toEqual(new Set(["paid", "partially_refunded", "refunded"]))
    expect([...m].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((o) => o.id)).toEqual(m.map((o) => o.id))
    expect((await orders(W.brunoBranch)).length).toBeGreaterThan(0)
    expect((await cl.err("gatewayOrders", { as: ana, wallet: W.brunoMatrix })).status).toBe(403)
    expect((await cl.err("gatewayOrders", { as: ana, wallet: W.anaMain })).status).toBe(403)
  })

  it("features §2 sensitive: a refund needs the PIN's token", async () => {
    const o = (await orders(W.brunoMatrix)).find((x) => x.status === "paid")!
    const r = await cl.err("gatewayOrderRefund", { as: bruno, wallet: W.brunoMatrix, body: { order_id: o.id, pin_token: "" } })
    expect([r.status, r.body.error.key]).toEqual([422, "PIN_REQUIRED"])
  })

  it("OR1 OR2 the same transaction-uuid twice refunds once; the refund is one refund row, one statement row; over the value and twice are refused", async () => {
    const o = (await orders(W.brunoMatrix)).find((x) => x.status === "paid")!
    const over = await cl.err("gatewayOrderRefund", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: { order_id: o.id, amount: o.value + 1, pin_token: await cl.pinToken(bruno) }
    })
    expect([over.status, over.body.error.key]).toEqual([422, "REFUND_OVER_ORDER_VALUE"])
    const balance = async () =>
      (await cl.admin("ledger", { query: { wallet_id: W.brunoMatrix } })).data.balances.find((b) => b.currency_symbol === "BRL")!.balance
    const before = await balance()
    const tx = randomUUID()
    const a = await cl.ok("gatewayOrderRefund", { as: bruno, wallet: W.brunoMatrix, tx, body: { order_id: o.id, pin_token: await cl.pinToken(bruno) } })
    const b = await cl.ok("gatewayOrderRefund", { as: bruno, wallet: W.brunoMatrix, tx, body: { order_id: o.id, pin_token: await cl.pinToken(bruno) } })
    expect(b.data).toEqual(a.data)
    expect(a.data.order).toMatchObject({ status: "refunded", refunded_value: o.value })
    expect(a.data.refund.amount).toBe(o.value)
    expect(await balance()).toBe(before - o.value)
    const proof = await cl.admin("orderRefundsOf", { query: { order_id: o.id } })
    expect([proof.data.refunds.length, proof.data.refund_rows]).toEqual([1, 1])
    const ledger = (await cl.admin("ledger", { query: { wallet_id: W.brunoMatrix } })).data.transactions.find((t) => t.transaction_uuid === tx)!
    expect([ledger.statement_rows, ledger.idempotency_records]).toEqual([1, 1])
    const refunds = await cl.ok("gatewayRefunds", { as: bruno, wallet: W.brunoMatrix, query: { search: o.reference } })
    expect(refunds.data.data.map((t) => [t.id, t.kind, t.value])).toEqual([[a.data.refund.transaction_id, "refund", o.value]])
    const again = await cl.err("gatewayOrderRefund", { as: bruno, wallet: W.brunoMatrix, body: { order_id: o.id, pin_token: await cl.pinToken(bruno) } })
    expect([again.status, again.body.error.key]).toEqual([422, "ORDER_ALREADY_REFUNDED"])
    const hints = (sb.db.prepare("SELECT data FROM events WHERE list = 'gateway_orders'").all() as Array<{ data: string }>).map(
      (e) => JSON.parse(e.data) as { ids: string[] }
    )
    expect(hints.filter((h) => h.ids.includes(o.id))).toHaveLength(1)
  })

  it("OR2 a partial refund leaves the rest refundable; an order of another wallet is not found; a branch refunds its own", async () => {
    const o = (await orders(W.brunoMatrix)).find((x) => x.status === "paid")!
    const half = Math.floor(o.value / 2)
    const r = await cl.ok("gatewayOrderRefund", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: { order_id: o.id, amount: half, pin_token: await cl.pinToken(bruno) }
    })
    expect(r.data.order).toMatchObject({ status: "partially_refunded", refunded_value: half })
    const over = await cl.err("gatewayOrderRefund", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: { order_id: o.id, amount: o.value - half + 1, pin_token: await cl.pinToken(bruno) }
    })
    expect(over.body.error.key).toBe("REFUND_OVER_ORDER_VALUE")
    const bo = (await orders(W.brunoBranch)).find((x) => x.status === "paid")!
    const cross = await cl.err("gatewayOrderRefund", { as: bruno, wallet: W.brunoMatrix, body: { order_id: bo.id, pin_token: await cl.pinToken(bruno) } })
    expect([cross.status, cross.body.error.key]).toEqual([404, "ORDER_NOT_FOUND"])
    const small = Math.min(bo.value, 100)
    expect(
      (await cl.ok("gatewayOrderRefund", { as: bruno, wallet: W.brunoBranch, body: { order_id: bo.id, amount: small, pin_token: await cl.pinToken(bruno) } }))
        .data.refund.amount
    ).toBe(small)
  })
})
