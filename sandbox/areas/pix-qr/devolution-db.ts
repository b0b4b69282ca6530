/**
 * The devolutions' table and SQL (spec features §1, §2, §7; issue 29 item 7: the area's statements beside its routes,
 * sandbox/areas/pix-qr/devolution-routes.ts): a received Pix as devolution sees it, the devolutions made of it, the
 * payer's wallet when it is one of the sandbox's.
 */
import type Database from "better-sqlite3"

type DB = Database.Database

export const createPixDevolutionTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_devolutions (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  description TEXT NOT NULL,
  end_to_end_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_devolutions_payment ON pix_devolutions (payment_id);
`)
}

export interface Payment {
  id: string
  wallet_id: string
  amount: number
  counterparty_name: string
  end_to_end_id: string | null
  created_at: string
  type: string
  status: string
  direction: string
}
export interface Dev {
  id: string
  amount: number
  description: string
  end_to_end_id: string
  created_at: string
}

/** A wallet's statement row by id, as a devolution reads it. */
export const paymentOf = (db: DB, walletId: string, paymentId: string): Payment | undefined =>
  db
    .prepare(
      "SELECT id, wallet_id, amount, counterparty_name, end_to_end_id, created_at, type, status, direction FROM statements WHERE id = ? AND wallet_id = ?"
    )
    .get(paymentId, walletId) as Payment | undefined

/** The devolutions made of a payment, oldest first. */
export const devolutionsOf = (db: DB, paymentId: string): Dev[] =>
  db.prepare("SELECT id, amount, description, end_to_end_id, created_at FROM pix_devolutions WHERE payment_id = ? ORDER BY created_at").all(paymentId) as Dev[]

/** The wallet that sent a Pix, when it is another of the sandbox's. */
export const payerWalletOf = (db: DB, e2e: string, receiverWalletId: string): string | undefined =>
  (
    db.prepare("SELECT wallet_id FROM statements WHERE end_to_end_id = ? AND type = 'PIX_OUT' AND wallet_id <> ? LIMIT 1").get(e2e, receiverWalletId) as
      { wallet_id: string } | undefined
  )?.wallet_id

/** A wallet's owner's user id (a deleted wallet's too). */
export const ownerIdOf = (db: DB, walletId: string): string | undefined =>
  (db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(walletId) as { owner_id: string } | undefined)?.owner_id

export const insertDevolution = (
  db: DB,
  d: { id: string; walletId: string; paymentId: string; amount: number; description: string; e2e: string; at: string }
): void => {
  db.prepare("INSERT INTO pix_devolutions (id, wallet_id, payment_id, amount, description, end_to_end_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
    d.id,
    d.walletId,
    d.paymentId,
    d.amount,
    d.description,
    d.e2e,
    d.at
  )
}
