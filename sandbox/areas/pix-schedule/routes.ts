/**
 * Scheduled Pix and recurrences (spec features §2 scheduled-pix, recurrence-pix; §4 cancel by
 * operation id, deactivate; §5 and §9 "up to 60 days ahead (UTC-3)"; §7 the calls; §8 recurring
 * Pix above the maximum value; issue 13). The list is sorted created_at desc, 20 a page; a payment
 * is scheduled by key from tomorrow to 60 days ahead in São Paulo time (isSchedulableDate) and runs
 * on its date by the scheduler (sandbox/scheduler.ts); cancelling by operation id is only possible
 * while it is still scheduled. Bodies and the choices the spec leaves open: D-pix-schedule.
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { decodeSentPixKey } from "../../ledger.ts"
import { lookupPixKey } from "../pix-keys/db.ts"
import { paginate, walletAndStatus } from "../../repo.ts"
import { isCalendarDate, spDateKey, DAY_MS } from "../../time.ts"
import {
  createScheduleTables,
  insertScheduled,
  makeOccurrences,
  recurrenceChanged,
  runScheduler,
  scheduledChanged,
  scheduledById,
  toRecurrence,
  toScheduledPix,
  type RecurrenceRow,
  type ScheduledPixRow
} from "../../scheduler.ts"
import { isSchedulableDate } from "../../../schema/schedule.ts"
import { cancelScheduled, deactivateRecurrence, insertRecurrence, openOccurrencesOf, recurrenceOf, scheduledByOperation } from "./db.ts"
import { RECURRENCE_START_MAX_DAYS } from "../../../schema/pix-schedule.ts"
import { registerPixAutomaticRoutes } from "../pix-automatic/routes.ts"
import { registerPixWithdrawRoutes } from "../pix-withdraw/routes.ts"

const daysFrom = (today: string, date: string): number => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS)

export const registerPixScheduleRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createScheduleTables(db)
  // Pix Automático (features §2 automatic-pix; its own file)
  registerPixAutomaticRoutes(app, ctx)
  // automatic withdrawals (features §2 automatic-withdraw; its own file)
  registerPixWithdrawRoutes(app, ctx)

  bind(app, ctx, "scheduledPixList", (req) => {
    const { where, params } = walletAndStatus(req.wallet.wallet.id, req.query.status)
    return {
      data: paginate<ScheduledPixRow, ReturnType<typeof toScheduledPix>>(
        db,
        req.query,
        {
          from: "scheduled_pix",
          columns: "*",
          where,
          params,
          sortable: { created_at: "created_at", updated_at: "updated_at", payment_date: "payment_date" }
        },
        toScheduledPix
      )
    }
  })

  bind(app, ctx, "scheduledPixCreate", (req) => {
    // the key, the amount and the description (features §5): the body's Schema (D-rules-on-contract)
    const b = req.body
    const fields: Record<string, string> = {}
    // features §5, §9: from tomorrow up to 60 days ahead, São Paulo time
    if (!isCalendarDate(b.payment_date)) fields["payment_date"] = "VALIDATION_DATE"
    else if (!isSchedulableDate(b.payment_date, new Date(ctx.clock.now()))) fields["payment_date"] = "VALIDATION_DATE_WITHIN_DAYS"
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    const row = insertScheduled(ctx, {
      walletId: req.wallet.wallet.id,
      userId: req.user.id,
      key: b.key.trim(),
      amount: b.amount,
      description: b.description.trim(),
      paymentDate: b.payment_date
    })
    return new Reply(201, { data: toScheduledPix(row) })
  })

  bind(app, ctx, "pixPaymentCancelByOperation", (req) => {
    const r = scheduledByOperation(db, req.wallet.wallet.id, req.params["id"])
    if (r === undefined) throw new ApiError(404, "NOT_FOUND", "scheduled payment")
    // executed, failed or already cancelled: nothing to cancel (a repeat of the same command answers its first result)
    if (r.status !== "scheduled") throw new ApiError(422, "UNABLE_TO_PERFORM_ACTION", `scheduled payment is ${r.status}`)
    const at = ctx.clock.stamp()
    cancelScheduled(db, r.id, at)
    const now = scheduledById(db, r.id) as ScheduledPixRow
    scheduledChanged(ctx, now)
    return { data: toScheduledPix(now) }
  })

  bind(app, ctx, "pixRecurrences", (req) => ({
    data: paginate<RecurrenceRow, ReturnType<typeof toRecurrence>>(
      db,
      req.query,
      {
        from: "pix_recurrences",
        columns: "*",
        where: ["wallet_id = ?"],
        params: [req.wallet.wallet.id],
        sortable: { created_at: "created_at", updated_at: "updated_at" }
      },
      toRecurrence
    )
  }))

  bind(app, ctx, "pixRecurrenceCreate", (req) => {
    // the key, the value, the maximum and the description (features §5): the body's Schema (D-rules-on-contract)
    const b = req.body
    const fields: Record<string, string> = {}
    const decoded = decodeSentPixKey(b.key)
    const today = spDateKey(ctx.clock.now())
    if (!isCalendarDate(b.start_date)) fields["start_date"] = "VALIDATION_DATE"
    else {
      const d = daysFrom(today, b.start_date)
      if (d < 1 || d > RECURRENCE_START_MAX_DAYS) fields["start_date"] = "VALIDATION_DATE"
    }
    if (b.end_date !== undefined) {
      if (!isCalendarDate(b.end_date)) fields["end_date"] = "VALIDATION_DATE"
      else if (b.end_date < b.start_date) fields["end_date"] = "VALIDATION_DATE_RANGE"
    }
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    // features §4, §8: a recurring Pix above the maximum value is not scheduled and the user is warned
    if (b.payment_max_value !== undefined && b.value > b.payment_max_value) throw new ApiError(422, "RECURRING_PIX_ABOVE_MAXIMUM")
    const holder = lookupPixKey(db, decoded.key)
    const at = ctx.clock.stamp()
    const start = new Date(`${b.start_date}T00:00:00Z`)
    const row: RecurrenceRow = {
      id: randomUUID(),
      wallet_id: req.wallet.wallet.id,
      user_id: req.user.id,
      key: decoded.key,
      key_type: decoded.key_type,
      beneficiary_name: holder?.name ?? decoded.beneficiary_name,
      beneficiary_document: holder?.document ?? decoded.beneficiary_document,
      beneficiary_bank: holder !== null ? "Carteira (Sandbox)" : decoded.beneficiary_bank,
      holder_wallet_id: holder?.wallet_id ?? null,
      value: b.value,
      payment_max_value: b.payment_max_value ?? null,
      description: b.description.trim(),
      frequency: b.frequency,
      start_date: b.start_date,
      end_date: b.end_date ?? null,
      day: b.frequency === "WEEKLY" ? start.getUTCDay() : start.getUTCDate(),
      status: "active",
      made_until: "",
      created_at: at,
      updated_at: at
    }
    insertRecurrence(db, row)
    recurrenceChanged(ctx, row)
    makeOccurrences(ctx, row, today)
    return new Reply(201, { data: toRecurrence(row) })
  })

  bind(app, ctx, "pixRecurrenceDeactivate", (req) => {
    const r = recurrenceOf(db, req.wallet.wallet.id, req.params["id"])
    if (r === undefined) throw new ApiError(404, "NOT_FOUND", "recurrence")
    if (r.status !== "active") throw new ApiError(422, "UNABLE_TO_PERFORM_ACTION", "recurrence is inactive")
    const at = ctx.clock.stamp()
    deactivateRecurrence(db, r.id, at)
    // its occurrences still to come are cancelled with it
    for (const s of openOccurrencesOf(db, r.id)) {
      cancelScheduled(db, s.id, at)
      scheduledChanged(ctx, scheduledById(db, s.id) as ScheduledPixRow)
    }
    const now = { ...r, status: "inactive" as const, updated_at: at }
    recurrenceChanged(ctx, now)
    return { data: toRecurrence(now) }
  })
}

export { runScheduler }
