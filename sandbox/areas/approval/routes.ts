/**
 * Staged approval of Pix payments (spec features §2 control-panel approval pages, §3 approval
 * setting and request, §4 states started → finished | reproved | canceled and the cut-off at
 * 23:59:59 of the same day, §5 approvers 1..100 and one setting per wallet, §6 "a request needs
 * the set number of approvers"; §8 the approval messages). Paths are our decision (not shown).
 * Reaching N approvals pays exactly once, inside the deciding request's transaction.
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, Reply, type Req } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { paginate, toApprovalRequest, type ApprovalRequestRow } from "../../repo.ts"
import { approvalReadScope, approvalRequestsChanged, notifyApproversNeeded } from "./quorum-db.ts"
import {
  approvalRuleOf,
  approvalsOf,
  cancelRequest,
  deleteSetting,
  expiredRequests,
  finishRequest,
  hasDecided,
  hasSetting,
  insertDecision,
  insertRequest,
  insertSetting,
  reproveRequest,
  requestById,
  settingById,
  startedRequests,
  touchRequest,
  updateSetting,
  walletRequestById
} from "./db.ts"
import { executePixOut, notify } from "../../ledger.ts"
import type { PixSettleExtra } from "../pix-qr/db.ts"
import { assertQrPayable, markQrPaid } from "../pix-qr/settle.ts"
import type { ApprovalRequest, ApprovalSetting, PixPaymentOrder } from "../../../schema/entities.ts"
import { iso, spCutoffOf } from "../../time.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"

const OK = { data: { ok: true } } as const
export const APPROVERS_MIN = 1
export const APPROVERS_MAX = 100

const requestEvents = (ctx: Ctx, r: ApprovalRequestRow, closed: boolean): void => {
  const row = toApprovalRequest(ctx.db, r)
  approvalRequestsChanged(ctx, r.wallet_id, [row]) // wallet-wide, and to a requester who reads only their own (D-approval-quorum)
  if (closed) ctx.events.change("approval_history", { walletId: r.wallet_id, ids: [r.id], rows: [row] })
}

/** Creates a started request (features §4) expiring at 23:59:59 America/Sao_Paulo of today; tells the approvers. */
export const createApprovalRequest = (
  ctx: Ctx,
  walletId: string,
  requestedBy: string,
  amount: number,
  order: PixPaymentOrder,
  requiredApprovals: number,
  txUuid: string | null,
  /** What the execution needs beyond the order (D-pix-staged-code): kept with it, never shown by the contract. */
  settle: PixSettleExtra = {}
): ApprovalRequestRow => {
  const at = ctx.clock.stamp()
  const id = randomUUID()
  insertRequest(ctx.db, {
    id,
    walletId,
    amount,
    paymentJson: JSON.stringify({ ...order, ...settle }),
    requiredApprovals,
    requestedBy,
    txUuid,
    at,
    expiresAt: iso(spCutoffOf(ctx.clock.now()))
  })
  const row = requestById(ctx.db, id)
  requestEvents(ctx, row, false)
  // issue 32 item 3: every approver the request waits for (its quorum's `awaiting`; never the requester) is told
  notifyApproversNeeded(ctx, row)
  return row
}

/** The answer of every Pix payment call: done now, or staged for approval (features §6, §7). */
export type PixPayAnswer = {
  readonly status: "completed" | "awaiting_approval"
  readonly operation_id: string | null
  readonly approval_request_id: string | null
  readonly end_to_end_id: string | null
  readonly amount: number
}

/**
 * features §6 staged approval, the same for every way of paying (by key, by account, by code): at or above the
 * wallet's approval minimum the payment becomes an approval request (202 awaiting_approval) and nothing moves until
 * the last approval, which executes it with what `settle` kept.
 */
export const stageForApproval = (
  ctx: Ctx,
  walletId: string,
  userId: string,
  amount: number,
  order: PixPaymentOrder,
  txKey: string | null,
  settle: PixSettleExtra = {}
): Reply<{ readonly data: PixPayAnswer }> | null => {
  const setting = approvalRuleOf(ctx.db, walletId)
  if (setting === undefined || amount < setting.min_value) return null
  const r = createApprovalRequest(ctx, walletId, userId, amount, order, setting.approvers, txKey, settle)
  return new Reply(202, { data: { status: "awaiting_approval" as const, operation_id: null, approval_request_id: r.id, end_to_end_id: null, amount } })
}

/**
 * The cut-off job (features §4, §9): requests still `started` at 23:59:59 UTC-3 of their day
 * become `canceled`. `all` cancels every started request now (admin "run-cutoff" with all).
 * Returns the canceled ids.
 */
