/**
 * A packed string column for values that only some rows have (end_to_end_id: Pix rows only;
 * transaction_uuid: rows this client initiated) — DESIGN budget "memory of the in-memory
 * projection ≤ 150 bytes per row". A dense column would spend a 32-byte slot on every row;
 * here only rows with a value get a slot, and `rows` (sorted, as rows are appended in order)
 * maps slot → row, found back by binary search. A row that gains a value after later rows
 * already have slots (rare: a pending Pix whose e2e arrives with an update) is kept in `late`.
 */
import { PackedStringColumn, markHit } from "./packed-strings.ts"
import type { PackedFormat } from "./packed-strings.ts"
import { foldText, stringBytes } from "../../schema/text-fold.ts"

export class SparsePackedColumn {
  private rows: Uint32Array = new Uint32Array(0)
  private count = 0
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

  private slotOf(row: number): number {
    const rows = this.rows
    let lo = 0
    let hi = this.count
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((rows[mid] as number) < row) lo = mid + 1
      else hi = mid
    }
    return lo < this.count && rows[lo] === row ? lo : -1
  }

  private append(row: number): number {
    if (this.count === this.rows.length) {
      const cap = Math.max(1024, Math.ceil(this.rows.length * 1.5))
      const r = new Uint32Array(cap)
      r.set(this.rows)
      this.rows = r
      this.values.ensureCapacity(cap)
    }
    this.rows[this.count] = row
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
    if (this.count === 0 || row > (this.rows[this.count - 1] as number)) {
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
    // the slots' hits land on their rows directly (slot s is row rows[s])
    let marked = this.values.searchPrefix(folded, hits, bit, collect, this.rows)
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
    return dst
  }

  memoryBytes(): number {
    let late = 0
    for (const v of this.late.values()) late += stringBytes(v) + 40
    return this.rows.byteLength + this.values.memoryBytes() + late
  }
}
