/**
 * Wallets and sharing (spec core §3 wallet entities, §4 current wallet and invitations, §6 roles
 * and permissions, §7 "Wallets"; features §4 wallet deletion): CRUD with a unique name per owner,
 * deletion refused with a balance or as the last own wallet, gateway check, accounts, pending
 * balance, invitations (SENT → ACCEPTED | DECLINED | CANCELLED; SENT older than 7 days reads as
 * EXPIRED), permission actions (`*` for owners), wallet users, permission edits, unlink.
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { pageArray } from "../../paged.ts"
import { ApiError, badField } from "../../errors.ts"
import { sandboxAccountOf } from "../ted/db.ts"
import {
  ACCOUNT_COLUMNS,
  notFound,
  paginate,
  permissionUser,
  toAccount,
  toInvitation,
  toWallet,
  userByEmail,
  walletAccess,
  walletById,
  walletReaders,
  type InvitationRow,
  type WalletRow
} from "../../repo.ts"
import { actionsForTypes, hasPermission, P, ROLES, WILDCARD } from "../../../schema/permissions.ts"
import { CURRENCY_DECIMALS } from "../../../schema/common.ts"
import type { WalletAccount } from "../../../schema/entities.ts"
import { quorumMembersChanged } from "../approval/quorum-db.ts"
import { unreadCountOf } from "../notifications/db.ts"
import {
  acceptInvitation,
  cancelInvitation,
  cancelPendingInvitationTo,
  clearOtherDefaults,
  declineInvitation,
  deleteWallet,
  deleteWalletMember,
  expireInvitation,
  hasOwnWallet,
  insertInvitation,
  insertInvitationNote,
  insertPendingBalance,
  insertWallet,
  insertWalletAccount,
  invitationById,
  isWalletMember,
  markWalletDefault,
  memberIdsOf,
  nonZeroBalances,
  otherDefaultWallets,
  otherOwnWallets,
  ownWalletNameTaken,
  pendingBalanceOf,
  renameWallet,
  setWalletDefault,
  staleInvitations,
  updateMemberRoles,
  upsertWalletMember,
  userEmailOf,
  walletOwnerIdOf,
  walletRowById,
  type InvitationsBy
} from "./db.ts"

const OK = { data: { ok: true } } as const
const INVITE_TTL_MS = 7 * 86_400_000 // our reading of features §4 "confirmed within 7 days" for invitations
const CURRENCY_IDS = { BRL: 1, BTC: 2, ETH: 3, USDT: 4 } as const

/** Creates a wallet owned by `ownerId` with its four accounts at zero (core §1). */
export const createOwnWallet = (ctx: Ctx, ownerId: string, name: string, isDefault: boolean): WalletRow => {
  const at = ctx.clock.stamp()
  const id = randomUUID()
  insertWallet(ctx.db, id, name, ownerId, isDefault, at)
  for (const c of ["BRL", "BTC", "ETH", "USDT"] as const) insertWalletAccount(ctx.db, randomUUID(), id, c, CURRENCY_IDS[c], CURRENCY_DECIMALS[c], at)
  insertPendingBalance(ctx.db, id, at)
  return walletRowById(ctx.db, id)
}

/** core §5 role rule: APPROVER comes with ADMIN or CLIENT (the body's GrantedRoles checked the names, D-rules-on-contract). */
export const approverNeedsBase = (types: ReadonlyArray<string>): void => {
  if (types.includes("APPROVER") && !types.includes("ADMIN") && !types.includes("CLIENT")) {
    throw new ApiError(422, "ROLE_APPROVER_NEEDS_BASE", undefined, { permission_types: "VALIDATION_ROLES" })
  }
}

/** SENT invitations older than 7 days become EXPIRED when read (our rule, docs/decisions.md). */
const expireInvitations = (ctx: Ctx, by: InvitationsBy, value: string): void => {
  const cutoff = new Date(ctx.clock.now() - INVITE_TTL_MS).toISOString()
  for (const r of staleInvitations(ctx.db, cutoff, by, value)) {
    const at = ctx.clock.stamp()
    expireInvitation(ctx.db, r.id, at)
    ctx.events.change("invitations", { walletId: r.wallet_id, ids: [r.id] })
  }
}

const invitationEvents = (ctx: Ctx, inv: InvitationRow): void => {
  ctx.events.change("invitations", { walletId: inv.wallet_id, ids: [inv.id] })
  const invitee = userByEmail(ctx.db, inv.invitee_email)
  if (invitee !== undefined) ctx.events.change("invitations", { userId: invitee.id, walletId: inv.wallet_id, ids: [inv.id] })
}

