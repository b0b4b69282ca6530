/**
 * Commands of the Pix directory beyond register and delete (spec features §2 my-keys, §3, §4 actions
 * "claim start and cancel, portability start, approve, reject and cancel", §7 key code and claims;
 * issue 12): confirm a key's code, have it sent again or cancel the request, start a claim or a portability (PIN), cancel it (claimer),
 * approve (donor, PIN: the key leaves the account) or reject it (donor). Each is idempotent on the server
 * by its command id; while pending, its row in `pix_keys` / `pix_claims` carries `pending_action`.
 */
import { Schema } from "effect"
import { ClaimKind } from "../../schema/pix-claims.ts"
import { PixKeyType } from "../../schema/pix.ts"
import { defineCommand, reconcileBySameKey } from "./define.ts"

export const PixKeyCodePayload = Schema.Struct({ id: Schema.String, code: Schema.String })
export const PixKeyIdPayload = Schema.Struct({ id: Schema.String })
export const PixClaimStartPayload = Schema.Struct({ key: Schema.String, key_type: PixKeyType, kind: ClaimKind })
export const PixClaimIdPayload = Schema.Struct({ id: Schema.String })

const pendingClaim = (id: string, action: string) => [{ list: "pix_claims", id, patch: { pending_action: action } }]

export const pixClaimCommands = [
  defineCommand({
    name: "v1.pix.confirmKeyCode",
    endpoint: "pixKeyCodeConfirm",
    payload: PixKeyCodePayload,
    request: (p) => ({ params: { id: p.id }, body: { code: p.code } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_keys", id: p.id, patch: { pending_action: "confirming" } }],
    refresh: ["pix_keys"]
  }),
  /** features §7 GET …/code: a new code, sent again (the attempts left are kept). */
  defineCommand({
    name: "v1.pix.resendKeyCode",
    endpoint: "pixKeyCodeResend",
    payload: PixKeyIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    refresh: ["pix_keys"]
  }),
  defineCommand({
    name: "v1.pix.cancelKeyCode",
    endpoint: "pixKeyCodeCancel",
    payload: PixKeyIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_keys", id: p.id, remove: true as const }],
    refresh: ["pix_keys"]
  }),
  defineCommand({
    name: "v1.pix.startClaim",
    // the body's key and kind, and the key's type (shown while pending)
    endpoint: "pixClaimStart",
    payload: PixClaimStartPayload,
    reconcile: reconcileBySameKey,
    // shown at once as an opened claim of mine; the directory's row (counterparty, deadline) replaces it.
    // Once the directory took it (confirmed), any claim of mine on the key stands for it, whatever its
    // status: the holder may have answered before this tab pulled (a reload re-pulls), and an older claim
    // of the key is replaced by the new one at the refresh pull anyway.
    overlay: (p, cmd, phase) => [
      {
        list: "pix_claims",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          kind: p.kind,
          key: p.key,
          key_type: p.key_type,
          status: "opened",
          role: "claimer",
          counterparty_name: "",
          counterparty_bank: "",
          reason: null,
          deadline: "",
          created_at: cmd.created_at,
          updated_at: cmd.created_at,
          pending_action: "starting"
        },
        standsFor: (r) => r["key"] === p.key && r["role"] === "claimer" && (phase === "confirmed" || r["status"] === "opened")
      }
    ],
    refresh: ["pix_claims"]
  }),
  defineCommand({
    name: "v1.pix.cancelClaim",
    endpoint: "pixClaimCancel",
    payload: PixClaimIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pendingClaim(p.id, "canceling"),
    refresh: ["pix_claims"]
  }),
  defineCommand({
    name: "v1.pix.approveClaim",
    endpoint: "pixClaimApprove",
    payload: PixClaimIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pendingClaim(p.id, "approving"),
    refresh: ["pix_claims", "pix_keys"]
  }),
  defineCommand({
    name: "v1.pix.rejectClaim",
    endpoint: "pixClaimReject",
    payload: PixClaimIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pendingClaim(p.id, "rejecting"),
    refresh: ["pix_claims"]
  })
] as const
