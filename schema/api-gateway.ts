/**
 * The payments gateway contract (issue 16; spec features §7 "Gateway": under
 * /users/payments-gateway — dashboard (read from data.data), deposits, devolutions, withdrawals,
 * refunds, transactions/exports; §2 permissions get-payments-gateway-deposits/-withdrawals/
 * -refunds/-devolutions; core §? gateway permission by company kind). Methods, query names and
 * the all-kinds `transactions` list the sync pulls are ours (D-gateway-contract). Spread into
 * `api` (schema/api.ts); the admin's "a deposit arrives" into `adminApi`.
 */
import { Schema } from "effect"
import { CompactFormat, Envelope, IsoDate, Paged } from "./common.ts"
import { ExportJobStatus } from "./entities.ts"
import { P } from "./permissions.ts"
import { DashboardType, GatewayKind, GatewayStatus, GatewayTransaction } from "./tables/gateway.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { GatewayOrder, OrderRefund, OrderRefundBody, PaymentRequest, PaymentRequestCreateBody, PaymentRequestStatus } from "./gateway-payments.ts"

const optStr = Schema.optionalKey(Schema.String)

/** Paging (keyset `after` for the sync) and the server-side filters of a gateway list. */
export const GatewayListQuery = Schema.Struct({
  page: optStr,
  page_size: optStr,
  sort: optStr,
  order: optStr,
  after: optStr,
  updated_since: optStr,
  /** The sync's compact wire format (D-compact-pages; schema/common.ts CompactPageHead). */
  format: CompactFormat,
  /** Text in the reference, payer/receiver name, document, end-to-end id, txid, id or operation id. */
  search: optStr,
  /** Comma-separated statuses (features §4). */
  status: optStr,
  start_date: optStr,
  end_date: optStr,
  min_value: optStr,
  max_value: optStr
})

/** features §3 Dashboard aggregate: one line per type × status. */
export const DashboardLine = Schema.Struct({ type: DashboardType, status: GatewayStatus, total_items: Schema.Int, total_value: Schema.Int })
export type DashboardLine = typeof DashboardLine.Type
/** features §2 metrics: the interval's maximum number of days ("not shown": ours, D-gateway-metrics). */
export const GATEWAY_METRICS_MAX_DAYS = 31

export const GatewayExport = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  status: ExportJobStatus,
  progress: Schema.Int,
  kind: Schema.NullOr(GatewayKind),
  start_date: IsoDate,
  end_date: IsoDate,
  rows: Schema.Int,
  created_at: Schema.String,
  finished_at: Schema.NullOr(Schema.String),
  /** The CSV once completed (the sandbox serves it inline; D-gateway-contract). */
  csv: Schema.NullOr(Schema.String)
})
export type GatewayExport = typeof GatewayExport.Type

export const CompanyKind = Schema.Literals(["main", "main_without_branches", "branch"])
export type CompanyKind = typeof CompanyKind.Type

const PageQ = Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, status: optStr })

const list = (path: string, permission: string) =>
  def({ method: "GET", path, wallet: true, permission, query: GatewayListQuery, response: Envelope(Paged(GatewayTransaction)) })

