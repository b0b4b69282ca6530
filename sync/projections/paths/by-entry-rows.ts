/**
 * Access path Q9, rows by entry (sync/SPEC.md Q9; entry-rows.ts): a large text dictionary (≥ 32,768
 * entries: the gateway's order references and payer documents) keeps its rows grouped by entry,
 * built after a bulk load or by the first ask that needs it; rows appended after are its tail, read
 * row by row (past 1/64 of the rows it is rebuilt); a write that moves an existing row to another
 * entry makes it stale. A text found only in those dictionaries (and in identifier prefixes), whose
 * hit entries hold at most 1/16 of the rows — first page, date order, no groups — visits those rows
 * alone, each once (TEXT_DICT marks it), testing the rest of the filter: totals from their
 * (wallet, code) pairs, the extra ints summed on the way (for the sumInts that follows), the window
 * from the matches sorted by date (a walk in date order past ENTRY_ROWS_SORT_MAX of them). Declines
 * when the dictionaries are small or the hits too many: the scan answers. Not cached.
 *
 * The scan uses the same index to mark a few hit entries' rows (EntryMarker) instead of testing
 * every row's entry.
 */
import { EntryRows, ENTRY_ROWS_SHARE_SHIFT } from "../entry-rows.ts"
import type { CompactIntColumn } from "../int-column.ts"
import type { HitList } from "../intern-dictionary.ts"
import { COLLECT_CAP } from "../packed-strings.ts"
import type { QueryBuffers } from "../query-buffers.ts"
import { clearBit, gatherTail, keepInFilter, TEXT_DICT, type IndexArray } from "../scan-loops.ts"
import { DEAD } from "../table-binding.ts"
import type { EntryMarker } from "../table-scan.ts"
import type { RowIndex, TableStore } from "../table-store.ts"
import { answerFromPairs, preparePairs } from "../table-totals.ts"
import { isFirstTextPage, type AccessPath, type Ask, type PathAnswer } from "./access-path.ts"

/** Q9's matches are sorted for the window up to this many; more, and the window is a walk in date order. */
const ENTRY_ROWS_SORT_MAX = 1 << 16

export class EntryRowsPath implements AccessPath, RowIndex, EntryMarker {
  readonly name = "entryRows"
  private readonly descRows = new EntryRows()
  private readonly docRows = new EntryRows()

  constructor(
    private readonly s: TableStore,
    private readonly bufs: QueryBuffers,
    /** From how many entries a dictionary keeps its rows by entry (TableProjectionOptions.entryRowsFrom). */
    private readonly from: number
  ) {}

  // appended rows are the tail; a removed row stays listed (dead rows are skipped)
  touch(): void {}
  entryMoved(_row: number, field: number): void {
    if (field === 0) this.descRows.stale()
    else if (field === 2) this.docRows.stale()
  }
  stale(): void {
    this.descRows.stale()
    this.docRows.stale()
  }
  prepare(): void {
    this.entryRows(false)
    this.entryRows(true)
  }

  /** The rows by entry of the descriptions or the documents, built if stale; null for a small dictionary. */
  private entryRows(docs: boolean): EntryRows | null {
    const s = this.s
    const dict = docs ? s.documents : s.descriptions
    if (s.liveRows === 0 || dict.size < this.from) return null
    const index = docs ? this.docRows : this.descRows
    // a tail past a quarter of what Q9 answers is worth a rebuild (it counts whole in the estimate)
    if (index.indexed < 0 || s.n - index.indexed > s.liveRows >> (ENTRY_ROWS_SHARE_SHIFT + 2))
      index.build(docs ? s.cpDoc : s.desc, dict.size, s.n, s.code, DEAD)
    return index
  }

  /**
   * Sets TEXT_DICT on the rows of the listed hit entries of the descriptions or the documents, by
   * their rows by entry, when those hold at most Q9's share of the rows; false (nothing marked)
   * otherwise, and the scan marks row by row. "0001": 1,260 order references among a million.
   */
  markByEntry(docs: boolean, list: HitList | null): boolean {
    const { s, bufs } = this
    if (list === null || list.entries.length > list.cap) return false
    const index = this.entryRows(docs)
    if (index === null || index.count(list.entries, s.n, list.cap) > list.cap) return false
    const scratch = s.scratch
    index.gather(list.entries, scratch, TEXT_DICT, null, 0)
    const col = docs ? s.cpDoc : s.desc
    const hits = docs ? bufs.docHits : bufs.descHits
    for (let r = index.indexed; r < s.n; r++) if (hits[col[r] as number] === 1) scratch[r] = (scratch[r] as number) | TEXT_DICT
    return true
  }

