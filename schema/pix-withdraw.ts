/**
 * Automatic withdrawals (spec features §1 "handle … automatic withdrawals", §2 automatic-withdraw —
 * permission get-user-withdraw-settings; issue 13 "a sweep of the balance above a threshold to an own
 * account at a set time, with its settings page"): the settings row and the execution row the client
 * syncs, their synced lists (in the grouped collection like every small list), the permission tags
 * (the change tag is ours), and the rules shared by the sandbox and the page — when the sweep runs
 * (the schedule rule: a time of day in São Paulo on every business day, every day, or one weekday),
 * how much it takes (everything above the amount to keep), what a valid setting is, and the next
 * sweep as a days-ahead source. docs/decisions.md "Automatic withdrawals (issue 13)".
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { isBankBusinessDay } from "./holidays.ts"
import { DAY_MS, spDayIndex, spDayKey, spDayStart } from "./sao-paulo-time.ts"
import { BANK_DIRECTORY } from "./banks.ts"
import { TedAccountType, tedProblems, type TedDestinationBody } from "./ted.ts"
import { onlyDigits, ValidationMessage, type ValidationKey } from "./validation.ts"
import type { AheadItem } from "./schedule.ts"

/** Permission tags: features §2 names the read tag; changing the settings is ours. */
export const PW = {
  /** features §2 automatic-withdraw: read the settings and the executions */
  getSettings: "api-users-get-user-withdraw-settings",
  /** ours: save the settings (PIN) or turn the sweep off */
  putSettings: "api-users-put-user-withdraw-settings"
} as const

/** How often the sweep runs (ours): every bank business day, every calendar day, or one weekday. */
export const WithdrawFrequency = Schema.Literals(["BUSINESS_DAYS", "DAILY", "WEEKLY"])
export type WithdrawFrequency = typeof WithdrawFrequency.Type
export const WITHDRAW_FREQUENCIES = WithdrawFrequency.literals

/** The own account the excess goes to (an account at another bank, the holder's own CPF/CNPJ). */
export const WithdrawDestination = Schema.Struct({
  bank_code: Schema.String,
  bank_name: Schema.String,
  ispb: Schema.String,
  agency: Schema.String,
  account: Schema.String,
  digit: Schema.String,
  account_type: TedAccountType,
  document: Schema.String,
  name: Schema.String
})
export type WithdrawDestination = typeof WithdrawDestination.Type

/** The wallet's settings (one record; `configured: false` until first saved). */
export const WithdrawSettings = Schema.Struct({
  id: Schema.String,
  configured: Schema.Boolean,
  enabled: Schema.Boolean,
  /** The BRL amount to keep (minor units): the sweep takes what is above it. */
  threshold: Schema.Int,
  /** "HH:MM", São Paulo. */
  time: Schema.String,
  frequency: WithdrawFrequency,
  /** WEEKLY: 0 Sunday – 6 Saturday; otherwise null. */
  weekday: Schema.NullOr(Schema.Int),
  destination: Schema.NullOr(WithdrawDestination),
  /** From when runs count (ISO instant): the last save that turned it on. */
  active_since: Schema.NullOr(Schema.String),
  /** The last run's instant (ISO): each run happens once. */
  last_run_at: Schema.NullOr(Schema.String),
  updated_at: Schema.String
})
export type WithdrawSettings = typeof WithdrawSettings.Type

export const WithdrawExecutionStatus = Schema.Literals(["done", "skipped", "failed"])
export type WithdrawExecutionStatus = typeof WithdrawExecutionStatus.Type

