/**
 * The Pix statement's SQL beside its routes (issue 29 item 7): the export jobs' table and statements, and one day's Pix
 * rows (the statement's rows as sandbox/areas/pix-statement/rows.ts selects them).
 */
import type { DB } from "../../db.ts"
import { PIX_STATEMENT_SELECT, PIX_STATEMENT_WHERE } from "./rows.ts"
import type { PixStatementRow } from "../../../schema/tables/pix-statement.ts"

export const createPixStatementExportTables = (db: DB): void => {
  db.exec(`CREATE TABLE IF NOT EXISTS pix_statement_exports (
    id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, user_id TEXT NOT NULL, status TEXT NOT NULL, date TEXT NOT NULL,
    rows INTEGER NOT NULL DEFAULT 0, csv TEXT, started_ms INTEGER NOT NULL, duration_ms INTEGER NOT NULL, created_at TEXT NOT NULL, finished_at TEXT
  )`)
}

/** The export of one day (features §5: the current day only), a job with status. */
export interface PixStatementExportRow {
  id: string
  wallet_id: string
  status: "in_progress" | "completed" | "failure"
  date: string
  rows: number
  csv: string | null
  started_ms: number
  duration_ms: number
  created_at: string
  finished_at: string | null
}
export const pixStatementExportById = (db: DB, id: string): PixStatementExportRow | undefined =>
  db.prepare("SELECT * FROM pix_statement_exports WHERE id = ?").get(id) as PixStatementExportRow | undefined
export const insertPixStatementExport = (
  db: DB,
  e: { id: string; walletId: string; userId: string; date: string; startedMs: number; durationMs: number; at: string }
): void => {
  db.prepare(
    "INSERT INTO pix_statement_exports (id, wallet_id, user_id, status, date, started_ms, duration_ms, created_at) VALUES (?, ?, ?, 'in_progress', ?, ?, ?, ?)"
  ).run(e.id, e.walletId, e.userId, e.date, e.startedMs, e.durationMs, e.at)
}
export const completePixStatementExport = (db: DB, id: string, rows: number, csv: string, at: string): void => {
  db.prepare("UPDATE pix_statement_exports SET status = 'completed', rows = ?, csv = ?, finished_at = ? WHERE id = ?").run(rows, csv, at, id)
}

/** A wallet's Pix rows created in [from, to), oldest first (the export's rows). */
export const pixRowsBetween = (db: DB, walletId: string, from: string, to: string): PixStatementRow[] =>
  db
    .prepare(
      `SELECT ${PIX_STATEMENT_SELECT} FROM statements WHERE wallet_id = ? AND ${PIX_STATEMENT_WHERE} AND created_at >= ? AND created_at < ? ORDER BY created_at, id`
    )
    .all(walletId, from, to) as PixStatementRow[]
