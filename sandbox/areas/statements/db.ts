/**
 * The statements area's SQL (spec features §2, §4, §7 "Statements and receipts"; issue 29 item 7: the area's statements
 * beside its routes, docs/decisions.md D-sandbox-by-area): the ledger's sums (D-ledger-reconcile), one row, the export
 * jobs and their files, receipts. The tables are created by sandbox/db.ts; the paged statement is sandbox/repo.ts
 * `paginateJson`.
 */
import type { DB } from "../../db.ts"
import { STATEMENT_COLUMNS } from "../../repo.ts"
import type { CurrencySymbol } from "../../../schema/common.ts"
import type { StatementEntry } from "../../../schema/entities.ts"

/** A point of the keyset order (updated_at, id). */
export interface KeysetPoint {
  readonly at: string
  readonly id: string
}

// ── the statement ──

/**
 * The ids of the first `limit` rows a list's filter keeps (its WHERE parts and parameters) after a keyset point, in the
 * keyset order (the statement_gap fault's lost page).
 */
export const firstIdsAfter = (db: DB, where: ReadonlyArray<string>, params: ReadonlyArray<unknown>, after: KeysetPoint | null, limit: number): string[] =>
  (
    db
      .prepare(`SELECT id FROM statements WHERE ${[...where, ...(after ? ["(updated_at, id) > (?, ?)"] : [])].join(" AND ")} ORDER BY updated_at, id LIMIT ?`)
      .all(...params, ...(after ? [after.at, after.id] : []), limit) as Array<{ id: string }>
  ).map((r) => r.id)

/** Per currency, the rows of a wallet's keyset range `after` < (updated_at, id) ≤ `upto` and their completed credits and debits. */
export const rangeSums = (
  db: DB,
  walletId: string,
  after: KeysetPoint | null,
  upto: KeysetPoint | null
): Array<{ c: string; n: number; cr: number; db: number }> => {
  const range: string[] = ["wallet_id = ?"]
  const rp: unknown[] = [walletId]
  if (after) {
    range.push("(updated_at, id) > (?, ?)")
    rp.push(after.at, after.id)
  }
  if (upto) {
    range.push("(updated_at, id) <= (?, ?)")
    rp.push(upto.at, upto.id)
  }
  return db
    .prepare(
      `SELECT currency_symbol AS c, count(*) AS n,
                COALESCE(SUM(CASE WHEN status = 'completed' AND direction = 'in' THEN amount ELSE 0 END), 0) AS cr,
                COALESCE(SUM(CASE WHEN status = 'completed' AND direction = 'out' THEN amount ELSE 0 END), 0) AS db
         FROM statements WHERE ${range.join(" AND ")} GROUP BY currency_symbol`
    )
    .all(...rp) as Array<{ c: string; n: number; cr: number; db: number }>
}

/** A wallet's last row in the keyset order, if any. */
export const lastStatementKey = (db: DB, walletId: string): { updated_at: string; id: string } | undefined =>
  db.prepare("SELECT updated_at, id FROM statements WHERE wallet_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1").get(walletId) as
    { updated_at: string; id: string } | undefined

/** A row's completed movement: its amount, signed by its direction. */
const NET = "COALESCE(SUM(CASE WHEN status = 'completed' THEN (CASE WHEN direction = 'in' THEN amount ELSE -amount END) ELSE 0 END), 0)"

/** Per currency, the net of a wallet's completed movements. */
export const netByCurrency = (db: DB, walletId: string): Array<{ c: string; net: number }> =>
  db.prepare(`SELECT currency_symbol AS c, ${NET} AS net FROM statements WHERE wallet_id = ? GROUP BY currency_symbol`).all(walletId) as Array<{
    c: string
    net: number
  }>

/** Per currency, the net of a wallet's completed movements up to a keyset point (included). */
export const netByCurrencyUpto = (db: DB, walletId: string, upto: KeysetPoint): Array<{ c: string; net: number }> =>
  db
    .prepare(`SELECT currency_symbol AS c, ${NET} AS net FROM statements WHERE wallet_id = ? AND (updated_at, id) <= (?, ?) GROUP BY currency_symbol`)
    .all(walletId, upto.at, upto.id) as Array<{ c: string; net: number }>

/** A wallet's accounts' balances, in currency order. */
export const balancesOf = (db: DB, walletId: string): Array<{ c: CurrencySymbol; balance: number }> =>
  db.prepare("SELECT currency_symbol AS c, balance FROM wallet_accounts WHERE wallet_id = ? ORDER BY currency_id").all(walletId) as Array<{
    c: CurrencySymbol
    balance: number
  }>

/** A wallet's statement row by id. */
export const statementById = (db: DB, id: string, walletId: string): StatementEntry | undefined =>
  db.prepare(`SELECT ${STATEMENT_COLUMNS} FROM statements WHERE id = ? AND wallet_id = ?`).get(id, walletId) as StatementEntry | undefined

/** A wallet's rows created in [from, to) (ISO instants), oldest first. */
export const statementsBetween = (db: DB, walletId: string, from: string, to: string): StatementEntry[] =>
  db
    .prepare(`SELECT ${STATEMENT_COLUMNS} FROM statements WHERE wallet_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id`)
    .all(walletId, from, to) as StatementEntry[]

