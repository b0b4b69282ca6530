/**
 * Gateway payment requests (assisted payments) and orders with refunds (issue 16; spec features §2
 * gateway payments and orders, §3 "Payment request (assisted payment)", §5 "invoice required", §7
 * assisted payments under /users, /users/payments-gateway/orders and orders-refunds; paths, statuses
 * and permissions "not shown" are ours: D-gateway-payment-requests, D-gateway-orders).
 *
 * - A request is created from files uploaded through storage (sync/uploads): the invoice is required
 *   (PAYMENT_REQUEST_INVOICE_REQUIRED), every file must be a READY payment-request file of the wallet;
 *   the fields follow `paymentRequestProblems` (the page's own rules). Idempotent by transaction-uuid
 *   (the http layer). It starts pending_review; the back office (admin) moves it (PAYMENT_REQUEST_MOVES).
 * - An order is refunded with the PIN: all that is left or an amount, never over what is left
 *   (REFUND_OVER_ORDER_VALUE) nor twice once refunded (ORDER_ALREADY_REFUNDED); the refund leaves the
 *   wallet (a REFUND statement row) and is one `refund` row in the gateway transactions.
 * Every write is a stream hint with the row. Permission by company kind as the other gateway calls.
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, decodeOr422 } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import type { WalletAccess } from "../../repo.ts"
import { postEntry } from "../../ledger.ts"
import { paged } from "../../paged.ts"
import { Prng } from "../../prng.ts"
import { companyKindOf, insertGatewayRows } from "./db.ts"
import { gatewayRow } from "./rows.ts"
import { fileRow } from "../storage/routes.ts"
import {
  insertOrderRefund,
  insertPaymentRequest,
  movePaymentRequest,
  orderById,
  paymentRequestById,
  refundRowCount,
  refundsOfOrder,
  saveOrderRefunded,
  toOrder,
  toPaymentRequest,
  type PaymentRequestRow
} from "./payments-db.ts"
import type { CompanyKind } from "../../../schema/api-gateway.ts"
import { gatewayAdminApi } from "../../../schema/api-gateway.ts"
import {
  PAYMENT_REQUEST_MOVES,
  paymentRequestProblems,
  refundable,
  refundProblem,
  type DocumentRef,
  type GatewayOrder,
  type OrderRefund
} from "../../../schema/gateway-payments.ts"
import type { GatewayTransaction } from "../../../schema/tables/gateway.ts"

/**
 * D-gateway-payment-requests, D-gateway-orders: which company kinds each call allows. A payment request
 * pays out of the company: the matrix asks for it (a branch reads its own list, empty unless made by the
 * matrix); orders and their refunds belong to each wallet, every kind.
 */
export const GATEWAY_PAYMENTS_ALLOWED: Readonly<Record<"requests" | "requestCreate" | "orders" | "refund", ReadonlyArray<CompanyKind>>> = {
  requests: ["main", "main_without_branches", "branch"],
  requestCreate: ["main", "main_without_branches"],
  orders: ["main", "main_without_branches", "branch"],
  refund: ["main", "main_without_branches", "branch"]
}

