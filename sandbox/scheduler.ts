/**
 * The sandbox's scheduler (DESIGN "a clock the tests can move, and a scheduler on it"; spec
 * features §1, §4 scheduled payments and recurrences; issue 13): the tables of scheduled Pix and
 * recurrences, and `runScheduler`, which — on the business clock, in São Paulo days — makes each
 * active recurrence's occurrences into scheduled payments up to 60 days ahead, then executes every
 * scheduled payment whose date has come: once, inside one transaction with its status change, into
 * a Pix by key settled like a payment made now (sandbox/ledger.ts executePixOut: statement rows on
 * both sides, stream events), or into a failure with its reason (insufficient balance, key gone).
 * It runs when the clock moves (`__admin/clock`), after a write of the area, and every few seconds
 * of real time (the `--alive` mode and any long-running sandbox see dates arrive on their own).
 * The same pass runs Pix Automático (sandbox/areas/pix-automatic/db.ts) and the automatic withdrawals' sweeps
 * at their time of day (sandbox/areas/pix-withdraw/db.ts).
 */
import { randomUUID } from "node:crypto"
import type { DB } from "./db.ts"
import { later, type Ctx } from "./context.ts"
import { decodePixKey, executePixOut, notify } from "./ledger.ts"
import { lookupPixKey } from "./areas/pix-keys/db.ts"
import { spDateKey, DAY_MS } from "./time.ts"
import { recurrenceDates, SCHEDULE_MAX_DAYS } from "../schema/schedule.ts"
import type { PixRecurrence, ScheduledPix, ScheduledPixFailure } from "../schema/pix-schedule.ts"
import { createAutomaticTables, runAutomatic } from "./areas/pix-automatic/db.ts"
import { createWithdrawTables, runWithdraw } from "./areas/pix-withdraw/db.ts"
import { remindApprovals } from "./areas/approval/quorum-db.ts"
import { reais } from "./money.ts"
import { accountBalance } from "./repo.ts"

