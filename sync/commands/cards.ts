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
import { defineCommand, reconcileBySameKey, sendArgs } from "./define.ts"

export const CardIdPayload = Schema.Struct({ card_id: Schema.String })
export const RequestVirtualPayload = Schema.Struct({ nickname: Schema.String })
export const RequestPhysicalPayload = Schema.Struct({ card_name: Schema.optionalKey(Schema.String) })
export const ActivatePayload = Schema.Struct({ card_id: Schema.String, last_four: Schema.String })

/** What a card shows while one of its commands is pending. */
export type CardPendingAction = "blocking" | "unblocking" | "activating" | "replacing" | "deleting"
const pending = (card_id: string, action: CardPendingAction) => [{ list: "cards", id: card_id, patch: { pending_action: action } }]

export const cardsCommands = [
  defineCommand({
    name: "v1.cards.requestVirtual",
    payload: RequestVirtualPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("cardVirtual", { ...sendArgs(cmd), body: { nickname: cmd.body.payload.nickname } }),
    reconcile: reconcileBySameKey,
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.requestPhysical",
    payload: RequestPhysicalPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("cardRequest", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.activate",
    payload: ActivatePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("cardUpdate", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pending(p.card_id, "activating"),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.block",
    payload: CardIdPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("cardBlock", { ...sendArgs(cmd), params: { id: cmd.body.payload.card_id } }),
    reconcile: reconcileBySameKey,
    // confirmed (the server applied it) but not yet pulled: shown blocked at once (card-block-to-paint)
    overlay: (p, _cmd, phase) => (phase === "confirmed" ? [{ list: "cards", id: p.card_id, patch: { status: "blocked" } }] : pending(p.card_id, "blocking")),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.unblock",
    payload: CardIdPayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) =>
      api.call("cardUnblock", { ...sendArgs(cmd), params: { id: cmd.body.payload.card_id }, body: { pin_token: pinToken ?? "" } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pending(p.card_id, "unblocking"),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.newCopy",
    payload: CardIdPayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) =>
      api.call("cardNewVia", { ...sendArgs(cmd), params: { id: cmd.body.payload.card_id }, body: { pin_token: pinToken ?? "" } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => pending(p.card_id, "replacing"),
    refresh: ["cards"]
  }),
  defineCommand({
    name: "v1.cards.delete",
    payload: CardIdPayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) =>
      api.call("cardDelete", { ...sendArgs(cmd), params: { id: cmd.body.payload.card_id }, body: { pin_token: pinToken ?? "" } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "cards", id: p.card_id, remove: true as const }],
    refresh: ["cards"]
  })
] as const
