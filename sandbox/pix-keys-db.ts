/**
 * The sandbox's Pix directory (DICT, spec features §3 Pix key, §4, §5, §9; issue 12): keys registered
 * per account, the directory's limits (5 for a natural person, 20 for a legal person), and the
 * lookup a payment by key uses, so a key of a seeded user resolves to that user's wallet and the
 * payment credits it (settlement between two of the sandbox's accounts).
 */
import type Database from "better-sqlite3"
import { createPixQrTables } from "./pix-qr-db.ts"

type DB = Database.Database

export const createPixKeyTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_keys (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  key_type TEXT NOT NULL,
  user_id TEXT NOT NULL,
  wallet_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_keys_wallet ON pix_keys (wallet_id, created_at);
`)
  createPixQrTables(db)
}

export interface PixKeyRow {
  readonly id: string
  readonly key: string
  readonly key_type: "cpf" | "cnpj" | "email" | "phone" | "random"
  readonly user_id: string
  readonly wallet_id: string
  readonly status: "not_confirmed" | "added"
  readonly created_at: string
  readonly updated_at: string
}

/** features §9 "current of maximum": keys per account by the holder's kind. */
export const PIX_KEY_LIMIT = { NATURAL_PERSON: 5, LEGAL_PERSON: 20 } as const

export interface PixKeyHolder {
  readonly user_id: string
  readonly wallet_id: string
  readonly name: string
  readonly document: string
}

/** The holder of an active key, or null (an unknown key belongs to another bank: the caller decides). */
export const lookupPixKey = (db: DB, key: string): PixKeyHolder | null => {
  const r = db.prepare(
    `SELECT k.user_id, k.wallet_id, u.full_name AS name, u.document FROM pix_keys k JOIN users u ON u.id = k.user_id
     WHERE k.key = ? AND k.status = 'added'`
  ).get(key) as PixKeyHolder | undefined
  return r ?? null
}
