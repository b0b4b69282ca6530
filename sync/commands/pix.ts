/**
 * Commands of Pix (spec features §2 Pix, §7 "Pix payments and QR codes"): a payment by key debits
 * the wallet at once, as pending, with its PIX_OUT row; at or above the wallet's approval minimum
 * the server turns it into an approval request (features §6) instead.
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { defineCommand, reconcileByStatement, sendArgs } from "./define.ts"

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
