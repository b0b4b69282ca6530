/**
 * Per-entry totals of a small text dictionary (sync/SPEC.md Q8; issue 16 `gateway-filter-1m` p95 ≤ 16 ms):
 * for each distinct string of a column with few of them (the gateway's payer names, a statement's
 * descriptions), the count, amount sum and extra ints' sums of each (wallet, code) pair of its rows.
 *
 * A word typed over the whole history ("s", "silva") hits some entries of one such dictionary and
 * nothing else; its totals are then those entries' pairs added up — a thousand entries of a few
 * dozen pairs each, where a scan visits a million rows (~15 ms in Node, 25 in the page's worker for
 * "s" over the gateway's million rows). The window's rows come from a walk in date order that stops
 * once it is full (paths/by-entries.ts).
 *
 * Built in one pass over the rows, lazily (the first query that can use them) or after a bulk load
 * (TableProjection.optimize), for the projection as of one write: any write after makes them stale,
 * and the next query that needs them builds them again — no dearer than the scan it replaces. Not
 * part of the reopen image. Stored by entry (CSR): entry e's pairs are slots start[e]…start[e+1]-1.
 */
import type { AmountArray } from "./scan-loops.ts"
import { narrowSums, type CompactIntColumn } from "./int-column.ts"

type IndexArray = Uint16Array | Uint32Array

/** The rows the totals are built from (the projection's arrays as they are at call time). */
export interface EntryColumns {
  readonly rows: number
  /** The dictionary index of each row's string, and how many entries the dictionary has. */
  readonly col: IndexArray
  readonly entries: number
  readonly wallet: Uint16Array
  readonly code: Uint16Array
  readonly dead: number
  readonly codeSpace: number
  readonly wallets: number
  readonly amount: AmountArray
  /** The extra int columns, summed over the rows whose code counts (`counted`: the table's summed statuses, D-gateway-sums). */
  readonly ints: ReadonlyArray<CompactIntColumn>
  readonly counted: Uint8Array
}

/** At most this many (entry, pair) keys: the dense key → slot map of a build is 4 bytes each. */
export const ENTRY_KEYS_MAX = 1 << 22

/** Counts in 16 bits when none passes 65,535. */
const narrowCounts = (a: Uint32Array): Uint16Array | Uint32Array => {
  for (let i = 0; i < a.length; i++) if ((a[i] as number) > 0xffff) return a
  return new Uint16Array(a)
}

export class EntryTotals {
  /** The projection's write count the totals are of (-1: none). */
  version = -1
  private start = new Int32Array(1)
  /**
   * Each slot's pair, its rows, its amount sum and its extra ints' sums (slot × columns) — each array as narrow as its
   * values allow once built (`narrowCounts`, `narrowSums`): a pair in 16 bits while the pairs are at most 65,536, counts in 16 bits while
   * none passes 65,535, sums in 32 bits while every one fits. The gateway's payer names: 32 bytes a slot became 16
   * (~2 bytes a row, issue 33 item 4).
   */
  private pairOf: Uint16Array | Int32Array = new Int32Array(0)
  private count: Uint16Array | Uint32Array = new Uint32Array(0)
  private sum: Int32Array | Float64Array = new Float64Array(0)
  private ints: Int32Array | Float64Array = new Float64Array(0)
  private columns = 0

  /** Whether totals for a dictionary of this shape can be built (its keys fit ENTRY_KEYS_MAX). */
  static fits(entries: number, wallets: number, codeSpace: number): boolean {
    return entries * wallets * codeSpace <= ENTRY_KEYS_MAX
  }

