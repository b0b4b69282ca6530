/**
 * The sandbox's Pix directory, its slower half (spec features §3 Pix key, §4 key and claim states and the
 * 7-day window, §5 "confirmation code: 5 digits", §7 key code and claims/portabilities, §8 "incorrect
 * code", "number of attempts exceeded", "key in claim process", "Pix key creation limit reached"; issue 12):
 * - the confirmation code of e-mail and phone keys: printed on the console (the sandbox's e-mail), also
 *   the fixed code's first 5 digits when the sandbox runs with one; it expires on the sandbox clock; a
 *   wrong code costs one of 3 attempts, the last drops the key request (D-pix-key-code);
 * - claims (ownership) and portability between the sandbox's wallets and synthetic other-bank holders:
 *   start, approve, reject, cancel, and the 7-day window on the sandbox clock (D-pix-claim-expiry).
 * `settleDirectory` applies what the clock has made due (expired codes, claims past their deadline,
 * other banks' answers); it runs on every read of keys or claims and on every clock change, and each
 * change it makes emits hints, so both sides' open tabs update live.
 */
import { randomInt, randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import type { DB } from "../../db.ts"
import { bind, Reply } from "../../http.ts"
import { onePage } from "../../paged.ts"
import { ApiError } from "../../errors.ts"
import { normalizePixKey, pixKeyType } from "../../../schema/validation.ts"
import type { PixKey } from "../../../schema/pix.ts"
import {
  claimDeadline,
  claimKindFor,
  claimMovesKey,
  DAY,
  KEY_CODE_ATTEMPTS,
  KEY_CODE_LENGTH,
  KEY_CODE_TTL_MS,
  nextClaimStatus,
  type ClaimAction,
  type ClaimRole,
  type PixClaim
} from "../../../schema/pix-claims.ts"
import { deletePixKey, insertPixKey, isKeyInOpenClaim, PIX_KEY_LIMIT, SANDBOX_BANK, type PixClaimRow, type PixKeyRow } from "./db.ts"
import {
  claimsOfWallet,
  codeAttemptsLeft,
  confirmPixKey,
  deleteExternalKey,
  expiredKeyRequests,
  externalKeyOf,
  heldKeyWithHolder,
  insertClaim,
  insertExternalKey,
  keyCodeOf,
  keysAndOpenClaimsOf,
  otherBankPortabilities,
  overdueClaims,
  pixKeyById,
  pixKeyByKey,
  saveKeyCode,
  setClaimStatus,
  setCodeAttemptsLeft,
  walletClaimById,
  walletPixKeyById
} from "./claims-db.ts"
import { walletOwnerOf, type WalletOwner } from "../../repo.ts"

/** A key row as the client sees it; a not-confirmed key carries its code's expiry and the attempts left. */
export const toKey = (db: DB, r: PixKeyRow): PixKey => {
  const base = { id: r.id, key: r.key, key_type: r.key_type, status: r.status, created_at: r.created_at, updated_at: r.updated_at }
  if (r.status !== "not_confirmed") return base
  const c = keyCodeOf(db, r.id)
  return { ...base, code_expires_at: c?.expires_at ?? null, attempts_left: c?.attempts_left ?? null }
}
export const keyRowOf = (db: DB, id: string): PixKey | null => {
  const r = pixKeyById(db, id)
  return r === undefined ? null : toKey(db, r)
}

/** Keys held plus the places open claims started by the wallet will take (features §9, D-pix-claim-kinds). */
export const usedPlaces = (db: DB, walletId: string): number => keysAndOpenClaimsOf(db, walletId)

/** Makes a new code for a not-confirmed key (features §5: 5 digits), printed; the attempts left are kept when resent. */
export const issueKeyCode = (ctx: Ctx, key: PixKeyRow, attemptsLeft: number | null): void => {
  const code = String(randomInt(0, 10 ** KEY_CODE_LENGTH)).padStart(KEY_CODE_LENGTH, "0")
  const expires = new Date(ctx.clock.now() + KEY_CODE_TTL_MS).toISOString()
  saveKeyCode(ctx.db, key.id, code, expires, attemptsLeft ?? KEY_CODE_ATTEMPTS)
  ctx.codes.set(`pix-key:${key.key}`.toLowerCase(), code)
  ctx.say(`[sandbox] Pix key ${key.key}: confirmation code ${code} (valid until ${expires})`)
}

const dropKey = (ctx: Ctx, k: PixKeyRow): void => {
  deletePixKey(ctx.db, k.id)
  ctx.events.change("pix_keys", { walletId: k.wallet_id, ids: [k.id] })
}

/** A claim as `walletId` sees it (its side, the other side's name and bank). */
const claimFor = (c: PixClaimRow, walletId: string): PixClaim => {
  const role: ClaimRole = c.claimer_wallet_id === walletId ? "claimer" : "donor"
  return {
    id: c.id,
    kind: c.kind,
    key: c.key,
    key_type: c.key_type,
    status: c.status,
    role,
    counterparty_name: role === "claimer" ? c.donor_name : c.claimer_name,
    counterparty_bank: role === "claimer" ? c.donor_bank : c.claimer_bank,
    reason: c.reason,
    deadline: c.deadline,
    created_at: c.created_at,
    updated_at: c.updated_at
  }
}

/** Both sides' hints for a claim (each wallet gets its own view of the row). */
const hintClaim = (ctx: Ctx, c: PixClaimRow): void => {
  for (const w of [c.claimer_wallet_id, c.donor_wallet_id]) {
    if (w !== null) ctx.events.change("pix_claims", { walletId: w, ids: [c.id], rows: [claimFor(c, w)] })
  }
}

/** The key goes to the claimer: off the donor's account (or the other bank), onto the claimer's (or theirs). */
const moveKey = (ctx: Ctx, c: PixClaimRow): void => {
  const { db } = ctx
  const at = ctx.clock.stamp()
  const held = pixKeyByKey(db, c.key)
  if (held !== undefined) dropKey(ctx, held)
  deleteExternalKey(db, c.key)
  if (c.claimer_wallet_id !== null && c.claimer_user_id !== null) {
    const row: PixKeyRow = {
      id: randomUUID(),
      key: c.key,
      key_type: c.key_type,
      user_id: c.claimer_user_id,
      wallet_id: c.claimer_wallet_id,
      status: "added",
      created_at: at,
      updated_at: at
    }
    insertPixKey(db, row)
    ctx.events.change("pix_keys", { walletId: row.wallet_id, ids: [row.id], rows: [toKey(db, row)] })
  } else {
    insertExternalKey(db, { key: c.key, key_type: c.key_type, holder_name: c.claimer_name, holder_document: c.claimer_document, bank: c.claimer_bank })
  }
}

/** Applies one transition (features §4), moving the key when the claim ends in the claimer's favour. */
const transition = (ctx: Ctx, c: PixClaimRow, action: ClaimAction, role: ClaimRole | "clock"): PixClaimRow | null => {
  const next = nextClaimStatus(c.kind, c.status, action, role)
  if (next === null) return null
  const reason = action === "cancel" ? "claimer_canceled" : action === "reject" ? "donor_rejected" : action === "expire" ? "expired" : null
  const out: PixClaimRow = { ...c, status: next, reason, updated_at: ctx.clock.stamp() }
  setClaimStatus(ctx.db, c.id, out.status, out.reason, out.updated_at)
  if (claimMovesKey(next)) moveKey(ctx, out)
  hintClaim(ctx, out)
  return out
}

/**
 * What the sandbox clock has made due: codes past their expiry drop their key request (features §4 "the
 * key confirmation code expires and the key is then cancelled"); claims past their 7 days expire
 * (D-pix-claim-expiry); another bank answers a portability of its key after one day (D-pix-claim-other-bank).
 */
export const settleDirectory = (ctx: Ctx): void => {
  const { db } = ctx
  const now = ctx.clock.nowIso()
  for (const k of expiredKeyRequests(db, now)) dropKey(ctx, k)
  const due = overdueClaims(db, now)
  for (const c of due) transition(ctx, c, "expire", "clock")
  const answered = new Date(ctx.clock.now() - DAY).toISOString()
  const byOtherBank = otherBankPortabilities(db, answered)
  for (const c of byOtherBank) transition(ctx, c, "approve", "donor")
}

export const registerPixClaimRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  ctx.onClockChange.push(() => {
    db.transaction(() => settleDirectory(ctx))()
  })

  const pendingKey = (walletId: string, id: string): PixKeyRow => {
    const k = walletPixKeyById(db, walletId, id)
    if (k === undefined) throw new ApiError(404, "NOT_FOUND")
    return k
  }

  // features §7 GET /users/pix/keys/{id}/code: a new code for a not-confirmed key
  bind(app, ctx, "pixKeyCodeResend", (req) => {
    settleDirectory(ctx)
    const k = pendingKey(req.wallet.wallet.id, req.params.id ?? "")
    if (k.status !== "not_confirmed") throw new ApiError(422, "PIX_CLAIM_INVALID_STATE")
    const left = codeAttemptsLeft(db, k.id)
    issueKeyCode(ctx, k, left ?? null)
    const out = toKey(db, k)
    ctx.events.change("pix_keys", { walletId: k.wallet_id, ids: [k.id], rows: [out] })
    return { data: out }
  })

  // features §7 POST /users/pix/keys/{id}/code: confirm; §8 incorrect code, attempts exceeded
  bind(app, ctx, "pixKeyCodeConfirm", (req) => {
    const code = req.body.code.trim() // its 5 digits: the body's KeyCodeString (D-rules-on-contract)
    const k = pendingKey(req.wallet.wallet.id, req.params.id ?? "")
    if (k.status === "added") return { data: toKey(db, k) }
    const c = keyCodeOf(db, k.id)
    if (c === undefined || c.expires_at <= ctx.clock.nowIso()) {
      // the request is cancelled; kept after the refusal rolls the request's own changes back
      req.after(() => dropKey(ctx, k))
      throw new ApiError(422, "PIX_KEY_CODE_EXPIRED")
    }
    const fixed = ctx.cfg.fixedCode === null ? null : ctx.cfg.fixedCode.slice(0, KEY_CODE_LENGTH)
    if (code !== c.code && code !== fixed) {
      const left = c.attempts_left - 1
      req.after(() => {
        if (left <= 0) {
          dropKey(ctx, k)
          return
        }
        setCodeAttemptsLeft(db, k.id, left)
        ctx.events.change("pix_keys", { walletId: k.wallet_id, ids: [k.id], rows: [toKey(db, k)] })
      })
      if (left <= 0) throw new ApiError(422, "ATTEMPTS_EXCEEDED")
      throw new ApiError(422, "INCORRECT_CODE", `${left} attempts left`)
    }
    const at = ctx.clock.stamp()
    confirmPixKey(db, k.id, at)
    const out = toKey(db, { ...k, status: "added", updated_at: at })
    ctx.events.change("pix_keys", { walletId: k.wallet_id, ids: [k.id], rows: [out] })
    return { data: out }
  })

  // features §7 DELETE /users/pix/keys/{id}/code: drop the key request
  bind(app, ctx, "pixKeyCodeCancel", (req) => {
    const k = pendingKey(req.wallet.wallet.id, req.params.id ?? "")
    if (k.status !== "not_confirmed") throw new ApiError(422, "PIX_CLAIM_INVALID_STATE")
    dropKey(ctx, k)
    return { data: { ok: true as const } }
  })

  bind(app, ctx, "pixClaims", (req) => {
    settleDirectory(ctx)
    const w = req.wallet.wallet.id
    const rows = claimsOfWallet(db, w).map((c) => claimFor(c, w))
    return { data: onePage(rows) }
  })

  // features §4 "claim start", "portability start"
  bind(app, ctx, "pixClaimStart", (req) => {
    settleDirectory(ctx)
    const w = req.wallet.wallet
    const typed = req.body.key.trim()
    const keyType = pixKeyType(typed) as NonNullable<ReturnType<typeof pixKeyType>> // a valid key: the body's SentPixKey (D-rules-on-contract)
    const key = normalizePixKey(typed, keyType) ?? typed
    const me = walletOwnerOf(db, w.id) as WalletOwner
    const here = heldKeyWithHolder(db, key)
    const there = here === undefined ? externalKeyOf(db, key) : undefined
    if (here === undefined && there === undefined) throw new ApiError(404, "NOT_FOUND", "the key is not in the directory: register it")
    if (here !== undefined && (here.wallet_id === w.id || here.status !== "added")) throw new ApiError(422, "PIX_CLAIM_NOT_ALLOWED")
    // features §8 "key in claim process": one open claim per key
    if (isKeyInOpenClaim(db, key)) throw new ApiError(422, "PIX_KEY_IN_CLAIM")
    const holderDoc = here?.document ?? there!.holder_document
    if (claimKindFor(keyType, holderDoc === me.document) !== req.body.kind) throw new ApiError(422, "PIX_CLAIM_NOT_ALLOWED")
    if (usedPlaces(db, w.id) >= PIX_KEY_LIMIT[me.type]) throw new ApiError(422, "PIX_KEY_LIMIT_REACHED")
    const at = ctx.clock.stamp()
    const row: PixClaimRow = {
      id: randomUUID(),
      kind: req.body.kind,
      key,
      key_type: keyType,
      claimer_user_id: me.id,
      claimer_wallet_id: w.id,
      claimer_name: me.full_name,
      claimer_document: me.document,
      claimer_bank: SANDBOX_BANK,
      donor_wallet_id: here?.wallet_id ?? null,
      donor_name: here?.name ?? there!.holder_name,
      donor_bank: here !== undefined ? SANDBOX_BANK : there!.bank,
      status: "opened",
      reason: null,
      deadline: claimDeadline(at),
      created_at: at,
      updated_at: at
    }
    insertClaim(db, row)
    ctx.log(`[sandbox] Pix ${row.kind} claim ${row.id} opened for ${key}, due ${row.deadline}`)
    hintClaim(ctx, row)
    return new Reply(201, { data: claimFor(row, w.id) })
  })

  /** The claim visible to this wallet (either side), or 404; an action by the wrong side or from an ended state → 422. */
  const act = (walletId: string, id: string, action: ClaimAction): PixClaim => {
    settleDirectory(ctx)
    const c = walletClaimById(db, walletId, id)
    if (c === undefined) throw new ApiError(404, "NOT_FOUND")
    const role: ClaimRole = c.claimer_wallet_id === walletId ? "claimer" : "donor"
    const out = transition(ctx, c, action, role)
    if (out === null) throw new ApiError(422, "PIX_CLAIM_INVALID_STATE")
    return claimFor(out, walletId)
  }
  bind(app, ctx, "pixClaimCancel", (req) => ({ data: act(req.wallet.wallet.id, req.params.id ?? "", "cancel") }))
  bind(app, ctx, "pixClaimApprove", (req) => ({ data: act(req.wallet.wallet.id, req.params.id ?? "", "approve") }))
  bind(app, ctx, "pixClaimReject", (req) => ({ data: act(req.wallet.wallet.id, req.params.id ?? "", "reject") }))
}
