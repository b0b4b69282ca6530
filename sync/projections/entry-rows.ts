/**
 * The rows of each entry of a large text dictionary (sync/SPEC.md Q9; issue 16 `gateway-filter-1m`):
 * for the gateway's order references and payer documents — about one row per entry, a million
 * entries — the rows holding each entry, ascending.
 *
 * A text found in a few thousand references or documents ("123": 14k rows of a million) then visits
 * those rows alone, where marking the hits row by row and scanning took a million rows twice
 * (~12 ms in Node). Built in two passes over the rows (after a bulk load, or at the first query that
 * needs it); rows appended after the build are the tail [indexed, n), which a query reads row by row;
 * a write that moves an existing row to another entry makes the index stale (rebuilt when next
 * needed); a removed row stays listed (callers skip dead rows). Not part of the reopen image.
 *
 * Most entries of such a dictionary have one row, so each entry keeps its row itself (`first[e]`: the row, or -1 for
 * none); an entry of several rows keeps a group instead (`first[e]` = -2 - g: rows
 * groupRows[groupStart[g]…groupStart[g+1]-1]). 4 bytes an entry, and 8 a row of the entries with several, where
 * grouping every entry's rows (start offsets and rows) took 8 bytes an entry and 4 a row (issue 33 item 4).
 *
 * When every row r holds entry r (the descriptions of a table whose references are one a row, interned in the order of
 * the rows' dates), nothing is kept but that: entry e is row e (`identity`), where `first` took 4 bytes a row (issue 33
 * item 4). A removed row stays listed there too.
 */
type IndexArray = Uint16Array | Uint32Array

/** Dictionaries of at least this many entries keep their rows by entry (Q9). */
export const ENTRY_ROWS_FROM = 1 << 15
/** Q9 answers a text whose hit entries hold at most this share of the rows (a shift: 1/16): the rows are read at random (by entry), where the scan reads every row in order; "0001" (300k rows) took 57 ms this way in Node against ~20 by the scan. */
export const ENTRY_ROWS_SHARE_SHIFT = 4

export class EntryRows {
  /** Per entry: its one row (≥ 0), none (-1), or its group (-2 - g). */
  first = new Int32Array(0)
  groupStart = new Int32Array(1)
  groupRows = new Uint32Array(0)
  /** Rows [0, indexed) are in the index; -1: none built, or stale. */
  indexed = -1
  /** Entry e is row e, for every e < indexed (first and the groups empty). */
  identity = false

  /** How many entries the index knows (those interned later have rows in the tail only). */
  get known(): number {
    return this.identity ? this.indexed : this.first.length
  }

  /** Lists the live rows 0…n-1 by their entry in `col` (entries 0…entries-1). */
  build(col: IndexArray, entries: number, n: number, code: Uint16Array, dead: number): void {
    let r = 0
    while (r < n && col[r] === r) r++
    this.identity = r === n && n > 0
    if (this.identity) {
      this.first = new Int32Array(0)
      this.groupStart = new Int32Array(1)
      this.groupRows = new Uint32Array(0)
      this.indexed = n
      return
    }
    const first = new Int32Array(entries).fill(-1)
    // pass 1: each entry's row, or a group and its size once a second row comes
    const sizes: number[] = []
    for (let r = 0; r < n; r++) {
      if (code[r] === dead) continue
      const e = col[r] as number
      const v = first[e] as number
      if (v === -1) first[e] = r
      else if (v >= 0) {
        first[e] = -2 - sizes.length
        sizes.push(2)
      } else sizes[-2 - v] = (sizes[-2 - v] as number) + 1
    }
    // pass 2: the groups' rows, ascending
    const groupStart = new Int32Array(sizes.length + 1)
    for (let g = 0; g < sizes.length; g++) groupStart[g + 1] = (groupStart[g] as number) + (sizes[g] as number)
    const at = groupStart.slice(0, sizes.length)
    const groupRows = new Uint32Array(groupStart[sizes.length] as number)
    if (sizes.length > 0) {
      for (let r = 0; r < n; r++) {
        if (code[r] === dead) continue
        const v = first[col[r] as number] as number
        if (v >= -1) continue
        const g = -2 - v
        groupRows[at[g] as number] = r
        at[g] = (at[g] as number) + 1
      }
    }
    this.first = first
    this.groupStart = groupStart
    this.groupRows = groupRows
    this.indexed = n
  }

  /** A row already indexed moved to another entry: the index must be rebuilt before use. */
  stale(): void {
    this.indexed = -1
    this.identity = false
  }

  /** How many rows entry `e` (< known) holds in the index. */
  rowCount(e: number): number {
    if (this.identity) return 1
    const v = this.first[e] as number
    if (v >= 0) return 1
    if (v === -1) return 0
    return (this.groupStart[-1 - v] as number) - (this.groupStart[-2 - v] as number)
  }

  /**
   * Sets `bit` in bits[r] for each row r of the listed entries that lacks it, and lists those rows in `out` from `k`
   * when given (Q9's list: each row once); returns the new length. The one place the entries' rows are read.
   */
  gather(entries: ReadonlyArray<number>, bits: Uint8Array, bit: number, out: Uint32Array | null, k: number): number {
    const { first, groupStart, groupRows } = this
    const known = this.known
    if (this.identity) {
      for (let j = 0; j < entries.length; j++) {
        const r = entries[j] as number
        if (r >= known || ((bits[r] as number) & bit) !== 0) continue
        bits[r] = (bits[r] as number) | bit
        if (out !== null) out[k++] = r
      }
      return k
    }
    for (let j = 0; j < entries.length; j++) {
      const e = entries[j] as number
      // an entry interned after the index was built has rows in the tail only
      if (e >= known) continue
      const v = first[e] as number
      if (v === -1) continue
      // one row (v), or a group's
      const lo = v >= 0 ? 0 : (groupStart[-2 - v] as number)
      const hi = v >= 0 ? 1 : (groupStart[-1 - v] as number)
      for (let i = lo; i < hi; i++) {
        const r = v >= 0 ? v : (groupRows[i] as number)
        const b = bits[r] as number
        if ((b & bit) !== 0) continue
        bits[r] = b | bit
        if (out !== null) out[k++] = r
      }
    }
    return k
  }

  /**
   * How many rows the listed entries hold, plus the tail's rows (from `n` rows), or more than `cap`
   * as soon as that is certain (the caller then scans instead).
   */
  count(entries: ReadonlyArray<number>, n: number, cap: number): number {
    const known = this.known
    let total = n - this.indexed
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as number
      if (e >= known) continue
      total += this.rowCount(e)
      if (total > cap) return total
    }
    return total
  }

  /** Forgets the index and its arrays (the projection cleared). */
  reset(): void {
    this.first = new Int32Array(0)
    this.groupStart = new Int32Array(1)
    this.groupRows = new Uint32Array(0)
    this.indexed = -1
    this.identity = false
  }

  /** Bytes held (memoryReport). */
  memoryBytes(): number {
    return this.first.byteLength + this.groupStart.byteLength + this.groupRows.byteLength
  }
}
