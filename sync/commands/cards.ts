/**
 * Commands of cards (spec features §2 cards, §4 card states, §7 "Cards"): request a virtual or a
 * physical card, activate with the last four digits, block, unblock, request a new copy, delete.
 * Every card endpoint is idempotent by its `transaction-uuid` (the command id), so a send whose
 * answer was lost is simply sent again under the same key (reconcileBySameKey): a block retried
 * through a flaky network lands exactly once. Block asks no PIN (D-cards-block-pin); unblock, new
 * copy and delete do. While pending, the card shows what is happening (`pending_action` overlay:
 * "blocking…") and never flips back unless the server refuses. The card password and the reveal
 * of the number are not commands: their secrets are never stored (D-cards-secrets).
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"

export const CardIdPayload = Schema.Struct({ card_id: Schema.String })
export const ActivatePayload = Schema.Struct({ card_id: Schema.String, last_four: Schema.String })

/** What a card shows while one of its commands is pending. */
export type CardPendingAction = "blocking" | "unblocking" | "activating" | "replacing" | "deleting"
const pending = (card_id: string, action: CardPendingAction) => [{ list: "cards", id: card_id, patch: { pending_action: action } }]

export const cardsCommands = [
  defineCommand({
    name: "v1.cards.requestVirtual",
    endpoint: "cardVirtual",
    reconcile: reconcileBySameKey,
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.requestPhysical",
    endpoint: "cardRequest",
    reconcile: reconcileBySameKey,
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.activate",
    // the body's fields; its own Schema takes an empty card id, as stored commands may hold (the body's `Id` does not)
    endpoint: "cardUpdate",
    payload: ActivatePayload,
    reconcile: reconcileBySameKey,
    overlay: (p) => pending(p.card_id, "activating"),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.block",
    endpoint: "cardBlock",
    payload: CardIdPayload,
    request: (p) => ({ params: { id: p.card_id } }),
    reconcile: reconcileBySameKey,
    // confirmed (the server applied it) but not yet pulled: shown blocked at once (card-block-to-paint)
    overlay: (p, _cmd, phase) => (phase === "confirmed" ? [{ list: "cards", id: p.card_id, patch: { status: "blocked" } }] : pending(p.card_id, "blocking")),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.unblock",
    endpoint: "cardUnblock",
    payload: CardIdPayload,
    request: (p) => ({ params: { id: p.card_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pending(p.card_id, "unblocking"),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.newCopy",
    endpoint: "cardNewVia",
    payload: CardIdPayload,
    request: (p) => ({ params: { id: p.card_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pending(p.card_id, "replacing"),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.delete",
    endpoint: "cardDelete",
    payload: CardIdPayload,
    request: (p) => ({ params: { id: p.card_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "cards", id: p.card_id, remove: true as const }],
    refresh: ["cards"]
  })
] as const
