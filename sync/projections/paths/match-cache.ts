/**
 * The match cache of a table projection (sync/SPEC.md Q4): the full match list of the last filters
 * answered by a scan, every matching row in the result's order with the totals. While the store
 * is unchanged (its write count) a window of the same filter is a slice of it (a scroll costs
 * O(rows shown), not a scan), and a filter that only narrows the text of a date-sorted one (typing
 * forward) scans these rows instead of the whole date range (`refinementBase`). Also remembers
 * which filters were asked lately: a filter asked the first time is listed only when selective.
 *
 * Up to MATCH_CACHE_SIZE lists, together at most MATCH_CACHE_ROWS × the live rows, at most
 * MATCH_CACHE_WHOLE of them holding a whole scan buffer. Dropped at any write (by version).
 */
import type { QueryBuffers } from "../query-buffers.ts"
import type { TableStore } from "../table-store.ts"
import type { ScanOut } from "../table-totals.ts"
import { MIN_ID_QUERY, type CurrencyTotals, type GroupTotals, type TableSort } from "../table-types.ts"

const MATCH_CACHE_SIZE = 8
const MATCH_CACHE_ROWS = 1.5
/** Of those, how many may hold a whole scan buffer (4 bytes per row of capacity each). */
const MATCH_CACHE_WHOLE = 2
/** How many filter keys askedBefore remembers. */
const RECENT_KEYS = 16

/** The full answer of one filter + sort (no window, no groups). */
export interface MatchEntry {
  readonly version: number
  /** Filter and sort, without offset, limit and groupBy. */
  readonly key: string
  /** The same without text and sort: what must be equal for a refinement. */
  readonly rest: string
  readonly folded: string
  readonly digits: string | null
  readonly sort: TableSort
  readonly matches: Uint32Array
  readonly total: number
  readonly sumIn: number
  readonly sumOut: number
  readonly perWallet: ReadonlyArray<GroupTotals> | undefined
  readonly perCurrency: ReadonlyArray<CurrencyTotals> | undefined
}

export class MatchCache {
  /** The last filters' full match lists, most recent first. */
  private entries: MatchEntry[] = []
  /** Filter keys asked lately (askedBefore), most recent last. */
  private readonly recentKeys: string[] = []
  /** A scan buffer given back by an evicted entry, for the next long scan (keep). */
  private spareBuf: Uint32Array | null = null

  constructor(
    private readonly s: TableStore,
    private readonly bufs: QueryBuffers
  ) {}

  /** Whether this filter + sort is among the keys asked lately (without noting it). */
  wasAsked(key: string): boolean {
    return this.recentKeys.includes(key)
  }

  /** Whether this filter + sort was asked lately (its key is remembered, most recent last). */
  askedBefore(key: string): boolean {
    const seen = this.recentKeys
    const i = seen.indexOf(key)
    if (i >= 0) seen.splice(i, 1)
    seen.push(key)
    if (seen.length > RECENT_KEYS) seen.shift()
    return i >= 0
  }

  /** The cached answer of this filter + sort, if the projection has not changed since. */
  cachedMatches(key: string): MatchEntry | undefined {
    const list = this.entries
    for (let i = 0; i < list.length; i++) {
      const e = list[i] as MatchEntry
      if (e.version !== this.s.writes) continue
      if (e.key === key) {
        if (i > 0) {
          list.splice(i, 1)
          list.unshift(e)
        }
        return e
      }
    }
    return undefined
  }

  /**
   * The match list of a complete scan, kept for the cache: a short one is copied out of the scan
   * buffer; a long one (over 1/8 of it) keeps the scan buffer itself, and the next scan gets a
   * buffer given back by an evicted entry — so scanning filter after filter over a million rows
   * neither copies nor allocates megabytes each time (the garbage showed as GC pauses).
   */
  keepMatches(out: ScanOut): Uint32Array {
    if (out.total * 8 <= out.window.length) return out.window.slice(0, out.total)
    const kept = out.window.subarray(0, out.total)
    const spare = this.spareBuf
    this.spareBuf = null
    this.bufs.windowBuf = spare !== null && spare.length >= out.window.length ? spare : new Uint32Array(out.window.length)
    return kept
  }

  remember(e: MatchEntry): void {
    const kept: MatchEntry[] = [e]
    let rows = e.total
    let whole = this.ownsBuffer(e) ? 1 : 0
    for (const x of this.entries) {
      const owns = this.ownsBuffer(x)
      const keep =
        kept.length < MATCH_CACHE_SIZE &&
        x.key !== e.key &&
        x.version === this.s.writes &&
        rows + x.total <= this.s.liveRows * MATCH_CACHE_ROWS &&
        (!owns || whole < MATCH_CACHE_WHOLE)
      if (keep) {
        kept.push(x)
        rows += x.total
        if (owns) whole++
      } else if (owns && (this.spareBuf === null || this.spareBuf.length < x.matches.buffer.byteLength / 4)) {
        // a whole scan buffer comes back for the next long scan
        this.spareBuf = new Uint32Array(x.matches.buffer)
      }
    }
    this.entries = kept
  }

  /** Whether a cached list holds a whole scan buffer (keepMatches), rather than a copy of its length. */
  private ownsBuffer(e: MatchEntry): boolean {
    return e.matches.buffer.byteLength > e.matches.byteLength
  }

  /**
   * Rows (in ascending date order) that hold every match of a text filter `folded`, from a
   * cached date-sorted answer of the same filter with a shorter text that `folded` extends
   * (typing forward): each row matching the longer text matches the shorter one —
   *  - a description, name or document containing the longer text contains the shorter;
   *  - a document matched by its digits contains the shorter text's digits too, when the
   *    shorter text was itself document-like (else a digits match of the longer is not one of
   *    the shorter, and nothing is refined);
   *  - an identifier matched by prefix starts with the shorter text, when that was long enough
   *    to be matched against identifiers (MIN_ID_QUERY); when the longer text matched no
   *    identifier (`idHits` false: a word, not an id) that does not matter.
   */
  refinementBase(rest: string, folded: string, digits: string | null, idHits: boolean): Uint32Array | null {
    let best: MatchEntry | null = null
    for (const e of this.entries) {
      if (e.version !== this.s.writes || e.rest !== rest || e.sort.by !== "created_at") continue
      if (e.folded.length === 0 || e.folded.length >= folded.length || !folded.startsWith(e.folded)) continue
      if (digits !== null && (e.digits === null || !digits.includes(e.digits))) continue
      if (idHits && e.folded.length < MIN_ID_QUERY) continue
      if (best === null || e.total < best.total) best = e
    }
    if (best === null) return null
    if (best.sort.dir === "asc") return best.matches
    const m = best.matches
    const n = m.length
    const asc = new Uint32Array(n)
    for (let i = 0; i < n; i++) asc[i] = m[n - 1 - i] as number
    return asc
  }

  /**
   * The scan. Walks the date range in date order, so for a date sort the matches come out
   * sorted and the window fills on the way. For an amount sort it collects the matches (up to
   * sortListCap) and radix-sorts them, stable over the date order; with more matches than that,
   * the window is a walk down the amount order testing each row, which stops after about
   * (offset + limit) · rows / matches steps. Totals go to locals, per non-BRL currency, per
   * wallet and per group. One loop over typed arrays with loop-invariant branches, which the
   * JIT keeps tight.

  /** Bytes held (memoryReport's scratch). */
  memoryBytes(): number {
    return this.entries.reduce((b, e) => b + e.matches.buffer.byteLength, 0) + (this.spareBuf?.byteLength ?? 0)
  }
}
