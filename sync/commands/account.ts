/**
 * Commands of the control panel (spec core §3–§7 wallets, invitations, permissions; features §4
 * wallets, §6 approval settings): the state-changing actions that used to be plain calls from the
 * pages now go through the outbox like a payment (issue 11 "every state-changing action of the
 * existing pages becomes a command"; docs/decisions.md D-account-commands). None asks for the PIN
 * (the spec signs only money and card actions with it); each carries its command id as
 * `transaction-uuid`, so the sandbox applies it once and a lost answer is resent under the same key
 * (reconcileBySameKey, sync/SPEC.md C4). Overlays show the effect at once on the synced lists.
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { defineCommand, reconcileBySameKey, sendArgs } from "./define.ts"

const Str = Schema.String

export const WalletCreatePayload = Schema.Struct({ name: Str })
export const WalletUpdatePayload = Schema.Struct({ id: Str, name: Schema.optionalKey(Str), default: Schema.optionalKey(Schema.Literal(true)) })
export const WalletDeletePayload = Schema.Struct({ id: Str, backup_id: Schema.optionalKey(Str) })
export const InvitationCreatePayload = Schema.Struct({ wallet_id: Str, email: Str, permission_types: Schema.Array(Str) })
export const InvitationIdPayload = Schema.Struct({ invite_id: Str })
export const PermissionUpdatePayload = Schema.Struct({ user_id: Str, permission_types: Schema.Array(Str) })
export const PermissionRemovePayload = Schema.Struct({ user_id: Str })
export const WalletLeavePayload = Schema.Struct({ user_id: Str, wallet_id: Str })
export const ApprovalSettingPayload = Schema.Struct({ id: Schema.optionalKey(Str), min_value: MinorUnits, approvers: Schema.Int })
export const ApprovalSettingDeletePayload = Schema.Struct({ id: Str })

/** core §7 wallets: create, rename or make default, delete, leave (features §4: the last own wallet stays; the server says so). */
export const walletCommands = [
  defineCommand({
    name: "v1.wallet.create",
    payload: WalletCreatePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("walletCreate", { ...sendArgs(cmd), body: { name: cmd.body.payload.name } }),
    reconcile: reconcileBySameKey,
    refresh: ["wallets"]
  }),
  defineCommand({
    name: "v1.wallet.update",
    payload: WalletUpdatePayload,
    sensitive: false,
    send: ({ api }, cmd) => {
      const { id, ...body } = cmd.body.payload
      return api.call("walletUpdate", { ...sendArgs(cmd), params: { id }, body })
    },
    reconcile: reconcileBySameKey,
    overlay: (p) => (p.name === undefined ? [] : [{ list: "wallets", id: p.id, patch: { name: p.name } }]),
    refresh: ["wallets"]
  }),
  defineCommand({
    name: "v1.wallet.delete",
    payload: WalletDeletePayload,
    sensitive: false,
    send: ({ api }, cmd) => {
      const p = cmd.body.payload
      return api.call("walletDelete", { ...sendArgs(cmd), params: { id: p.id }, query: p.backup_id ? { wallet_backup_id: p.backup_id } : {} })
    },
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "wallets", id: p.id, remove: true }],
    refresh: ["wallets"]
  }),
  defineCommand({
    name: "v1.wallet.leave",
    payload: WalletLeavePayload,
    sensitive: false,
    send: ({ api }, cmd) => {
      const p = cmd.body.payload
      return api.call("permissionRemoveByUser", { ...sendArgs(cmd), params: { userId: p.user_id }, query: { wallet_id: p.wallet_id } })
    },
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "wallets", id: p.wallet_id, remove: true }],
    refresh: ["wallets"]
  })
] as const

/** core §3, §7 invitations: send, cancel (sent), accept and decline (received). */
export const invitationCommands = [
  defineCommand({
    name: "v1.invitation.create",
    payload: InvitationCreatePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("invitationCreate", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    refresh: ["invitations_sent"]
  }),
  defineCommand({
    name: "v1.invitation.cancel",
    payload: InvitationIdPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("invitationCancel", { ...sendArgs(cmd), params: { id: cmd.body.payload.invite_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "invitations_sent", id: p.invite_id, patch: { state: "CANCELLED" } }],
    refresh: ["invitations_sent"]
  }),
  defineCommand({
    name: "v1.invitation.accept",
    payload: InvitationIdPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("invitationAccept", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "invitations_received", id: p.invite_id, patch: { state: "ACCEPTED" } }],
    refresh: ["invitations_received", "wallets"]
  }),
  defineCommand({
    name: "v1.invitation.decline",
    payload: InvitationIdPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("invitationDecline", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "invitations_received", id: p.invite_id, patch: { state: "DECLINED" } }],
    refresh: ["invitations_received"]
  })
] as const

/** core §6 permissions of the wallet's users: change a user's roles, remove a user. */
export const permissionCommands = [
  defineCommand({
    name: "v1.permission.update",
    payload: PermissionUpdatePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("permissionUpdate", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "permission_users", id: p.user_id, patch: { permission_types: p.permission_types } }],
    refresh: ["permission_actions", "permission_users"]
  }),
  defineCommand({
    name: "v1.permission.remove",
    payload: PermissionRemovePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("permissionRemove", { ...sendArgs(cmd), query: { user_id: cmd.body.payload.user_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "permission_users", id: p.user_id, remove: true }],
    refresh: ["permission_actions", "permission_users"]
  })
] as const

/** features §5–§6 approval settings: one per wallet, created, changed or removed. */
export const approvalSettingCommands = [
  defineCommand({
    name: "v1.approval.saveSetting",
    payload: ApprovalSettingPayload,
    sensitive: false,
    send: ({ api }, cmd) => {
      const p = cmd.body.payload
      const body = { min_value: p.min_value, approvers: p.approvers }
      return p.id === undefined
        ? api.call("approvalSettingCreate", { ...sendArgs(cmd), body })
        : api.call("approvalSettingUpdate", { ...sendArgs(cmd), params: { id: p.id }, body })
    },
    reconcile: reconcileBySameKey,
    overlay: (p) => (p.id === undefined ? [] : [{ list: "approval_settings", id: p.id, patch: { min_value: p.min_value, approvers: p.approvers } }]),
    refresh: ["approval_settings"]
  }),
  defineCommand({
    name: "v1.approval.deleteSetting",
    payload: ApprovalSettingDeletePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("approvalSettingDelete", { ...sendArgs(cmd), params: { id: cmd.body.payload.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "approval_settings", id: p.id, remove: true }],
    refresh: ["approval_settings"]
  })
] as const

export const accountCommands = [...walletCommands, ...invitationCommands, ...permissionCommands, ...approvalSettingCommands] as const
