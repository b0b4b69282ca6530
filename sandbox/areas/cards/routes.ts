/**
 * Cards (spec features §7 "Cards", §4 card states, §5 card password / activation, §9 at most 5
 * virtual cards per user, §6 "cards are offered only on the default wallet") and the card
 * processor: purchases on an activated card debit the wallet and write a CARD_PURCHASE statement
 * row naming the card; a purchase on any other card (blocked, pending, cancelled) or beyond the
 * balance is declined and written as a `failed` row that moves nothing. Every change appends the
 * `cards` stream hint with the row inline, so other tabs see it live. Decisions: D-cards-*.
 */
import type { Context, Hono } from "hono"
import { randomInt, randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, decodeOr422, errorResponse, Reply } from "../../http.ts"
import type { WalletAccess } from "../../repo.ts"
import { ApiError, badField, langOf } from "../../errors.ts"
import { postEntry } from "../../ledger.ts"
import { onePage } from "../../paged.ts"
import { hashSecret } from "../../tokens.ts"
import { DAY_MS, iso } from "../../time.ts"
import {
  cardById,
  cardEventCounts,
  cardsOfWallet,
  currentPhysicalOf,
  insertCardEvent,
  insertCardRow,
  liveVirtualCount,
  luhnComplete,
  purchasableCardIds,
  updateCard,
  type CardDbRow
} from "./db.ts"
import type { Prng } from "../../prng.ts"
import { ACTIVATION_ATTEMPTS, cardTag, VIRTUAL_CARD_LIMIT, type Card, type CardTrack, type TrackStepKey } from "../../../schema/cards.ts"
import { cardsAdminApi } from "../../../schema/api-cards.ts"
import type { StatementEntry } from "../../../schema/entities.ts"

export const toCard = (r: CardDbRow): Card => {
  const showDigits = r.virtual === 1 || r.status !== "pending"
  return {
    id: r.id,
    wallet_id: r.wallet_id,
    type: r.virtual === 1 ? 5 : 1,
    virtual: r.virtual === 1,
    status: r.status,
    card_name: r.card_name,
    nickname: r.nickname,
    last_four: showDigits ? r.number.slice(-4) : null,
    expiry: r.expiry,
    attempts_left: r.attempts_left,
    replaced_by: r.replaced_by,
    created_at: r.created_at,
    updated_at: r.updated_at
  }
}

/** A new card number (our BIN 539911, Luhn-valid), CVV and expiry 5 years ahead (MM/YY). */
export const newPlastic = (now: number, rnd: (n: number) => number = randomInt): { number: string; cvv: string; expiry: string } => {
  let body = "539911"
  while (body.length < 15) body += String(rnd(10))
  const d = new Date(now)
  const expiry = `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String((d.getUTCFullYear() + 5) % 100).padStart(2, "0")}`
  return { number: luhnComplete(body), cvv: String(rnd(1000)).padStart(3, "0"), expiry }
}

const addressLine = (json: string | null): string | null => {
  if (json === null) return null
  const a = JSON.parse(json) as {
    street: string
    number: number
    complement: string | null
    neighborhood: string
    city: string
    federative_unit: string
    zip_code: string
  }
  return `${a.street}, ${a.number}${a.complement ? ` - ${a.complement}` : ""}, ${a.neighborhood}, ${a.city} - ${a.federative_unit}, ${a.zip_code}`
}

/** Delivery steps (days after the request) of a physical card: our simulation, D-cards-contract. */
const TRACK: ReadonlyArray<readonly [TrackStepKey, number]> = [
  ["requested", 0],
  ["produced", 1],
  ["shipped", 2],
  ["out_for_delivery", 4],
  ["delivered", 5]
]

export const cardRow = (ctx: Ctx, id: string): CardDbRow | undefined => cardById(ctx.db, id)

/** Writes the row's changed fields, bumps updated_at and tells the wallet's readers (stream hint with the row). */
const save = (ctx: Ctx, id: string, patch: Partial<CardDbRow>): CardDbRow => {
  const at = ctx.clock.stamp()
  updateCard(ctx.db, id, patch, at)
  const row = cardRow(ctx, id) as CardDbRow
  ctx.events.change("cards", { walletId: row.wallet_id, ids: [row.id], rows: [toCard(row)] })
  return row
}

const logEvent = (ctx: Ctx, cardId: string, kind: string, txKey: string | null): void => {
  insertCardEvent(ctx.db, cardId, kind, txKey, ctx.clock.nowIso())
}

