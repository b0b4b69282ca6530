/**
 * The in-memory table projection of the sync engine (DESIGN "The sync engine" → "Large data" and
 * "Big tables inside"; budgets "filter/sort/count/sum over 1M local rows p95 ≤ 30 ms" and "memory
 * ≤ 150 bytes per row"; issue 11 "Tables described once", issue 29; sync/SPEC.md Q, S6): one class
 * for every big synced table, parametrised by its description (schema/tables/*.ts, `defineTable`).
 * The statement (statement-projection.ts), the Pix statement and the gateway transactions
 * (schema/tables/gateway.ts) are descriptions over this code.
 *
 * The worker fills it from RxDB at start and from the change stream after; every filter, sort,
 * count, sum, group, chart series and export runs here, and views receive only the window of rows
 * they display plus totals.
 *
 * A facade (docs/decisions.md D-projection-split): it holds one TableState and delegates —
 *  - table-store.ts: the columns, upsert, remove, optimize (table-image.ts: the reopen image);
 *  - table-compile.ts: a query into masks and hit tables; table-planner.ts: which path answers;
 *  - paths/: the match cache and the access paths, each with its own index (chunks Q7, entries Q8,
 *    entry rows Q9, amount bands Q10) and rows first (Q5);
 *  - table-scan.ts (scan-loops.ts): the scan every path falls back to; table-totals.ts,
 *    table-groups.ts: the answer's totals and groups; table-series.ts: the chart series.
 * clear() replaces the state whole: nothing of the previous user's rows or aggregates survives it.
 */
import type { DefinedTable } from "../../schema/tables/define-table.ts"
import { bindingOf, type Binding, type RowLike } from "./table-binding.ts"
import { storeFromImage, storeImage, type ProjectionImage } from "./table-image.ts"
import { pivot, type PivotResult, type PivotSpec } from "./table-pivot.ts"
import { allMatches, planQuery, sumInts } from "./table-planner.ts"
import { identifierLeads } from "./table-compile.ts"
import { TableState } from "./table-state.ts"
import { hitsBuffer } from "./query-buffers.ts"
import { documentDigitsOf, foldText } from "../../schema/text-fold.ts"
import { TableStore } from "./table-store.ts"
import {
  ProjectionChangedError,
  type QueryPath,
  type TableCodeSeries,
  type TableProjectionOptions,
  type TableQuery,
  type TableQueryResult,
  type TableSeries
} from "./table-types.ts"

/** textFollowers: from this many folded characters (the dictionaries' trigram postings answer the search), and up to this many strings each. */
const FOLLOWERS_FROM = 3
const FOLLOWERS_CAP = 4096

export type {
  CurrencyTotals,
  GroupTotals,
  QueryPath,
  SeriesPoint,
  TableCodeSeries,
  TableGroupBy,
  TableProjectionOptions,
  TableQuery,
  TableQueryResult,
  TableSeries,
  TableSort
} from "./table-types.ts"
export { MAX_LIMIT, MIN_ID_QUERY, ProjectionChangedError } from "./table-types.ts"
export { bindingOf } from "./table-binding.ts"
export type { ProjectionImage } from "./table-image.ts"
export type { PivotLine, PivotResult, PivotSpec, PivotRowDim, PivotColDim } from "./table-pivot.ts"
export { monthsFromDays } from "./table-series.ts"

/** Rows an export yields between two checks that the projection has not changed. */
const EXPORT_CHUNK_ROWS = 256

export class TableProjection<R, Q extends TableQuery = TableQuery, C extends string = string> {
  /** What the projection reads from its table description (codes, columns). */
  protected readonly b: Binding
  private readonly options: TableProjectionOptions
  private state: TableState

  constructor(table: DefinedTable<R>, options: TableProjectionOptions = {}) {
    this.b = bindingOf(table as DefinedTable<unknown>)
    this.options = options
    this.state = new TableState(new TableStore(this.b), options)
  }

  /** The column store (subclasses read its columns: the statement's OFX). */
  protected get store(): TableStore {
    return this.state.store
  }

  /** The table this projection holds. */
  get table(): DefinedTable<R> {
    return this.b.table as DefinedTable<R>
  }

  /** Live rows. */
  get size(): number {
    return this.state.store.liveRows
  }
  /** How the last query() was answered: from the match cache, by scanning a cached answer's rows, by a scan, or by an access path. */
  get lastPath(): QueryPath {
    return this.state.lastPath
  }
  /**
   * The characters a filter text must start with (folded) for a searched identifier to start with it (sync/SPEC.md Q5b):
   * the page may narrow the rows on screen across MIN_ID_QUERY for a text that starts with none of them.
   */
  identifierLeads(): string {
    // every answer carries them (scroll windows too): computed once per state of the store
    const store = this.state.store
    if (this.leads === null || this.leads.store !== store || this.leads.writes !== store.writes)
      this.leads = { store, writes: store.writes, chars: identifierLeads(store) }
    return this.leads.chars
  }
  private leads: { readonly store: TableStore; readonly writes: number; readonly chars: string } | null = null

