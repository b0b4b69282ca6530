/**
 * Commands of Pix (spec features §2 Pix, §7 "Pix payments and QR codes"): a payment by key debits
 * the wallet at once, as pending, with its PIX_OUT row; at or above the wallet's approval minimum
 * the server turns it into an approval request (features §6) instead.
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { defineCommand, reconcileBySameKey, reconcileByStatement, sendArgs } from "./define.ts"

export const PixPayByKeyPayload = Schema.Struct({ key: Schema.String, amount: MinorUnits, description: Schema.String })

export const pixCommands = [
  defineCommand({
    name: "v1.pix.payByKey",
    payload: PixPayByKeyPayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) => {
      const p = cmd.body.payload
      return api.call("pixPayByKey", { ...sendArgs(cmd), body: { key: p.key, amount: p.amount, description: p.description, pin_token: pinToken ?? "" } })
    },
    reconcile: reconcileByStatement,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    pendingRows: (p) => [{ key: "out", type: "PIX_OUT", direction: "out", currency_symbol: "BRL", amount: p.amount, description: p.description, counterparty_name: p.key }],
    refresh: ["wallet_accounts", "approval_requests"],
    reflectedBy: "statement"
  })
] as const

/** features §2 my-keys: register a key (CPF/CNPJ/e-mail/phone as typed, random made by the directory). */
export const PixKeyCreatePayload = Schema.Struct({ key_type: Schema.Literals(["cpf", "cnpj", "email", "phone", "random"]), key: Schema.optionalKey(Schema.String) })
export const PixKeyDeletePayload = Schema.Struct({ id: Schema.String, key: Schema.String })

export const pixKeyCommands = [
  defineCommand({
    name: "v1.pix.registerKey",
    payload: PixKeyCreatePayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) => {
      const p = cmd.body.payload
      return api.call("pixKeyCreate", { ...sendArgs(cmd), body: { key_type: p.key_type, ...(p.key !== undefined ? { key: p.key } : {}), pin_token: pinToken ?? "" } })
    },
    reconcile: reconcileBySameKey,
    // shown at once as a key being added (a random key's value is the directory's: shown once it answers)
    overlay: (p, cmd) => [{ list: "pix_keys", id: `pending:${cmd.id}`, row: { id: `pending:${cmd.id}`, key: p.key ?? "", key_type: p.key_type, status: "not_confirmed", created_at: cmd.created_at, updated_at: cmd.created_at } }],
    refresh: ["pix_keys"]
  }),
  defineCommand({
    name: "v1.pix.deleteKey",
    payload: PixKeyDeletePayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) => api.call("pixKeyDelete", { ...sendArgs(cmd), params: { id: cmd.body.payload.id }, body: { pin_token: pinToken ?? "" } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_keys", id: p.id, remove: true }],
    refresh: ["pix_keys"]
  })
] as const
