/**
 * What the permissions page offers (spec features §2 "permissions", §6 "Wallet-permission
 * edit: per user and per profile; users can be updated or deleted; a user may remove their own
 * access"; core §6 roles, "the permissions list hides the current user"; core §5 role rule
 * APPROVER needs ADMIN or CLIENT). Pure functions over the wallet's actions, so the page offers
 * only what the sandbox will accept (it enforces the same tags, schema/api.ts).
 */
import type { PermissionUser, Wallet } from "../../../schema/entities.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { isValidRoleSet } from "../../../schema/validation.ts"

/** Roles that can be given to someone (ROOT is the owner's and is never given away). */
export const GRANTABLE_ROLES = ["ADMIN", "CLIENT", "APPROVER"] as const
export type GrantableRole = (typeof GRANTABLE_ROLES)[number]

export const isOwnerRow = (u: PermissionUser, wallet: Wallet | null): boolean =>
  u.permission_types.includes("ROOT") || (wallet !== null && u.user_id === wallet.owner_id)

/** core §6: the wallet's users without the current one; the owner first, then by name. */
export function visibleUsers(users: ReadonlyArray<PermissionUser>, meId: string | null, wallet: Wallet | null): ReadonlyArray<PermissionUser> {
  return users
    .filter((u) => u.user_id !== meId)
    .slice()
    .sort((a, b) => Number(isOwnerRow(b, wallet)) - Number(isOwnerRow(a, wallet)) || a.name.localeCompare(b.name))
}

export interface UserOffer {
  readonly edit: boolean
  readonly remove: boolean
}

/** The owner's profile cannot change and the owner cannot be removed (sandbox CANNOT_REMOVE_OWNER). */
export function offerFor(u: PermissionUser, wallet: Wallet | null, actions: ReadonlyArray<string>): UserOffer {
  if (isOwnerRow(u, wallet)) return { edit: false, remove: false }
  return { edit: hasPermission(actions, P.patchPermissions), remove: hasPermission(actions, P.deletePermissions) }
}

export const canListUsers = (actions: ReadonlyArray<string>): boolean => hasPermission(actions, P.getPermissionUsers)
export const canInvite = (actions: ReadonlyArray<string>): boolean => hasPermission(actions, P.postInvitation)
/** core §6: anyone but the owner may unlink themselves. */
export const canUnlink = (wallet: Wallet | null, meId: string | null): boolean => wallet !== null && meId !== null && wallet.owner_id !== meId

/** A role set that can be sent: not empty, only grantable roles, APPROVER with ADMIN or CLIENT (core §5). */
export function isGrantableRoleSet(roles: ReadonlyArray<string>): boolean {
  const grantable: ReadonlyArray<string> = GRANTABLE_ROLES
  return roles.length > 0 && roles.every((r) => grantable.includes(r)) && isValidRoleSet(roles)
}

/** Roles in a stable order (as offered), whatever order they were picked in. */
export const orderedRoles = (roles: ReadonlyArray<string>): ReadonlyArray<GrantableRole> => GRANTABLE_ROLES.filter((r) => roles.includes(r))

/** Escapes text put into the HTML message of a confirmation dialog (one copy: src/lib/html.ts). */
export { escapeHtml } from "../../lib/html.ts"
