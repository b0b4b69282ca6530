/**
 * The Pix statement's rows derived from the ledger (issue 12; spec features §2 Pix "statements",
 * D-pix-statement): a Pix row is a statement row of type PIX_IN or PIX_OUT, read with SQL that
 * names it as the Pix statement's row (schema/tables/pix-statement.ts) — no second copy of the
 * money. The counterparty's bank comes from the participant in the end-to-end id (E + ISPB + …)
 * of an incoming Pix (the payer's participant); the ledger keeps no receiver participant (""); the key
 * or txid an outgoing Pix was paid to is kept beside its row in `pix_out_refs` ("" and null when none:
 * an incoming Pix, a Pix by account; D-pix-statement-refs).
 */
import type { StatementEntry } from "../../../schema/entities.ts"
import type { PixStatementRow } from "../../../schema/tables/pix-statement.ts"
import { BANKS, ISPB_LIST } from "../../names.ts"
import type { JsonColumnKind } from "../../repo.ts"

export const PIX_TYPES = ["PIX_IN", "PIX_OUT"] as const
export const isPixType = (type: string): boolean => (PIX_TYPES as ReadonlyArray<string>).includes(type)

/** The participants of ISPB_LIST, in its order (names.ts BANKS), and the sandbox's own. */
const SANDBOX_BANK = "Banco Sandbox S.A."
export const BANK_OF_ISPB: Readonly<Record<string, string>> = {
  ...Object.fromEntries(ISPB_LIST.map((ispb, i) => [ispb, BANKS[i] ?? SANDBOX_BANK])),
  "99999999": SANDBOX_BANK
}

const bankSql = `CASE WHEN direction = 'in' THEN (CASE substr(coalesce(end_to_end_id, ''), 2, 8) ${Object.entries(BANK_OF_ISPB)
  .map(([k, v]) => `WHEN '${k}' THEN '${v.replace(/'/g, "''")}'`)
  .join(" ")} ELSE '' END) ELSE '' END`

/** SELECT list over `statements` giving the Pix statement row's columns. */
export const PIX_STATEMENT_SELECT = [
  "id",
  "wallet_id",
  "operation_id",
  "created_at",
  "updated_at",
  "direction",
  "status",
  "currency_symbol",
  "amount",
  "description",
  "counterparty_name",
  "counterparty_document",
  `${bankSql} AS counterparty_bank`,
  "coalesce((SELECT r.key FROM pix_out_refs r WHERE r.statement_id = statements.id), '') AS key",
  "end_to_end_id",
  "(SELECT r.txid FROM pix_out_refs r WHERE r.statement_id = statements.id) AS txid"
].join(", ")
export const PIX_STATEMENT_WHERE = `type IN (${PIX_TYPES.map((t) => `'${t}'`).join(", ")})`

/** How each column goes into JSON (repo.ts paginateJson), in the row Schema's order. */
export const PIX_STATEMENT_JSON: ReadonlyArray<readonly [string, JsonColumnKind]> = [
  ["id", "token"],
  ["wallet_id", "token"],
  ["operation_id", "token"],
  ["created_at", "token"],
  ["updated_at", "token"],
  ["direction", "token"],
  ["status", "token"],
  ["currency_symbol", "token"],
  ["amount", "int"],
  ["description", "text"],
  ["counterparty_name", "text"],
  ["counterparty_document", "text"],
  ["counterparty_bank", "text"],
  ["key", "text"],
  ["end_to_end_id", "text"],
  ["txid", "text"]
]

/** The key or txid an outgoing Pix was paid to (pix_out_refs). */
export interface PixOutRef {
  readonly key: string
  readonly txid: string | null
}

/** The same row from a ledger row in memory (a stream hint's inline row), with its key or txid when it has one. */
export const pixStatementRowOf = (e: StatementEntry, ref?: PixOutRef): PixStatementRow => ({
  id: e.id,
  wallet_id: e.wallet_id,
  operation_id: e.operation_id,
  created_at: e.created_at,
  updated_at: e.updated_at,
  direction: e.direction,
  status: e.status,
  currency_symbol: "BRL",
  amount: e.amount,
  description: e.description,
  counterparty_name: e.counterparty_name,
  counterparty_document: e.counterparty_document,
  counterparty_bank: e.direction === "in" ? (BANK_OF_ISPB[(e.end_to_end_id ?? "").slice(1, 9)] ?? "") : "",
  key: ref?.key ?? "",
  end_to_end_id: e.end_to_end_id,
  txid: ref?.txid ?? null
})
