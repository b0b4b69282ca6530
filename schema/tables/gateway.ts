/**
 * Gateway transactions described once (issue 16; features §2 "/gateway", §3 "Transaction
 * (gateway)", §4 "Transactions" statuses): ONE table over one row shape with a `kind` —
 * deposit, withdrawal, refund, return — rather than four tables (D-gateway-table: one
 * projection answers "across every kind" queries such as the dashboard, and a page is a `types`
 * filter). 17 statuses (5 bits), the sign (`direction`: deposits and returns come in, withdrawals
 * and refunds go out), one currency (BRL) as the per-currency enum.
 */
import { Schema } from "effect"
import { Id, IsoDateTime, MinorUnits } from "../common.ts"
import { defineTable } from "./define-table.ts"

/** features §3: the four lists of /gateway/transactions (deposits, payments = withdrawals, refunds, returns). */
export const GATEWAY_KINDS = ["deposit", "withdrawal", "refund", "return"] as const
export const GatewayKind = Schema.Literals(GATEWAY_KINDS)
export type GatewayKind = typeof GatewayKind.Type

/**
 * features §4 "Transactions": the spec lists 17 statuses, naming "reverted" twice; the second is
 * read as `reversed` (a reversal asked by the payer's bank, MED) — D-gateway-statuses.
 */
export const GATEWAY_STATUSES = [
  "pending",
  "paid",
  "paid_by_third_party",
  "paid_without_qrcode",
  "refund_received",
  "rejected",
  "failed",
  "undone",
  "reverted",
  "reversed",
  "waiting_upload",
  "on_hold",
  "waiting_approval",
  "waiting_rejection",
  "waiting_cancellation",
  "accepted",
  "declined"
] as const
export const GatewayStatus = Schema.Literals(GATEWAY_STATUSES)
export type GatewayStatus = typeof GatewayStatus.Type

/** Statuses whose value counts in the page's sums: money that moved or is moving (D-gateway-sums). */
export const GATEWAY_SUM_STATUSES: ReadonlyArray<GatewayStatus> = [
  "pending",
  "paid",
  "paid_by_third_party",
  "paid_without_qrcode",
  "refund_received",
  "accepted",
  "on_hold",
  "waiting_upload",
  "waiting_approval"
]

/** The dashboard aggregate's type for each kind (features §3 "Dashboard aggregate"). */
export const DASHBOARD_TYPE: Readonly<Record<GatewayKind, "transaction" | "withdraw" | "refund" | "returned">> = {
  deposit: "transaction",
  withdrawal: "withdraw",
  refund: "refund",
  return: "returned"
}
export const DashboardType = Schema.Literals(["transaction", "refund", "returned", "withdraw"])
export type DashboardType = typeof DashboardType.Type

/** features §3 Transaction (gateway): every field; payer (deposits, returns) or receiver (withdrawals, refunds) as counterparty. */
export const GatewayTransaction = Schema.Struct({
  id: Id,
  wallet_id: Id,
  kind: GatewayKind,
  status: GatewayStatus,
  direction: Schema.Literals(["in", "out"]),
  currency_symbol: Schema.Literals(["BRL"]),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  /** Minor units, positive; the sign is `direction`. */
  value: MinorUnits,
  fee: MinorUnits,
  seller_share: MinorUnits,
  reference: Schema.String,
  operation_id: Id,
  end_to_end_id: Schema.NullOr(Schema.String),
  txid: Schema.NullOr(Schema.String),
  counterparty_name: Schema.String,
  counterparty_document: Schema.String,
  bank: Schema.String,
  agency: Schema.String,
  account: Schema.String,
  digit: Schema.String
})
export type GatewayTransaction = typeof GatewayTransaction.Type

export const gatewayTable = defineTable<GatewayTransaction>({
  name: "gateway_transactions",
  id: { key: "id", dense: true },
  scope: "wallet_id",
  time: { created: "created_at", updated: "updated_at" },
  amount: "value",
  sign: { key: "direction", literals: ["in", "out"] },
  enums: [
    { key: "kind", literals: GATEWAY_KINDS },
    { key: "status", literals: GATEWAY_STATUSES },
    { key: "direction", literals: ["in", "out"] },
    { key: "currency_symbol", literals: ["BRL"] }
  ],
  text: ["reference", "counterparty_name", "counterparty_document"],
  digits: "counterparty_document",
  prefixIds: [
    { key: "id", dense: true },
    { key: "operation_id", dense: true },
    { key: "end_to_end_id", dense: false, format: { kind: "ascii", width: 32 } },
    // Pix txid: 26 to 35 letters and digits
    { key: "txid", dense: false, format: { kind: "ascii", width: 35 } }
  ],
  extraInts: ["fee", "seller_share"],
  stored: ["bank", "agency", "account", "digit"],
  sums: { status: "status", counted: GATEWAY_SUM_STATUSES, per: "currency_symbol" },
  groups: ["day", "type", "wallet", "counterparty", "code"],
  sorts: ["created_at", "amount"],
  plugins: [],
  csv: [
    "created_at",
    "kind",
    "status",
    "reference",
    "counterparty_name",
    "counterparty_document",
    "value",
    "fee",
    "seller_share",
    "bank",
    "agency",
    "account",
    "digit",
    "end_to_end_id",
    "txid",
    "operation_id",
    "id",
    "wallet_id"
  ]
})
