/**
 * The column store of a table projection (DESIGN "The sync engine" → "Large data" and "Big tables
 * inside"; budget "memory ≤ 150 bytes per row"; sync/SPEC.md Q6, S6, S7): one row per table row,
 * stored column-wise (≈ 120 bytes a row at 1M statement rows, measured by measure.ts; no JS string
 * or object per row) —
 *  - Float64Array: the time (epoch ms); the amount (integer minor units) as Int32Array while every
 *    amount fits 32 bits, Float64Array (exact to 2^53) from the first that does not: the two every scan reads;
 *  - CompactIntColumn (Int32, exact wide values aside): the extra ints, updated − created;
 *  - Uint16Array: wallet (interned scope id) and `code`, which packs the description's enums
 *    (widths from the literal counts) into one number so those filters are one lookup per row;
 *  - Uint16Array (Uint32Array past 65 535 entries): the three text fields (free text, name,
 *    document) as indices into interned dictionaries, folded once at intern time, so a text
 *    filter tests each distinct string once and each row with a table lookup; stored fields
 *    (shown, not searched) likewise;
 *  - packed columns for the dense ids (UUIDs as 16 bytes, packed-strings.ts) and sparse ones for
 *    the ids only some rows have (slots only where present, sparse-strings.ts);
 *  - an id → row hash table (id-index.ts) and two orders, by date and by amount (order-index.ts).
 * Rows are appended; a removed row becomes a hole (code = DEAD) until compaction (optimize()),
 * which also rewrites the rows in date order so scans walk memory sequentially.
 *
 * The store tells every RowIndex it was given (the access paths' aggregate indexes, paths/) about
 * each write: a row touched, a row's text entry moved, all rows moved. It holds no query state;
 * its own fields are what the reopen image carries (table-image.ts).
 */
import { CompactIntColumn } from "./int-column.ts"
import type { AmountArray } from "./scan-loops.ts"
import { IdIndex } from "./id-index.ts"
import { InternDictionary } from "./intern-dictionary.ts"
import { OrderIndex, identityRows, radixSortRows } from "./order-index.ts"
import { PackedStringColumn } from "./packed-strings.ts"
import { SparsePackedColumn } from "./sparse-strings.ts"
import { parseInstant, toIsoInstant } from "../../schema/sao-paulo-time.ts"
import { DEAD, keysOf, type Binding, type RowKeys, type RowLike } from "./table-binding.ts"
import type { IndexArray } from "./scan-loops.ts"
import { StoredDictionary } from "./stored-dictionary.ts"

const MIN_CAPACITY = 1024
/** Growth factor of the typed columns: amortised O(1) appends with little slack at 1M rows. */
const GROWTH = 1.25

/** A dictionary-index column of `capacity` rows holding the first `rows` of `like` (same width). */
const indexArray = (like: IndexArray, capacity: number, rows: number): IndexArray => {
  const b = like instanceof Uint16Array ? new Uint16Array(capacity) : new Uint32Array(capacity)
  b.set(like.subarray(0, rows))
  return b
}
const widen = (a: IndexArray): Uint32Array => {
  const b = new Uint32Array(a.length)
  b.set(a)
  return b
}

/**
 * A stored column's codes, as narrow as its largest code: a check digit's ten values or a bank's few dozen take a byte a
 * row (issue 33 item 4). Never scanned (shown and exported only), so the third width costs no loop its monomorphism.
 */
type StoredArray = Uint8Array | Uint16Array | Uint32Array
const storedArray = (like: StoredArray, capacity: number, rows: number): StoredArray => {
  const b = like instanceof Uint8Array ? new Uint8Array(capacity) : like instanceof Uint16Array ? new Uint16Array(capacity) : new Uint32Array(capacity)
  b.set(like.subarray(0, rows))
  return b
}
/** `a`, or a copy wide enough for code `v`. */
const storedFits = (a: StoredArray, v: number): StoredArray => {
  if (v <= 0xff || (v <= 0xffff && !(a instanceof Uint8Array)) || a instanceof Uint32Array) return a
  const b = v <= 0xffff ? new Uint16Array(a.length) : new Uint32Array(a.length)
  b.set(a)
  return b
}