  /**
   * The characters that follow a text wherever a row's searched text holds it (sync/SPEC.md Q5b: a page knows a text one
   * character longer matches no text when its character is not among them), or null when that is not said: a
   * document-like text (its digits are searched too), one shorter than FOLLOWERS_FROM characters, one an identifier may
   * start with, or one held by more than FOLLOWERS_CAP distinct strings of a dictionary (the search would cost a
   * keystroke's answer more than it saves).
   */
  textFollowers(text: string): string | null {
    const raw = text.trim()
    const folded = foldText(raw)
    // (a text of FOLLOWERS_FROM characters or more reaches the identifiers' length with one more: said only when no
    // identifier can start with it — the gateway's and the Pix statement's txids start with any character)
    if (folded.length < FOLLOWERS_FROM || documentDigitsOf(raw) !== null || this.identifierLeads().includes(folded[0] as string)) return null
    const s = this.state.store
    // the first window and the table's reserve of one filter ask the same text: searched once per state of the store
    const kept = this.followersKept
    if (kept !== null && kept.store === s && kept.writes === s.writes && kept.folded === folded) return kept.chars
    const bufs = this.state.bufs
    // the query's hit buffers are scratch once its answer is made (compile() clears and fills them per query)
    bufs.descHits = hitsBuffer(bufs.descHits, s.descriptions.size)
    bufs.nameHits = hitsBuffer(bufs.nameHits, s.names.size)
    bufs.docHits = hitsBuffer(bufs.docHits, s.documents.size)
    let all: string | null = ""
    for (const [d, hits] of [
      [s.descriptions, bufs.descHits],
      [s.names, bufs.nameHits],
      [s.documents, bufs.docHits]
    ] as const) {
      const f = d.followers(folded, FOLLOWERS_CAP, hits)
      if (f === null) {
        all = null
        break
      }
      all += f
    }
    const chars = all === null ? null : [...new Set(all)].join("")
    this.followersKept = { store: s, writes: s.writes, folded, chars }
    return chars
  }
  private followersKept: { readonly store: TableStore; readonly writes: number; readonly folded: string; readonly chars: string | null } | null = null
  /** Increments on every write: lets the engine cache answers, and exports detect changes. */
  get version(): number {
    return this.state.store.writes
  }

  // ── Writes ──────────────────────────────────────────────────────────────────────────────

  /** Room for `rows` rows without regrowing (the engine knows the count before a bulk load). */
  reserve(rows: number): void {
    this.state.store.reserve(rows)
  }

  /**
   * Inserts new rows and updates known ones (by id). An update older than what is stored
   * (updated_at before the stored updated_at) is ignored, so a late duplicate from a pull never
   * undoes a newer change from the stream. A row with an unknown type/status/direction/currency
   * or a bad date throws a RangeError before changing anything (rows are decoded upstream, so
   * this is a bug, not data); the rows before it in the batch stay applied.
   */
  upsertMany(rows: ReadonlyArray<R>): void {
    this.state.store.upsertObjects(rows as unknown as ReadonlyArray<RowLike>)
  }

  /**
   * As upsertMany, for compact rows: arrays whose cell i is the field `columns[i]` (the row
   * Schema's fields in order: a compact page or a stored chunk, D-compact-pages). The same rules;
   * no row object is made.
   */
  upsertCompact(rows: ReadonlyArray<ReadonlyArray<unknown>>, columns: ReadonlyArray<string>): void {
    this.state.store.upsertCompact(rows as unknown as ReadonlyArray<RowLike>, columns)
  }

  /** Removes rows by id; returns how many were there. Compacts once holes pass a quarter. */
  remove(ids: Iterable<string>): number {
    const s = this.state.store
    const removed = s.remove(ids)
    if (removed > 0 && s.holesPastQuarter) this.optimize()
    return removed
  }

  /** Forgets everything (logout, user switch): a new state, so no column, index, cache or buffer of the old one stays. */
  clear(): void {
    this.state = new TableState(new TableStore(this.b, this.state.store.writes + 1), this.options)
  }

  /**
   * Rewrites the rows in date order without holes, with 1/64 spare capacity, and builds the
   * amount order. Call it after the initial bulk load: scans then walk memory sequentially and
   * skip the order's indirection (rows that arrived in a random order would otherwise make
   * every scan a random walk), and the first amount sort does not pay for a sort. The access
   * paths' indexes are built then too, rather than by the first filter that reads them.
   */
  optimize(): void {
    this.state.store.optimize()
  }

  // ── Image (reopen without re-ingesting; sync/SPEC.md S6) ─────────────────────────────────

  /**
   * The whole state as a structured-cloneable value, for IndexedDB (the engine writes it after
   * its bulk load, sync/store/projection-image.ts). Typed arrays and dictionaries go as they are,
   * so reading it back costs a copy, not a million upserts. Clone it before the next write (an
   * IndexedDB `put` clones synchronously).
   */
  toImage(): ProjectionImage {
    return storeImage(this.state.store)
  }

