/**
 * id → row index of the statement projection (DESIGN "Large data"; budget ≤ 150 bytes/row).
 * A Map<string, number> would keep a JS string per id (~100 bytes with its entry); this open-
 * addressing table keeps one 32-bit word per slot and recomputes hashes from the packed id column
 * when it grows or shifts, so no per-row hash or key string is stored. Linear probing with
 * backward-shift deletion: no tombstones.
 *
 * A slot holds its row + 1 in the low 24 bits and the top byte of the id's hash in the top byte (0: empty): a probe
 * compares that byte before it reads the id column (one in 256 reads an id that is not the one asked). So the table runs
 * fuller — built at 0.8 after a compaction, grown past 0.85 — where it was built at 0.64 and grown past 0.7: 6.3 → 5
 * bytes a row (issue 33 item 4). A table holds fewer than 2^24 rows (a larger one is refused with a RangeError).
 */
import type { PackedStringColumn } from "./packed-strings.ts"

const MAX_LOAD = 0.85
/** The load a rebuild or a reserve sizes for: room for 6 % more rows before a growth. */
const BUILD_LOAD = 0.8
const MIN_SIZE = 1024
const ROW_MASK = 0xffffff
const MAX_ROWS = ROW_MASK - 1

/** A slot's word: the row and its id's hash top byte. */
const slotWord = (row: number, hash: number): number => {
  if (row > MAX_ROWS) throw new RangeError(`an id index holds at most ${MAX_ROWS + 1} rows`)
  return (row + 1) | (hash & 0xff000000) | 0
}

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
    this.table = new Int32Array(MIN_SIZE)
  }

  get size(): number {
    return this.count
  }

  /** Makes room for `extra` more ids; call before find() whose free slot you will fill. */
  ensureRoom(extra: number): void {
    const need = this.count + extra
    if (need <= this.table.length * MAX_LOAD) return
    // grow to a load of ~0.57 so the next rebuild is 1.5× the rows away (amortised O(1) inserts)
    this.rehash(Math.max(MIN_SIZE, Math.ceil((need * 1.5) / MAX_LOAD)))
  }

  /** For a bulk load whose size is known: one table sized for `rows`, no rehash on the way. */
  reserve(rows: number): void {
    const size = Math.ceil(rows / BUILD_LOAD) + 1
    if (size > this.table.length) this.rehash(size)
  }

  private rehash(size: number): void {
    const old = this.table
    const t = new Int32Array(size)
    for (let i = 0; i < old.length; i++) {
      const w = old[i] as number
      if (w === 0) continue
      const r = (w & ROW_MASK) - 1
      let s = this.ids.hashRow(r) % size
      while ((t[s] as number) !== 0) s = s + 1 === size ? 0 : s + 1
      t[s] = w
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
    const top = hash & 0xff000000
    let s = hash % size
    for (;;) {
      const w = t[s] as number
      if (w === 0) return -1 - s
      if ((w & 0xff000000) === top) {
        const r = (w & ROW_MASK) - 1
        if (this.ids.equalsPrepared(r)) return r
      }
      s = s + 1 === size ? 0 : s + 1
    }
  }

  /** Fills the free slot returned (encoded) by find(hash), before any other change. */
  insertAt(encodedSlot: number, row: number, hash: number): void {
    this.table[-1 - encodedSlot] = slotWord(row, hash)
    this.count++
  }

  delete(row: number): void {
    const t = this.table
    const size = t.length
    let i = this.ids.hashRow(row) % size
    while (((t[i] as number) & ROW_MASK) !== row + 1) {
      if ((t[i] as number) === 0) return
      i = i + 1 === size ? 0 : i + 1
    }
    // backward-shift: move later entries of the probe run into the hole when their home allows
    let j = i
    for (;;) {
      j = j + 1 === size ? 0 : j + 1
      const w = t[j] as number
      if (w === 0) break
      const home = this.ids.hashRow((w & ROW_MASK) - 1) % size
      const between = i <= j ? home > i && home <= j : home > i || home <= j
      if (!between) {
        t[i] = w
        i = j
      }
    }
    t[i] = 0
    this.count--
  }

  /**
   * Rebuilds from the live rows among 0..rows-1: after the projection compacted its rows, or
   * after the id column re-encoded itself (hashes are over the encoding).
   */
  rebuild(rows: number, isLive: (row: number) => boolean = () => true): void {
    let live = 0
    for (let r = 0; r < rows; r++) if (isLive(r)) live++
    this.table = new Int32Array(Math.max(MIN_SIZE, Math.ceil(live / BUILD_LOAD)))
    const t = this.table
    const size = t.length
    for (let r = 0; r < rows; r++) {
      if (!isLive(r)) continue
      const h = this.ids.hashRow(r)
      let s = h % size
      while ((t[s] as number) !== 0) s = s + 1 === size ? 0 : s + 1
      t[s] = slotWord(r, h)
    }
    this.count = live
  }

  clear(): void {
    this.table = new Int32Array(MIN_SIZE)
    this.count = 0
  }

  memoryBytes(): number {
    return this.table.byteLength
  }
}
