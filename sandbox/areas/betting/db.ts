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