interface WalletReq {
  readonly wallet: WalletAccess
  readonly params: Readonly<Record<string, string>>
}

/** features §6: cards live on the caller's own default wallet only. */
const ownDefault = (req: Pick<WalletReq, "wallet">): boolean => req.wallet.owner && req.wallet.wallet.is_default === 1
const requireDefault = (req: Pick<WalletReq, "wallet">): void => {
  if (!ownDefault(req)) throw new ApiError(422, "CARDS_ONLY_DEFAULT_WALLET")
}

/** The wallet's card by id: 404 when not there, 422 CARD_CANCELLED once deleted (features §4: final). */
const liveCard = (ctx: Ctx, req: Pick<WalletReq, "wallet" | "params">): CardDbRow => {
  requireDefault(req)
  const id = req.params["id"] ?? ""
  const row = cardRow(ctx, id)
  if (row === undefined || row.wallet_id !== req.wallet.wallet.id) throw new ApiError(404, "CARD_NOT_FOUND")
  if (row.status === "cancelled") throw new ApiError(422, "CARD_CANCELLED")
  return row
}

const virtualCount = (ctx: Ctx, walletId: string): number => liveVirtualCount(ctx.db, walletId)
const currentPhysical = (ctx: Ctx, walletId: string): CardDbRow | undefined => currentPhysicalOf(ctx.db, walletId)

export interface NewCard {
  readonly walletId: string
  readonly userId: string
  readonly virtual: boolean
  readonly cardName: string
  readonly nickname: string
  readonly address: string | null
}

export const insertCard = (ctx: Ctx, c: NewCard, status: CardDbRow["status"] = c.virtual ? "activated" : "pending", at = ctx.clock.stamp()): CardDbRow => {
  const id = randomUUID()
  const p = newPlastic(Date.parse(at))
  insertCardRow(ctx.db, {
    id,
    walletId: c.walletId,
    userId: c.userId,
    virtual: c.virtual,
    status,
    cardName: c.cardName,
    nickname: c.nickname,
    number: p.number,
    cvv: p.cvv,
    expiry: p.expiry,
    attemptsLeft: ACTIVATION_ATTEMPTS,
    address: c.address,
    at
  })
  const row = cardRow(ctx, id) as CardDbRow
  ctx.events.change("cards", { walletId: c.walletId, ids: [id], rows: [toCard(row)] })
  return row
}

const printedName = (s: string): string =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z ]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 26)

/**
 * The card processor (features §1 card statement): a purchase at a shop. Approved on an activated
 * card with the balance for it (CARD_PURCHASE, completed); otherwise declined: a `failed` row
 * that moves no money, so the card's and the wallet's statements show it as declined.
 */
export const cardPurchase = (ctx: Ctx, cardId: string, amount: number, merchant: string): StatementEntry => {
  const card = cardRow(ctx, cardId)
  if (card === undefined) throw new ApiError(404, "CARD_NOT_FOUND")
  const tag = cardTag(card.number.slice(-4))
  const entry = (status: "completed" | "failed") =>
    postEntry(ctx, {
      walletId: card.wallet_id,
      type: "CARD_PURCHASE",
      direction: "out",
      status,
      currency: "BRL",
      amount,
      description: status === "completed" ? `Compra ${tag} - ${merchant}` : `Compra recusada ${tag} - ${merchant}`,
      counterpartyName: merchant,
      counterpartyDocument: "99999999000191"
    })
  if (card.status !== "activated") return entry("failed")
  try {
    return entry("completed")
  } catch (e) {
    if (e instanceof ApiError && e.key === "INSUFFICIENT_BALANCE") return entry("failed")
    throw e
  }
}

const MERCHANTS = ["Mercado Pão de Açúcar", "Farmácia São João", "Posto Ipiranga", "Livraria Cultura", "iFood", "Uber", "Netflix", "Padaria Real"]

/** `--alive`: now and then a purchase on one of the wallet's cards (any state: a blocked one is declined). */
export const cardsAliveTick = (ctx: Ctx, walletId: string, rng: Prng): void => {
  const cards = purchasableCardIds(ctx.db, walletId)
  if (cards.length === 0) return
  cardPurchase(ctx, rng.pick(cards).id, rng.int(500, 30_000), rng.pick(MERCHANTS))
}

