/**
 * The cards contract (spec features §7 "Cards": GET/POST/PATCH /api-2/banking/cards, PUT
 * /cards/{id} (PIN), GET /cards/check, POST /cards/virtual, POST /users/cards/{id}/block and
 * /unblock, PATCH /cards/password/{id}, POST /cards/{id}/newvia, GET track/{id}; "the card list is
 * read from data.cards"; delete irreversible, features §4). Spread into `api` (schema/api.ts).
 * Bodies and answers not shown in the spec are ours (docs/decisions.md D-cards-contract).
 * Also the card processor's admin calls (a purchase "at a shop"; the cards as the plastic shows them).
 */
import { Schema } from "effect"
import { PositiveAmount } from "./rules/money-dates.ts"
import { Envelope, Ok } from "./common.ts"
import { StatementEntry } from "./entities.ts"
import { P } from "./permissions.ts"
import { ActivateBody, Card, CardCheck, CardDetails, CardPasswordBody, CardTrack, RequestPhysicalBody, RequestVirtualBody } from "./cards.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"

const optStr = Schema.optionalKey(Schema.String)
const Pin = Schema.Struct({ pin_token: Schema.String })

/** `data.cards` (features §7) beside the core §3 paged fields the engine's puller walks. */
export const CardsPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(Card),
  cards: Schema.Array(Card)
})

export const cardsApi = {
  cards: def({
    method: "GET",
    path: "/api-2/banking/cards",
    wallet: true,
    permission: P.getCards,
    query: Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr }),
    response: Envelope(CardsPage)
  }),
  /** Request a physical card, delivered to the profile's address (features §2). */
  cardRequest: def({
    method: "POST",
    path: "/api-2/banking/cards",
    wallet: true,
    transaction: true,
    permission: P.postCards,
    body: RequestPhysicalBody,
    refusals: REFUSALS.cardRequest,
    response: Envelope(Card)
  }),
  /** Update: activation of a pending card by its last four digits (features §4, §5). */
  cardUpdate: def({
    method: "PATCH",
    path: "/api-2/banking/cards",
    wallet: true,
    transaction: true,
    permission: P.postCards,
    body: ActivateBody,
    refusals: REFUSALS.cardUpdate,
    response: Envelope(Card)
  }),
  /** Show by PIN: the full number and CVV (features §3, §7 "card show by id and by pin"). */
  cardShow: def({
    method: "PUT",
    path: "/api-2/banking/cards/{id}",
    wallet: true,
    sensitive: true,
    permission: P.getCards,
    body: Pin,
    refusals: REFUSALS.cardShow,
    response: Envelope(CardDetails)
  }),
  cardCheck: def({ method: "GET", path: "/api-2/banking/cards/check", wallet: true, permission: P.getCards, response: Envelope(CardCheck) }),
  cardVirtual: def({
    method: "POST",
    path: "/api-2/banking/cards/virtual",
    wallet: true,
    transaction: true,
    permission: P.postCards,
    body: RequestVirtualBody,
    refusals: REFUSALS.cardVirtual,
    response: Envelope(Card)
  }),
  /** Block: protective, no PIN (D-cards-block-pin). */
  cardBlock: def({
    method: "POST",
    path: "/users/cards/{id}/block",
    wallet: true,
    transaction: true,
    permission: P.postCards,
    refusals: REFUSALS.cardBlock,
    response: Envelope(Card)
  }),
  cardUnblock: def({
    method: "POST",
    path: "/users/cards/{id}/unblock",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postCards,
    body: Pin,
    refusals: REFUSALS.cardUnblock,
    response: Envelope(Card)
  }),
  /**
   * The card's 4-digit password, the one typed at a shop's terminal (features §5). Not a transaction
   * call: setting the same password again is the same state, and it is sent directly, never stored (D-cards-secrets).
   */
  cardPassword: def({
    method: "PATCH",
    path: "/api-2/banking/cards/password/{id}",
    wallet: true,
    sensitive: true,
    permission: P.postCards,
    body: CardPasswordBody,
    refusals: REFUSALS.cardPassword,
    response: Ok
  }),
  cardNewVia: def({
    method: "POST",
    path: "/api-2/banking/cards/{id}/newvia",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postCards,
    body: Pin,
    refusals: REFUSALS.cardNewVia,
    response: Envelope(Card)
  }),
  cardTrack: def({
    method: "GET",
    path: "/api-2/banking/cards/track/{id}",
    wallet: true,
    permission: P.getCards,
    refusals: REFUSALS.cardTrack,
    response: Envelope(CardTrack)
  }),
  /** Irreversible (features §4): the card becomes cancelled and never comes back. */
  cardDelete: def({
    method: "DELETE",
    path: "/api-2/banking/cards/{id}",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postCards,
    body: Pin,
    refusals: REFUSALS.cardDelete,
    response: Envelope(Card)
  })
} as const satisfies Record<string, EndpointDef>

/** The plastic as the tests read it (number, CVV) and how often each action hit the card. */
export const AdminCard = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  status: Schema.String,
  virtual: Schema.Boolean,
  number: Schema.String,
  cvv: Schema.String,
  replaced_by: Schema.NullOr(Schema.String),
  events: Schema.Record(Schema.String, Schema.Int)
})

export const cardsAdminApi = {
  cardPurchase: def({
    method: "POST",
    path: "/__admin/cards/purchase",
    auth: false,
    body: Schema.Struct({ card_id: Schema.String, amount: PositiveAmount, merchant: Schema.optionalKey(Schema.String) }),
    response: Envelope(StatementEntry)
  }),
  cardsOf: def({
    method: "GET",
    path: "/__admin/cards",
    auth: false,
    query: Schema.Struct({ wallet_id: Schema.String }),
    response: Envelope(Schema.Array(AdminCard))
  })
} as const satisfies Record<string, EndpointDef>
