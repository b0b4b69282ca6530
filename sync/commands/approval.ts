/**
 * Commands of staged approval (spec features §6, §7 "Staged approval and PIN"): an approver's
 * decision on a payment request, signed with the PIN. While it is pending the queue shows the
 * request as decided (an overlay on the synced `approval_requests` list).
 */
import { Effect, Schema } from "effect"
import { defineCommand, type CommandEnv, type CommandOf } from "./define.ts"

export const ApprovalDecisionPayload = Schema.Struct({ request_id: Schema.String, reason: Schema.optionalKey(Schema.String) })
type Decision = typeof ApprovalDecisionPayload.Type

/** C4: the request says whether this approver's decision is already recorded. */
const decided = ({ api, userId }: CommandEnv, cmd: CommandOf<Decision>) =>
  api
    .call("approvalRequestGet", { walletId: cmd.wallet_id, params: { id: cmd.body.payload.request_id } })
    .pipe(Effect.map((r) => (r.data.approvals.some((a) => a.user_id === userId) ? ("applied" as const) : ("not-applied" as const))))

export const approvalCommands = [
  defineCommand({
    name: "v1.approval.approve",
    endpoint: "approvalApprove",
    payload: ApprovalDecisionPayload,
    request: (p) => ({ params: { id: p.request_id } }),
    reconcile: decided,
    overlay: (p) => [{ list: "approval_requests", id: p.request_id, patch: { pendingDecision: "approve" } }],
    refresh: ["approval_requests", "approval_history"],
    reflectedBy: "none"
  }),
  defineCommand({
    name: "v1.approval.reject",
    endpoint: "approvalReprove",
    payload: ApprovalDecisionPayload,
    request: (p) => ({ params: { id: p.request_id }, body: p.reason ? { reason: p.reason } : {} }),
    reconcile: decided,
    overlay: (p) => [{ list: "approval_requests", id: p.request_id, patch: { pendingDecision: "reject" } }],
    refresh: ["approval_requests", "approval_history"],
    reflectedBy: "none"
  })
] as const