/** A wallet's movement of an operation: its incoming row first, then the oldest. */
export const entryOfOperation = (db: DB, walletId: string, operationId: string): StatementEntry | undefined =>
  db
    .prepare(`SELECT ${STATEMENT_COLUMNS} FROM statements WHERE wallet_id = ? AND operation_id = ? ORDER BY direction DESC, created_at LIMIT 1`)
    .get(walletId, operationId) as StatementEntry | undefined

// ── export jobs ──

export interface ExportRow {
  id: string
  wallet_id: string
  user_id: string
  status: "in_progress" | "completed" | "failure"
  format: "csv" | "pdf"
  start_date: string
  end_date: string
  file_id: string | null
  rows: number
  day: string
  started_ms: number
  duration_ms: number
  created_at: string
}

export const exportById = (db: DB, id: string): ExportRow | undefined => db.prepare("SELECT * FROM exports WHERE id = ?").get(id) as ExportRow | undefined

/** The jobs still running. */
export const exportsInProgress = (db: DB): Array<{ id: string }> =>
  db.prepare("SELECT id FROM exports WHERE status = 'in_progress'").all() as Array<{ id: string }>

/** How many jobs a wallet started on a São Paulo day. */
export const exportsOnDay = (db: DB, walletId: string, day: string): number =>
  (db.prepare("SELECT count(*) AS n FROM exports WHERE wallet_id = ? AND day = ?").get(walletId, day) as { n: number }).n

/** A new job, in progress from `startedMs` (real time) for `durationMs`. */
export const insertExport = (
  db: DB,
  e: { id: string; walletId: string; userId: string; format: string; start: string; end: string; day: string; startedMs: number; durationMs: number },
  at: string
): void => {
  db.prepare(
    "INSERT INTO exports (id, wallet_id, user_id, status, format, start_date, end_date, file_id, rows, day, started_ms, duration_ms, created_at) VALUES (?, ?, ?, 'in_progress', ?, ?, ?, NULL, 0, ?, ?, ?, ?)"
  ).run(e.id, e.walletId, e.userId, e.format, e.start, e.end, e.day, e.startedMs, e.durationMs, at)
}

export const completeExport = (db: DB, id: string, fileId: string, rows: number): void => {
  db.prepare("UPDATE exports SET status = 'completed', file_id = ?, rows = ? WHERE id = ?").run(fileId, rows, id)
}

// ── files and receipts ──

/** A READY file of a wallet. */
export const insertFile = (db: DB, id: string, walletId: string, name: string, mime: string, content: Buffer, at: string): void => {
  db.prepare("INSERT INTO files (id, wallet_id, name, mime, state, content, created_at) VALUES (?, ?, ?, ?, 'READY', ?, ?)").run(
    id,
    walletId,
    name,
    mime,
    content,
    at
  )
}

/** A READY file of a wallet (a receipt's HTML, a boleto's PDF): its signed link is this area's download. */
export const insertReadyFile = (db: DB, f: { id: string; walletId: string; name: string; mime: string; content: Buffer; at: string }): void => {
  db.prepare("INSERT INTO files (id, wallet_id, name, mime, state, content, created_at) VALUES (?, ?, ?, ?, 'READY', ?, ?)").run(
    f.id,
    f.walletId,
    f.name,
    f.mime,
    f.content,
    f.at
  )
}

/** A wallet's file's state. */
export const fileStateOf = (db: DB, id: string, walletId: string): { id: string; state: "READY" | "PENDING" } | undefined =>
  db.prepare("SELECT id, state FROM files WHERE id = ? AND wallet_id = ?").get(id, walletId) as { id: string; state: "READY" | "PENDING" } | undefined

/** A file to download: its name, type and bytes. */
export const fileDownloadOf = (db: DB, id: string): { name: string; mime: string; content: Buffer } | undefined =>
  db.prepare("SELECT name, mime, content FROM files WHERE id = ?").get(id) as { name: string; mime: string; content: Buffer } | undefined

export const fileContentOf = (db: DB, id: string): { content: Buffer } => db.prepare("SELECT content FROM files WHERE id = ?").get(id) as { content: Buffer }

/** A wallet's receipt of an operation: its file and when it reads as ready (real time). */
export const receiptRowOf = (db: DB, walletId: string, operationId: string): { file_id: string; ready_ms: number } | undefined =>
  db.prepare("SELECT file_id, ready_ms FROM receipts WHERE wallet_id = ? AND operation_id = ?").get(walletId, operationId) as
    { file_id: string; ready_ms: number } | undefined

export const insertReceipt = (db: DB, operationId: string, walletId: string, fileId: string, readyMs: number, at: string): void => {
  db.prepare("INSERT INTO receipts (operation_id, wallet_id, file_id, ready_ms, created_at) VALUES (?, ?, ?, ?, ?)").run(
    operationId,
    walletId,
    fileId,
    readyMs,
    at
  )
}

/** Whether a wallet's receipt of an operation was generated. */
export const hasReceipt = (db: DB, walletId: string, operationId: string): boolean =>
  db.prepare("SELECT 1 FROM receipts WHERE wallet_id = ? AND operation_id = ?").get(walletId, operationId) !== undefined
