/**
 * Pix Automático in the sandbox (spec features §3 automatic authorization fields, §4 statuses, actions,
 * "cancellation is irreversible and cancels scheduled payments except the one due today", automatic
 * payments; issue 13): the tables of authorizations and automatic payments, the synthetic merchants that
 * request authorizations (seeded on Ana's main wallet, or made by the admin route) and charge them on
 * schedule, and `runAutomatic`, called by the scheduler (sandbox/scheduler.ts) on the business clock:
 * pending requests past their answer date expire; each active authorization's occurrences up to
 * CHARGE_AHEAD_DAYS ahead become charges (once per date); every charge whose date has come runs once —
 * a Pix out (statement row with the charge's operation id, stream events, a notification) or a failure
 * with its reason (above the payer's maximum value, insufficient balance). docs/decisions.md "Pix Automático".
 */
import { randomUUID } from "node:crypto"
import type { DB } from "../../db.ts"
import { getMeta, setMeta } from "../../db.ts"
import type { Ctx } from "../../context.ts"
import { executePixOut, notify } from "../../ledger.ts"
import { cnpjFromBase } from "../../prng.ts"
import { spDateKey, DAY_MS } from "../../time.ts"
import { recurrenceDates } from "../../../schema/schedule.ts"
import {
  CHARGE_AHEAD_DAYS,
  REQUEST_EXPIRY_DAYS,
  chargeFailure,
  encodeAutomaticQr,
  paymentsCancelledWith,
  type AutomaticAuthorization,
  type AutomaticPayment,
  type AutomaticPaymentFailure
} from "../../../schema/pix-automatic.ts"
import { reais } from "../../money.ts"
import { walletOwnerOf, accountBalance } from "../../repo.ts"

