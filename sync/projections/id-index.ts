/**
 * id → row index of the statement projection (DESIGN "Large data"; budget ≤ 150 bytes/row).
 * A Map<string, number> would keep a JS string per id (~100 bytes with its entry); this open-
 * addressing table keeps only an Int32 row number per slot (≈ 6 bytes per row at load ≤ 0.7)
 * and recomputes hashes from the packed id column when it grows or shifts, so no per-row hash
 * or key string is stored. Linear probing with backward-shift deletion: no tombstones.
 */
import type { PackedStringColumn } from "./packed-strings.ts"

const MAX_LOAD = 0.7
const MIN_SIZE = 1024

export class IdIndex {
  private table: Int32Array
  private count = 0

  /** A structured clone of an index (the reopen image) made live again over its id column. */
  static revive(o: object, ids: PackedStringColumn): IdIndex {
    const x = Object.setPrototypeOf(o, IdIndex.prototype) as IdIndex
    ;(x as unknown as { ids: PackedStringColumn }).ids = ids
    return x
  }

  constructor(private readonly ids: PackedStringColumn) {
    this.table = new Int32Array(MIN_SIZE).fill(-1)
  }

  get size(): number {
    return this.count
  }

  /** Makes room for `extra` more ids; call before find() whose free slot you will fill. */
  ensureRoom(extra: number): void {
    const need = this.count + extra
    if (need <= this.table.length * MAX_LOAD) return
    // grow to a load of ~0.47 so the next rebuild is 1.5× the rows away (amortised O(1) inserts)
    this.rehash(Math.max(MIN_SIZE, Math.ceil((need * 1.5) / MAX_LOAD)))
  }

  /** For a bulk load whose size is known: one table sized for `rows`, no rehash on the way. */
  reserve(rows: number): void {
    const size = Math.ceil(rows / MAX_LOAD) + 1
    if (size > this.table.length) this.rehash(size)
  }

  private rehash(size: number): void {
    const old = this.table
    const t = new Int32Array(size).fill(-1)
    for (let i = 0; i < old.length; i++) {
      const r = old[i] as number
      if (r < 0) continue
      let s = this.ids.hashRow(r) % size
      while ((t[s] as number) >= 0) s = s + 1 === size ? 0 : s + 1
      t[s] = r
    }
    this.table = t
  }

  /**
   * The row of the id last given to `ids.prepare()` (`hash` = ids.hashPrepared()), or, when
   * absent, `-1 - slot` of the free slot where it belongs.
   */
  find(hash: number): number {
    const t = this.table
    const size = t.length
    let s = hash % size
    for (;;) {
      const r = t[s] as number
      if (r < 0) return -1 - s
      if (this.ids.equalsPrepared(r)) return r
      s = s + 1 === size ? 0 : s + 1
    }
  }

  /** Fills the free slot returned (encoded) by find(). */
  insertAt(encodedSlot: number, row: number): void {
    this.table[-1 - encodedSlot] = row
    this.count++
  }

  delete(row: number): void {
    const t = this.table
    const size = t.length
    let i = this.ids.hashRow(row) % size
    while ((t[i] as number) !== row) {
      if ((t[i] as number) < 0) return
      i = i + 1 === size ? 0 : i + 1
    }
    // backward-shift: move later entries of the probe run into the hole when their home allows
    let j = i
    for (;;) {
      j = j + 1 === size ? 0 : j + 1
      const r = t[j] as number
      if (r < 0) break
      const home = this.ids.hashRow(r) % size
      const between = i <= j ? home > i && home <= j : home > i || home <= j
      if (!between) {
        t[i] = r
        i = j
      }
    }
    t[i] = -1
    this.count--
  }

  /**
   * Rebuilds from the live rows among 0..rows-1: after the projection compacted its rows, or
   * after the id column re-encoded itself (hashes are over the encoding).
   */
  rebuild(rows: number, isLive: (row: number) => boolean = () => true): void {
    let live = 0
    for (let r = 0; r < rows; r++) if (isLive(r)) live++
    this.table = new Int32Array(Math.max(MIN_SIZE, Math.ceil((live * 1.1) / MAX_LOAD))).fill(-1)
    const t = this.table
    const size = t.length
    for (let r = 0; r < rows; r++) {
      if (!isLive(r)) continue
      let s = this.ids.hashRow(r) % size
      while ((t[s] as number) >= 0) s = s + 1 === size ? 0 : s + 1
      t[s] = r
    }
    this.count = live
  }

  clear(): void {
    this.table = new Int32Array(MIN_SIZE).fill(-1)
    this.count = 0
  }

  memoryBytes(): number {
    return this.table.byteLength
  }
}