/** After a membership change: the user's wallets and actions, the wallet's user list. */
const membershipEvents = (ctx: Ctx, walletId: string, userId: string): void => {
  ctx.events.change("wallets", { userId, walletId, ids: [walletId] })
  ctx.events.change("permission_actions", { userId, walletId, ids: [] })
  ctx.events.change("permission_users", { walletId, ids: [userId] })
  quorumMembersChanged(ctx, walletId) // issue 32 item 3: the open approval requests' `awaiting` follows the roles
}

export const registerWalletRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const access = (userId: string, walletId: string) => {
    const a = walletAccess(db, userId, walletId)
    if (a === "missing") return notFound()
    if (a === "denied") throw new ApiError(403, "WITHOUT_PERMISSION")
    return a
  }

  bind(app, ctx, "wallets", (req) => ({
    data: paginate<WalletRow, ReturnType<typeof toWallet>>(
      db,
      req.query,
      {
        from: "wallets w",
        columns: "w.*",
        where: ["w.deleted_at IS NULL", "(w.owner_id = ? OR w.id IN (SELECT wallet_id FROM wallet_members WHERE user_id = ?))"],
        params: [req.user.id, req.user.id],
        sortable: { created_at: "w.created_at", updated_at: "w.updated_at", name: "w.name" },
        prefix: "w.",
        defaultPageSize: 100
      },
      (w) => toWallet(db, w, req.user.id)
    )
  }))

  bind(app, ctx, "walletCreate", (req) => {
    const name = req.body.name.trim() // its rules: the body's WalletName (D-rules-on-contract)
    if (ownWalletNameTaken(db, req.user.id, name, null)) throw new ApiError(422, "WALLET_NAME_ALREADY_EXISTS", undefined, { name: "VALIDATION_UNIQUE" })
    const w = createOwnWallet(ctx, req.user.id, name, !hasOwnWallet(db, req.user.id))
    ctx.events.change("wallets", { walletId: w.id, ids: [w.id] })
    return new Reply(201, { data: toWallet(db, w, req.user.id) })
  })

  bind(app, ctx, "walletGet", (req) => {
    const a = access(req.user.id, req.params["id"] ?? "")
    return { data: toWallet(db, a.wallet, req.user.id) }
  })

  bind(app, ctx, "walletUpdate", (req) => {
    const a = access(req.user.id, req.params["id"] ?? "")
    if (!a.owner && !hasPermission(a.actions, P.putWallet)) throw new ApiError(403, "WITHOUT_PERMISSION", P.putWallet)
    const at = ctx.clock.stamp()
    if (req.body.name !== undefined) {
      const name = req.body.name.trim()
      if (ownWalletNameTaken(db, a.wallet.owner_id, name, a.wallet.id))
        throw new ApiError(422, "WALLET_NAME_ALREADY_EXISTS", undefined, { name: "VALIDATION_UNIQUE" })
      renameWallet(db, a.wallet.id, name, at)
    }
    if (req.body.default !== undefined) {
      if (!a.owner) throw new ApiError(403, "WITHOUT_PERMISSION", "only the owner sets the default wallet")
      if (req.body.default) {
        const others = otherDefaultWallets(db, a.wallet.owner_id, a.wallet.id)
        clearOtherDefaults(db, a.wallet.owner_id, a.wallet.id, at)
        for (const o of others) ctx.events.change("wallets", { walletId: o.id, ids: [o.id] })
      }
      setWalletDefault(db, a.wallet.id, req.body.default, at)
    }
    ctx.events.change("wallets", { walletId: a.wallet.id, ids: [a.wallet.id] })
    return { data: toWallet(db, walletRowById(db, a.wallet.id), req.user.id) }
  })

  // features §4: refused while the wallet holds a balance, and when the user has no other own wallet
  bind(app, ctx, "walletDelete", (req) => {
    const a = access(req.user.id, req.params["id"] ?? "")
    if (!a.owner) throw new ApiError(403, "WITHOUT_PERMISSION", "only the owner deletes a wallet")
    const others = otherOwnWallets(db, req.user.id, a.wallet.id)
    if (others.length === 0) throw new ApiError(422, "NO_OTHER_OWN_WALLET")
    if (nonZeroBalances(db, a.wallet.id) > 0) throw new ApiError(422, "WALLET_HAS_BALANCE")
    const backup = req.query.wallet_backup_id
    if (backup !== undefined && !others.some((o) => o.id === backup)) badField("wallet_backup_id", "VALIDATION_FORMAT", "must be another own wallet")
    const readers = walletReaders(db, a.wallet.id)
    const at = ctx.clock.stamp()
    deleteWallet(db, a.wallet.id, at)
    if (a.wallet.is_default === 1) {
      const next = backup ?? others[0]?.id
      if (next !== undefined) {
        markWalletDefault(db, next, at)
        ctx.events.change("wallets", { walletId: next, ids: [next] })
      }
    }
    for (const u of readers) ctx.events.change("wallets", { userId: u, walletId: a.wallet.id, ids: [a.wallet.id] })
    return OK
  })

  bind(app, ctx, "checkGatewayWallets", (req) => {
    const ids = req.body.wallets_ids.filter((id) => {
      const a = walletAccess(db, req.user.id, id)
      return typeof a !== "string" && a.wallet.is_gateway === 1
    })
    return { data: { wallets_ids: ids } }
  })

  bind(app, ctx, "walletAccounts", (req) => {
    const where = ["wallet_id = ?"]
    const params: unknown[] = [req.wallet.wallet.id]
    if (req.query.currency_symbol !== undefined && req.query.currency_symbol !== "") {
      where.push("currency_symbol = ?")
      params.push(req.query.currency_symbol.toUpperCase())
    }
    return {
      data: paginate<WalletAccount, WalletAccount>(
        db,
        req.query,
        {
          from: "wallet_accounts",
          columns: ACCOUNT_COLUMNS,
          where,
          params,
          sortable: { currency_id: "currency_id", created_at: "currency_id", updated_at: "updated_at" },
          defaultSort: "currency_id",
          defaultOrder: "asc",
          defaultPageSize: 100
        },
        toAccount
      )
    }
  })

  bind(app, ctx, "pendingBalance", (req) => {
    const row = pendingBalanceOf(db, req.wallet.wallet.id)
    return { data: { pending_balance: row?.pending_balance ?? 0, currency: "BRL" as const, updated_at: row?.updated_at ?? req.wallet.wallet.created_at } }
  })

  // ── invitations ──
  bind(app, ctx, "invitationsReceived", (req) => {
    expireInvitations(ctx, "invitee", req.user.email)
    return {
      data: paginate<InvitationRow, ReturnType<typeof toInvitation>>(
        db,
        req.query,
        {
          from: "invitations",
          columns: "*",
          where: ["invitee_email = ? COLLATE NOCASE"],
          params: [req.user.email],
          sortable: { created_at: "invited_at", invited_at: "invited_at", updated_at: "updated_at" }
        },
        (r) => toInvitation(db, r)
      )
    }
  })

  bind(app, ctx, "invitationsSent", (req) => {
    expireInvitations(ctx, "wallet", req.wallet.wallet.id)
    return {
      data: paginate<InvitationRow, ReturnType<typeof toInvitation>>(
        db,
        req.query,
        {
          from: "invitations",
          columns: "*",
          where: ["wallet_id = ?"],
          params: [req.wallet.wallet.id],
          sortable: { created_at: "invited_at", invited_at: "invited_at", updated_at: "updated_at" }
        },
        (r) => toInvitation(db, r)
      )
    }
  })

  bind(app, ctx, "invitationCreate", (req) => {
    const b = req.body
    if (b.wallet_id !== req.wallet.wallet.id) badField("wallet_id", "VALIDATION_FORMAT", "must be the wallet of the wallet-uuid header")
    const email = b.email.trim().toLowerCase() // valid, and the roles grantable: the body's Schema (D-rules-on-contract)
    approverNeedsBase(b.permission_types)
    const owner = userEmailOf(db, req.wallet.wallet.owner_id)
    if (owner.email.toLowerCase() === email) badField("email", "VALIDATION_FORMAT", "the owner cannot be invited")
    const invitee = userByEmail(db, email)
    if (invitee !== undefined && isWalletMember(db, b.wallet_id, invitee.id)) {
      badField("email", "VALIDATION_FORMAT", "already has access to this wallet")
    }
    const at = ctx.clock.stamp()
    // a newer invitation replaces a pending one to the same address
    cancelPendingInvitationTo(db, b.wallet_id, email, at)
    const id = randomUUID()
    insertInvitation(db, id, b.wallet_id, req.user.id, email, JSON.stringify(b.permission_types), at)
    const inv = invitationById(db, id) as InvitationRow
    invitationEvents(ctx, inv)
    if (invitee !== undefined) {
      const n = { id: randomUUID(), title: "Convite para carteira", description: `${req.user.name} convidou você para a carteira ${req.wallet.wallet.name}.` }
      insertInvitationNote(db, n, invitee.id, at)
      const unread = unreadCountOf(db, invitee.id)
      ctx.events.notification(invitee.id, { id: n.id, title: n.title, description: n.description, created_at: at, read: false }, unread)
    }
    return new Reply(201, { data: toInvitation(db, inv) })
  })

  const pendingInvitationFor = (inviteId: string, email: string): InvitationRow => {
    const inv = invitationById(db, inviteId)
    if (inv === undefined || inv.invitee_email.toLowerCase() !== email.toLowerCase()) return notFound()
    expireInvitations(ctx, "id", inv.id)
    const fresh = invitationById(db, inv.id) as InvitationRow
    if (fresh.state !== "SENT") throw new ApiError(422, "INVITATION_NOT_PENDING")
    return fresh
  }

  bind(app, ctx, "invitationAccept", (req) => {
    const inv = pendingInvitationFor(req.body.invite_id, req.user.email)
    if (walletById(db, inv.wallet_id) === undefined) throw new ApiError(422, "INVITATION_NOT_PENDING", "wallet deleted")
    const at = ctx.clock.stamp()
    acceptInvitation(db, inv.id, at)
    upsertWalletMember(db, inv.wallet_id, req.user.id, inv.permission_types, inv.id, at)
    const fresh = invitationById(db, inv.id) as InvitationRow
    invitationEvents(ctx, fresh)
    membershipEvents(ctx, inv.wallet_id, req.user.id)
    return { data: toInvitation(db, fresh) }
  })

  bind(app, ctx, "invitationDecline", (req) => {
    const inv = pendingInvitationFor(req.body.invite_id, req.user.email)
    const at = ctx.clock.stamp()
    declineInvitation(db, inv.id, at)
    const fresh = invitationById(db, inv.id) as InvitationRow
    invitationEvents(ctx, fresh)
    return { data: toInvitation(db, fresh) }
  })

  bind(app, ctx, "invitationCancel", (req) => {
    const inv = invitationById(db, req.params["id"] ?? "")
    if (inv === undefined) return notFound()
    const w = walletOwnerIdOf(db, inv.wallet_id)
    if (inv.inviter_id !== req.user.id && w?.owner_id !== req.user.id) throw new ApiError(403, "WITHOUT_PERMISSION", "only the inviter cancels")
    expireInvitations(ctx, "id", inv.id)
    if ((invitationById(db, inv.id) as InvitationRow).state !== "SENT") throw new ApiError(422, "INVITATION_NOT_PENDING")
    const at = ctx.clock.stamp()
    cancelInvitation(db, inv.id, at)
    const fresh = invitationById(db, inv.id) as InvitationRow
    invitationEvents(ctx, fresh)
    return { data: toInvitation(db, fresh) }
  })

  // ── permissions (core §6) ──
  bind(app, ctx, "permissionActions", (req) => {
    const asked = req.query.permission_types
      ?.split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
    const actions =
      asked !== undefined && asked.length > 0
        ? asked.includes("ROOT") && req.wallet.owner
          ? [WILDCARD]
          : // issue 30 item 2: only the names of roles (a `constructor` or `__proto__` asked for was read off Object.prototype: 500)
            actionsForTypes(asked.filter((t) => (ROLES as ReadonlyArray<string>).includes(t) && (req.wallet.owner || req.wallet.types.includes(t))))
        : req.wallet.actions
    return {
      data: pageArray(
        actions.map((tag) => ({ tag })),
        req.query,
        100
      )
    }
  })

  bind(app, ctx, "permissionUsers", (req) => {
    const w = req.wallet.wallet
    const ids = [w.owner_id, ...memberIdsOf(db, w.id)]
    const users = ids.map((id) => permissionUser(db, w.id, id)).filter((u) => u !== undefined)
    return { data: pageArray(users, req.query, 20) }
  })

  bind(app, ctx, "permissionUpdate", (req) => {
    const w = req.wallet.wallet
    if (req.body.user_id === w.owner_id) throw new ApiError(422, "CANNOT_REMOVE_OWNER", "the owner's role cannot change")
    approverNeedsBase(req.body.permission_types)
    if (!updateMemberRoles(db, w.id, req.body.user_id, JSON.stringify(req.body.permission_types), ctx.clock.stamp())) return notFound()
    membershipEvents(ctx, w.id, req.body.user_id)
    return { data: permissionUser(db, w.id, req.body.user_id) as NonNullable<ReturnType<typeof permissionUser>> }
  })

  const removeMember = (walletId: string, ownerId: string, userId: string): void => {
    if (userId === ownerId) throw new ApiError(422, "CANNOT_REMOVE_OWNER")
    if (!deleteWalletMember(db, walletId, userId)) notFound()
    membershipEvents(ctx, walletId, userId)
  }

  bind(app, ctx, "permissionRemove", (req) => {
    removeMember(req.wallet.wallet.id, req.wallet.wallet.owner_id, req.query.user_id)
    return OK
  })

  // core §6: a user may remove their own access (unlink); removing another needs the delete permission
  bind(app, ctx, "permissionRemoveByUser", (req) => {
    const target = req.params["userId"] ?? ""
    const a = access(req.user.id, req.query.wallet_id)
    if (target !== req.user.id && !hasPermission(a.actions, P.deletePermissions)) throw new ApiError(403, "WITHOUT_PERMISSION", P.deletePermissions)
    removeMember(a.wallet.id, a.wallet.owner_id, target)
    return OK
  })

  bind(app, ctx, "bankingAccount", (req) => ({ data: sandboxAccountOf(req.wallet.wallet.id) }))
}
