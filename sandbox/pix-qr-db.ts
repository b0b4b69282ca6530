/**
 * The sandbox's Pix QR codes to receive (spec features §2 my-qr-codes, receive; §3 "Pix QR code types";
 * issue 12): one row per code a wallet made — static (key, optional amount, description, txid) or dynamic
 * instant billing whose payload lives here, found by the id at the end of the URL inside the code — with
 * its copy-and-paste text, status (active, paid, expired on the sandbox clock) and who paid it.
 */
import type Database from "better-sqlite3"
import type { PixQrCode, PixQrKind, PixQrStatus } from "../schema/pix-qr.ts"

type DB = Database.Database

export const createPixQrTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_qr_codes (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  amount INTEGER,
  description TEXT NOT NULL,
  txid TEXT NOT NULL,
  emv TEXT NOT NULL,
  paid INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT,
  paid_at TEXT,
  paid_amount INTEGER,
  payer_name TEXT,
  request_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_qr_codes_wallet ON pix_qr_codes (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS pix_qr_codes_emv ON pix_qr_codes (emv);
`)
}

export interface PixQrRow {
  readonly id: string
  readonly wallet_id: string
  readonly kind: PixQrKind
  readonly key: string
  readonly amount: number | null
  readonly description: string
  readonly txid: string
  readonly emv: string
  readonly paid: number
  readonly expires_at: string | null
  readonly paid_at: string | null
  readonly paid_amount: number | null
  readonly payer_name: string | null
  readonly request_id: string | null
  readonly created_at: string
  readonly updated_at: string
}

/** Where dynamic codes' payloads live (no scheme, as the BCB manual writes 26.25); the id follows. */
export const DYNAMIC_QR_HOST = "qr.carteira.sandbox/pix/v2/"

/** The QR code a dynamic URL names, if it is one of ours. */
export const qrIdOfUrl = (url: string): string | null => {
  const m = /^(?:https?:\/\/)?qr\.carteira\.sandbox\/pix\/v2\/([A-Za-z0-9]{1,40})$/.exec(url.trim())
  return m?.[1] ?? null
}

/** features §4: paid once paid; a dynamic code past its expiry is expired (sandbox clock). */
export const qrStatus = (r: PixQrRow, nowMs: number): PixQrStatus =>
  r.paid > 0 ? "paid" : r.expires_at !== null && Date.parse(r.expires_at) <= nowMs ? "expired" : "active"

export const toQrCode = (r: PixQrRow, nowMs: number): PixQrCode => ({
  id: r.id, kind: r.kind, key: r.key, amount: r.amount, description: r.description, txid: r.txid, emv: r.emv,
  status: qrStatus(r, nowMs), expires_at: r.expires_at, paid_at: r.paid_at, paid_amount: r.paid_amount,
  payer_name: r.payer_name, request_id: r.request_id, created_at: r.created_at, updated_at: r.updated_at
})
