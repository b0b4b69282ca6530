/**
 * Gram postings of a large dictionary's strings (intern-dictionary.ts; issue 16 `gateway-filter-1m`): for each bucket of
 * grams (hashed trigrams, or a document's four digits as their number), the entries having one, so a query of three
 * characters or more tests only the entries of its rarest gram's bucket instead of every entry's text.
 */

/**
 * Where a search lists the entries it marks, besides the marks: up to `cap` + 1 of them (one more
 * means "more than cap"), so a caller can visit the hits alone (sync/SPEC.md Q9) without reading
 * every entry's mark.
 */
export interface HitList {
  readonly entries: number[]
  readonly cap: number
}
export const listHit = (list: HitList | null, e: number): void => {
  if (list !== null && list.entries.length <= list.cap) list.entries.push(e)
}

/** The strings postings are built from and tested against (a dictionary's StringStore). */
export interface GramSource {
  readonly length: number
  /** Calls `each(text, start, end)` for the entries from…length-1, in order. */
  spans(from: number, each: (text: string, start: number, end: number) => void): void
  includes(i: number, q: string): boolean
}

/** Postings are read rather than the blocks when the rarest trigram is in at most 1/8 of the entries. */
export const GRAMS_SHARE_SHIFT = 3

/** An Elias–Fano bucket's entries, decoded (Grams.decodeEliasFano): one array for every bucket, reused. */
let decoded = new Int32Array(1024)

/** The bucket of the trigram at `i` of `s` (hashed: a collision only adds candidates, each tested). */
const GRAM_BITS = 15
const gramOf = (s: string, i: number): number =>
  Math.imul(Math.imul(s.charCodeAt(i), 961) + Math.imul(s.charCodeAt(i + 1), 31) + s.charCodeAt(i + 2), 0x9e3779b1) >>> (32 - GRAM_BITS)

/** How a postings index cuts its strings: gram width, bucket count, and the bucket of the gram at `i`. */
export interface GramKind {
  readonly width: number
  readonly buckets: number
  /** Each bucket holds one gram only (no collision): a query of exactly `width` characters needs no test. */
  readonly exact: boolean
  readonly key: (s: string, i: number) => number
}
export const TRIGRAMS: GramKind = { width: 3, buckets: 1 << GRAM_BITS, exact: false, key: gramOf }
/**
 * Four digits as their number (10,000 buckets, one gram each), for a document's digits (digits only). A
 * CNPJ's "0001" is in some 30 % of the gateway's million payer documents: every trigram of it is
 * frequent, so the trigram postings were no help and the blocks were read (~19 ms in Node); its own
 * bucket lists exactly its entries, marked with no test (issue 16 `gateway-filter-1m`).
 *
 * Three digits are read from the same postings: every place of "123" in a string of four digits or more is in a
 * four-digit gram "123d" or "d123", so the twenty buckets of those list exactly its entries (the few shorter strings,
 * `Grams.short`, are tested). Their own three-digit postings took ~10 bytes a row (issue 33 item 4).
 */
export const DIGIT_4GRAMS: GramKind = {
  width: 4,
  buckets: 10_000,
  exact: true,
  key: (s, i) => (s.charCodeAt(i) - 48) * 1000 + (s.charCodeAt(i + 1) - 48) * 100 + (s.charCodeAt(i + 2) - 48) * 10 + (s.charCodeAt(i + 3) - 48)
}

/**
 * Trigram postings over one array of strings (append-only, like the dictionary): for each bucket,
 * the entries having one of its trigrams, in increasing order, as LEB128 gaps (a million documents
 * of 11–14 digits take ~1.1 bytes per (entry, trigram), ~11 MB, where Uint32 lists took 40 MB).
 * Entries interned after the last search are added at the next one.
 *
 * After a bulk load (trim) a bucket is Elias–Fano coded when that is shorter: of n entries below U, each keeps its
 * L = ⌊log2(U/n)⌋ low bits as they are, and its high part as a unary step in a bit string of n + U/2^L bits — L + 2
 * bits an entry, where a gap of 128 or more took 16 bits as LEB128: the million payer documents' four-digit postings
 * 15.9 → 12.3 bytes a row (issue 33 item 4). A later entry of such a bucket turns it back to gaps.
 */
export class Grams {
  private readonly bytes: Array<Uint8Array | null>
  /** Bytes of the gaps used; for an Elias–Fano bucket, where its high bits start (its low bits come first). */
  private readonly used: Int32Array
  /** An Elias–Fano bucket's entry count (0: gaps), and its low bits' width. */
  private readonly efCount: Int32Array
  private readonly efLow: Uint8Array
  readonly count: Int32Array
  private readonly last: Int32Array
  /** 1: the bucket's postings were dropped as too common to be read (trim); it is never searched. */
  private readonly dropped: Uint8Array
  indexed = 0
  byteSize = 0
  /** The entries shorter than a gram (none of their grams listed). */
  readonly short: number[] = []

