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
  walletReaders,
  type InvitationRow,
  type WalletRow
} from "../../repo.ts"
import { actionsForTypes, hasPermission, P, ROLES, WILDCARD } from "../../../schema/permissions.ts"
import { CURRENCY_DECIMALS } from "../../../schema/common.ts"
import type { WalletAccount } from "../../../schema/entities.ts"
import { quorumMembersChanged } from "../approval/quorum-db.ts"

const OK = { data: { ok: true } } as const
const INVITE_TTL_MS = 7 * 86_400_000 // our reading of features §4 "confirmed within 7 days" for invitations
const CURRENCY_IDS = { BRL: 1, BTC: 2, ETH: 3, USDT: 4 } as const

/** Creates a wallet owned by `ownerId` with its four accounts at zero (core §1). */
export const createOwnWallet = (ctx: Ctx, ownerId: string, name: string, isDefault: boolean): WalletRow => {
  const at = ctx.clock.stamp()
  const id = randomUUID()
  ctx.db
    .prepare(
      "INSERT INTO wallets (id, name, owner_id, is_default, is_matrix, parent_id, is_gateway, created_at, updated_at) VALUES (?, ?, ?, ?, 0, NULL, 0, ?, ?)"
    )
    .run(id, name, ownerId, isDefault ? 1 : 0, at, at)
  for (const c of ["BRL", "BTC", "ETH", "USDT"] as const) {
    ctx.db
      .prepare("INSERT INTO wallet_accounts (id, wallet_id, currency_symbol, currency_id, currency_decimal, balance, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?)")
      .run(randomUUID(), id, c, CURRENCY_IDS[c], CURRENCY_DECIMALS[c], at)
  }
  ctx.db.prepare("INSERT INTO pending_balances (wallet_id, pending_balance, updated_at) VALUES (?, 0, ?)").run(id, at)
  return ctx.db.prepare("SELECT * FROM wallets WHERE id = ?").get(id) as WalletRow
}

/** core §5 role rule: APPROVER comes with ADMIN or CLIENT (the body's GrantedRoles checked the names, D-rules-on-contract). */
export const approverNeedsBase = (types: ReadonlyArray<string>): void => {
  if (types.includes("APPROVER") && !types.includes("ADMIN") && !types.includes("CLIENT")) {
    throw new ApiError(422, "ROLE_APPROVER_NEEDS_BASE", undefined, { permission_types: "VALIDATION_ROLES" })
  }
}

