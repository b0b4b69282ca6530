/**
 * The sandbox's Pix limits and favored contacts (spec features §3 Limit, §5, §7 /users/limits/*,
 * /users/pix/trusted-contacts; issue 12): the tables, a wallet's limits per type (created with the
 * holder kind's defaults on first use, pending raises settled on the business clock), what a Pix
 * used of its period's limit, the check every Pix payment makes before it settles
 * (`assertPixLimit`, 422 PIX_LIMIT_DAY_EXCEEDED / PIX_LIMIT_NIGHT_EXCEEDED saying what is left) and
 * the record a settled Pix leaves (`recordPixLimitUse`, from ledger.executePixOut). The rules
 * themselves are schema/pix-limits.ts (shared with the client).
 */
import { randomUUID } from "node:crypto"
import type { DB } from "../../db.ts"
import type { Ctx } from "../../context.ts"
import { ApiError } from "../../errors.ts"
import { lookupPixKey } from "../pix-keys/db.ts"
import {
  LIMIT_DEFAULTS,
  PIX_LIMIT_TAGS,
  checkPixLimit,
  pixLimitPeriodAt,
  PIX_LIMIT_TYPE_IDS,
  settleLimits,
  type LimitState,
  type LimitType,
  type PixLimitTag,
  type UserLimit
} from "../../../schema/pix-limits.ts"
import { brl } from "../../money.ts"
import { walletOwnerOf, type WalletOwner } from "../../repo.ts"
import type { PixContact } from "../../../schema/pix-contacts.ts"

/** The limit types (GET /users/limits/types): fixed ids, one per tag. */
export const LIMIT_TYPES: ReadonlyArray<LimitType> = [
  { id: PIX_LIMIT_TYPE_IDS.pix_others, tag: "pix_others", name: "Pix para outras pessoas" },
  { id: PIX_LIMIT_TYPE_IDS.pix_same_ownership, tag: "pix_same_ownership", name: "Pix entre contas da mesma titularidade" }
]
export const limitTypeOf = (tag: PixLimitTag): LimitType => LIMIT_TYPES.find((t) => t.tag === tag) as LimitType

interface LimitRow {
  readonly wallet_id: string
  readonly tag: PixLimitTag
  readonly day_limit: number
  readonly night_limit: number
  readonly pending_day_limit: number | null
  readonly pending_day_at: number | null
  readonly pending_night_limit: number | null
  readonly pending_night_at: number | null
  readonly updated_at: string
}

interface Owner {
  readonly id: string
  readonly type: "NATURAL_PERSON" | "LEGAL_PERSON"
  readonly document: string
}
const ownerOf = (db: DB, walletId: string): Owner => walletOwnerOf(db, walletId) as WalletOwner

/** The type's maximum for the wallet's holder kind. */
export const limitMaxOf = (db: DB, walletId: string, tag: PixLimitTag): number => LIMIT_DEFAULTS[ownerOf(db, walletId).type][tag].max

/** The wallet's stored state of one type, settled at `now` (written back when a pending raise came into force). */
export const limitStateOf = (ctx: Ctx, walletId: string, tag: PixLimitTag): LimitState => {
  const { db } = ctx
  let row = db.prepare("SELECT * FROM pix_limits WHERE wallet_id = ? AND tag = ?").get(walletId, tag) as LimitRow | undefined
  if (row === undefined) {
    const d = LIMIT_DEFAULTS[ownerOf(db, walletId).type][tag]
    row = {
      wallet_id: walletId,
      tag,
      day_limit: d.day,
      night_limit: d.night,
      pending_day_limit: null,
      pending_day_at: null,
      pending_night_limit: null,
      pending_night_at: null,
      updated_at: ctx.clock.stamp()
    }
    saveLimitState(ctx, walletId, tag, row, row.updated_at)
  }
  const settled = settleLimits(row, ctx.clock.now())
  if (settled !== row) saveLimitState(ctx, walletId, tag, settled, ctx.clock.stamp())
  return settled
}

export const saveLimitState = (ctx: Ctx, walletId: string, tag: PixLimitTag, s: LimitState, at: string): void => {
  ctx.db
    .prepare(
      `INSERT INTO pix_limits (wallet_id, tag, day_limit, night_limit, pending_day_limit, pending_day_at, pending_night_limit, pending_night_at, updated_at)
    VALUES (@wallet_id, @tag, @day_limit, @night_limit, @pending_day_limit, @pending_day_at, @pending_night_limit, @pending_night_at, @updated_at)
    ON CONFLICT (wallet_id, tag) DO UPDATE SET day_limit = excluded.day_limit, night_limit = excluded.night_limit, pending_day_limit = excluded.pending_day_limit,
      pending_day_at = excluded.pending_day_at, pending_night_limit = excluded.pending_night_limit, pending_night_at = excluded.pending_night_at, updated_at = excluded.updated_at`
    )
    .run({
      wallet_id: walletId,
      tag,
      day_limit: s.day_limit,
      night_limit: s.night_limit,
      pending_day_limit: s.pending_day_limit,
      pending_day_at: s.pending_day_at,
      pending_night_limit: s.pending_night_limit,
      pending_night_at: s.pending_night_at,
      updated_at: at
    })
}

