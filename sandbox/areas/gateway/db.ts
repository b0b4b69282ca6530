/**
 * The sandbox's gateway transactions (issue 16; features §3 "Transaction (gateway)", §4 statuses):
 * one table for the four kinds (deposit, withdrawal, refund, return), keyset-paged like the
 * statement, and the seed of the company's gateway wallets (matrix and branch) with a size switch
 * (small for `npm start`; 100k and 1m for benchmarks, generated in a few seconds), and the
 * company kind of a wallet (main, main_without_branches, branch; core "gateway permission by
 * company kind").
 */
import type Database from "better-sqlite3"
import type { Prng } from "../../prng.ts"
import { gatewayRows } from "./rows.ts"
import { createGatewayPaymentTables, seedGatewayPayments } from "./payments-db.ts"
import type { GatewayKind, GatewayTransaction } from "../../../schema/tables/gateway.ts"
import type { CompanyKind, DashboardLine } from "../../../schema/api-gateway.ts"
import { bumpVersion } from "../../count-cache.ts"

type DB = Database.Database

export const GATEWAY_COLUMNS_LIST = [
  "id",
  "wallet_id",
  "kind",
  "status",
  "direction",
  "currency_symbol",
  "created_at",
  "updated_at",
  "value",
  "fee",
  "seller_share",
  "reference",
  "operation_id",
  "end_to_end_id",
  "txid",
  "counterparty_name",
  "counterparty_document",
  "bank",
  "agency",
  "account",
  "digit"
] as const
export const GATEWAY_COLUMNS = GATEWAY_COLUMNS_LIST.join(", ")

/** The stored column holding each row's compact array, when the database has it (one made before it has not: computed per page then). */
export const gatewayRowJson = (db: DB): string | undefined =>
  (db.prepare("PRAGMA table_xinfo(gateway_transactions)").all() as Array<{ name: string }>).some((c) => c.name === "row_json") ? "row_json" : undefined

