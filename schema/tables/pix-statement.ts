/**
 * The Pix statement described once (issue 12 "Pix statement: a table description on the shared
 * machinery"; spec features §2 Pix "statements", §7 GET /users/v2/reports/pix-statement): the Pix
 * rows of a wallet — direction in/out, counterparty name, document and bank, the key, end-to-end
 * id, txid, amount, status, date, description. The sandbox derives them from the ledger's Pix rows
 * (D-pix-statement). Sign: `direction`; statuses as the ledger's; sums count the completed and
 * pending rows (money that moved or is moving), per currency (BRL only).
 */
import { Schema } from "effect"
import { Id, IsoDateTime, MinorUnits } from "../common.ts"
import { defineTable } from "./define-table.ts"

export const PIX_STATEMENT_DIRECTIONS = ["in", "out"] as const
export const PIX_STATEMENT_STATUSES = ["completed", "pending", "failed", "reverted"] as const
export const PixStatementStatus = Schema.Literals(PIX_STATEMENT_STATUSES)
export type PixStatementStatus = typeof PixStatementStatus.Type
/** Statuses whose amount counts in the totals (D-pix-statement). */
export const PIX_STATEMENT_SUM_STATUSES: ReadonlyArray<PixStatementStatus> = ["completed", "pending"]

export const PixStatementRow = Schema.Struct({
  id: Id,
  wallet_id: Id,
  operation_id: Id,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  direction: Schema.Literals(PIX_STATEMENT_DIRECTIONS),
  status: PixStatementStatus,
  currency_symbol: Schema.Literals(["BRL"]),
  /** Minor units, positive; the sign is `direction`. */
  amount: MinorUnits,
  description: Schema.String,
  counterparty_name: Schema.String,
  counterparty_document: Schema.String,
  /** The counterparty's participant ("" when the ledger does not know it). */
  counterparty_bank: Schema.String,
  /** The Pix key the payment named ("" when the ledger does not know it: D-pix-statement). */
  key: Schema.String,
  end_to_end_id: Schema.NullOr(Schema.String),
  txid: Schema.NullOr(Schema.String)
})
export type PixStatementRow = typeof PixStatementRow.Type

export const pixStatementTable = defineTable<PixStatementRow>({
  name: "pix_statement",
  id: { key: "id", dense: true },
  scope: "wallet_id",
  time: { created: "created_at", updated: "updated_at" },
  amount: "amount",
  sign: { key: "direction", literals: ["in", "out"] },
  enums: [
    { key: "direction", literals: PIX_STATEMENT_DIRECTIONS },
    { key: "status", literals: PIX_STATEMENT_STATUSES },
    { key: "currency_symbol", literals: ["BRL"] }
  ],
  text: ["description", "counterparty_name", "counterparty_document"],
  digits: "counterparty_document",
  prefixIds: [
    { key: "id", dense: true },
    { key: "operation_id", dense: true },
    { key: "end_to_end_id", dense: false, format: { kind: "ascii", width: 32 } },
    // Pix txid: 26 to 35 letters and digits
    { key: "txid", dense: false, format: { kind: "ascii", width: 35 } }
  ],
  extraInts: [],
  stored: ["counterparty_bank", "key"],
  sums: { status: "status", counted: PIX_STATEMENT_SUM_STATUSES, per: "currency_symbol" },
  groups: ["day", "type", "wallet", "counterparty", "code"],
  sorts: ["created_at", "amount"],
  plugins: [],
  csv: [
    "created_at",
    "direction",
    "status",
    "amount",
    "counterparty_name",
    "counterparty_document",
    "counterparty_bank",
    "key",
    "end_to_end_id",
    "txid",
    "description",
    "operation_id",
    "id",
    "wallet_id"
  ]
})
