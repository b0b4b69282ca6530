/**
 * Command events (DESIGN "Commands"): a user intent that changes money or state is a named,
 * versioned, schema-validated record with a client-made id (also the `transaction-uuid`
 * idempotency key). Its life is a list of appended state events, never rewritten:
 * created → awaiting-pin → sending → confirmed | rejected | failed (and cancelled when the
 * user dismisses the PIN step).
 */
import { Schema } from "effect"
import { COMMAND_STATES, TERMINAL_STATES } from "./command-states.ts"

/**
 * The stored shape of a command's body: a registered name and its payload. Which names exist and
 * what their payloads are is the command registry's (sync/commands/registry.ts), which validates
 * a body against its definition when it is submitted and when it is replayed (sync/SPEC.md C1).
 */
export const AnyCommandBody = Schema.Struct({ name: Schema.String, payload: Schema.Unknown })
export type AnyCommandBody = typeof AnyCommandBody.Type

export const Command = Schema.Struct({
  id: Schema.String, // uuid v4 made by the client: the transaction-uuid
  user_id: Schema.String,
  wallet_id: Schema.String,
  created_at: Schema.String,
  body: AnyCommandBody
})
export type Command = typeof Command.Type

export const CommandState = Schema.Literals(COMMAND_STATES)
export type CommandState = typeof CommandState.Type
export { TERMINAL_STATES }

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
