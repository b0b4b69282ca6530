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

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

export const cardById = (db: DB, id: string): CardDbRow | undefined => db.prepare("SELECT * FROM cards WHERE id = ?").get(id) as CardDbRow | undefined

/** Writes a card's changed fields and its updated_at. */
export const updateCard = (db: DB, id: string, patch: Partial<CardDbRow>, at: string): void => {
  const cols = Object.keys(patch)
  db.prepare(`UPDATE cards SET ${cols.map((c) => `${c} = @${c}`).join(", ")}, updated_at = @updated_at WHERE id = @id`).run({ ...patch, updated_at: at, id })
}

/** One applied action on a card, with its transaction-uuid (the admin view's exactly-once proof). */
export const insertCardEvent = (db: DB, cardId: string, kind: string, txKey: string | null, at: string): void => {
  db.prepare("INSERT INTO card_events (card_id, kind, transaction_uuid, at) VALUES (?, ?, ?, ?)").run(cardId, kind, txKey, at)
}

/** The wallet's virtual cards still in use (not cancelled, not replaced). */
export const liveVirtualCount = (db: DB, walletId: string): number =>
  (
    db.prepare("SELECT count(*) AS n FROM cards WHERE wallet_id = ? AND virtual = 1 AND status != 'cancelled' AND replaced_by IS NULL").get(walletId) as {
      n: number
    }
  ).n

/** The wallet's physical card in use, if any. */
export const currentPhysicalOf = (db: DB, walletId: string): CardDbRow | undefined =>
  db.prepare("SELECT * FROM cards WHERE wallet_id = ? AND virtual = 0 AND status != 'cancelled' AND replaced_by IS NULL").get(walletId) as CardDbRow | undefined

export interface CardInsert {
  readonly id: string
  readonly walletId: string
  readonly userId: string
  readonly virtual: boolean
  readonly status: CardDbRow["status"]
  readonly cardName: string
  readonly nickname: string
  readonly number: string
  readonly cvv: string
  readonly expiry: string
  readonly attemptsLeft: number
  readonly address: string | null
  readonly at: string
}

export const insertCardRow = (db: DB, c: CardInsert): void => {
  db.prepare(
    `INSERT INTO cards (id, wallet_id, user_id, virtual, status, card_name, nickname, number, cvv, expiry, attempts_left, address, requested_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  ).run(c.id, c.walletId, c.userId, c.virtual ? 1 : 0, c.status, c.cardName, c.nickname, c.number, c.cvv, c.expiry, c.attemptsLeft, c.address, c.at, c.at, c.at)
}

/** The wallet's cards a purchase can be tried on (activated or blocked). */
export const purchasableCardIds = (db: DB, walletId: string): Array<{ id: string }> =>
  db.prepare("SELECT id FROM cards WHERE wallet_id = ? AND status IN ('activated', 'blocked')").all(walletId) as Array<{ id: string }>

/** Every card of the wallet, oldest first. */
export const cardsOfWallet = (db: DB, walletId: string): CardDbRow[] =>
  db.prepare("SELECT * FROM cards WHERE wallet_id = ? ORDER BY created_at").all(walletId) as CardDbRow[]

/** How many events of each kind a card has. */
export const cardEventCounts = (db: DB, cardId: string): Record<string, number> =>
  Object.fromEntries(
    (db.prepare("SELECT kind, count(*) AS n FROM card_events WHERE card_id = ? GROUP BY kind").all(cardId) as Array<{ kind: string; n: number }>).map((x) => [
      x.kind,
      x.n
    ])
  )
