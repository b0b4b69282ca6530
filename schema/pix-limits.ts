/**
 * Pix limits (spec features §1 "Set limits", §2 limit, §3 Limit "limit type (with a tag), limit per
 * user; day and night limits", §7 /users/limits/*, §9 values not shown; issue 12): the limit types,
 * the wallet's limit row the client syncs, and the pure rules the sandbox and the client share —
 * which period (day or night, BCB: night is 20:00–06:00 São Paulo time) an instant is in, whether a
 * payment fits what is left of the period's limit, and what a change request does (a raise takes
 * effect 24 h later, a cut at once). Values where the spec is silent: docs/decisions.md "Pix limits and contacts".
 */
import { Schema } from "effect"
import { MinorUnits } from "./common.ts"
import { defineList } from "./list-def.ts"
import { ruleCheck, ValidationMessage } from "./rules/messages.ts"
import { DAY_MS, spDayIndex, spDayStart } from "./sao-paulo-time.ts"

export { PL } from "./pix-limits-permissions.ts"

/** The limit types (tags): a Pix to someone else, a Pix between accounts of the same holder. */
export const PIX_LIMIT_TAGS = ["pix_others", "pix_same_ownership"] as const
export const PixLimitTag = Schema.Literals(PIX_LIMIT_TAGS)
export type PixLimitTag = typeof PixLimitTag.Type
export const PixLimitPeriod = Schema.Literals(["day", "night"])
export type PixLimitPeriod = typeof PixLimitPeriod.Type

/** GET /users/limits/types (features §7, size 100). */
export const LimitType = Schema.Struct({ id: Schema.String, tag: PixLimitTag, name: Schema.String })
export type LimitType = typeof LimitType.Type
export const LimitTypesPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(LimitType)
})

/**
 * A wallet's limit of one type (GET /users/limits/users): the day and night limits in force, the
 * maximum each may be raised to, a pending raise per period with the instant it applies, and — as of
 * `as_of` on the server's clock — the current period, its bounds and what was paid in it.
 */
export const UserLimit = Schema.Struct({
  id: Schema.String,
  limit_type_id: Schema.String,
  tag: PixLimitTag,
  day_limit: MinorUnits,
  night_limit: MinorUnits,
  max_day_limit: MinorUnits,
  max_night_limit: MinorUnits,
  pending_day_limit: Schema.NullOr(MinorUnits),
  pending_day_effective_at: Schema.NullOr(Schema.String),
  pending_night_limit: Schema.NullOr(MinorUnits),
  pending_night_effective_at: Schema.NullOr(Schema.String),
  period: PixLimitPeriod,
  period_started_at: Schema.String,
  period_ends_at: Schema.String,
  used: MinorUnits,
  as_of: Schema.String,
  updated_at: Schema.String
})
export type UserLimit = typeof UserLimit.Type
export const UserLimitsPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(UserLimit)
})

/** The limit types' fixed ids (GET /users/limits/types), one per tag. */
export const PIX_LIMIT_TYPE_IDS: Readonly<Record<PixLimitTag, string>> = {
  pix_others: "limit-type-pix-others",
  pix_same_ownership: "limit-type-pix-same-ownership"
}
/**
 * A change request (POST /users/limits/users, ours): one period of one type, the new value. A type among the ids
 * (VALIDATION_REQUIRED, as the route answered) and a value of zero or more (VALIDATION_MIN_VALUE); its maximum needs the
 * wallet's (the route's PIX_LIMIT_ABOVE_MAXIMUM).
 */
export const UserLimitChangeBody = Schema.Struct({
  limit_type_id: Schema.String.check(
    ruleCheck((id: string) => (Object.values(PIX_LIMIT_TYPE_IDS) as ReadonlyArray<string>).includes(id), ValidationMessage.required)
  ),
  period: PixLimitPeriod,
  amount: MinorUnits.check(ruleCheck((n: number) => Number.isSafeInteger(n) && n >= 0, ValidationMessage.min_value))
})

// ── the rules ────────────────────────────────────────────────────────────────

const HOUR_MS = 3_600_000
/** BCB (Res. BCB 142/2021): the night period runs 20:00–06:00; the spec only says day and night limits exist. */
export const NIGHT_STARTS_HOUR = 20
export const NIGHT_ENDS_HOUR = 6
/** A raise takes effect 24 h after it is asked (issue 12, BCB); a cut at once. */
export const RAISE_DELAY_MS = 24 * HOUR_MS

export interface PeriodWindow {
  readonly period: PixLimitPeriod
  readonly start: number
  readonly end: number
}

/** The limit period (São Paulo time) holding the instant `ms`: day 06:00–20:00, night 20:00–06:00 (start inclusive, end exclusive). */
export const pixLimitPeriodAt = (ms: number): PeriodWindow => {
  const day = spDayIndex(ms)
  const midnight = spDayStart(day)
  const h = (ms - midnight) / HOUR_MS
  if (h >= NIGHT_ENDS_HOUR && h < NIGHT_STARTS_HOUR)
    return { period: "day", start: midnight + NIGHT_ENDS_HOUR * HOUR_MS, end: midnight + NIGHT_STARTS_HOUR * HOUR_MS }
  if (h >= NIGHT_STARTS_HOUR) return { period: "night", start: midnight + NIGHT_STARTS_HOUR * HOUR_MS, end: midnight + DAY_MS + NIGHT_ENDS_HOUR * HOUR_MS }
  return { period: "night", start: midnight - DAY_MS + NIGHT_STARTS_HOUR * HOUR_MS, end: midnight + NIGHT_ENDS_HOUR * HOUR_MS }
}

