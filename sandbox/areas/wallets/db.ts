/**
 * The wallets area's SQL (spec core §3, §4, §6, §7 "Wallets"; issue 29 item 7: the area's statements beside its routes,
 * docs/decisions.md D-sandbox-by-area): wallets and their accounts, invitations, memberships and the invitation's
 * notification. The tables are created by sandbox/db.ts; a wallet's owner, access and readers are sandbox/repo.ts.
 */
import type { DB } from "../../db.ts"
import type { InvitationRow, WalletRow } from "../../repo.ts"

// ── wallets ──

/** A new wallet of an owner: not a matrix, no parent, not a gateway. */
export const insertWallet = (db: DB, id: string, name: string, ownerId: string, isDefault: boolean, at: string): void => {
  db.prepare(
    "INSERT INTO wallets (id, name, owner_id, is_default, is_matrix, parent_id, is_gateway, created_at, updated_at) VALUES (?, ?, ?, ?, 0, NULL, 0, ?, ?)"
  ).run(id, name, ownerId, isDefault ? 1 : 0, at, at)
}

/** A wallet's account in one currency, at zero. */
export const insertWalletAccount = (db: DB, id: string, walletId: string, currency: string, currencyId: number, decimals: number, at: string): void => {
  db.prepare(
    "INSERT INTO wallet_accounts (id, wallet_id, currency_symbol, currency_id, currency_decimal, balance, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?)"
  ).run(id, walletId, currency, currencyId, decimals, at)
}

/** A wallet's pending balance, at zero. */
export const insertPendingBalance = (db: DB, walletId: string, at: string): void => {
  db.prepare("INSERT INTO pending_balances (wallet_id, pending_balance, updated_at) VALUES (?, 0, ?)").run(walletId, at)
}

/** A wallet by id, a deleted one too (sandbox/repo.ts walletById leaves those out). */
export const walletRowById = (db: DB, id: string): WalletRow => db.prepare("SELECT * FROM wallets WHERE id = ?").get(id) as WalletRow

/** Whether an owner has another live wallet by that name (case-insensitive, trimmed), besides `exceptId`. */
export const ownWalletNameTaken = (db: DB, ownerId: string, name: string, exceptId: string | null): boolean =>
  db
    .prepare("SELECT 1 FROM wallets WHERE owner_id = ? AND deleted_at IS NULL AND lower(name) = lower(?) AND id IS NOT ?")
    .get(ownerId, name.trim(), exceptId) !== undefined

/** Whether a user owns a live wallet. */
export const hasOwnWallet = (db: DB, ownerId: string): boolean =>
  db.prepare("SELECT 1 FROM wallets WHERE owner_id = ? AND deleted_at IS NULL").get(ownerId) !== undefined

/** A wallet's owner's id (a deleted wallet's too), or undefined for an unknown wallet. */
export const walletOwnerIdOf = (db: DB, walletId: string): { owner_id: string } | undefined =>
  db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(walletId) as { owner_id: string } | undefined

export const renameWallet = (db: DB, id: string, name: string, at: string): void => {
  db.prepare("UPDATE wallets SET name = ?, updated_at = ? WHERE id = ?").run(name, at, id)
}

/** The owner's other wallets marked default (deleted ones too). */
export const otherDefaultWallets = (db: DB, ownerId: string, exceptId: string): Array<{ id: string }> =>
  db.prepare("SELECT id FROM wallets WHERE owner_id = ? AND is_default = 1 AND id != ?").all(ownerId, exceptId) as Array<{ id: string }>

/** Clears the default mark of the owner's other wallets. */
export const clearOtherDefaults = (db: DB, ownerId: string, exceptId: string, at: string): void => {
  db.prepare("UPDATE wallets SET is_default = 0, updated_at = ? WHERE owner_id = ? AND is_default = 1 AND id != ?").run(at, ownerId, exceptId)
}

export const setWalletDefault = (db: DB, id: string, isDefault: boolean, at: string): void => {
  db.prepare("UPDATE wallets SET is_default = ?, updated_at = ? WHERE id = ?").run(isDefault ? 1 : 0, at, id)
}

/** The owner's other live wallets. */
export const otherOwnWallets = (db: DB, ownerId: string, exceptId: string): Array<{ id: string }> =>
  db.prepare("SELECT id FROM wallets WHERE owner_id = ? AND deleted_at IS NULL AND id != ?").all(ownerId, exceptId) as Array<{ id: string }>

/** How many of a wallet's accounts and pending balance are not zero. */
export const nonZeroBalances = (db: DB, walletId: string): number =>
  (
    db
      .prepare(
        "SELECT (SELECT count(*) FROM wallet_accounts WHERE wallet_id = ? AND balance != 0) + (SELECT count(*) FROM pending_balances WHERE wallet_id = ? AND pending_balance != 0) AS n"
      )
      .get(walletId, walletId) as { n: number }
  ).n

/** A wallet deleted: marked so (no longer default), its members gone, its pending invitations cancelled. */
export const deleteWallet = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE wallets SET deleted_at = ?, updated_at = ?, is_default = 0 WHERE id = ?").run(at, at, id)
  db.prepare("DELETE FROM wallet_members WHERE wallet_id = ?").run(id)
  db.prepare("UPDATE invitations SET state = 'CANCELLED', cancelled_at = ?, updated_at = ? WHERE wallet_id = ? AND state = 'SENT'").run(at, at, id)
}

