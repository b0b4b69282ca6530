/**
 * Access path Q7, chunk totals (sync/SPEC.md Q7; chunk-totals.ts): a filter of wallets, codes
 * (type, status, sign, currency) and a period only, first page, date order, no groups. The window
 * comes from a scan in date order stopped once it is full (the matches of a broad filter are near,
 * those of a narrow one are found further on); the totals, from the chunk totals — a few hundred
 * (wallet, code) pairs per 4096 rows — rather than from every matching row. Not cached: answering
 * again costs as little. Owns the chunk totals, dropped chunk by chunk by the writes to their rows.
 */
import { ChunkTotals, type ChunkColumns } from "../chunk-totals.ts"
import type { QueryBuffers } from "../query-buffers.ts"
import { DEAD } from "../table-binding.ts"
import type { Compiled } from "../table-compile.ts"
import { GroupMode } from "../table-groups.ts"
import { scan } from "../table-scan.ts"
import type { RowIndex, TableStore } from "../table-store.ts"
import { addPair, finish, pairFilter, settleTotals } from "../table-totals.ts"
import { noAmounts, type AccessPath, type Ask, type PathAnswer } from "./access-path.ts"

export class ChunksPath implements AccessPath, RowIndex {
  readonly name = "chunks"
  private readonly totals = new ChunkTotals()

  constructor(
    private readonly s: TableStore,
    private readonly bufs: QueryBuffers
  ) {}

  touch(row: number): void {
    this.totals.touch(row)
  }
  entryMoved(): void {}
  stale(): void {
    this.totals.reset()
  }
  prepare(): void {
    this.totals.prepare(this.columns())
  }

  /** The columns the chunk totals are built from, as they are now. */
  private columns(): ChunkColumns {
    const s = this.s
    return { rows: s.n, createdAt: s.createdAt, amount: s.amount, wallet: s.wallet, code: s.code, dead: DEAD, ints: s.ints, counted: s.b.sumKind }
  }

  answer(a: Ask): PathAnswer | null {
    const { c, sort, offset, limit, t0 } = a
    if (offset !== 0 || c.none || c.hasText || !noAmounts(c) || a.gm !== GroupMode.None || sort.by !== "created_at") return null
    const { s, bufs } = this
    const trackWallets = c.selectedWallets.length > 1
    const win = bufs.windowOf(limit)
    const out = scan(s, bufs, null, c, sort, offset, offset + limit, win, GroupMode.None, trackWallets, false, offset + limit)
    // a scan that reached the end counted every match already
    if (!out.stopped) return { result: finish(s, bufs, c, sort, out, offset, limit, GroupMode.None, trackWallets, t0), ints: null }
    const pc = bufs.perCurrency
    pc.fill(0)
    if (trackWallets) bufs.zeroPerWallet(s.wallets.size)
    const sums = { total: 0, sumIn: 0, sumOut: 0 }
    this.totals.collect(this.columns(), c.from, c.to, pairFilter(c), (w, k, count, sum) => addPair(s, bufs, sums, w, k, count, sum, trackWallets))
    settleTotals(out, pc, sums.total, sums.sumIn, sums.sumOut)
    return { result: finish(s, bufs, c, sort, out, offset, limit, GroupMode.None, trackWallets, t0), ints: null }
  }

  /** Adds to `out` the extra ints of every row the filter (wallets, codes, period only) keeps, from the chunks' pairs (sumInts). */
  sumInts(c: Compiled, out: Float64Array): void {
    if (!c.none) this.totals.collectInts(this.columns(), c.from, c.to, pairFilter(c), out)
  }

  memoryBytes(): number {
    return this.totals.memoryBytes()
  }
}
