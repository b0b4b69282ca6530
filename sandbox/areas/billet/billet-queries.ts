/**
 * The boleto area's reads and writes for its routes, scheduler and admin (issue 29 item 7, D-sandbox-by-area): issued
 * boletos, paid and scheduled payments, the DDA registry's rows and the wallets a document reaches. The tables, the
 * directory of synthetic slips and the seeds are `db.ts`'s (which re-exports these).
 */
import type Database from "better-sqlite3"
import type { DdaRow, DepositRow, PaymentRow } from "./rows.ts"

type DB = Database.Database

/** A wallet's owner's id (a deleted wallet's too), or undefined for an unknown wallet. */
export const ownerIdOfWallet = (db: DB, walletId: string): { owner_id: string } | undefined =>
  db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(walletId) as { owner_id: string } | undefined

// payments

export const billetPaymentById = (db: DB, id: string): PaymentRow => db.prepare("SELECT * FROM billet_payments WHERE id = ?").get(id) as PaymentRow

/** A wallet's payment by id. */
export const walletBilletPayment = (db: DB, walletId: string, id: string): PaymentRow | undefined =>
  db.prepare("SELECT * FROM billet_payments WHERE id = ? AND wallet_id = ?").get(id, walletId) as PaymentRow | undefined

/** A wallet's payments, newest first. */
export const billetPaymentsOf = (db: DB, walletId: string): PaymentRow[] =>
  db.prepare("SELECT * FROM billet_payments WHERE wallet_id = ? ORDER BY created_at DESC").all(walletId) as PaymentRow[]

/** A wallet's scheduled payments, by payment date, then newest first. */
export const scheduledBilletPaymentsOf = (db: DB, walletId: string): PaymentRow[] =>
  db
    .prepare("SELECT * FROM billet_payments WHERE wallet_id = ? AND payment_date IS NOT NULL ORDER BY payment_date, created_at DESC")
    .all(walletId) as PaymentRow[]

/** The pending scheduled payments whose day (`today`, a São Paulo date) has come, oldest first. */
export const dueBilletPayments = (db: DB, today: string): PaymentRow[] =>
  db
    .prepare("SELECT * FROM billet_payments WHERE status = 'pending' AND payment_date IS NOT NULL AND payment_date <= ? ORDER BY created_at")
    .all(today) as PaymentRow[]

export const markBilletPaymentProcessing = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE billet_payments SET status = 'processing', updated_at = ? WHERE id = ?").run(at, id)
}

/** A scheduled payment's run: confirmed (at `confirmedAt`) with its operation, or failed. */
export const finishBilletPayment = (
  db: DB,
  id: string,
  status: "confirmed" | "failed",
  operationId: string | null,
  confirmedAt: string | null,
  at: string
): void => {
  db.prepare("UPDATE billet_payments SET status = ?, operation_id = ?, confirmed_at = ?, updated_at = ? WHERE id = ?").run(
    status,
    operationId,
    confirmedAt,
    at,
    id
  )
}

/** A payment made now (confirmed) or scheduled (pending, with its payment date). */
export const insertBilletPayment = (
  db: DB,
  p: {
    id: string
    walletId: string
    operationId: string | null
    status: "pending" | "confirmed"
    amount: number
    dueDate: string | null
    limitDueDate: string | null
    barcode: string
    line: string
    beneficiary: string
    paymentDate: string | null
    confirmedAt: string | null
    txKey: string | null
    at: string
  }
): void => {
  db.prepare(
    `INSERT INTO billet_payments (id, wallet_id, operation_id, status, amount, due_date, limit_due_date, barcode, typeable_line, beneficiary_name,
      payment_date, canceled_at, confirmed_at, transaction_uuid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`
  ).run(
    p.id,
    p.walletId,
    p.operationId,
    p.status,
    p.amount,
    p.dueDate,
    p.limitDueDate,
    p.barcode,
    p.line,
    p.beneficiary,
    p.paymentDate,
    p.confirmedAt,
    p.txKey,
    p.at,
    p.at
  )
}

export const cancelBilletPayment = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE billet_payments SET status = 'canceled', canceled_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

// issued boletos

export const billetDepositById = (db: DB, id: string): DepositRow | undefined =>
  db.prepare("SELECT * FROM billet_deposits WHERE id = ?").get(id) as DepositRow | undefined

/** A wallet's issued boletos, newest first. */
export const billetDepositsOf = (db: DB, walletId: string): DepositRow[] =>
  db.prepare("SELECT * FROM billet_deposits WHERE wallet_id = ? ORDER BY created_at DESC").all(walletId) as DepositRow[]

