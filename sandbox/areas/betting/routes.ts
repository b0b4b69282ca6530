/**
 * Sports betting (spec features §2, §3, §4, §5, §6 endr group, §7 /users/endr/*, §8, §9; Law
 * 14.790/2023): daily reports from uploaded files, validated asynchronously against the report
 * schema (in_progress → completed | failure with its reason, each step a stream hint with the row);
 * one change per date until the Nth bank business day of the next month (a per-wallet setting,
 * default 7) and cancel until then ("unable to cancel report submission" after); monthly GGR, one per
 * month, changed once; its apportionment (12 % of the GGR to the destinations of art. 30) with a
 * Pix BR Code for the amount due, paid from the wallet with the PIN. Only a company wallet (the
 * licensed operator is a legal person) holding the endr permission: D-betting-operator.
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import { inflateRawSync } from "node:zlib"
import type { Ctx } from "../../context.ts"
import { later } from "../../context.ts"
import { bind, decodeOr422, Reply } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { userById, type WalletAccess } from "../../repo.ts"
import { postEntry } from "../../ledger.ts"
import { paged } from "../../paged.ts"
import { fileBytes, fileRow } from "../storage/routes.ts"
import {
  activeReportOf,
  apportionmentById,
  apportionmentOfGgrId,
  bettingPaymentById,
  changeGgrValue,
  correctionDayOf,
  deleteGgr,
  ggrById,
  insertApportionment,
  insertGgr,
  insertReport,
  isFileReported,
  isGgrSent,
  payApportionment,
  reportById,
  updateApportionment,
  updateReport,
  type ApportionmentRow,
  type GgrRow,
  type PaymentRow,
  type ReportRow
} from "./db.ts"
import {
  apportion,
  reportCorrectionDeadline,
  REPORT_CORRECTION_BUSINESS_DAY,
  type Apportionment,
  type BettingReport,
  type GgrPayment,
  type GgrSubmission,
  ggrCreateBodyOn,
  reportCreateBodyOn
} from "../../../schema/betting.ts"
import { checkReportFile, type ReportCheck } from "../../../schema/betting-report.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { encodePixCopyPaste } from "../../../schema/pix-brcode.ts"

/** How long the sandbox takes to process a report (ours). */
export const REPORT_PROCESS_MS = 600
/** The Pix key that receives apportionments in the sandbox (a CNPJ-shaped key of ours). */
const APPORTIONMENT_PIX_KEY = "00394460000141"

export const toReport = (r: ReportRow): BettingReport => ({ ...r })
export const toGgr = (r: GgrRow): GgrSubmission => ({ ...r })
export const toApportionment = (r: ApportionmentRow): Apportionment => ({ ...r, beneficiaries: JSON.parse(r.beneficiaries) as Apportionment["beneficiaries"] })
export const toPayment = (r: PaymentRow): GgrPayment => ({ ...r })

/** features §5: the correction deadline's business day for a wallet (setting, default 7; D-betting-deadline). */
export const correctionDay = (ctx: Ctx, walletId: string): number => correctionDayOf(ctx.db, walletId) ?? REPORT_CORRECTION_BUSINESS_DAY

const todayOf = (ctx: Ctx): string => saoPauloDateKey(new Date(ctx.clock.now()))

/** D-betting-operator: the operator is a company (a legal person) — its wallet's owner. */
const requireOperator = (ctx: Ctx, w: WalletAccess): void => {
  if (userById(ctx.db, w.wallet.owner_id)?.type !== "LEGAL_PERSON") throw new ApiError(403, "BETTING_OPERATOR_ONLY")
}

const brcodeFor = (id: string, amount: number): string =>
  encodePixCopyPaste({
    key: APPORTIONMENT_PIX_KEY,
    amountCents: Math.max(1, amount),
    merchantName: "TESOURO NACIONAL",
    merchantCity: "BRASILIA",
    txid: `ENDR${id.replace(/-/g, "").slice(0, 21)}`
  })

