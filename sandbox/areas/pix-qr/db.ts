/**
 * The sandbox's Pix QR codes to receive (spec features §2 my-qr-codes, receive; §3 "Pix QR code types";
 * issue 12): one row per code a wallet made — static (key, optional amount, description, txid) or dynamic
 * instant billing whose payload lives here, found by the id at the end of the URL inside the code — with
 * its copy-and-paste text, status (active, paid, expired on the sandbox clock) and who paid it.
 */
import type Database from "better-sqlite3"
import type { PixQrCode, PixQrKind, PixQrStatus } from "../../../schema/pix-qr.ts"
import { encodePixCopyPaste } from "../../../schema/validation.ts"
import { dueChargeOf, type PixCashAgent, type PixDueTerms } from "../../../schema/pix-qr-terms.ts"
import { spDateKey } from "../../time.ts"

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
  // D-pix-qr-variants: the terms of due-date billing, withdrawal and change (JSON), added to a store made before them
  const cols = (db.prepare("PRAGMA table_info(pix_qr_codes)").all() as Array<{ name: string }>).map((c) => c.name)
  if (!cols.includes("terms_json")) db.exec("ALTER TABLE pix_qr_codes ADD COLUMN terms_json TEXT")
}

/** What `terms_json` holds: the due-date terms, or the cash and agent of a withdrawal or change code. */
export interface PixQrTerms {
  readonly due?: PixDueTerms
  readonly cash?: number
  readonly agent?: PixCashAgent
}
export const termsOf = (r: PixQrRow): PixQrTerms => (r.terms_json === null || r.terms_json === undefined ? {} : (JSON.parse(r.terms_json) as PixQrTerms))

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
  /** D-pix-qr-variants: PixQrTerms as JSON; null for instant payment codes. */
  readonly terms_json: string | null
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

/**
 * features §4: paid once paid; a dynamic code past its expiry is expired (sandbox clock); a due-date billing is
 * expired once the days after its due date are over (São Paulo day; D-pix-qr-variants).
 */
export const qrStatus = (r: PixQrRow, nowMs: number): PixQrStatus => {
  if (r.paid > 0) return "paid"
  if (r.expires_at !== null && Date.parse(r.expires_at) <= nowMs) return "expired"
  const due = termsOf(r).due
  if (due !== undefined && !dueChargeOf(r.amount ?? 0, due, spDateKey(nowMs)).payable) return "expired"
  return "active"
}

export const toQrCode = (r: PixQrRow, nowMs: number): PixQrCode => {
  const t = termsOf(r)
  return {
    id: r.id,
    kind: r.kind,
    key: r.key,
    amount: r.amount,
    description: r.description,
    txid: r.txid,
    emv: r.emv,
    status: qrStatus(r, nowMs),
    expires_at: r.expires_at,
    paid_at: r.paid_at,
    paid_amount: r.paid_amount,
    payer_name: r.payer_name,
    due: t.due ?? null,
    cash: t.cash ?? null,
    agent: t.agent ?? null,
    request_id: r.request_id,
    created_at: r.created_at,
    updated_at: r.updated_at
  }
}

/**
 * What a staged payment keeps beside its order for the execution after the last approval (features §6;
 * D-pix-by-account, D-pix-staged-code): the wallet an account resolved to, a code's txid, the code it pays.
 * Stored in the request's payment_json, never shown by the contract (repo.paymentOrderOf strips it).
 */
export interface PixSettleExtra {
  readonly credit_wallet_id?: string | null
  readonly txid?: string | null
  readonly qr_code_id?: string | null
}

/**
 * A code's txid and copy-and-paste text, the one rule for made and seeded codes (D-pix-qr, D-pix-qr-variants): a typed
 * txid, else a dynamic code's id, a static withdrawal's own `SAQUE…` (so its text never equals a payment code's), or
 * `***`; a dynamic code carries its payload URL, a static one its key, message and txid; a due-date billing no amount
 * (the day's amount is its payload's).
 */
export const qrTextOf = (c: {
  id: string
  kind: PixQrKind
  key: string
  amount: number | null
  description: string
  txid: string
  holder: string
}): { txid: string; emv: string } => {
  const dynamic = c.kind.startsWith("dynamic_")
  const txid = c.txid !== "" ? c.txid : dynamic ? c.id.slice(0, 25) : c.kind === "static_withdrawal" ? `SAQUE${c.id.slice(0, 20)}` : "***"
  const emv = encodePixCopyPaste({
    ...(dynamic ? { url: DYNAMIC_QR_HOST + c.id } : { key: c.key }),
    ...(c.amount !== null && c.kind !== "dynamic_due" ? { amountCents: c.amount } : {}),
    ...(!dynamic && c.description !== "" ? { description: c.description } : {}),
    ...(!dynamic && txid !== "***" ? { txid } : {}),
    merchantName: c.holder,
    merchantCity: "SAO PAULO"
  })
  return { txid, emv }
}

export const insertQrRow = (db: DB, row: PixQrRow): void => {
  db.prepare(
    `INSERT INTO pix_qr_codes (id, wallet_id, kind, key, amount, description, txid, emv, paid, expires_at, paid_at, paid_amount, payer_name, request_id, terms_json, created_at, updated_at)
    VALUES (@id, @wallet_id, @kind, @key, @amount, @description, @txid, @emv, @paid, @expires_at, @paid_at, @paid_amount, @payer_name, @request_id, @terms_json, @created_at, @updated_at)`
  ).run(row)
}

