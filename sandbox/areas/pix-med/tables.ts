/**
 * MED's table and blocks (issue 32 item 1; docs/decisions.md D-pix-med), apart from sandbox/areas/pix-med/db.ts so
 * that the ledger (sandbox/ledger.ts postEntry: a debit may not dip into what an open contest blocks) reads
 * them without importing the module that posts through it.
 */
import type { DB } from "../../db.ts"

const created = new WeakSet<object>()

export const createPixMedTables = (db: DB): void => {
  if (created.has(db)) return
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_med_contests (
  id TEXT PRIMARY KEY,
  end_to_end_id TEXT NOT NULL UNIQUE,
  payer_wallet_id TEXT NOT NULL,
  payer_statement_id TEXT NOT NULL,
  receiver_wallet_id TEXT,
  reason TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  blocked_amount INTEGER NOT NULL,
  returned_amount INTEGER NOT NULL DEFAULT 0,
  refusal_reason TEXT,
  defence TEXT,
  defence_at TEXT,
  payer_name TEXT NOT NULL,
  receiver_name TEXT NOT NULL,
  paid_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deadline TEXT NOT NULL,
  decided_at TEXT,
  devolution_end_to_end_id TEXT
);
CREATE INDEX IF NOT EXISTS pix_med_payer ON pix_med_contests (payer_wallet_id, updated_at);
CREATE INDEX IF NOT EXISTS pix_med_receiver ON pix_med_contests (receiver_wallet_id, status);
CREATE INDEX IF NOT EXISTS pix_med_open ON pix_med_contests (status, deadline);
`)
  created.add(db)
}

/** What is blocked in a wallet by contests still open (BRL cents): a debit may not dip into it. */
export const medBlockedOf = (db: DB, walletId: string): number => {
  createPixMedTables(db)
  return (
    db
      .prepare("SELECT COALESCE(SUM(blocked_amount), 0) AS n FROM pix_med_contests WHERE receiver_wallet_id = ? AND status IN ('opened', 'under_analysis')")
      .get(walletId) as { n: number }
  ).n
}