export type LimitCheck =
  { readonly ok: true; readonly limit: PixLimitPeriod; readonly left: number } | { readonly ok: false; readonly limit: PixLimitPeriod; readonly left: number }

/**
 * Whether `amount` fits the period's limit given what was already paid in the period (issue 12: the
 * sum paid in the current day/night period plus this amount). `left` is what remains before this payment.
 */
export const checkPixLimit = (
  p: { readonly period: PixLimitPeriod; readonly used: number; readonly day_limit: number; readonly night_limit: number },
  amount: number
): LimitCheck => {
  const limit = p.period === "day" ? p.day_limit : p.night_limit
  const left = Math.max(0, limit - p.used)
  return { ok: amount <= left, limit: p.period, left }
}

/** The limits in force and pending of one type, as stored (epoch ms for the pending instants). */
export interface LimitState {
  readonly day_limit: number
  readonly night_limit: number
  readonly pending_day_limit: number | null
  readonly pending_day_at: number | null
  readonly pending_night_limit: number | null
  readonly pending_night_at: number | null
}

/** Pending raises whose instant has come are in force (the sandbox's clock decides `now`). */
export const settleLimits = (s: LimitState, now: number): LimitState => {
  let out = s
  if (out.pending_day_limit !== null && out.pending_day_at !== null && out.pending_day_at <= now) {
    out = { ...out, day_limit: out.pending_day_limit, pending_day_limit: null, pending_day_at: null }
  }
  if (out.pending_night_limit !== null && out.pending_night_at !== null && out.pending_night_at <= now) {
    out = { ...out, night_limit: out.pending_night_limit, pending_night_limit: null, pending_night_at: null }
  }
  return out
}

export type LimitChangeRefusal = "VALIDATION_MIN_VALUE" | "PIX_LIMIT_ABOVE_MAXIMUM"

/** Whether a requested value may be asked for: a whole number of cents from zero to the type's maximum. */
export const limitChangeRefusal = (amount: number, max: number): LimitChangeRefusal | null =>
  !Number.isSafeInteger(amount) || amount < 0 ? "VALIDATION_MIN_VALUE" : amount > max ? "PIX_LIMIT_ABOVE_MAXIMUM" : null

/**
 * A change request on settled limits: above the value in force → pending, effective 24 h later (it
 * replaces an earlier pending raise of the period); at or below → in force at once, and any pending
 * raise of the period is dropped.
 */
export const applyLimitChange = (s: LimitState, period: PixLimitPeriod, amount: number, now: number): LimitState => {
  if (period === "day") {
    return amount > s.day_limit
      ? { ...s, pending_day_limit: amount, pending_day_at: now + RAISE_DELAY_MS }
      : { ...s, day_limit: amount, pending_day_limit: null, pending_day_at: null }
  }
  return amount > s.night_limit
    ? { ...s, pending_night_limit: amount, pending_night_at: now + RAISE_DELAY_MS }
    : { ...s, night_limit: amount, pending_night_limit: null, pending_night_at: null }
}

/** Defaults and maxima per holder kind (spec §9 "not shown"; night R$ 1.000,00 for a natural person: BCB). */
export const LIMIT_DEFAULTS: Readonly<Record<"NATURAL_PERSON" | "LEGAL_PERSON", Readonly<Record<PixLimitTag, { day: number; night: number; max: number }>>>> = {
  NATURAL_PERSON: {
    pix_others: { day: 2_000_000, night: 100_000, max: 10_000_000 },
    pix_same_ownership: { day: 5_000_000, night: 5_000_000, max: 10_000_000 }
  },
  LEGAL_PERSON: {
    pix_others: { day: 10_000_000, night: 2_000_000, max: 100_000_000 },
    pix_same_ownership: { day: 20_000_000, night: 20_000_000, max: 100_000_000 }
  }
}

/** A document as the decode calls show it: a CPF's middle six digits only (`***.456.789-**`), a CNPJ whole. */
export const maskPixDocument = (d: string): string => (d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : d)

/**
 * The client's reading of which limit a payment falls under, from the beneficiary's document as decoded
 * (masked) and the wallet holder's own document when the signed-in user holds the wallet (else unknown:
 * someone else's). The server decides by its directory (a match of the masked forms only may differ).
 */
export const limitTagForBeneficiary = (beneficiaryDocument: string, holderDocument: string | null): PixLimitTag =>
  holderDocument !== null && (beneficiaryDocument === holderDocument || beneficiaryDocument === maskPixDocument(holderDocument))
    ? "pix_same_ownership"
    : "pix_others"

export const pixLimitsLists = {
  pix_limits: defineList({
    endpoint: "userLimits",
    row: UserLimit,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => PIX_LIMIT_TAGS.indexOf(a.tag) - PIX_LIMIT_TAGS.indexOf(b.tag),
    pageSize: 100
  })
}
