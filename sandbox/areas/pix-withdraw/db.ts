/**
 * Automatic withdrawals in the sandbox (spec features §2 automatic-withdraw; issue 13 "a sweep of the
 * balance above a threshold to an own account at a set time"): the tables of the settings (one row per
 * wallet) and of the executions, and `runWithdraw`, called by the scheduler (sandbox/scheduler.ts) on the
 * business clock: for every wallet whose sweep is on and whose set time has come since it was turned on
 * or last ran, once (UNIQUE (wallet_id, run_at), and the run's instant recorded in the same transaction),
 * it sends everything above the amount to keep to the holder's own account at another bank — a Pix out
 * (statement row with the execution's operation id, Pix statement row, balance, stream hints, a
 * notification) counted against the same-holder Pix limit — or records a skip (nothing above the
 * threshold) or a failure with its catalogue key (the period's Pix limit). docs/decisions.md
 * "Automatic withdrawals (issue 13)".
 */
import { randomUUID } from "node:crypto"
import type { DB } from "../../db.ts"
import type { Ctx } from "../../context.ts"
import { ApiError } from "../../errors.ts"
import { executePixOut, notify } from "../../ledger.ts"
import { assertPixLimit } from "../pix-limits/db.ts"
import { iso } from "../../time.ts"
import {
  accountLabel,
  dueRun,
  sweepAmount,
  type WithdrawDestination,
  type WithdrawExecution,
  type WithdrawExecutionStatus,
  type WithdrawSettings
} from "../../../schema/pix-withdraw.ts"
import { reais } from "../../money.ts"
import { accountBalance } from "../../repo.ts"