  /** Builds the totals of `cols` as of the projection's write `version`. */
  build(cols: EntryColumns, version: number): void {
    const { rows, col, entries, wallet, code, dead, codeSpace, amount } = cols
    const pairs = cols.wallets * codeSpace
    // pass 1: which (entry, pair) keys occur, counted per entry
    const slotOf = new Int32Array(entries * pairs).fill(-1)
    const perEntry = new Int32Array(entries + 1)
    for (let r = 0; r < rows; r++) {
      const k = code[r] as number
      if (k === dead) continue
      const e = col[r] as number
      const key = e * pairs + (wallet[r] as number) * codeSpace + k
      if (slotOf[key] === -1) {
        slotOf[key] = -2
        perEntry[e] = (perEntry[e] as number) + 1
      }
    }
    // slots in entry order
    const start = new Int32Array(entries + 1)
    for (let e = 0; e < entries; e++) start[e + 1] = (start[e] as number) + (perEntry[e] as number)
    const slots = start[entries] as number
    const pairOf = new Int32Array(slots)
    for (let e = 0, s = 0; e < entries; e++) {
      const base = e * pairs
      for (let p = 0; p < pairs && s < (start[e + 1] as number); p++) {
        if (slotOf[base + p] === -2) {
          slotOf[base + p] = s
          pairOf[s++] = p
        }
      }
    }
    // pass 2: the sums
    const nc = cols.ints.length
    const count = new Uint32Array(slots)
    const sum = new Float64Array(slots)
    const ints = new Float64Array(slots * nc)
    for (let r = 0; r < rows; r++) {
      const k = code[r] as number
      if (k === dead) continue
      const s = slotOf[(col[r] as number) * pairs + (wallet[r] as number) * codeSpace + k] as number
      count[s] = (count[s] as number) + 1
      sum[s] = (sum[s] as number) + (amount[r] as number)
    }
    for (let i = 0; i < nc; i++) {
      const c = cols.ints[i] as CompactIntColumn
      for (let r = 0; r < rows; r++) {
        const k = code[r] as number
        if (k === dead || cols.counted[k] === 0) continue
        const s = slotOf[(col[r] as number) * pairs + (wallet[r] as number) * codeSpace + k] as number
        ints[s * nc + i] = (ints[s * nc + i] as number) + c.get(r)
      }
    }
    this.start = start
    this.pairOf = pairs <= 0x10000 ? new Uint16Array(pairOf) : pairOf
    this.count = narrowCounts(count)
    this.sum = narrowSums(sum)
    this.ints = narrowSums(ints)
    this.columns = nc
    this.version = version
  }

  /**
   * Adds the pairs that `pairOk` keeps of every entry marked 1 in `hits` (entries 0…entries-1) into
   * `pairN` / `pairA` (per pair, as listLoop fills them) and `intsOut` (one slot per extra int column).
   */
  collect(hits: Uint8Array, entries: number, pairOk: Uint8Array, pairN: Float64Array, pairA: Float64Array, intsOut: Float64Array): void {
    const { start, pairOf, count, sum, ints, columns: nc } = this
    for (let e = 0; e < entries; e++) {
      if (hits[e] !== 1) continue
      for (let s = start[e] as number, end = start[e + 1] as number; s < end; s++) {
        const p = pairOf[s] as number
        if (pairOk[p] === 0) continue
        pairN[p] = (pairN[p] as number) + (count[s] as number)
        pairA[p] = (pairA[p] as number) + (sum[s] as number)
        for (let i = 0; i < nc; i++) intsOut[i] = (intsOut[i] as number) + (ints[s * nc + i] as number)
      }
    }
  }

  /** Forgets the totals and their arrays (the projection cleared: logout). */
  reset(): void {
    this.version = -1
    this.start = new Int32Array(1)
    this.pairOf = new Int32Array(0)
    this.count = new Uint32Array(0)
    this.sum = new Float64Array(0)
    this.ints = new Float64Array(0)
  }

  /** Bytes held (memoryReport). */
  memoryBytes(): number {
    return this.start.byteLength + this.pairOf.byteLength + this.count.byteLength + this.sum.byteLength + this.ints.byteLength
  }
}