export function registerGatewayPaymentRoutes(app: Hono, ctx: Ctx): void {
  const db = ctx.db
  const check = (w: WalletAccess, call: keyof typeof GATEWAY_PAYMENTS_ALLOWED): void => {
    if (w.wallet.is_gateway !== 1) throw new ApiError(403, "WITHOUT_PERMISSION", "not a gateway wallet")
    const kind = companyKindOf(db, w.wallet.id)
    if (!GATEWAY_PAYMENTS_ALLOWED[call].includes(kind)) throw new ApiError(403, "WITHOUT_PERMISSION", `company kind ${kind}`)
  }
  /** A page of a wallet's rows of one table, newest first, of the statuses the query lists (comma-separated). */
  const walletPage = <R, T>(table: string, walletId: string, q: { page?: string; page_size?: string; status?: string }, map: (r: R) => T) => {
    const statuses = (q.status ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
    const where = `wallet_id = ?${statuses.length ? ` AND status IN (${statuses.map(() => "?").join(",")})` : ""}`
    return { data: paged(db, q, { from: table, where, params: [walletId, ...statuses], order: "created_at DESC, id" }, map) }
  }
  const requestRow = (id: string) => paymentRequestById(db, id)
  const orderRow = (id: string) => orderById(db, id)

  // ── payment requests ──
  bind(app, ctx, "paymentRequests", (req) => {
    check(req.wallet, "requests")
    return walletPage<PaymentRequestRow, ReturnType<typeof toPaymentRequest>>("gateway_payment_requests", req.wallet.wallet.id, req.query, toPaymentRequest)
  })

  bind(app, ctx, "paymentRequestGet", (req) => {
    check(req.wallet, "requests")
    const r = requestRow(req.params["id"] ?? "")
    if (r === undefined || r.wallet_id !== req.wallet.wallet.id) throw new ApiError(404, "PAYMENT_REQUEST_NOT_FOUND")
    return { data: toPaymentRequest(r) }
  })

  bind(app, ctx, "paymentRequestCreate", (req) => {
    check(req.wallet, "requestCreate")
    const b = req.body
    const walletId = req.wallet.wallet.id
    const invoiceId = (b.invoice_file_id ?? "").trim()
    const problems = paymentRequestProblems({ ...b, amount: b.amount }, invoiceId !== "")
    const fields = Object.fromEntries(Object.entries(problems).map(([k, p]) => [k === "invoice" ? "invoice_file_id" : k, p.key]))
    // features §5: the invoice first, with its own catalogue message
    if (invoiceId === "") throw new ApiError(422, "PAYMENT_REQUEST_INVOICE_REQUIRED", "invoice required", fields)
    if (Object.keys(fields).length > 0)
      throw new ApiError(
        422,
        "INCORRECT_DATA",
        Object.entries(fields)
          .map(([k, v]) => `${k}: ${v}`)
          .join("; "),
        fields
      )
    const doc = (field: string, id: string | undefined): DocumentRef | null => {
      if (id === undefined || id.trim() === "") return null
      const f = fileRow(ctx, id.trim())
      if (f === undefined || f.wallet_id !== walletId || f.purpose !== "payment-request" || f.state !== "READY") {
        throw new ApiError(422, "FILE_NOT_READY", `${field} is not a ready payment-request file of this wallet`, { [field]: "FILE_NOT_READY" })
      }
      return { file_id: f.id, name: f.name, size: f.size }
    }
    const invoice = doc("invoice_file_id", invoiceId) as DocumentRef
    const social = doc("social_contract_file_id", b.social_contract_file_id)
    const mirror = doc("cnpj_mirror_file_id", b.cnpj_mirror_file_id)
    const at = ctx.clock.stamp()
    const pix = b.via === "pix"
    const row: PaymentRequestRow = {
      id: randomUUID(),
      wallet_id: walletId,
      user_id: req.user.id,
      status: "pending_review",
      beneficiary_name: b.beneficiary_name.trim(),
      document: b.document.replace(/\D/g, ""),
      bank_code: b.bank_code,
      account_type: b.account_type,
      via: b.via,
      pix_key: pix ? (b.pix_key ?? "").trim() : null,
      agency: pix ? null : (b.agency ?? null),
      account: pix ? null : (b.account ?? null),
      digit: pix ? null : (b.digit ?? "").toUpperCase(),
      amount: b.amount,
      invoice: JSON.stringify(invoice),
      social_contract: social ? JSON.stringify(social) : null,
      cnpj_mirror: mirror ? JSON.stringify(mirror) : null,
      reason: null,
      request_key: req.txKey,
      created_at: at,
      updated_at: at
    }
    insertPaymentRequest(db, row)
    const out = toPaymentRequest(row)
    ctx.events.change("gateway_payment_requests", { walletId, ids: [row.id], rows: [out] })
    return { data: out }
  })

  // ── orders and refunds ──
  bind(app, ctx, "gatewayOrders", (req) => {
    check(req.wallet, "orders")
    return walletPage<GatewayOrder, GatewayOrder>("gateway_orders", req.wallet.wallet.id, req.query, toOrder)
  })

  const rng = new Prng(Date.now() % 2 ** 31)
  bind(app, ctx, "gatewayOrderRefund", (req) => {
    check(req.wallet, "refund")
    const walletId = req.wallet.wallet.id
    const o = orderRow(req.body.order_id)
    if (o === undefined || o.wallet_id !== walletId) throw new ApiError(404, "ORDER_NOT_FOUND")
    const amount = req.body.amount ?? refundable(o)
    const problem = refundProblem(o, amount)
    if (problem !== null) throw new ApiError(422, problem, undefined, problem === "ORDER_ALREADY_REFUNDED" ? undefined : { amount: problem })
    // the money leaves the wallet (a REFUND statement row under this transaction-uuid)
    postEntry(ctx, {
      walletId,
      type: "REFUND",
      direction: "out",
      currency: "BRL",
      amount,
      description: `Estorno do pedido ${o.reference}`,
      counterpartyName: o.customer_name,
      counterpartyDocument: o.customer_document,
      transactionUuid: req.txKey
    })
    const at = ctx.clock.nowIso()
    const base = gatewayRow(rng, { walletId, createdAt: ctx.clock.now(), kind: "refund", status: "paid", value: amount })
    const tx: GatewayTransaction = {
      ...base,
      created_at: at,
      updated_at: at,
      reference: o.reference,
      counterparty_name: o.customer_name,
      counterparty_document: o.customer_document
    }
    insertGatewayRows(db, [tx])
    const refunded = o.refunded_value + amount
    const status = refunded >= o.value ? "refunded" : "partially_refunded"
    saveOrderRefunded(db, o.id, refunded, status, at)
    const refund: OrderRefund = { id: randomUUID(), order_id: o.id, wallet_id: walletId, amount, transaction_id: tx.id, created_at: at }
    insertOrderRefund(db, refund, req.txKey)
    const order = toOrder(orderRow(o.id) as GatewayOrder)
    ctx.events.change("gateway_orders", { walletId, ids: [o.id], rows: [order] })
    ctx.events.change("gateway_transactions", { walletId, ids: [tx.id], rows: [tx] })
    return { data: { refund, order } }
  })

  // ── admin (the back office; tests) ──
  if (!ctx.cfg.admin) return
  const adminError = (c: { json: (b: unknown, s: 400) => Response }, e: unknown) => {
    const err = e instanceof ApiError ? e : new ApiError(422, "INCORRECT_DATA", String(e))
    return c.json({ error: { status: err.status, key: err.key, message: err.detail ?? err.key } }, err.status as 400)
  }
  app.post(gatewayAdminApi.paymentRequestMove.path, async (c) => {
    try {
      const text = await c.req.text()
      let raw: unknown
      try {
        raw = text.trim() === "" ? {} : JSON.parse(text)
      } catch {
        throw new ApiError(400, "INVALID_FORMAT")
      }
      const b = decodeOr422(gatewayAdminApi.paymentRequestMove.body, raw)
      const r = requestRow(b.id)
      if (r === undefined) throw new ApiError(404, "PAYMENT_REQUEST_NOT_FOUND")
      if (!PAYMENT_REQUEST_MOVES[r.status].includes(b.status)) throw new ApiError(422, "PAYMENT_REQUEST_INVALID_MOVE", `${r.status} → ${b.status}`)
      movePaymentRequest(db, r.id, b.status, b.status === "rejected" ? (b.reason ?? "") : r.reason, ctx.clock.stamp())
      const out = toPaymentRequest(requestRow(r.id) as PaymentRequestRow)
      ctx.events.change("gateway_payment_requests", { walletId: r.wallet_id, ids: [r.id], rows: [out] })
      return c.json({ data: out })
    } catch (e) {
      return adminError(c, e)
    }
  })
  app.get(gatewayAdminApi.orderRefundsOf.path, (c) => {
    try {
      const o = orderRow(c.req.query("order_id") ?? "")
      if (o === undefined) throw new ApiError(404, "ORDER_NOT_FOUND")
      const refunds = refundsOfOrder(db, o.id)
      const rows = refundRowCount(db, o.wallet_id, o.reference)
      return c.json({ data: { order: toOrder(o), refunds, refund_rows: rows } })
    } catch (e) {
      return adminError(c, e)
    }
  })
}
