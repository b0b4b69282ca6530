/**
 * The sandbox's Pix directory (DICT, spec features §3 Pix key, §4, §5, §9; issue 12): keys registered
 * per account, the directory's limits (5 for a natural person, 20 for a legal person), and the
 * lookup a payment by key uses, so a key of a seeded user resolves to that user's wallet and the
 * payment credits it (settlement between two of the sandbox's accounts).
 */
import type Database from "better-sqlite3"
import { createPixQrTables } from "../pix-qr/db.ts"

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
-- the key or txid an outgoing Pix was paid to, beside its ledger row (the Pix statement shows it; D-pix-statement-refs)
CREATE TABLE IF NOT EXISTS pix_out_refs (
  statement_id TEXT PRIMARY KEY,
  key TEXT NOT NULL,
  txid TEXT
);
-- features §3/§5: the confirmation code of a not-confirmed e-mail or phone key (D-pix-key-code)
CREATE TABLE IF NOT EXISTS pix_key_codes (
  key_id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  attempts_left INTEGER NOT NULL
);
-- keys the directory knows at other banks (synthetic holders: D-pix-claim-other-bank)
CREATE TABLE IF NOT EXISTS pix_dict_external (
  key TEXT PRIMARY KEY,
  key_type TEXT NOT NULL,
  holder_name TEXT NOT NULL,
  holder_document TEXT NOT NULL,
  bank TEXT NOT NULL
);
-- features §4: claims (ownership) and portability; a side is a sandbox wallet or another bank's holder
CREATE TABLE IF NOT EXISTS pix_claims (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  key_type TEXT NOT NULL,
  claimer_user_id TEXT,
  claimer_wallet_id TEXT,
  claimer_name TEXT NOT NULL,
  claimer_document TEXT NOT NULL,
  claimer_bank TEXT NOT NULL,
  donor_wallet_id TEXT,
  donor_name TEXT NOT NULL,
  donor_bank TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  deadline TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_claims_key ON pix_claims (key, status);
CREATE INDEX IF NOT EXISTS pix_claims_claimer ON pix_claims (claimer_wallet_id);
CREATE INDEX IF NOT EXISTS pix_claims_donor ON pix_claims (donor_wallet_id);
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

export interface PixClaimRow {
  readonly id: string
  readonly kind: "ownership" | "portability"
  readonly key: string
  readonly key_type: PixKeyRow["key_type"]
  readonly claimer_user_id: string | null
  readonly claimer_wallet_id: string | null
  readonly claimer_name: string
  readonly claimer_document: string
  readonly claimer_bank: string
  readonly donor_wallet_id: string | null
  readonly donor_name: string
  readonly donor_bank: string
  readonly status: "opened" | "confirmed" | "auto_confirmed" | "denied" | "canceled"
  readonly reason: "claimer_canceled" | "donor_rejected" | "expired" | null
  readonly deadline: string
  readonly created_at: string
  readonly updated_at: string
}

export interface ExternalKeyRow {
  readonly key: string
  readonly key_type: PixKeyRow["key_type"]
  readonly holder_name: string
  readonly holder_document: string
  readonly bank: string
}

/** The name this sandbox's own accounts show as their bank in the directory. */
export const SANDBOX_BANK = "Carteira (Sandbox)"

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
  const r = db
    .prepare(
      `SELECT k.user_id, k.wallet_id, u.full_name AS name, u.document FROM pix_keys k JOIN users u ON u.id = k.user_id
     WHERE k.key = ? AND k.status = 'added'`
    )
    .get(key) as PixKeyHolder | undefined
  return r ?? null
}

// ── the keys routes' reads and writes (issue 29 item 7) ──────────────────────

/** A wallet's keys, oldest first. */
export const keysOfWallet = (db: DB, walletId: string): PixKeyRow[] =>
  db.prepare("SELECT * FROM pix_keys WHERE wallet_id = ? ORDER BY created_at, id").all(walletId) as PixKeyRow[]

/** Whether a key is taken, here or in another institution's directory. */
export const isKeyTaken = (db: DB, key: string): boolean =>
  db.prepare("SELECT 1 FROM pix_keys WHERE key = ? UNION SELECT 1 FROM pix_dict_external WHERE key = ?").get(key, key) !== undefined

export const insertPixKey = (db: DB, row: PixKeyRow): void => {
  db.prepare(
    "INSERT INTO pix_keys (id, key, key_type, user_id, wallet_id, status, created_at, updated_at) VALUES (@id, @key, @key_type, @user_id, @wallet_id, @status, @created_at, @updated_at)"
  ).run(row)
}

/** A wallet's key by id. */
export const keyOfWallet = (db: DB, walletId: string, id: string): { key: string } | undefined =>
  db.prepare("SELECT key FROM pix_keys WHERE id = ? AND wallet_id = ?").get(id, walletId) as { key: string } | undefined

/** Whether a key is under an open claim (features §8: it stays until the claim ends). */
export const isKeyInOpenClaim = (db: DB, key: string): boolean =>
  db.prepare("SELECT 1 FROM pix_claims WHERE key = ? AND status = 'opened'").get(key) !== undefined

/** Removes a key and its confirmation codes. */
export const deletePixKey = (db: DB, id: string): void => {
  db.prepare("DELETE FROM pix_keys WHERE id = ?").run(id)
  db.prepare("DELETE FROM pix_key_codes WHERE key_id = ?").run(id)
}
