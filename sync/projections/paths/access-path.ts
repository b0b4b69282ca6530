/**
 * What an access path of a table projection is (DESIGN "Big tables inside": one module per access
 * path, each answering or declining; a planner tries them in order and falls back to the scan).
 * A path owns the index it reads (told about every write through the store's RowIndex) and answers
 * a compiled ask, or returns null so the planner tries the next one. The next optimisation is a new
 * file in paths/ and one line in table-state.ts, not a new branch in a class.
 */
import type { EntryColumns } from "../entry-totals.ts"
import type { IndexArray } from "../scan-loops.ts"
import { DEAD } from "../table-binding.ts"
import type { Compiled } from "../table-compile.ts"
import { GroupMode } from "../table-groups.ts"
import type { RowIndex, TableStore } from "../table-store.ts"
import type { Answer } from "../table-totals.ts"
import type { QueryPath, TableQuery, TableSort } from "../table-types.ts"

/** A query as the planner hands it to the paths: compiled, with its window and sort resolved. */
export interface Ask {
  readonly q: TableQuery
  readonly c: Compiled
  readonly sort: TableSort
  readonly offset: number
  readonly limit: number
  readonly gm: GroupMode
  /** No groups and rows wanted: the ask is noted (askedBefore) and its key names it (Q4). */
  readonly cacheable: boolean
  /** matchKey of the ask (empty when not cacheable). */
  readonly key: string
  /** When the query started (performance.now()), for tookMs. */
  readonly t0: number
}

export interface PathAnswer {
  readonly result: Answer
  /** The extra ints' sums over every match, when the path added them up on the way (Q8–Q10): the sumInts that follows reads them. */
  readonly ints: Float64Array | null
}

export interface AccessPath {
  /** What query()'s lastPath reports when this path answered. */
  readonly name: QueryPath
  /** The answer, or null when this path does not answer `ask` (the planner tries the next). */
  answer(ask: Ask): PathAnswer | null
}

/** The first page of a text in date order, without groups, whose identifier hits (if any) are listed: what Q8 and Q9 may answer. */
export const isFirstTextPage = (a: Ask): boolean =>
  a.offset === 0 &&
  a.cacheable &&
  a.gm === GroupMode.None &&
  a.sort.by === "created_at" &&
  a.c.hasText &&
  (!a.c.rowTextHits || a.c.idRows !== null) &&
  a.c.candidates === null

/** No amount bounds. */
export const noAmounts = (c: Compiled): boolean => c.minAmount === -Infinity && c.maxAmount === Infinity

/** The store's columns an EntryTotals is built from (Q8: a text column; Q10: the amount bands), as they are now. */
export const entryColumns = (s: TableStore, col: IndexArray, entries: number): EntryColumns => ({
  rows: s.n,
  col,
  entries,
  wallet: s.wallet,
  code: s.code,
  dead: DEAD,
  codeSpace: s.b.codeSpace,
  wallets: s.wallets.size,
  amount: s.amount,
  ints: s.ints,
  counted: s.b.sumKind
})

/** An access path that owns an index over the store's rows (every path so far). */
export type IndexedPath = AccessPath & RowIndex & { memoryBytes(): number }
