/**
 * Access path Q10, amount bands (sync/SPEC.md Q10; amount-bands.ts): an amount range without text
 * over the whole period, first page, date order. Per amount band, the (wallet, code) totals of its
 * rows (EntryTotals, the band as the entry), built after a bulk load or by the first ask that needs
 * them and rebuilt after any write; not kept when some amount is negative or fractional. The bands
 * wholly inside the range add up their pairs; the rows of the bands it cuts (two at most) are found
 * in the amount order and added one by one; the window is a walk in date order testing each row's
 * amount. The extra ints' sums come with the answer, for the sumInts that follows. Not cached.
 */
import { AMOUNT_BANDS, bandColumn, bandLow, bandOf } from "../amount-bands.ts"
import { EntryTotals } from "../entry-totals.ts"
import type { QueryBuffers } from "../query-buffers.ts"
import { DEAD } from "../table-binding.ts"
import type { RowIndex, TableStore } from "../table-store.ts"
import { addRowToPair, answerFromPairs, preparePairs } from "../table-totals.ts"
import { entryColumns, type AccessPath, type Ask, type PathAnswer } from "./access-path.ts"

export class BandsPath implements AccessPath, RowIndex {
  readonly name = "bands"
  private readonly totals = new EntryTotals()
  /** The write the bands were last tried at, and whether every amount fitted them then. */
  private usable: { readonly version: number; readonly ok: boolean } = { version: -1, ok: false }

  constructor(
    private readonly s: TableStore,
    private readonly bufs: QueryBuffers
  ) {}

  // rebuilt after any write (by version): nothing to do per row
  touch(): void {}
  entryMoved(): void {}
  stale(): void {}
  prepare(): void {
    this.bandTotals()
  }

  /** The amount bands' totals, up to date; null when they cannot be kept (a negative or fractional amount, too many pairs). */
  private bandTotals(): EntryTotals | null {
    const s = this.s
    if (s.liveRows === 0 || !EntryTotals.fits(AMOUNT_BANDS, s.wallets.size, s.b.codeSpace)) return null
    const totals = this.totals
    if (totals.version === s.writes) return totals
    if (this.usable.version === s.writes) return null
    const col = bandColumn(s.amount, s.n)
    this.usable = { version: s.writes, ok: col !== null }
    if (col === null) return null
    totals.build(entryColumns(s, col, AMOUNT_BANDS), s.writes)
    return totals
  }

  answer(a: Ask): PathAnswer | null {
    const { c, sort, limit, t0 } = a
    const { s, bufs } = this
    if (a.offset !== 0 || !a.cacheable || c.none || c.hasText || (c.minAmount === -Infinity && c.maxAmount === Infinity) || sort.by !== "created_at")
      return null
    if (!s.wholePeriod(c.from, c.to)) return null
    const totals = this.bandTotals()
    if (totals === null) return null
    const pairs = preparePairs(s, bufs, c)
    const { pairOk } = bufs
    const space = s.b.codeSpace
    // amounts are non-negative integers here (bandTotals): the range as integers
    const minA = Math.max(0, Math.ceil(c.minAmount))
    const maxA = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(c.maxAmount))
    const ints = new Float64Array(s.ints.length)
    if (minA <= maxA) {
      const bMin = bandOf(minA)
      const bMax = bandOf(maxA)
      const inside = new Uint8Array(AMOUNT_BANDS)
      const whole = (b: number): boolean => bandLow(b) >= minA && (b === AMOUNT_BANDS - 1 || bandLow(b + 1) - 1 <= maxA)
      for (let b = bMin; b <= bMax; b++) if (whole(b)) inside[b] = 1
      totals.collect(inside, AMOUNT_BANDS, pairOk, bufs.pairN, bufs.pairA, ints)
      // the rows of the cut bands, by the amount order
      s.byAmount.ensure()
      const perm = s.byAmount.perm
      for (const b of bMin === bMax ? [bMin] : [bMin, bMax]) {
        if (inside[b] === 1) continue
        const lo = Math.max(minA, bandLow(b))
        const hi = b === AMOUNT_BANDS - 1 ? maxA : Math.min(maxA, bandLow(b + 1) - 1)
        for (let k = s.amountBound(lo, false), end = s.amountBound(hi, true); k < end; k++) addRowToPair(s, bufs, perm[k] as number, ints)
      }
    }
    // the window: rows in date order with an amount in range and a pair the filter keeps
    const win = bufs.windowOf(limit)
    const { ownRows: perm, identity, n } = s.byDate
    const code = s.code
    const amount = s.amount
    const wallet = s.wallet
    const dead = DEAD
    let wc = 0
    for (let k = 0; k < n && wc < limit && minA <= maxA; k++) {
      const i = sort.dir === "asc" ? k : n - 1 - k
      const r = identity ? i : (perm[i] as number)
      const cd = code[r] as number
      const am = amount[r] as number
      if (cd === dead || am < minA || am > maxA) continue
      if (pairOk[(wallet[r] as number) * space + cd] === 1) win[wc++] = r
    }
    return { result: answerFromPairs(s, bufs, c, sort, limit, pairs, wc, t0), ints }
  }

  memoryBytes(): number {
    return this.totals.memoryBytes()
  }
}
