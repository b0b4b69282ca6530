/**
 * Pix limits and favored contacts (spec features §2 limit, favored-contacts, favored-contacts/add,
 * §3 Limit, §7 "Limits" and "trusted contacts"; issue 12):
 * - GET /users/limits/types, GET /users/limits/users (?limit_type_id), GET /users/limits/users/by-limit-type-tag/{tag}:
 *   the wallet's day and night limits per type, the pending raise and, as of the business clock, the
 *   current period and what was paid in it;
 * - POST /users/limits/users (ours; PIN, transaction): a raise is pending for 24 h, a cut applies at once;
 * - GET/POST /users/pix/trusted-contacts, DELETE /users/pix/trusted-contacts/{id} (methods ours): a
 *   contact is added by its Pix key, decoded as the decode-by-key call does (name, masked document, bank).
 * Every change emits its list's hint; moving the business clock re-announces every wallet's limits
 * (the period and pending raises depend on it).
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { onePage } from "../../paged.ts"
import { decodeSentPixKey } from "../../ledger.ts"
import { lookupPixKey } from "../pix-keys/db.ts"
import {
  contactsOf,
  deleteContact,
  hasContact,
  insertContact,
  LIMIT_TYPES,
  limitMaxOf,
  limitStateOf,
  saveLimitState,
  userLimitOf,
  userLimitsOf,
  walletsWithLimits
} from "./db.ts"
import { applyLimitChange, limitChangeRefusal, maskPixDocument, PIX_LIMIT_TAGS, type PixLimitTag } from "../../../schema/pix-limits.ts"
import type { PixContact } from "../../../schema/pix-contacts.ts"

export const registerPixLimitRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  // ── limits ────────────────────────────────────────────────────────────
  bind(app, ctx, "limitTypes", () => ({ data: onePage(LIMIT_TYPES) }))

  bind(app, ctx, "userLimits", (req) => {
    const rows = userLimitsOf(ctx, req.wallet.wallet.id)
    const only = req.query.limit_type_id
    return { data: onePage(only === undefined ? rows : rows.filter((r) => r.limit_type_id === only)) }
  })

  bind(app, ctx, "userLimitByTag", (req) => {
    const tag = req.params.tag ?? ""
    if (!(PIX_LIMIT_TAGS as ReadonlyArray<string>).includes(tag)) throw new ApiError(404, "NOT_FOUND")
    return { data: userLimitOf(ctx, req.wallet.wallet.id, tag as PixLimitTag) }
  })

  bind(app, ctx, "userLimitChange", (req) => {
    const w = req.wallet.wallet
    const b = req.body
    // a known type and a value of zero or more: the body's Schema (D-sandbox-by-area); the maximum is the wallet's
    const type = LIMIT_TYPES.find((t) => t.id === b.limit_type_id)
    if (type === undefined) throw new Error(`a limit type the contract admitted is unknown: ${b.limit_type_id}`)
    const tag = type.tag
    const refusal = limitChangeRefusal(b.amount, limitMaxOf(db, w.id, tag))
    if (refusal === "VALIDATION_MIN_VALUE") throw new Error(`an amount the contract admitted is below zero: ${b.amount}`)
    if (refusal !== null) throw new ApiError(422, refusal, undefined, { amount: refusal })
    const next = applyLimitChange(limitStateOf(ctx, w.id, tag), b.period, b.amount, ctx.clock.now())
    saveLimitState(ctx, w.id, tag, next, ctx.clock.stamp())
    const row = userLimitOf(ctx, w.id, tag)
    ctx.events.change("pix_limits", { walletId: w.id, ids: [row.id], rows: [row] })
    return new Reply(201, { data: row })
  })

  // the period and the pending raises follow the business clock: tell every wallet's tabs when it moves
  ctx.onClockChange.push(() => {
    for (const walletId of walletsWithLimits(db)) ctx.events.change("pix_limits", { walletId, ids: LIMIT_TYPES.map((t) => t.id) })
  })

  // ── favored contacts ──────────────────────────────────────────────────
  const toContact = (r: PixContact): PixContact => ({
    id: r.id,
    key: r.key,
    key_type: r.key_type,
    name: r.name,
    document: r.document,
    bank: r.bank,
    created_at: r.created_at,
    updated_at: r.updated_at
  })

  bind(app, ctx, "pixContacts", (req) => {
    return { data: onePage(contactsOf(db, req.wallet.wallet.id).map(toContact)) }
  })

  bind(app, ctx, "pixContactCreate", (req) => {
    const w = req.wallet.wallet
    const d = decodeSentPixKey(req.body.key) // a valid key: the body's SentPixKey (D-rules-on-contract)
    // the directory names a key's holder as the decode-by-key call does
    const holder = lookupPixKey(db, d.key)
    const name = holder?.name ?? d.beneficiary_name
    const document = maskPixDocument(holder?.document ?? d.beneficiary_document)
    const bank = holder === null ? d.beneficiary_bank : "Carteira (Sandbox)"
    if (hasContact(db, w.id, d.key)) {
      throw new ApiError(422, "PIX_CONTACT_ALREADY_EXISTS", undefined, { key: "PIX_CONTACT_ALREADY_EXISTS" })
    }
    const at = ctx.clock.stamp()
    const row: PixContact = { id: randomUUID(), key: d.key, key_type: d.key_type, name, document, bank, created_at: at, updated_at: at }
    insertContact(db, w.id, row)
    ctx.events.change("pix_contacts", { walletId: w.id, ids: [row.id], rows: [row] })
    return new Reply(201, { data: row })
  })

  bind(app, ctx, "pixContactDelete", (req) => {
    const w = req.wallet.wallet
    const id = req.params.id ?? ""
    if (!deleteContact(db, w.id, id)) throw new ApiError(404, "NOT_FOUND")
    ctx.events.change("pix_contacts", { walletId: w.id, ids: [id] })
    return { data: { ok: true as const } }
  })
}