/** One run of the sweep: done (with its amount), skipped (nothing above the threshold) or failed (a catalogue key). */
export const WithdrawExecution = Schema.Struct({
  id: Schema.String,
  /** The run's instant (ISO): the set time of its day. */
  run_at: Schema.String,
  status: WithdrawExecutionStatus,
  amount: Schema.Int,
  balance_before: Schema.Int,
  threshold: Schema.Int,
  /** skipped: NOTHING_ABOVE_THRESHOLD; failed: the catalogue key (PIX_LIMIT_DAY_EXCEEDED…). */
  reason: Schema.NullOr(Schema.String),
  bank_name: Schema.String,
  account_label: Schema.String,
  operation_id: Schema.NullOr(Schema.String),
  end_to_end_id: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type WithdrawExecution = typeof WithdrawExecution.Type

/** What saving sends (the destination by its fields; the bank's name and ISPB come from the directory). */
export const WithdrawSettingsBody = Schema.Struct({
  threshold: Schema.Int,
  time: Schema.String,
  frequency: WithdrawFrequency,
  weekday: Schema.NullOr(Schema.Int),
  bank_code: Schema.String,
  agency: Schema.String,
  account: Schema.String,
  digit: Schema.String,
  account_type: TedAccountType,
  document: Schema.String,
  name: Schema.String
})
export type WithdrawSettingsBody = typeof WithdrawSettingsBody.Type

export const withdrawLists = {
  /** GET /users/pix/withdraw-settings: one record per wallet. */
  pix_withdraw_settings: defineList({
    endpoint: "withdrawSettings",
    row: WithdrawSettings,
    scope: "wallet",
    id: (r) => r.id,
    page: "single"
  }),
  /** GET /users/pix/withdraw-settings/executions: newest first. */
  pix_withdraw_executions: defineList({
    endpoint: "withdrawExecutions",
    row: WithdrawExecution,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.run_at.localeCompare(a.run_at) || b.id.localeCompare(a.id),
    pageSize: 20,
    query: { sort: "created_at", order: "desc" }
  })
}

// ── the schedule rule ─────────────────────────────────────────────────────────

export const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/
export type ScheduleOf = Pick<WithdrawSettings, "time" | "frequency" | "weekday">

/** The instant of "HH:MM" on a São Paulo day (UTC-3, no daylight saving since 2019). */
export const runInstant = (day: number, time: string): number => {
  const m = TIME_RE.exec(time)
  if (m === null) return Number.NaN
  return spDayStart(day) + (Number(m[1]) * 60 + Number(m[2])) * 60_000
}

/** Whether the sweep runs on a São Paulo day (index of spDayIndex). */
export const runsOnDay = (s: ScheduleOf, day: number): boolean => {
  const date = spDayKey(day)
  if (s.frequency === "DAILY") return true
  if (s.frequency === "BUSINESS_DAYS") return isBankBusinessDay(date)
  return new Date(day * DAY_MS).getUTCDay() === s.weekday
}

/** The longest gap between two business days (Carnival: Sat–Ash Wednesday) is well under this. */
const SEARCH_DAYS = 15

/** The first run strictly after `now` (ms), or null when the settings cannot run (bad time or weekday). */
export function nextRunAfter(s: ScheduleOf, now: number): number | null {
  if (!TIME_RE.test(s.time) || (s.frequency === "WEEKLY" && !validWeekday(s.weekday))) return null
  const today = spDayIndex(now)
  for (let d = today; d <= today + SEARCH_DAYS; d++) {
    if (!runsOnDay(s, d)) continue
    const at = runInstant(d, s.time)
    if (at > now) return at
  }
  return null
}

/** The last run at or before `now` (ms), or null. */
export function lastRunAtOrBefore(s: ScheduleOf, now: number): number | null {
  if (!TIME_RE.test(s.time) || (s.frequency === "WEEKLY" && !validWeekday(s.weekday))) return null
  const today = spDayIndex(now)
  for (let d = today; d >= today - SEARCH_DAYS; d--) {
    if (!runsOnDay(s, d)) continue
    const at = runInstant(d, s.time)
    if (at <= now) return at
  }
  return null
}

/**
 * The run due now, if any: the last run at or before `now` that is after `since` (the later of when the
 * settings were turned on and the last run). A clock that jumps over several runs sweeps once (the balance
 * is swept whole; earlier missed runs would find nothing more to take).
 */
export function dueRun(s: ScheduleOf, now: number, since: number): number | null {
  const last = lastRunAtOrBefore(s, now)
  return last !== null && last > since ? last : null
}

/** The sweep: everything above the amount to keep; nothing when the balance is at or below it. */
export const sweepAmount = (balance: number, threshold: number): number => Math.max(0, balance - Math.max(0, threshold))

// ── validation ────────────────────────────────────────────────────────────────

export type WithdrawField = "threshold" | "time" | "frequency" | "weekday" | "bank_code" | "agency" | "account" | "digit" | "account_type" | "document" | "name"
export type WithdrawProblems = Partial<Record<WithdrawField, ValidationKey | "WITHDRAW_DESTINATION_NOT_OWN">>

const validWeekday = (w: number | null): boolean => w !== null && Number.isInteger(w) && w >= 0 && w <= 6
/** The most one may keep (ours): R$ 10.000.000,00. */
export const THRESHOLD_MAX = 1_000_000_000

/**
 * What is wrong with a setting (empty: valid): the amount to keep a whole number of cents from 0 up to
 * THRESHOLD_MAX, a time HH:MM, a weekday for WEEKLY, the destination as a TED account (D-ted-fields) at a
 * bank of the directory other than this bank, and — the account being the holder's own — the holder's
 * CPF/CNPJ (`ownerDocument`: digits).
 */
export function withdrawProblems(
  b: Partial<Omit<WithdrawSettingsBody, "threshold">> & { readonly threshold?: number | null },
  ownerDocument: string
): WithdrawProblems {
  const V = ValidationMessage
  const p: WithdrawProblems = {}
  if (b.threshold === undefined || b.threshold === null) p.threshold = V.required
  else if (!Number.isSafeInteger(b.threshold) || b.threshold < 0) p.threshold = V.min_value
  else if (b.threshold > THRESHOLD_MAX) p.threshold = V.max_value
  if (b.time === undefined || b.time === "") p.time = V.required
  else if (!TIME_RE.test(b.time)) p.time = V.date
  if (b.frequency === undefined || !(WITHDRAW_FREQUENCIES as ReadonlyArray<string>).includes(b.frequency)) p.frequency = V.required
  else if (b.frequency === "WEEKLY" && !validWeekday(b.weekday ?? null)) p.weekday = V.required
  const dest = tedProblems(b as Partial<TedDestinationBody>)
  for (const k of ["agency", "account", "digit", "account_type", "document", "name"] as const) if (dest[k] !== undefined) p[k] = dest[k]
  if (!BANK_DIRECTORY.some((x) => x.code === b.bank_code)) p.bank_code = V.required
  if (p.document === undefined && onlyDigits(b.document ?? "") !== onlyDigits(ownerDocument)) p.document = "WITHDRAW_DESTINATION_NOT_OWN"
  return p
}

/** The time field's mask while typing: "1300" → "13:00" (digits only, at most four). */
export const maskTime = (v: string): string => {
  const d = v.replace(/\D/g, "").slice(0, 4)
  return d.length <= 2 ? d : `${d.slice(0, 2)}:${d.slice(2)}`
}

/** The destination as the row keeps it (the bank's name and ISPB from the directory). */
export const destinationOf = (b: WithdrawSettingsBody): WithdrawDestination => {
  const bank = BANK_DIRECTORY.find((x) => x.code === b.bank_code)
  return {
    bank_code: b.bank_code,
    bank_name: bank?.name ?? b.bank_code,
    ispb: bank?.ispb ?? "",
    agency: b.agency.trim(),
    account: b.account.trim(),
    digit: b.digit.trim().toUpperCase(),
    account_type: b.account_type,
    document: onlyDigits(b.document),
    name: b.name.trim()
  }
}

/** "Ag. 1234 · C/C 12345-6" style label: agency and account with its digit. */
export const accountLabel = (d: Pick<WithdrawDestination, "agency" | "account" | "digit">): string => `${d.agency} · ${d.account}-${d.digit}`

// ── the days ahead (issue 13) ─────────────────────────────────────────────────

/**
 * The next sweep as a days-ahead source: on the São Paulo day of the next run, what it would take from the
 * balance projected to that moment (the balance plus every other item dated up to that day — scheduled items
 * run from 00:00, the sweep at its time). Later runs find nothing above the threshold in a projection without
 * incoming money, so only the next one counts. Nothing when turned off or when nothing would be swept.
 */
export function withdrawAheadItems(
  s: Pick<WithdrawSettings, "enabled" | "configured" | "time" | "frequency" | "weekday" | "threshold"> | undefined,
  others: ReadonlyArray<AheadItem>,
  balance: number,
  now: number
): AheadItem[] {
  if (s === undefined || !s.enabled || !s.configured) return []
  const at = nextRunAfter(s, now)
  if (at === null) return []
  const date = spDayKey(spDayIndex(at))
  let projected = balance
  for (const it of others) if (it.date <= date) projected += it.amount
  const amount = sweepAmount(projected, s.threshold)
  return amount > 0 ? [{ date, amount: -amount }] : []
}
