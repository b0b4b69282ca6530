/**
 * Compact statement rows for the chunk store (sync/SPEC.md S3): an array per row in a fixed
 * column order instead of an object, which roughly halves the bytes IndexedDB stores and
 * structured-clones, and is what the projection loads at start.
 */
import type { StatementEntry } from "../../schema/entities.ts"

export const COLUMNS = [
  "id",
  "wallet_id",
  "operation_id",
  "created_at",
  "updated_at",
  "type",
  "direction",
  "status",
  "currency_symbol",
  "amount",
  "balance_after",
  "description",
  "counterparty_name",
  "counterparty_document",
  "end_to_end_id",
  "transaction_uuid"
] as const

export const toCompact = (r: StatementEntry): unknown[] => [
  r.id,
  r.wallet_id,
  r.operation_id,
  r.created_at,
  r.updated_at,
  r.type,
  r.direction,
  r.status,
  r.currency_symbol,
  r.amount,
  r.balance_after,
  r.description,
  r.counterparty_name,
  r.counterparty_document,
  r.end_to_end_id,
  r.transaction_uuid
]

export const fromCompact = (a: ReadonlyArray<unknown>): StatementEntry => ({
  id: a[0] as string,
  wallet_id: a[1] as string,
  operation_id: a[2] as string,
  created_at: a[3] as string,
  updated_at: a[4] as string,
  type: a[5] as StatementEntry["type"],
  direction: a[6] as StatementEntry["direction"],
  status: a[7] as StatementEntry["status"],
  currency_symbol: a[8] as StatementEntry["currency_symbol"],
  amount: a[9] as number,
  balance_after: a[10] as number,
  description: a[11] as string,
  counterparty_name: a[12] as string,
  counterparty_document: a[13] as string,
  end_to_end_id: (a[14] as string | null) ?? null,
  transaction_uuid: (a[15] as string | null) ?? null
})

/** The keyset cursor after a row (sandbox: rows with (updated_at, id) greater than it). */
export const cursorAfter = (r: Pick<StatementEntry, "updated_at" | "id">): string => `${r.updated_at}|${r.id}`