  answer(a: Ask): PathAnswer | null {
    const { c, sort, limit, t0 } = a
    const { s, bufs } = this
    if (!isFirstTextPage(a) || c.textName || !(c.textDesc || c.textDoc)) return null
    const cols: Array<{ index: EntryRows; col: IndexArray; hits: Uint8Array; list: ReadonlyArray<number> }> = []
    const cap = s.liveRows >> ENTRY_ROWS_SHARE_SHIFT
    let estimate = c.idRows?.length ?? 0
    for (const docs of [false, true]) {
      if (!(docs ? c.textDoc : c.textDesc)) continue
      const list = docs ? c.docList : c.descList
      // a small dictionary, or more hits than listed
      if (list === null || list.entries.length > list.cap) return null
      const index = this.entryRows(docs)
      if (index === null) return null
      estimate += index.count(list.entries, s.n, cap - estimate)
      if (estimate > cap) return null
      cols.push({ index, col: docs ? s.cpDoc : s.desc, hits: docs ? bufs.docHits : bufs.descHits, list: list.entries })
    }
    const pairs = preparePairs(s, bufs, c)
    const space = s.b.codeSpace
    const { scratch } = s
    // the rows of the hit entries, each once (TEXT_DICT marks a listed row; cleared at once after)
    const list = bufs.prefilterOf(s.n, s.cap)
    let listed = 0
    for (const { index, col, hits, list: entries } of cols) {
      listed = index.gather(entries, scratch, TEXT_DICT, list, listed)
      listed = gatherTail(hits, col, index.indexed, s.n, scratch, list, listed)
    }
    if (c.rowTextHits) {
      for (const r of c.idRows ?? []) {
        if (((scratch[r] as number) & TEXT_DICT) !== 0) continue
        scratch[r] = (scratch[r] as number) | TEXT_DICT
        list[listed++] = r
      }
    }
    clearBit(list, 0, listed, scratch, TEXT_DICT)
    // the rest of the filter: the matches stay at the front of the list, in their pairs
    const matched = keepInFilter(
      list,
      listed,
      s.code,
      s.wallet,
      s.amount,
      s.createdAt,
      DEAD,
      space,
      bufs.pairOk,
      bufs.pairN,
      bufs.pairA,
      c.from,
      c.to,
      c.minAmount,
      c.maxAmount
    )
    const matches = list.subarray(0, matched)
    const ints = new Float64Array(s.ints.length)
    for (let i = 0; i < s.ints.length; i++) ints[i] = (s.ints[i] as CompactIntColumn).sumRows(matches, s.code, s.b.sumKind)
    // the window: the matches in date order (ascending row numbers when compacted; else by date, fewer of them)
    const win = bufs.windowOf(limit)
    let wc = 0
    const identity = s.byDate.identity
    if (matched <= (identity ? ENTRY_ROWS_SORT_MAX : COLLECT_CAP)) {
      const sorted = identity ? matches.sort() : Uint32Array.from(matches).sort((x, y) => s.compareDate(x, y))
      for (let i = 0; i < Math.min(limit, matched); i++) win[wc++] = sorted[sort.dir === "asc" ? i : matched - 1 - i] as number
    } else {
      // many matches: a walk in date order meets the window's soon (marked again for it, then cleared)
      const { ownRows: perm, n } = s.byDate
      for (let i = 0; i < matched; i++) scratch[matches[i] as number] = (scratch[matches[i] as number] as number) | TEXT_DICT
      for (let i = 0; i < n && wc < limit; i++) {
        const j = sort.dir === "asc" ? i : n - 1 - i
        const r = identity ? j : (perm[j] as number)
        if (((scratch[r] as number) & TEXT_DICT) !== 0) win[wc++] = r
      }
      clearBit(matches, 0, matched, scratch, TEXT_DICT)
    }
    return { result: answerFromPairs(s, bufs, c, sort, limit, pairs, wc, t0), ints }
  }

  memoryBytes(): number {
    return this.descRows.memoryBytes() + this.docRows.memoryBytes()
  }
}
