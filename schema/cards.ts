/**
 * Cards (spec features §1 "debit, virtual and physical", §3 Card entity, §4 card states, §5 card
 * password 4 digits / activation by the last four digits, §9 at most 5 virtual cards per user):
 * the card row the client syncs (never the full number nor the CVV: those only come from the
 * PIN-checked show call), the check, the details, the delivery tracking and the synced list.
 * Fields the spec leaves "not shown" are our decision (docs/decisions.md D-cards-contract).
 */
import { Schema } from "effect"
import { Id, IsoDateTime } from "./common.ts"
import { defineList } from "./list-def.ts"

/** features §4: pending (awaiting activation) → activated ↔ blocked; cancelled (= deleted, final). */
export const CardStatus = Schema.Literals(["pending", "activated", "blocked", "cancelled"])
export type CardStatus = typeof CardStatus.Type
/** features §3 type codes: virtual 5, physical 1. */
export const CARD_TYPE_VIRTUAL = 5
export const CARD_TYPE_PHYSICAL = 1
export const CardTypeCode = Schema.Literals([1, 5])
/** features §9: at most 5 virtual cards per user. */
export const VIRTUAL_CARD_LIMIT = 5
/** Wrong activation attempts before the card is blocked (our decision, D-cards-states). */
export const ACTIVATION_ATTEMPTS = 3

export const Card = Schema.Struct({
  id: Id,
  wallet_id: Id,
  type: CardTypeCode,
  virtual: Schema.Boolean,
  status: CardStatus,
  /** The name printed on the card (holder). */
  card_name: Schema.String,
  /** A label the user gave (virtual cards: "Streaming", …); may be empty. */
  nickname: Schema.String,
  /** Last four digits; null while a physical card awaits activation (they are the activation proof). */
  last_four: Schema.NullOr(Schema.String),
  /** MM/YY. */
  expiry: Schema.String,
  /** Wrong activation attempts left (features §5 activation; attempts counted). */
  attempts_left: Schema.Int,
  /** Set on the card a new copy replaced (features §4 "a new copy blocks the current card"). */
  replaced_by: Schema.NullOr(Id),
  created_at: IsoDateTime,
  updated_at: IsoDateTime
})
export type Card = typeof Card.Type

/** The full number and CVV: only after a PIN check (features §3). */
export const CardDetails = Schema.Struct({
  id: Id,
  number: Schema.String,
  cvv: Schema.String,
  expiry: Schema.String,
  card_name: Schema.String
})
export type CardDetails = typeof CardDetails.Type

export const CardCheck = Schema.Struct({
  virtual_count: Schema.Int,
  virtual_limit: Schema.Int,
  has_physical: Schema.Boolean,
  can_request_virtual: Schema.Boolean,
  can_request_physical: Schema.Boolean
})
export type CardCheck = typeof CardCheck.Type

export const TrackStepKey = Schema.Literals(["requested", "produced", "shipped", "out_for_delivery", "delivered"])
export type TrackStepKey = typeof TrackStepKey.Type
export const CardTrack = Schema.Struct({
  card_id: Id,
  address: Schema.String,
  steps: Schema.Array(Schema.Struct({ key: TrackStepKey, at: Schema.NullOr(IsoDateTime), done: Schema.Boolean }))
})
export type CardTrack = typeof CardTrack.Type

/** A card purchase's description names the card, so the statement's text filter selects one card. */
export const cardTag = (lastFour: string): string => `•••• ${lastFour}`

// ── payloads ────────────────────────────────────────────────────────────────
/** features §4: a virtual card's nickname, at most 30 characters once trimmed (the sandbox's key VALIDATION_MAX_LENGTH, as before). */
export const RequestVirtualBody = Schema.Struct({
  nickname: Schema.String.check(Schema.makeFilter((s: string) => s.trim().length <= 30 || "VALIDATION_MAX_LENGTH", { message: "VALIDATION_MAX_LENGTH" }))
})
export const RequestPhysicalBody = Schema.Struct({ card_name: Schema.optionalKey(Schema.String) })
/** features §4, §5: the last four digits and the card's password are 4 digits (VALIDATION_FORMAT otherwise). */
const FourDigits = Schema.String.check(Schema.isPattern(/^\d{4}$/))
export const ActivateBody = Schema.Struct({ card_id: Id, last_four: FourDigits })
export const CardPasswordBody = Schema.Struct({ password: FourDigits, password_confirmation: Schema.String, pin_token: Schema.String })

/** The synced list (REGISTRIES: one description): the wallet's cards, deleted ones never shown again. */
export const cardsLists = {
  cards: defineList({
    endpoint: "cards",
    row: Card,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => (a.virtual === b.virtual ? a.created_at.localeCompare(b.created_at) : a.virtual ? 1 : -1),
    where: (r) => r.status !== "cancelled"
  })
}
