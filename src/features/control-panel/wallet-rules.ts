/**
 * Wallet rules the control panel applies before asking the server (features §4 "Wallet
 * deletion", core §6): who owns a wallet, who may rename or delete it, whether the user has
 * another own wallet, the role shown (permission_types[0]) and the role-set rule for invites.
 */
import type { Wallet } from "../../../schema/entities.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"

export const isOwner = (w: Wallet, userId: string | null): boolean => userId !== null && w.owner_id === userId

/** features §4: deletion is refused when the user has no other own wallet. */
export function hasOtherOwnWallet(wallets: ReadonlyArray<Wallet>, w: Wallet, userId: string | null): boolean {
  return wallets.some((x) => x.id !== w.id && isOwner(x, userId))
}

/** Own wallets other than `w` (candidates for wallet_backup_id). */
export const backupCandidates = (wallets: ReadonlyArray<Wallet>, w: Wallet, userId: string | null): Wallet[] =>
  wallets.filter((x) => x.id !== w.id && isOwner(x, userId))

/** Rename: the owner, or a holder of the put-wallet action on the current wallet. */
export function canRename(w: Wallet, userId: string | null, currentId: string | null, actions: ReadonlyArray<string>): boolean {
  return isOwner(w, userId) || (w.id === currentId && hasPermission(actions, P.putWallet))
}
/** Delete: owners only (core §6 "owners can invite, remove access and delete wallets"). */
export const canDelete = (w: Wallet, userId: string | null): boolean => isOwner(w, userId)
/** Invite: the owner, or a holder of the invitation action on the current wallet. */
export function canInvite(w: Wallet, userId: string | null, currentId: string | null, actions: ReadonlyArray<string>): boolean {
  return isOwner(w, userId) || (w.id === currentId && hasPermission(actions, P.postInvitation))
}

export const roleOf = (w: Wallet): string => w.permission_types[0] ?? "CLIENT"
