/**
 * The admin calls' SQL (schema/api-admin.ts; issue 29 item 7: the area's statements beside its routes,
 * docs/decisions.md D-sandbox-by-area): the ledger view for exactly-once proofs, the health's row count, the
 * statement_gap fault's changed and hidden rows (D-ledger-reconcile). The tables are other areas' (sandbox/db.ts); the PIN
 * attempts reset is auth/db.ts `clearPinAttempts`.
 */
import type { DB } from "../../db.ts"
import type { Ledger } from "../../../schema/api-admin.ts"

// ── the ledger view ──

/** A wallet's balances, in currency order. */
export const balancesOf = (db: DB, walletId: string): Array<{ currency_symbol: string; balance: number }> =>
  db.prepare("SELECT currency_symbol, balance FROM wallet_accounts WHERE wallet_id = ? ORDER BY currency_id").all(walletId) as Array<{
    currency_symbol: string
    balance: number
  }>

export const pendingBalanceOf = (db: DB, walletId: string): { pending_balance: number } | undefined =>
  db.prepare("SELECT pending_balance FROM pending_balances WHERE wallet_id = ?").get(walletId) as { pending_balance: number } | undefined

/** How many statement rows a wallet has. */
export const statementRowsOf = (db: DB, walletId: string): number =>
  (db.prepare("SELECT count(*) AS n FROM statements WHERE wallet_id = ?").get(walletId) as { n: number }).n

/** Every transaction key a wallet's statement or idempotency records hold, with its rows, records and endpoint. */
export const transactionsOf = (db: DB, walletId: string): Ledger["transactions"] =>
  db
    .prepare(
      `SELECT t.transaction_uuid, (SELECT count(*) FROM statements s WHERE s.wallet_id = ? AND s.transaction_uuid = t.transaction_uuid) AS statement_rows,
            (SELECT count(*) FROM idempotency i WHERE i.key = t.transaction_uuid AND i.wallet_id = ?) AS idempotency_records,
            (SELECT endpoint FROM idempotency i WHERE i.key = t.transaction_uuid AND i.wallet_id = ? LIMIT 1) AS endpoint
     FROM (SELECT transaction_uuid FROM statements WHERE wallet_id = ? AND transaction_uuid IS NOT NULL
           UNION SELECT key FROM idempotency WHERE wallet_id = ?) t ORDER BY t.transaction_uuid`
    )
    .all(walletId, walletId, walletId, walletId, walletId) as Ledger["transactions"]

/** Every statement row of every wallet. */
export const allStatementRows = (db: DB): number => (db.prepare("SELECT count(*) AS n FROM statements").get() as { n: number }).n

// ── the statement_gap fault ──

/** A wallet's first completed BRL credit in the keyset order. */
export const firstBrlCredit = (db: DB, walletId: string): { id: string } | undefined =>
  db
    .prepare(
      "SELECT id FROM statements WHERE wallet_id = ? AND status = 'completed' AND direction = 'in' AND currency_symbol = 'BRL' ORDER BY updated_at, id LIMIT 1"
    )
    .get(walletId) as { id: string } | undefined

/** A row's amount and its wallet's BRL balance moved by `delta` together (the server stays consistent). */
export const shiftCredit = (db: DB, walletId: string, rowId: string, delta: number): void => {
  db.prepare("UPDATE statements SET amount = amount + ? WHERE id = ?").run(delta, rowId)
  db.prepare("UPDATE wallet_accounts SET balance = balance + ? WHERE wallet_id = ? AND currency_symbol = 'BRL'").run(delta, walletId)
}

/** A wallet's first completed row in the keyset order. */
export const firstCompletedRow = (db: DB, walletId: string): { id: string } | undefined =>
  db.prepare("SELECT id FROM statements WHERE wallet_id = ? AND status = 'completed' ORDER BY updated_at, id LIMIT 1").get(walletId) as
    { id: string } | undefined
