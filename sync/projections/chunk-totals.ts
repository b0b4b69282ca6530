/**
 * Per-chunk totals of a table projection (issue 16 `gateway-filter-1m` p95 ≤ 16 ms; DESIGN "Large
 * data"; sync/SPEC.md Q7): for every 4096 consecutive rows, the count and the amount sum of each
 * (wallet, code) pair present, and the time range the chunk's rows span.
 *
 * A filter made only of wallets, codes (type, status, sign, currency) and a period — the
 * commonest filters of a reconciling merchant, and the metrics page — is then answered by adding
 * up the few hundred pairs of each chunk wholly inside the period, and scanning row by row only
 * the chunks the period's ends cut through: a handful of chunks instead of a million rows.
 *
 * A chunk's totals are built after a bulk load (`prepare`) or lazily (at the first query that
 * reads them), and dropped by any write to one of its rows (`touch`), so a live deposit costs one
 * chunk's rebuild (~0.1 ms), and a compaction or a reopen from an image drops them all (`reset`).
 * Dead rows (code = `dead`) are left out. The chunk's time range is the min and max of its live rows' times.
 *
 * Each pair also keeps the sums of the table's extra ints (the gateway's fee and seller share), so
 * the same filters get those totals from the pairs too (`collectInts`).
 */
import type { AmountArray } from "./scan-loops.ts"
import { narrowSums } from "./int-column.ts"

export const CHUNK_TOTALS_SHIFT = 12
const CHUNK = 1 << CHUNK_TOTALS_SHIFT

interface Chunk {
  /** The pairs present: wallet and code of each, its row count and amount sum. */
  readonly wallets: Uint16Array
  readonly codes: Uint16Array
  /** Rows a pair (at most CHUNK: 16 bits), and sums in 32 bits while every one fits (`narrowSums`; issue 33 item 4). */
  readonly counts: Uint16Array
  readonly sums: Int32Array | Float64Array
  /** Per pair, the sum of each extra int column (pair × columns). */
  readonly ints: Int32Array | Float64Array
  readonly minT: number
  readonly maxT: number
}

/** The columns a chunk is built from (the projection's own arrays, read as they are at call time). */
export interface ChunkColumns {
  readonly rows: number
  readonly createdAt: Float64Array
  readonly amount: AmountArray
  readonly wallet: Uint16Array
  readonly code: Uint16Array
  readonly dead: number
  /** The extra int columns (summed per pair as well, over the rows whose code counts: `counted`, D-gateway-sums). */
  readonly ints: ReadonlyArray<{ get(row: number): number }>
  readonly counted: Uint8Array
}

/**
 * What a pair adds to: one call per pair (or per row, for the chunks cut by the period), with its extra ints' sums
 * at `ints[at…at + columns)`.
 */
export type AddPair = (wallet: number, code: number, count: number, sum: number, ints: ArrayLike<number>, at: number) => void

export class ChunkTotals {
  private chunks: Array<Chunk | null> = []

  /** A row changed (added, updated, removed): its chunk is rebuilt when next read. */
  touch(row: number): void {
    const c = row >> CHUNK_TOTALS_SHIFT
    if (c < this.chunks.length) this.chunks[c] = null
  }

  /** The rows moved (compaction) or were all replaced (clear, reopen). */
  reset(): void {
    this.chunks = []
  }

  private build(cols: ChunkColumns, c: number): Chunk {
    const start = c << CHUNK_TOTALS_SHIFT
    const end = Math.min(cols.rows, start + CHUNK)
    const slot = new Map<number, number>()
    const ws: number[] = []
    const cs: number[] = []
    const counts: number[] = []
    const sums: number[] = []
    const ni = cols.ints.length
    const ints: number[] = []
    let minT = Infinity
    let maxT = -Infinity
    const { createdAt, amount, wallet, code, dead } = cols
    for (let r = start; r < end; r++) {
      const k = code[r] as number
      if (k === dead) continue
      const w = wallet[r] as number
      const key = w * 0x10000 + k
      let s = slot.get(key)
      if (s === undefined) {
        s = ws.length
        slot.set(key, s)
        ws.push(w)
        cs.push(k)
        counts.push(0)
        sums.push(0)
        for (let i = 0; i < ni; i++) ints.push(0)
      }
      counts[s] = (counts[s] as number) + 1
      sums[s] = (sums[s] as number) + (amount[r] as number)
      if (cols.counted[k] !== 0)
        for (let i = 0; i < ni; i++) ints[s * ni + i] = (ints[s * ni + i] as number) + (cols.ints[i] as { get(row: number): number }).get(r)
      const t = createdAt[r] as number
      if (t < minT) minT = t
      if (t > maxT) maxT = t
    }
    return {
      wallets: Uint16Array.from(ws),
      codes: Uint16Array.from(cs),
      counts: Uint16Array.from(counts),
      sums: narrowSums(Float64Array.from(sums)),
      ints: narrowSums(Float64Array.from(ints)),
      minT,
      maxT
    }
  }

