/**
 * The sandbox's SQLite database (DESIGN "The sandbox users API": a file database created and
 * seeded at first start, data survives restarts). Tables for users, wallets and their members,
 * balances, statements (keyset-paged by (wallet_id, updated_at, id), spec core §3 paged list),
 * invitations, notifications, staged approval (features §3–§5), exports, files, receipts, the
 * idempotency store (core §6 transaction-uuid) and the SSE event log (core §7).
 * Indexes are created after the bulk seed, so a 1M-row seed inserts into bare tables.
 */
import Database from "better-sqlite3"
import { randomBytes } from "node:crypto"
import { createCardTables } from "./areas/cards/db.ts"
import { createPixKeyTables } from "./areas/pix-keys/db.ts"
import { createPixLimitTables } from "./areas/pix-limits/tables.ts"
import { createBilletTables } from "./areas/billet/db.ts"
import { createBettingTables } from "./areas/betting/db.ts"
import { createGatewayTables } from "./areas/gateway/db.ts"
import { createApprovalQuorumTables } from "./areas/approval/quorum-tables.ts"

export type DB = Database.Database

const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  full_name TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  type TEXT NOT NULL,
  document TEXT NOT NULL,
  server_type TEXT NOT NULL,
  referral_link TEXT,
  pin_hash TEXT,
  onboarding_status TEXT,
  onboarding_json TEXT NOT NULL DEFAULT '{}',
  address_json TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS wallets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  is_matrix INTEGER NOT NULL DEFAULT 0,
  parent_id TEXT,
  is_gateway INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE IF NOT EXISTS wallet_members (
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  permission_types TEXT NOT NULL,
  invite_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (wallet_id, user_id)
);

CREATE TABLE IF NOT EXISTS wallet_accounts (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  currency_symbol TEXT NOT NULL,
  currency_id INTEGER NOT NULL,
  currency_decimal INTEGER NOT NULL,
  balance INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (wallet_id, currency_symbol)
);