  constructor(readonly kind: GramKind) {
    this.bytes = new Array<Uint8Array | null>(kind.buckets).fill(null)
    this.used = new Int32Array(kind.buckets)
    this.efCount = new Int32Array(kind.buckets)
    this.efLow = new Uint8Array(kind.buckets)
    this.count = new Int32Array(kind.buckets)
    this.last = new Int32Array(kind.buckets).fill(-1)
    this.dropped = new Uint8Array(kind.buckets)
  }

  private push(k: number, entry: number): void {
    let gap = entry - (this.last[k] as number)
    this.last[k] = entry
    this.count[k] = (this.count[k] as number) + 1
    if (this.dropped[k] === 1) return
    if (this.efCount[k] !== 0) this.toGaps(k)
    let b = this.bytes[k] as Uint8Array | null
    let at = this.used[k] as number
    if (b === null || at + 5 > b.length) {
      // a bucket cut to its postings (trim) may be a byte or two: doubled, still too short for a 5-byte gap
      const grown = new Uint8Array(Math.max(16, at + 5, b === null ? 0 : b.length * 2))
      if (b !== null) grown.set(b)
      this.byteSize += grown.length - (b === null ? 0 : b.length)
      this.bytes[k] = b = grown
    }
    while (gap >= 0x80) {
      b[at++] = (gap & 0x7f) | 0x80
      gap >>>= 7
    }
    b[at++] = gap
    this.used[k] = at
  }

  /** Adds the entries not indexed yet (a repeated trigram of one entry is listed once). */
  catchUp(strings: GramSource): void {
    let e = this.indexed
    const { width, key } = this.kind
    strings.spans(e, (text, start, end) => {
      if (end - start < width) this.short.push(e)
      for (let i = start; i + width <= end; i++) {
        const k = key(text, i)
        if (this.last[k] !== e) this.push(k, e)
      }
      e++
    })
    this.indexed = strings.length
  }

  /**
   * Each bucket's bytes cut to the postings they hold: grown by doubling, a bulk load leaves up to half of them unused
   * (a million documents' digit postings: ~15 bytes a row; issue 33 item 4). A later entry grows its bucket again.
   */
  trim(): void {
    // a hashed bucket in more than 1/8 of the entries is never read (the blocks are, GRAMS_SHARE_SHIFT): its postings go
    // ("ped", "ed-" and "d-0" are in every one of the gateway's order references: 3 of their ~10 bytes a row; issue 33
    // item 4). It keeps counting; a later entry's gram there is not listed. An exact bucket answers its gram untested: kept.
    const dense = this.kind.exact ? Infinity : this.indexed >> GRAMS_SHARE_SHIFT
    for (let k = 0; k < this.bytes.length; k++) {
      const b = this.bytes[k]
      const used = this.used[k] as number
      if (b == null) continue
      if ((this.count[k] as number) > dense) {
        this.bytes[k] = null
        this.dropped[k] = 1
        this.byteSize -= b.length
        continue
      }
      // an Elias–Fano bucket is cut already (its `used` is where its high bits start)
      if (this.efCount[k] !== 0) continue
      const ef = this.eliasFano(k)
      const cut = ef.length < used ? ef : used === b.length ? b : b.slice(0, used)
      if (cut === b) continue
      if (cut === ef) {
        this.efLow[k] = this.efBits
        this.efCount[k] = this.efN
        this.used[k] = (this.efN * this.efBits + 7) >> 3
      }
      this.bytes[k] = cut
      this.byteSize -= b.length - cut.length
    }
  }

  /** Scratch of eliasFano: the entries of the bucket coded, its count and low width. */
  private efN = 0
  private efBits = 0

  /** Bucket k's gaps as Elias–Fano bytes (low bits, then high bits); efN and efBits set. */
  private eliasFano(k: number): Uint8Array {
    const n = this.decodeGaps(k)
    const es = decoded
    const top = n === 0 ? 0 : (es[n - 1] as number) + 1
    const bits = n === 0 ? 0 : Math.min(24, Math.max(0, Math.floor(Math.log2(top / n))))
    const lowBytes = (n * bits + 7) >> 3
    const out = new Uint8Array(lowBytes + ((n + (top >>> bits) + 8) >> 3) + 3)
    const mask = bits === 0 ? 0 : (1 << bits) - 1
    for (let i = 0; i < n; i++) {
      const e = es[i] as number
      // the low bits into the (up to) four bytes they span, then the high part's step
      const p = i * bits
      const v = (e & mask) << (p & 7)
      const o = p >> 3
      out[o] = (out[o] as number) | (v & 0xff)
      out[o + 1] = (out[o + 1] as number) | ((v >>> 8) & 0xff)
      out[o + 2] = (out[o + 2] as number) | ((v >>> 16) & 0xff)
      out[o + 3] = (out[o + 3] as number) | (v >>> 24)
      const h = (e >>> bits) + i
      out[lowBytes + (h >> 3)] = (out[lowBytes + (h >> 3)] as number) | (1 << (h & 7))
    }
    this.efN = n
    this.efBits = bits
    return out
  }