export const markWalletDefault = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE wallets SET is_default = 1, updated_at = ? WHERE id = ?").run(at, id)
}

/** A wallet's pending balance row, if it has one. */
export const pendingBalanceOf = (db: DB, walletId: string): { pending_balance: number; updated_at: string } | undefined =>
  db.prepare("SELECT pending_balance, updated_at FROM pending_balances WHERE wallet_id = ?").get(walletId) as
    { pending_balance: number; updated_at: string } | undefined

// ── invitations ──

export const invitationById = (db: DB, id: string): InvitationRow | undefined =>
  db.prepare("SELECT * FROM invitations WHERE id = ?").get(id) as InvitationRow | undefined

/** Which invitations an expiry pass looks at: those to an address (case-insensitive), of a wallet, or one by id. */
export type InvitationsBy = "invitee" | "wallet" | "id"
const INVITATIONS_BY: Record<InvitationsBy, string> = { invitee: "invitee_email = ? COLLATE NOCASE", wallet: "wallet_id = ?", id: "id = ?" }

/** The SENT invitations sent before `cutoff` among those `by` names. */
export const staleInvitations = (db: DB, cutoff: string, by: InvitationsBy, value: string): Array<{ id: string; wallet_id: string }> =>
  db.prepare(`SELECT id, wallet_id FROM invitations WHERE state = 'SENT' AND invited_at < ? AND ${INVITATIONS_BY[by]}`).all(cutoff, value) as Array<{
    id: string
    wallet_id: string
  }>

export const expireInvitation = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE invitations SET state = 'EXPIRED', expired_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

/** Cancels a wallet's pending invitation to an address (a newer one replaces it). */
export const cancelPendingInvitationTo = (db: DB, walletId: string, email: string, at: string): void => {
  db.prepare("UPDATE invitations SET state = 'CANCELLED', cancelled_at = ?, updated_at = ? WHERE wallet_id = ? AND invitee_email = ? AND state = 'SENT'").run(
    at,
    at,
    walletId,
    email
  )
}

/** A new invitation, SENT at `at`. */
export const insertInvitation = (db: DB, id: string, walletId: string, inviterId: string, email: string, permissionTypes: string, at: string): void => {
  db.prepare(
    `INSERT INTO invitations (id, wallet_id, inviter_id, invitee_email, state, permission_types, invited_at, accepted_at, declined_at, expired_at,
       cancelled_at, updated_at) VALUES (?, ?, ?, ?, 'SENT', ?, ?, NULL, NULL, NULL, NULL, ?)`
  ).run(id, walletId, inviterId, email, permissionTypes, at, at)
}

export const acceptInvitation = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE invitations SET state = 'ACCEPTED', accepted_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

export const declineInvitation = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE invitations SET state = 'DECLINED', declined_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

export const cancelInvitation = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE invitations SET state = 'CANCELLED', cancelled_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

/** The invitation's notice to a user who already has an account (unread). */
export const insertInvitationNote = (db: DB, n: { id: string; title: string; description: string }, userId: string, at: string): void => {
  db.prepare("INSERT INTO notifications (id, user_id, title, description, created_at, updated_at, read) VALUES (?, ?, ?, ?, ?, ?, 0)").run(
    n.id,
    userId,
    n.title,
    n.description,
    at,
    at
  )
}

// ── members ──

export const userEmailOf = (db: DB, userId: string): { email: string } => db.prepare("SELECT email FROM users WHERE id = ?").get(userId) as { email: string }

export const isWalletMember = (db: DB, walletId: string, userId: string): boolean =>
  db.prepare("SELECT 1 FROM wallet_members WHERE wallet_id = ? AND user_id = ?").get(walletId, userId) !== undefined

/** A member added by an accepted invitation, or their roles and invitation replaced when already one. */
export const upsertWalletMember = (db: DB, walletId: string, userId: string, permissionTypes: string, inviteId: string, at: string): void => {
  db.prepare(
    `INSERT INTO wallet_members (wallet_id, user_id, permission_types, invite_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(wallet_id, user_id) DO UPDATE SET permission_types = excluded.permission_types, invite_id = excluded.invite_id, updated_at = excluded.updated_at`
  ).run(walletId, userId, permissionTypes, inviteId, at, at)
}

/** A wallet's members' ids, oldest first. */
export const memberIdsOf = (db: DB, walletId: string): string[] =>
  (db.prepare("SELECT user_id FROM wallet_members WHERE wallet_id = ? ORDER BY created_at").all(walletId) as Array<{ user_id: string }>).map((r) => r.user_id)

/** A member's roles replaced; false when the user is no member of the wallet. */
export const updateMemberRoles = (db: DB, walletId: string, userId: string, permissionTypes: string, at: string): boolean =>
  db.prepare("UPDATE wallet_members SET permission_types = ?, updated_at = ? WHERE wallet_id = ? AND user_id = ?").run(permissionTypes, at, walletId, userId)
    .changes > 0

/** A member removed; false when the user was no member of the wallet. */
export const deleteWalletMember = (db: DB, walletId: string, userId: string): boolean =>
  db.prepare("DELETE FROM wallet_members WHERE wallet_id = ? AND user_id = ?").run(walletId, userId).changes > 0
