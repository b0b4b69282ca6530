/**
 * Access path Q8, entry totals (sync/SPEC.md Q8; entry-totals.ts): a word found in one small text
 * dictionary only (payer names; a statement's descriptions), over the whole period, without
 * amounts, first page, date order. Per entry, the (wallet, code) totals of its rows, built in one
 * pass after a bulk load or by the first ask that needs them, rebuilt after any write (by version).
 * The totals are the hit entries' pairs added up (and the rows an identifier prefix matched, one by
 * one); the window, a walk in date order testing each row's entry until it is full. The extra ints'
 * sums come with the answer, for the sumInts that follows. Not cached: answering again costs as little.
 */
import { EntryTotals } from "../entry-totals.ts"
import type { QueryBuffers } from "../query-buffers.ts"
import { TEXT_HIT } from "../scan-loops.ts"
import { DEAD } from "../table-binding.ts"
import type { RowIndex, TableStore } from "../table-store.ts"
import { addRowToPair, answerFromPairs, preparePairs } from "../table-totals.ts"
import { entryColumns, isFirstTextPage, noAmounts, type AccessPath, type Ask, type PathAnswer } from "./access-path.ts"

export class EntriesPath implements AccessPath, RowIndex {
  readonly name = "entries"
  private readonly nameTotals = new EntryTotals()
  private readonly descTotals = new EntryTotals()

  constructor(
    private readonly s: TableStore,
    private readonly bufs: QueryBuffers
  ) {}

  // rebuilt after any write (by version): nothing to do per row
  touch(): void {}
  entryMoved(): void {}
  stale(): void {}
  prepare(): void {
    this.entryTotals(true)
    this.entryTotals(false)
  }

  /** The entry totals of the names or the descriptions, up to date; null when the dictionary is too large for them. */
  private entryTotals(names: boolean): EntryTotals | null {
    const s = this.s
    const dict = names ? s.names : s.descriptions
    if (s.liveRows === 0 || !EntryTotals.fits(dict.size, s.wallets.size, s.b.codeSpace)) return null
    const totals = names ? this.nameTotals : this.descTotals
    if (totals.version !== s.writes) totals.build(entryColumns(s, names ? s.cpName : s.desc, dict.size), s.writes)
    return totals
  }

  answer(a: Ask): PathAnswer | null {
    const { c, sort, limit, t0 } = a
    const { s, bufs } = this
    if (!isFirstTextPage(a) || c.textDoc || c.textDesc === c.textName || !noAmounts(c) || !s.wholePeriod(c.from, c.to)) return null
    const names = c.textName
    const totals = this.entryTotals(names)
    if (totals === null) return null
    const dict = names ? s.names : s.descriptions
    const hits = names ? bufs.nameHits : bufs.descHits
    const col = names ? s.cpName : s.desc
    const pairs = preparePairs(s, bufs, c)
    const ints = new Float64Array(s.ints.length)
    totals.collect(hits, dict.size, bufs.pairOk, bufs.pairN, bufs.pairA, ints)
    // rows an identifier prefix matched (scratch TEXT_HIT) whose entry is not a hit: one by one
    const space = s.b.codeSpace
    const pairOk = bufs.pairOk
    const rowHits = c.rowTextHits
    const scratch = s.scratch
    for (const r of (rowHits ? c.idRows : null) ?? []) if (hits[col[r] as number] !== 1) addRowToPair(s, bufs, r, ints)
    // the window: rows in date order whose entry is a hit and whose pair the filter keeps
    const win = bufs.windowOf(limit)
    const { ownRows: perm, identity, n } = s.byDate
    const codeCol = s.code
    const wallet = s.wallet
    const dead = DEAD
    const hit = TEXT_HIT
    let wc = 0
    for (let k = 0; k < n && wc < limit; k++) {
      const i = sort.dir === "asc" ? k : n - 1 - k
      const r = identity ? i : (perm[i] as number)
      const code = codeCol[r] as number
      if (code === dead || (hits[col[r] as number] !== 1 && !(rowHits && ((scratch[r] as number) & hit) !== 0))) continue
      if (pairOk[(wallet[r] as number) * space + code] === 1) win[wc++] = r
    }
    return { result: answerFromPairs(s, bufs, c, sort, limit, pairs, wc, t0), ints }
  }

  memoryBytes(): number {
    return this.nameTotals.memoryBytes() + this.descTotals.memoryBytes()
  }
}
