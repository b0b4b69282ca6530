/**
 * The state of an analysis view and its URL (issue 32 item 4 "saved views … carried in the URL so a
 * link opens the same view for another member who may read those wallets"; docs/decisions.md
 * D-analysis-views): search params ⇄ AnalysisViewState (a bad or unknown value falls back to its
 * default, never an error), the period as a São Paulo range (core §9), the worker query, and the
 * wallets a member may read kept while the others are dropped and counted for the message.
 */
import {
  ANALYSIS_COLS,
  ANALYSIS_MEASURES,
  ANALYSIS_PERIODS,
  PIVOT_ROWS,
  type AnalysisPeriod,
  type AnalysisSource,
  type AnalysisViewState
} from "../../../schema/analysis.ts"
import type { TableQueryMsg } from "../../../workers/protocol.ts"
import { civilFromDays, daysFromCivil, spDayIndex, spDayStart } from "../../../schema/sao-paulo-time.ts"

/** The search params the view writes (short: a link stays readable). */
export const PARAM = {
  wallets: "w",
  period: "p",
  start: "from",
  end: "to",
  text: "q",
  types: "t",
  direction: "d",
  currency: "cur",
  rows: "r",
  cols: "c",
  measure: "m",
  view: "v",
  name: "n"
} as const

export const defaultState = (source: AnalysisSource, walletIds: ReadonlyArray<string>): AnalysisViewState => ({
  source,
  walletIds: [...walletIds],
  period: source === "gateway" ? "90d" : "30d",
  ...(source === "statement" ? { currency: "BRL" } : {}),
  rows: "counterparty",
  cols: "month",
  measure: "net"
})

const oneOf = <T extends string>(list: ReadonlyArray<T>, v: string | null): T | undefined =>
  v !== null && (list as ReadonlyArray<string>).includes(v) ? (v as T) : undefined
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/
const listOf = (v: string | null): string[] =>
  (v ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x.length > 0 && x.length <= 100)

/** The state a URL carries; null when it carries none (no wallet and no pivot param): the page's defaults then. */
export function stateFromParams(source: AnalysisSource, params: URLSearchParams, fallbackWallets: ReadonlyArray<string>): AnalysisViewState {
  const base = defaultState(source, fallbackWallets)
  const wallets = listOf(params.get(PARAM.wallets))
  const period = oneOf(ANALYSIS_PERIODS, params.get(PARAM.period)) ?? base.period
  const start = params.get(PARAM.start)
  const end = params.get(PARAM.end)
  const text = (params.get(PARAM.text) ?? "").slice(0, 200)
  const types = listOf(params.get(PARAM.types))
  const direction = oneOf(["in", "out"] as const, params.get(PARAM.direction))
  const currency = params.get(PARAM.currency)
  return {
    source,
    walletIds: wallets.length > 0 ? [...new Set(wallets)] : base.walletIds,
    period,
    ...(period === "custom" && start !== null && DAY_RE.test(start) ? { start } : {}),
    ...(period === "custom" && end !== null && DAY_RE.test(end) ? { end } : {}),
    ...(text.trim() ? { text } : {}),
    ...(types.length > 0 ? { types } : {}),
    ...(direction ? { direction } : {}),
    ...(source === "statement" ? { currency: currency !== null && /^[A-Z]{2,6}$/.test(currency) ? currency : "BRL" } : {}),
    rows: oneOf(PIVOT_ROWS, params.get(PARAM.rows)) ?? base.rows,
    cols: oneOf(ANALYSIS_COLS, params.get(PARAM.cols)) ?? base.cols,
    measure: oneOf(ANALYSIS_MEASURES, params.get(PARAM.measure)) ?? base.measure
  }
}

