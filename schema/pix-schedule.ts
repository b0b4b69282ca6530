/**
 * Pix scheduling (spec features §1 "schedule payments up to 60 days ahead", §2 scheduled-pix and
 * recurrence-pix, §3 recurrence fields, §4 cancel by operation id and deactivate, §5 60-day rule,
 * §8 recurring Pix above the maximum value; issue 13): the scheduled payment and the recurrence the
 * client syncs, their synced lists, the permission tags (ours where the spec does not name them,
 * docs/decisions.md D-pix-schedule), and the days-ahead items computed from both lists.
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { recurrenceDates, SCHEDULE_MAX_DAYS, type AheadItem } from "./schedule.ts"
import { parseIsoDate } from "./holidays.ts"
import { PixDescription } from "./rules/text.ts"
import { PositiveAmount } from "./rules/money-dates.ts"
import { SentPixKey } from "./rules/pix-keys.ts"
import { pixAutomaticLists } from "./pix-automatic.ts"
import { withdrawLists } from "./pix-withdraw.ts"

/** Permission tags (schema/pix-schedule-permissions.ts, apart so that the shell's route table imports nothing heavier). */
export { PS } from "./pix-schedule-permissions.ts"

export const Frequency = Schema.Literals(["WEEKLY", "MONTHLY", "ANNUALLY"])
export const ScheduledPixStatus = Schema.Literals(["scheduled", "executed", "failed", "canceled"])
export type ScheduledPixStatus = typeof ScheduledPixStatus.Type
/** Why a scheduled payment did not execute on its date (issue 13: insufficient balance, key gone). */
export const ScheduledPixFailure = Schema.Literals(["INSUFFICIENT_BALANCE", "PIX_KEY_NOT_FOUND"])
export type ScheduledPixFailure = typeof ScheduledPixFailure.Type

const KeyType = Schema.Literals(["cpf", "cnpj", "email", "phone", "random"])

