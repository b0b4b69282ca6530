/**
 * The staged-approval rules the views apply to local data (spec features §3 approval setting
 * and request, §4 states started → approved | reproved | canceled | finished and the 23:59:59
 * UTC-3 cut-off, §5 approvers 1..100, §6 "a request needs the set number of approvers"): who
 * may still decide, k of N, the queue's filters and counts, the history's totals, the
 * settings form's checks. Pure functions, tested next to this file.
 */
import type { ApprovalRequest, ApprovalStatus } from "../../../schema/entities.ts"
import { parseMoneyInput, type MoneyLocale } from "../../../schema/validation.ts"
import type { ApprovalRequestView, CommandView } from "../../../workers/results.ts"
import { isFinished } from "../../lib/command-phase.ts"

/** features §5, §9: approvers 1 to 100. */
export const APPROVERS_MIN = 1
export const APPROVERS_MAX = 100
/** Our limit for the optional reject reason (the requester reads it; features §5 free text). */
export const REASON_MAX = 140

export const STATUSES: ReadonlyArray<ApprovalStatus> = ["started", "approved", "reproved", "canceled", "finished"]

export const approvalsOf = (r: ApprovalRequest): number => r.approvals.filter((a) => a.decision === "approved").length

export type MyDecision = "approved" | "reproved" | "pending-approve" | "pending-reject" | null

/**
 * My decision on a request: the server's list first, then a command of mine still in flight
 * (the engine's `pendingDecision` overlay), then a confirmed command the next pull has not
 * brought yet (so the buttons never come back between "confirmed" and the re-pull).
 */
export function myDecision(r: ApprovalRequestView, meId: string | null, confirmed: ReadonlyMap<string, "approve" | "reject">): MyDecision {
  const mine = meId === null ? undefined : r.approvals.find((a) => a.user_id === meId)
  if (mine) return mine.decision
  if (r.pendingDecision) return r.pendingDecision === "approve" ? "pending-approve" : "pending-reject"
  const c = confirmed.get(r.id)
  return c === "approve" ? "approved" : c === "reject" ? "reproved" : null
}

/** Approval decisions of mine by request id: confirmed commands, from the outbox's live list. */
export function confirmedDecisions(commands: ReadonlyArray<CommandView> | undefined, walletId: string | null): ReadonlyMap<string, "approve" | "reject"> {
  const out = new Map<string, "approve" | "reject">()
  for (const c of commands ?? []) {
    if (c.wallet_id !== walletId || c.state !== "confirmed") continue
    if (c.body.name === "v1.approval.approve") out.set(c.body.payload.request_id, "approve")
    else if (c.body.name === "v1.approval.reject") out.set(c.body.payload.request_id, "reject")
  }
  return out
}

/** The command of mine on a request that is not finished yet (to say "confirm with your PIN" / "sending"). */
export function openCommandFor(commands: ReadonlyArray<CommandView> | undefined, requestId: string): CommandView | undefined {
  return (commands ?? []).find(
    (c) => (c.body.name === "v1.approval.approve" || c.body.name === "v1.approval.reject") && c.body.payload.request_id === requestId && !isFinished(c.state)
  )
}

/** Four eyes (sandbox rule): the requester may reject their own payment but not approve it. */
export const canApprove = (r: ApprovalRequest, meId: string | null): boolean => r.requested_by !== meId

/** A request waits for me when I may decide, have not, and did not request it. */
export const awaitsMe = (r: ApprovalRequestView, meId: string | null, confirmed: ReadonlyMap<string, "approve" | "reject">): boolean =>
  r.status === "started" && myDecision(r, meId, confirmed) === null && canApprove(r, meId)

// ── text search ─────────────────────────────────────────────────────────────
const fold = (s: string): string => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
const haystack = (r: ApprovalRequest): string => {
  const p = r.payment
  const digits = p.beneficiary_document.replace(/\D/g, "")
  return fold(
    [
      p.beneficiary_name,
      p.key,
      p.beneficiary_document,
      digits,
      p.beneficiary_bank,
      p.description,
      r.requested_by_name,
      ...r.approvals.map((a) => a.user_name)
    ].join("\u0000")
  )
}
export function matchesText(r: ApprovalRequest, text: string): boolean {
  const words = fold(text).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const h = haystack(r)
  return words.every((w) => h.includes(w))
}

// ── the queue (features §2 approval/requests: filters and counts) ───────────
export interface QueueFilter {
  readonly text: string
  /** Cents, or null for no bound. */
  readonly min: number | null
  readonly max: number | null
  readonly onlyMine: boolean
}
export const NO_FILTER: QueueFilter = { text: "", min: null, max: null, onlyMine: false }

export interface QueueSummary {
  readonly count: number
  readonly sum: number
  readonly awaitingMe: number
}

