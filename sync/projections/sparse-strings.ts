/**
 * A packed string column for values that only some rows have (end_to_end_id: Pix rows only;
 * transaction_uuid: rows this client initiated) — DESIGN budget "memory of the in-memory
 * projection ≤ 150 bytes per row". A dense column would spend a 32-byte slot on every row;
 * here only rows with a value get a slot, given in increasing row order (rows are appended in
 * order). Which rows have one is a bitmap (`present`, a bit a row) with the slots before each 512
 * rows (`rank`): a row's slot is that count and the bits before it in its 512 (rank), a slot's row
 * the bit where the count reaches it (select: from the last one found when near it, as a search
 * asks in slot order). The low 16 bits of each slot's row took 2 bytes a slot (the gateway's
 * end-to-end ids and txids: ~3 bytes a row; the bitmap 0.13; issue 33 item 4). A row that gains a
 * value after later rows already have slots (rare: a pending Pix whose e2e arrives with an update)
 * is kept in `late`.
 */
import { PackedStringColumn, markHit } from "./packed-strings.ts"
import type { PackedFormat, SlotRows } from "./packed-strings.ts"
import { foldText, stringBytes } from "../../schema/text-fold.ts"

/** Rows per rank entry (16 words of the bitmap). */
const RANK_SHIFT = 9
/** How far past the last slot found `at` walks the bitmap from there, rather than searching the ranks. */
const WALK_SLOTS = 256

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

export class SparsePackedColumn implements SlotRows {
  /** Bit r (word r >> 5, bit r & 31): row r has a slot. */
  private present = new Int32Array(0)
  /** rank[b]: the slots of rows before b · 512, for b < blocks. */
  private rank = new Uint32Array(16)
  private blocks = 0
  private count = 0
  /** Slots the values have room for. */
  private room = 0
  /** The row of the last slot (-1: none). */
  private last = -1
  /** The word where `at` last found its slot's row, and the slots of the rows before that word. */
  private walkWord = 0
  private walkBefore = 0
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

  /** The row of `slot` (0 ≤ slot < count): the bit of the bitmap where the slots counted reach it. */
  at(slot: number): number {
    const p = this.present
    let w: number
    let before: number
    if (slot >= this.walkBefore && slot < this.walkBefore + WALK_SLOTS) {
      w = this.walkWord
      before = this.walkBefore
    } else {
      // the last 512 rows whose slots before them are at most `slot`
      const rank = this.rank
      let lo = 0
      let hi = this.blocks - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1
        if ((rank[mid] as number) <= slot) lo = mid
        else hi = mid - 1
      }
      w = lo << (RANK_SHIFT - 5)
      before = rank[lo] as number
    }
    for (;;) {
      const c = popcount(p[w] as number)
      if (before + c > slot) break
      before += c
      w++
    }
    this.walkWord = w
    this.walkBefore = before
    // the (slot - before)th set bit of the word
    let x = p[w] as number
    for (let k = slot - before; k > 0; k--) x &= x - 1
    return (w << 5) + (31 - Math.clz32(x & -x))
  }

  private slotOf(row: number): number {
    if (row > this.last) return -1
    const p = this.present
    const w = row >>> 5
    const bit = 1 << (row & 31)
    if (((p[w] as number) & bit) === 0) return -1
    let s = this.rank[row >>> RANK_SHIFT] as number
    for (let i = (row >>> RANK_SHIFT) << (RANK_SHIFT - 5); i < w; i++) s += popcount(p[i] as number)
    return s + popcount((p[w] as number) & (bit - 1))
  }

  private append(row: number): number {
    if (this.count === this.room) {
      this.room = Math.max(1024, Math.ceil(this.room * 1.5))
      this.values.ensureCapacity(this.room)
    }
    const w = row >>> 5
    if (w >= this.present.length) {
      const p = new Int32Array(Math.max(64, Math.ceil((w + 1) * 1.5)))
      p.set(this.present)
      this.present = p
    }
    const b = row >>> RANK_SHIFT
    while (this.blocks <= b) {
      if (this.blocks === this.rank.length) {
        const g = new Uint32Array(this.rank.length * 2)
        g.set(this.rank)
        this.rank = g
      }
      this.rank[this.blocks++] = this.count
    }
    this.present[w] = (this.present[w] as number) | (1 << (row & 31))
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
    // the bitmap cut to its rows (grown by half, up to a third was unused): a compaction follows a bulk load
    const words = (dst.last >>> 5) + 1
    if (dst.last >= 0 && dst.present.length > words) dst.present = dst.present.slice(0, words)
    return dst
  }

  memoryBytes(): number {
    let late = 0
    for (const v of this.late.values()) late += stringBytes(v) + 40
    return this.present.byteLength + this.rank.byteLength + this.values.memoryBytes() + late
  }
}