/** A scheduled Pix by key (features §2 scheduled-pix; §4 cancelled by its operation id). */
export const ScheduledPix = Schema.Struct({
  id: Schema.String,
  operation_id: Schema.String,
  key: Schema.String,
  key_type: KeyType,
  beneficiary_name: Schema.String,
  beneficiary_document: Schema.String,
  beneficiary_bank: Schema.String,
  amount: Schema.Int,
  description: Schema.String,
  /** "YYYY-MM-DD", São Paulo: the day it executes. */
  payment_date: Schema.String,
  status: ScheduledPixStatus,
  failure_reason: Schema.NullOr(ScheduledPixFailure),
  /** The recurrence it is an occurrence of, if any. */
  recurrence_id: Schema.NullOr(Schema.String),
  end_to_end_id: Schema.NullOr(Schema.String),
  executed_at: Schema.NullOr(Schema.String),
  canceled_at: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type ScheduledPix = typeof ScheduledPix.Type

/** A recurrence (features §3: frequency, start_date, end_date, value, payment_max_value; day of month or week). */
export const PixRecurrence = Schema.Struct({
  id: Schema.String,
  key: Schema.String,
  key_type: KeyType,
  beneficiary_name: Schema.String,
  beneficiary_document: Schema.String,
  value: Schema.Int,
  payment_max_value: Schema.NullOr(Schema.Int),
  description: Schema.String,
  frequency: Frequency,
  start_date: Schema.String,
  end_date: Schema.NullOr(Schema.String),
  /** Day of the month (1–31) for MONTHLY/ANNUALLY, day of the week (0 Sunday – 6) for WEEKLY. */
  day: Schema.Int,
  status: Schema.Literals(["active", "inactive"]),
  recurrence_created_at: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type PixRecurrence = typeof PixRecurrence.Type

export const ScheduledPixCreateBody = Schema.Struct({
  key: SentPixKey,
  amount: PositiveAmount,
  description: PixDescription,
  payment_date: Schema.String
})
export const RecurrenceCreateBody = Schema.Struct({
  key: SentPixKey,
  value: PositiveAmount,
  description: PixDescription,
  frequency: Frequency,
  start_date: Schema.String,
  end_date: Schema.optionalKey(Schema.String),
  payment_max_value: Schema.optionalKey(PositiveAmount)
})

/** How far ahead a recurrence may start (ours, D-pix-schedule): a year. */
export const RECURRENCE_START_MAX_DAYS = 366

const newestFirst = (a: { readonly created_at: string; readonly id: string }, b: { readonly created_at: string; readonly id: string }) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)

export const pixScheduleLists = {
  /** features §7: GET /users/pix/scheduled-payments, sort created_at desc, size 20. */
  scheduled_pix: defineList({
    endpoint: "scheduledPixList",
    row: ScheduledPix,
    scope: "wallet",
    id: (r) => r.id,
    order: newestFirst,
    pageSize: 20,
    query: { sort: "created_at", order: "desc" }
  }),
  pix_recurrences: defineList({
    endpoint: "pixRecurrences",
    row: PixRecurrence,
    scope: "wallet",
    id: (r) => r.id,
    order: newestFirst,
    pageSize: 20,
    query: { sort: "created_at", order: "desc" }
  }),
  // Pix Automático's authorizations and automatic payments (schema/pix-automatic.ts)
  ...pixAutomaticLists,
  // automatic withdrawals: the settings and the executions (schema/pix-withdraw.ts)
  ...withdrawLists
}

/** The next occurrences of a recurrence from `from` (inclusive), at most `count` (features §4: days 29–31 → last day of shorter months). */
export const nextOccurrences = (r: Pick<PixRecurrence, "start_date" | "end_date" | "frequency">, from: string, count: number): string[] => {
  const all = recurrenceDates({ start: r.start_date, frequency: r.frequency, ...(r.end_date !== null ? { end: r.end_date } : {}) })
  return all.filter((d) => d >= from).slice(0, count)
}

/**
 * The days ahead's movements (issue 13 "the days ahead"): every scheduled payment still to run and
 * every active recurrence's occurrence in the window that the server has not yet made a scheduled
 * payment of (the sandbox makes them 60 days ahead; a recurrence just created may not have yet).
 * An occurrence above the recurrence's maximum value is not scheduled (features §4) and not counted.
 */
export function aheadItemsOf(
  scheduled: ReadonlyArray<Pick<ScheduledPix, "payment_date" | "amount" | "status" | "recurrence_id"> & { readonly beneficiary_name?: string }>,
  recurrences: ReadonlyArray<
    Pick<PixRecurrence, "id" | "start_date" | "end_date" | "frequency" | "value" | "payment_max_value" | "status"> & { readonly beneficiary_name?: string }
  >,
  today: string,
  days = SCHEDULE_MAX_DAYS
): AheadItem[] {
  const t0 = parseIsoDate(today)
  const last = t0 === null ? today : new Date(t0 + days * 86_400_000).toISOString().slice(0, 10)
  const out: AheadItem[] = []
  const made = new Set<string>()
  for (const s of scheduled) {
    if (s.recurrence_id !== null) made.add(`${s.recurrence_id}|${s.payment_date}`)
    if (s.status !== "scheduled") continue
    out.push({ date: s.payment_date, amount: -s.amount, ...(s.beneficiary_name ? { label: s.beneficiary_name } : {}) })
  }
  for (const r of recurrences) {
    if (r.status !== "active") continue
    if (r.payment_max_value !== null && r.value > r.payment_max_value) continue
    const end = r.end_date !== null && r.end_date < last ? r.end_date : last
    if (r.start_date > end) continue
    for (const d of recurrenceDates({ start: r.start_date, frequency: r.frequency, end })) {
      if (d < today || made.has(`${r.id}|${d}`)) continue
      out.push({ date: d, amount: -r.value, ...(r.beneficiary_name ? { label: r.beneficiary_name } : {}) })
    }
  }
  return out
}
