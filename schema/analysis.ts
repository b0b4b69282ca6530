/**
 * Analysis across wallets (issue 32 item 4; sync/SPEC.md Q11, Q12; docs/decisions.md D-analysis-pivot,
 * D-analysis-views): the shapes shared by the engine and the views — the pivot a view asks of a big
 * table (rows × columns, cells count / in / out), its answer, the state of an analysis view (filters,
 * grouping, pivot and measure, as kept in a saved view and carried in the URL) and a saved view.
 */
import { Schema } from "effect"

/** Which big list an analysis reads: the account statement or the gateway transactions. */
export const ANALYSIS_SOURCES = ["statement", "gateway"] as const
export const AnalysisSource = Schema.Literals(ANALYSIS_SOURCES)
export type AnalysisSource = typeof AnalysisSource.Type

export const PIVOT_ROWS = ["counterparty", "type", "wallet", "day", "month"] as const
/** "period": the filter's period against the previous one of the same length; "none": one column. */
export const PIVOT_COLS = ["month", "wallet", "type", "period", "none"] as const
export const PivotSpecMsg = Schema.Struct({
  rows: Schema.Literals(PIVOT_ROWS),
  cols: Schema.Literals(PIVOT_COLS),
  rowLimit: Schema.optionalKey(Schema.Number)
})
export type PivotSpecMsg = typeof PivotSpecMsg.Type

export const PivotLineView = Schema.Struct({
  key: Schema.String,
  /** Counterparty rows: the name, where the key is the document. */
  label: Schema.optionalKey(Schema.String),
  count: Schema.Number,
  sumIn: Schema.Number,
  sumOut: Schema.Number,
  /** [count, sumIn, sumOut] per column, in `columns` order (minor units). */
  cells: Schema.Array(Schema.Number)
})
export type PivotLineView = typeof PivotLineView.Type

export const PivotResultView = Schema.Struct({
  rows: Schema.Literals(PIVOT_ROWS),
  cols: Schema.Literals(PIVOT_COLS),
  columns: Schema.Array(Schema.String),
  lines: Schema.Array(PivotLineView),
  /** The rows past the limit, summed; `omitted` says how many. */
  others: Schema.NullOr(PivotLineView),
  omitted: Schema.Number,
  total: PivotLineView,
  period: Schema.optionalKey(Schema.Struct({ prevFrom: Schema.Number, from: Schema.Number, to: Schema.Number })),
  tookMs: Schema.Number,
  loadedRows: Schema.Number
})
export type PivotResultView = typeof PivotResultView.Type

/** The periods an analysis offers (São Paulo days; "custom": `start`/`end` as YYYY-MM-DD, both included). */
export const ANALYSIS_PERIODS = ["7d", "30d", "90d", "thisMonth", "lastMonth", "12m", "custom", "all"] as const
export const AnalysisPeriod = Schema.Literals(ANALYSIS_PERIODS)
export type AnalysisPeriod = typeof AnalysisPeriod.Type
/** The pivot's cell shown: count, sum in, sum out or net (the CSV carries all four). */
export const ANALYSIS_MEASURES = ["net", "in", "out", "count"] as const
export const AnalysisMeasure = Schema.Literals(ANALYSIS_MEASURES)
export type AnalysisMeasure = typeof AnalysisMeasure.Type
/** The pivot's own columns (the comparison has its section). */
export const ANALYSIS_COLS = ["month", "wallet", "type", "none"] as const

/** Everything an analysis view shows, as a saved view keeps it and the URL carries it. */
export const AnalysisViewState = Schema.Struct({
  source: AnalysisSource,
  walletIds: Schema.Array(Schema.String),
  period: AnalysisPeriod,
  start: Schema.optionalKey(Schema.String),
  end: Schema.optionalKey(Schema.String),
  text: Schema.optionalKey(Schema.String),
  /** Statement types or gateway kinds. */
  types: Schema.optionalKey(Schema.Array(Schema.String)),
  direction: Schema.optionalKey(Schema.Literals(["in", "out"])),
  /** The statement's currency (default BRL; the gateway is BRL only). */
  currency: Schema.optionalKey(Schema.String),
  rows: Schema.Literals(PIVOT_ROWS),
  cols: Schema.Literals(ANALYSIS_COLS),
  measure: AnalysisMeasure
})
export type AnalysisViewState = typeof AnalysisViewState.Type

/** A saved view: named, per user, kept in the user's local store (wiped with it at logout). */
export const SavedView = Schema.Struct({
  id: Schema.String,
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(80)),
  state: AnalysisViewState,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type SavedView = typeof SavedView.Type
