/**
 * The sandbox's card tables (spec features §3 Card, §4 states): one row per card with its number,
 * CVV and expiry (the sandbox is the issuer; the client never stores them), the state before a
 * block (unblock restores it), the activation attempts, the delivery request of a physical card,
 * the hash of the card password (features §5), and a card event log (every applied block,
 * unblock, activation…, with its transaction-uuid: the exactly-once proof the admin view shows).
 */
import type Database from "better-sqlite3"

type DB = Database.Database

export const createCardTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS cards (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  virtual INTEGER NOT NULL,
  status TEXT NOT NULL,
  status_before_block TEXT,
  card_name TEXT NOT NULL,
  nickname TEXT NOT NULL DEFAULT '',
  number TEXT NOT NULL,
  cvv TEXT NOT NULL,
  expiry TEXT NOT NULL,
  attempts_left INTEGER NOT NULL DEFAULT 3,
  password_hash TEXT,
  replaced_by TEXT,
  address TEXT,
  requested_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS cards_wallet ON cards (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS card_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  card_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  transaction_uuid TEXT,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS card_events_card ON card_events (card_id);
`)
}

export interface CardDbRow {
  id: string
  wallet_id: string
  user_id: string
  virtual: number
  status: "pending" | "activated" | "blocked" | "cancelled"
  status_before_block: string | null
  card_name: string
  nickname: string
  number: string
  cvv: string
  expiry: string
  attempts_left: number
  password_hash: string | null
  replaced_by: string | null
  address: string | null
  requested_at: string
  created_at: string
  updated_at: string
}

/** A Luhn-valid 16-digit number from 15 digits (our BIN 5399 …). */
export const luhnComplete = (first15: string): string => {
  let sum = 0
  for (let i = 0; i < 15; i++) {
    let d = Number(first15[14 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return first15 + String((10 - (sum % 10)) % 10)
}

export const luhnValid = (n: string): boolean => /^\d{16}$/.test(n) && luhnComplete(n.slice(0, 15)) === n
