/**
 * The per-query buffers of a table projection (DESIGN "Large data": a filter over a million rows
 * within a frame allocates nothing per row): the dictionary hit tables, the wallet and code masks,
 * the window, the per-currency, per-wallet, per-(wallet, code) and per-group totals, the sort and
 * prefilter lists. Reused from one query to the next and grown when short; every query fills what
 * it reads first, so nothing in them carries from one answer to the next.
 */
import { DEFAULT_LIMIT } from "./table-types.ts"

/** A buffer at least `size` long: `buf` itself, or a new one half again as long. */
export const hitsBuffer = (buf: Uint8Array, size: number): Uint8Array =>
  buf.length >= size ? buf : new Uint8Array(Math.max(size, Math.ceil(buf.length * 1.5)))

export class QueryBuffers {
  /** Per dictionary entry: 1 when the text hits it (compile, or the rows-first walk's memo). */
  descHits: Uint8Array = new Uint8Array(0)
  nameHits: Uint8Array = new Uint8Array(0)
  docHits: Uint8Array = new Uint8Array(0)
  walletMaskBuf: Uint8Array = new Uint8Array(0)
  readonly codeMaskBuf: Uint8Array = new Uint8Array(0xffff)
  /** The window (a cacheable scan: every match; see the match cache's keepMatches). */
  windowBuf: Uint32Array = new Uint32Array(DEFAULT_LIMIT)
  /** [count, in, out] per currency code of the last scan. */
  readonly perCurrency: Float64Array
  /** [count, in, out] per wallet, when several are selected. */
  perWallet: Float64Array = new Float64Array(0)
  /** listLoop's per (wallet, code) counts and sums, and which pairs the filter keeps. */
  pairN: Float64Array = new Float64Array(0)
  pairA: Float64Array = new Float64Array(0)
  pairOk: Uint8Array = new Uint8Array(0)
  /** Per group: count, in, out and its first row in the result's order. */
  gCount: Float64Array = new Float64Array(0)
  gIn: Float64Array = new Float64Array(0)
  gOut: Float64Array = new Float64Array(0)
  gFirst: Int32Array = new Int32Array(0)
  groupSpace = 0
  dayBase = 0
  /** The matches an amount sort collects and radix-sorts (sortListCap long). */
  readonly listBuf: Uint32Array
  /** The rows a text filter's first pass lists (scan), or Q9 gathers. */
  prefilterBuf: Uint32Array = new Uint32Array(0)

  constructor(currencies: number, sortListCap: number) {
    this.perCurrency = new Float64Array(currencies * 3)
    this.listBuf = new Uint32Array(Math.max(1, sortListCap))
  }

  /** The window buffer, at least `limit` long. */
  windowOf(limit: number): Uint32Array {
    if (this.windowBuf.length < limit) this.windowBuf = new Uint32Array(limit)
    return this.windowBuf
  }

  /** The prefilter buffer, at least `n` long (grown to `cap`, the store's capacity). */
  prefilterOf(n: number, cap: number): Uint32Array {
    if (this.prefilterBuf.length < n) this.prefilterBuf = new Uint32Array(cap)
    return this.prefilterBuf
  }

  /** The per-wallet triples of `wallets` wallets, zeroed. */
  zeroPerWallet(wallets: number): Float64Array {
    const size = wallets * 3
    if (this.perWallet.length < size) this.perWallet = new Float64Array(size)
    this.perWallet.fill(0, 0, size)
    return this.perWallet
  }

  /** The group arrays for `size` groups, zeroed (gFirst: -1). */
  prepareGroups(size: number): void {
    if (this.gCount.length < size) {
      const s = Math.max(size, Math.ceil(this.gCount.length * 1.5))
      this.gCount = new Float64Array(s)
      this.gIn = new Float64Array(s)
      this.gOut = new Float64Array(s)
      this.gFirst = new Int32Array(s)
    }
    this.gCount.fill(0, 0, size)
    this.gIn.fill(0, 0, size)
    this.gOut.fill(0, 0, size)
    this.gFirst.fill(-1, 0, size)
    this.groupSpace = size
  }

  /** Bytes held (memoryReport's scratch, without the match cache). */
  memoryBytes(): number {
    return (
      this.descHits.byteLength +
      this.nameHits.byteLength +
      this.docHits.byteLength +
      this.gCount.byteLength * 3 +
      this.gFirst.byteLength +
      this.perWallet.byteLength +
      this.windowBuf.byteLength
    )
  }
}