type Table = "endr_reports" | "endr_ggr" | "endr_apportionments" | "endr_payments"
/** A page of a wallet's rows of one table, newest first, of one day when `dateCol` is given and the query names it. */
const walletPage = <R, T>(
  ctx: Ctx,
  table: Table,
  walletId: string,
  q: { page?: string; page_size?: string; date?: string },
  map: (r: R) => T,
  dateCol?: string
) => {
  const byDate = dateCol !== undefined && q.date ? q.date : undefined
  return {
    data: paged(
      ctx.db,
      q,
      {
        from: table,
        where: `wallet_id = ?${byDate !== undefined ? ` AND ${dateCol} = ?` : ""}`,
        params: byDate !== undefined ? [walletId, byDate] : [walletId]
      },
      map
    )
  }
}

export const reportRow = (ctx: Ctx, id: string): ReportRow | undefined => reportById(ctx.db, id)

const saveReport = (ctx: Ctx, id: string, patch: Partial<ReportRow>): ReportRow => {
  updateReport(ctx.db, id, patch, ctx.clock.stamp())
  const row = reportRow(ctx, id) as ReportRow
  ctx.events.change("endr_reports", { walletId: row.wallet_id, ids: [row.id], rows: [toReport(row)] })
  return row
}

/** The asynchronous processing of a report (features §4 in progress → completed | failure). */
export const processReport = async (ctx: Ctx, id: string): Promise<void> => {
  const r = reportRow(ctx, id)
  if (r === undefined || r.status !== "in_progress") return
  const bytes = fileBytes(ctx, r.file_id)
  const check:
    | ReportCheck
    | {
        readonly ok: false
        readonly code: "FILE_NOT_READY"
        readonly detail: string
        readonly line?: number
        readonly column?: number
        readonly entry?: string
      } =
    bytes === undefined
      ? { ok: false, code: "FILE_NOT_READY", detail: "the file is gone" }
      : await checkReportFile(new Uint8Array(bytes), async (b) => new Uint8Array(inflateRawSync(b)), r.report_date)
  const now = reportRow(ctx, id)
  if (now === undefined || now.status !== "in_progress") return // cancelled meanwhile
  ctx.db.transaction(() => {
    if (check.ok) saveReport(ctx, id, { status: "completed", bets: check.bets })
    else {
      const where = ["entry" in check && check.entry ? check.entry : null, check.line !== undefined ? `${check.line}:${check.column ?? 0}` : null]
        .filter(Boolean)
        .join(" ")
      saveReport(ctx, id, { status: "failure", failure_reason: check.code, failure_detail: where ? `${where} ${check.detail}` : check.detail })
    }
  })()
}

const saveApportionment = (ctx: Ctx, ggr: GgrRow, existing?: ApportionmentRow): ApportionmentRow => {
  const { total, beneficiaries } = apportion(ggr.total_value)
  const at = ctx.clock.stamp()
  const id = existing?.id ?? randomUUID()
  const calc = todayOf(ctx)
  if (existing) {
    updateApportionment(ctx.db, id, { ggrValue: ggr.total_value, total, beneficiaries: JSON.stringify(beneficiaries), calc, brcode: brcodeFor(id, total), at })
  } else {
    insertApportionment(ctx.db, {
      id,
      walletId: ggr.wallet_id,
      ggrId: ggr.id,
      month: ggr.month,
      year: ggr.year,
      calc,
      ggrValue: ggr.total_value,
      total,
      beneficiaries: JSON.stringify(beneficiaries),
      brcode: brcodeFor(id, total),
      at
    })
  }
  const row = apportionmentById(ctx.db, id) as ApportionmentRow
  ctx.events.change("endr_apportionments", { walletId: row.wallet_id, ids: [row.id], rows: [toApportionment(row)] })
  return row
}

