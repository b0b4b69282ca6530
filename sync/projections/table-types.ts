/**
 * The shapes a table projection is asked and answers in (DESIGN "Large data"; sync/SPEC.md Q,
 * PJ): the query, its result, the chart series, the options, and the keys a filter is cached
 * under (Q4). Mirrored by workers/results.ts StatementsResult. No code of the engine: every part
 * of the projection (table-projection.ts and the modules it composes) imports these.
 */
export interface TableSort {
  readonly by: "created_at" | "amount"
  readonly dir: "asc" | "desc"
}
/** "type": the first enum of the description; "code": every enum at once (each code's literals joined by "|"). */
export type TableGroupBy = "day" | "type" | "wallet" | "counterparty" | "code" | "none"

export interface TableQuery {
  /** Several wallets at once; empty or absent: every loaded wallet. */
  readonly walletIds?: ReadonlyArray<string>
  /**
   * Case- and accent-insensitive substring of the three text fields (a document-like query also
   * matches the document's digits); from 4 characters on, also a case-insensitive prefix of the
   * searched ids (a pasted id is its own prefix). Identifiers are matched by prefix, not anywhere
   * inside: see packed-strings.ts.
   */
  readonly text?: string
  /** Epoch ms, inclusive. */
  readonly from?: number
  /** Epoch ms, exclusive. */
  readonly to?: number
  /** Literals of the first enum (statement: type; gateway: kind). Empty or absent: all. Likewise statuses. */
  readonly types?: ReadonlyArray<string>
  readonly statuses?: ReadonlyArray<string>
  /** The sign enum's literal. */
  readonly direction?: string
  /** The per-currency enum's literal. */
  readonly currency?: string
  /** Minor units, inclusive, on the (always positive) amount. */
  readonly minAmount?: number
  readonly maxAmount?: number
  /** Default created_at desc. Ties: created_at, then id (code-unit order); desc reverses all. */
  readonly sort?: TableSort
  /** The window the view shows: default offset 0, limit 100 (at most 10 000). */
  readonly offset?: number
  readonly limit?: number
  readonly groupBy?: TableGroupBy
}

export interface GroupTotals {
  readonly key: string
  readonly count: number
  /**
   * Sums of the group's rows whose status counts (the description's `sums.counted`); "code"
   * groups sum every row (their key names the status already: the dashboard's total_value).
   */
  readonly sumIn: number
  readonly sumOut: number
  /** Counterparty groups: the name, where the key is the document. */
  readonly label?: string
}
export interface CurrencyTotals<C extends string = string> {
  readonly currency: C
  readonly count: number
  readonly sumIn: number
  readonly sumOut: number
}

export interface TableQueryResult<R, C extends string = string> {
  /** Rows matching, whatever their status. */
  readonly total: number
  /** Minor units over the matching rows whose status counts in sums. */
  readonly sumIn: number
  readonly sumOut: number
  readonly net: number
  /** The window only, every row field rebuilt from the columns. */
  readonly rows: ReadonlyArray<R>
  /** Ordered like the rows: by where each group's first row appears in the sorted result. */
  readonly groups?: ReadonlyArray<GroupTotals>
  /** When more than one wallet is selected: one entry per selected wallet (key = wallet id). */
  readonly perWallet?: ReadonlyArray<GroupTotals>
  /** When the matches hold more than one currency: the sums above mix units, these do not. */
  readonly perCurrency?: ReadonlyArray<CurrencyTotals<C>>
  readonly tookMs: number
  /**
   * An early answer (query()'s `onEarly`): the window's rows are final, but the scan stopped once
   * it had them, so `total` and the sums only count the rows seen so far (a lower bound).
   */
  readonly partial?: true
}

export interface SeriesPoint {
  /** YYYY-MM-DD (day) or YYYY-MM (month), São Paulo calendar. */
  readonly key: string
  /** Epoch ms of the bucket's start. */
  readonly from: number
  readonly sumIn: number
  readonly sumOut: number
  readonly net: number
  /** Closing balance of the selected wallets in the series currency; null before any is known (or without the balanceSeries plugin). */
  readonly balance: number | null
}
export interface TableSeries<C extends string = string> {
  readonly unit: "day" | "month"
  readonly currency: C
  readonly points: ReadonlyArray<SeriesPoint>
  readonly tookMs: number
}

/**
 * Per São Paulo day and per code (every enum at once, keyed as the "code" groups), what the
 * matching rows add up to whatever their status: the gateway metrics' charts (issue 31 item 4).
 * Cells run day by day, each day `keys.length` wide: cell = day × keys.length + key.
 */
export interface TableCodeSeries {
  /** YYYY-MM-DD, from the first to the last day of the range (empty days included). */
  readonly days: ReadonlyArray<string>
  /** The codes some matching row has, their literals joined by "|". */
  readonly keys: ReadonlyArray<string>
  readonly count: ReadonlyArray<number>
  /** Minor units, positive, every row of the cell (the dashboard's total_value). */
  readonly amount: ReadonlyArray<number>
  /** Each extra int of the description summed per cell (gateway: fee, seller_share). */
  readonly ints: Readonly<Record<string, ReadonlyArray<number>>>
  readonly tookMs: number
}

export interface TableProjectionOptions {
  /**
   * How many matches an amount sort collects and radix-sorts before it switches to walking
   * the amount order (default 65 536). A tuning knob; the tests lower it to cover both paths.
   */
  readonly sortListCap?: number
  /** From how many entries a text dictionary keeps its rows by entry (Q9; default 32 768); the tests lower it. */
  readonly entryRowsFrom?: number
}

/** Raised by an export iterator when the projection changed between two chunks. */
export class ProjectionChangedError extends Error {
  constructor() {
    super("the projection changed during the export; start it again")
    this.name = "ProjectionChangedError"
  }
}

/**
 * How a query was answered: a cached match list, refined from one, a scan, or one of the access
 * paths over an aggregate index (paths/: chunks Q7, entries Q8, entryRows Q9, bands Q10).
 */
export type QueryPath = "cache" | "refined" | "scan" | "chunks" | "entries" | "entryRows" | "bands"

export const DEFAULT_LIMIT = 100
export const MAX_LIMIT = 10_000
/** Ids are matched only from this many characters (schema/text-fold.ts: the page's narrowing needs it too). */
export { MIN_ID_QUERY } from "../../schema/text-fold.ts"
export const DEFAULT_SORT: TableSort = { by: "created_at", dir: "desc" }

export type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** A query's filter without its window, groups and text (match cache, Q4). */
export const restKey = (q: TableQuery): string =>
  JSON.stringify([
    q.walletIds ?? null,
    q.from ?? null,
    q.to ?? null,
    q.types ?? null,
    q.statuses ?? null,
    q.direction ?? null,
    q.currency ?? null,
    q.minAmount ?? null,
    q.maxAmount ?? null
  ])
/** The filter and sort, without window and groups. */
export const matchKey = (q: TableQuery, sort: TableSort): string => `${restKey(q)}|${(q.text ?? "").trim()}|${sort.by}|${sort.dir}`
