/**
 * The approvers' notifications of staged approval (spec features §4 the 23:59:59 UTC-3 cut-off, §6 "a request needs the
 * set number of approvers"; issue 32 item 3; D-approval-quorum): "a request needs you" to every approver the request
 * waits for when it is made, and a reminder at 23:00 business time (America/Sao_Paulo) of its day to those still
 * awaited, once each (the `approval_reminders` table's key), on the scheduler's clock. Notifications carry a message
 * key and values (`notifications.message_json`) the client words in the user's language.
 */
import type { Ctx } from "../../context.ts"
import { randomUUID } from "node:crypto"
import type { NotificationMessage } from "../../../schema/entities.ts"
import type { ApprovalRequest } from "../../../schema/entities.ts"
import { hasPermission, READS_APPROVAL_QUEUE, READS_EVERY_REQUEST } from "../../../schema/permissions.ts"
import { toApprovalRequest, toNotification, walletAccess, type ApprovalRequestRow } from "../../repo.ts"
import { reais } from "../../money.ts"

/**
 * Who reads which of a wallet's approval requests (D-approval-quorum): "every" with get-all-assisted-payments (the
 * approvers, ADMIN, the owner), "own" — only the requests they made — with a staged payment's permission (a CLIENT
 * requester), "none" otherwise (the contract's permission refuses them first, 403).
 */
export const approvalReadScope = (actions: ReadonlyArray<string>): "every" | "own" | "none" =>
  hasPermission(actions, READS_EVERY_REQUEST) ? "every" : hasPermission(actions, READS_APPROVAL_QUEUE) ? "own" : "none"

/**
 * The change hint of approval requests: wallet-wide for the readers of every request (schema/lists.ts `everyRow`:
 * the stream sends it to no one else), and each requester who reads only their own gets their rows addressed to them,
 * so their queue follows the quorum live without seeing anyone else's request.
 */
export const approvalRequestsChanged = (ctx: Ctx, walletId: string, rows: ReadonlyArray<ApprovalRequest>): void => {
  if (rows.length === 0) return
  ctx.events.change("approval_requests", { walletId, ids: rows.map((r) => r.id), rows })
  const byRequester = new Map<string, ApprovalRequest[]>()
  for (const r of rows) byRequester.set(r.requested_by, [...(byRequester.get(r.requested_by) ?? []), r])
  for (const [userId, own] of byRequester) {
    const access = walletAccess(ctx.db, userId, walletId)
    if (typeof access === "string" || approvalReadScope(access.actions) !== "own") continue
    ctx.events.change("approval_requests", { walletId, userId, ids: own.map((r) => r.id), rows: own })
  }
}

/** features §4, §9: the cut-off is 23:59:59; the reminder goes 59 min 59 s before it (23:00:00 in São Paulo). */
export const REMINDER_BEFORE_CUTOFF_MS = 59 * 60_000 + 59_000

/** sandbox/ledger.ts `notify` with a message key: the Portuguese text stays as the fallback of a client that does not know the key. */
const notify = (ctx: Ctx, userId: string, title: string, description: string, message: NotificationMessage): void => {
  const at = ctx.clock.stamp()
  const id = randomUUID()
  const messageJson = JSON.stringify(message)
  ctx.db
    .prepare("INSERT INTO notifications (id, user_id, title, description, created_at, updated_at, read, message_json) VALUES (?, ?, ?, ?, ?, ?, 0, ?)")
    .run(id, userId, title, description, at, at, messageJson)
  const unread = (ctx.db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read = 0").get(userId) as { n: number }).n
  ctx.events.notification(userId, toNotification({ id, title, description, created_at: at, read: 0, message_json: messageJson }), unread)
}

/** "A request needs you": every approver the new request waits for (not the requester, D-approval-quorum). */
export const notifyApproversNeeded = (ctx: Ctx, r: ApprovalRequestRow): void => {
  const req = toApprovalRequest(ctx.db, r)
  const params = { amount: r.amount, beneficiary: req.payment.beneficiary_name, requester: req.requested_by_name, request_id: r.id }
  for (const a of req.awaiting ?? []) {
    notify(
      ctx,
      a.user_id,
      "Solicitação de aprovação",
      `${req.requested_by_name} pediu um pagamento Pix de R$ ${reais(r.amount)} para ${req.payment.beneficiary_name}; ele aguarda sua aprovação.`,
      { key: "approvalNeeded", params }
    )
  }
}

/**
 * The reminder (features §4): every started request whose 23:00 has come and whose 23:59:59 has not, to each approver
 * still awaited, once (a request cut off before the scheduler saw 23:00 gets none). Returns how many were sent.
 */
export const remindApprovals = (ctx: Ctx): number => {
  const now = ctx.clock.now()
  const rows = ctx.db
    .prepare("SELECT * FROM approval_requests WHERE status = 'started' AND expires_at > ? AND expires_at <= ?")
    .all(new Date(now).toISOString(), new Date(now + REMINDER_BEFORE_CUTOFF_MS).toISOString()) as ApprovalRequestRow[]
  const mark = ctx.db.prepare("INSERT OR IGNORE INTO approval_reminders (request_id, user_id, sent_at) VALUES (?, ?, ?)")
  let sent = 0
  for (const r of rows) {
    const req = toApprovalRequest(ctx.db, r)
    for (const a of req.awaiting ?? []) {
      if (mark.run(r.id, a.user_id, ctx.clock.nowIso()).changes !== 1) continue
      notify(
        ctx,
        a.user_id,
        "Aprovação prestes a ser cancelada",
        `O pagamento Pix de R$ ${reais(r.amount)} para ${req.payment.beneficiary_name} será cancelado às 23:59:59 se não for aprovado.`,
        { key: "approvalReminder", params: { amount: r.amount, beneficiary: req.payment.beneficiary_name, expires_at: r.expires_at, request_id: r.id } }
      )
      sent++
    }
  }
  return sent
}

/**
 * A member joined, left or changed roles (sandbox/areas/wallets/routes.ts): the wallet's open requests may wait for other
 * people now, so each is stamped and sent again with its quorum (live in every reader's queue, and caught by a pull).
 */
export const quorumMembersChanged = (ctx: Ctx, walletId: string): void => {
  const open = ctx.db.prepare("SELECT id FROM approval_requests WHERE wallet_id = ? AND status = 'started'").all(walletId) as Array<{ id: string }>
  if (open.length === 0) return
  const touch = ctx.db.prepare("UPDATE approval_requests SET updated_at = ? WHERE id = ?")
  for (const r of open) touch.run(ctx.clock.stamp(), r.id)
  const rows = (ctx.db.prepare("SELECT * FROM approval_requests WHERE wallet_id = ? AND status = 'started'").all(walletId) as ApprovalRequestRow[]).map((r) =>
    toApprovalRequest(ctx.db, r)
  )
  approvalRequestsChanged(ctx, walletId, rows)
}
