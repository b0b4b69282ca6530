/**
 * Devolution of a received Pix (spec features §1 "devolve (return) a received payment", §2
 * pay/{id}/devolution with get-pix-deposits, §7 /users/v2/pix/devolutions — methods not shown; issue 12):
 * what the page reads about the received payment (amount, what was already returned, what is left, the
 * 90-day deadline) and the body that returns part or all of it (docs/decisions.md D-pix-devolution).
 */
import { Schema } from "effect"
import { MinorUnits } from "./common.ts"
import { Description } from "./rules/text.ts"
import { PositiveAmount } from "./rules/money-dates.ts"

/** BCB rule: a received Pix may be returned within 90 days. */
export const DEVOLUTION_DAYS = 90

export const PixDevolution = Schema.Struct({
  id: Schema.String,
  amount: MinorUnits,
  description: Schema.String,
  end_to_end_id: Schema.String,
  created_at: Schema.String
})

export const PixDevolutionInfo = Schema.Struct({
  payment_id: Schema.String,
  amount: MinorUnits,
  payer_name: Schema.String,
  end_to_end_id: Schema.String,
  created_at: Schema.String,
  /** Sum already returned; `available` = amount − devolved. */
  devolved: MinorUnits,
  available: MinorUnits,
  /** Last moment a devolution is accepted (created_at + 90 days). */
  deadline: Schema.String,
  devolutions: Schema.Array(PixDevolution)
})
export type PixDevolutionInfo = typeof PixDevolutionInfo.Type

export const PixDevolutionBody = Schema.Struct({
  payment_id: Schema.String,
  amount: PositiveAmount,
  description: Description,
  pin_token: Schema.String
})

/** What is left to return (never negative) — the rule the sandbox enforces and the page shows. */
export const devolutionAvailable = (received: number, devolved: ReadonlyArray<number>): number => Math.max(0, received - devolved.reduce((a, b) => a + b, 0))

/** features §5 (BCB): still within 90 days of the payment at `nowMs`. */
export const withinDevolutionWindow = (paidAtIso: string, nowMs: number): boolean => nowMs <= Date.parse(paidAtIso) + DEVOLUTION_DAYS * 86_400_000
