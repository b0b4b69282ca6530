/**
 * The statement's ledger at a sync point (issue 30 item 8, docs/decisions.md "D-ledger-reconcile (issue 30
 * item 8)"): what the server says the statement of one wallet adds up to, per currency, for the rows of a
 * keyset range of the pull's order (`after` < updated_at|id ≤ `upto`), and the balance the statement reaches at
 * `upto`. The client checks its local statement against it after each sync (sync/ledger/reconcile.ts).
 */
import { Schema } from "effect"
import { CurrencySymbol, MinorUnits } from "./common.ts"

export const LedgerCurrency = Schema.Struct({
  currency_symbol: CurrencySymbol,
  /** Rows of the range, whatever their status. */
  rows: Schema.Int,
  /** Σ amount of the range's completed rows, in and out (only completed rows move a balance). */
  credits: MinorUnits,
  debits: MinorUnits,
  /** The balance before the statement's first row. */
  opening_balance: MinorUnits,
  /** opening_balance + every completed movement up to `upto` (the balance at the sync point). */
  balance_at_upto: MinorUnits,
  /** The account's balance now. */
  balance: MinorUnits
})
export type LedgerCurrency = typeof LedgerCurrency.Type

export const StatementLedger = Schema.Struct({
  wallet_id: Schema.String,
  after: Schema.String,
  upto: Schema.String,
  /** The cursor of the server's newest statement row ("" for none). */
  cursor: Schema.String,
  currencies: Schema.Array(LedgerCurrency)
})
export type StatementLedger = typeof StatementLedger.Type

/** A wallet's last check as the views see it (live `syncProgress.ledger`). */
export const LedgerState = Schema.Struct({
  /** reconciled: the statement adds up at `point`; gap: it did not, after the targeted re-pull. */
  state: Schema.Literals(["reconciled", "gap"]),
  /** The sync point checked: the cursor (updated_at|id) of the last row pulled, "" when the statement is empty. */
  point: Schema.String,
  /** When the check ran (ISO). */
  at: Schema.String,
  /** When this wallet last reconciled (ISO), also while a gap is shown. */
  reconciledAt: Schema.optionalKey(Schema.String),
  /** Currencies whose rows or sums did not add up (gap only). */
  currencies: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Ranges re-pulled by this check (healed or not). */
  repulled: Schema.Int,
  /** What the last comparison cost: the whole (the server's answer + the local sums) and the local side alone, ms (bench `reconcile_ms`). */
  ms: Schema.optionalKey(Schema.Number),
  localMs: Schema.optionalKey(Schema.Number)
})
export type LedgerState = typeof LedgerState.Type
