/**
 * Sorted orders of the statement projection's rows (DESIGN "Large data": "filters, sorts,
 * counts and sums run there"). The date order makes a date range a binary search and a scan
 * in date order already sorted; the amount order is built only once someone sorts by amount.
 *
 * Both are permutations (Uint32Array of row numbers) kept current lazily: appends in order go
 * straight to the end, other inserts, key changes and removals are queued and merged in O(n)
 * before the next query; past a quarter of the rows the order is rebuilt by an LSD radix sort
 * (integer keys: epoch ms, minor units), which is a few passes over typed arrays instead of a
 * comparator sort's n·log n callbacks.
 */

const DIGIT_BITS = 11
const BUCKETS = 1 << DIGIT_BITS
const DIGIT_MASK = BUCKETS - 1
const LO_BITS = 22
const LO_SPAN = 2 ** LO_BITS

/**
 * A stable ascending sort of `rows` by key[row]: radix over (key - min) when every key is an
 * integer and the spread is below 2^53, else a stable comparator sort. Returns a new array.
 */
export const radixSortRows = (rows: Uint32Array, key: Float64Array | Int32Array): Uint32Array => {
  const n = rows.length
  if (n < 2) return rows.slice()
  let min = Infinity
  let max = -Infinity
  let integral = true
  for (let i = 0; i < n; i++) {
    const k = key[rows[i] as number] as number
    if (k < min) min = k
    if (k > max) max = k
    if (k !== Math.floor(k)) integral = false
  }
  const range = max - min
  if (!integral || !(range < 2 ** 53)) {
    return Uint32Array.from(Array.from(rows).sort((a, b) => (key[a] as number) - (key[b] as number)))
  }
  if (range === 0) return rows.slice()
  let lo = new Uint32Array(n)
  let hi = new Uint32Array(n)
  for (let i = 0; i < n; i++) {
    const v = (key[rows[i] as number] as number) - min
    const h = Math.floor(v / LO_SPAN)
    hi[i] = h
    lo[i] = v - h * LO_SPAN
  }
  let src = rows.slice()
  let dst = new Uint32Array(n)
  let lo2 = new Uint32Array(n)
  let hi2 = new Uint32Array(n)
  const count = new Uint32Array(BUCKETS)
  // exact bit count (Math.log2 rounds near 2^52)
  let bits = 0
  while (bits < 53 && 2 ** bits <= range) bits++
  // digits: lo[0..11), lo[11..22), hi[0..11), hi[11..22), hi[22..31)
  const passes = Math.min(5, Math.ceil(bits / DIGIT_BITS))
  for (let p = 0; p < passes; p++) {
    const fromHi = p >= 2
    const shift = (p % 2) * DIGIT_BITS + (p === 4 ? DIGIT_BITS * 2 : 0)
    const keys = fromHi ? hi : lo
    count.fill(0)
    for (let i = 0; i < n; i++) {
      const d = ((keys[i] as number) >>> shift) & DIGIT_MASK
      count[d] = (count[d] as number) + 1
    }
    // a digit every key shares moves nothing
    let trivial = false
    for (let b = 0; b < BUCKETS; b++) if (count[b] === n) trivial = true
    if (trivial) continue
    let sum = 0
    for (let b = 0; b < BUCKETS; b++) {
      const c = count[b] as number
      count[b] = sum
      sum += c
    }
    const carryLo = p < 1
    for (let i = 0; i < n; i++) {
      const d = ((keys[i] as number) >>> shift) & DIGIT_MASK
      const at = count[d] as number
      count[d] = at + 1
      dst[at] = src[i] as number
      hi2[at] = hi[i] as number
      if (carryLo) lo2[at] = lo[i] as number
    }
    ;[src, dst] = [dst, src]
    ;[hi, hi2] = [hi2, hi]
    if (carryLo) [lo, lo2] = [lo2, lo]
  }
  return src
}

