/**
 * Everything one table projection holds, made together and dropped together (issue 29: `clear()`
 * once re-listed some 45 fields by hand, and a field it forgot kept the previous user's aggregates
 * after a logout). The column store, the per-query buffers, the match cache, the access paths with
 * their indexes and the series' balance line all live here; clear() makes a new state, so nothing
 * of the old one can survive it. A new access path is one line in `paths` below.
 */
import { ENTRY_ROWS_FROM } from "./entry-rows.ts"
import { BandsPath } from "./paths/by-bands.ts"
import { ChunksPath } from "./paths/by-chunks.ts"
import { EntriesPath } from "./paths/by-entries.ts"
import { EntryRowsPath } from "./paths/by-entry-rows.ts"
import type { IndexedPath } from "./paths/access-path.ts"
import { MatchCache } from "./paths/match-cache.ts"
import { QueryBuffers } from "./query-buffers.ts"
import { SeriesMaker } from "./table-series.ts"
import { DayCodeTotals } from "./day-code-totals.ts"
import type { TableStore } from "./table-store.ts"
import type { QueryPath, TableProjectionOptions } from "./table-types.ts"

/** Matches an amount sort collects and radix-sorts by default; past this it walks the amount order. */
const LIST_CAP = 1 << 16

export class TableState {
  readonly bufs: QueryBuffers
  readonly cache: MatchCache
  /** Q7: also sums the extra ints of a filter without text or amounts (sumInts). */
  readonly chunks: ChunksPath
  /** Q9: also marks a few hit entries' rows for the scan (EntryMarker). */
  readonly entryRows: EntryRowsPath
  /** The paths the planner tries in order, after the match cache and before the scan; each is one of the store's indexes too. */
  readonly paths: ReadonlyArray<IndexedPath>
  readonly series: SeriesMaker
  readonly entryRowsFrom: number
  /** The extra ints' sums of the last answer a path added them up for (Q8–Q10), for the sumInts that follows. */
  pathInts: { readonly key: string; readonly version: number; readonly sums: Float64Array } | null = null
  /** How the last query was answered. */
  lastPath: QueryPath = "scan"

  constructor(
    readonly store: TableStore,
    options: TableProjectionOptions
  ) {
    this.entryRowsFrom = options.entryRowsFrom ?? ENTRY_ROWS_FROM
    this.bufs = new QueryBuffers(store.b.currencies.length, options.sortListCap ?? LIST_CAP)
    this.cache = new MatchCache(store, this.bufs)
    this.chunks = new ChunksPath(store, this.bufs)
    this.entryRows = new EntryRowsPath(store, this.bufs, this.entryRowsFrom)
    this.paths = [this.chunks, new BandsPath(store, this.bufs), new EntriesPath(store, this.bufs), this.entryRows]
    const dayCodes = new DayCodeTotals(store)
    store.indexes = [...this.paths, dayCodes]
    this.series = new SeriesMaker(store, this.bufs, this.cache, this.entryRowsFrom, dayCodes)
  }
}