/** What the wallet paid under one type in the period holding `now`. */
const usedIn = (db: DB, walletId: string, tag: PixLimitTag, start: number, end: number): number =>
  (
    db
      .prepare("SELECT COALESCE(SUM(amount), 0) AS s FROM pix_limit_usage WHERE wallet_id = ? AND tag = ? AND at_ms >= ? AND at_ms < ?")
      .get(walletId, tag, start, end) as { s: number }
  ).s

const iso = (ms: number): string => new Date(ms).toISOString()

/** The row GET /users/limits/users answers (as of the business clock's now). */
export const userLimitOf = (ctx: Ctx, walletId: string, tag: PixLimitTag): UserLimit => {
  const s = limitStateOf(ctx, walletId, tag)
  const now = ctx.clock.now()
  const p = pixLimitPeriodAt(now)
  const t = limitTypeOf(tag)
  const max = limitMaxOf(ctx.db, walletId, tag)
  const stored = ctx.db.prepare("SELECT updated_at FROM pix_limits WHERE wallet_id = ? AND tag = ?").get(walletId, tag) as { updated_at: string }
  return {
    id: t.id,
    limit_type_id: t.id,
    tag,
    day_limit: s.day_limit,
    night_limit: s.night_limit,
    max_day_limit: max,
    max_night_limit: max,
    pending_day_limit: s.pending_day_limit,
    pending_day_effective_at: s.pending_day_at === null ? null : iso(s.pending_day_at),
    pending_night_limit: s.pending_night_limit,
    pending_night_effective_at: s.pending_night_at === null ? null : iso(s.pending_night_at),
    period: p.period,
    period_started_at: iso(p.start),
    period_ends_at: iso(p.end),
    used: usedIn(ctx.db, walletId, tag, p.start, p.end),
    as_of: iso(now),
    updated_at: stored.updated_at
  }
}

export const userLimitsOf = (ctx: Ctx, walletId: string): UserLimit[] => PIX_LIMIT_TAGS.map((tag) => userLimitOf(ctx, walletId, tag))

/** Which limit a Pix falls under: the same holder's account (by the directory, or the beneficiary's document) or someone else's. */
export const limitTagFor = (db: DB, walletId: string, order: { readonly key: string; readonly beneficiary_document: string }): PixLimitTag => {
  const owner = ownerOf(db, walletId)
  const holder = lookupPixKey(db, order.key)
  const same = holder !== null ? holder.user_id === owner.id : order.beneficiary_document === owner.document
  return same ? "pix_same_ownership" : "pix_others"
}

/**
 * features §5, issue 12: the sum already paid in the current day or night period plus this amount
 * must fit the period's limit, else 422 with the limit's key and what is left.
 */
export const assertPixLimit = (ctx: Ctx, walletId: string, order: { readonly key: string; readonly beneficiary_document: string }, amount: number): void => {
  const tag = limitTagFor(ctx.db, walletId, order)
  const s = limitStateOf(ctx, walletId, tag)
  const p = pixLimitPeriodAt(ctx.clock.now())
  const c = checkPixLimit({ period: p.period, used: usedIn(ctx.db, walletId, tag, p.start, p.end), day_limit: s.day_limit, night_limit: s.night_limit }, amount)
  if (!c.ok) throw new ApiError(422, c.limit === "day" ? "PIX_LIMIT_DAY_EXCEEDED" : "PIX_LIMIT_NIGHT_EXCEEDED", brl(c.left))
}

/** A settled Pix counts against its period's limit; the payer's limit rows change (their `used`). */
export const recordPixLimitUse = (
  ctx: Ctx,
  walletId: string,
  order: { readonly key: string; readonly beneficiary_document: string },
  amount: number,
  statementId: string
): void => {
  const tag = limitTagFor(ctx.db, walletId, order)
  ctx.db
    .prepare("INSERT INTO pix_limit_usage (id, wallet_id, tag, amount, at_ms, statement_id) VALUES (?, ?, ?, ?, ?, ?)")
    .run(randomUUID(), walletId, tag, amount, ctx.clock.now(), statementId)
  ctx.events.change("pix_limits", { walletId, ids: [limitTypeOf(tag).id] })
}

/** The wallets holding limits (told when the business clock moves). */
export const walletsWithLimits = (db: DB): string[] =>
  (db.prepare("SELECT DISTINCT wallet_id FROM pix_limits").all() as Array<{ wallet_id: string }>).map((r) => r.wallet_id)

// ── favored contacts ──────────────────────────────────────────────────────

/** A wallet's favored contacts, by name then key. */
export const contactsOf = (db: DB, walletId: string): PixContact[] =>
  db.prepare("SELECT * FROM pix_contacts WHERE wallet_id = ? ORDER BY name, key").all(walletId) as PixContact[]

export const hasContact = (db: DB, walletId: string, key: string): boolean =>
  db.prepare("SELECT 1 FROM pix_contacts WHERE wallet_id = ? AND key = ?").get(walletId, key) !== undefined

export const insertContact = (db: DB, walletId: string, row: PixContact): void => {
  db.prepare(
    "INSERT INTO pix_contacts (id, wallet_id, key, key_type, name, document, bank, created_at, updated_at) VALUES (@id, @wallet_id, @key, @key_type, @name, @document, @bank, @created_at, @updated_at)"
  ).run({ ...row, wallet_id: walletId })
}

/** Removes a wallet's contact; false when it had none by that id. */
export const deleteContact = (db: DB, walletId: string, id: string): boolean =>
  db.prepare("DELETE FROM pix_contacts WHERE id = ? AND wallet_id = ?").run(id, walletId).changes > 0