/**
 * An index over the store's rows, told about every write (the access paths' aggregate indexes:
 * chunk totals, entry totals, rows by entry, amount bands). It decides itself what a write costs
 * it: nothing, one chunk, or a rebuild when next read.
 */
export interface RowIndex {
  /** Row `row` was appended, updated or removed. */
  touch(row: number): void
  /** An existing row's entry in text field `field` (0 free text, 1 name, 2 document) changed. */
  entryMoved(row: number, field: number): void
  /** Every row moved (compaction): whatever it holds by row number is out of date. */
  stale(): void
  /** After a bulk load (optimize): build now rather than at the first query that reads it. */
  prepare(): void
}

export class TableStore {
  n = 0
  liveRows = 0
  cap = 0
  createdAt: Float64Array = new Float64Array(0)
  // amount: Int32 until one does not fit (then Float64 for good); every scan reads it, in one representation per table
  amount: AmountArray = new Int32Array(0)
  // updated_at as ms after created_at, and the extra ints: 4 bytes each for all but rare rows
  updatedDelta = new CompactIntColumn(0)
  /** The description's extra ints (statement: balance_after; gateway: fee, seller_share). */
  ints: CompactIntColumn[]
  wallet: Uint16Array = new Uint16Array(0)
  code: Uint16Array = new Uint16Array(0)
  desc: IndexArray = new Uint16Array(0)
  cpName: IndexArray = new Uint16Array(0)
  cpDoc: IndexArray = new Uint16Array(0)
  idCol = new PackedStringColumn({ kind: "uuid" })
  /** The other dense ids (statement: operation_id), then the sparse ones (slots only where present). */
  denseCols: PackedStringColumn[]
  sparseCols: SparsePackedColumn[]
  /** Stored (shown, not searched) text: dictionary indices per field. */
  storedCols: StoredArray[]
  storedDicts: StoredDictionary[]
  ids = new IdIndex(this.idCol)
  wallets = new InternDictionary({ withDigits: false })
  walletLive: number[] = []
  lastWalletId = ""
  lastWallet = -1
  /** Never looked up nor grouped by: may stop deduplicating after a load of nearly unique texts (order references). */
  descriptions = new InternDictionary({ withDigits: false, mayStopDeduplicating: true })
  names = new InternDictionary({ withDigits: false })
  documents: InternDictionary
  /** Per-row bits: TEXT_HIT / TEXT_DICT for one query (scan-loops.ts), 0x80 for the orders; all zero between calls. */
  scratch: Uint8Array = new Uint8Array(0)
  /** Increments on every write (the projection's version). */
  writes: number
  /** Told about every write (RowIndex); the state that composes the store registers them. */
  indexes: RowIndex[] = []

  readonly byDate: OrderIndex = new OrderIndex({
    compare: (a, b) => this.compareDate(a, b),
    isLive: (r) => r < this.n && this.code[r] !== DEAD,
    scratch: () => this.scratch,
    build: () => this.buildDateOrder()
  })
  readonly byAmount: OrderIndex = new OrderIndex({
    compare: (a, b) => this.compareAmount(a, b),
    isLive: (r) => r < this.n && this.code[r] !== DEAD,
    scratch: () => this.scratch,
    build: () => {
      // stable by amount over the date order: ties come out in (created_at, id) order for free
      this.byDate.ensure()
      return radixSortRows(this.byDate.identity ? identityRows(this.byDate.n) : this.byDate.perm.subarray(0, this.byDate.n), this.amount)
    }
  })

  /** Where a row object's fields are (by name), and a compact row's for the last column order asked. */
  private readonly byName: RowKeys
  private compactKeys: { readonly columns: ReadonlyArray<string>; readonly keys: RowKeys } | null = null

