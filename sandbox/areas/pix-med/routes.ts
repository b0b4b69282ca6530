/**
 * MED — contesting a sent Pix — in the sandbox (issue 32 item 1; docs/decisions.md D-pix-med): the
 * wallet's contests as payer and as receiver, opening one (the sandbox plays the receiving
 * institution: what is left of the amount is blocked in the receiver's wallet at once), and the
 * receiver's defence before the 7-day analysis ends. The analysis and the decision are the
 * receiving institution's pass (sandbox/areas/pix-med/db.ts runMed), run like the scheduler's: when the business
 * clock moves (`__admin/clock`), shortly after a contest is opened, and every few seconds of real time. Refusals change nothing: every check comes before a write,
 * and the handler runs in one SQLite transaction (sandbox/http.ts).
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import { later, type Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { paginate, walletOwnerOf, accountBalance } from "../../repo.ts"
import { SCHEDULER_PERIOD_MS } from "../../scheduler.ts"
import {
  createPixMedTables,
  insertContest,
  isContested,
  medBlockedOf,
  medChanged,
  medNotify,
  medRow,
  receiverWalletOf,
  runMed,
  saveDefence,
  statementRowsOfPix,
  toContest,
  type MedRow
} from "./db.ts"
import { isMedReason, medBlockable, medDeadline, medTextProblem, withinMedWindow } from "../../../schema/pix-med.ts"
import type { PixMedContest } from "../../../schema/pix-med.ts"

/** The receiving institution's pass in its own transaction; a failure is logged, never thrown at a timer. */
const runMedNow = (ctx: Ctx): void => {
  try {
    ctx.db.transaction(() => runMed(ctx))()
  } catch (e) {
    ctx.log(`[sandbox] med failed: ${String(e)}`)
  }
}

/** How soon after opening the receiving institution takes the contest into analysis (real ms; the scheduler's pass also does it). */
const ACK_MS = 1000

export const registerPixMedRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createPixMedTables(db)
  // on the business clock, as the scheduler (sandbox/scheduler.ts): when it moves and every SCHEDULER_PERIOD_MS
  ctx.onClockChange.push(() => runMedNow(ctx))
  const tick = (): void => {
    runMedNow(ctx)
    later(ctx, SCHEDULER_PERIOD_MS, tick)
  }
  later(ctx, SCHEDULER_PERIOD_MS, tick)

  bind(app, ctx, "pixMedContests", (req) => {
    const w = req.wallet.wallet.id
    const where = ["(payer_wallet_id = ? OR receiver_wallet_id = ?)"]
    const params: unknown[] = [w, w]
    if (req.query.status !== undefined && req.query.status !== "") {
      where.push("status = ?")
      params.push(req.query.status)
    }
    return {
      data: paginate<MedRow, PixMedContest>(
        db,
        req.query,
        { from: "pix_med_contests", columns: "*", where, params, sortable: { created_at: "created_at", updated_at: "updated_at" } },
        (r) => toContest(r, w)
      )
    }
  })

  bind(app, ctx, "pixMedContestOpen", (req) => {
    const w = req.wallet.wallet
    const b = req.body
    // issue 32 "Bad input": no reason (or one not of the four) is refused with the field named
    const fields: Record<string, string> = {}
    if (!isMedReason(b.reason)) fields["reason"] = "VALIDATION_REQUIRED"
    const dp = medTextProblem(b.description, false)
    if (dp !== null) fields["description"] = dp
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    const reason = b.reason as PixMedContest["reason"]
    const e2e = b.end_to_end_id.trim()
    const rows = statementRowsOfPix(db, w.id, e2e)
    const sent = rows.find((r) => r.type === "PIX_OUT")
    // a Pix this wallet received (or nothing of this wallet's) is not contestable by it
    if (sent === undefined) {
      if (rows.some((r) => r.type === "PIX_IN")) throw new ApiError(422, "PIX_MED_NOT_SENT")
      throw new ApiError(404, "NOT_FOUND")
    }
    if (sent.status !== "completed") throw new ApiError(422, "PIX_MED_NOT_SENT")
    // issue 32: within 80 days of the payment on the business clock (the boundary instant included)
    if (!withinMedWindow(sent.created_at, ctx.clock.now())) throw new ApiError(422, "PIX_MED_EXPIRED")
    if (isContested(db, e2e)) throw new ApiError(422, "PIX_MED_ALREADY_CONTESTED")

    const receiverWallet = receiverWalletOf(db, e2e, w.id)
    // issue 32: what is left of the amount is blocked at once — min(amount, what the receiver has free)
    let blocked = 0
    if (receiverWallet !== null) {
      const bal = accountBalance(db, receiverWallet)?.balance ?? 0
      blocked = medBlockable(sent.amount, bal, medBlockedOf(db, receiverWallet))
    }
    const payer = walletOwnerOf(db, w.id)
    const at = ctx.clock.stamp()
    const id = randomUUID()
    insertContest(db, {
      id,
      e2e,
      payerWalletId: w.id,
      payerStatementId: sent.id,
      receiverWalletId: receiverWallet,
      reason,
      description: b.description.trim(),
      amount: sent.amount,
      blocked,
      payerName: payer?.full_name ?? "",
      receiverName: sent.counterparty_name,
      paidAt: sent.created_at,
      at,
      deadline: medDeadline(at)
    })
    const row = medRow(db, id)
    if (row === undefined) throw new ApiError(500, "INTERNAL_ERROR")
    medChanged(ctx, row)
    medNotify(ctx, row, "opened")
    // the receiving institution takes it into analysis at once (a moment later, so "opened" is seen)
    later(ctx, ACK_MS, () => runMedNow(ctx))
    return new Reply(201, { data: toContest(row, w.id) })
  })

  bind(app, ctx, "pixMedDefence", (req) => {
    const w = req.wallet.wallet.id
    const r = medRow(db, req.params["id"] ?? "")
    if (r === undefined || r.receiver_wallet_id !== w) throw new ApiError(404, "NOT_FOUND")
    // issue 32: a defence only before the analysis ends (the deadline on the business clock, or a decision already made)
    if ((r.status !== "opened" && r.status !== "under_analysis") || ctx.clock.now() >= Date.parse(r.deadline)) throw new ApiError(422, "PIX_MED_DEFENCE_CLOSED")
    const p = medTextProblem(req.body.defence, true)
    if (p !== null) throw new ApiError(422, "INCORRECT_DATA", undefined, { defence: p })
    const at = ctx.clock.stamp()
    saveDefence(db, r.id, req.body.defence.trim(), at)
    const now = medRow(db, r.id)
    if (now === undefined) throw new ApiError(500, "INTERNAL_ERROR")
    medChanged(ctx, now)
    return { data: toContest(now, w) }
  })
}