  /**
   * A projection from an image, or null when the image was written by a different layout (its
   * shape — field names of every class, type/status/currency codes — differs) or is damaged.
   */
  static fromTableImage<P>(image: unknown, make: () => P): P | null {
    const p = make() as unknown as TableProjection<unknown>
    const store = storeFromImage(p.b, image)
    if (store === null) return null
    p.state = new TableState(store, p.options)
    return p as unknown as P
  }

  // ── Reads ───────────────────────────────────────────────────────────────────────────────

  has(id: string): boolean {
    return this.state.store.rowOf(id) >= 0
  }

  get(id: string): R | undefined {
    const s = this.state.store
    const r = s.rowOf(id)
    return r < 0 ? undefined : (s.rowView(r) as R)
  }

  /** The stored updated_at (epoch ms) of a row, for the pullers' checkpoint checks. */
  updatedAtOf(id: string): number | undefined {
    const s = this.state.store
    const r = s.rowOf(id)
    return r < 0 ? undefined : s.updatedAtRow(r)
  }

  /**
   * Filter, count, sum, window and groups: see Q. A query without groups is answered from the
   * match cache when the same filter and sort were asked since the last write (a window further
   * down: a slice), by an access path when one can, and otherwise by a scan that keeps its full
   * match list (Q4). `onEarly` gets the window's rows first when a scan finds them early (Q5).
   */
  query(q: Q, onEarly?: (early: TableQueryResult<R, C>) => void, opts: { readonly listWhole?: boolean } = {}): TableQueryResult<R, C> {
    const early = onEarly as ((early: TableQueryResult<unknown>) => void) | undefined
    return planQuery(this.state, q, early, opts.listWhole === true) as TableQueryResult<R, C>
  }

  /** Every match in the query's sort order (offset and limit ignored): row numbers, for exports. */
  protected allMatches(q: Q): Uint32Array {
    return allMatches(this.state, q)
  }

  /** The rows' views, lazily; throws ProjectionChangedError if the projection changes meanwhile. */
  protected *viewsOf(rows: ArrayLike<number>): Generator<R, void, undefined> {
    const s = this.state.store
    const at = s.writes
    for (let i = 0; i < rows.length; i++) {
      if (i % EXPORT_CHUNK_ROWS === 0 && this.state.store.writes !== at) throw new ProjectionChangedError()
      yield this.state.store.rowView(rows[i] as number) as R
    }
  }

  /** The extra ints summed over every match of the filter (gateway: fee and seller share that follow the filter). */
  sumInts(q: Q): Record<string, number> {
    return sumInts(this.state, q)
  }

  /** The matching rows as row objects, lazily; throws if the projection changes meanwhile. */
  matchingRows(q: Q): Generator<R, void, undefined> {
    return this.viewsOf(this.allMatches(q))
  }

  /**
   * Per-day (or per-month) in, out and closing balance for the balance chart (table-series.ts):
   * in/out over the matching rows in one currency (the query's, else BRL), the closing balance
   * per selected wallet whatever the text/type/amount filters, summed. Empty buckets included.
   */
  series(q: Q, unit: "day" | "month" = "day"): TableSeries<C> {
    return this.state.series.series(q, unit) as TableSeries<C>
  }

  /** Per day × code, count, amount and extra ints of the matches, every status (table-series.ts codeSeries; issue 31 item 4). */
  codeSeries(q: Q): TableCodeSeries {
    return this.state.series.codeSeries(q)
  }

  /**
   * The filter's rows counted and summed per row key × column key (table-pivot.ts; issue 32 item 4,
   * sync/SPEC.md Q11): the group-by in two dimensions, cells [count, in, out].
   */
  pivot(q: Q, spec: PivotSpec): PivotResult {
    const st = this.state
    return pivot(st.store, st.bufs, st.entryRowsFrom, q, spec)
  }

  // ── Memory ──────────────────────────────────────────────────────────────────────────────

  /** The parts of memoryBytes(), in bytes. */
  memoryReport(): Readonly<Record<string, number>> {
    const st = this.state
    const s = st.store
    const m = s.memoryParts()
    const parts = {
      columns: m.columns,
      idColumn: m.idColumn,
      denseIdColumns: m.denseIdColumns,
      sparseIdColumns: m.sparseIdColumns,
      idIndex: m.idIndex,
      // the orders and the access paths' indexes
      orders: m.orders + st.paths.reduce((n, p) => n + p.memoryBytes(), 0),
      dictionaries: m.dictionaries,
      scratch: s.scratch.byteLength + st.bufs.memoryBytes() + st.cache.memoryBytes()
    }
    let total = 0
    for (const v of Object.values(parts)) total += v
    return { ...parts, total, rows: s.liveRows, capacity: s.cap }
  }

  /** Estimated bytes held by the projection: typed arrays, packed strings, dictionaries, maps. */
  memoryBytes(): number {
    return this.memoryReport()["total"] as number
  }
}