export const createAutomaticTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_automatic_authorizations (
  id TEXT PRIMARY KEY,
  wallet_id TEXT,
  user_id TEXT,
  journey TEXT NOT NULL,
  frequency TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT,
  value INTEGER,
  floor_max_value INTEGER,
  payment_max_value INTEGER,
  charge_amount INTEGER NOT NULL,
  beneficiary_ispb TEXT NOT NULL,
  beneficiary_document TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL,
  merchant_city TEXT NOT NULL,
  owner_document TEXT NOT NULL,
  debtor_document TEXT NOT NULL,
  debtor_name TEXT NOT NULL,
  contract_number TEXT NOT NULL,
  contract_description TEXT NOT NULL,
  recurrence_created_at TEXT,
  request_created_at TEXT NOT NULL,
  request_expiration_date TEXT NOT NULL,
  status TEXT NOT NULL,
  cancellation_id TEXT,
  made_until TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_automatic_authorizations_wallet ON pix_automatic_authorizations (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS pix_automatic_payments (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  authorization_id TEXT NOT NULL,
  operation_id TEXT NOT NULL UNIQUE,
  amount INTEGER NOT NULL,
  payment_date TEXT NOT NULL,
  status TEXT NOT NULL,
  failure_reason TEXT,
  beneficiary_name TEXT NOT NULL,
  beneficiary_document TEXT NOT NULL,
  contract_number TEXT NOT NULL,
  contract_description TEXT NOT NULL,
  end_to_end_id TEXT,
  executed_at TEXT,
  canceled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (authorization_id, payment_date)
);
CREATE INDEX IF NOT EXISTS pix_automatic_payments_wallet ON pix_automatic_payments (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS pix_automatic_payments_due ON pix_automatic_payments (status, payment_date);
`)
}

export interface AuthorizationRow extends Omit<AutomaticAuthorization, never> {
  readonly wallet_id: string | null
  readonly user_id: string | null
  /** What the merchant charges each time (the fixed value, or its variable amount). */
  readonly charge_amount: number
  readonly merchant_city: string
  readonly made_until: string
}
export interface PaymentRow extends Omit<AutomaticPayment, never> {
  readonly wallet_id: string
  readonly user_id: string
}

export const toAuthorization = (r: AuthorizationRow): AutomaticAuthorization => ({
  id: r.id,
  journey: r.journey,
  frequency: r.frequency,
  start_date: r.start_date,
  end_date: r.end_date,
  value: r.value,
  floor_max_value: r.floor_max_value,
  payment_max_value: r.payment_max_value,
  beneficiary_ispb: r.beneficiary_ispb,
  beneficiary_document: r.beneficiary_document,
  beneficiary_name: r.beneficiary_name,
  owner_document: r.owner_document,
  debtor_document: r.debtor_document,
  debtor_name: r.debtor_name,
  contract_number: r.contract_number,
  contract_description: r.contract_description,
  recurrence_created_at: r.recurrence_created_at,
  request_created_at: r.request_created_at,
  request_expiration_date: r.request_expiration_date,
  status: r.status,
  cancellation_id: r.cancellation_id,
  created_at: r.created_at,
  updated_at: r.updated_at
})
export const toAutomaticPayment = (r: PaymentRow): AutomaticPayment => ({
  id: r.id,
  authorization_id: r.authorization_id,
  operation_id: r.operation_id,
  amount: r.amount,
  payment_date: r.payment_date,
  status: r.status,
  failure_reason: r.failure_reason,
  beneficiary_name: r.beneficiary_name,
  beneficiary_document: r.beneficiary_document,
  contract_number: r.contract_number,
  contract_description: r.contract_description,
  end_to_end_id: r.end_to_end_id,
  executed_at: r.executed_at,
  canceled_at: r.canceled_at,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const authorizationById = (db: DB, id: string): AuthorizationRow | undefined =>
  db.prepare("SELECT * FROM pix_automatic_authorizations WHERE id = ?").get(id) as AuthorizationRow | undefined
export const paymentById = (db: DB, id: string): PaymentRow | undefined =>
  db.prepare("SELECT * FROM pix_automatic_payments WHERE id = ?").get(id) as PaymentRow | undefined

/** The stream hints (rows inline); an authorization no wallet holds yet (a QR code's) is nobody's to hear about. */
export const authorizationChanged = (ctx: Ctx, r: AuthorizationRow): void => {
  if (r.wallet_id !== null) ctx.events.change("pix_automatic_authorizations", { walletId: r.wallet_id, ids: [r.id], rows: [toAuthorization(r)] })
}
export const paymentChanged = (ctx: Ctx, r: PaymentRow): void =>
  ctx.events.change("pix_automatic_payments", { walletId: r.wallet_id, ids: [r.id], rows: [toAutomaticPayment(r)] })

/** Writes an authorization's changed fields, then tells the stream. */
export const updateAuthorization = (ctx: Ctx, id: string, patch: Partial<AuthorizationRow>): AuthorizationRow => {
  const at = ctx.clock.stamp()
  const all = { ...patch, updated_at: at }
  const sets = Object.keys(all)
    .map((k) => `${k} = @${k}`)
    .join(", ")
  ctx.db.prepare(`UPDATE pix_automatic_authorizations SET ${sets} WHERE id = @id`).run({ ...all, id })
  const now = authorizationById(ctx.db, id) as AuthorizationRow
  authorizationChanged(ctx, now)
  return now
}
const setPayment = (ctx: Ctx, id: string, patch: Partial<PaymentRow>): PaymentRow => {
  const at = ctx.clock.stamp()
  const all = { ...patch, updated_at: at }
  const sets = Object.keys(all)
    .map((k) => `${k} = @${k}`)
    .join(", ")
  ctx.db.prepare(`UPDATE pix_automatic_payments SET ${sets} WHERE id = @id`).run({ ...all, id })
  const now = paymentById(ctx.db, id) as PaymentRow
  paymentChanged(ctx, now)
  return now
}

const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

// ── the synthetic merchants ─────────────────────────────────────────────────

export interface Merchant {
  readonly name: string
  readonly document: string
  readonly ispb: string
  readonly city: string
}
/** Receivers outside the sandbox's directory (their CNPJs hold no key here): a Pix to them leaves the bank. */
export const MERCHANTS: ReadonlyArray<Merchant> = [
  { name: "Academia Corpo em Forma Ltda", document: cnpjFromBase("481516230001"), ispb: "60701190", city: "Sao Paulo" },
  { name: "Energia Paulista Distribuidora S.A.", document: cnpjFromBase("424242420001"), ispb: "00360305", city: "Campinas" },
  { name: "StreamFlix Entretenimento Ltda", document: cnpjFromBase("271828180001"), ispb: "18236120", city: "Rio de Janeiro" },
  { name: "Escola Aprender Mais Ltda", document: cnpjFromBase("314159260001"), ispb: "90400888", city: "Belo Horizonte" }
]

export interface NewRequest {
  readonly walletId: string | null
  readonly merchant: Merchant
  readonly journey: AutomaticAuthorization["journey"]
  readonly frequency: AutomaticAuthorization["frequency"]
  readonly startDate: string
  readonly endDate: string | null
  readonly value: number | null
  readonly floorMaxValue: number | null
  readonly chargeAmount: number
  readonly debtorName: string
  readonly debtorDocument: string
  readonly contractDescription: string
  readonly status?: AutomaticAuthorization["status"]
}

/** A merchant's request for an authorization (journey 1: sent to the payer's wallet; journey 2: carried by a QR code, no wallet yet). */
export const insertRequest = (ctx: Ctx, n: NewRequest): AuthorizationRow => {
  const at = ctx.clock.stamp()
  const today = spDateKey(ctx.clock.now())
  const owner = n.walletId === null ? undefined : walletOwnerOf(ctx.db, n.walletId)
  const status = n.status ?? "PENDING"
  const row: AuthorizationRow = {
    id: randomUUID(),
    wallet_id: n.walletId,
    user_id: owner?.id ?? null,
    journey: n.journey,
    frequency: n.frequency,
    start_date: n.startDate,
    end_date: n.endDate,
    value: n.value,
    floor_max_value: n.floorMaxValue,
    payment_max_value: null,
    charge_amount: n.chargeAmount,
    beneficiary_ispb: n.merchant.ispb,
    beneficiary_document: n.merchant.document,
    beneficiary_name: n.merchant.name,
    merchant_city: n.merchant.city,
    owner_document: owner?.document ?? "",
    debtor_document: n.debtorDocument,
    debtor_name: n.debtorName,
    contract_number: `CT-${randomUUID().slice(0, 8).toUpperCase()}`,
    contract_description: n.contractDescription,
    recurrence_created_at: status === "ACTIVE" ? at : null,
    request_created_at: at,
    request_expiration_date: addDays(today, REQUEST_EXPIRY_DAYS),
    status,
    cancellation_id: null,
    made_until: "",
    created_at: at,
    updated_at: at
  }
  ctx.db
    .prepare(
      `INSERT INTO pix_automatic_authorizations (id, wallet_id, user_id, journey, frequency, start_date, end_date, value, floor_max_value, payment_max_value,
     charge_amount, beneficiary_ispb, beneficiary_document, beneficiary_name, merchant_city, owner_document, debtor_document, debtor_name, contract_number,
     contract_description, recurrence_created_at, request_created_at, request_expiration_date, status, cancellation_id, made_until, created_at, updated_at)
     VALUES (@id, @wallet_id, @user_id, @journey, @frequency, @start_date, @end_date, @value, @floor_max_value, @payment_max_value,
     @charge_amount, @beneficiary_ispb, @beneficiary_document, @beneficiary_name, @merchant_city, @owner_document, @debtor_document, @debtor_name, @contract_number,
     @contract_description, @recurrence_created_at, @request_created_at, @request_expiration_date, @status, @cancellation_id, @made_until, @created_at, @updated_at)`
    )
    .run(row)
  authorizationChanged(ctx, row)
  return row
}

/** The composite BR Code of a request (journey 2). */
export const qrCodeOf = (r: Pick<AuthorizationRow, "id" | "beneficiary_name" | "merchant_city">): string =>
  encodeAutomaticQr({ id: r.id, merchantName: r.beneficiary_name, merchantCity: r.merchant_city })

/**
 * The seeded merchants' requests, once per database (a meta flag): on Ana's main wallet two pending
 * requests (a gym's fixed monthly fee; an energy bill with a variable amount and a floor for the maximum),
 * one active authorization (a streaming subscription) and one the merchant's request Ana refused.
 */
export const seedAutomatic = (ctx: Ctx, anaWallet: string, debtorName: string, debtorDocument: string): void => {
  if (getMeta(ctx.db, "pix_automatic_seeded") !== undefined) return
  const today = spDateKey(ctx.clock.now())
  const base = { walletId: anaWallet, journey: "JOURNEY_1" as const, debtorName, debtorDocument, endDate: null }
  const [gym, energy, stream, school] = MERCHANTS as [Merchant, Merchant, Merchant, Merchant]
  insertRequest(ctx, {
    ...base,
    merchant: gym,
    frequency: "MONTHLY",
    startDate: addDays(today, 12),
    value: 9_990,
    floorMaxValue: null,
    chargeAmount: 9_990,
    contractDescription: "Plano mensal academia"
  })
  insertRequest(ctx, {
    ...base,
    merchant: energy,
    frequency: "MONTHLY",
    startDate: addDays(today, 20),
    value: null,
    floorMaxValue: 20_000,
    chargeAmount: 18_734,
    contractDescription: "Conta de energia"
  })
  insertRequest(ctx, {
    ...base,
    merchant: stream,
    frequency: "MONTHLY",
    startDate: addDays(today, 25),
    value: 3_990,
    floorMaxValue: null,
    chargeAmount: 3_990,
    contractDescription: "Assinatura streaming",
    status: "ACTIVE"
  })
  insertRequest(ctx, {
    ...base,
    merchant: school,
    frequency: "MONTHLY",
    startDate: addDays(today, 30),
    value: 120_000,
    floorMaxValue: null,
    chargeAmount: 120_000,
    contractDescription: "Mensalidade escolar",
    status: "REFUSED"
  })
  setMeta(ctx.db, "pix_automatic_seeded", today)
}

// ── on the clock ─────────────────────────────────────────────────────────────

/** features §4: an active authorization's occurrences from today up to CHARGE_AHEAD_DAYS ahead become the merchant's charges, once each. */
export const makeCharges = (ctx: Ctx, a: AuthorizationRow, today: string): number => {
  if (a.status !== "ACTIVE" || a.wallet_id === null || a.user_id === null) return 0
  const horizon = addDays(today, CHARGE_AHEAD_DAYS)
  const end = a.end_date !== null && a.end_date < horizon ? a.end_date : horizon
  if (a.made_until >= end || a.start_date > end) return 0
  const ins = ctx.db.prepare(
    `INSERT OR IGNORE INTO pix_automatic_payments (id, wallet_id, user_id, authorization_id, operation_id, amount, payment_date, status, failure_reason,
     beneficiary_name, beneficiary_document, contract_number, contract_description, end_to_end_id, executed_at, canceled_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'SCHEDULED', NULL, ?, ?, ?, ?, NULL, NULL, NULL, ?, ?)`
  )
  let made = 0
  for (const d of recurrenceDates({ start: a.start_date, frequency: a.frequency, end })) {
    if (d <= a.made_until || d < today) continue
    const at = ctx.clock.stamp()
    const id = randomUUID()
    const r = ins.run(
      id,
      a.wallet_id,
      a.user_id,
      a.id,
      randomUUID(),
      a.charge_amount,
      d,
      a.beneficiary_name,
      a.beneficiary_document,
      a.contract_number,
      a.contract_description,
      at,
      at
    )
    if (r.changes > 0) {
      paymentChanged(ctx, paymentById(ctx.db, id) as PaymentRow)
      made++
    }
  }
  ctx.db.prepare("UPDATE pix_automatic_authorizations SET made_until = ? WHERE id = ?").run(end, a.id)
  return made
}

/** Why a due charge cannot run, or null (features §4: above the maximum value; a balance too short). */
const failureOf = (ctx: Ctx, p: PaymentRow): AutomaticPaymentFailure | null => {
  const a = authorizationById(ctx.db, p.authorization_id)
  const above = chargeFailure(p.amount, a?.payment_max_value ?? null)
  if (above !== null) return above
  const bal = accountBalance(ctx.db, p.wallet_id)
  return bal === undefined || bal.balance < p.amount ? "INSUFFICIENT_BALANCE" : null
}

/** Runs one due charge (inside the caller's transaction), once: it leaves SCHEDULED in the same write. */
const executeCharge = (ctx: Ctx, p: PaymentRow): PaymentRow => {
  const failure = failureOf(ctx, p)
  const at = ctx.clock.stamp()
  if (failure !== null) {
    notify(ctx, p.user_id, "Pix Automático não realizado", `O Pix Automático de R$ ${reais(p.amount)} para ${p.beneficiary_name} não foi realizado.`)
    return setPayment(ctx, p.id, { status: "FAILED", failure_reason: failure })
  }
  const out = executePixOut(
    ctx,
    p.wallet_id,
    {
      key: p.beneficiary_document,
      key_type: "cnpj",
      beneficiary_name: p.beneficiary_name,
      beneficiary_document: p.beneficiary_document,
      beneficiary_bank: `ISPB ${authorizationById(ctx.db, p.authorization_id)?.beneficiary_ispb ?? ""}`,
      description: `Pix Automático · ${p.contract_description}`
    },
    p.amount,
    null,
    p.operation_id
  )
  notify(ctx, p.user_id, "Pix Automático realizado", `O Pix Automático de R$ ${reais(p.amount)} para ${p.beneficiary_name} foi realizado.`)
  return setPayment(ctx, p.id, { status: "EXECUTED", end_to_end_id: out.end_to_end_id, executed_at: at })
}

export interface AutomaticRun {
  readonly expired: number
  readonly made: number
  readonly executed: ReadonlyArray<string>
  readonly failed: ReadonlyArray<string>
}

/** One pass on the business clock (the caller's transaction; idempotent). */
export const runAutomatic = (ctx: Ctx, today: string): AutomaticRun => {
  const { db } = ctx
  let expired = 0
  for (const a of db.prepare("SELECT id FROM pix_automatic_authorizations WHERE status = 'PENDING' AND request_expiration_date < ?").all(today) as Array<{
    id: string
  }>) {
    updateAuthorization(ctx, a.id, { status: "EXPIRED" })
    expired++
  }
  let made = 0
  for (const a of db.prepare("SELECT * FROM pix_automatic_authorizations WHERE status = 'ACTIVE'").all() as AuthorizationRow[])
    made += makeCharges(ctx, a, today)
  const executed: string[] = []
  const failed: string[] = []
  const due = db
    .prepare("SELECT * FROM pix_automatic_payments WHERE status = 'SCHEDULED' AND payment_date <= ? ORDER BY payment_date, created_at")
    .all(today) as PaymentRow[]
  for (const p of due) (executeCharge(ctx, p).status === "EXECUTED" ? executed : failed).push(p.id)
  return { expired, made, executed, failed }
}

/** features §4: cancelling cancels the scheduled charges except the one due today (it still runs). */
export const cancelChargesAfter = (ctx: Ctx, authorizationId: string, today: string): number => {
  const rows = paymentsCancelledWith(
    ctx.db.prepare("SELECT * FROM pix_automatic_payments WHERE authorization_id = ?").all(authorizationId) as PaymentRow[],
    today
  )
  for (const p of rows) setPayment(ctx, p.id, { status: "CANCELLED", canceled_at: ctx.clock.stamp() })
  return rows.length
}

export const cancelPayment = (ctx: Ctx, id: string): PaymentRow => setPayment(ctx, id, { status: "CANCELLED", canceled_at: ctx.clock.stamp() })

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

/** A request brought by its QR code becomes the wallet's that approves it (journey 2): its holder is the payer. */
export const claimAuthorization = (db: DB, id: string, walletId: string, userId: string, ownerDocument: string): void => {
  db.prepare("UPDATE pix_automatic_authorizations SET wallet_id = ?, user_id = ?, owner_document = ? WHERE id = ?").run(walletId, userId, ownerDocument, id)
}

/** A wallet's automatic payment by its operation id or end-to-end id. */
export const automaticPaymentByPix = (db: DB, walletId: string, id: string): PaymentRow | undefined =>
  db.prepare("SELECT * FROM pix_automatic_payments WHERE wallet_id = ? AND (operation_id = ? OR end_to_end_id = ?)").get(walletId, id, id) as
    PaymentRow | undefined

/** The statement rows an operation wrote, counted and summed (the admin's exactly-once proof). */
export const statementRowsOfOperation = (db: DB, operationId: string): { n: number; total: number } =>
  db.prepare("SELECT count(*) AS n, coalesce(sum(amount), 0) AS total FROM statements WHERE operation_id = ?").get(operationId) as { n: number; total: number }