export function summarize(
  rows: ReadonlyArray<ApprovalRequestView>,
  meId: string | null,
  confirmed: ReadonlyMap<string, "approve" | "reject">,
  mayDecide: boolean
): QueueSummary {
  let sum = 0
  let awaitingMe = 0
  for (const r of rows) {
    sum += r.amount
    if (mayDecide && awaitsMe(r, meId, confirmed)) awaitingMe++
  }
  return { count: rows.length, sum, awaitingMe }
}

export function filterQueue(
  rows: ReadonlyArray<ApprovalRequestView>,
  f: QueueFilter,
  meId: string | null,
  confirmed: ReadonlyMap<string, "approve" | "reject">
): ReadonlyArray<ApprovalRequestView> {
  return rows.filter(
    (r) =>
      (f.min === null || r.amount >= f.min) && (f.max === null || r.amount <= f.max) && (!f.onlyMine || awaitsMe(r, meId, confirmed)) && matchesText(r, f.text)
  )
}

/** The amount-range inputs: cents or null (empty), and whether the range is usable. */
export function parseRange(
  minText: string,
  maxText: string,
  locale: MoneyLocale = "pt"
): { min: number | null; max: number | null; minBad: boolean; maxBad: boolean; reversed: boolean } {
  const min = minText.trim() === "" ? null : parseMoneyInput(minText, locale)
  const max = maxText.trim() === "" ? null : parseMoneyInput(maxText, locale)
  const minBad = minText.trim() !== "" && min === null
  const maxBad = maxText.trim() !== "" && max === null
  return { min, max, minBad, maxBad, reversed: min !== null && max !== null && min > max }
}

// ── the cut-off countdown (features §4, §9: 23:59:59 UTC-3) ─────────────────
/** Milliseconds left until `expiresAt` (never negative). */
export const msLeft = (expiresAt: string, now: number): number => Math.max(0, Date.parse(expiresAt) - now)

/** HH:MM:SS (hours may exceed 23 for a request expiring on a later day). */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const sec = total % 60
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`
}

// ── the history (features §2 approval/history: states, filters, totals) ─────
/** History = the closed requests plus the queue's started ones (one row per request, the newest wins). */
export function historyRows(
  history: ReadonlyArray<ApprovalRequest> | undefined,
  queue: ReadonlyArray<ApprovalRequest> | undefined
): ReadonlyArray<ApprovalRequest> {
  const byId = new Map<string, ApprovalRequest>()
  for (const r of [...(queue ?? []), ...(history ?? [])]) {
    const prev = byId.get(r.id)
    if (!prev || r.updated_at >= prev.updated_at) byId.set(r.id, r)
  }
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at))
}

export interface HistoryFilter {
  readonly status: ApprovalStatus | "all"
  readonly text: string
}

export function filterHistory(rows: ReadonlyArray<ApprovalRequest>, f: HistoryFilter): ReadonlyArray<ApprovalRequest> {
  return rows.filter((r) => (f.status === "all" || r.status === f.status) && matchesText(r, f.text))
}

export interface HistoryTotals {
  readonly count: number
  readonly sum: number
  readonly byStatus: Readonly<Record<ApprovalStatus, { count: number; sum: number }>>
}

export function historyTotals(rows: ReadonlyArray<ApprovalRequest>): HistoryTotals {
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, { count: 0, sum: 0 }])) as Record<ApprovalStatus, { count: number; sum: number }>
  let sum = 0
  for (const r of rows) {
    sum += r.amount
    byStatus[r.status].count++
    byStatus[r.status].sum += r.amount
  }
  return { count: rows.length, sum, byStatus }
}

// ── the settings form (features §5) ─────────────────────────────────────────
export type FieldError = { readonly key: string; readonly params?: Readonly<Record<string, string | number>> } | null

/** Approvers: an integer from 1 to 100. */
export function approversError(text: string): FieldError {
  const v = text.trim()
  if (v === "") return { key: "validation:VALIDATION_REQUIRED" }
  if (!/^\d+$/.test(v)) return { key: "validation:VALIDATION_NUMERIC" }
  const n = Number(v)
  if (n < APPROVERS_MIN) return { key: "validation:VALIDATION_MIN_VALUE", params: { min: APPROVERS_MIN } }
  if (n > APPROVERS_MAX) return { key: "validation:VALIDATION_MAX_VALUE", params: { max: APPROVERS_MAX } }
  return null
}

/** Minimum value: an amount of at least R$ 0,01 (the sandbox's rule). */
export function minValueError(text: string, cents: number | null): FieldError {
  if (text.trim() === "") return { key: "validation:VALIDATION_REQUIRED" }
  if (cents === null) return { key: "validation:VALIDATION_MONEY" }
  if (cents < 1) return { key: "validation:VALIDATION_MIN_VALUE", params: { min: "0,01" } }
  return null
}