export const runCutoff = (ctx: Ctx, all = false): string[] => {
  const now = ctx.clock.nowIso()
  const rows = all ? startedRequests(ctx.db) : expiredRequests(ctx.db, now)
  for (const r of rows) {
    const at = ctx.clock.stamp()
    cancelRequest(ctx.db, r.id, at)
    requestEvents(ctx, { ...r, status: "canceled", updated_at: at }, true)
  }
  return rows.map((r) => r.id)
}

export const registerApprovalRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const settingOf = (walletId: string, id: string): ApprovalSetting => {
    const s = settingById(db, walletId, id)
    if (s === undefined) throw new ApiError(404, "APPROVAL_SETTING_NOT_FOUND")
    return s
  }
  // features §5: approvers 1..100; a minimum value of at least R$ 0,01
  const validate = (b: { min_value: number; approvers: number }): void => {
    const fields: Record<string, string> = {}
    if (b.approvers < APPROVERS_MIN) fields["approvers"] = "VALIDATION_MIN_VALUE"
    if (b.approvers > APPROVERS_MAX) fields["approvers"] = "VALIDATION_MAX_VALUE"
    if (b.min_value < 1) fields["min_value"] = "VALIDATION_MIN_VALUE"
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", `approvers ${APPROVERS_MIN}..${APPROVERS_MAX}`, fields)
  }
  const settingEvent = (walletId: string, id: string): void => ctx.events.change("approval_settings", { walletId, ids: [id] })

  bind(app, ctx, "approvalSettings", (req) => ({
    data: paginate<ApprovalSetting, ApprovalSetting>(
      db,
      req.query,
      {
        from: "approval_settings",
        columns: "*",
        where: ["wallet_id = ?"],
        params: [req.wallet.wallet.id],
        sortable: { created_at: "created_at", updated_at: "updated_at" }
      },
      (s) => s
    )
  }))

  bind(app, ctx, "approvalSettingCreate", (req) => {
    validate(req.body)
    const w = req.wallet.wallet.id
    if (hasSetting(db, w)) throw new ApiError(422, "APPROVAL_SETTING_ALREADY_EXISTS")
    const at = ctx.clock.stamp()
    const id = randomUUID()
    insertSetting(db, id, w, req.body.min_value, req.body.approvers, at)
    settingEvent(w, id)
    return new Reply(201, { data: settingOf(w, id) })
  })

  bind(app, ctx, "approvalSettingUpdate", (req) => {
    const s = settingOf(req.wallet.wallet.id, req.params["id"] ?? "")
    validate(req.body)
    updateSetting(db, s.id, req.body.min_value, req.body.approvers, ctx.clock.stamp())
    settingEvent(s.wallet_id, s.id)
    return { data: settingOf(s.wallet_id, s.id) }
  })

  bind(app, ctx, "approvalSettingDelete", (req) => {
    const s = settingOf(req.wallet.wallet.id, req.params["id"] ?? "")
    deleteSetting(db, s.id)
    settingEvent(s.wallet_id, s.id)
    return OK
  })

  const statusFilter = (status: string | undefined, dflt: ReadonlyArray<string>, allowed: ReadonlyArray<string>): string[] => {
    if (status === undefined || status === "") return [...dflt]
    if (status === "all") return [...allowed]
    const vs = status.split(",").map((s) => s.trim())
    if (!vs.every((v) => allowed.includes(v))) throw new ApiError(422, "INCORRECT_DATA", undefined, { status: "VALIDATION_FORMAT" })
    return vs
  }
  /** `requestedBy`: only that member's requests (a reader of their own, D-approval-quorum); null: every request. */
  const listRequests = (walletId: string, q: Req<"approvalRequests">["query"], statuses: string[], requestedBy: string | null = null) => {
    runCutoff(ctx)
    return paginate<ApprovalRequestRow, ApprovalRequest>(
      db,
      q,
      {
        from: "approval_requests",
        columns: "*",
        where: ["wallet_id = ?", `status IN (${statuses.map(() => "?").join(",")})`, ...(requestedBy === null ? [] : ["requested_by = ?"])],
        params: [walletId, ...statuses, ...(requestedBy === null ? [] : [requestedBy])],
        sortable: { created_at: "created_at", updated_at: "updated_at", amount: "amount" }
      },
      (r) => toApprovalRequest(db, r)
    )
  }
  const ALL = ["started", "approved", "reproved", "canceled", "finished"] as const

  /**
   * D-approval-quorum: a member with get-all-assisted-payments reads every request; one with only a staged payment's
   * permission (a CLIENT requester) reads the requests they made — their quorum, live — and no one else's.
   */
  const ownOnly = (req: Req<"approvalRequests"> | Req<"approvalRequestGet"> | Req<"approvalReprove">): string | null =>
    approvalReadScope(req.wallet.actions) === "every" ? null : req.user.id

  // the queue: status `started` by default; `status=all` (or a list) for sync pulls that must see transitions
  bind(app, ctx, "approvalRequests", (req) => ({
    data: listRequests(req.wallet.wallet.id, req.query, statusFilter(req.query.status, ["started"], ALL), ownOnly(req))
  }))
  bind(app, ctx, "approvalHistory", (req) => ({
    data: listRequests(
      req.wallet.wallet.id,
      req.query,
      statusFilter(req.query.status, ["approved", "reproved", "canceled", "finished"], ["approved", "reproved", "canceled", "finished"])
    )
  }))

  /** A request of the wallet; for a reader of their own (`requestedBy`), another's is not found (D-approval-quorum). */
  const requestOf = (walletId: string, id: string, requestedBy: string | null = null): ApprovalRequestRow => {
    runCutoff(ctx)
    const r = walletRequestById(db, walletId, id)
    if (r === undefined || (requestedBy !== null && r.requested_by !== requestedBy)) throw new ApiError(404, "APPROVAL_REQUEST_NOT_FOUND")
    return r
  }

  bind(app, ctx, "approvalRequestGet", (req) => ({ data: toApprovalRequest(db, requestOf(req.wallet.wallet.id, req.params["id"] ?? "", ownOnly(req))) }))

  const decide = (req: Req<"approvalApprove"> | Req<"approvalReprove">, decision: "approved" | "reproved", reason: string | null): ApprovalRequest => {
    // approving needs the decision's permission (the contract); a reproval without it is the requester's withdrawal only
    const r = requestOf(req.wallet.wallet.id, req.params["id"] ?? "", decision === "reproved" ? ownOnly(req as Req<"approvalReprove">) : null)
    const me = req.user.id
    if (!hasPermission(req.wallet.actions, P.postApprovalDecision) && r.requested_by !== me)
      throw new ApiError(403, "WITHOUT_PERMISSION", "only the requester withdraws without the decision permission")
    if (hasDecided(db, r.id, me)) {
      throw new ApiError(422, "APPROVAL_ALREADY_DECIDED")
    }
    if (r.status !== "started") throw new ApiError(422, "APPROVAL_REQUEST_CLOSED", r.status)
    // our decision: four eyes — the requester may not approve their own payment (they may reprove it, withdrawing it)
    if (decision === "approved" && r.requested_by === me) throw new ApiError(403, "WITHOUT_PERMISSION", "the requester cannot approve their own request")
    const at = ctx.clock.stamp()
    insertDecision(db, r.id, me, decision, reason, at)
    let next: ApprovalRequestRow
    if (decision === "reproved") {
      reproveRequest(db, r.id, at)
      next = { ...r, status: "reproved", updated_at: at }
      notify(
        ctx,
        r.requested_by,
        "Pagamento reprovado",
        `O pagamento Pix de R$ ${(r.amount / 100).toFixed(2).replace(".", ",")} foi reprovado por ${req.user.name}.`
      )
    } else {
      if (approvalsOf(db, r.id) >= r.required_approvals) {
        // features §4/§6: the last needed approval executes the payment, once, in this same transaction
        const { credit_wallet_id: credit, txid, qr_code_id: qrId, ...order } = JSON.parse(r.payment_json) as PixPaymentOrder & PixSettleExtra
        const operationId = randomUUID()
        // a code paid through approval (D-pix-staged-code): a dynamic one must still be payable when the last approval comes
        if (qrId !== undefined && qrId !== null) assertQrPayable(ctx, qrId)
        executePixOut(ctx, r.wallet_id, order, r.amount, r.transaction_uuid, operationId, {
          ...(credit === undefined ? {} : { creditWalletId: credit }),
          ...(txid === undefined ? {} : { txid })
        })
        if (qrId !== undefined && qrId !== null) markQrPaid(ctx, qrId, r.wallet_id, r.amount)
        const done = ctx.clock.stamp()
        if (!finishRequest(db, r.id, operationId, done)) throw new ApiError(422, "APPROVAL_REQUEST_CLOSED")
        next = { ...r, status: "finished", operation_id: operationId, updated_at: done }
        notify(ctx, r.requested_by, "Pagamento aprovado", `O pagamento Pix para ${order.beneficiary_name} foi aprovado e concluído.`)
      } else {
        touchRequest(db, r.id, at)
        next = { ...r, updated_at: at }
      }
    }
    requestEvents(ctx, next, next.status !== "started")
    return toApprovalRequest(db, next)
  }

  bind(app, ctx, "approvalApprove", (req) => ({ data: decide(req, "approved", null) }))
  bind(app, ctx, "approvalReprove", (req) => ({ data: decide(req, "reproved", req.body.reason ?? null) }))
}