/** What an order needs from the projection. */
export interface OrderHost {
  /** Total order of two live rows (negative: a first). */
  compare(a: number, b: number): number
  isLive(row: number): boolean
  /** A per-row byte array the order may use bit 0x80 of, cleared again before returning. */
  scratch(): Uint8Array
  /** The whole order from scratch, live rows only. */
  build(): Uint32Array
}

const MARK = 0x80

const isIdentity = (p: Uint32Array, n: number): boolean => {
  for (let i = 0; i < n; i++) if (p[i] !== i) return false
  return true
}

export interface OrderState {
  readonly perm: Uint32Array
  readonly n: number
  readonly identity: boolean
  readonly valid: boolean
  readonly adds: ReadonlyArray<number>
  readonly removals: ReadonlyArray<number>
}

/**
 * The identity order 0, 1, 2…, one array for every order of the worker, never written to (`OrderIndex.perm` of an order
 * that is the rows' own order, for the readers that index it; most ask `identity` first and read nothing).
 */
let shared = new Uint32Array(0)
const sharedIdentity = (n: number): Uint32Array => {
  if (shared.length < n) {
    shared = new Uint32Array(Math.max(n, shared.length * 2, 1024))
    for (let i = 0; i < shared.length; i++) shared[i] = i
  }
  return shared
}
const EMPTY = new Uint32Array(0)
/** A new array 0, 1, …, n-1, `capacity` long (a copy of the identity order to work on). */
export const identityRows = (n: number, capacity = n): Uint32Array => {
  const p = new Uint32Array(capacity)
  for (let i = 0; i < n; i++) p[i] = i
  return p
}

export class OrderIndex {
  /**
   * The rows in order, positions 0…n-1; while the order is the identity (the rows compacted in date order, new rows
   * appended in order) nothing is held: 4 bytes a row of the date order (issue 33 item 4). See `perm`.
   */
  private p: Uint32Array = EMPTY
  n = 0
  /** perm[i] === i for every i < n (rows stored in this order): scans may skip the indirection. */
  identity = false
  private valid = false
  private adds: number[] = []
  private removals: number[] = []

  constructor(private readonly host: OrderHost) {}

  /**
   * The rows in order (positions 0…n-1). For the identity order, a shared array 0, 1, 2…: a reader that indexes it in a
   * loop should ask `identity` first and use the position itself.
   */
  get perm(): Uint32Array {
    return this.identity && this.p.length < this.n ? sharedIdentity(this.n) : this.p
  }

  /** The order's own array: empty for the identity order, for a reader that asks `identity` first (no shared array made). */
  get ownRows(): Uint32Array {
    return this.p
  }

  /** The row at position i (0 ≤ i < n). */
  rowAt(i: number): number {
    return this.identity ? i : (this.p[i] as number)
  }

  /** The order's data, without its host (the reopen image). */
  state(): OrderState {
    return { perm: this.p, n: this.n, identity: this.identity, valid: this.valid, adds: this.adds, removals: this.removals }
  }
  restore(s: OrderState): void {
    this.p = s.perm
    this.n = s.n
    this.identity = s.identity
    this.valid = s.valid
    this.adds = [...s.adds]
    this.removals = [...s.removals]
    this.dropIfIdentity()
  }

  get isValid(): boolean {
    return this.valid
  }

  invalidate(): void {
    this.valid = false
    this.identity = false
    this.p = EMPTY
    this.adds = []
    this.removals = []
  }

  /** The identity order held as an array of its own again, room for `min` rows, before a write that breaks it. */
  private own(min: number): void {
    if (this.identity && this.p.length < this.n) this.p = identityRows(this.n, Math.max(min, this.n, 1024))
    this.identity = false
  }

  /** An identity order holds no array (perm answers with the shared one). */
  private dropIfIdentity(): void {
    if (this.identity) this.p = EMPTY
  }

  private tooMuch(): void {
    if (this.adds.length + this.removals.length > Math.max(4096, this.n >> 2)) this.invalidate()
  }