CREATE TABLE IF NOT EXISTS pending_balances (
  wallet_id TEXT PRIMARY KEY,
  pending_balance INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS statements (
  id TEXT NOT NULL,
  wallet_id TEXT NOT NULL,
  operation_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  type TEXT NOT NULL,
  direction TEXT NOT NULL,
  status TEXT NOT NULL,
  currency_symbol TEXT NOT NULL,
  amount INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  description TEXT NOT NULL,
  counterparty_name TEXT NOT NULL,
  counterparty_document TEXT NOT NULL,
  end_to_end_id TEXT,
  transaction_uuid TEXT
);

CREATE TABLE IF NOT EXISTS invitations (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  inviter_id TEXT NOT NULL,
  invitee_email TEXT NOT NULL,
  state TEXT NOT NULL,
  permission_types TEXT NOT NULL,
  invited_at TEXT NOT NULL,
  accepted_at TEXT,
  declined_at TEXT,
  expired_at TEXT,
  cancelled_at TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  read INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS approval_settings (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL UNIQUE,
  min_value INTEGER NOT NULL,
  approvers INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS approval_requests (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  payment_json TEXT NOT NULL,
  required_approvals INTEGER NOT NULL,
  requested_by TEXT NOT NULL,
  operation_id TEXT,
  transaction_uuid TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS approval_decisions (
  request_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  decision TEXT NOT NULL,
  reason TEXT,
  decided_at TEXT NOT NULL,
  PRIMARY KEY (request_id, user_id)
);

CREATE TABLE IF NOT EXISTS quotes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  base TEXT NOT NULL,
  quote TEXT NOT NULL,
  price_buy INTEGER NOT NULL,
  price_sell INTEGER NOT NULL,
  iof_bps INTEGER NOT NULL,
  spread_bps INTEGER NOT NULL,
  min_amount INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS conversions (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  from_currency TEXT NOT NULL,
  to_currency TEXT NOT NULL,
  from_amount INTEGER NOT NULL,
  to_amount INTEGER NOT NULL,
  price INTEGER NOT NULL,
  iof_amount INTEGER NOT NULL,
  spread_amount INTEGER NOT NULL,
  status TEXT NOT NULL,
  transaction_uuid TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS exports (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL,
  format TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  file_id TEXT,
  rows INTEGER NOT NULL DEFAULT 0,
  day TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  name TEXT NOT NULL,
  mime TEXT NOT NULL,
  state TEXT NOT NULL,
  content BLOB,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS receipts (
  operation_id TEXT NOT NULL,
  wallet_id TEXT NOT NULL,
  file_id TEXT,
  ready_ms INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (wallet_id, operation_id)
);

CREATE TABLE IF NOT EXISTS idempotency (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  wallet_id TEXT,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);

CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT,
  wallet_id TEXT,
  kind TEXT NOT NULL,
  list TEXT,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS codes (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  user_id TEXT,
  email TEXT,
  code TEXT NOT NULL,
  purpose TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'open',
  expires_ms INTEGER NOT NULL,
  created_ms INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS codes_kind_email ON codes (kind, email);

CREATE TABLE IF NOT EXISTS short_tokens (
  token TEXT NOT NULL,
  kind TEXT NOT NULL,
  user_id TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, user_id, token)
);

-- what a pin_token is bound to (issue 30 item 3, D-pin-binding): one command id and its request's hash
CREATE TABLE IF NOT EXISTS pin_token_bindings (
  token TEXT PRIMARY KEY,
  command_id TEXT,
  payload_hash TEXT
);

-- wrong temporary tokens in a row per user (issue 30): the fifth voids the user's open ones
CREATE TABLE IF NOT EXISTS temp_token_attempts (
  user_id TEXT PRIMARY KEY,
  failures INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS pin_attempts (
  user_id TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  locked_until_ms INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS signin_attempts (
  email TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  next_try_ms INTEGER NOT NULL DEFAULT 0,
  locked_until_ms INTEGER NOT NULL DEFAULT 0
);

-- issue 30 item 4: a session is one sign-in's refresh-token family; its access tokens carry its id (claim sid) and are
-- refused once it is revoked (logout, password change or reset, a reused refresh token)
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  revoked_ms INTEGER,
  revoked_reason TEXT
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE TABLE IF NOT EXISTS refresh_family (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS refresh_family_session ON refresh_family (session_id);

-- issue 30 item 5: wrong passwords, codes and PINs per client (its address) in a window, whichever account they aim at
CREATE TABLE IF NOT EXISTS client_attempts (
  client TEXT NOT NULL,
  kind TEXT NOT NULL,
  failures INTEGER NOT NULL,
  window_start_ms INTEGER NOT NULL,
  PRIMARY KEY (client, kind)
);

CREATE TABLE IF NOT EXISTS qr_sessions (
  token TEXT PRIMARY KEY,
  expires_ms INTEGER NOT NULL,
  activated_by TEXT,
  used INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS signups (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  state TEXT NOT NULL,
  code TEXT NOT NULL,
  code_expires_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  user_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`

const INDEXES = `
CREATE UNIQUE INDEX IF NOT EXISTS statements_id ON statements (id);
CREATE INDEX IF NOT EXISTS statements_sync ON statements (wallet_id, updated_at, id);
CREATE INDEX IF NOT EXISTS statements_created ON statements (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS statements_operation ON statements (operation_id);
CREATE INDEX IF NOT EXISTS statements_tx ON statements (transaction_uuid) WHERE transaction_uuid IS NOT NULL;
CREATE INDEX IF NOT EXISTS wallets_owner ON wallets (owner_id);
CREATE INDEX IF NOT EXISTS members_user ON wallet_members (user_id);
CREATE INDEX IF NOT EXISTS invitations_wallet ON invitations (wallet_id, invited_at);
CREATE INDEX IF NOT EXISTS invitations_email ON invitations (invitee_email, invited_at);
CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, created_at);
CREATE INDEX IF NOT EXISTS notifications_sync ON notifications (user_id, updated_at, id);
CREATE INDEX IF NOT EXISTS approval_requests_wallet ON approval_requests (wallet_id, status, created_at);
CREATE INDEX IF NOT EXISTS approval_requests_sync ON approval_requests (wallet_id, updated_at, id);
CREATE INDEX IF NOT EXISTS conversions_wallet ON conversions (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS exports_wallet_day ON exports (wallet_id, day);
CREATE INDEX IF NOT EXISTS events_user ON events (user_id, seq);
CREATE INDEX IF NOT EXISTS events_wallet ON events (wallet_id, seq);
CREATE INDEX IF NOT EXISTS idempotency_wallet ON idempotency (wallet_id, endpoint);
`

/** Opens (creating when needed) the database with the pragmas the sandbox relies on. */
export const openDb = (path: string): DB => {
  const db = new Database(path)
  if (path !== ":memory:") db.pragma("journal_mode = WAL")
  db.pragma("synchronous = NORMAL")
  db.pragma("foreign_keys = OFF")
  db.pragma("temp_store = MEMORY")
  db.pragma("cache_size = -65536") // 64 MiB page cache
  db.pragma("busy_timeout = 5000")
  return db
}

export const createTables = (db: DB): void => {
  db.exec(TABLES)
  createCardTables(db)
  createPixKeyTables(db)
  createPixLimitTables(db)
  createBilletTables(db)
  createBettingTables(db)
  createGatewayTables(db)
  createApprovalQuorumTables(db) // issue 32 item 3: reminders sent, notifications' message keys
}

export const createIndexes = (db: DB, analyze = true): void => {
  db.exec(INDEXES)
  if (analyze) {
    db.pragma("analysis_limit = 1000") // a sampled ANALYZE: seconds saved on 1M rows
    db.exec("ANALYZE")
  }
}

export const getMeta = (db: DB, key: string): string | undefined =>
  (db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)?.value

export const setMeta = (db: DB, key: string, value: string): void => {
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value)
}

/** The HS256 secret of the access tokens: random at DB creation, kept in the DB, never in the repo (core §7). */
export const ensureSecret = (db: DB): Buffer => {
  const existing = getMeta(db, "jwt_secret")
  if (existing !== undefined) return Buffer.from(existing, "hex")
  const secret = randomBytes(32)
  setMeta(db, "jwt_secret", secret.toString("hex"))
  return secret
}

export const isSeeded = (db: DB): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined && getMeta(db, "seeded_at") !== undefined