/** SENT invitations older than 7 days become EXPIRED when read (our rule, docs/decisions.md). */
const expireInvitations = (ctx: Ctx, where: string, param: string): void => {
  const cutoff = new Date(ctx.clock.now() - INVITE_TTL_MS).toISOString()
  const rows = ctx.db.prepare(`SELECT id, wallet_id FROM invitations WHERE state = 'SENT' AND invited_at < ? AND ${where}`).all(cutoff, param) as Array<{
    id: string
    wallet_id: string
  }>
  for (const r of rows) {
    const at = ctx.clock.stamp()
    ctx.db.prepare("UPDATE invitations SET state = 'EXPIRED', expired_at = ?, updated_at = ? WHERE id = ?").run(at, at, r.id)
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
  const invitationById = (id: string): InvitationRow | undefined => db.prepare("SELECT * FROM invitations WHERE id = ?").get(id) as InvitationRow | undefined
  const ownWalletNameTaken = (ownerId: string, name: string, exceptId: string | null): boolean =>
    db
      .prepare("SELECT 1 FROM wallets WHERE owner_id = ? AND deleted_at IS NULL AND lower(name) = lower(?) AND id IS NOT ?")
      .get(ownerId, name.trim(), exceptId) !== undefined
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
    if (ownWalletNameTaken(req.user.id, name, null)) throw new ApiError(422, "WALLET_NAME_ALREADY_EXISTS", undefined, { name: "VALIDATION_UNIQUE" })
    const hasOwn = db.prepare("SELECT 1 FROM wallets WHERE owner_id = ? AND deleted_at IS NULL").get(req.user.id) !== undefined
    const w = createOwnWallet(ctx, req.user.id, name, !hasOwn)
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
      if (ownWalletNameTaken(a.wallet.owner_id, name, a.wallet.id))
        throw new ApiError(422, "WALLET_NAME_ALREADY_EXISTS", undefined, { name: "VALIDATION_UNIQUE" })
      db.prepare("UPDATE wallets SET name = ?, updated_at = ? WHERE id = ?").run(name, at, a.wallet.id)
    }
    if (req.body.default !== undefined) {
      if (!a.owner) throw new ApiError(403, "WITHOUT_PERMISSION", "only the owner sets the default wallet")
      if (req.body.default) {
        const others = db.prepare("SELECT id FROM wallets WHERE owner_id = ? AND is_default = 1 AND id != ?").all(a.wallet.owner_id, a.wallet.id) as Array<{
          id: string
        }>
        db.prepare("UPDATE wallets SET is_default = 0, updated_at = ? WHERE owner_id = ? AND is_default = 1 AND id != ?").run(
          at,
          a.wallet.owner_id,
          a.wallet.id
        )
        for (const o of others) ctx.events.change("wallets", { walletId: o.id, ids: [o.id] })
      }
      db.prepare("UPDATE wallets SET is_default = ?, updated_at = ? WHERE id = ?").run(req.body.default ? 1 : 0, at, a.wallet.id)
    }
    ctx.events.change("wallets", { walletId: a.wallet.id, ids: [a.wallet.id] })
    const w = db.prepare("SELECT * FROM wallets WHERE id = ?").get(a.wallet.id) as WalletRow
    return { data: toWallet(db, w, req.user.id) }
  })

  // features §4: refused while the wallet holds a balance, and when the user has no other own wallet
  bind(app, ctx, "walletDelete", (req) => {
    const a = access(req.user.id, req.params["id"] ?? "")
    if (!a.owner) throw new ApiError(403, "WITHOUT_PERMISSION", "only the owner deletes a wallet")
    const others = db.prepare("SELECT id FROM wallets WHERE owner_id = ? AND deleted_at IS NULL AND id != ?").all(req.user.id, a.wallet.id) as Array<{
      id: string
    }>
    if (others.length === 0) throw new ApiError(422, "NO_OTHER_OWN_WALLET")
    const bal = db
      .prepare(
        "SELECT (SELECT count(*) FROM wallet_accounts WHERE wallet_id = ? AND balance != 0) + (SELECT count(*) FROM pending_balances WHERE wallet_id = ? AND pending_balance != 0) AS n"
      )
      .get(a.wallet.id, a.wallet.id) as { n: number }
    if (bal.n > 0) throw new ApiError(422, "WALLET_HAS_BALANCE")
    const backup = req.query.wallet_backup_id
    if (backup !== undefined && !others.some((o) => o.id === backup)) badField("wallet_backup_id", "VALIDATION_FORMAT", "must be another own wallet")
    const readers = walletReaders(db, a.wallet.id)
    const at = ctx.clock.stamp()
    db.prepare("UPDATE wallets SET deleted_at = ?, updated_at = ?, is_default = 0 WHERE id = ?").run(at, at, a.wallet.id)
    db.prepare("DELETE FROM wallet_members WHERE wallet_id = ?").run(a.wallet.id)
    db.prepare("UPDATE invitations SET state = 'CANCELLED', cancelled_at = ?, updated_at = ? WHERE wallet_id = ? AND state = 'SENT'").run(at, at, a.wallet.id)
    if (a.wallet.is_default === 1) {
      const next = backup ?? others[0]?.id
      if (next !== undefined) {
        db.prepare("UPDATE wallets SET is_default = 1, updated_at = ? WHERE id = ?").run(at, next)
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
    const row = db.prepare("SELECT pending_balance, updated_at FROM pending_balances WHERE wallet_id = ?").get(req.wallet.wallet.id) as
      { pending_balance: number; updated_at: string } | undefined
    return { data: { pending_balance: row?.pending_balance ?? 0, currency: "BRL" as const, updated_at: row?.updated_at ?? req.wallet.wallet.created_at } }
  })

  // ── invitations ──
  bind(app, ctx, "invitationsReceived", (req) => {
    expireInvitations(ctx, "invitee_email = ? COLLATE NOCASE", req.user.email)
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
    expireInvitations(ctx, "wallet_id = ?", req.wallet.wallet.id)
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
    const owner = db.prepare("SELECT email FROM users WHERE id = ?").get(req.wallet.wallet.owner_id) as { email: string }
    if (owner.email.toLowerCase() === email) badField("email", "VALIDATION_FORMAT", "the owner cannot be invited")
    const invitee = userByEmail(db, email)
    if (invitee !== undefined && db.prepare("SELECT 1 FROM wallet_members WHERE wallet_id = ? AND user_id = ?").get(b.wallet_id, invitee.id) !== undefined) {
      badField("email", "VALIDATION_FORMAT", "already has access to this wallet")
    }
    const at = ctx.clock.stamp()
    // a newer invitation replaces a pending one to the same address
    db.prepare("UPDATE invitations SET state = 'CANCELLED', cancelled_at = ?, updated_at = ? WHERE wallet_id = ? AND invitee_email = ? AND state = 'SENT'").run(
      at,
      at,
      b.wallet_id,
      email
    )
    const id = randomUUID()
    db.prepare(
      `INSERT INTO invitations (id, wallet_id, inviter_id, invitee_email, state, permission_types, invited_at, accepted_at, declined_at, expired_at,
       cancelled_at, updated_at) VALUES (?, ?, ?, ?, 'SENT', ?, ?, NULL, NULL, NULL, NULL, ?)`
    ).run(id, b.wallet_id, req.user.id, email, JSON.stringify(b.permission_types), at, at)
    const inv = invitationById(id) as InvitationRow
    invitationEvents(ctx, inv)
    if (invitee !== undefined) {
      const n = { id: randomUUID(), title: "Convite para carteira", description: `${req.user.name} convidou você para a carteira ${req.wallet.wallet.name}.` }
      db.prepare("INSERT INTO notifications (id, user_id, title, description, created_at, updated_at, read) VALUES (?, ?, ?, ?, ?, ?, 0)").run(
        n.id,
        invitee.id,
        n.title,
        n.description,
        at,
        at
      )
      const unread = (db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read = 0").get(invitee.id) as { n: number }).n
      ctx.events.notification(invitee.id, { id: n.id, title: n.title, description: n.description, created_at: at, read: false }, unread)
    }
    return new Reply(201, { data: toInvitation(db, inv) })
  })

  const pendingInvitationFor = (inviteId: string, email: string): InvitationRow => {
    const inv = invitationById(inviteId)
    if (inv === undefined || inv.invitee_email.toLowerCase() !== email.toLowerCase()) return notFound()
    expireInvitations(ctx, "id = ?", inv.id)
    const fresh = invitationById(inv.id) as InvitationRow
    if (fresh.state !== "SENT") throw new ApiError(422, "INVITATION_NOT_PENDING")
    return fresh
  }

  bind(app, ctx, "invitationAccept", (req) => {
    const inv = pendingInvitationFor(req.body.invite_id, req.user.email)
    const w = db.prepare("SELECT * FROM wallets WHERE id = ? AND deleted_at IS NULL").get(inv.wallet_id) as WalletRow | undefined
    if (w === undefined) throw new ApiError(422, "INVITATION_NOT_PENDING", "wallet deleted")
    const at = ctx.clock.stamp()
    db.prepare("UPDATE invitations SET state = 'ACCEPTED', accepted_at = ?, updated_at = ? WHERE id = ?").run(at, at, inv.id)
    db.prepare(
      `INSERT INTO wallet_members (wallet_id, user_id, permission_types, invite_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(wallet_id, user_id) DO UPDATE SET permission_types = excluded.permission_types, invite_id = excluded.invite_id, updated_at = excluded.updated_at`
    ).run(inv.wallet_id, req.user.id, inv.permission_types, inv.id, at, at)
    const fresh = invitationById(inv.id) as InvitationRow
    invitationEvents(ctx, fresh)
    membershipEvents(ctx, inv.wallet_id, req.user.id)
    return { data: toInvitation(db, fresh) }
  })

  bind(app, ctx, "invitationDecline", (req) => {
    const inv = pendingInvitationFor(req.body.invite_id, req.user.email)
    const at = ctx.clock.stamp()
    db.prepare("UPDATE invitations SET state = 'DECLINED', declined_at = ?, updated_at = ? WHERE id = ?").run(at, at, inv.id)
    const fresh = invitationById(inv.id) as InvitationRow
    invitationEvents(ctx, fresh)
    return { data: toInvitation(db, fresh) }
  })

  bind(app, ctx, "invitationCancel", (req) => {
    const inv = invitationById(req.params["id"] ?? "")
    if (inv === undefined) return notFound()
    const w = db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(inv.wallet_id) as { owner_id: string } | undefined
    if (inv.inviter_id !== req.user.id && w?.owner_id !== req.user.id) throw new ApiError(403, "WITHOUT_PERMISSION", "only the inviter cancels")
    expireInvitations(ctx, "id = ?", inv.id)
    if ((invitationById(inv.id) as InvitationRow).state !== "SENT") throw new ApiError(422, "INVITATION_NOT_PENDING")
    const at = ctx.clock.stamp()
    db.prepare("UPDATE invitations SET state = 'CANCELLED', cancelled_at = ?, updated_at = ? WHERE id = ?").run(at, at, inv.id)
    const fresh = invitationById(inv.id) as InvitationRow
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
    const ids = [
      w.owner_id,
      ...(db.prepare("SELECT user_id FROM wallet_members WHERE wallet_id = ? ORDER BY created_at").all(w.id) as Array<{ user_id: string }>).map(
        (r) => r.user_id
      )
    ]
    const users = ids.map((id) => permissionUser(db, w.id, id)).filter((u) => u !== undefined)
    return { data: pageArray(users, req.query, 20) }
  })

  bind(app, ctx, "permissionUpdate", (req) => {
    const w = req.wallet.wallet
    if (req.body.user_id === w.owner_id) throw new ApiError(422, "CANNOT_REMOVE_OWNER", "the owner's role cannot change")
    approverNeedsBase(req.body.permission_types)
    const r = db
      .prepare("UPDATE wallet_members SET permission_types = ?, updated_at = ? WHERE wallet_id = ? AND user_id = ?")
      .run(JSON.stringify(req.body.permission_types), ctx.clock.stamp(), w.id, req.body.user_id)
    if (r.changes === 0) return notFound()
    membershipEvents(ctx, w.id, req.body.user_id)
    return { data: permissionUser(db, w.id, req.body.user_id) as NonNullable<ReturnType<typeof permissionUser>> }
  })

  const removeMember = (walletId: string, ownerId: string, userId: string): void => {
    if (userId === ownerId) throw new ApiError(422, "CANNOT_REMOVE_OWNER")
    const r = db.prepare("DELETE FROM wallet_members WHERE wallet_id = ? AND user_id = ?").run(walletId, userId)
    if (r.changes === 0) notFound()
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