  /** A new row. In order after the last one: appended now; otherwise queued. */
  add(row: number): void {
    if (!this.valid) return
    if (this.adds.length === 0 && this.removals.length === 0 && (this.n === 0 || this.host.compare(this.rowAt(this.n - 1), row) < 0)) {
      // the identity order goes on while each new row is the next one
      if (this.identity || this.n === 0) {
        if (row === this.n) {
          this.identity = true
          this.p = EMPTY
          this.n++
          return
        }
        this.own(this.n + 1)
      }
      if (this.n === this.p.length) this.grow(this.n + 1)
      this.p[this.n++] = row
      return
    }
    this.adds.push(row)
    this.tooMuch()
  }

  remove(row: number): void {
    if (!this.valid) return
    this.removals.push(row)
    this.tooMuch()
  }

  /** The row's sort key changed: take it out and put it back in. */
  changed(row: number): void {
    if (!this.valid) return
    this.removals.push(row)
    this.adds.push(row)
    this.tooMuch()
  }

  private grow(min: number): void {
    const p = new Uint32Array(Math.max(min, Math.ceil(this.p.length * 1.5), 1024))
    p.set(this.p.subarray(0, this.n))
    this.p = p
  }

  /** Brings the order up to date (before a query reads perm[0..n)). */
  ensure(): void {
    if (!this.valid) {
      this.p = this.host.build()
      this.n = this.p.length
      this.valid = true
      this.adds = []
      this.removals = []
      this.identity = isIdentity(this.p, this.n)
      this.dropIfIdentity()
      return
    }
    if (this.adds.length === 0 && this.removals.length === 0) return
    this.own(this.n + this.adds.length)
    const mark = this.host.scratch()
    const perm = this.p
    if (this.removals.length > 0) {
      for (const r of this.removals) mark[r] = (mark[r] as number) | MARK
      let w = 0
      for (let i = 0; i < this.n; i++) {
        const r = perm[i] as number
        if (((mark[r] as number) & MARK) === 0) perm[w++] = r
      }
      this.n = w
      for (const r of this.removals) mark[r] = (mark[r] as number) & ~MARK
    }
    if (this.adds.length > 0) {
      // a row may be queued twice (updated twice) or removed since: keep each live row once
      const list: number[] = []
      for (const r of this.adds) {
        if (this.host.isLive(r) && ((mark[r] as number) & MARK) === 0) {
          mark[r] = (mark[r] as number) | MARK
          list.push(r)
        }
      }
      for (const r of list) mark[r] = (mark[r] as number) & ~MARK
      list.sort((a, b) => this.host.compare(a, b))
      const k = list.length
      if (this.n + k > this.p.length) this.grow(this.n + k)
      // merge from the back, in place: the tail of perm is free room
      const p = this.p
      let i = this.n - 1
      let j = k - 1
      let w = this.n + k - 1
      while (j >= 0) {
        const b = list[j] as number
        if (i >= 0 && this.host.compare(p[i] as number, b) > 0) p[w--] = p[i--] as number
        else {
          p[w--] = b
          j--
        }
      }
      this.n += k
    }
    this.adds = []
    this.removals = []
    this.identity = isIdentity(this.p, this.n)
    this.dropIfIdentity()
  }

  /** After the projection compacted rows into date order: the identity permutation (no array held). */
  setIdentity(rows: number): void {
    this.p = EMPTY
    this.n = rows
    this.valid = true
    this.identity = true
    this.adds = []
    this.removals = []
  }

  /** After compaction: rows renumbered by `oldToNew`, dead rows dropped. */
  remap(oldToNew: Int32Array): void {
    if (!this.valid || this.adds.length > 0 || this.removals.length > 0) {
      this.invalidate()
      return
    }
    this.own(this.n)
    let w = 0
    for (let i = 0; i < this.n; i++) {
      const r = oldToNew[this.p[i] as number] as number
      if (r >= 0) this.p[w++] = r
    }
    this.n = w
    this.identity = isIdentity(this.p, this.n)
    this.dropIfIdentity()
  }

  clear(): void {
    this.n = 0
    this.invalidate()
  }

  /** Bytes this order holds (the shared identity array is nobody's: see `perm`). */
  memoryBytes(): number {
    return this.p.byteLength
  }
}
