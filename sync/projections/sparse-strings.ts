/**
 * A packed string column for values that only some rows have (end_to_end_id: Pix rows only;
 * transaction_uuid: rows this client initiated) — DESIGN budget "memory of the in-memory
 * projection ≤ 150 bytes per row". A dense column would spend a 32-byte slot on every row;
 * here only rows with a value get a slot, given in increasing row order (rows are appended in
 * order), and each slot's row is kept in one byte: its low 8 bits (`low`), the rest told by
 * `highFirst` — for each 256 rows, the first slot at or past them. A row is found back by a binary
 * search among its 256 rows' slots; a slot's 256 rows by a search between those of the slots 256
 * apart around it (`sampled`: for each 256 slots, the 256 rows of the first), one step or none where
 * most rows have a slot. A Uint32 row per slot took 4 bytes, the low 16 bits 2 (the gateway's
 * end-to-end ids and txids: ~3.1 bytes a row, now ~1.6; issue 33 item 4). A bitmap of the rows
 * with a slot took 0.3, but finding a slot's row in it (a select per hit) made the first search of
 * "E6070" (113k hits) ~8 ms slower in the page. A row that gains a value after later rows already
 * have slots (rare: a pending Pix whose e2e arrives with an update) is kept in `late`.
 */
import { PackedStringColumn, markHit } from "./packed-strings.ts"
import type { PackedFormat, SlotRows } from "./packed-strings.ts"
import { foldText, stringBytes } from "../../schema/text-fold.ts"

const LOW_BITS = 8
const LOW_SPAN = 1 << LOW_BITS
const SAMPLE_SHIFT = 8

/** A copy twice as long. */
const grown = (a: Uint32Array): Uint32Array<ArrayBuffer> => {
  const g = new Uint32Array(a.length * 2)
  g.set(a)
  return g
}

export class SparsePackedColumn implements SlotRows {
  /** Each slot's row, its low 8 bits. */
  private low = new Uint8Array(0)
  /** highFirst[h]: the first slot whose row is h · 256 or more, for h < highs. */
  private highFirst = new Uint32Array(16)
  private highs = 0
  /** sampled[i]: the h (rows h · 256…) of slot i · 256, for the slots so far. */
  private sampled = new Uint32Array(16)
  private count = 0
  /** The row of the last slot (-1: none). */
  private last = -1
  private values: PackedStringColumn
  private late = new Map<number, string>()

  /** A structured clone of a column (the reopen image) made live again. */
  static revive(o: object): SparsePackedColumn {
    const c = Object.setPrototypeOf(o, SparsePackedColumn.prototype) as SparsePackedColumn
    c.values = PackedStringColumn.revive(c.values)
    return c
  }

  constructor(private readonly format: PackedFormat) {
    this.values = new PackedStringColumn(format)
  }

