/**
 * The statement described once (issue 11; core §9 statement, features §2 "Statement"): the first
 * `defineTable` description. Its enum order gives the packed code the statement projection has
 * always used — ((type·4 + status)·2 + direction)·8 + currency — now computed from the literal
 * counts rather than fixed, so a longer status or currency list widens the code instead of
 * throwing at load.
 */
import { CurrencySymbol } from "../common.ts"
import { Direction, STATEMENT_STATUSES, STATEMENT_TYPES, type StatementEntry, type StatementStatus } from "../entities.ts"
import { defineTable } from "./define-table.ts"

/** features §2: the sums count completed and pending rows (failed and canceled are listed, not summed). */
export const STATEMENT_SUM_STATUSES: ReadonlyArray<StatementStatus> = ["completed", "pending"]

export const statementTable = defineTable<StatementEntry>({
  name: "statements",
  id: { key: "id", dense: true },
  scope: "wallet_id",
  time: { created: "created_at", updated: "updated_at" },
  amount: "amount",
  sign: { key: "direction", literals: ["in", "out"] },
  enums: [
    { key: "type", literals: STATEMENT_TYPES },
    { key: "status", literals: STATEMENT_STATUSES },
    { key: "direction", literals: Direction.literals },
    { key: "currency_symbol", literals: CurrencySymbol.literals }
  ],
  text: ["description", "counterparty_name", "counterparty_document"],
  prefixIds: [
    { key: "id", dense: true },
    { key: "operation_id", dense: true },
    // Pix end-to-end ids are 32 chars (E + ISPB + yyyyMMddHHmm + 11); transaction_uuid is kept, not searched
    { key: "end_to_end_id", dense: false, format: { kind: "ascii", width: 32 } },
    { key: "transaction_uuid", dense: false, searched: false }
  ],
  digits: "counterparty_document",
  extraInts: ["balance_after"],
  sums: { status: "status", counted: STATEMENT_SUM_STATUSES, per: "currency_symbol" },
  groups: ["day", "type", "wallet", "counterparty"],
  sorts: ["created_at", "amount"],
  plugins: ["balanceSeries", "ofx"]
})
