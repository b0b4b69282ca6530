/**
 * MED — contesting a sent Pix (issue 32 item 1; BCB's Mecanismo Especial de Devolução and its
 * self-service, Resolução BCB nº 1/2020 Regulamento Pix as amended, in force for the self-service
 * since October 2025; docs/decisions.md D-pix-med): the contest's row as both sides sync it, the
 * bodies of opening one and of the receiver's defence, and the rules the sandbox enforces and the
 * pages show — the 80-day window, what can be blocked, the 7-day analysis and its deterministic
 * decision. Times are instants on the sandbox's business clock; money is integer cents.
 */
import { Schema } from "effect"
import { Id, IsoDateTime, MinorUnits } from "./common.ts"
import { defineList } from "./list-def.ts"
import { DESCRIPTION_MAX, hasMaxLength, hasNoEmoji } from "./validation.ts"

/** BCB: a contest may be opened up to 80 days after the Pix (D-pix-med). */
export const MED_WINDOW_DAYS = 80
/** BCB: the receiving institution analyses for up to 7 days after the block (D-pix-med). */
export const MED_ANALYSIS_DAYS = 7
const DAY_MS = 86_400_000

export const MED_REASONS = ["fraud", "scam", "coercion", "operational_failure"] as const
export const MedReason = Schema.Literals(MED_REASONS)
export type MedReason = typeof MedReason.Type

export const MED_STATUSES = ["opened", "under_analysis", "accepted", "refused"] as const
export const MedStatus = Schema.Literals(MED_STATUSES)
export type MedStatus = typeof MedStatus.Type

/** Why a contest was refused (D-pix-med decision rule). */
export const MED_REFUSALS = ["nothing_blocked", "receiver_defence"] as const
export const MedRefusal = Schema.Literals(MED_REFUSALS)
export type MedRefusal = typeof MedRefusal.Type

/** One contest, as the payer's and the receiver's wallets both see it (`role` says which side this copy is). */
export const PixMedContest = Schema.Struct({
  id: Id,
  /** The contested Pix. */
  end_to_end_id: Schema.String,
  role: Schema.Literals(["payer", "receiver"]),
  reason: MedReason,
  description: Schema.String,
  status: MedStatus,
  /** The Pix's amount. */
  amount: MinorUnits,
  /** What was blocked in the receiver's wallet at opening: min(amount, what the receiver had free). */
  blocked_amount: MinorUnits,
  /** What went back to the payer (0 until accepted). */
  returned_amount: MinorUnits,
  refusal_reason: Schema.NullOr(MedRefusal),
  /** The receiver's defence, once sent. */
  defence: Schema.NullOr(Schema.String),
  defence_at: Schema.NullOr(IsoDateTime),
  payer_name: Schema.String,
  receiver_name: Schema.String,
  /** When the Pix was paid. */
  paid_at: IsoDateTime,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  /** End of the analysis: created_at + 7 days; the decision comes at the first scheduler run after it. */
  deadline: IsoDateTime,
  decided_at: Schema.NullOr(IsoDateTime),
  /** The devolution's end-to-end id once accepted with money returned. */
  devolution_end_to_end_id: Schema.NullOr(Schema.String)
})
export type PixMedContest = typeof PixMedContest.Type

export const PixMedOpenBody = Schema.Struct({
  end_to_end_id: Schema.String,
  /** Checked by the sandbox (a missing or unknown reason → 422 with `fields.reason`), not by the decoder. */
  reason: Schema.String,
  description: Schema.String,
  pin_token: Schema.String
})
export const PixMedDefenceBody = Schema.Struct({ defence: Schema.String })

/** The contested Pix's time plus 80 days: the last instant a contest is accepted (inclusive). */
export const medWindowEnd = (paidAtIso: string): number => Date.parse(paidAtIso) + MED_WINDOW_DAYS * DAY_MS
/** Issue 32 item 1: still within 80 days of the Pix at `nowMs` (the boundary instant is inside). */
export const withinMedWindow = (paidAtIso: string, nowMs: number): boolean => nowMs <= medWindowEnd(paidAtIso)
/** End of the analysis of a contest opened at `openedAtIso`. */
export const medDeadline = (openedAtIso: string): string => new Date(Date.parse(openedAtIso) + MED_ANALYSIS_DAYS * DAY_MS).toISOString()

/** Issue 32 item 1: what is blocked at once — the amount, or what the receiver has free if less (never negative). */
export const medBlockable = (amount: number, receiverBalance: number, alreadyBlocked: number): number =>
  Math.max(0, Math.min(amount, receiverBalance - alreadyBlocked))

/** The description rule of Pix (≤ 140 characters, no emoji; as a payment's and a devolution's): the field's key or null. */
export const medTextProblem = (s: string, required: boolean): string | null => {
  if (required && s.trim() === "") return "VALIDATION_REQUIRED"
  if (!hasMaxLength(s, DESCRIPTION_MAX)) return "VALIDATION_MAX"
  if (!hasNoEmoji(s)) return "VALIDATION_NO_EMOJI"
  return null
}

export const isMedReason = (s: string): s is MedReason => (MED_REASONS as ReadonlyArray<string>).includes(s)

/**
 * The receiving institution's decision after the 7 days (D-pix-med; deterministic so tests and users can
 * foresee it): nothing blocked → refused (nothing to return); an operational failure the receiver answered
 * with a defence → refused (the receiver showed the payment was due); otherwise accepted, returning what
 * was blocked. Fraud, scam and coercion are founded suspicions the defence does not undo.
 */
export const medDecision = (
  c: Pick<PixMedContest, "reason" | "blocked_amount" | "defence">
): { readonly status: "accepted"; readonly returned: number } | { readonly status: "refused"; readonly refusal: MedRefusal } => {
  if (c.blocked_amount <= 0) return { status: "refused", refusal: "nothing_blocked" }
  if (c.reason === "operational_failure" && c.defence !== null) return { status: "refused", refusal: "receiver_defence" }
  return { status: "accepted", returned: c.blocked_amount }
}

/** Contests still holding money blocked. */
export const isMedOpen = (s: MedStatus): boolean => s === "opened" || s === "under_analysis"

export const pixMedLists = {
  /** GET /users/v2/pix/med/contests: the wallet's contests, as payer and as receiver, newest first. */
  pix_med_contests: defineList({
    endpoint: "pixMedContests",
    row: PixMedContest,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
    pageSize: 50,
    query: { sort: "created_at", order: "desc" }
  })
}

/** The app's path that opens the contest form of a sent Pix (from its Pix statement row and its receipt); the page reads these back. */
export const medOpenPath = (p: {
  readonly end_to_end_id: string
  readonly amount: number
  readonly counterparty_name: string
  readonly created_at: string
}): string =>
  `/banking/pix/med/new?${new URLSearchParams({ e2e: p.end_to_end_id, amount: String(p.amount), name: p.counterparty_name, at: p.created_at }).toString()}`
/** Whether a ledger row is a sent Pix that may be offered "Contest this Pix" (the sandbox decides the rest). */
export const isContestable = (r: {
  readonly direction: string
  readonly status: string
  readonly end_to_end_id: string | null
  readonly type?: string
}): boolean =>
  r.direction === "out" && r.status === "completed" && r.end_to_end_id !== null && r.end_to_end_id !== "" && (r.type === undefined || r.type === "PIX_OUT")
