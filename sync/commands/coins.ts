/**
 * Commands of coins and conversion (spec features §2 coins, §7 "Currency and conversion"):
 * `v1.coins.convert` sells or buys at a quote; the wallet shows both legs at once, as pending.
 */
import { Schema } from "effect"
import { CurrencySymbol, MinorUnits } from "../../schema/common.ts"
import { ConversionSide } from "../../schema/entities.ts"
import { defineCommand, reconcileByStatement } from "./define.ts"

export const ConvertPayload = Schema.Struct({
  quote_id: Schema.String,
  side: ConversionSide,
  from_currency: CurrencySymbol,
  to_currency: CurrencySymbol,
  amount: MinorUnits,
  /** Expected credit, for the optimistic balance (minor units of to_currency). */
  expected_to_amount: MinorUnits
})

export const coinsCommands = [
  defineCommand({
    name: "v1.coins.convert",
    // the body's fields, and the expected credit the body does not take
    endpoint: "convert",
    payload: ConvertPayload,
    reconcile: reconcileByStatement,
    balance: (p) => [
      { currency: p.from_currency, delta: -p.amount },
      { currency: p.to_currency, delta: p.expected_to_amount }
    ],
    pendingRows: (p) => [
      {
        key: "out",
        type: "CONVERSION_OUT",
        direction: "out",
        currency_symbol: p.from_currency,
        amount: p.amount,
        description: `${p.from_currency} → ${p.to_currency}`,
        counterparty_name: ""
      },
      {
        key: "in",
        type: "CONVERSION_IN",
        direction: "in",
        currency_symbol: p.to_currency,
        amount: p.expected_to_amount,
        description: `${p.from_currency} → ${p.to_currency}`,
        counterparty_name: ""
      }
    ],
    refresh: ["wallet_accounts"],
    reflectedBy: "statement"
  })
] as const
