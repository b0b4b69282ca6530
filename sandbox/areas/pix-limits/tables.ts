/**
 * The tables of Pix limits and favored contacts (issue 12; sandbox/areas/pix-limits/db.ts reads and writes
 * them): a wallet's limits per type with the pending raises, what each settled Pix used of its period's
 * limit, and the wallet's favored contacts. Apart so that sandbox/db.ts creates them without a cycle.
 */
import type Database from "better-sqlite3"

type DB = Database.Database

export const createPixLimitTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_limits (
  wallet_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  day_limit INTEGER NOT NULL,
  night_limit INTEGER NOT NULL,
  pending_day_limit INTEGER,
  pending_day_at INTEGER,
  pending_night_limit INTEGER,
  pending_night_at INTEGER,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (wallet_id, tag)
);
CREATE TABLE IF NOT EXISTS pix_limit_usage (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  amount INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  statement_id TEXT
);
CREATE INDEX IF NOT EXISTS pix_limit_usage_wallet ON pix_limit_usage (wallet_id, tag, at_ms);
CREATE TABLE IF NOT EXISTS pix_contacts (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  key TEXT NOT NULL,
  key_type TEXT NOT NULL,
  name TEXT NOT NULL,
  document TEXT NOT NULL,
  bank TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (wallet_id, key)
);
`)
}