/** Every issued boleto still open, oldest first (the admin's directory). */
export const openDepositsByAge = (db: DB): DepositRow[] =>
  db.prepare("SELECT * FROM billet_deposits WHERE status = 'CREATED_PENDING' ORDER BY created_at").all() as DepositRow[]

/** Every issued boleto still open (`--alive` pays one). */
export const openDeposits = (db: DB): DepositRow[] => db.prepare("SELECT * FROM billet_deposits WHERE status = 'CREATED_PENDING'").all() as DepositRow[]

/** A new issued boleto, CREATED_PENDING. */
export const insertBilletDeposit = (
  db: DB,
  d: {
    id: string
    walletId: string
    amount: number
    dueDate: string
    description: string
    payerName: string
    payerDocument: string
    line: string
    barcode: string
    at: string
  }
): void => {
  db.prepare(
    `INSERT INTO billet_deposits (id, wallet_id, status, amount, due_date, description, payer_name, payer_document, typeable_line, barcode, received_at, created_at, updated_at)
      VALUES (?, ?, 'CREATED_PENDING', ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`
  ).run(d.id, d.walletId, d.amount, d.dueDate, d.description, d.payerName, d.payerDocument, d.line, d.barcode, d.at, d.at)
}

export const receiveBilletDeposit = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE billet_deposits SET status = 'RECEIVED', received_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

export const cancelBilletDeposit = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE billet_deposits SET status = 'CANCELED', updated_at = ? WHERE id = ?").run(at, id)
}

// DDA

export const ddaById = (db: DB, id: string): DdaRow => db.prepare("SELECT * FROM dda_billets WHERE id = ?").get(id) as DdaRow

/** The seeded payers' documents DDA boletos are invented for (Ana's and Bruno's). */
export const seededDdaPayers = (db: DB): Array<{ document: string }> =>
  db.prepare("SELECT document FROM users WHERE email IN ('ana@example.com', 'bruno@example.com') ORDER BY email").all() as Array<{ document: string }>

/** The live default wallets of the users holding a document. */
export const defaultWalletsOfDocument = (db: DB, document: string): string[] =>
  (
    db
      .prepare("SELECT w.id FROM wallets w JOIN users u ON u.id = w.owner_id WHERE u.document = ? AND w.is_default = 1 AND w.deleted_at IS NULL")
      .all(document) as Array<{ id: string }>
  ).map((w) => w.id)

/** The owner's document of a default wallet (deleted or not), or null. */
export const documentOfDefaultWallet = (db: DB, walletId: string): string | null =>
  (
    db.prepare("SELECT u.document FROM wallets w JOIN users u ON u.id = w.owner_id WHERE w.id = ? AND w.is_default = 1").get(walletId) as
      { document: string } | undefined
  )?.document ?? null

/** A line's registrations not paid yet. */
export const unpaidDdaOfBarcode = (db: DB, barcode: string): DdaRow[] =>
  db.prepare("SELECT * FROM dda_billets WHERE barcode = ? AND paid_at IS NULL").all(barcode) as DdaRow[]

/** An issued boleto's registrations not paid yet. */
export const unpaidDdaOfDeposit = (db: DB, depositId: string): DdaRow[] =>
  db.prepare("SELECT * FROM dda_billets WHERE deposit_id = ? AND paid_at IS NULL").all(depositId) as DdaRow[]

export const markDdaRowPaid = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE dda_billets SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

export const markDdaRowCanceled = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE dda_billets SET status = 'canceled', updated_at = ? WHERE id = ?").run(at, id)
}

export const markDdaRowHidden = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE dda_billets SET status = 'hidden', hidden_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

/** The open registrations not yet announced on their due day whose due date is in [from, to]. */
export const ddaToAnnounce = (db: DB, from: string, to: string): DdaRow[] =>
  db.prepare("SELECT * FROM dda_billets WHERE status = 'open' AND notified_due_at IS NULL AND due_date >= ? AND due_date <= ?").all(from, to) as DdaRow[]

/** The users holding a document. */
export const usersOfDocument = (db: DB, document: string): Array<{ id: string }> =>
  db.prepare("SELECT id FROM users WHERE document = ?").all(document) as Array<{ id: string }>

/** The due-day notice sent (the day-before one too, if it was not). */
export const markDdaDueNotified = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE dda_billets SET notified_due_at = ?, notified_before_at = coalesce(notified_before_at, ?) WHERE id = ?").run(at, at, id)
}

/** The day-before notice sent. */
export const markDdaBeforeNotified = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE dda_billets SET notified_before_at = ? WHERE id = ?").run(at, id)
}

/** How many boletos were ever registered. */
export const ddaCount = (db: DB): number => (db.prepare("SELECT count(*) AS n FROM dda_billets").get() as { n: number }).n