  /**
   * Builds every chunk's totals now (after a bulk load: TableProjection.optimize), so the first
   * filter of wallets, codes and a period does not wait for them (~35 ms for a million rows).
   */
  prepare(cols: ChunkColumns): void {
    this.fit(cols)
    for (let c = 0; c < this.chunks.length; c++) if (this.chunks[c] === null) this.chunks[c] = this.build(cols, c)
  }

  /** One slot per chunk of `cols.rows`. */
  private fit(cols: ChunkColumns): number {
    const n = (cols.rows + CHUNK - 1) >> CHUNK_TOTALS_SHIFT
    if (this.chunks.length > n) this.chunks.length = n
    while (this.chunks.length < n) this.chunks.push(null)
    return n
  }

  /**
   * Adds every live row with from ≤ created_at < to that `keep` accepts: whole chunks by their
   * pairs, the chunks the period cuts row by row. `keep(wallet, code)` decides per pair.
   */
  collect(cols: ChunkColumns, from: number, to: number, keep: (wallet: number, code: number) => boolean, add: AddPair): void {
    const n = this.fit(cols)
    const { createdAt, amount, wallet, code, dead } = cols
    const ni = cols.ints.length
    const rowInts = new Float64Array(ni)
    for (let c = 0; c < n; c++) {
      let ch = this.chunks[c] as Chunk | null
      if (ch === null) {
        ch = this.build(cols, c)
        this.chunks[c] = ch
      }
      if (ch.maxT < from || ch.minT >= to) continue
      if (ch.minT >= from && ch.maxT < to) {
        for (let s = 0; s < ch.wallets.length; s++) {
          const w = ch.wallets[s] as number
          const k = ch.codes[s] as number
          if (keep(w, k)) add(w, k, ch.counts[s] as number, ch.sums[s] as number, ch.ints, s * ni)
        }
        continue
      }
      for (let r = c << CHUNK_TOTALS_SHIFT, end = Math.min(cols.rows, r + CHUNK); r < end; r++) {
        const k = code[r] as number
        if (k === dead) continue
        const t = createdAt[r] as number
        if (t < from || t >= to) continue
        const w = wallet[r] as number
        if (keep(w, k)) {
          const counts = cols.counted[k] !== 0
          for (let i = 0; i < ni; i++) rowInts[i] = counts ? (cols.ints[i] as { get(row: number): number }).get(r) : 0
          add(w, k, 1, amount[r] as number, rowInts, 0)
        }
      }
    }
  }

  /**
   * Adds to `out` (one slot per extra int column) the extra ints of every live row with from ≤ created_at < to that
   * `keep` accepts: whole chunks by their pairs, the chunks the period cuts row by row (as `collect`).
   */
  collectInts(cols: ChunkColumns, from: number, to: number, keep: (wallet: number, code: number) => boolean, out: Float64Array): void {
    const ni = cols.ints.length
    if (ni === 0) return
    this.collect(cols, from, to, keep, (_w, _k, _count, _sum, ints, at) => {
      for (let i = 0; i < ni; i++) out[i] = (out[i] as number) + (ints[at + i] as number)
    })
  }

  /** Bytes held (memoryReport). */
  memoryBytes(): number {
    let b = 0
    for (const ch of this.chunks)
      if (ch !== null) b += 64 + ch.wallets.byteLength + ch.codes.byteLength + ch.counts.byteLength + ch.sums.byteLength + ch.ints.byteLength
    return b
  }
}
