/**
 * The rows of each entry of a large text dictionary (sync/SPEC.md Q9; issue 16 `gateway-filter-1m`):
 * for the gateway's order references and payer documents — about one row per entry, a million
 * entries — the rows holding each entry, grouped by entry (CSR: entry e's rows are
 * rows[start[e]…start[e+1]-1], ascending).
 *
 * A text found in a few thousand references or documents ("123": 14k rows of a million) then visits
 * those rows alone, where marking the hits row by row and scanning took a million rows twice
 * (~12 ms in Node). Built by a counting sort in two passes over the rows (after a bulk load, or at
 * the first query that needs it); rows appended after the build are the tail [indexed, n), which a
 * query reads row by row; a write that moves an existing row to another entry makes the index stale
 * (rebuilt when next needed); a removed row stays listed (callers skip dead rows). Not part of the
 * reopen image.
 */
type IndexArray = Uint16Array | Uint32Array

/** Dictionaries of at least this many entries keep their rows by entry (Q9). */
export const ENTRY_ROWS_FROM = 1 << 15
/** Q9 answers a text whose hit entries hold at most this share of the rows (a shift: 1/16): the rows are read at random (by entry), where the scan reads every row in order; "0001" (300k rows) took 57 ms this way in Node against ~20 by the scan. */
export const ENTRY_ROWS_SHARE_SHIFT = 4

export class EntryRows {
  start = new Int32Array(1)
  rows = new Uint32Array(0)
  /** Rows [0, indexed) are in the index; -1: none built, or stale. */
  indexed = -1

  /** Groups the live rows 0…n-1 by their entry in `col` (entries 0…entries-1). */
  build(col: IndexArray, entries: number, n: number, code: Uint16Array, dead: number): void {
    const start = new Int32Array(entries + 1)
    for (let r = 0; r < n; r++) if (code[r] !== dead) start[(col[r] as number) + 1] = (start[(col[r] as number) + 1] as number) + 1
    for (let e = 0; e < entries; e++) start[e + 1] = (start[e + 1] as number) + (start[e] as number)
    const at = start.slice(0, entries)
    const rows = new Uint32Array(start[entries] as number)
    for (let r = 0; r < n; r++) {
      if (code[r] === dead) continue
      const e = col[r] as number
      rows[at[e] as number] = r
      at[e] = (at[e] as number) + 1
    }
    this.start = start
    this.rows = rows
    this.indexed = n
  }

  /** A row already indexed moved to another entry: the index must be rebuilt before use. */
  stale(): void {
    this.indexed = -1
  }

  /**
   * How many rows the listed entries hold, plus the tail's rows (from `n` rows), or more than `cap`
   * as soon as that is certain (the caller then scans instead).
   */
  count(entries: ReadonlyArray<number>, n: number, cap: number): number {
    const start = this.start
    const known = start.length - 1
    let total = n - this.indexed
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as number
      if (e >= known) continue
      total += (start[e + 1] as number) - (start[e] as number)
      if (total > cap) return total
    }
    return total
  }

  /** Forgets the index and its arrays (the projection cleared). */
  reset(): void {
    this.start = new Int32Array(1)
    this.rows = new Uint32Array(0)
    this.indexed = -1
  }

  /** Bytes held (memoryReport). */
  memoryBytes(): number {
    return this.start.byteLength + this.rows.byteLength
  }
}
