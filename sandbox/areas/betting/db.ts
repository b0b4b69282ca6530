/**
 * The sandbox's storage and sports-betting tables (spec features §3 storage file, betting report,
 * GGR, apportionment; D-uploads-contract, D-betting-contract): multipart uploads with their parts
 * (bytes in SQLite), assembled files (with an `assembled` counter: the exactly-once proof the admin
 * view shows), daily reports, monthly GGR, apportionments and their payments.
 */
import type Database from "better-sqlite3"

type DB = Database.Database

export const createBettingTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS storage_uploads (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, user_id TEXT NOT NULL, file_id TEXT NOT NULL, name TEXT NOT NULL,
  content_type TEXT NOT NULL, size INTEGER NOT NULL, purpose TEXT NOT NULL, part_size INTEGER NOT NULL, parts_count INTEGER NOT NULL,
  status TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS storage_parts (
  upload_id TEXT NOT NULL, part_number INTEGER NOT NULL, size INTEGER NOT NULL, etag TEXT NOT NULL, bytes BLOB NOT NULL,
  PRIMARY KEY (upload_id, part_number)
);
CREATE TABLE IF NOT EXISTS storage_files (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, upload_id TEXT, name TEXT NOT NULL, content_type TEXT NOT NULL, size INTEGER NOT NULL,
  purpose TEXT NOT NULL, state TEXT NOT NULL, sha256 TEXT, bytes BLOB, assembled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS storage_files_wallet ON storage_files (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS endr_settings (wallet_id TEXT PRIMARY KEY, correction_business_day INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS endr_reports (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, report_date TEXT NOT NULL, file_id TEXT NOT NULL, file_name TEXT NOT NULL, size INTEGER NOT NULL,
  status TEXT NOT NULL, failure_reason TEXT, failure_detail TEXT, bets INTEGER NOT NULL DEFAULT 0, changes INTEGER NOT NULL DEFAULT 0,
  deadline TEXT NOT NULL, transaction_uuid TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS endr_reports_wallet ON endr_reports (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS endr_ggr (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, month INTEGER NOT NULL, year INTEGER NOT NULL, total_value INTEGER NOT NULL,
  changes INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE (wallet_id, year, month)
);
CREATE TABLE IF NOT EXISTS endr_apportionments (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, ggr_id TEXT NOT NULL, month INTEGER NOT NULL, year INTEGER NOT NULL,
  calculation_date TEXT NOT NULL, ggr_value INTEGER NOT NULL, total_value INTEGER NOT NULL, beneficiaries TEXT NOT NULL,
  status TEXT NOT NULL, brcode TEXT NOT NULL, paid_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS endr_payments (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, apportionment_id TEXT NOT NULL, month INTEGER NOT NULL, year INTEGER NOT NULL,
  amount INTEGER NOT NULL, transaction_uuid TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
`)
}

export interface UploadRow {
  id: string
  wallet_id: string
  user_id: string
  file_id: string
  name: string
  content_type: string
  size: number
  purpose: string
  part_size: number
  parts_count: number
  status: "open" | "completed" | "aborted"
  created_at: string
  updated_at: string
}
export interface FileRow {
  id: string
  wallet_id: string
  upload_id: string | null
  name: string
  content_type: string
  size: number
  purpose: string
  state: string
  sha256: string | null
  assembled: number
  created_at: string
  updated_at: string
}
export interface ReportRow {
  id: string
  wallet_id: string
  report_date: string
  file_id: string
  file_name: string
  size: number
  status: "in_progress" | "completed" | "failure" | "cancelled"
  failure_reason: string | null
  failure_detail: string | null
  bets: number
  changes: number
  deadline: string
  transaction_uuid: string
  created_at: string
  updated_at: string
}
export interface GgrRow {
  id: string
  wallet_id: string
  month: number
  year: number
  total_value: number
  changes: number
  created_at: string
  updated_at: string
}
export interface ApportionmentRow {
  id: string
  wallet_id: string
  ggr_id: string
  month: number
  year: number
  calculation_date: string
  ggr_value: number
  total_value: number
  beneficiaries: string
  status: "pending" | "paid"
  brcode: string
  paid_at: string | null
  created_at: string
  updated_at: string
}
export interface PaymentRow {
  id: string
  wallet_id: string
  apportionment_id: string
  month: number
  year: number
  amount: number
  transaction_uuid: string
  created_at: string
  updated_at: string
}

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

/** The operator's correction day, when set (else the rule's default, the route's). */
export const correctionDayOf = (db: DB, walletId: string): number | undefined =>
  (db.prepare("SELECT correction_business_day AS n FROM endr_settings WHERE wallet_id = ?").get(walletId) as { n: number } | undefined)?.n

export const reportById = (db: DB, id: string): ReportRow | undefined => db.prepare("SELECT * FROM endr_reports WHERE id = ?").get(id) as ReportRow | undefined
/** Writes a report's changed fields and its updated_at. */
export const updateReport = (db: DB, id: string, patch: Partial<ReportRow>, at: string): void => {
  const cols = Object.keys(patch)
  db.prepare(`UPDATE endr_reports SET ${cols.map((c) => `${c} = @${c}`).join(", ")}, updated_at = @updated_at WHERE id = @id`).run({
    ...patch,
    updated_at: at,
    id
  })
}
/** Whether a file already is a report that stands. */
export const isFileReported = (db: DB, fileId: string): boolean =>
  db.prepare("SELECT 1 FROM endr_reports WHERE file_id = ? AND status != 'cancelled'").get(fileId) !== undefined
/** The report of a day that stands (in progress or completed), the newest. */
export const activeReportOf = (db: DB, walletId: string, reportDate: string): ReportRow | undefined =>
  db
    .prepare("SELECT * FROM endr_reports WHERE wallet_id = ? AND report_date = ? AND status IN ('in_progress', 'completed') ORDER BY created_at DESC")
    .get(walletId, reportDate) as ReportRow | undefined
export const insertReport = (
  db: DB,
  r: {
    id: string
    walletId: string
    reportDate: string
    fileId: string
    fileName: string
    size: number
    changes: number
    deadline: string
    txKey: string | null
    at: string
  }
): void => {
  db.prepare(
    `INSERT INTO endr_reports (id, wallet_id, report_date, file_id, file_name, size, status, failure_reason, failure_detail, bets, changes, deadline, transaction_uuid, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, 'in_progress', NULL, NULL, 0, ?, ?, ?, ?, ?)`
  ).run(r.id, r.walletId, r.reportDate, r.fileId, r.fileName, r.size, r.changes, r.deadline, r.txKey, r.at, r.at)
}

export const ggrById = (db: DB, id: string): GgrRow | undefined => db.prepare("SELECT * FROM endr_ggr WHERE id = ?").get(id) as GgrRow | undefined
export const isGgrSent = (db: DB, walletId: string, year: number, month: number): boolean =>
  db.prepare("SELECT 1 FROM endr_ggr WHERE wallet_id = ? AND year = ? AND month = ?").get(walletId, year, month) !== undefined
export const insertGgr = (db: DB, g: { id: string; walletId: string; month: number; year: number; totalValue: number; at: string }): void => {
  db.prepare("INSERT INTO endr_ggr (id, wallet_id, month, year, total_value, changes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)").run(
    g.id,
    g.walletId,
    g.month,
    g.year,
    g.totalValue,
    g.at,
    g.at
  )
}
/** A GGR's value changed (once, features §5). */
export const changeGgrValue = (db: DB, id: string, totalValue: number, at: string): void => {
  db.prepare("UPDATE endr_ggr SET total_value = ?, changes = changes + 1, updated_at = ? WHERE id = ?").run(totalValue, at, id)
}
/** A GGR removed with its apportionment, if any. */
export const deleteGgr = (db: DB, id: string, apportionmentId: string | undefined): void => {
  db.prepare("DELETE FROM endr_ggr WHERE id = ?").run(id)
  if (apportionmentId !== undefined) db.prepare("DELETE FROM endr_apportionments WHERE id = ?").run(apportionmentId)
}

export const apportionmentById = (db: DB, id: string): ApportionmentRow | undefined =>
  db.prepare("SELECT * FROM endr_apportionments WHERE id = ?").get(id) as ApportionmentRow | undefined
export const apportionmentOfGgrId = (db: DB, ggrId: string): ApportionmentRow | undefined =>
  db.prepare("SELECT * FROM endr_apportionments WHERE ggr_id = ?").get(ggrId) as ApportionmentRow | undefined
export const updateApportionment = (
  db: DB,
  id: string,
  a: { ggrValue: number; total: number; beneficiaries: string; calc: string; brcode: string; at: string }
): void => {
  db.prepare(
    "UPDATE endr_apportionments SET ggr_value = ?, total_value = ?, beneficiaries = ?, calculation_date = ?, brcode = ?, updated_at = ? WHERE id = ?"
  ).run(a.ggrValue, a.total, a.beneficiaries, a.calc, a.brcode, a.at, id)
}
export const insertApportionment = (
  db: DB,
  a: {
    id: string
    walletId: string
    ggrId: string
    month: number
    year: number
    calc: string
    ggrValue: number
    total: number
    beneficiaries: string
    brcode: string
    at: string
  }
): void => {
  db.prepare(
    `INSERT INTO endr_apportionments (id, wallet_id, ggr_id, month, year, calculation_date, ggr_value, total_value, beneficiaries, status, brcode, paid_at, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, NULL, ?, ?)`
  ).run(a.id, a.walletId, a.ggrId, a.month, a.year, a.calc, a.ggrValue, a.total, a.beneficiaries, a.brcode, a.at, a.at)
}
/** An apportionment paid: its status, and the payment with its transaction-uuid. */
export const payApportionment = (db: DB, a: ApportionmentRow, paymentId: string, txKey: string | null, at: string): void => {
  db.prepare("UPDATE endr_apportionments SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ?").run(at, at, a.id)
  db.prepare(
    "INSERT INTO endr_payments (id, wallet_id, apportionment_id, month, year, amount, transaction_uuid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
  ).run(paymentId, a.wallet_id, a.id, a.month, a.year, a.total_value, txKey, at, at)
}
export const bettingPaymentById = (db: DB, id: string): PaymentRow => db.prepare("SELECT * FROM endr_payments WHERE id = ?").get(id) as PaymentRow