export const registerBettingRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "endrReports", (req) => {
    requireOperator(ctx, req.wallet)
    return walletPage<ReportRow, BettingReport>(ctx, "endr_reports", req.wallet.wallet.id, req.query, toReport, "report_date")
  })

  bind(app, ctx, "endrReportCreate", (req) => {
    requireOperator(ctx, req.wallet)
    const walletId = req.wallet.wallet.id
    // the date's format, and that day or one before by the business clock: the body's Schema on today (D-sandbox-by-area)
    const { report_date, file_id } = decodeOr422(reportCreateBodyOn(todayOf(ctx)), req.body)
    const file = fileRow(ctx, file_id)
    if (file === undefined || file.wallet_id !== walletId || file.purpose !== "endr-report" || file.state !== "READY") throw new ApiError(422, "FILE_NOT_READY")
    if (isFileReported(db, file_id)) throw new ApiError(422, "FILE_NOT_READY", "this file is already a report")
    const deadline = reportCorrectionDeadline(report_date, correctionDay(ctx, walletId))
    const active = activeReportOf(db, walletId, report_date)
    let changes = 0
    if (active !== undefined) {
      // features §5: a report can be changed once per date until the deadline
      if (active.changes >= 1 || todayOf(ctx) > deadline) throw new ApiError(422, "REPORT_CHANGE_NOT_ALLOWED", `deadline ${deadline}`)
      saveReport(ctx, active.id, { status: "cancelled", failure_reason: "REPLACED", failure_detail: null })
      changes = 1
    }
    const at = ctx.clock.stamp()
    const id = randomUUID()
    insertReport(db, { id, walletId, reportDate: report_date, fileId: file_id, fileName: file.name, size: file.size, changes, deadline, txKey: req.txKey, at })
    const row = reportRow(ctx, id) as ReportRow
    ctx.events.change("endr_reports", { walletId, ids: [id], rows: [toReport(row)] })
    later(ctx, REPORT_PROCESS_MS, () => {
      void processReport(ctx, id).catch((e: unknown) => ctx.log(`[sandbox] report ${id}: ${String(e)}`))
    })
    return new Reply(201, { data: toReport(row) })
  })

  bind(app, ctx, "endrReportCancel", (req) => {
    requireOperator(ctx, req.wallet)
    const r = reportRow(ctx, req.params["id"] ?? "")
    if (r === undefined || r.wallet_id !== req.wallet.wallet.id) throw new ApiError(404, "REPORT_NOT_FOUND")
    // features §5, §8: "unable to cancel report submission" once cancelled, failed, or past the deadline
    if (r.status === "cancelled" || r.status === "failure" || todayOf(ctx) > r.deadline)
      throw new ApiError(422, "UNABLE_TO_CANCEL_REPORT", `deadline ${r.deadline}`)
    return { data: toReport(saveReport(ctx, r.id, { status: "cancelled" })) }
  })

  bind(app, ctx, "endrGgrList", (req) => {
    requireOperator(ctx, req.wallet)
    return walletPage<GgrRow, GgrSubmission>(ctx, "endr_ggr", req.wallet.wallet.id, req.query, toGgr)
  })

  const ggrOf = (walletId: string, id: string): GgrRow => {
    const g = ggrById(db, id)
    if (g === undefined || g.wallet_id !== walletId) throw new ApiError(404, "GGR_NOT_FOUND")
    return g
  }
  const apportionmentOfGgr = (ggrId: string) => apportionmentOfGgrId(db, ggrId)

  bind(app, ctx, "endrGgrCreate", (req) => {
    requireOperator(ctx, req.wallet)
    // the month, the year and the value, and no month still to come by the business clock: the body's Schema on today
    // (D-rules-on-contract, D-sandbox-by-area)
    const { month, year, total_value } = decodeOr422(ggrCreateBodyOn(todayOf(ctx)), req.body)
    const walletId = req.wallet.wallet.id
    // features §5, §8: a GGR for a month already sent is rejected
    if (isGgrSent(db, walletId, year, month)) throw new ApiError(422, "GGR_ALREADY_SENT")
    const at = ctx.clock.stamp()
    const id = randomUUID()
    insertGgr(db, { id, walletId, month, year, totalValue: total_value, at })
    const g = ggrOf(walletId, id)
    ctx.events.change("endr_ggr", { walletId, ids: [id], rows: [toGgr(g)] })
    saveApportionment(ctx, g)
    return new Reply(201, { data: toGgr(g) })
  })

  bind(app, ctx, "endrGgrById", (req) => {
    requireOperator(ctx, req.wallet)
    return { data: toGgr(ggrOf(req.wallet.wallet.id, req.params["id"] ?? "")) }
  })

  bind(app, ctx, "endrGgrPatch", (req) => {
    requireOperator(ctx, req.wallet)
    const g = ggrOf(req.wallet.wallet.id, req.params["id"] ?? "")
    const a = apportionmentOfGgr(g.id)
    // features §5: a GGR can be changed only once (and not once its apportionment is paid)
    if (g.changes >= 1 || a?.status === "paid") throw new ApiError(422, "GGR_CHANGE_NOT_ALLOWED")
    changeGgrValue(db, g.id, req.body.total_value, ctx.clock.stamp())
    const after = ggrOf(g.wallet_id, g.id)
    ctx.events.change("endr_ggr", { walletId: g.wallet_id, ids: [g.id], rows: [toGgr(after)] })
    saveApportionment(ctx, after, a)
    return { data: toGgr(after) }
  })

  bind(app, ctx, "endrGgrDelete", (req) => {
    requireOperator(ctx, req.wallet)
    const g = ggrOf(req.wallet.wallet.id, req.params["id"] ?? "")
    const a = apportionmentOfGgr(g.id)
    if (a?.status === "paid") throw new ApiError(422, "GGR_CHANGE_NOT_ALLOWED")
    deleteGgr(db, g.id, a?.id)
    ctx.events.change("endr_ggr", { walletId: g.wallet_id, ids: [g.id] })
    if (a) ctx.events.change("endr_apportionments", { walletId: g.wallet_id, ids: [a.id] })
    return { data: { ok: true } }
  })

  bind(app, ctx, "endrApportionments", (req) => {
    requireOperator(ctx, req.wallet)
    return walletPage<ApportionmentRow, Apportionment>(ctx, "endr_apportionments", req.wallet.wallet.id, req.query, toApportionment, "calculation_date")
  })

  bind(app, ctx, "endrPayments", (req) => {
    requireOperator(ctx, req.wallet)
    return walletPage<PaymentRow, GgrPayment>(ctx, "endr_payments", req.wallet.wallet.id, req.query, toPayment)
  })

  bind(app, ctx, "endrPay", (req) => {
    requireOperator(ctx, req.wallet)
    const walletId = req.wallet.wallet.id
    const a = apportionmentById(db, req.body.apportionment_id)
    if (a === undefined || a.wallet_id !== walletId) throw new ApiError(404, "APPORTIONMENT_NOT_FOUND")
    if (a.status === "paid") throw new ApiError(422, "APPORTIONMENT_ALREADY_PAID")
    if (a.total_value > 0) {
      postEntry(ctx, {
        walletId,
        type: "PIX_OUT",
        direction: "out",
        currency: "BRL",
        amount: a.total_value,
        description: `Rateio GGR ${String(a.month).padStart(2, "0")}/${a.year} (Lei 14.790/2023)`,
        counterpartyName: "Tesouro Nacional",
        counterpartyDocument: APPORTIONMENT_PIX_KEY,
        transactionUuid: req.txKey
      })
    }
    const at = ctx.clock.stamp()
    const pid = randomUUID()
    payApportionment(db, a, pid, req.txKey, at)
    const paid = apportionmentById(db, a.id) as ApportionmentRow
    const pay = bettingPaymentById(db, pid)
    ctx.events.change("endr_apportionments", { walletId, ids: [a.id], rows: [toApportionment(paid)] })
    ctx.events.change("endr_payments", { walletId, ids: [pid], rows: [toPayment(pay)] })
    return new Reply(201, { data: toPayment(pay) })
  })
}
