/**
 * Command events (DESIGN "Commands"): a user intent that changes money or state is a named,
 * versioned, schema-validated record with a client-made id (also the `transaction-uuid`
 * idempotency key). Its life is a list of appended state events, never rewritten:
 * created → awaiting-pin → sending → confirmed | rejected | failed (and cancelled when the
 * user dismisses the PIN step).
 */
import { Schema } from "effect"
import { CurrencySymbol, MinorUnits } from "./common.ts"
import { ConversionSide } from "./entities.ts"

export const ConvertPayload = Schema.Struct({
  quote_id: Schema.String,
  side: ConversionSide,
  from_currency: CurrencySymbol,
  to_currency: CurrencySymbol,
  amount: MinorUnits,
  /** Expected credit, for the optimistic balance (minor units of to_currency). */
  expected_to_amount: MinorUnits
})
export const ApprovalDecisionPayload = Schema.Struct({ request_id: Schema.String, reason: Schema.optionalKey(Schema.String) })
export const PixPayByKeyPayload = Schema.Struct({ key: Schema.String, amount: MinorUnits, description: Schema.String })

export const CommandBody = Schema.Union([
  Schema.Struct({ name: Schema.Literal("v1.coins.convert"), payload: ConvertPayload }),
  Schema.Struct({ name: Schema.Literal("v1.approval.approve"), payload: ApprovalDecisionPayload }),
  Schema.Struct({ name: Schema.Literal("v1.approval.reject"), payload: ApprovalDecisionPayload }),
  Schema.Struct({ name: Schema.Literal("v1.pix.payByKey"), payload: PixPayByKeyPayload })
])
export type CommandBody = typeof CommandBody.Type
export type CommandName = CommandBody["name"]

export const Command = Schema.Struct({
  id: Schema.String, // uuid v4 made by the client: the transaction-uuid
  user_id: Schema.String,
  wallet_id: Schema.String,
  created_at: Schema.String,
  body: CommandBody
})
export type Command = typeof Command.Type

export const CommandState = Schema.Literals([
  "created", "awaiting-pin", "sending", "confirmed", "rejected", "failed", "cancelled"
])
export type CommandState = typeof CommandState.Type
export const TERMINAL_STATES: ReadonlyArray<CommandState> = ["confirmed", "rejected", "failed", "cancelled"]

/** One appended transition. `seq` orders the events of one command. */
export const CommandEvent = Schema.Struct({
  command_id: Schema.String,
  seq: Schema.Int,
  state: CommandState,
  at: Schema.String,
  attempt: Schema.optionalKey(Schema.Int),
  /** Catalogue key of the reason (rejected/failed), translated by the view. */
  error_key: Schema.optionalKey(Schema.String),
  result: Schema.optionalKey(Schema.Unknown)
})
export type CommandEvent = typeof CommandEvent.Type

/** Which commands need the PIN step (features §2 "Sensitive operations ask for the PIN"). */
export const SENSITIVE_COMMANDS: ReadonlyArray<CommandName> = ["v1.coins.convert", "v1.approval.approve", "v1.approval.reject", "v1.pix.payByKey"]