export const gatewayApi = {
  gatewayDeposits: list("/users/payments-gateway/deposits", P.getGatewayDeposits),
  gatewayWithdrawals: list("/users/payments-gateway/withdrawals", P.getGatewayWithdrawals),
  gatewayRefunds: list("/users/payments-gateway/refunds", P.getGatewayRefunds),
  gatewayDevolutions: list("/users/payments-gateway/devolutions", P.getGatewayDevolutions),
  /** Every kind the caller may read, in one keyset list: what the sync pulls into the gateway table. */
  gatewayTransactions: list("/users/payments-gateway/transactions", P.getGatewayDeposits),
  gatewayDashboard: def({
    method: "GET",
    path: "/users/payments-gateway/dashboard",
    wallet: true,
    permission: P.getGatewayDashboard,
    query: Schema.Struct({ start_date: optStr, end_date: optStr, wallets_ids: optStr }),
    refusals: REFUSALS.gatewayDashboard,
    response: Envelope(Schema.Struct({ data: Schema.Array(DashboardLine), start_date: IsoDate, end_date: IsoDate, wallets_ids: Schema.Array(Schema.String) }))
  }),
  gatewayExportCreate: def({
    method: "POST",
    path: "/users/payments-gateway/transactions/exports",
    wallet: true,
    permission: P.postGatewayExport,
    body: Schema.Struct({ start_date: IsoDate, end_date: IsoDate, kind: Schema.optionalKey(GatewayKind) }),
    refusals: REFUSALS.gatewayExportCreate,
    response: Envelope(GatewayExport)
  }),
  gatewayExportGet: def({
    method: "GET",
    path: "/users/payments-gateway/transactions/exports/{id}",
    wallet: true,
    permission: P.postGatewayExport,
    response: Envelope(GatewayExport)
  }),
  // ── payment requests (assisted payments, features §2 payments, §3, §5; paths under /users: D-gateway-payment-requests) ──
  paymentRequests: def({
    method: "GET",
    path: "/users/assisted-payments",
    wallet: true,
    permission: P.getApprovalRequests,
    query: PageQ,
    response: Envelope(Paged(PaymentRequest))
  }),
  /** Creates a request from uploaded files (sync/uploads): idempotent by transaction-uuid; the invoice is required (features §5). */
  paymentRequestCreate: def({
    method: "POST",
    path: "/users/assisted-payments",
    wallet: true,
    transaction: true,
    permission: P.postAssistedPayments,
    body: PaymentRequestCreateBody,
    refusals: REFUSALS.paymentRequestCreate,
    response: Envelope(PaymentRequest)
  }),
  paymentRequestGet: def({
    method: "GET",
    path: "/users/assisted-payments/{id}",
    wallet: true,
    permission: P.getApprovalRequests,
    refusals: REFUSALS.paymentRequestGet,
    response: Envelope(PaymentRequest)
  }),
  // ── orders and their refunds (features §2 orders, §7 orders, orders-refunds; D-gateway-orders) ──
  gatewayOrders: def({
    method: "GET",
    path: "/users/payments-gateway/orders",
    wallet: true,
    permission: P.getGatewayOrders,
    query: PageQ,
    response: Envelope(Paged(GatewayOrder))
  }),
  /** Refunds an order (all that is left, or an amount): PIN, idempotent by transaction-uuid. */
  gatewayOrderRefund: def({
    method: "POST",
    path: "/users/payments-gateway/orders-refunds",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postGatewayOrderRefunds,
    body: OrderRefundBody,
    refusals: REFUSALS.gatewayOrderRefund,
    response: Envelope(Schema.Struct({ refund: OrderRefund, order: GatewayOrder }))
  })
} as const satisfies Record<string, EndpointDef>

export const gatewayAdminApi = {
  /** A transaction arrives at a gateway wallet (a deposit by default), live to its readers. */
  gatewayArrive: def({
    method: "POST",
    path: "/__admin/gateway/transactions",
    auth: false,
    body: Schema.Struct({
      wallet_id: Schema.String,
      kind: Schema.optionalKey(GatewayKind),
      status: Schema.optionalKey(GatewayStatus),
      value: Schema.optionalKey(Schema.Int),
      payer_name: optStr,
      reference: optStr
    }),
    response: Envelope(GatewayTransaction)
  }),
  /** Turns a wallet into a gateway wallet (or back): contract tests of the company kinds. */
  gatewayEnable: def({
    method: "POST",
    path: "/__admin/gateway/enable",
    auth: false,
    body: Schema.Struct({ wallet_id: Schema.String, enabled: Schema.Boolean }),
    response: Envelope(Schema.Struct({ wallet_id: Schema.String, company_kind: CompanyKind }))
  }),
  /** The back office moves a payment request (pending_review → approved | rejected → …, PAYMENT_REQUEST_MOVES); live to its readers. */
  paymentRequestMove: def({
    method: "POST",
    path: "/__admin/gateway/payment-requests/status",
    auth: false,
    body: Schema.Struct({ id: Schema.String, status: PaymentRequestStatus, reason: optStr }),
    response: Envelope(PaymentRequest)
  }),
  /** The refunds of an order, with how many gateway rows each made: the exactly-once proof. */
  orderRefundsOf: def({
    method: "GET",
    path: "/__admin/gateway/order-refunds",
    auth: false,
    query: Schema.Struct({ order_id: Schema.String }),
    response: Envelope(Schema.Struct({ order: GatewayOrder, refunds: Schema.Array(OrderRefund), refund_rows: Schema.Int }))
  })
} as const satisfies Record<string, EndpointDef>