  constructor(
    readonly b: Binding,
    writes = 0
  ) {
    this.writes = writes
    this.byName = keysOf(b, (key) => key)
    this.ints = b.ints.map(() => new CompactIntColumn(0))
    this.denseCols = b.dense.map((d) => new PackedStringColumn(d.format))
    this.sparseCols = b.sparse.map((d) => new SparsePackedColumn(d.format))
    this.storedCols = b.stored.map(() => new Uint8Array(0))
    this.storedDicts = b.stored.map(() => new StoredDictionary())
    this.documents = new InternDictionary({ withDigits: b.digitsText === 2 })
    this.grow(MIN_CAPACITY)
  }

  // ── Writes ──────────────────────────────────────────────────────────────────────────────

  /** Room for `rows` rows without regrowing (the engine knows the count before a bulk load). */
  reserve(rows: number): void {
    if (rows > this.cap) this.grow(rows)
    this.ids.reserve(rows)
  }

  private grow(min: number): void {
    const cap = Math.max(min, Math.ceil(this.cap * GROWTH), MIN_CAPACITY)
    const n = this.n
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(cap)
      b.set(a.subarray(0, n))
      return b
    }
    const u16 = (a: Uint16Array): Uint16Array => {
      const b = new Uint16Array(cap)
      b.set(a.subarray(0, n))
      return b
    }
    this.createdAt = f64(this.createdAt)
    if (this.amount instanceof Int32Array) {
      const b = new Int32Array(cap)
      b.set(this.amount.subarray(0, n))
      this.amount = b
    } else this.amount = f64(this.amount)
    this.updatedDelta.grow(cap, n)
    for (const col of this.ints) col.grow(cap, n)
    this.wallet = u16(this.wallet)
    this.code = u16(this.code)
    this.desc = indexArray(this.desc, cap, n)
    this.cpName = indexArray(this.cpName, cap, n)
    this.cpDoc = indexArray(this.cpDoc, cap, n)
    for (let k = 0; k < this.storedCols.length; k++) this.storedCols[k] = storedArray(this.storedCols[k] as StoredArray, cap, n)
    this.idCol.ensureCapacity(cap)
    for (const col of this.denseCols) col.ensureCapacity(cap)
    const s = new Uint8Array(cap)
    s.set(this.scratch.subarray(0, n))
    this.scratch = s
    this.cap = cap
  }

  /** Row objects (fields by name): see TableProjection.upsertMany. */
  upsertObjects(rows: ReadonlyArray<RowLike>): void {
    this.upsertRows(rows, this.byName)
  }

  /** Compact rows (cell i is the field `columns[i]`): see TableProjection.upsertCompact. */
  upsertCompact(rows: ReadonlyArray<RowLike>, columns: ReadonlyArray<string>): void {
    let ck = this.compactKeys
    if (ck === null || ck.columns !== columns) {
      const at = (key: string): number => {
        const i = columns.indexOf(key)
        if (i < 0) throw new RangeError(`${this.b.table.name}: compact rows lack ${key}`)
        return i
      }
      ck = { columns, keys: keysOf(this.b, at) }
      this.compactKeys = ck
    }
    this.upsertRows(rows, ck.keys)
  }

  private upsertRows(rows: ReadonlyArray<RowLike>, k: RowKeys): void {
    if (rows.length === 0) return
    if (this.n + rows.length > this.cap) this.grow(this.n + rows.length)
    this.ids.ensureRoom(rows.length)
    try {
      for (let i = 0; i < rows.length; i++) this.upsertOne(rows[i] as RowLike, k)
    } finally {
      // a malformed row throws before touching anything; the rows before it stay applied
      this.finishWrite()
    }
  }

  /** The row's packed code, from the description's enums; throws on an unknown literal. */
  private encode(e: RowLike, k: RowKeys): number {
    let code = 0
    const enums = this.b.table.layout.enums
    for (let i = 0; i < enums.length; i++) {
      const en = enums[i] as (typeof enums)[number]
      const raw = e[k.enums[i] as string | number]
      const v = en.index.get(raw as string)
      if (v === undefined) throw new RangeError(`${this.b.table.name} ${String(e[k.id])}: unknown ${en.key} ${String(raw)}`)
      code |= v << en.shift
    }
    return code
  }

  /** Every RowIndex: row `r` was written. */
  private touch(r: number): void {
    const ix = this.indexes
    for (let i = 0; i < ix.length; i++) (ix[i] as RowIndex).touch(r)
  }

  private upsertOne(e: RowLike, k: RowKeys): void {
    // everything that can throw on a malformed row runs before any column changes
    const updated = parseInstant(e[k.updated] as string)
    const created = parseInstant(e[k.created] as string)
    const code = this.encode(e, k)
    const w = this.walletIndex(e[k.scope] as string)
    this.idCol.prepare(e[k.id] as string)
    const hash = this.idCol.hashPrepared()
    const found = this.ids.find(hash)
    if (found >= 0) {
      this.updateRow(found, e, k, created, updated, code, w)
      return
    }
    const r = this.n++
    this.touch(r)
    this.ids.insertAt(found, r, hash)
    this.idCol.setPrepared(r)
    this.createdAt[r] = created
    this.updatedDelta.set(r, updated - created)
    this.setAmount(r, e[k.amount] as number)
    this.setInts(r, e, k)
    this.wallet[r] = w
    this.code[r] = code
    this.setTexts(r, e, k, -1)
    for (let i = 0; i < this.denseCols.length; i++) (this.denseCols[i] as PackedStringColumn).set(r, e[k.dense[i] as string | number] as string)
    for (let i = 0; i < this.sparseCols.length; i++)
      (this.sparseCols[i] as SparsePackedColumn).set(r, (e[k.sparse[i] as string | number] as string | null | undefined) ?? null)
    this.liveRows++
    this.walletLive[w] = (this.walletLive[w] as number) + 1
    this.byDate.add(r)
    this.byAmount.add(r)
  }

  /** Row r's amount; the first that does not fit 32 bits makes the column Float64 for good. */
  private setAmount(r: number, v: number): void {
    if (this.amount instanceof Int32Array && (v | 0) !== v) this.amount = Float64Array.from(this.amount)
    this.amount[r] = v
  }

  private setInts(r: number, e: RowLike, k: RowKeys): void {
    for (let i = 0; i < this.ints.length; i++) (this.ints[i] as CompactIntColumn).set(r, e[k.ints[i] as string | number] as number)
  }

  /** `prevDesc`: the row's description entry before this write (-1: a new row). */
  private setTexts(r: number, e: RowLike, k: RowKeys, prevDesc: number): void {
    const [t0, t1, t2] = k.texts
    const d = this.descriptions.intern(e[t0] as string, prevDesc)
    const nm = this.names.intern(e[t1] as string)
    const doc = this.documents.intern(e[t2] as string)
    if (d > 0xffff && this.desc instanceof Uint16Array) this.desc = widen(this.desc)
    if (nm > 0xffff && this.cpName instanceof Uint16Array) this.cpName = widen(this.cpName)
    if (doc > 0xffff && this.cpDoc instanceof Uint16Array) this.cpDoc = widen(this.cpDoc)
    this.desc[r] = d
    this.cpName[r] = nm
    this.cpDoc[r] = doc
    for (let i = 0; i < this.storedCols.length; i++) {
      const v = (this.storedDicts[i] as StoredDictionary).intern(e[k.stored[i] as string | number] as string)
      const col = storedFits(this.storedCols[i] as StoredArray, v)
      this.storedCols[i] = col
      col[r] = v
    }
  }

  updatedAtRow(r: number): number {
    return (this.createdAt[r] as number) + this.updatedDelta.get(r)
  }

  private updateRow(r: number, e: RowLike, k: RowKeys, created: number, updated: number, code: number, w: number): void {
    if (updated < this.updatedAtRow(r)) return
    this.touch(r)
    let dateMoved = false
    if (created !== this.createdAt[r]) {
      this.createdAt[r] = created
      this.byDate.changed(r)
      dateMoved = true
    }
    const amount = e[k.amount] as number
    if (amount !== this.amount[r] || dateMoved) {
      this.setAmount(r, amount)
      this.byAmount.changed(r)
    }
    this.updatedDelta.set(r, updated - created)
    this.setInts(r, e, k)
    const oldW = this.wallet[r] as number
    if (w !== oldW) {
      this.walletLive[oldW] = (this.walletLive[oldW] as number) - 1
      this.walletLive[w] = (this.walletLive[w] as number) + 1
      this.wallet[r] = w
    }
    this.code[r] = code
    const oldDesc = this.desc[r] as number
    const oldName = this.cpName[r] as number
    const oldDoc = this.cpDoc[r] as number
    this.setTexts(r, e, k, oldDesc)
    const moved = (this.desc[r] !== oldDesc ? 1 : 0) | (this.cpName[r] !== oldName ? 2 : 0) | (this.cpDoc[r] !== oldDoc ? 4 : 0)
    if (moved !== 0) for (const ix of this.indexes) for (let field = 0; field < 3; field++) if ((moved & (1 << field)) !== 0) ix.entryMoved(r, field)
    // leave sealed chunks alone unless the value really changed
    for (let i = 0; i < this.denseCols.length; i++) {
      const col = this.denseCols[i] as PackedStringColumn
      const v = e[k.dense[i] as string | number] as string
      if (!col.same(r, v)) col.set(r, v)
    }
    for (let i = 0; i < this.sparseCols.length; i++) {
      const col = this.sparseCols[i] as SparsePackedColumn
      const v = (e[k.sparse[i] as string | number] as string | null | undefined) ?? null
      if (!col.same(r, v)) col.set(r, v)
    }
  }

  private walletIndex(id: string): number {
    if (id === this.lastWalletId && this.lastWallet >= 0) return this.lastWallet
    const w = this.wallets.intern(id)
    if (w >= DEAD) throw new RangeError(`more than 65 534 wallets in one ${this.b.table.name} projection`)
    while (this.walletLive.length <= w) this.walletLive.push(0)
    this.lastWalletId = id
    this.lastWallet = w
    return w
  }

  private finishWrite(): void {
    this.idCol.seal()
    for (const col of this.denseCols) col.seal()
    for (const col of this.sparseCols) col.seal()
    const isLive = (r: number): boolean => this.code[r] !== DEAD
    // hashes are over the slot encoding: a re-encoded id column needs its index rebuilt
    if (this.idCol.maybeReformat(this.liveRows, isLive)) this.ids.rebuild(this.n, isLive)
    for (const col of this.denseCols) col.maybeReformat(this.liveRows, isLive)
    this.writes++
  }

  /** Removes rows by id; returns how many were there (the caller compacts once holes pass a quarter: `holesPastQuarter`). */
  remove(ids: Iterable<string>): number {
    let removed = 0
    for (const id of ids) {
      const r = this.rowOf(id)
      if (r < 0) continue
      this.ids.delete(r)
      this.touch(r)
      this.code[r] = DEAD
      const w = this.wallet[r] as number
      this.walletLive[w] = (this.walletLive[w] as number) - 1
      this.liveRows--
      this.byDate.remove(r)
      this.byAmount.remove(r)
      // free what a spilled value holds; slots themselves are reclaimed by compaction
      if (this.idCol.spilledCount > 0) this.idCol.set(r, null)
      for (const col of this.denseCols) if (col.spilledCount > 0) col.set(r, null)
      removed++
    }
    if (removed > 0) this.finishWrite()
    return removed
  }

  /** Whether the holes (removed rows) pass a quarter of the live rows: time to compact. */
  get holesPastQuarter(): boolean {
    return this.n - this.liveRows > Math.max(4096, this.liveRows >> 2)
  }

  /**
   * Rewrites the rows in date order without holes, with 1/64 spare capacity (at least 1024 rows), and builds the
   * amount order and the dictionaries' search blocks; then every RowIndex builds itself
   * (prepare). See TableProjection.optimize.
   */
  optimize(): void {
    this.byDate.ensure()
    const order = this.byDate.identity ? identityRows(this.byDate.n) : this.byDate.perm.slice(0, this.byDate.n)
    const m = order.length
    const cap = Math.max(MIN_CAPACITY, m + Math.max(1024, m >> 6))
    const oldToNew = new Int32Array(this.n).fill(-1)
    for (let i = 0; i < m; i++) oldToNew[order[i] as number] = i
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(cap)
      for (let i = 0; i < m; i++) b[i] = a[order[i] as number] as number
      return b
    }
    const u16 = (a: Uint16Array): Uint16Array => {
      const b = new Uint16Array(cap)
      for (let i = 0; i < m; i++) b[i] = a[order[i] as number] as number
      return b
    }
    const idx = (a: IndexArray): IndexArray => {
      const b = a instanceof Uint16Array ? new Uint16Array(cap) : new Uint32Array(cap)
      for (let i = 0; i < m; i++) b[i] = a[order[i] as number] as number
      return b
    }
    const packed = (src: PackedStringColumn): PackedStringColumn => {
      const dst = src.cloneEmpty()
      dst.ensureCapacity(cap)
      for (let i = 0; i < m; i++) dst.copyRowFrom(src, order[i] as number, i)
      dst.seal()
      return dst
    }
    this.createdAt = f64(this.createdAt)
    if (this.amount instanceof Int32Array) {
      const a = this.amount
      const b = new Int32Array(cap)
      for (let i = 0; i < m; i++) b[i] = a[order[i] as number] as number
      this.amount = b
    } else this.amount = f64(this.amount)
    this.updatedDelta = this.updatedDelta.gather(order, cap)
    this.ints = this.ints.map((col) => col.gather(order, cap))
    this.wallet = u16(this.wallet)
    this.code = u16(this.code)
    this.desc = idx(this.desc)
    this.cpName = idx(this.cpName)
    this.cpDoc = idx(this.cpDoc)
    this.storedCols = this.storedCols.map((a) => {
      const b = storedArray(a, cap, 0)
      for (let i = 0; i < m; i++) b[i] = a[order[i] as number] as number
      return b
    })
    this.idCol = packed(this.idCol)
    this.denseCols = this.denseCols.map(packed)
    this.sparseCols = this.sparseCols.map((col) => col.gather(order))
    this.byAmount.remap(oldToNew)
    this.byDate.setIdentity(m)
    // the rows moved: every index by row number is out of date
    for (const ix of this.indexes) ix.stale()
    this.n = m
    this.cap = cap
    this.scratch = new Uint8Array(cap)
    this.ids = new IdIndex(this.idCol)
    this.ids.rebuild(m)
    // build the amount order now rather than on the first amount sort the user asks for, and the
    // text dictionaries' search blocks rather than on the first keystroke
    this.byAmount.ensure()
    this.descriptions.prepareSearch()
    this.names.prepareSearch()
    this.documents.prepareSearch()
    this.writes++
    // and the indexes (chunk totals Q7, entry totals Q8, rows by entry Q9, amount bands Q10) rather
    // than on the first filter that reads them
    for (const ix of this.indexes) ix.prepare()
  }

  // ── Reads ───────────────────────────────────────────────────────────────────────────────

  /** The row of an id, or -1. */
  rowOf(id: string): number {
    this.idCol.prepare(id)
    const r = this.ids.find(this.idCol.hashPrepared())
    return r >= 0 ? r : -1
  }

  /** Every field of row `r`, rebuilt from the columns. */
  rowView(r: number): Record<string, unknown> {
    const b = this.b
    const t = b.table
    const code = this.code[r] as number
    const o: Record<string, unknown> = {}
    o[b.idKey] = this.idCol.get(r)
    o[t.scope] = this.wallets.value(this.wallet[r] as number)
    for (let k = 0; k < this.denseCols.length; k++) o[(b.dense[k] as { key: string }).key] = (this.denseCols[k] as PackedStringColumn).get(r)
    o[t.time.created] = toIsoInstant(this.createdAt[r] as number)
    o[t.time.updated] = toIsoInstant(this.updatedAtRow(r))
    for (const e of t.layout.enums) o[e.key] = e.literals[(code >> e.shift) & e.mask]
    o[t.amount] = this.amount[r]
    for (let k = 0; k < this.ints.length; k++) o[b.ints[k] as string] = (this.ints[k] as CompactIntColumn).get(r)
    o[b.texts[0]] = this.descriptions.value(this.desc[r] as number)
    o[b.texts[1]] = this.names.value(this.cpName[r] as number)
    o[b.texts[2]] = this.documents.value(this.cpDoc[r] as number)
    for (let k = 0; k < this.storedCols.length; k++)
      o[b.stored[k] as string] = (this.storedDicts[k] as StoredDictionary).value((this.storedCols[k] as StoredArray)[r] as number)
    for (let k = 0; k < this.sparseCols.length; k++) o[(b.sparse[k] as { key: string }).key] = (this.sparseCols[k] as SparsePackedColumn).get(r)
    return o
  }

  /** Date order: created_at, then id in code-unit order. */
  compareDate(a: number, b: number): number {
    const d = (this.createdAt[a] as number) - (this.createdAt[b] as number)
    return d !== 0 ? d : this.idCol.compare(a, b)
  }
  /** Amount order: amount, then the date order. */
  compareAmount(a: number, b: number): number {
    const d = (this.amount[a] as number) - (this.amount[b] as number)
    return d !== 0 ? d : this.compareDate(a, b)
  }

  private buildDateOrder(): Uint32Array {
    const rows = new Uint32Array(this.liveRows)
    let w = 0
    const code = this.code
    for (let r = 0; r < this.n; r++) if (code[r] !== DEAD) rows[w++] = r
    const sorted = radixSortRows(rows, this.createdAt)
    // equal instants: order by id, so that the order does not depend on arrival order
    const c = this.createdAt
    for (let s = 0; s < sorted.length;) {
      const k = c[sorted[s] as number]
      let e = s + 1
      while (e < sorted.length && c[sorted[e] as number] === k) e++
      if (e - s > 1) sorted.subarray(s, e).sort((a, b) => this.idCol.compare(a, b))
      s = e
    }
    return sorted
  }

  /** First position in the date order whose created_at ≥ t. */
  lowerBound(t: number): number {
    const order = this.byDate
    const c = this.createdAt
    let lo = 0
    let hi = order.n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((c[order.rowAt(mid)] as number) < t) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** First position in the amount order whose amount is ≥ v (or > v when `after`). */
  amountBound(v: number, after: boolean): number {
    const perm = this.byAmount.perm
    const amount = this.amount
    let lo = 0
    let hi = this.byAmount.n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const x = amount[perm[mid] as number] as number
      if (x < v || (after && x === v)) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Whether the period [from, to) holds every row (Q8, Q10: their totals are over all of them). */
  wholePeriod(from: number, to: number): boolean {
    const n = this.byDate.n
    if (n === 0) return true
    const first = this.byDate.rowAt(0)
    const last = this.byDate.rowAt(n - 1)
    return from <= (this.createdAt[first] as number) && to > (this.createdAt[last] as number)
  }

  // ── Memory ──────────────────────────────────────────────────────────────────────────────

  /** The store's parts of TableProjection.memoryReport, in bytes. */
  memoryParts(): { columns: number; idColumn: number; denseIdColumns: number; sparseIdColumns: number; idIndex: number; orders: number; dictionaries: number } {
    return {
      columns:
        this.createdAt.byteLength +
        this.amount.byteLength +
        this.updatedDelta.memoryBytes() +
        this.ints.reduce((n, c) => n + c.memoryBytes(), 0) +
        this.wallet.byteLength +
        this.code.byteLength +
        this.desc.byteLength +
        this.cpName.byteLength +
        this.cpDoc.byteLength +
        this.storedCols.reduce((n, c) => n + c.byteLength, 0),
      idColumn: this.idCol.memoryBytes(),
      denseIdColumns: this.denseCols.reduce((n, c) => n + c.memoryBytes(), 0),
      sparseIdColumns: this.sparseCols.reduce((n, c) => n + c.memoryBytes(), 0),
      idIndex: this.ids.memoryBytes(),
      orders: this.byDate.memoryBytes() + this.byAmount.memoryBytes(),
      dictionaries:
        this.wallets.memoryBytes() +
        this.descriptions.memoryBytes() +
        this.names.memoryBytes() +
        this.documents.memoryBytes() +
        this.storedDicts.reduce((n, d) => n + d.memoryBytes(), 0)
    }
  }
}