export const registerCardRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "cards", (req) => {
    // a non-default wallet has no cards (features §6): an empty list, not an error, so its pull stays quiet
    const rows = ownDefault(req) ? cardsOfWallet(db, req.wallet.wallet.id) : []
    const cards = rows.map(toCard)
    return { data: { ...onePage(cards), cards } }
  })

  bind(app, ctx, "cardCheck", (req) => {
    const own = ownDefault(req)
    const n = own ? virtualCount(ctx, req.wallet.wallet.id) : 0
    const physical = own && currentPhysical(ctx, req.wallet.wallet.id) !== undefined
    return {
      data: {
        virtual_count: n,
        virtual_limit: VIRTUAL_CARD_LIMIT,
        has_physical: physical,
        can_request_virtual: own && n < VIRTUAL_CARD_LIMIT,
        can_request_physical: own && !physical
      }
    }
  })

  bind(app, ctx, "cardVirtual", (req) => {
    requireDefault(req)
    const nickname = req.body.nickname.trim()
    // features §9: the 6th virtual card is refused
    if (virtualCount(ctx, req.wallet.wallet.id) >= VIRTUAL_CARD_LIMIT) throw new ApiError(422, "VIRTUAL_CARD_LIMIT_REACHED")
    const row = insertCard(ctx, {
      walletId: req.wallet.wallet.id,
      userId: req.user.id,
      virtual: true,
      cardName: printedName(req.user.full_name),
      nickname,
      address: null
    })
    logEvent(ctx, row.id, "request", req.txKey)
    return new Reply(201, { data: toCard(row) })
  })

  bind(app, ctx, "cardRequest", (req) => {
    requireDefault(req)
    const name = printedName(req.body.card_name ?? req.user.full_name)
    if (name.length < 2) badField("card_name", "VALIDATION_FORMAT")
    if (currentPhysical(ctx, req.wallet.wallet.id) !== undefined) throw new ApiError(422, "PHYSICAL_CARD_ALREADY_EXISTS")
    const address = addressLine(req.user.address_json)
    if (address === null) throw new ApiError(422, "UNABLE_TO_GET_ADDRESS")
    const row = insertCard(ctx, { walletId: req.wallet.wallet.id, userId: req.user.id, virtual: false, cardName: name, nickname: "", address })
    logEvent(ctx, row.id, "request", req.txKey)
    return new Reply(201, { data: toCard(row) })
  })

  // features §4, §5: pending → activated by the last four digits; wrong attempts are counted (they
  // survive the refusal: req.after) and the last one blocks the card (unblock with the PIN restores pending)
  bind(app, ctx, "cardUpdate", (req) => {
    const card = liveCard(ctx, { wallet: req.wallet, params: { id: req.body.card_id } })
    if (card.status !== "pending") throw new ApiError(422, "CARD_INVALID_STATE", card.status)
    if (card.number.slice(-4) !== req.body.last_four) {
      const left = Math.max(0, card.attempts_left - 1)
      req.after(() => {
        save(ctx, card.id, left === 0 ? { attempts_left: 0, status: "blocked", status_before_block: "pending" } : { attempts_left: left })
        logEvent(ctx, card.id, left === 0 ? "activation-locked" : "activation-wrong", null)
      })
      if (left === 0) throw new ApiError(422, "ATTEMPTS_EXCEEDED")
      throw new ApiError(422, "CARD_WRONG_LAST_DIGITS", `${left} attempt(s) left`, { last_four: "VALIDATION_FORMAT" })
    }
    const row = save(ctx, card.id, { status: "activated", attempts_left: ACTIVATION_ATTEMPTS })
    logEvent(ctx, card.id, "activate", req.txKey)
    return { data: toCard(row) }
  })

  bind(app, ctx, "cardShow", (req) => {
    const card = liveCard(ctx, req)
    logEvent(ctx, card.id, "reveal", null)
    return { data: { id: card.id, number: card.number, cvv: card.cvv, expiry: card.expiry, card_name: card.card_name } }
  })

  // D-cards-block-pin: a protective action, no PIN; blocking a blocked card changes nothing (no second event)
  bind(app, ctx, "cardBlock", (req) => {
    const card = liveCard(ctx, req)
    if (card.status === "blocked") return { data: toCard(card) }
    const row = save(ctx, card.id, { status: "blocked", status_before_block: card.status })
    logEvent(ctx, card.id, "block", req.txKey)
    return { data: toCard(row) }
  })

  bind(app, ctx, "cardUnblock", (req) => {
    const card = liveCard(ctx, req)
    // a card a new copy replaced stays blocked (features §4)
    if (card.status !== "blocked" || card.replaced_by !== null) throw new ApiError(422, "CARD_INVALID_STATE", card.status)
    const back = card.status_before_block === "pending" ? "pending" : "activated"
    const row = save(ctx, card.id, { status: back, status_before_block: null, attempts_left: ACTIVATION_ATTEMPTS })
    logEvent(ctx, card.id, "unblock", req.txKey)
    return { data: toCard(row) }
  })

  bind(app, ctx, "cardPassword", (req) => {
    const card = liveCard(ctx, req)
    const { password, password_confirmation } = req.body
    if (password !== password_confirmation) throw new ApiError(422, "CARD_PASSWORD_MISMATCH", undefined, { password_confirmation: "VALIDATION_FORMAT" })
    save(ctx, card.id, { password_hash: hashSecret(password) })
    logEvent(ctx, card.id, "password", null)
    return { data: { ok: true } }
  })

  // features §4: a new copy blocks the current card (for good: it is replaced) and starts a new one
  bind(app, ctx, "cardNewVia", (req) => {
    const card = liveCard(ctx, req)
    if (card.replaced_by !== null) throw new ApiError(422, "CARD_INVALID_STATE", "already replaced")
    const fresh = insertCard(ctx, {
      walletId: card.wallet_id,
      userId: req.user.id,
      virtual: card.virtual === 1,
      cardName: card.card_name,
      nickname: card.nickname,
      address: card.virtual === 1 ? null : (addressLine(req.user.address_json) ?? card.address)
    })
    save(ctx, card.id, { status: "blocked", status_before_block: card.status === "blocked" ? card.status_before_block : card.status, replaced_by: fresh.id })
    logEvent(ctx, card.id, "block-newvia", req.txKey)
    logEvent(ctx, fresh.id, "request", req.txKey)
    return new Reply(201, { data: toCard(fresh) })
  })

  bind(app, ctx, "cardTrack", (req) => {
    const card = liveCard(ctx, req)
    if (card.virtual === 1) throw new ApiError(422, "CARD_INVALID_STATE", "virtual cards are not delivered")
    const t0 = Date.parse(card.requested_at)
    const now = ctx.clock.now()
    const steps: CardTrack["steps"] = TRACK.map(([key, days]) => {
      const at = t0 + days * DAY_MS
      return { key, at: at <= now ? iso(at) : null, done: at <= now }
    })
    return { data: { card_id: card.id, address: card.address ?? "", steps } }
  })

  bind(app, ctx, "cardDelete", (req) => {
    const card = liveCard(ctx, req)
    const row = save(ctx, card.id, { status: "cancelled" })
    logEvent(ctx, card.id, "delete", req.txKey)
    return { data: toCard(row) }
  })

  if (!ctx.cfg.admin) return
  const adminJson = (path: string, method: "GET" | "POST", fn: (c: Context) => Promise<unknown>): void => {
    app.on(method, path, async (c) => {
      try {
        return c.json((await fn(c)) as object)
      } catch (e) {
        return errorResponse(c, ctx, e, langOf(c.req.header("language"), c.req.header("accept-language")))
      }
    })
  }
  adminJson(cardsAdminApi.cardPurchase.path, "POST", async (c) => {
    const text = await c.req.text()
    let raw: unknown = {}
    try {
      raw = text.trim() === "" ? {} : (JSON.parse(text) as unknown)
    } catch {
      throw new ApiError(400, "INVALID_FORMAT")
    }
    const b = decodeOr422(cardsAdminApi.cardPurchase.body, raw)
    return { data: db.transaction(() => cardPurchase(ctx, b.card_id, b.amount, b.merchant ?? "Loja Sandbox"))() }
  })
  adminJson(cardsAdminApi.cardsOf.path, "GET", async (c) => {
    const q = decodeOr422(cardsAdminApi.cardsOf.query, c.req.query())
    const rows = cardsOfWallet(db, q.wallet_id)
    return {
      data: rows.map((r) => ({
        id: r.id,
        wallet_id: r.wallet_id,
        status: r.status,
        virtual: r.virtual === 1,
        number: r.number,
        cvv: r.cvv,
        replaced_by: r.replaced_by,
        events: cardEventCounts(db, r.id)
      }))
    }
  })
}
