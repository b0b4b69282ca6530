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
import { defineCommand, reconcileBySameKey } from "./define.ts"

const Str = Schema.String

export const WalletUpdatePayload = Schema.Struct({ id: Str, name: Schema.optionalKey(Str), default: Schema.optionalKey(Schema.Literal(true)) })
export const WalletDeletePayload = Schema.Struct({ id: Str, backup_id: Schema.optionalKey(Str) })
export const InvitationIdPayload = Schema.Struct({ invite_id: Str })
export const PermissionRemovePayload = Schema.Struct({ user_id: Str })
export const WalletLeavePayload = Schema.Struct({ user_id: Str, wallet_id: Str })
export const ApprovalSettingPayload = Schema.Struct({ id: Schema.optionalKey(Str), min_value: MinorUnits, approvers: Schema.Int })
export const ApprovalSettingDeletePayload = Schema.Struct({ id: Str })

/** core §7 wallets: create, rename or make default, delete, leave (features §4: the last own wallet stays; the server says so). */
export const walletCommands = [
  defineCommand({
    name: "v1.wallet.create",
    endpoint: "walletCreate",
    reconcile: reconcileBySameKey,
    refresh: ["wallets"]
  }),
  defineCommand({
    name: "v1.wallet.update",
    endpoint: "walletUpdate",
    payload: WalletUpdatePayload,
    request: ({ id, ...body }) => ({ params: { id }, body }),
    reconcile: reconcileBySameKey,
    overlay: (p) => (p.name === undefined ? [] : [{ list: "wallets", id: p.id, patch: { name: p.name } }]),
    refresh: ["wallets"]
  }),
  defineCommand({
    name: "v1.wallet.delete",
    endpoint: "walletDelete",
    payload: WalletDeletePayload,
    request: (p) => ({ params: { id: p.id }, query: p.backup_id ? { wallet_backup_id: p.backup_id } : {} }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "wallets", id: p.id, remove: true }],
    refresh: ["wallets"]
  }),
  defineCommand({
    name: "v1.wallet.leave",
    endpoint: "permissionRemoveByUser",
    payload: WalletLeavePayload,
    request: (p) => ({ params: { userId: p.user_id }, query: { wallet_id: p.wallet_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "wallets", id: p.wallet_id, remove: true }],
    refresh: ["wallets"]
  })
] as const

/** core §3, §7 invitations: send, cancel (sent), accept and decline (received). */
export const invitationCommands = [
  defineCommand({
    name: "v1.invitation.create",
    endpoint: "invitationCreate",
    reconcile: reconcileBySameKey,
    refresh: ["invitations_sent"]
  }),
  defineCommand({
    name: "v1.invitation.cancel",
    endpoint: "invitationCancel",
    payload: InvitationIdPayload,
    request: (p) => ({ params: { id: p.invite_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "invitations_sent", id: p.invite_id, patch: { state: "CANCELLED" } }],
    refresh: ["invitations_sent"]
  }),
  defineCommand({
    name: "v1.invitation.accept",
    endpoint: "invitationAccept",
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "invitations_received", id: p.invite_id, patch: { state: "ACCEPTED" } }],
    refresh: ["invitations_received", "wallets"]
  }),
  defineCommand({
    name: "v1.invitation.decline",
    endpoint: "invitationDecline",
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "invitations_received", id: p.invite_id, patch: { state: "DECLINED" } }],
    refresh: ["invitations_received"]
  })
] as const

/** core §6 permissions of the wallet's users: change a user's roles, remove a user. */
export const permissionCommands = [
  defineCommand({
    name: "v1.permission.update",
    endpoint: "permissionUpdate",
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "permission_users", id: p.user_id, patch: { permission_types: p.permission_types } }],
    refresh: ["permission_actions", "permission_users"]
  }),
  defineCommand({
    name: "v1.permission.remove",
    endpoint: "permissionRemove",
    payload: PermissionRemovePayload,
    request: (p) => ({ query: { user_id: p.user_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "permission_users", id: p.user_id, remove: true }],
    refresh: ["permission_actions", "permission_users"]
  })
] as const

/** features §5–§6 approval settings: one per wallet, created, changed or removed. */
export const approvalSettingCommands = [
  defineCommand({
    name: "v1.approval.saveSetting",
    // a new setting is created, one with an id is changed
    endpoint: ["approvalSettingCreate", "approvalSettingUpdate"],
    payload: ApprovalSettingPayload,
    request: (p) => {
      const body = { min_value: p.min_value, approvers: p.approvers }
      return p.id === undefined ? { endpoint: "approvalSettingCreate", body } : { endpoint: "approvalSettingUpdate", params: { id: p.id }, body }
    },
    reconcile: reconcileBySameKey,
    overlay: (p) => (p.id === undefined ? [] : [{ list: "approval_settings", id: p.id, patch: { min_value: p.min_value, approvers: p.approvers } }]),
    refresh: ["approval_settings"]
  }),
  defineCommand({
    name: "v1.approval.deleteSetting",
    endpoint: "approvalSettingDelete",
    payload: ApprovalSettingDeletePayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "approval_settings", id: p.id, remove: true }],
    refresh: ["approval_settings"]
  })
] as const

export const accountCommands = [...walletCommands, ...invitationCommands, ...permissionCommands, ...approvalSettingCommands] as const