export const createWithdrawTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_withdraw_settings (
  wallet_id TEXT PRIMARY KEY,
  enabled INTEGER NOT NULL,
  threshold INTEGER NOT NULL,
  time TEXT NOT NULL,
  frequency TEXT NOT NULL,
  weekday INTEGER,
  destination TEXT NOT NULL,
  active_since TEXT,
  last_run_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pix_withdraw_executions (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  run_at TEXT NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  balance_before INTEGER NOT NULL,
  threshold INTEGER NOT NULL,
  reason TEXT,
  bank_name TEXT NOT NULL,
  account_label TEXT NOT NULL,
  operation_id TEXT,
  end_to_end_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (wallet_id, run_at)
);
CREATE INDEX IF NOT EXISTS pix_withdraw_executions_wallet ON pix_withdraw_executions (wallet_id, created_at);
`)
}

export interface SettingsRow {
  readonly wallet_id: string
  readonly enabled: number
  readonly threshold: number
  readonly time: string
  readonly frequency: WithdrawSettings["frequency"]
  readonly weekday: number | null
  /** JSON of WithdrawDestination */
  readonly destination: string
  readonly active_since: string | null
  readonly last_run_at: string | null
  readonly updated_at: string
}
export interface ExecutionRow extends Omit<WithdrawExecution, never> {
  readonly wallet_id: string
}

/** The one settings record of a wallet (never configured: off, with defaults). */
export const toSettings = (walletId: string, r: SettingsRow | undefined, at: string): WithdrawSettings =>
  r === undefined
    ? {
        id: walletId,
        configured: false,
        enabled: false,
        threshold: 0,
        time: "18:00",
        frequency: "BUSINESS_DAYS",
        weekday: null,
        destination: null,
        active_since: null,
        last_run_at: null,
        updated_at: at
      }
    : {
        id: walletId,
        configured: true,
        enabled: r.enabled === 1,
        threshold: r.threshold,
        time: r.time,
        frequency: r.frequency,
        weekday: r.weekday,
        destination: JSON.parse(r.destination) as WithdrawDestination,
        active_since: r.active_since,
        last_run_at: r.last_run_at,
        updated_at: r.updated_at
      }
export const toExecution = (r: ExecutionRow): WithdrawExecution => ({
  id: r.id,
  run_at: r.run_at,
  status: r.status,
  amount: r.amount,
  balance_before: r.balance_before,
  threshold: r.threshold,
  reason: r.reason,
  bank_name: r.bank_name,
  account_label: r.account_label,
  operation_id: r.operation_id,
  end_to_end_id: r.end_to_end_id,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const settingsRowOf = (db: DB, walletId: string): SettingsRow | undefined =>
  db.prepare("SELECT * FROM pix_withdraw_settings WHERE wallet_id = ?").get(walletId) as SettingsRow | undefined

/** The stream hint of a wallet's settings (the record inline). */
export const settingsChanged = (ctx: Ctx, walletId: string): WithdrawSettings => {
  const s = toSettings(walletId, settingsRowOf(ctx.db, walletId), ctx.clock.stamp())
  ctx.events.change("pix_withdraw_settings", { walletId, ids: [walletId], rows: [s] })
  return s
}

export interface SaveInput {
  readonly threshold: number
  readonly time: string
  readonly frequency: WithdrawSettings["frequency"]
  readonly weekday: number | null
  readonly destination: WithdrawDestination
}

/**
 * Saves and turns on; runs count from now on the business clock (a set time already passed today waits for its
 * next day). `active_since` is the clock's instant, not a row stamp: stamps never go back when the clock does.
 */
export const saveSettings = (ctx: Ctx, walletId: string, s: SaveInput): WithdrawSettings => {
  const at = ctx.clock.stamp()
  const since = ctx.clock.nowIso()
  ctx.db
    .prepare(
      `INSERT INTO pix_withdraw_settings (wallet_id, enabled, threshold, time, frequency, weekday, destination, active_since, last_run_at, updated_at)
     VALUES (@wallet_id, 1, @threshold, @time, @frequency, @weekday, @destination, @since, NULL, @at)
     ON CONFLICT (wallet_id) DO UPDATE SET enabled = 1, threshold = @threshold, time = @time, frequency = @frequency, weekday = @weekday,
     destination = @destination, active_since = @since, updated_at = @at`
    )
    .run({
      wallet_id: walletId,
      threshold: s.threshold,
      time: s.time,
      frequency: s.frequency,
      weekday: s.frequency === "WEEKLY" ? s.weekday : null,
      destination: JSON.stringify(s.destination),
      at,
      since
    })
  return settingsChanged(ctx, walletId)
}

/** Turns off (the settings stay). */
export const disableSettings = (ctx: Ctx, walletId: string): WithdrawSettings => {
  ctx.db.prepare("UPDATE pix_withdraw_settings SET enabled = 0, updated_at = ? WHERE wallet_id = ?").run(ctx.clock.stamp(), walletId)
  return settingsChanged(ctx, walletId)
}

/** One run (inside the caller's transaction): the execution row, once per (wallet, run instant). */
const runOne = (ctx: Ctx, r: SettingsRow, runAt: number): ExecutionRow | null => {
  const { db } = ctx
  const dest = JSON.parse(r.destination) as WithdrawDestination
  const bal = accountBalance(db, r.wallet_id)
  const balance = bal?.balance ?? 0
  const amount = sweepAmount(balance, r.threshold)
  const owner = db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(r.wallet_id) as { owner_id: string } | undefined
  const at = ctx.clock.stamp()
  const runIso = iso(runAt)
  // the run is recorded even when nothing moves: a second pass over the same instant finds it taken
  db.prepare("UPDATE pix_withdraw_settings SET last_run_at = ? WHERE wallet_id = ?").run(runIso, r.wallet_id)
  if (db.prepare("SELECT 1 FROM pix_withdraw_executions WHERE wallet_id = ? AND run_at = ?").get(r.wallet_id, runIso) !== undefined) return null
  let status: WithdrawExecutionStatus = "skipped"
  let reason: string | null = "NOTHING_ABOVE_THRESHOLD"
  let operationId: string | null = null
  let e2e: string | null = null
  if (amount > 0) {
    const order = {
      key: "",
      key_type: "cpf" as const,
      beneficiary_name: dest.name,
      beneficiary_document: dest.document,
      beneficiary_bank: `${dest.bank_code} · ${dest.bank_name}`,
      description: `Saque automático para ${dest.bank_name} ${accountLabel(dest)}`
    }
    try {
      // the period's Pix limit (same holder) applies as to any Pix made now (issue 12)
      const op = randomUUID()
      // a nested transaction is a savepoint: a refusal leaves nothing half written
      const out = db.transaction(() => {
        assertPixLimit(ctx, r.wallet_id, order, amount)
        return executePixOut(ctx, r.wallet_id, order, amount, null, op)
      })()
      operationId = op
      e2e = out.end_to_end_id
      status = "done"
      reason = null
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      status = "failed"
      reason = e.key
    }
  }
  const row: ExecutionRow = {
    id: randomUUID(),
    wallet_id: r.wallet_id,
    run_at: runIso,
    status,
    amount: status === "skipped" ? 0 : amount,
    balance_before: balance,
    threshold: r.threshold,
    reason,
    bank_name: dest.bank_name,
    account_label: accountLabel(dest),
    operation_id: operationId,
    end_to_end_id: e2e,
    created_at: at,
    updated_at: at
  }
  const ins = db
    .prepare(
      `INSERT OR IGNORE INTO pix_withdraw_executions (id, wallet_id, run_at, status, amount, balance_before, threshold, reason, bank_name, account_label,
     operation_id, end_to_end_id, created_at, updated_at) VALUES (@id, @wallet_id, @run_at, @status, @amount, @balance_before, @threshold, @reason,
     @bank_name, @account_label, @operation_id, @end_to_end_id, @created_at, @updated_at)`
    )
    .run(row)
  if (ins.changes === 0) throw new Error(`withdraw run ${r.wallet_id} ${runIso} already recorded`)
  ctx.events.change("pix_withdraw_executions", { walletId: r.wallet_id, ids: [row.id], rows: [toExecution(row)] })
  settingsChanged(ctx, r.wallet_id)
  if (owner !== undefined && status !== "skipped") {
    notify(
      ctx,
      owner.owner_id,
      status === "done" ? "Saque automático realizado" : "Saque automático não realizado",
      status === "done"
        ? `R$ ${reais(amount)} foram enviados para ${dest.bank_name} ${accountLabel(dest)}.`
        : `O saque automático de R$ ${reais(amount)} não foi realizado.`
    )
  }
  return row
}

export interface WithdrawRun {
  readonly done: ReadonlyArray<string>
  readonly skipped: ReadonlyArray<string>
  readonly failed: ReadonlyArray<string>
}

/** One pass on the business clock (the caller's transaction; idempotent: a run instant is taken once). */
export const runWithdraw = (ctx: Ctx, now: number): WithdrawRun => {
  const done: string[] = []
  const skipped: string[] = []
  const failed: string[] = []
  for (const r of ctx.db.prepare("SELECT * FROM pix_withdraw_settings WHERE enabled = 1").all() as SettingsRow[]) {
    const since = Math.max(r.active_since === null ? 0 : Date.parse(r.active_since), r.last_run_at === null ? 0 : Date.parse(r.last_run_at))
    const due = dueRun(r, now, since)
    if (due === null) continue
    const x = runOne(ctx, r, due)
    if (x === null) continue
    ;(x.status === "done" ? done : x.status === "skipped" ? skipped : failed).push(x.id)
  }
  return { done, skipped, failed }
}