/** The search params of a state (with the saved view's id and name when it is one). */
export function paramsOf(st: AnalysisViewState, view?: { readonly id: string; readonly name: string }): URLSearchParams {
  const p = new URLSearchParams()
  p.set(PARAM.wallets, st.walletIds.join(","))
  p.set(PARAM.period, st.period)
  if (st.period === "custom") {
    if (st.start) p.set(PARAM.start, st.start)
    if (st.end) p.set(PARAM.end, st.end)
  }
  if (st.text?.trim()) p.set(PARAM.text, st.text)
  if (st.types && st.types.length > 0) p.set(PARAM.types, st.types.join(","))
  if (st.direction) p.set(PARAM.direction, st.direction)
  if (st.currency) p.set(PARAM.currency, st.currency)
  p.set(PARAM.rows, st.rows)
  p.set(PARAM.cols, st.cols)
  p.set(PARAM.measure, st.measure)
  if (view) {
    p.set(PARAM.view, view.id)
    p.set(PARAM.name, view.name)
  }
  return p
}

/**
 * A saved view naming wallets this member may no longer read (issue 32 item 4 bad input): those are
 * dropped — counted for the message — and the rest kept; when none is left, the member's own default.
 */
export function keepReadable(
  st: AnalysisViewState,
  readable: ReadonlyArray<string>,
  fallback: ReadonlyArray<string>
): { readonly state: AnalysisViewState; readonly dropped: number } {
  const can = new Set(readable)
  const kept = st.walletIds.filter((id) => can.has(id))
  const dropped = st.walletIds.length - kept.length
  if (dropped === 0) return { state: st, dropped }
  return { state: { ...st, walletIds: kept.length > 0 ? kept : [...fallback] }, dropped }
}

export interface Range {
  readonly from: number
  readonly to: number
}

/** Epoch ms of 00:00 São Paulo of the first day of the month `k` months from `day`'s month. */
const monthStart = (day: number, k: number): number => {
  const [y, m] = civilFromDays(day)
  const idx = y * 12 + (m - 1) + k
  return spDayStart(daysFromCivil(Math.floor(idx / 12), (idx % 12) + 1, 1))
}

/** The period as a São Paulo range (core §9; a custom range includes its last day); null: all time, or `problem`. */
export function periodRange(st: Pick<AnalysisViewState, "period" | "start" | "end">, now: number): { readonly range: Range | null; readonly problem?: string } {
  const today = spDayIndex(now)
  const tomorrow = spDayStart(today + 1)
  const days = (n: number): Range => ({ from: spDayStart(today - (n - 1)), to: tomorrow })
  switch (st.period as AnalysisPeriod) {
    case "7d":
      return { range: days(7) }
    case "30d":
      return { range: days(30) }
    case "90d":
      return { range: days(90) }
    case "thisMonth":
      return { range: { from: monthStart(today, 0), to: tomorrow } }
    case "lastMonth":
      return { range: { from: monthStart(today, -1), to: monthStart(today, 0) } }
    case "12m":
      return { range: { from: monthStart(today, -11), to: tomorrow } }
    case "custom": {
      if (!st.start || !st.end) return { range: null, problem: "validation:VALIDATION_DATE" }
      const [y1, m1, d1] = st.start.split("-").map(Number) as [number, number, number]
      const [y2, m2, d2] = st.end.split("-").map(Number) as [number, number, number]
      const from = spDayStart(daysFromCivil(y1, m1, d1))
      const to = spDayStart(daysFromCivil(y2, m2, d2) + 1)
      if (!Number.isFinite(from) || !Number.isFinite(to)) return { range: null, problem: "validation:VALIDATION_DATE" }
      if (to <= from) return { range: null, problem: "validation:VALIDATION_DATE_RANGE" }
      return { range: { from, to } }
    }
    default:
      return { range: null }
  }
}

/** The worker query of a state (the gateway's kinds are its `types`; the statement's currency). */
export function queryOf(st: AnalysisViewState, range: Range | null): TableQueryMsg {
  return {
    walletIds: [...st.walletIds],
    ...(range ? { from: range.from, to: range.to } : {}),
    ...(st.text?.trim() ? { text: st.text.trim() } : {}),
    ...(st.types && st.types.length > 0 ? { types: [...st.types] } : {}),
    ...(st.direction ? { direction: st.direction } : {}),
    ...(st.currency ? { currency: st.currency } : {})
  }
}