  /** An Elias–Fano bucket as gaps again (a later entry is added to it). */
  private toGaps(k: number): void {
    const n = this.decodeEliasFano(k)
    const b = this.bytes[k] as Uint8Array
    const out = new Uint8Array(n * 3 + 16)
    let at = 0
    let prev = -1
    for (let i = 0; i < n; i++) {
      const e = decoded[i] as number
      let gap = e - prev
      prev = e
      while (gap >= 0x80) {
        out[at++] = (gap & 0x7f) | 0x80
        gap >>>= 7
      }
      out[at++] = gap
    }
    this.bytes[k] = out
    this.used[k] = at
    this.efCount[k] = 0
    this.byteSize += out.length - b.length
  }

  /** The entries of gap bucket k, in order, into `decoded` (grown as needed; reused): their count. */
  private decodeGaps(k: number): number {
    const b = this.bytes[k] as Uint8Array
    const end = this.used[k] as number
    // at most one entry a byte
    if (decoded.length < end) decoded = new Int32Array(Math.max(end, decoded.length * 2))
    const out = decoded
    let n = 0
    let e = -1
    for (let at = 0; at < end;) {
      let gap = 0
      let shift = 0
      let x: number
      do {
        x = b[at++] as number
        gap |= (x & 0x7f) << shift
        shift += 7
      } while (x >= 0x80)
      e += gap
      out[n++] = e
    }
    return n
  }

  /** The entries of Elias–Fano bucket k, in order, into `decoded` (grown as needed; reused): their count. */
  private decodeEliasFano(k: number): number {
    const b = this.bytes[k] as Uint8Array
    const n = this.efCount[k] as number
    const bits = this.efLow[k] as number
    const mask = bits === 0 ? 0 : (1 << bits) - 1
    const hb = this.used[k] as number
    if (decoded.length < n) decoded = new Int32Array(Math.max(n, decoded.length * 2))
    const out = decoded
    let pos = 0
    for (let i = 0, lp = 0; i < n; i++, lp += bits) {
      // the next set bit of the high bits at or after pos: its place less i is the entry's high part
      let x = (b[hb + (pos >> 3)] as number) >> (pos & 7)
      while (x === 0) {
        pos = (pos | 7) + 1
        x = b[hb + (pos >> 3)] as number
      }
      pos += 31 - Math.clz32(x & -x)
      // the low bits from the four bytes holding them (bits + 7 ≤ 32; a read past the end is 0)
      const at = lp >> 3
      const word = (b[at] as number) | ((b[at + 1] as number) << 8) | ((b[at + 2] as number) << 16) | ((b[at + 3] as number) << 24)
      out[i] = ((pos - i) << bits) | ((word >>> (lp & 7)) & mask)
      pos++
    }
    return n
  }

  /**
   * The bucket of `q`'s grams with the fewest entries (q has at least `width` characters), of those whose postings are
   * kept; -1 when every one was dropped (trim).
   */
  rarest(q: string): number {
    const { width, key } = this.kind
    let best = -1
    for (let i = 0; i + width <= q.length; i++) {
      const k = key(q, i)
      if (this.dropped[k] === 0 && (best < 0 || (this.count[k] as number) < (this.count[best] as number))) best = k
    }
    return best
  }

  /**
   * Marks the entries of bucket `k` that contain `q` and are not marked yet; returns the new hits.
   * With `strings` null every entry listed is marked untested (an exact bucket of a query that is its gram).
   */
  searchBucket(k: number, strings: GramSource | null, q: string, hits: Uint8Array, list: HitList | null): number {
    const b = this.bytes[k]
    if (b == null) return 0
    let count = 0
    // decoded first (one loop for every reader, either coding), then marked
    const n = this.efCount[k] !== 0 ? this.decodeEliasFano(k) : this.decodeGaps(k)
    const es = decoded
    for (let i = 0; i < n; i++) {
      const e = es[i] as number
      if (hits[e] === 0 && (strings === null || strings.includes(e, q))) {
        hits[e] = 1
        listHit(list, e)
        count++
      }
    }
    return count
  }
}