/**
 * Seeded codes (issue 12 "Seed: … QR codes"): one of each kind of §3 on Bruno's matrix, for his e-mail key, made
 * over the last days — a static code Ana paid, a static withdrawal, an expired instant billing, a due-date billing
 * with fine, interest and discount, a withdrawal and a change code — so my-qr-codes and the pay page show them all.
 */
export const seedPixQrCodes = (db: DB, nowMs: number): void => {
  const bruno = db
    .prepare(
      "SELECT w.id AS wallet_id, u.full_name, k.key FROM users u JOIN wallets w ON w.owner_id = u.id AND w.is_default = 1 JOIN pix_keys k ON k.wallet_id = w.id AND k.key_type = 'email' WHERE u.email = 'bruno@example.com'"
    )
    .get() as { wallet_id: string; full_name: string; key: string } | undefined
  const ana = db.prepare("SELECT full_name FROM users WHERE email = 'ana@example.com'").get() as { full_name: string } | undefined
  if (bruno === undefined) return
  const day = (n: number): string => spDateKey(nowMs + n * 86_400_000)
  const at = (hoursAgo: number): string => new Date(nowMs - hoursAgo * 3_600_000).toISOString()
  const codes: Array<{
    kind: PixQrKind
    amount: number | null
    description: string
    hoursAgo: number
    terms?: PixQrTerms
    expiresIn?: number
    paid?: boolean
  }> = [
    { kind: "static", amount: 2_500, description: "Cafe e pao de queijo", hoursAgo: 96, paid: true },
    { kind: "static_withdrawal", amount: 10_000, description: "Saque no caixa", hoursAgo: 72, terms: { cash: 10_000, agent: "AGTEC" } },
    { kind: "dynamic_instant", amount: 8_990, description: "Pedido 1042", hoursAgo: 50, expiresIn: 3_600 },
    {
      kind: "dynamic_due",
      amount: 125_000,
      description: "Mensalidade dezembro",
      hoursAgo: 30,
      terms: { due: { due_date: day(10), days_after_due: 30, fine_bp: 200, interest_bp_month: 100, discount: 5_000, discount_until: day(5) } }
    },
    { kind: "dynamic_withdrawal", amount: 20_000, description: "", hoursAgo: 2, expiresIn: 86_400, terms: { cash: 20_000, agent: "AGTEC" } },
    { kind: "dynamic_change", amount: 9_500, description: "Compra com troco", hoursAgo: 1, expiresIn: 86_400, terms: { cash: 5_000, agent: "AGTEC" } }
  ]
  db.transaction(() => {
    for (const [i, c] of codes.entries()) {
      const id = `5eed${String(i).padStart(2, "0")}${bruno.wallet_id.replaceAll("-", "").slice(0, 26)}`
      const { txid, emv } = qrTextOf({ id, kind: c.kind, key: bruno.key, amount: c.amount, description: c.description, txid: "", holder: bruno.full_name })
      const created = at(c.hoursAgo)
      const paidAt = c.paid === true ? at(c.hoursAgo - 1) : null
      insertQrRow(db, {
        id,
        wallet_id: bruno.wallet_id,
        kind: c.kind,
        key: bruno.key,
        amount: c.amount,
        description: c.description,
        txid,
        emv,
        paid: c.paid === true ? 1 : 0,
        expires_at: c.expiresIn !== undefined ? new Date(Date.parse(created) + c.expiresIn * 1000).toISOString() : null,
        paid_at: paidAt,
        paid_amount: c.paid === true ? c.amount : null,
        payer_name: c.paid === true ? (ana?.full_name ?? null) : null,
        request_id: null,
        terms_json: c.terms === undefined ? null : JSON.stringify(c.terms),
        created_at: created,
        updated_at: paidAt ?? created
      })
    }
  })()
}

// ── the routes' reads (issue 29 item 7) ──────────────────────────────────────

/** A wallet's QR codes, newest first. */
export const qrRowsOf = (db: DB, walletId: string): PixQrRow[] =>
  db.prepare("SELECT * FROM pix_qr_codes WHERE wallet_id = ? ORDER BY created_at DESC, id").all(walletId) as PixQrRow[]

/** A dynamic code's payload by its id (the payload URL's last part). */
export const dynamicQrById = (db: DB, id: string): PixQrRow | null =>
  (db.prepare("SELECT * FROM pix_qr_codes WHERE id = ? AND kind LIKE 'dynamic_%'").get(id) as PixQrRow | undefined) ?? null

/** A static code the sandbox made, by its text. */
export const staticQrByEmv = (db: DB, emv: string): PixQrRow | null =>
  (db.prepare("SELECT * FROM pix_qr_codes WHERE emv = ? AND kind IN ('static', 'static_withdrawal')").get(emv) as PixQrRow | undefined) ?? null

/** The key when it is one of the wallet's, registered (not waiting for its code). */
export const ownAddedKey = (db: DB, walletId: string, key: string): { key: string } | undefined =>
  db.prepare("SELECT key FROM pix_keys WHERE wallet_id = ? AND key = ? AND status = 'added'").get(walletId, key) as { key: string } | undefined