  /** The row of `slot` (0 ≤ slot < count): its high part is the last h whose first slot is at or before it. */
  at(slot: number): number {
    const hf = this.highFirst
    const i = slot >>> SAMPLE_SHIFT
    // between the 256 rows of the sampled slots around it
    let lo = this.sampled[i] as number
    let hi = (i + 1) << SAMPLE_SHIFT < this.count ? (this.sampled[i + 1] as number) : this.highs - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if ((hf[mid] as number) <= slot) lo = mid
      else hi = mid - 1
    }
    return lo * LOW_SPAN + (this.low[slot] as number)
  }

  private slotOf(row: number): number {
    const h = row >>> LOW_BITS
    if (h >= this.highs) return -1
    // the slots of rows h · 256 … (h + 1) · 256 - 1, in increasing order of their low bits
    const end = h + 1 < this.highs ? (this.highFirst[h + 1] as number) : this.count
    const want = row - h * LOW_SPAN
    const low = this.low
    let lo = this.highFirst[h] as number
    let hi = end
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((low[mid] as number) < want) lo = mid + 1
      else hi = mid
    }
    return lo < end && low[lo] === want ? lo : -1
  }

  private append(row: number): number {
    if (this.count === this.low.length) {
      const cap = Math.max(1024, Math.ceil(this.low.length * 1.5))
      const r = new Uint8Array(cap)
      r.set(this.low)
      this.low = r
      this.values.ensureCapacity(cap)
    }
    const h = row >>> LOW_BITS
    while (this.highs <= h) {
      if (this.highs === this.highFirst.length) this.highFirst = grown(this.highFirst)
      this.highFirst[this.highs++] = this.count
    }
    if ((this.count & ((1 << SAMPLE_SHIFT) - 1)) === 0) {
      const i = this.count >>> SAMPLE_SHIFT
      if (i === this.sampled.length) this.sampled = grown(this.sampled)
      this.sampled[i] = h
    }
    this.low[this.count] = row - h * LOW_SPAN
    this.last = row
    return this.count++
  }

  get(row: number): string | null {
    const l = this.late.get(row)
    if (l !== undefined) return l
    const s = this.slotOf(row)
    return s < 0 ? null : this.values.get(s)
  }

  /** Whether `row` already holds `value`. */
  same(row: number, value: string | null): boolean {
    const l = this.late.get(row)
    if (l !== undefined) return l === value
    const s = this.slotOf(row)
    return s < 0 ? value === null : this.values.same(s, value)
  }

  set(row: number, value: string | null): void {
    // new rows come in increasing order: append without searching
    if (row > this.last) {
      if (value !== null) this.values.set(this.append(row), value)
      return
    }
    const s = this.slotOf(row)
    if (s >= 0) {
      this.values.set(s, value)
      return
    }
    if (value === null) this.late.delete(row)
    else this.late.set(row, value)
  }

  /** Marks rows whose folded value starts with `folded` (see PackedStringColumn.searchPrefix). */
  searchPrefix(folded: string, hits: Uint8Array, bit: number, collect: number[] | null = null): number {
    // the slots' hits land on their rows directly (slot s is row at(s))
    let marked = this.values.searchPrefix(folded, hits, bit, collect, this)
    for (const [row, v] of this.late) {
      if (foldText(v).startsWith(folded)) {
        markHit(hits, row, bit, collect)
        marked++
      }
    }
    return marked
  }

  /** The characters a `searchPrefix` may find a value starting with (PackedStringColumn.startChars, and the late values'). */
  startChars(): string {
    let out = this.values.startChars()
    for (const v of this.late.values()) {
      const f = foldText(v)
      if (f !== "" && !out.includes(f[0] as string)) out += f[0] as string
    }
    return out
  }

  seal(): void {
    this.values.seal()
    this.values.maybeReformat(this.count, () => true)
  }

  /** A column holding, at row i, this column's value of row order[i] (compaction). */
  gather(order: Uint32Array): SparsePackedColumn {
    const dst = new SparsePackedColumn(this.format)
    dst.values = this.values.cloneEmpty()
    for (let i = 0; i < order.length; i++) {
      const old = order[i] as number
      const l = this.late.get(old)
      if (l !== undefined) {
        dst.values.set(dst.append(i), l)
        continue
      }
      const s = this.slotOf(old)
      if (s >= 0) dst.values.copyRowFrom(this.values, s, dst.append(i))
    }
    dst.values.seal()
    // the slots' rows cut to their count (grown by half, up to a third was unused): a compaction follows a bulk load
    if (dst.low.length > dst.count) dst.low = dst.low.slice(0, dst.count)
    if (dst.highFirst.length > dst.highs) dst.highFirst = dst.highFirst.slice(0, Math.max(1, dst.highs))
    return dst
  }

  memoryBytes(): number {
    let late = 0
    for (const v of this.late.values()) late += stringBytes(v) + 40
    return this.low.byteLength + this.highFirst.byteLength + this.sampled.byteLength + this.values.memoryBytes() + late
  }
}
