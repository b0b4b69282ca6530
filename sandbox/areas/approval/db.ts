/**
 * The approval area's SQL (spec features §3 approval setting and request, §4 states and the cut-off, §6; issue 29 item 7:
 * the area's statements beside its routes, docs/decisions.md D-sandbox-by-area): a wallet's setting, its requests and
 * their decisions. The tables are created by sandbox/db.ts (`approval_reminders` by quorum-tables.ts); the approvers'
 * notifications are quorum-db.ts.
 */
import type { DB } from "../../db.ts"
import type { ApprovalRequestRow } from "../../repo.ts"
import type { ApprovalSetting } from "../../../schema/entities.ts"

// ── settings ──

/** A wallet's approval minimum and number of approvers, when it has a setting. */
export const approvalRuleOf = (db: DB, walletId: string): { min_value: number; approvers: number } | undefined =>
  db.prepare("SELECT min_value, approvers FROM approval_settings WHERE wallet_id = ?").get(walletId) as { min_value: number; approvers: number } | undefined

/** A wallet's setting by id. */
export const settingById = (db: DB, walletId: string, id: string): ApprovalSetting | undefined =>
  db.prepare("SELECT * FROM approval_settings WHERE id = ? AND wallet_id = ?").get(id, walletId) as ApprovalSetting | undefined

export const hasSetting = (db: DB, walletId: string): boolean => db.prepare("SELECT 1 FROM approval_settings WHERE wallet_id = ?").get(walletId) !== undefined

export const insertSetting = (db: DB, id: string, walletId: string, minValue: number, approvers: number, at: string): void => {
  db.prepare("INSERT INTO approval_settings (id, wallet_id, min_value, approvers, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    id,
    walletId,
    minValue,
    approvers,
    at,
    at
  )
}

export const updateSetting = (db: DB, id: string, minValue: number, approvers: number, at: string): void => {
  db.prepare("UPDATE approval_settings SET min_value = ?, approvers = ?, updated_at = ? WHERE id = ?").run(minValue, approvers, at, id)
}

export const deleteSetting = (db: DB, id: string): void => {
  db.prepare("DELETE FROM approval_settings WHERE id = ?").run(id)
}

// ── requests ──

/** A new `started` request (its order as JSON, with what the execution keeps). */
export const insertRequest = (
  db: DB,
  r: {
    id: string
    walletId: string
    amount: number
    paymentJson: string
    requiredApprovals: number
    requestedBy: string
    txUuid: string | null
    at: string
    expiresAt: string
  }
): void => {
  db.prepare(
    `INSERT INTO approval_requests (id, wallet_id, status, amount, payment_json, required_approvals, requested_by, operation_id, transaction_uuid,
     created_at, updated_at, expires_at) VALUES (?, ?, 'started', ?, ?, ?, ?, NULL, ?, ?, ?, ?)`
  ).run(r.id, r.walletId, r.amount, r.paymentJson, r.requiredApprovals, r.requestedBy, r.txUuid, r.at, r.at, r.expiresAt)
}

export const requestById = (db: DB, id: string): ApprovalRequestRow => db.prepare("SELECT * FROM approval_requests WHERE id = ?").get(id) as ApprovalRequestRow

/** A wallet's request by id. */
export const walletRequestById = (db: DB, walletId: string, id: string): ApprovalRequestRow | undefined =>
  db.prepare("SELECT * FROM approval_requests WHERE id = ? AND wallet_id = ?").get(id, walletId) as ApprovalRequestRow | undefined

/** Every started request. */
export const startedRequests = (db: DB): ApprovalRequestRow[] =>
  db.prepare("SELECT * FROM approval_requests WHERE status = 'started'").all() as ApprovalRequestRow[]

/** The started requests expiring at or before `now` (ISO instant). */
export const expiredRequests = (db: DB, now: string): ApprovalRequestRow[] =>
  db.prepare("SELECT * FROM approval_requests WHERE status = 'started' AND expires_at <= ?").all(now) as ApprovalRequestRow[]

/** A started request cancelled (by the cut-off). */
export const cancelRequest = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE approval_requests SET status = 'canceled', updated_at = ? WHERE id = ? AND status = 'started'").run(at, id)
}

/** A started request reproved. */
export const reproveRequest = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE approval_requests SET status = 'reproved', updated_at = ? WHERE id = ? AND status = 'started'").run(at, id)
}

/** A started request finished by its operation; false when it was no longer started. */
export const finishRequest = (db: DB, id: string, operationId: string, at: string): boolean =>
  db.prepare("UPDATE approval_requests SET status = 'finished', operation_id = ?, updated_at = ? WHERE id = ? AND status = 'started'").run(operationId, at, id)
    .changes === 1

/** A request stamped (a decision that did not close it). */
export const touchRequest = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE approval_requests SET updated_at = ? WHERE id = ?").run(at, id)
}

// ── decisions ──

/** Whether a user decided a request already. */
export const hasDecided = (db: DB, requestId: string, userId: string): boolean =>
  db.prepare("SELECT 1 FROM approval_decisions WHERE request_id = ? AND user_id = ?").get(requestId, userId) !== undefined

export const insertDecision = (db: DB, requestId: string, userId: string, decision: "approved" | "reproved", reason: string | null, at: string): void => {
  db.prepare("INSERT INTO approval_decisions (request_id, user_id, decision, reason, decided_at) VALUES (?, ?, ?, ?, ?)").run(
    requestId,
    userId,
    decision,
    reason,
    at
  )
}

/** How many approvals a request has. */
export const approvalsOf = (db: DB, requestId: string): number =>
  (db.prepare("SELECT count(*) AS n FROM approval_decisions WHERE request_id = ? AND decision = 'approved'").get(requestId) as { n: number }).n