export const createScheduleTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS scheduled_pix (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  operation_id TEXT NOT NULL UNIQUE,
  key TEXT NOT NULL,
  key_type TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL,
  beneficiary_document TEXT NOT NULL,
  beneficiary_bank TEXT NOT NULL,
  holder_wallet_id TEXT,
  amount INTEGER NOT NULL,
  description TEXT NOT NULL,
  payment_date TEXT NOT NULL,
  status TEXT NOT NULL,
  failure_reason TEXT,
  recurrence_id TEXT,
  end_to_end_id TEXT,
  executed_at TEXT,
  canceled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (recurrence_id, payment_date)
);
CREATE INDEX IF NOT EXISTS scheduled_pix_wallet ON scheduled_pix (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS scheduled_pix_due ON scheduled_pix (status, payment_date);
CREATE TABLE IF NOT EXISTS pix_recurrences (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  key_type TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL,
  beneficiary_document TEXT NOT NULL,
  beneficiary_bank TEXT NOT NULL,
  holder_wallet_id TEXT,
  value INTEGER NOT NULL,
  payment_max_value INTEGER,
  description TEXT NOT NULL,
  frequency TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT,
  day INTEGER NOT NULL,
  status TEXT NOT NULL,
  made_until TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_recurrences_wallet ON pix_recurrences (wallet_id, created_at);
`)
}

export interface ScheduledPixRow extends Omit<ScheduledPix, never> {
  readonly wallet_id: string
  readonly user_id: string
  readonly holder_wallet_id: string | null
}
export interface RecurrenceRow {
  readonly id: string
  readonly wallet_id: string
  readonly user_id: string
  readonly key: string
  readonly key_type: PixRecurrence["key_type"]
  readonly beneficiary_name: string
  readonly beneficiary_document: string
  readonly beneficiary_bank: string
  readonly holder_wallet_id: string | null
  readonly value: number
  readonly payment_max_value: number | null
  readonly description: string
  readonly frequency: PixRecurrence["frequency"]
  readonly start_date: string
  readonly end_date: string | null
  readonly day: number
  readonly status: "active" | "inactive"
  readonly made_until: string
  readonly created_at: string
  readonly updated_at: string
}

/** The row the client syncs (features §2 scheduled-pix). */
export const toScheduledPix = (r: ScheduledPixRow): ScheduledPix => ({
  id: r.id,
  operation_id: r.operation_id,
  key: r.key,
  key_type: r.key_type,
  beneficiary_name: r.beneficiary_name,
  beneficiary_document: r.beneficiary_document,
  beneficiary_bank: r.beneficiary_bank,
  amount: r.amount,
  description: r.description,
  payment_date: r.payment_date,
  status: r.status,
  failure_reason: r.failure_reason,
  recurrence_id: r.recurrence_id,
  end_to_end_id: r.end_to_end_id,
  executed_at: r.executed_at,
  canceled_at: r.canceled_at,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const toRecurrence = (r: RecurrenceRow): PixRecurrence => ({
  id: r.id,
  key: r.key,
  key_type: r.key_type,
  beneficiary_name: r.beneficiary_name,
  beneficiary_document: r.beneficiary_document,
  value: r.value,
  payment_max_value: r.payment_max_value,
  description: r.description,
  frequency: r.frequency,
  start_date: r.start_date,
  end_date: r.end_date,
  day: r.day,
  status: r.status,
  recurrence_created_at: r.created_at,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const scheduledById = (db: DB, id: string): ScheduledPixRow | undefined =>
  db.prepare("SELECT * FROM scheduled_pix WHERE id = ?").get(id) as ScheduledPixRow | undefined

/** The stream hint of a changed scheduled payment (its row inline). */
export const scheduledChanged = (ctx: Ctx, r: ScheduledPixRow): void =>
  ctx.events.change("scheduled_pix", { walletId: r.wallet_id, ids: [r.id], rows: [toScheduledPix(r)] })
export const recurrenceChanged = (ctx: Ctx, r: RecurrenceRow): void =>
  ctx.events.change("pix_recurrences", { walletId: r.wallet_id, ids: [r.id], rows: [toRecurrence(r)] })

export interface NewScheduled {
  readonly walletId: string
  readonly userId: string
  readonly key: string
  readonly amount: number
  readonly description: string
  readonly paymentDate: string
  readonly recurrenceId?: string
}

/** Writes a scheduled payment (the key decoded now: who receives it is shown and kept). */
export const insertScheduled = (ctx: Ctx, n: NewScheduled): ScheduledPixRow => {
  const order = decodePixKey(n.key)
  if (order === null) throw new Error(`not a Pix key: ${n.key}`)
  const holder = lookupPixKey(ctx.db, order.key)
  const at = ctx.clock.stamp()
  const row: ScheduledPixRow = {
    id: randomUUID(),
    wallet_id: n.walletId,
    user_id: n.userId,
    operation_id: randomUUID(),
    key: order.key,
    key_type: order.key_type,
    beneficiary_name: holder?.name ?? order.beneficiary_name,
    beneficiary_document: holder?.document ?? order.beneficiary_document,
    beneficiary_bank: holder !== null ? "Carteira (Sandbox)" : order.beneficiary_bank,
    holder_wallet_id: holder?.wallet_id ?? null,
    amount: n.amount,
    description: n.description,
    payment_date: n.paymentDate,
    status: "scheduled",
    failure_reason: null,
    recurrence_id: n.recurrenceId ?? null,
    end_to_end_id: null,
    executed_at: null,
    canceled_at: null,
    created_at: at,
    updated_at: at
  }
  ctx.db
    .prepare(
      `INSERT INTO scheduled_pix (id, wallet_id, user_id, operation_id, key, key_type, beneficiary_name, beneficiary_document, beneficiary_bank,
     holder_wallet_id, amount, description, payment_date, status, failure_reason, recurrence_id, end_to_end_id, executed_at, canceled_at, created_at, updated_at)
     VALUES (@id, @wallet_id, @user_id, @operation_id, @key, @key_type, @beneficiary_name, @beneficiary_document, @beneficiary_bank,
     @holder_wallet_id, @amount, @description, @payment_date, @status, @failure_reason, @recurrence_id, @end_to_end_id, @executed_at, @canceled_at, @created_at, @updated_at)`
    )
    .run(row)
  scheduledChanged(ctx, row)
  return row
}

const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

/**
 * features §4 recurrences: the occurrences of an active recurrence from its start up to 60 days
 * ahead of `today` become scheduled payments, once each (UNIQUE (recurrence_id, payment_date)).
 * An occurrence above the maximum value is not scheduled (features §4, §8; refused at creation too).
 */
export const makeOccurrences = (ctx: Ctx, r: RecurrenceRow, today: string): number => {
  if (r.status !== "active") return 0
  if (r.payment_max_value !== null && r.value > r.payment_max_value) return 0
  const horizon = addDays(today, SCHEDULE_MAX_DAYS)
  const end = r.end_date !== null && r.end_date < horizon ? r.end_date : horizon
  if (r.made_until >= end || r.start_date > end) return 0
  let made = 0
  for (const d of recurrenceDates({ start: r.start_date, frequency: r.frequency, end })) {
    if (d <= r.made_until || d < today) continue
    insertScheduled(ctx, {
      walletId: r.wallet_id,
      userId: r.user_id,
      key: r.key,
      amount: r.value,
      description: r.description,
      paymentDate: d,
      recurrenceId: r.id
    })
    made++
  }
  ctx.db.prepare("UPDATE pix_recurrences SET made_until = ? WHERE id = ?").run(end, r.id)
  return made
}

/** Why a due payment cannot run now, or null. */
const failureOf = (ctx: Ctx, r: ScheduledPixRow): ScheduledPixFailure | null => {
  if (r.holder_wallet_id !== null) {
    const holder = lookupPixKey(ctx.db, r.key)
    if (holder === null || holder.wallet_id !== r.holder_wallet_id) return "PIX_KEY_NOT_FOUND"
  }
  const bal = accountBalance(ctx.db, r.wallet_id)
  if (bal === undefined || bal.balance < r.amount) return "INSUFFICIENT_BALANCE"
  return null
}

/** Executes one due payment (inside the caller's transaction): a payment, or a failure with its reason. */
const executeDue = (ctx: Ctx, r: ScheduledPixRow): ScheduledPixRow => {
  const failure = failureOf(ctx, r)
  const at = ctx.clock.stamp()
  if (failure !== null) {
    ctx.db
      .prepare("UPDATE scheduled_pix SET status = 'failed', failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'")
      .run(failure, at, r.id)
    notify(ctx, r.user_id, "Pix agendado não realizado", `O Pix agendado de R$ ${reais(r.amount)} para ${r.beneficiary_name} não foi realizado.`)
  } else {
    const order = {
      key: r.key,
      key_type: r.key_type,
      beneficiary_name: r.beneficiary_name,
      beneficiary_document: r.beneficiary_document,
      beneficiary_bank: r.beneficiary_bank,
      description: r.description
    }
    // the statement row carries the scheduled payment's operation id (features §4 "by operation id")
    const out = executePixOut(ctx, r.wallet_id, order, r.amount, null, r.operation_id)
    ctx.db
      .prepare("UPDATE scheduled_pix SET status = 'executed', end_to_end_id = ?, executed_at = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'")
      .run(out.end_to_end_id, at, at, r.id)
    notify(ctx, r.user_id, "Pix agendado realizado", `O Pix agendado de R$ ${reais(r.amount)} para ${r.beneficiary_name} foi realizado.`)
  }
  const now = scheduledById(ctx.db, r.id) as ScheduledPixRow
  scheduledChanged(ctx, now)
  return now
}

export interface SchedulerRun {
  readonly today: string
  readonly made: number
  readonly executed: ReadonlyArray<string>
  readonly failed: ReadonlyArray<string>
}

/**
 * One pass on the business clock (idempotent: a payment leaves `scheduled` in the same transaction
 * that settles it, so running twice over the same date executes nothing twice).
 */
export const runScheduler = (ctx: Ctx): SchedulerRun =>
  ctx.db.transaction((): SchedulerRun => {
    const today = spDateKey(ctx.clock.now())
    let made = 0
    for (const r of ctx.db.prepare("SELECT * FROM pix_recurrences WHERE status = 'active'").all() as RecurrenceRow[]) made += makeOccurrences(ctx, r, today)
    const due = ctx.db
      .prepare("SELECT * FROM scheduled_pix WHERE status = 'scheduled' AND payment_date <= ? ORDER BY payment_date, created_at")
      .all(today) as ScheduledPixRow[]
    const executed: string[] = []
    const failed: string[] = []
    for (const r of due) (executeDue(ctx, r).status === "executed" ? executed : failed).push(r.id)
    // Pix Automático: expiries, the merchants' charges and the automatic debits due (sandbox/areas/pix-automatic/db.ts)
    const auto = runAutomatic(ctx, today)
    // automatic withdrawals: each sweep whose set time has come, once (sandbox/areas/pix-withdraw/db.ts)
    const sweep = runWithdraw(ctx, ctx.clock.now())
    // staged approval: the 23:00 reminder to the approvers still awaited, once each (issue 32 item 3, sandbox/areas/approval/quorum-db.ts)
    remindApprovals(ctx)
    return { today, made: made + auto.made, executed: [...executed, ...auto.executed, ...sweep.done], failed: [...failed, ...auto.failed, ...sweep.failed] }
  })()

/** How often the scheduler looks at the clock in real time (ms). */
export const SCHEDULER_PERIOD_MS = 5000

/** Runs the scheduler now, whenever the clock moves, and every SCHEDULER_PERIOD_MS of real time. */
export const startScheduler = (ctx: Ctx, periodMs = SCHEDULER_PERIOD_MS): void => {
  createScheduleTables(ctx.db)
  createAutomaticTables(ctx.db)
  createWithdrawTables(ctx.db)
  const run = (): void => {
    try {
      const r = runScheduler(ctx)
      if (r.executed.length + r.failed.length > 0) ctx.log(`[sandbox] scheduler ${r.today}: ${r.executed.length} executed, ${r.failed.length} failed`)
    } catch (e) {
      ctx.log(`[sandbox] scheduler failed: ${String(e)}`)
    }
  }
  ctx.onClockChange.push(run)
  const tick = (): void => {
    run()
    later(ctx, periodMs, tick)
  }
  tick()
}
