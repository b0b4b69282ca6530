/**
 * An integer column of the statement projection that costs 4 bytes a row or fewer instead of 8 (DESIGN
 * budget "memory of the in-memory projection ≤ 150 bytes per row"): values that fit an Int32
 * live in an Int32Array; the rare ones that do not (a balance above 21 million BRL in cents, a
 * crypto amount in satoshis, an update months after creation in ms) are kept exactly in a small
 * Map behind a sentinel; once they stop being rare (1/16 of the rows) the column switches to a
 * Float64Array for good. Money stays exact either way (DESIGN "Conventions": integer minor units).
 *
 * A column starts one byte wide and widens (Int8 → Int16 → Int32, each copy once) at the first value that does not fit:
 * the gateway's fees fit two bytes, and a row's update time after its creation is 0 until it is updated (issue 33 item 4).
 */

const SENTINEL = -2147483648
const MAX_I32 = 2147483647
type Ints = Int8Array | Int16Array | Int32Array
/** The narrowest array holding v (an integer of Int32's range less its sentinel): 1, 2 or 4 bytes an element. */
const widthFor = (v: number): number => (v >= -128 && v <= 127 ? 1 : v >= -32768 && v <= 32767 ? 2 : 4)
const intsOf = (width: number, capacity: number): Ints =>
  width === 1 ? new Int8Array(capacity) : width === 2 ? new Int16Array(capacity) : new Int32Array(capacity)

export class CompactIntColumn {
  /** Int8 or Int16 while every value fits (no sentinel there), Int32 with the sentinel beyond. */
  private i32: Ints | null
  private f64: Float64Array | null = null
  private wide = new Map<number, number>()

  /** A structured clone of a column (the reopen image) made live again. */
  static revive(o: object): CompactIntColumn {
    return Object.setPrototypeOf(o, CompactIntColumn.prototype) as CompactIntColumn
  }

  constructor(private capacity: number) {
    this.i32 = new Int8Array(capacity)
  }

  get(row: number): number {
    if (this.f64 !== null) return this.f64[row] as number
    const v = (this.i32 as Ints)[row] as number
    return v === SENTINEL ? (this.wide.get(row) ?? 0) : v
  }

  /**
   * The sum over those of `rows` (a match list: sumInts) whose code counts (`counted[code[r]]` not 0: the table's summed
   * statuses, D-gateway-sums), one typed-array read per row on the common path.
   */
  sumRows(rows: ArrayLike<number>, code: ArrayLike<number>, counted: Uint8Array): number {
    let sum = 0
    if (this.f64 !== null) {
      const f = this.f64
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as number
        if (counted[code[r] as number] !== 0) sum += f[r] as number
      }
      return sum
    }
    const a = this.i32 as Ints
    let wide = false
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number
      if (counted[code[r] as number] === 0) continue
      const v = a[r] as number
      if (v === SENTINEL) wide = true
      else sum += v
    }
    if (wide)
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as number
        if (counted[code[r] as number] !== 0 && a[r] === SENTINEL) sum += this.wide.get(r) ?? 0
      }
    return sum
  }

  set(row: number, v: number): void {
    if (this.f64 !== null) {
      this.f64[row] = v
      return
    }
    let a = this.i32 as Ints
    if (a[row] === SENTINEL) this.wide.delete(row)
    if (Number.isInteger(v) && v > SENTINEL && v <= MAX_I32) {
      if (widthFor(v) > a.BYTES_PER_ELEMENT) a = this.widen(widthFor(v))
      a[row] = v
      return
    }
    if (a.BYTES_PER_ELEMENT < 4) a = this.widen(4)
    a[row] = SENTINEL
    this.wide.set(row, v)
    if (this.wide.size > Math.max(1024, this.capacity >> 4)) this.toFloat64()
  }

  /** The values copied into an array `width` bytes wide. */
  private widen(width: number): Ints {
    const a = intsOf(width, this.capacity)
    a.set(this.i32 as Ints)
    this.i32 = a
    return a
  }

  private toFloat64(): void {
    const a = this.i32 as Ints
    const f = new Float64Array(this.capacity)
    for (let i = 0; i < a.length; i++) f[i] = a[i] as number
    for (const [row, v] of this.wide) f[row] = v
    this.f64 = f
    this.i32 = null
    this.wide.clear()
  }

  /** New capacity, keeping rows 0..rows-1. */
  grow(capacity: number, rows: number): void {
    if (this.f64 !== null) {
      const f = new Float64Array(capacity)
      f.set(this.f64.subarray(0, rows))
      this.f64 = f
    } else {
      const old = this.i32 as Ints
      const a = intsOf(old.BYTES_PER_ELEMENT, capacity)
      a.set(old.subarray(0, rows))
      this.i32 = a
    }
    this.capacity = capacity
  }

  /** A new column holding get(order[i]) at row i (compaction). */
  gather(order: Uint32Array, capacity: number): CompactIntColumn {
    const c = new CompactIntColumn(capacity)
    if (this.f64 !== null) {
      const f = new Float64Array(capacity)
      for (let i = 0; i < order.length; i++) f[i] = this.f64[order[i] as number] as number
      c.f64 = f
      c.i32 = null
      return c
    }
    c.i32 = intsOf((this.i32 as Ints).BYTES_PER_ELEMENT, capacity)
    for (let i = 0; i < order.length; i++) c.set(i, this.get(order[i] as number))
    return c
  }

  memoryBytes(): number {
    return (this.f64?.byteLength ?? 0) + (this.i32?.byteLength ?? 0) + this.wide.size * 40
  }
}

/** Sums (or any integers) in 32 bits when every one fits, else as they are (the totals' arrays; issue 33 item 4). */
export const narrowSums = (a: Float64Array): Int32Array | Float64Array => {
  for (let i = 0; i < a.length; i++) if ((a[i] as number) !== ((a[i] as number) | 0)) return a
  return new Int32Array(a)
}