export const createGatewayTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS gateway_transactions (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  direction TEXT NOT NULL,
  currency_symbol TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  value INTEGER NOT NULL,
  fee INTEGER NOT NULL,
  seller_share INTEGER NOT NULL,
  reference TEXT NOT NULL,
  operation_id TEXT NOT NULL,
  end_to_end_id TEXT,
  txid TEXT,
  counterparty_name TEXT NOT NULL,
  counterparty_document TEXT NOT NULL,
  bank TEXT NOT NULL,
  agency TEXT NOT NULL,
  account TEXT NOT NULL,
  digit TEXT NOT NULL,
  -- D-compact-pages: the row as the compact page's array (GATEWAY_COLUMNS_LIST order), kept by SQLite on every write
  row_json TEXT GENERATED ALWAYS AS (json_array(${GATEWAY_COLUMNS})) STORED
);
CREATE INDEX IF NOT EXISTS gateway_keyset ON gateway_transactions (wallet_id, updated_at, id);
CREATE INDEX IF NOT EXISTS gateway_kind_created ON gateway_transactions (wallet_id, kind, created_at);
CREATE TABLE IF NOT EXISTS gateway_exports (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL,
  kind TEXT,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  rows INTEGER NOT NULL DEFAULT 0,
  csv TEXT,
  started_ms INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT
);`)
  createGatewayPaymentTables(db)
}

export const insertGatewayRows = (db: DB, rows: ReadonlyArray<GatewayTransaction>): void => {
  const ins = db.prepare(`INSERT OR REPLACE INTO gateway_transactions (${GATEWAY_COLUMNS}) VALUES (${GATEWAY_COLUMNS_LIST.map((c) => "@" + c).join(", ")})`)
  db.transaction(() => {
    for (const r of rows) ins.run(r)
  })()
  bumpVersion(db, "gateway_transactions") // the lists' cached totals are stale now (paginateJson countCacheTable)
}

/** Gateway rows per wallet: small for `npm start`; the big sizes put 80 % on the matrix, 20 % on the branch. */
export const gatewaySizes = (size: "small" | "100k" | "1m"): { matrix: number; branch: number } =>
  size === "1m" ? { matrix: 800_000, branch: 200_000 } : size === "100k" ? { matrix: 80_000, branch: 20_000 } : { matrix: 600, branch: 250 }

/** Seeds bruno's gateway wallets (features §2: the gateway area is for gateway wallets). */
export const seedGateway = (db: DB, r: Prng, now: number, wallets: { matrix: string; branch: string }, size: "small" | "100k" | "1m"): number => {
  const n = gatewaySizes(size)
  let total = 0
  for (const [walletId, count] of [
    [wallets.matrix, n.matrix],
    [wallets.branch, n.branch]
  ] as const) {
    // in batches, so 1M rows never sit in memory at once
    for (let done = 0; done < count; done += 50_000) {
      const batch = Math.min(50_000, count - done)
      const span = 90 * 86_400_000
      const rows = gatewayRows(r, walletId, batch, now - span + Math.floor(((done + batch) / count) * span), (batch / count) * 90, done)
      insertGatewayRows(db, rows)
      total += batch
    }
  }
  seedGatewayPayments(db, now, wallets, size)
  return total
}

/** core: the company kind of a wallet — a branch has a parent; a matrix is main with branches, main_without_branches without. */
export const companyKindOf = (db: DB, walletId: string): CompanyKind => {
  const w = db.prepare("SELECT parent_id FROM wallets WHERE id = ?").get(walletId) as { parent_id: string | null } | undefined
  if (w?.parent_id) return "branch"
  const child = db.prepare("SELECT 1 FROM wallets WHERE parent_id = ? LIMIT 1").get(walletId)
  return child ? "main" : "main_without_branches"
}

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

/** The dashboard's lines: each kind and status of the wallets' transactions in [from, to), counted and summed. */
export const dashboardTotals = (db: DB, walletIds: ReadonlyArray<string>, from: string, to: string) =>
  db
    .prepare(
      `SELECT kind, status, count(*) AS n, sum(value) AS v FROM gateway_transactions
       WHERE wallet_id IN (${walletIds.map(() => "?").join(",")}) AND created_at >= ? AND created_at < ? GROUP BY kind, status ORDER BY kind, status`
    )
    .all(...walletIds, from, to) as Array<{ kind: GatewayKind; status: DashboardLine["status"]; n: number; v: number }>

/** The transactions export (a job with status, as the statement's). */
export interface GatewayExportRow {
  id: string
  wallet_id: string
  status: "in_progress" | "completed" | "failure"
  kind: GatewayKind | null
  start_date: string
  end_date: string
  rows: number
  csv: string | null
  started_ms: number
  duration_ms: number
  created_at: string
  finished_at: string | null
}
export const gatewayExportById = (db: DB, id: string): GatewayExportRow | undefined =>
  db.prepare("SELECT * FROM gateway_exports WHERE id = ?").get(id) as GatewayExportRow | undefined
export const insertGatewayExport = (
  db: DB,
  e: { id: string; walletId: string; userId: string; kind: GatewayKind | null; start: string; end: string; startedMs: number; durationMs: number; at: string }
): void => {
  db.prepare(
    "INSERT INTO gateway_exports (id, wallet_id, user_id, status, kind, start_date, end_date, started_ms, duration_ms, created_at) VALUES (?, ?, ?, 'in_progress', ?, ?, ?, ?, ?, ?)"
  ).run(e.id, e.walletId, e.userId, e.kind, e.start, e.end, e.startedMs, e.durationMs, e.at)
}
export const completeGatewayExport = (db: DB, id: string, rows: number, csv: string, at: string): void => {
  db.prepare("UPDATE gateway_exports SET status = 'completed', rows = ?, csv = ?, finished_at = ? WHERE id = ?").run(rows, csv, at, id)
}

/** A wallet's transactions in [from, to), of one kind when named, oldest first (the export's rows). */
export const transactionsBetween = (db: DB, walletId: string, from: string, to: string, kind: GatewayKind | null): GatewayTransaction[] =>
  db
    .prepare(
      `SELECT ${GATEWAY_COLUMNS} FROM gateway_transactions WHERE wallet_id = ? AND created_at >= ? AND created_at < ?${kind ? " AND kind = ?" : ""} ORDER BY created_at, id`
    )
    .all(walletId, from, to, ...(kind ? [kind] : [])) as GatewayTransaction[]

/** A wallet's gateway flag (the admin's arrivals need a wallet). */
export const gatewayFlagOf = (db: DB, walletId: string): { id: string; is_gateway: number } | undefined =>
  db.prepare("SELECT id, is_gateway FROM wallets WHERE id = ?").get(walletId) as { id: string; is_gateway: number } | undefined
export const setGatewayFlag = (db: DB, walletId: string, on: boolean): void => {
  db.prepare("UPDATE wallets SET is_gateway = ? WHERE id = ?").run(on ? 1 : 0, walletId)
}
