/**
 * The outbox's transport over the real users-API client (sync/outbox/ports.ts
 * CommandTransportShape; sync/SPEC.md C2, C4): each command name maps to its endpoint, sent with
 * the command id as `transaction-uuid`; `reconcile` asks the server whether a command whose answer
 * was lost (or was a 409) already applied — by the approver's decision on the request, or by the
 * command id among the statement's transaction_uuid values.
 */
import { Effect } from "effect"
import type { Command } from "../../schema/commands.ts"
import type { ApiClient } from "../api/client.ts"
import type { CommandTransportShape } from "../outbox/ports.ts"

export function makeTransport(api: ApiClient, userId: () => string | null): CommandTransportShape {
  return {
    verifyPin: (input) => api.call("verifyPin", { body: input, noDedup: true }).pipe(Effect.map((r) => r.data.pin_token)),
    send: (cmd: Command, pinToken: string | null) => {
      const common = { walletId: cmd.wallet_id, transactionUuid: cmd.id, noDedup: true } as const
      const pin_token = pinToken ?? ""
      const b = cmd.body
      switch (b.name) {
        case "v1.coins.convert":
          return api.call("convert", {
            ...common,
            body: { quote_id: b.payload.quote_id, side: b.payload.side, from_currency: b.payload.from_currency, to_currency: b.payload.to_currency, amount: b.payload.amount, pin_token }
          })
        case "v1.approval.approve":
          return api.call("approvalApprove", { ...common, params: { id: b.payload.request_id }, body: { pin_token } })
        case "v1.approval.reject":
          return api.call("approvalReprove", { ...common, params: { id: b.payload.request_id }, body: { pin_token, ...(b.payload.reason ? { reason: b.payload.reason } : {}) } })
        case "v1.pix.payByKey":
          return api.call("pixPayByKey", { ...common, body: { key: b.payload.key, amount: b.payload.amount, description: b.payload.description, pin_token } })
      }
    },
    reconcile: (cmd: Command) => {
      const b = cmd.body
      if (b.name === "v1.approval.approve" || b.name === "v1.approval.reject") {
        return api.call("approvalRequestGet", { walletId: cmd.wallet_id, params: { id: b.payload.request_id } }).pipe(
          Effect.map((r) => (r.data.approvals.some((a) => a.user_id === userId()) ? "applied" as const : "not-applied" as const))
        )
      }
      // conversions and payments leave statement rows carrying the command id as transaction_uuid
      return api.call("statement", { walletId: cmd.wallet_id, query: { search: cmd.id, page: "1", page_size: "5" } }).pipe(
        Effect.map((r) => (r.data.data.some((e) => e.transaction_uuid === cmd.id) ? "applied" as const : "not-applied" as const))
      )
    }
  }
}
