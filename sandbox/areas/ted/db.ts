/**
 * The sandbox's TED tables and accounts (spec features §2 TED, §3 "TED and banks"; issue 14;
 * D-ted-*): sent and scheduled TEDs (ted_transfers), saved contacts (ted_contacts), and the account
 * of each wallet at the sandbox's own bank (999, agency 0001): an 8-digit number and its check digit
 * derived from the wallet id, so a TED to it reaches that wallet.
 */
import { createHash } from "node:crypto"
import type { DB } from "../../db.ts"
import type { TedAccountType, TedContact, TedStatus, TedTransfer } from "../../../schema/ted.ts"
import { SANDBOX_AGENCY, SANDBOX_BANK } from "../../../schema/banks.ts"
import type { BankingAccount } from "../../../schema/entities.ts"

export const createTedTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS ted_transfers (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  status TEXT NOT NULL,
  bank_code TEXT NOT NULL, bank_name TEXT NOT NULL, ispb TEXT NOT NULL,
  agency TEXT NOT NULL, account TEXT NOT NULL, digit TEXT NOT NULL, account_type TEXT NOT NULL,
  document TEXT NOT NULL, name TEXT NOT NULL,
  amount INTEGER NOT NULL,
  description TEXT NOT NULL,
  scheduled_for TEXT,
  executed_at TEXT,
  failure_reason TEXT,
  operation_id TEXT,
  transaction_uuid TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ted_transfers_wallet ON ted_transfers (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS ted_transfers_due ON ted_transfers (status, scheduled_for);
CREATE TABLE IF NOT EXISTS ted_contacts (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  bank_code TEXT NOT NULL, bank_name TEXT NOT NULL, ispb TEXT NOT NULL,
  agency TEXT NOT NULL, account TEXT NOT NULL, digit TEXT NOT NULL, account_type TEXT NOT NULL,
  document TEXT NOT NULL, name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (wallet_id, bank_code, agency, account, digit)
);
`)
}

export interface TransferRow {
  readonly id: string
  readonly wallet_id: string
  readonly status: TedStatus
  readonly bank_code: string
  readonly bank_name: string
  readonly ispb: string
  readonly agency: string
  readonly account: string
  readonly digit: string
  readonly account_type: TedAccountType
  readonly document: string
  readonly name: string
  readonly amount: number
  readonly description: string
  readonly scheduled_for: string | null
  readonly executed_at: string | null
  readonly failure_reason: string | null
  readonly operation_id: string | null
  readonly transaction_uuid: string | null
  readonly created_at: string
  readonly updated_at: string
}
export type ContactRow = TedContact & { readonly wallet_id: string }

export const toTransfer = (r: TransferRow): TedTransfer => ({
  id: r.id,
  status: r.status,
  bank_code: r.bank_code,
  bank_name: r.bank_name,
  ispb: r.ispb,
  agency: r.agency,
  account: r.account,
  digit: r.digit,
  account_type: r.account_type,
  document: r.document,
  name: r.name,
  amount: r.amount,
  description: r.description,
  scheduled_for: r.scheduled_for,
  executed_at: r.executed_at,
  failure_reason: r.failure_reason,
  operation_id: r.operation_id,
  created_at: r.created_at,
  updated_at: r.updated_at
})
export const toContact = (r: ContactRow): TedContact => {
  const { wallet_id: _w, ...c } = r
  return c
}

/** A wallet's account at the sandbox bank (also answered by GET /users/users/banking/accounts). */
export const sandboxAccountOf = (walletId: string): BankingAccount => {
  const h = createHash("sha256").update(walletId).digest()
  let account = ""
  for (let i = 0; i < 8; i++) account += String((h[i] ?? 0) % 10)
  let sum = 0
  for (let i = 0; i < account.length; i++) sum += Number(account[i]) * (9 - i)
  return { bank_code: SANDBOX_BANK.code, bank_name: SANDBOX_BANK.name, agency: SANDBOX_AGENCY, account, digit: String(sum % 11 === 10 ? 0 : sum % 11) }
}

/** The wallet an account of the sandbox bank belongs to, if any (leading zeros of agency/account ignored). */
export const walletOfSandboxAccount = (db: DB, agency: string, account: string, digit: string): string | null => {
  const strip = (s: string): string => s.replace(/^0+/, "")
  if (strip(agency) !== strip(SANDBOX_AGENCY)) return null
  const ids = db.prepare("SELECT id FROM wallets").all() as Array<{ id: string }>
  for (const { id } of ids) {
    const a = sandboxAccountOf(id)
    if (strip(a.account) === strip(account) && a.digit === digit.toUpperCase()) return id
  }
  return null
}

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

export const transferById = (db: DB, id: string): TransferRow => db.prepare("SELECT * FROM ted_transfers WHERE id = ?").get(id) as TransferRow

/** The scheduled TEDs whose time has come (ISO instant `now`), oldest first. */
export const dueTransfers = (db: DB, now: string): TransferRow[] =>
  db.prepare("SELECT * FROM ted_transfers WHERE status = 'scheduled' AND scheduled_for <= ? ORDER BY created_at").all(now) as TransferRow[]

/** A scheduled TED run: confirmed with its operation, or failed with the refusal's key. */
export const finishScheduledTransfer = (db: DB, id: string, operationId: string | null, failure: string | null, at: string): void => {
  db.prepare(
    "UPDATE ted_transfers SET status = ?, operation_id = ?, executed_at = ?, failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'"
  ).run(failure === null ? "confirmed" : "failed", operationId, failure === null ? at : null, failure, at, id)
}

/** A wallet's TEDs, newest first. */
export const transfersOf = (db: DB, walletId: string): TransferRow[] =>
  db.prepare("SELECT * FROM ted_transfers WHERE wallet_id = ? ORDER BY created_at DESC").all(walletId) as TransferRow[]

/** A TED sent or scheduled (its named parameters: the row's columns but failure_reason). */
export const insertTransfer = (db: DB, row: Record<string, unknown>): void => {
  db.prepare(
    `INSERT INTO ted_transfers (id, wallet_id, status, bank_code, bank_name, ispb, agency, account, digit, account_type, document, name, amount, description,
      scheduled_for, executed_at, failure_reason, operation_id, transaction_uuid, created_at, updated_at)
      VALUES (@id, @wallet_id, @status, @bank_code, @bank_name, @ispb, @agency, @account, @digit, @account_type, @document, @name, @amount, @description,
      @scheduled_for, @executed_at, NULL, @operation_id, @transaction_uuid, @created_at, @updated_at)`
  ).run(row)
}

/** A wallet's TED contacts, by name. */
export const tedContactsOf = (db: DB, walletId: string): ContactRow[] =>
  db.prepare("SELECT * FROM ted_contacts WHERE wallet_id = ? ORDER BY name").all(walletId) as ContactRow[]

/** The wallet's contact for an account already saved, if any. */
export const tedContactIdOf = (db: DB, walletId: string, a: { bank_code: string; agency: string; account: string; digit: string }): string | undefined =>
  (
    db
      .prepare("SELECT id FROM ted_contacts WHERE wallet_id = ? AND bank_code = ? AND agency = ? AND account = ? AND digit = ?")
      .get(walletId, a.bank_code, a.agency, a.account, a.digit) as { id: string } | undefined
  )?.id

export const updateTedContact = (db: DB, id: string, c: { account_type: string; document: string; name: string }, at: string): void => {
  db.prepare("UPDATE ted_contacts SET account_type = ?, document = ?, name = ?, updated_at = ? WHERE id = ?").run(c.account_type, c.document, c.name, at, id)
}

/** A new contact (its named parameters: the destination's fields, the wallet, `at`). */
export const insertTedContact = (db: DB, row: Record<string, unknown>): void => {
  db.prepare(
    `INSERT INTO ted_contacts (id, wallet_id, bank_code, bank_name, ispb, agency, account, digit, account_type, document, name, created_at, updated_at)
        VALUES (@id, @wallet_id, @bank_code, @bank_name, @ispb, @agency, @account, @digit, @account_type, @document, @name, @at, @at)`
  ).run(row)
}

export const tedContactById = (db: DB, id: string): ContactRow => db.prepare("SELECT * FROM ted_contacts WHERE id = ?").get(id) as ContactRow

/** Removes a wallet's contact; false when it had none by that id. */
export const deleteTedContact = (db: DB, walletId: string, id: string): boolean =>
  db.prepare("DELETE FROM ted_contacts WHERE id = ? AND wallet_id = ?").run(id, walletId).changes > 0
