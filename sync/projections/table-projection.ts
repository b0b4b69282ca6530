/**
 * The in-memory table projection of the sync engine (DESIGN "The sync engine" → "Large data",
 * budgets "filter/sort/count/sum over 1M local rows p95 ≤ 30 ms" and "memory ≤ 150 bytes per
 * row"; issue 11 "Tables described once", sync/SPEC.md Q6): one class for every big synced table,
 * parametrised by its description (schema/tables/*.ts, `defineTable`). The statement
 * (statement-projection.ts) and the gateway transactions (schema/tables/gateway.ts) are two
 * descriptions over this code.
 *
 * The worker fills it from RxDB at start and from the change stream after; every filter, sort,
 * count, sum, group, chart series and export runs here, and views receive only the window of
 * rows they display plus totals.
 *
 * Layout: one row per table row, stored column-wise (≈ 120 bytes a row at 1M statement rows,
 * measured by measure.ts; no JS string or object per row) —
 *  - Float64Array: the time (epoch ms) and the amount (integer minor units, exact to 2^53): the
 *    two every scan reads;
 *  - CompactIntColumn (Int32, exact wide values aside): the extra ints, updated − created;
 *  - Uint16Array: wallet (interned scope id) and `code`, which packs the description's enums
 *    (widths from the literal counts) into one number so those filters are one lookup per row;
 *  - Uint16Array (Uint32Array past 65 535 entries): the three text fields (free text, name,
 *    document) as indices into interned dictionaries, folded once at intern time, so a text
 *    filter tests each distinct string once and each row with a table lookup; stored fields
 *    (shown, not searched) likewise;
 *  - packed columns for the dense ids (UUIDs as 16 bytes, packed-strings.ts) and sparse ones for
 *    the ids only some rows have (slots only where present, sparse-strings.ts);
 *  - an id → row hash table (id-index.ts) and two orders, by date and by amount (order-index.ts);
 *  - per 4096 rows, the count and sum of each (wallet, code) pair (chunk-totals.ts): the first
 *    page of a filter without text or amounts adds those up instead of visiting every match (Q7).
 * Rows are appended; a removed row becomes a hole (code = DEAD) until compaction (optimize()),
 * which also rewrites the rows in date order so scans walk memory sequentially.
 *
 * What a description must have for this projection (the seam, D-table-description): exactly three
 * text fields [free text, name, document], the sign as an enum of two literals, the per-currency
 * enum last in the code (shift 0), a code space under 65 535, the row id as the first dense id.
 */
import type { DefinedTable } from "../../schema/tables/define-table.ts"
import { ChunkTotals, type ChunkColumns } from "./chunk-totals.ts"
import { AMOUNT_BANDS, bandColumn, bandLow, bandOf } from "./amount-bands.ts"
import { EntryRows } from "./entry-rows.ts"
import { EntryTotals } from "./entry-totals.ts"
import { IdIndex } from "./id-index.ts"
import { CompactIntColumn } from "./int-column.ts"
import { InternDictionary, type HitList } from "./intern-dictionary.ts"
import { OrderIndex, radixSortRows, type OrderState } from "./order-index.ts"
import { COLLECT_CAP, PackedStringColumn } from "./packed-strings.ts"
import { SparsePackedColumn } from "./sparse-strings.ts"
import { DAY_MS, civilFromDays, daysFromCivil, parseInstant, spDayIndex, spDayKey, spDayStart, spMonthKey, toIsoInstant } from "../../schema/sao-paulo-time.ts"
import { documentDigitsOf, foldText } from "./text-fold.ts"

// ── Query and result shapes (mirrored by workers/results.ts StatementsResult) ───────────────

export interface TableSort {
  readonly by: "created_at" | "amount"
  readonly dir: "asc" | "desc"
}
/** "type": the first enum of the description; "code": every enum at once (each code's literals joined by "|"). */
export type TableGroupBy = "day" | "type" | "wallet" | "counterparty" | "code" | "none"

export interface TableQuery {
  /** Several wallets at once; empty or absent: every loaded wallet. */
  readonly walletIds?: ReadonlyArray<string>
  /**
   * Case- and accent-insensitive substring of the three text fields (a document-like query also
   * matches the document's digits); from 4 characters on, also a case-insensitive prefix of the
   * searched ids (a pasted id is its own prefix). Identifiers are matched by prefix, not anywhere
   * inside: see packed-strings.ts.
   */
  readonly text?: string
  /** Epoch ms, inclusive. */
  readonly from?: number
  /** Epoch ms, exclusive. */
  readonly to?: number
  /** Literals of the first enum (statement: type; gateway: kind). Empty or absent: all. Likewise statuses. */
  readonly types?: ReadonlyArray<string>
  readonly statuses?: ReadonlyArray<string>
  /** The sign enum's literal. */
  readonly direction?: string
  /** The per-currency enum's literal. */
  readonly currency?: string
  /** Minor units, inclusive, on the (always positive) amount. */
  readonly minAmount?: number
  readonly maxAmount?: number
  /** Default created_at desc. Ties: created_at, then id (code-unit order); desc reverses all. */
  readonly sort?: TableSort
  /** The window the view shows: default offset 0, limit 100 (at most 10 000). */
  readonly offset?: number
  readonly limit?: number
  readonly groupBy?: TableGroupBy
}

export interface GroupTotals {
  readonly key: string
  readonly count: number
  /**
   * Sums of the group's rows whose status counts (the description's `sums.counted`); "code"
   * groups sum every row (their key names the status already: the dashboard's total_value).
   */
  readonly sumIn: number
  readonly sumOut: number
  /** Counterparty groups: the name, where the key is the document. */
  readonly label?: string
}
export interface CurrencyTotals<C extends string = string> {
  readonly currency: C
  readonly count: number
  readonly sumIn: number
  readonly sumOut: number
}

export interface TableQueryResult<R, C extends string = string> {
  /** Rows matching, whatever their status. */
  readonly total: number
  /** Minor units over the matching rows whose status counts in sums. */
  readonly sumIn: number
  readonly sumOut: number
  readonly net: number
  /** The window only, every row field rebuilt from the columns. */
  readonly rows: ReadonlyArray<R>
  /** Ordered like the rows: by where each group's first row appears in the sorted result. */
  readonly groups?: ReadonlyArray<GroupTotals>
  /** When more than one wallet is selected: one entry per selected wallet (key = wallet id). */
  readonly perWallet?: ReadonlyArray<GroupTotals>
  /** When the matches hold more than one currency: the sums above mix units, these do not. */
  readonly perCurrency?: ReadonlyArray<CurrencyTotals<C>>
  readonly tookMs: number
  /**
   * An early answer (query()'s `onEarly`): the window's rows are final, but the scan stopped once
   * it had them, so `total` and the sums only count the rows seen so far (a lower bound).
   */
  readonly partial?: true
}

export interface SeriesPoint {
  /** YYYY-MM-DD (day) or YYYY-MM (month), São Paulo calendar. */
  readonly key: string
  /** Epoch ms of the bucket's start. */
  readonly from: number
  readonly sumIn: number
  readonly sumOut: number
  readonly net: number
  /** Closing balance of the selected wallets in the series currency; null before any is known (or without the balanceSeries plugin). */
  readonly balance: number | null
}
export interface TableSeries<C extends string = string> {
  readonly unit: "day" | "month"
  readonly currency: C
  readonly points: ReadonlyArray<SeriesPoint>
  readonly tookMs: number
}

export interface TableProjectionOptions {
  /**
   * How many matches an amount sort collects and radix-sorts before it switches to walking
   * the amount order (default 65 536). A tuning knob; the tests lower it to cover both paths.
   */
  readonly sortListCap?: number
  /** From how many entries a text dictionary keeps its rows by entry (Q9; default 32 768); the tests lower it. */
  readonly entryRowsFrom?: number
}

/** Raised by an export iterator when the projection changed between two chunks. */
export class ProjectionChangedError extends Error {
  constructor() {
    super("the projection changed during the export; start it again")
    this.name = "ProjectionChangedError"
  }
}

// ── Codes ─────────────────────────────────────────────────────────────────────────────────

const DEAD = 0xffff

/**
 * What the projection reads from a description, computed once per table: the packed code's
 * shifts and masks as plain numbers and the per-code tables, so the hot scan stays the same
 * monomorphic loop over typed arrays it was with fixed bits (D-table-description).
 */
interface Binding {
  readonly table: DefinedTable<unknown>
  readonly typeLiterals: ReadonlyArray<string>
  readonly typeShift: number
  readonly statusLiterals: ReadonlyArray<string>
  readonly statusShift: number
  readonly statusMask: number
  readonly signLiterals: ReadonlyArray<string>
  readonly dirShift: number
  readonly currencies: ReadonlyArray<string>
  readonly curMask: number
  readonly codeSpace: number
  /** Per code: 0 not summed, 1 sums in, 2 sums out. */
  readonly sumKind: Uint8Array
  /** Per code: 1 in, 2 out, whatever the status ("code" groups). */
  readonly rawKind: Uint8Array
  readonly texts: readonly [string, string, string]
  readonly digitsText: number
  readonly idKey: string
  readonly dense: ReadonlyArray<{
    readonly key: string
    readonly format: { readonly kind: "uuid" } | { readonly kind: "ascii"; readonly width: number }
    readonly searched: boolean
  }>
  readonly sparse: ReadonlyArray<{
    readonly key: string
    readonly format: { readonly kind: "uuid" } | { readonly kind: "ascii"; readonly width: number }
    readonly searched: boolean
  }>
  readonly ints: ReadonlyArray<string>
  readonly stored: ReadonlyArray<string>
  readonly balanceSeries: boolean
  readonly shape: string
}

const bindings = new WeakMap<object, Binding>()
export function bindingOf(table: DefinedTable<unknown>): Binding {
  const known = bindings.get(table)
  if (known) return known
  const L = table.layout
  const e = (key: string) => {
    const x = L.enums.find((y) => y.key === key)
    if (!x) throw new RangeError(`${table.name}: no enum ${key}`)
    return x
  }
  const type = L.enums[0]
  const status = e(table.sums.status)
  const sign = e(table.sign.key)
  const cur = e(table.sums.per)
  if (type === undefined || cur.shift !== 0 || L.space > DEAD || sign.literals.length !== 2) {
    throw new RangeError(`${table.name}: the projection needs the per-currency enum last, a two-literal sign and a code under 65 535`)
  }
  if (table.text.length !== 3) throw new RangeError(`${table.name}: the projection takes exactly three text fields (free text, name, document)`)
  const denseIds = table.prefixIds.filter((p) => p.dense)
  if (denseIds[0]?.key !== table.id.key) throw new RangeError(`${table.name}: the first dense prefix id must be the row id`)
  const col = (p: (typeof table.prefixIds)[number]) => ({ key: p.key as string, format: p.format ?? { kind: "uuid" as const }, searched: p.searched ?? true })
  const sumKind = new Uint8Array(L.space)
  const rawKind = new Uint8Array(L.space)
  for (let c = 0; c < L.space; c++) {
    const st = status.literals[(c >> status.shift) & status.mask]
    const dir = (c >> sign.shift) & sign.mask
    const valid = L.enums.every((x) => ((c >> x.shift) & x.mask) < x.literals.length)
    rawKind[c] = valid ? 1 + dir : 0
    sumKind[c] = valid && st !== undefined && table.sums.counted.includes(st) ? 1 + dir : 0
  }
  const texts = table.text as unknown as readonly [string, string, string]
  const b: Binding = {
    table,
    typeLiterals: type.literals,
    typeShift: type.shift,
    statusLiterals: status.literals,
    statusShift: status.shift,
    statusMask: status.mask,
    signLiterals: sign.literals,
    dirShift: sign.shift,
    currencies: cur.literals,
    curMask: cur.mask,
    codeSpace: L.space,
    sumKind,
    rawKind,
    texts,
    digitsText: table.digits === undefined ? -1 : texts.indexOf(table.digits),
    idKey: table.id.key,
    dense: denseIds.slice(1).map(col),
    sparse: table.prefixIds.filter((p) => !p.dense).map(col),
    ints: table.extraInts as ReadonlyArray<string>,
    stored: (table.stored ?? []) as ReadonlyArray<string>,
    balanceSeries: table.plugins.includes("balanceSeries"),
    shape: JSON.stringify([table.name, L.enums.map((x) => [x.key, x.literals]), table.text, table.prefixIds, table.extraInts, table.stored ?? []])
  }
  bindings.set(table, b)
  return b
}

/**
 * Where upsert reads each field of a row: by name for a row object, by position for a compact
 * row (an array in a given column order: a keyset pull's compact page, D-compact-pages, or a
 * stored chunk). One upsert reads either, so a compact row never becomes an object.
 */
interface RowKeys {
  readonly id: string | number
  readonly created: string | number
  readonly updated: string | number
  readonly scope: string | number
  readonly amount: string | number
  readonly enums: ReadonlyArray<string | number>
  readonly ints: ReadonlyArray<string | number>
  readonly texts: readonly [string | number, string | number, string | number]
  readonly stored: ReadonlyArray<string | number>
  readonly dense: ReadonlyArray<string | number>
  readonly sparse: ReadonlyArray<string | number>
}
type RowLike = Readonly<Record<string | number, unknown>>

const keysOf = (b: Binding, at: (key: string) => string | number): RowKeys => {
  const t = b.table
  return {
    id: at(b.idKey),
    created: at(t.time.created as string),
    updated: at(t.time.updated as string),
    scope: at(t.scope as string),
    amount: at(t.amount as string),
    enums: t.layout.enums.map((en) => at(en.key)),
    ints: b.ints.map(at),
    texts: b.texts.map(at) as unknown as readonly [string | number, string | number, string | number],
    stored: b.stored.map(at),
    dense: b.dense.map((d) => at(d.key)),
    sparse: b.sparse.map((d) => at(d.key))
  }
}

// ── Tuning ────────────────────────────────────────────────────────────────────────────────

const MIN_CAPACITY = 1024
/** Growth factor of the typed columns: amortised O(1) appends with little slack at 1M rows. */
const GROWTH = 1.25
const DEFAULT_LIMIT = 100
export const MAX_LIMIT = 10_000
/** Ids are matched only from this many characters: shorter queries are words, not ids. */
export const MIN_ID_QUERY = 4
/** How many rows lazyEarly walks at most looking for a text's first rows. */
const LAZY_EARLY_VISITS = 16_384
const TEXT_HIT = 1
/** A row whose description, name or document is a hit of the text (set by markRows for listLoop, cleared after). */
const TEXT_DICT = 2
const TEXT_ANY = TEXT_HIT | TEXT_DICT
/** Matches an amount sort collects and radix-sorts by default; past this it walks the amount order. */
const LIST_CAP = 1 << 16
const EXPORT_CHUNK_ROWS = 256
/**
 * Filters whose full match list is kept: the last few a user typed or scrolled (Backspace and
 * a return to an earlier filter answer from here), as long as their lists together hold at
 * most MATCH_CACHE_ROWS × the live rows (4 bytes a listed row).
 */
const MATCH_CACHE_SIZE = 8
const MATCH_CACHE_ROWS = 1.5
/** Of those, how many may hold a whole scan buffer (4 bytes per row of capacity each). */
const MATCH_CACHE_WHOLE = 2
/**
 * The rows of [lo, hi) (in date order) whose wallet and code pass their masks and whose text
 * matches — a hit of one of the dictionaries by index, or the row's own TEXT_HIT bit — listed in
 * `out`; returns how many. A function of its own, so its loop is optimised on its own.
 */
function prefilterRows(
  lo: number,
  hi: number,
  wm: Uint8Array | null,
  walletCol: Uint16Array,
  cm: Uint8Array | null,
  codeCol: Uint16Array,
  descCol: IndexArray | null,
  dh: Uint8Array,
  nameCol: IndexArray | null,
  nh: Uint8Array,
  docCol: IndexArray | null,
  dch: Uint8Array,
  rowBits: Uint8Array | null,
  out: Uint32Array
): number {
  let k = 0
  for (let r = lo; r < hi; r++) {
    if (
      (descCol !== null && dh[descCol[r] as number] === 1) ||
      (nameCol !== null && nh[nameCol[r] as number] === 1) ||
      (docCol !== null && dch[docCol[r] as number] === 1) ||
      (rowBits !== null && ((rowBits[r] as number) & TEXT_HIT) !== 0)
    ) {
      if (wm !== null && wm[walletCol[r] as number] === 0) continue
      if (cm !== null && cm[codeCol[r] as number] === 0) continue
      out[k++] = r
    }
  }
  return k
}

/**
 * Sets TEXT_DICT in `bits` for each row whose string in `col` is a dictionary hit: rows from…to-1,
 * or the rows src[from…to-1]. One column per call, so each is a loop of two reads (listLoop then
 * tests one byte per row, where testing three columns in its own loop made it several times slower).
 */
function markRows(src: Uint32Array | null, from: number, to: number, col: IndexArray, hits: Uint8Array, bits: Uint8Array): void {
  if (src === null) {
    for (let r = from; r < to; r++) if (hits[col[r] as number] === 1) bits[r] = (bits[r] as number) | TEXT_DICT
  } else {
    for (let i = from; i < to; i++) {
      const r = src[i] as number
      if (hits[col[r] as number] === 1) bits[r] = (bits[r] as number) | TEXT_DICT
    }
  }
}

/** Clears `bit` in `bits` for rows from…to-1, or the rows src[from…to-1]. */
function clearBit(src: Uint32Array | null, from: number, to: number, bits: Uint8Array, bit: number): void {
  const keep = ~bit & 0xff
  if (src === null) for (let r = from; r < to; r++) bits[r] = (bits[r] as number) & keep
  else
    for (let i = from; i < to; i++) {
      const r = src[i] as number
      bits[r] = (bits[r] as number) & keep
    }
}

/** Q9: appends to `out` (from `k`) the rows of the listed entries not listed yet (TEXT_DICT in `bits`); returns the new length. */
function gatherEntryRows(entries: ReadonlyArray<number>, start: Int32Array, rows: Uint32Array, bits: Uint8Array, out: Uint32Array, k: number): number {
  const known = start.length - 1
  for (let j = 0; j < entries.length; j++) {
    const e = entries[j] as number
    // an entry interned after the index was built has rows in the tail only
    if (e >= known) continue
    for (let i = start[e] as number, end = start[e + 1] as number; i < end; i++) {
      const r = rows[i] as number
      const b = bits[r] as number
      if ((b & TEXT_DICT) !== 0) continue
      bits[r] = b | TEXT_DICT
      out[k++] = r
    }
  }
  return k
}

/** Q9: the same for rows from…to-1 (an index's tail), tested one by one. */
function gatherTail(hits: Uint8Array, col: IndexArray, from: number, to: number, bits: Uint8Array, out: Uint32Array, k: number): number {
  for (let r = from; r < to; r++) {
    const b = bits[r] as number
    if (hits[col[r] as number] !== 1 || (b & TEXT_DICT) !== 0) continue
    bits[r] = b | TEXT_DICT
    out[k++] = r
  }
  return k
}

/**
 * Q9: keeps at the front of list[0…n) the live rows in the period, with a pair the filter keeps and
 * an amount in range, adding each to its pair (count and sum, as listLoop does); returns how many.
 */
function keepMatches(
  list: Uint32Array,
  n: number,
  codeCol: Uint16Array,
  walletCol: Uint16Array,
  amount: Float64Array,
  createdAt: Float64Array,
  dead: number,
  space: number,
  pairOk: Uint8Array,
  pairN: Float64Array,
  pairA: Float64Array,
  from: number,
  to: number,
  minA: number,
  maxA: number
): number {
  let m = 0
  for (let i = 0; i < n; i++) {
    const r = list[i] as number
    const code = codeCol[r] as number
    if (code === dead) continue
    const t = createdAt[r] as number
    if (t < from || t >= to) continue
    const k = (walletCol[r] as number) * space + code
    if (pairOk[k] === 0) continue
    const a = amount[r] as number
    if (a < minA || a > maxA) continue
    list[m++] = r
    pairN[k] = (pairN[k] as number) + 1
    pairA[k] = (pairA[k] as number) + a
  }
  return m
}

/** What `listLoop` reads. */
interface ListLoop {
  /** Visit positions first…last-1 of `src` (ascending or not), or the rows themselves when `src` is null. */
  readonly first: number
  readonly last: number
  readonly asc: boolean
  readonly src: Uint32Array | null
  /** Candidate rows are not cut to the period: test each row's date. */
  readonly checkDate: boolean
  readonly fromMs: number
  readonly toMs: number
  readonly createdAt: Float64Array
  readonly walletCol: Uint16Array
  readonly codeCol: Uint16Array
  readonly amount: Float64Array
  readonly minA: number
  readonly maxA: number
  /** Test each row's text bits (TEXT_ANY: an identifier hit, or a dictionary hit marked by markRows). */
  readonly hasText: boolean
  readonly rowBits: Uint8Array
  readonly win: Uint32Array
  readonly winStart: number
  readonly winEnd: number
  readonly stopAt: number
  readonly codeSpace: number
  /** Per (wallet, code) pair — index wallet · codeSpace + code —: whether the filter keeps it (1), then the matches and the sum of their amounts. */
  readonly pairOk: Uint8Array
  readonly pairN: Float64Array
  readonly pairA: Float64Array
}

const SMI_MAX = 0x3fffffff
const smi = (x: number): number => (x > SMI_MAX ? SMI_MAX : x)

/**
 * The scan's loop for the answer most filters ask (no groups, date order): tests each row and,
 * for a match, puts it in the window and adds it to its (wallet, code) pair — one count and one
 * sum, where the general loop keeps sums in, out, per currency and per wallet row by row. The
 * pairs are folded into those totals after: integers, so the sums are exact in any order. The
 * wallet and code masks are one pair mask, the text one bit per row (markRows), the bounds small
 * integers, so each row costs a few reads and no test of an optional part (docs/decisions.md
 * D-list-loop, with its figures).
 */
function listLoop(L: ListLoop): { total: number; wc: number; stopped: boolean } {
  const { first, last, src, checkDate, createdAt, fromMs, toMs, walletCol, codeCol, amount, minA, maxA, rowBits, win, codeSpace, pairOk, pairN, pairA } = L
  const textPass = L.hasText ? 0 : TEXT_ANY
  const winStart = smi(L.winStart)
  const winEnd = smi(L.winEnd)
  const stopAt = smi(L.stopAt)
  const direct = src === null
  const step = L.asc ? 1 : -1
  const end = L.asc ? last : first - 1
  let total = 0
  let wc = 0
  for (let i = L.asc ? first : last - 1; i !== end; i += step) {
    const r = direct ? i : (src[i] as number)
    if (checkDate) {
      const t = createdAt[r] as number
      if (t < fromMs || t >= toMs) continue
    }
    if ((((rowBits[r] as number) | textPass) & TEXT_ANY) === 0) continue
    const k = (walletCol[r] as number) * codeSpace + (codeCol[r] as number)
    if (pairOk[k] === 0) continue
    const a = amount[r] as number
    if (a < minA || a > maxA) continue
    if (total >= winStart && total < winEnd) win[wc++] = r
    total++
    pairN[k] = (pairN[k] as number) + 1
    pairA[k] = (pairA[k] as number) + a
    if (total >= stopAt) return { total, wc, stopped: true }
  }
  return { total, wc, stopped: false }
}

/**
 * A scan's (or the chunk totals') counts into its result: the totals, and BRL (currency code 0)
 * in the per-currency triples as whatever the other currencies do not hold.
 */
function settleTotals(out: ScanOut, pc: Float64Array, total: number, sumIn: number, sumOut: number): void {
  let otherCount = 0
  let otherIn = 0
  let otherOut = 0
  for (let k = 3; k < pc.length; k += 3) {
    otherCount += pc[k] as number
    otherIn += pc[k + 1] as number
    otherOut += pc[k + 2] as number
  }
  pc[0] = total - otherCount
  pc[1] = sumIn - otherIn
  pc[2] = sumOut - otherOut
  out.total = total
  out.sumIn = sumIn
  out.sumOut = sumOut
}

/** The (wallet, code) pairs a compiled filter keeps (Q7: chunk totals). */
const pairFilter = (c: { readonly walletMask: Uint8Array | null; readonly codeMask: Uint8Array | null }) => {
  const wm = c.walletMask
  const cm = c.codeMask
  return (w: number, k: number): boolean => (wm === null || wm[w] === 1) && (cm === null || cm[k] === 1)
}

/** Dictionaries of at least this many entries keep their rows by entry (Q9). */
const ENTRY_ROWS_FROM = 1 << 15
/** Q9 answers a text whose hit entries hold at most this share of the rows (a shift: 1/16): the rows are read at random (by entry), where the scan reads every row in order; "0001" (300k rows) took 57 ms this way in Node against ~20 by the scan. */
const ENTRY_ROWS_SHARE_SHIFT = 4
/** Q9's matches are sorted for the window up to this many; more, and the window is a walk in date order. */
const ENTRY_ROWS_SORT_MAX = 1 << 16

/** Below this many rows in the period, a text filter is tested in the one loop (no first pass). */
const PREFILTER_MIN = 4096
const DEFAULT_SORT: TableSort = { by: "created_at", dir: "desc" }

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** A query's filter without its window, groups and text (match cache, Q4). */
const restKey = (q: TableQuery): string =>
  JSON.stringify([
    q.walletIds ?? null,
    q.from ?? null,
    q.to ?? null,
    q.types ?? null,
    q.statuses ?? null,
    q.direction ?? null,
    q.currency ?? null,
    q.minAmount ?? null,
    q.maxAmount ?? null
  ])
/** The filter and sort, without window and groups. */
const matchKey = (q: TableQuery, sort: TableSort): string => `${restKey(q)}|${(q.text ?? "").trim()}|${sort.by}|${sort.dir}`

const enum GroupMode {
  None = 0,
  Day = 1,
  Type = 2,
  Wallet = 3,
  Counterparty = 4,
  Code = 5
}

interface Compiled {
  /** null: every wallet. */
  readonly walletMask: Uint8Array | null
  /** Selected wallet ids (deduped, in order), for perWallet. */
  readonly selectedWallets: ReadonlyArray<string>
  readonly codeMask: Uint8Array | null
  readonly minAmount: number
  readonly maxAmount: number
  readonly from: number
  readonly to: number
  readonly hasText: boolean
  /** Which text sources can match at all: a scan reads only those columns. */
  readonly textDesc: boolean
  readonly textName: boolean
  readonly textDoc: boolean
  /** Identifier prefixes matched some rows: scratch holds TEXT_HIT bits (cleared after). */
  readonly rowTextHits: boolean
  /**
   * When only identifiers can match and they matched few rows (a pasted id): those live rows in
   * date order, so the scan visits them instead of the whole date range.
   */
  readonly candidates: Uint32Array | null
  /** The description and document entries the text hit, listed by the search (up to a cap: HitList) when their dictionary keeps rows by entry (Q9). */
  readonly descList: HitList | null
  readonly docList: HitList | null
  /** The rows identifier prefixes matched (live or not, any order), when at most COLLECT_CAP; else null (Q8 adds them one by one). */
  readonly idRows: ReadonlyArray<number> | null
  /** Nothing can match (an unknown wallet only, an empty type list after filtering…). */
  readonly none: boolean
}

/** The balance line of a wallets + currency + range (statement-projection daySeries). */
interface BalanceDays {
  /** First and last day with a balance row in the range. */
  readonly first: number | null
  readonly last: number | null
  /** The selected wallets' balance before the first bucket; null while none has one. */
  readonly seed: number | null
  /** Days with balance rows (ascending) and the summed balance at each one's end. */
  readonly days: ReadonlyArray<number>
  readonly closings: ReadonlyArray<number>
}

interface ScanOut {
  total: number
  sumIn: number
  sumOut: number
  window: Uint32Array
  windowCount: number
  /** The match index of window[0]. */
  base: number
  /** The window holds every match in the result's order (a scan asked for `all`). */
  complete: boolean
  /** A date-order scan stopped at `stopAt` matches: totals are a lower bound, not cacheable. */
  stopped: boolean
}

/**
 * The full answer of one filter + sort (no window, no groups): every matching row in the
 * result's order and the totals. While the projection is unchanged (`version`) a window of the
 * same filter is a slice of it (a scroll costs O(rows shown), not a scan), and a filter that
 * only narrows the text of a date-sorted one (typing forward) scans these rows instead of the
 * whole date range (SPEC.md Q4).
 */
interface MatchEntry {
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

type IndexArray = Uint16Array | Uint32Array

/** A dictionary-index column: Uint16 while the dictionary is small, Uint32 once it is not. */
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

// ── Image shape ───────────────────────────────────────────────────────────────────────────

/** The fields an image carries; everything else is per-query scratch, rebuilt empty. */
const IMAGE_FIELDS = [
  "n",
  "liveRows",
  "cap",
  "createdAt",
  "amount",
  "updatedDelta",
  "ints",
  "wallet",
  "code",
  "desc",
  "cpName",
  "cpDoc",
  "storedCols",
  "idCol",
  "denseCols",
  "sparseCols",
  "ids",
  "wallets",
  "walletLive",
  "descriptions",
  "names",
  "documents",
  "storedDicts",
  "writes"
] as const

export interface ProjectionImage {
  readonly shape: string
  readonly fields: Readonly<Record<string, unknown>>
  readonly byDate: OrderState
  readonly byAmount: OrderState
}
const isOrderState = (o: unknown): o is OrderState =>
  typeof o === "object" &&
  o !== null &&
  (o as OrderState).perm instanceof Uint32Array &&
  typeof (o as OrderState).n === "number" &&
  Array.isArray((o as OrderState).adds) &&
  Array.isArray((o as OrderState).removals)
const isImage = (o: unknown): o is ProjectionImage =>
  typeof o === "object" &&
  o !== null &&
  typeof (o as ProjectionImage).shape === "string" &&
  typeof (o as ProjectionImage).fields === "object" &&
  isOrderState((o as ProjectionImage).byDate) &&
  isOrderState((o as ProjectionImage).byAmount)

const shapeMemo = new Map<string, string>()
/**
 * What an image depends on: the own field names of the projection and of each column class,
 * and the code tables. A change to any of them makes old images unreadable (they are rebuilt
 * from the stored chunks), so nobody has to remember to bump a version.
 */
function imageShape(table: DefinedTable<unknown>): string {
  const b = bindingOf(table)
  const memo = shapeMemo.get(b.shape)
  if (memo !== undefined) return memo
  const col = new PackedStringColumn({ kind: "uuid" })
  const keys = (o: object) => Object.keys(o).sort().join(",")
  const shape = [
    "v2",
    keys(new TableProjection(table)),
    keys(col),
    keys(new SparsePackedColumn({ kind: "uuid" })),
    keys(new IdIndex(col)),
    keys(new CompactIntColumn(0)),
    keys(new InternDictionary({ withDigits: true })),
    keys(new OrderIndex({ compare: () => 0, isLive: () => true, scratch: () => new Uint8Array(0), build: () => new Uint32Array(0) })),
    b.shape
  ].join("|")
  shapeMemo.set(b.shape, shape)
  return shape
}

/**
 * A per-day series summed into calendar months (São Paulo), equal to series(q, "month") of the
 * same query: in/out add up, and a month's closing balance is that of its last day. The chart's
 * "auto" unit uses it so that a long range costs one scan, not a day scan and then a month scan.
 */
export function monthsFromDays<C extends string>(days: TableSeries<C>): TableSeries<C> {
  const points: SeriesPoint[] = []
  let cur: { key: string; from: number; sumIn: number; sumOut: number; balance: number | null } | null = null
  const flush = (): void => {
    if (cur) points.push({ key: cur.key, from: cur.from, sumIn: cur.sumIn, sumOut: cur.sumOut, net: cur.sumIn - cur.sumOut, balance: cur.balance })
  }
  for (const d of days.points) {
    const key = d.key.slice(0, 7)
    if (cur === null || cur.key !== key) {
      flush()
      const [y, m] = key.split("-").map(Number) as [number, number]
      cur = { key, from: spDayStart(daysFromCivil(y, m, 1)), sumIn: 0, sumOut: 0, balance: null }
    }
    cur.sumIn += d.sumIn
    cur.sumOut += d.sumOut
    cur.balance = d.balance
  }
  flush()
  return { unit: "month", currency: days.currency, points, tookMs: days.tookMs }
}

/**
 * How a query was answered: a cached match list, refined from one, a scan, or the Q7 route (the
 * window scanned until full, totals from the chunks; or that scan, when it reached the end first).
 */
export type QueryPath = "cache" | "refined" | "scan" | "chunks" | "entries" | "entryRows" | "bands"

export class TableProjection<R, Q extends TableQuery = TableQuery, C extends string = string> {
  private n = 0
  private liveRows = 0
  private cap = 0
  protected createdAt: Float64Array = new Float64Array(0)
  // amount stays Float64: it is read by every scan, where one representation keeps the loop tight
  private amount: Float64Array = new Float64Array(0)
  // updated_at as ms after created_at, and the extra ints: 4 bytes each for all but rare rows
  private updatedDelta = new CompactIntColumn(0)
  /** The description's extra ints (statement: balance_after; gateway: fee, seller_share). */
  protected ints: CompactIntColumn[]
  protected wallet: Uint16Array = new Uint16Array(0)
  protected code: Uint16Array = new Uint16Array(0)
  private desc: IndexArray = new Uint16Array(0)
  private cpName: IndexArray = new Uint16Array(0)
  private cpDoc: IndexArray = new Uint16Array(0)
  private idCol = new PackedStringColumn({ kind: "uuid" })
  /** The other dense ids (statement: operation_id), then the sparse ones (slots only where present). */
  private denseCols: PackedStringColumn[]
  private sparseCols: SparsePackedColumn[]
  /** Stored (shown, not searched) text: dictionary indices per field. */
  private storedCols: IndexArray[]
  private storedDicts: InternDictionary[]
  private ids = new IdIndex(this.idCol)
  protected wallets = new InternDictionary({ withDigits: false })
  private walletLive: number[] = []
  private lastWalletId = ""
  private lastWallet = -1
  private descriptions = new InternDictionary({ withDigits: false })
  private names = new InternDictionary({ withDigits: false })
  private documents: InternDictionary
  /** Per-row bits: TEXT_HIT for one query, 0x80 for the orders; all zero between calls. */
  private scratch: Uint8Array = new Uint8Array(0)
  private writes = 0
  // per-query buffers, reused so that a query allocates nothing per row
  private descHits: Uint8Array = new Uint8Array(0)
  private nameHits: Uint8Array = new Uint8Array(0)
  private docHits: Uint8Array = new Uint8Array(0)
  private walletMaskBuf: Uint8Array = new Uint8Array(0)
  private readonly codeMaskBuf: Uint8Array = new Uint8Array(0xffff)
  private windowBuf: Uint32Array = new Uint32Array(DEFAULT_LIMIT)
  /** The last filters' full match lists, most recent first (Q4). */
  private matchCache: MatchEntry[] = []
  /** Filter keys asked lately (askedBefore). */
  private recentKeys: string[] = []
  /** A scan buffer given back by an evicted cache entry, for the next long scan (keepMatches). */
  private spareBuf: Uint32Array | null = null
  /** How the last query was answered (tests pin that Q4 is taken, without timing anything). */
  private lastPathValue: QueryPath = "scan"
  /** Per-chunk (wallet, code) totals: filters without text or amounts add these up (Q7). */
  private readonly chunkTotals = new ChunkTotals()
  /** Per-entry (wallet, code) totals of the small text dictionaries: a word's first page adds these up (Q8). */
  private readonly nameTotals = new EntryTotals()
  private readonly descTotals = new EntryTotals()
  /** Per amount band (wallet, code) totals (Q10: the band as the entry); `bandsVersion` the write they were tried at, null when unusable then. */
  private readonly bandTotals = new EntryTotals()
  private bandsUsable: { readonly version: number; readonly ok: boolean } = { version: -1, ok: false }
  /** The rows of each entry of the large descriptions and documents dictionaries (Q9). */
  private readonly descRows = new EntryRows()
  private readonly docRows = new EntryRows()
  private readonly entryRowsFrom: number
  /** The extra ints' sums of the last answer from entry totals (Q8) or entry rows (Q9), for the sumInts that follows it. */
  private entryInts: { readonly key: string; readonly version: number; readonly sums: Float64Array } | null = null
  private gCount: Float64Array = new Float64Array(0)
  private gIn: Float64Array = new Float64Array(0)
  private gOut: Float64Array = new Float64Array(0)
  private gFirst: Int32Array = new Int32Array(0)
  private groupSpace = 0
  private dayBase = 0
  private perWallet: Float64Array = new Float64Array(0)
  /** listLoop's per (wallet, code) counts and sums. */
  private pairN: Float64Array = new Float64Array(0)
  private pairA: Float64Array = new Float64Array(0)
  private pairOk: Uint8Array = new Uint8Array(0)
  /** [count, in, out] per currency code of the last scan. */
  private readonly perCurrency: Float64Array
  private readonly listBuf: Uint32Array
  /** The rows a text filter's first pass lists (scan()). */
  private prefilterBuf: Uint32Array = new Uint32Array(0)

  private readonly byDate: OrderIndex = new OrderIndex({
    compare: (a, b) => this.compareDate(a, b),
    isLive: (r) => r < this.n && this.code[r] !== DEAD,
    scratch: () => this.scratch,
    build: () => this.buildDateOrder()
  })
  private readonly byAmount: OrderIndex = new OrderIndex({
    compare: (a, b) => this.compareAmount(a, b),
    isLive: (r) => r < this.n && this.code[r] !== DEAD,
    scratch: () => this.scratch,
    build: () => {
      // stable by amount over the date order: ties come out in (created_at, id) order for free
      this.byDate.ensure()
      return radixSortRows(this.byDate.perm.subarray(0, this.byDate.n), this.amount)
    }
  })

  /** What the projection reads from its table description (codes, columns). */
  protected readonly b: Binding
  /** Where a row object's fields are (by name), and a compact row's for the last column order asked. */
  private readonly byName: RowKeys
  private compactKeys: { readonly columns: ReadonlyArray<string>; readonly keys: RowKeys } | null = null

  constructor(table: DefinedTable<R>, options: TableProjectionOptions = {}) {
    this.b = bindingOf(table as DefinedTable<unknown>)
    this.byName = keysOf(this.b, (key) => key)
    this.perCurrency = new Float64Array(this.b.currencies.length * 3)
    this.ints = this.b.ints.map(() => new CompactIntColumn(0))
    this.denseCols = this.b.dense.map((d) => new PackedStringColumn(d.format))
    this.sparseCols = this.b.sparse.map((d) => new SparsePackedColumn(d.format))
    this.storedCols = this.b.stored.map(() => new Uint16Array(0))
    this.storedDicts = this.b.stored.map(() => new InternDictionary({ withDigits: false }))
    this.documents = new InternDictionary({ withDigits: this.b.digitsText === 2 })
    this.listBuf = new Uint32Array(Math.max(1, options.sortListCap ?? LIST_CAP))
    this.entryRowsFrom = options.entryRowsFrom ?? ENTRY_ROWS_FROM
    this.grow(MIN_CAPACITY)
  }

  /** The table this projection holds. */
  get table(): DefinedTable<R> {
    return this.b.table as DefinedTable<R>
  }

  /** Live rows. */
  get size(): number {
    return this.liveRows
  }
  /** How the last query() was answered: from the match cache, by scanning a cached answer's rows, or by a scan. */
  get lastPath(): QueryPath {
    return this.lastPathValue
  }
  /** Increments on every write: lets the engine cache answers, and exports detect changes. */
  get version(): number {
    return this.writes
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
    this.amount = f64(this.amount)
    this.updatedDelta.grow(cap, n)
    for (const col of this.ints) col.grow(cap, n)
    this.wallet = u16(this.wallet)
    this.code = u16(this.code)
    this.desc = indexArray(this.desc, cap, n)
    this.cpName = indexArray(this.cpName, cap, n)
    this.cpDoc = indexArray(this.cpDoc, cap, n)
    for (let k = 0; k < this.storedCols.length; k++) this.storedCols[k] = indexArray(this.storedCols[k] as IndexArray, cap, n)
    this.idCol.ensureCapacity(cap)
    for (const col of this.denseCols) col.ensureCapacity(cap)
    const s = new Uint8Array(cap)
    s.set(this.scratch.subarray(0, n))
    this.scratch = s
    this.cap = cap
  }

  /**
   * Inserts new rows and updates known ones (by id). An update older than what is stored
   * (updated_at before the stored updated_at) is ignored, so a late duplicate from a pull never
   * undoes a newer change from the stream. A row with an unknown type/status/direction/currency
   * or a bad date throws a RangeError before changing anything (rows are decoded upstream, so
   * this is a bug, not data); the rows before it in the batch stay applied.
   */
  upsertMany(rows: ReadonlyArray<R>): void {
    this.upsertRows(rows as unknown as ReadonlyArray<RowLike>, this.byName)
  }

  /**
   * As upsertMany, for compact rows: arrays whose cell i is the field `columns[i]` (the row
   * Schema's fields in order: a compact page or a stored chunk, D-compact-pages). The same rules;
   * no row object is made.
   */
  upsertCompact(rows: ReadonlyArray<ReadonlyArray<unknown>>, columns: ReadonlyArray<string>): void {
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
    this.upsertRows(rows as unknown as ReadonlyArray<RowLike>, ck.keys)
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

  private upsertOne(e: RowLike, k: RowKeys): void {
    // everything that can throw on a malformed row runs before any column changes
    const updated = parseInstant(e[k.updated] as string)
    const created = parseInstant(e[k.created] as string)
    const code = this.encode(e, k)
    const w = this.walletIndex(e[k.scope] as string)
    this.idCol.prepare(e[k.id] as string)
    const found = this.ids.find(this.idCol.hashPrepared())
    if (found >= 0) {
      this.updateRow(found, e, k, created, updated, code, w)
      return
    }
    const r = this.n++
    this.chunkTotals.touch(r)
    this.ids.insertAt(found, r)
    this.idCol.setPrepared(r)
    this.createdAt[r] = created
    this.updatedDelta.set(r, updated - created)
    this.amount[r] = e[k.amount] as number
    this.setInts(r, e, k)
    this.wallet[r] = w
    this.code[r] = code
    this.setTexts(r, e, k)
    for (let i = 0; i < this.denseCols.length; i++) (this.denseCols[i] as PackedStringColumn).set(r, e[k.dense[i] as string | number] as string)
    for (let i = 0; i < this.sparseCols.length; i++)
      (this.sparseCols[i] as SparsePackedColumn).set(r, (e[k.sparse[i] as string | number] as string | null | undefined) ?? null)
    this.liveRows++
    this.walletLive[w] = (this.walletLive[w] as number) + 1
    this.byDate.add(r)
    this.byAmount.add(r)
  }

  private setInts(r: number, e: RowLike, k: RowKeys): void {
    for (let i = 0; i < this.ints.length; i++) (this.ints[i] as CompactIntColumn).set(r, e[k.ints[i] as string | number] as number)
  }

  private setTexts(r: number, e: RowLike, k: RowKeys): void {
    const [t0, t1, t2] = k.texts
    const d = this.descriptions.intern(e[t0] as string)
    const nm = this.names.intern(e[t1] as string)
    const doc = this.documents.intern(e[t2] as string)
    if (d > 0xffff && this.desc instanceof Uint16Array) this.desc = widen(this.desc)
    if (nm > 0xffff && this.cpName instanceof Uint16Array) this.cpName = widen(this.cpName)
    if (doc > 0xffff && this.cpDoc instanceof Uint16Array) this.cpDoc = widen(this.cpDoc)
    this.desc[r] = d
    this.cpName[r] = nm
    this.cpDoc[r] = doc
    for (let i = 0; i < this.storedCols.length; i++) {
      const v = (this.storedDicts[i] as InternDictionary).intern(e[k.stored[i] as string | number] as string)
      if (v > 0xffff && this.storedCols[i] instanceof Uint16Array) this.storedCols[i] = widen(this.storedCols[i] as IndexArray)
      ;(this.storedCols[i] as IndexArray)[r] = v
    }
  }

  private updatedAtRow(r: number): number {
    return (this.createdAt[r] as number) + this.updatedDelta.get(r)
  }

  private updateRow(r: number, e: RowLike, k: RowKeys, created: number, updated: number, code: number, w: number): void {
    if (updated < this.updatedAtRow(r)) return
    this.chunkTotals.touch(r)
    let dateMoved = false
    if (created !== this.createdAt[r]) {
      this.createdAt[r] = created
      this.byDate.changed(r)
      dateMoved = true
    }
    const amount = e[k.amount] as number
    if (amount !== this.amount[r] || dateMoved) {
      this.amount[r] = amount
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
    const oldDoc = this.cpDoc[r] as number
    this.setTexts(r, e, k)
    if (this.desc[r] !== oldDesc) this.descRows.stale()
    if (this.cpDoc[r] !== oldDoc) this.docRows.stale()
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

  /** Removes rows by id; returns how many were there. Compacts once holes pass a quarter. */
  remove(ids: Iterable<string>): number {
    let removed = 0
    for (const id of ids) {
      const r = this.rowOf(id)
      if (r < 0) continue
      this.ids.delete(r)
      this.chunkTotals.touch(r)
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
    if (removed === 0) return 0
    this.finishWrite()
    if (this.n - this.liveRows > Math.max(4096, this.liveRows >> 2)) this.optimize()
    return removed
  }

  /** Forgets everything (logout, user switch). */
  clear(): void {
    this.n = 0
    this.liveRows = 0
    this.cap = 0
    this.createdAt = new Float64Array(0)
    this.amount = new Float64Array(0)
    this.updatedDelta = new CompactIntColumn(0)
    this.ints = this.b.ints.map(() => new CompactIntColumn(0))
    this.wallet = new Uint16Array(0)
    this.code = new Uint16Array(0)
    this.desc = new Uint16Array(0)
    this.cpName = new Uint16Array(0)
    this.cpDoc = new Uint16Array(0)
    this.idCol = new PackedStringColumn({ kind: "uuid" })
    this.denseCols = this.b.dense.map((d) => new PackedStringColumn(d.format))
    this.sparseCols = this.b.sparse.map((d) => new SparsePackedColumn(d.format))
    this.storedCols = this.b.stored.map(() => new Uint16Array(0))
    this.storedDicts = this.b.stored.map(() => new InternDictionary({ withDigits: false }))
    this.ids = new IdIndex(this.idCol)
    this.wallets = new InternDictionary({ withDigits: false })
    this.walletLive = []
    this.lastWalletId = ""
    this.lastWallet = -1
    this.descriptions = new InternDictionary({ withDigits: false })
    this.names = new InternDictionary({ withDigits: false })
    this.documents = new InternDictionary({ withDigits: this.b.digitsText === 2 })
    this.scratch = new Uint8Array(0)
    this.byDate.clear()
    this.byAmount.clear()
    this.chunkTotals.reset()
    // the aggregates of the rows forgotten go too (logout: nothing of the previous user stays)
    this.nameTotals.reset()
    this.descTotals.reset()
    this.bandTotals.reset()
    this.bandsUsable = { version: -1, ok: false }
    this.entryInts = null
    this.descRows.reset()
    this.docRows.reset()
    this.descHits = new Uint8Array(0)
    this.nameHits = new Uint8Array(0)
    this.docHits = new Uint8Array(0)
    this.gCount = new Float64Array(0)
    this.gIn = new Float64Array(0)
    this.gOut = new Float64Array(0)
    this.gFirst = new Int32Array(0)
    this.perWallet = new Float64Array(0)
    this.grow(MIN_CAPACITY)
    this.writes++
  }

  /**
   * Rewrites the rows in date order without holes, with 1/16 spare capacity, and builds the
   * amount order. Call it after the initial bulk load: scans then walk memory sequentially and
   * skip the order's indirection (rows that arrived in a random order would otherwise make
   * every scan a random walk), and the first amount sort does not pay for a sort.
   */
  optimize(): void {
    this.byDate.ensure()
    const order = this.byDate.perm.slice(0, this.byDate.n)
    const m = order.length
    const cap = Math.max(MIN_CAPACITY, m + Math.max(1024, m >> 4))
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
    this.amount = f64(this.amount)
    this.updatedDelta = this.updatedDelta.gather(order, cap)
    this.ints = this.ints.map((col) => col.gather(order, cap))
    this.wallet = u16(this.wallet)
    this.code = u16(this.code)
    this.desc = idx(this.desc)
    this.cpName = idx(this.cpName)
    this.cpDoc = idx(this.cpDoc)
    this.storedCols = this.storedCols.map(idx)
    this.idCol = packed(this.idCol)
    this.denseCols = this.denseCols.map(packed)
    this.sparseCols = this.sparseCols.map((col) => col.gather(order))
    this.byAmount.remap(oldToNew)
    this.byDate.setIdentity(m)
    this.chunkTotals.reset()
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
    // and the chunk totals (Q7) rather than on the first filter of statuses or a period, and the
    // small dictionaries' entry totals (Q8) rather than on the first word typed
    this.chunkTotals.prepare(this.chunkColumns())
    this.writes++
    this.entryTotals(true)
    this.entryTotals(false)
    // the rows moved: the rows by entry are rebuilt
    this.descRows.stale()
    this.docRows.stale()
    this.entryRows(false)
    this.entryRows(true)
    this.amountTotals()
  }

  // ── Image (reopen without re-ingesting; sync/SPEC.md S6) ─────────────────────────────────

  /**
   * The whole state as a structured-cloneable value, for IndexedDB (the engine writes it after
   * its bulk load, sync/store/projection-image.ts). Typed arrays and dictionaries go as they are,
   * so reading it back costs a copy, not a million upserts. Clone it before the next write (an
   * IndexedDB `put` clones synchronously).
   */
  toImage(): ProjectionImage {
    const fields: Record<string, unknown> = {}
    const self = this as unknown as Record<string, unknown>
    for (const k of IMAGE_FIELDS) fields[k] = self[k]
    return { shape: imageShape(this.b.table), fields, byDate: this.byDate.state(), byAmount: this.byAmount.state() }
  }

  /**
   * A projection from an image, or null when the image was written by a different layout (its
   * shape — field names of every class, type/status/currency codes — differs) or is damaged.
   */
  static fromTableImage<P>(image: unknown, make: () => P): P | null {
    if (!isImage(image)) return null
    const p = make() as unknown as TableProjection<unknown>
    if (image.shape !== imageShape(p.b.table)) return null
    const f = image.fields
    const self = p as unknown as Record<string, unknown>
    try {
      for (const k of IMAGE_FIELDS) if (!(k in f)) return null
      for (const k of IMAGE_FIELDS) self[k] = f[k]
      if (!Array.isArray(p.ints) || p.ints.length !== p.b.ints.length || !Array.isArray(p.denseCols) || p.denseCols.length !== p.b.dense.length) return null
      if (
        !Array.isArray(p.sparseCols) ||
        p.sparseCols.length !== p.b.sparse.length ||
        !Array.isArray(p.storedDicts) ||
        p.storedDicts.length !== p.b.stored.length
      )
        return null
      p.updatedDelta = CompactIntColumn.revive(p.updatedDelta)
      p.ints = p.ints.map((col) => CompactIntColumn.revive(col))
      p.idCol = PackedStringColumn.revive(p.idCol)
      p.denseCols = p.denseCols.map((col) => PackedStringColumn.revive(col))
      p.sparseCols = p.sparseCols.map((col) => SparsePackedColumn.revive(col))
      p.storedDicts = p.storedDicts.map((d) => InternDictionary.revive(d))
      p.ids = IdIndex.revive(p.ids, p.idCol)
      p.wallets = InternDictionary.revive(p.wallets)
      p.descriptions = InternDictionary.revive(p.descriptions)
      p.names = InternDictionary.revive(p.names)
      p.documents = InternDictionary.revive(p.documents)
      const typed = [p.createdAt, p.amount, p.wallet, p.code, p.desc, p.cpName, p.cpDoc, ...p.storedCols]
      if (!typed.every((a) => ArrayBuffer.isView(a) && a.length === p.cap) || p.n > p.cap || p.liveRows > p.n) return null
      if (p.walletLive.reduce((a, b) => a + b, 0) !== p.liveRows || p.ids.size !== p.liveRows) return null
      p.byDate.restore(image.byDate)
      p.byAmount.restore(image.byAmount)
      p.scratch = new Uint8Array(p.cap)
      p.lastWalletId = ""
      p.lastWallet = -1
      // spot check: a few rows read back by their own id
      for (let r = 0; r < p.n; r += Math.max(1, Math.floor(p.n / 7))) {
        if (p.code[r] === DEAD) continue
        const id = p.idCol.get(r)
        if (id === null || p.rowOf(id) !== r) return null
      }
      p.writes++
      return p as unknown as P
    } catch {
      return null
    }
  }

  // ── Reads ───────────────────────────────────────────────────────────────────────────────

  has(id: string): boolean {
    return this.rowOf(id) >= 0
  }

  get(id: string): R | undefined {
    const r = this.rowOf(id)
    return r < 0 ? undefined : this.rowView(r)
  }

  /** The stored updated_at (epoch ms) of a row, for the pullers' checkpoint checks. */
  updatedAtOf(id: string): number | undefined {
    const r = this.rowOf(id)
    return r < 0 ? undefined : this.updatedAtRow(r)
  }

  private rowOf(id: string): number {
    this.idCol.prepare(id)
    const r = this.ids.find(this.idCol.hashPrepared())
    return r >= 0 ? r : -1
  }

  protected rowView(r: number): R {
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
      o[b.stored[k] as string] = (this.storedDicts[k] as InternDictionary).value((this.storedCols[k] as IndexArray)[r] as number)
    for (let k = 0; k < this.sparseCols.length; k++) o[(b.sparse[k] as { key: string }).key] = (this.sparseCols[k] as SparsePackedColumn).get(r)
    return o as R
  }

  protected compareDate(a: number, b: number): number {
    const d = (this.createdAt[a] as number) - (this.createdAt[b] as number)
    return d !== 0 ? d : this.idCol.compare(a, b)
  }
  private compareAmount(a: number, b: number): number {
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
  private lowerBound(t: number): number {
    const perm = this.byDate.perm
    const c = this.createdAt
    let lo = 0
    let hi = this.byDate.n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((c[perm[mid] as number] as number) < t) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** First position in the amount order whose amount is ≥ v (or > v when `after`). */
  private amountBound(v: number, after: boolean): number {
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

  private hitsBuffer(buf: Uint8Array, size: number): Uint8Array {
    return buf.length >= size ? buf : new Uint8Array(Math.max(size, Math.ceil(buf.length * 1.5)))
  }

  private compile(q: Q): Compiled {
    let none = false
    // wallets
    let walletMask: Uint8Array | null = null
    const selected: string[] = []
    if (q.walletIds !== undefined && q.walletIds.length > 0) {
      for (const id of q.walletIds) if (!selected.includes(id)) selected.push(id)
      this.walletMaskBuf = this.hitsBuffer(this.walletMaskBuf, this.wallets.size)
      walletMask = this.walletMaskBuf
      walletMask.fill(0, 0, this.wallets.size)
      let any = false
      for (const id of selected) {
        const w = this.wallets.lookup(id)
        if (w !== undefined) {
          walletMask[w] = 1
          any = true
        }
      }
      if (!any) none = true
    } else {
      for (let w = 0; w < this.wallets.size; w++) if ((this.walletLive[w] as number) > 0) selected.push(this.wallets.value(w))
      selected.sort()
    }
    // type, status, direction, currency: one table over the packed code
    let codeMask: Uint8Array | null = null
    const types = q.types !== undefined && q.types.length > 0 ? new Set<string>(q.types) : null
    const statuses = q.statuses !== undefined && q.statuses.length > 0 ? new Set<string>(q.statuses) : null
    if (types !== null || statuses !== null || q.direction !== undefined || q.currency !== undefined) {
      codeMask = this.codeMaskBuf
      let any = false
      const b = this.b
      for (let c = 0; c < b.codeSpace; c++) {
        const ok =
          b.rawKind[c] !== 0 &&
          (types === null || types.has(b.typeLiterals[c >> b.typeShift] as string)) &&
          (statuses === null || statuses.has(b.statusLiterals[(c >> b.statusShift) & b.statusMask] as string)) &&
          (q.direction === undefined || b.signLiterals[(c >> b.dirShift) & 1] === q.direction) &&
          (q.currency === undefined || b.currencies[c & b.curMask] === q.currency)
        codeMask[c] = ok ? 1 : 0
        if (ok) any = true
      }
      if (!any) none = true
    }
    const from = q.from ?? -Infinity
    const to = q.to ?? Infinity
    if (!(from < to)) none = true
    const minAmount = q.minAmount ?? -Infinity
    const maxAmount = q.maxAmount ?? Infinity
    if (!(minAmount <= maxAmount)) none = true
    // text: each distinct string once, then identifiers by prefix
    let hasText = false
    let textDesc = false
    let textName = false
    let textDoc = false
    let rowTextHits = false
    let candidates: Uint32Array | null = null
    let idRows: number[] | null = null
    let descList: HitList | null = null
    let docList: HitList | null = null
    const raw = (q.text ?? "").trim()
    if (raw.length > 0 && !none) {
      hasText = true
      const folded = foldText(raw)
      const digits = documentDigitsOf(raw)
      this.descHits = this.hitsBuffer(this.descHits, this.descriptions.size)
      this.nameHits = this.hitsBuffer(this.nameHits, this.names.size)
      this.docHits = this.hitsBuffer(this.docHits, this.documents.size)
      // the large dictionaries list their hits too (Q9), up to the share of rows Q9 answers
      const cap = this.liveRows >> ENTRY_ROWS_SHARE_SHIFT
      descList = this.descriptions.size >= this.entryRowsFrom ? { entries: [], cap } : null
      docList = this.documents.size >= this.entryRowsFrom ? { entries: [], cap } : null
      textDesc = this.descriptions.search(folded, null, this.descHits, descList) > 0
      textName = this.names.search(folded, null, this.nameHits) > 0
      textDoc = this.documents.search(folded, this.b.digitsText === 2 ? digits : null, this.docHits, docList) > 0
      if (folded.length >= MIN_ID_QUERY) {
        // the rows the identifier search lists (up to COLLECT_CAP + 1: markHit lists no more): with no
        // dictionary hit they are the matches; with some, Q8 adds them to the entries' totals
        const collect: number[] = []
        rowTextHits = this.markIdentifiers(folded, collect) > 0
        if (collect.length <= COLLECT_CAP) idRows = collect
        // identifier-only matches up to COLLECT_CAP are visited directly instead of scanning
        if (!textDesc && !textName && !textDoc && collect.length <= COLLECT_CAP) {
          const live = collect.filter((r) => this.code[r] !== DEAD)
          live.sort((a, b) => this.compareDate(a, b))
          candidates = Uint32Array.from(live)
        } else if (!textDesc && !textName && !textDoc && this.byDate.identity) {
          // more of them (the gateway's "E6070": 113k end-to-end ids of one bank), rows in date order
          // (compacted): listed by one pass over the marks, so the scan visits those alone
          candidates = this.markedRows()
        }
      }
      if (!textDesc && !textName && !textDoc && !rowTextHits) none = true
    }
    return {
      walletMask,
      selectedWallets: selected,
      codeMask,
      minAmount,
      maxAmount,
      from,
      to,
      hasText,
      textDesc,
      textName,
      textDoc,
      rowTextHits,
      candidates,
      descList,
      docList,
      idRows,
      none
    }
  }

  /** The live rows whose scratch has TEXT_HIT, ascending (the date order when compacted), in the prefilter buffer. */
  private markedRows(): Uint32Array {
    if (this.prefilterBuf.length < this.n) this.prefilterBuf = new Uint32Array(this.cap)
    const out = this.prefilterBuf
    const scratch = this.scratch
    const code = this.code
    let k = 0
    for (let r = 0, n = this.n; r < n; r++) if (((scratch[r] as number) & TEXT_HIT) !== 0 && code[r] !== DEAD) out[k++] = r
    return out.subarray(0, k)
  }

  private groupMode(g: TableGroupBy | undefined): GroupMode {
    switch (g) {
      case "day":
        return GroupMode.Day
      case "type":
        return GroupMode.Type
      case "wallet":
        return GroupMode.Wallet
      case "counterparty":
        return GroupMode.Counterparty
      case "code":
        return GroupMode.Code
      default:
        return GroupMode.None
    }
  }

  private prepareGroups(size: number): void {
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

  /**
   * Filter, count, sum, window and groups: see Q. A query without groups is
   * answered from the match cache when the same filter and sort were asked since the last write
   * (a window further down: a slice), and otherwise scans, keeping its full match list (Q4).
   */
  query(q: Q, onEarly?: (early: TableQueryResult<R, C>) => void, opts: { readonly listWhole?: boolean } = {}): TableQueryResult<R, C> {
    const t0 = performance.now()
    const sort = q.sort ?? DEFAULT_SORT
    const offset = Math.max(0, Math.floor(q.offset ?? 0))
    const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(q.limit ?? DEFAULT_LIMIT)))
    const gm = this.groupMode(q.groupBy)
    // cacheable: no groups (their totals are not kept) and rows wanted (a count alone is not worth a list)
    const cacheable = gm === GroupMode.None && limit > 0
    const key = cacheable ? matchKey(q, sort) : ""
    if (cacheable) {
      const hit = this.cachedMatches(key)
      if (hit) {
        this.lastPathValue = "cache"
        const rows: R[] = []
        for (let i = offset, end = Math.min(hit.total, offset + limit); i < end; i++) rows.push(this.rowView(hit.matches[i] as number))
        const result: Mutable<TableQueryResult<R, C>> = { total: hit.total, sumIn: hit.sumIn, sumOut: hit.sumOut, net: hit.sumIn - hit.sumOut, rows, tookMs: 0 }
        if (hit.perWallet) result.perWallet = hit.perWallet
        if (hit.perCurrency) result.perCurrency = hit.perCurrency as ReadonlyArray<CurrencyTotals<C>>
        result.tookMs = performance.now() - t0
        return result
      }
    }
    this.byDate.ensure()
    const folded = foldText((q.text ?? "").trim())
    const digits = documentDigitsOf((q.text ?? "").trim())
    // Q5 for a text: its first rows from a walk that tests only the strings it meets
    let earlySent = false
    if (onEarly && cacheable && sort.by === "created_at" && folded.length > 0) {
      const e = this.lazyEarly(q, sort, offset, limit, folded, digits)
      if (e !== null) {
        onEarly({
          total: e.total,
          sumIn: e.sumIn,
          sumOut: e.sumOut,
          net: e.sumIn - e.sumOut,
          rows: e.rows.map((r) => this.rowView(r)),
          tookMs: performance.now() - t0,
          partial: true
        })
        earlySent = true
      }
    }
    let c = this.compile(q)
    // Q7: the first page of a filter without text or amounts; scrolling further lists the matches
    // whole and slices them (Q4), as it is asked again with another window
    if (offset === 0 && !c.none && !c.hasText && c.minAmount === -Infinity && c.maxAmount === Infinity && gm === GroupMode.None && sort.by === "created_at") {
      if (cacheable) this.askedBefore(key)
      return this.byChunks(c, sort, offset, limit, t0)
    }
    // Q10: the first page of an amount range (no text) over the whole period
    if (
      offset === 0 &&
      cacheable &&
      !c.none &&
      !c.hasText &&
      (c.minAmount !== -Infinity || c.maxAmount !== Infinity) &&
      sort.by === "created_at" &&
      this.wholePeriod(c)
    ) {
      const totals = this.amountTotals()
      if (totals !== null) {
        this.askedBefore(key)
        return this.byBands(c, totals, sort, limit, key, t0)
      }
    }
    // the first page of a text in date order, without groups, whose identifier hits (if any) are listed: Q8 or Q9 may answer it
    const textPage = offset === 0 && cacheable && sort.by === "created_at" && c.hasText && (!c.rowTextHits || c.idRows !== null) && c.candidates === null
    // Q8: a word found in one small dictionary only, over the whole period, without amounts
    if (textPage && !c.textDoc && c.textDesc !== c.textName && c.minAmount === -Infinity && c.maxAmount === Infinity && this.wholePeriod(c)) {
      const totals = this.entryTotals(c.textName)
      if (totals !== null) {
        this.askedBefore(key)
        try {
          return this.byEntries(c, totals, c.textName, sort, limit, key, t0)
        } finally {
          if (c.rowTextHits) this.scratch.fill(0, 0, this.n)
        }
      }
    }
    // Q9: a text found in the large dictionaries (references, documents) in few enough rows, and in no small one
    if (textPage && !c.textName && (c.textDesc || c.textDoc)) {
      // (the identifier marks stay for the scan when this does not answer; cleared when it does or throws)
      let answered = true
      try {
        const answer = this.byEntryRows(c, sort, limit, key, t0)
        answered = answer !== null
        if (answer !== null) {
          this.askedBefore(key)
          return answer
        }
      } finally {
        if (answered && c.rowTextHits) this.scratch.fill(0, 0, this.n)
      }
    }
    const rest = cacheable ? restKey(q) : ""
    // The first time a filter is asked, its matches are listed only up to 1/8 of the rows (a
    // selective filter, which typing narrows further, is listed whole; listing every row of a broad
    // one costs each query stores and memory); asked again with another window (scrolling), it is
    // listed whole and cached.
    // `listWhole`: the caller reads the matches again at once (sumInts: the extra ints of the same filter), so
    // they are listed whole and kept rather than searched and scanned a second time
    // (the ask is noted once the early answer went out: a caller that stops there and asks again,
    // engine.worker.ts, asks for the first time)
    const allCap = cacheable && (this.recentKeys.includes(key) || opts.listWhole === true) ? Infinity : Math.max(1024, this.liveRows >> 3)
    let refined = false
    if (cacheable && !c.none && c.hasText && c.candidates === null) {
      const narrower = this.refinementBase(rest, folded, digits, c.rowTextHits)
      if (narrower) c = { ...c, candidates: narrower }
      refined = narrower !== null
    }
    this.lastPathValue = refined ? "refined" : "scan"
    try {
      // a cacheable scan lists every match (into a buffer the size of the rows), not just the window
      const need = cacheable ? Math.max(this.n, limit) : limit
      if (this.windowBuf.length < need) this.windowBuf = new Uint32Array(cacheable ? Math.max(need, this.cap) : need)
      const trackWallets = c.selectedWallets.length > 1
      // Q5: rows first. A date-sorted scan finds the window's rows in date order, usually after a
      // few hundred rows: stopped there, they go out at once (partial), then the full scan runs.
      // When that first scan reaches the end before the window is full, it is the full answer.
      if (onEarly && !earlySent && cacheable && sort.by === "created_at") {
        const early = this.scan(c, sort, offset, offset + limit, this.windowBuf, gm, trackWallets, true, offset + limit, allCap)
        if (early.stopped) {
          const rows: R[] = []
          for (let i = offset - early.base, end = Math.min(early.windowCount, i + limit); i < end; i++) rows.push(this.rowView(early.window[i] as number))
          onEarly({
            total: early.total,
            sumIn: early.sumIn,
            sumOut: early.sumOut,
            net: early.sumIn - early.sumOut,
            rows,
            tookMs: performance.now() - t0,
            partial: true
          })
        } else {
          if (cacheable) this.askedBefore(key)
          return this.finish(c, sort, early, offset, limit, gm, trackWallets, key, rest, folded, digits, t0)
        }
      }
      if (cacheable) this.askedBefore(key)
      const out = this.scan(c, sort, offset, offset + limit, this.windowBuf, gm, trackWallets, cacheable, Infinity, allCap)
      return this.finish(c, sort, out, offset, limit, gm, trackWallets, key, rest, folded, digits, t0)
    } finally {
      if (c.rowTextHits) this.scratch.fill(0, 0, this.n)
    }
  }

  /**
   * Q5 for a text: the window's rows from a walk in date order that tests each visited row's
   * strings one by one, each distinct string once (InternDictionary.matcher), instead of searching
   * the dictionaries whole first — "1" over a million documents took ~150 ms before its first rows
   * could go out, "ped-" (800k references) ~13 ms in Node. Identifier prefixes (4 characters or
   * more) are marked by column first, as compile() does. The totals are those of the rows walked
   * (a partial answer's totals are not shown). Null when the walk does not fill the window within
   * LAZY_EARLY_VISITS rows (a narrow text, which the full path answers).
   */
  private lazyEarly(
    q: Q,
    sort: TableSort,
    offset: number,
    limit: number,
    folded: string,
    digits: string | null
  ): { rows: number[]; total: number; sumIn: number; sumOut: number } | null {
    const { text: _text, ...rest } = q
    const c = this.compile(rest as Q)
    if (c.none || this.liveRows === 0) return null
    // identifiers (4 characters or more) by column, as compile() marks them (D-leads keeps it quick)
    const marked = folded.length >= MIN_ID_QUERY ? this.markIdentifiers(folded, null) : 0
    try {
      return this.lazyWalk(c, sort, offset, limit, folded, digits, marked > 0)
    } finally {
      if (marked > 0) this.scratch.fill(0, 0, this.n)
    }
  }

  /** Marks TEXT_HIT in scratch for the rows whose searched identifiers start with `folded`; how many were marked. */
  private markIdentifiers(folded: string, collect: number[] | null): number {
    let marked = this.idCol.searchPrefix(folded, this.scratch, TEXT_HIT, collect)
    for (let k = 0; k < this.denseCols.length; k++)
      if (this.b.dense[k]?.searched === true) marked += (this.denseCols[k] as PackedStringColumn).searchPrefix(folded, this.scratch, TEXT_HIT, collect)
    for (let k = 0; k < this.sparseCols.length; k++)
      if (this.b.sparse[k]?.searched === true) marked += (this.sparseCols[k] as SparsePackedColumn).searchPrefix(folded, this.scratch, TEXT_HIT, collect)
    return marked
  }

  private lazyWalk(
    c: Compiled,
    sort: TableSort,
    offset: number,
    limit: number,
    folded: string,
    digits: string | null,
    rowHits: boolean
  ): { rows: number[]; total: number; sumIn: number; sumOut: number } | null {
    const lo = c.from === -Infinity ? 0 : this.lowerBound(c.from)
    const hi = c.to === Infinity ? this.byDate.n : this.lowerBound(c.to)
    const memo = (buf: Uint8Array, size: number): Uint8Array => {
      const m = this.hitsBuffer(buf, size)
      m.fill(0, 0, size)
      return m
    }
    // the memos are the hit buffers, which compile() clears and fills for the full answer after
    this.descHits = memo(this.descHits, this.descriptions.size)
    this.nameHits = memo(this.nameHits, this.names.size)
    this.docHits = memo(this.docHits, this.documents.size)
    const inDesc = this.descriptions.matcher(folded, null, this.descHits)
    const inName = this.names.matcher(folded, null, this.nameHits)
    const inDoc = this.documents.matcher(folded, this.b.digitsText === 2 ? digits : null, this.docHits)
    const perm = this.byDate.perm
    const ident = this.byDate.identity
    const scratch = this.scratch
    const { walletMask: wm, codeMask: cm, minAmount: minA, maxAmount: maxA } = c
    const sumKind = this.b.sumKind
    const want = offset + limit
    const rows: number[] = []
    let total = 0
    let sumIn = 0
    let sumOut = 0
    const visits = Math.min(hi - lo, LAZY_EARLY_VISITS)
    for (let k = 0; k < visits && total < want; k++) {
      const i = sort.dir === "asc" ? lo + k : hi - 1 - k
      const r = ident ? i : (perm[i] as number)
      if (wm !== null && wm[this.wallet[r] as number] === 0) continue
      const code = this.code[r] as number
      if (cm !== null && cm[code] === 0) continue
      const a = this.amount[r] as number
      if (a < minA || a > maxA) continue
      if (
        !(rowHits && ((scratch[r] as number) & TEXT_HIT) !== 0) &&
        !inDesc(this.desc[r] as number) &&
        !inName(this.cpName[r] as number) &&
        !inDoc(this.cpDoc[r] as number)
      )
        continue
      if (total >= offset) rows.push(r)
      total++
      const kind = sumKind[code] as number
      if (kind === 1) sumIn += a
      else if (kind === 2) sumOut += a
    }
    return total < want ? null : { rows, total, sumIn, sumOut }
  }

  /**
   * Q7: a filter of wallets, codes and a period only. The window comes from a scan in date order
   * stopped once it is full (the matches of a broad filter are near, those of a narrow one are
   * found further on); the totals, from the chunk totals — a few hundred (wallet, code) pairs per
   * 4096 rows — rather than from every matching row. Not cached: answering again costs as little.
   */
  private byChunks(c: Compiled, sort: TableSort, offset: number, limit: number, t0: number): TableQueryResult<R, C> {
    const trackWallets = c.selectedWallets.length > 1
    if (this.windowBuf.length < limit) this.windowBuf = new Uint32Array(limit)
    const out = this.scan(c, sort, offset, offset + limit, this.windowBuf, GroupMode.None, trackWallets, false, offset + limit)
    this.lastPathValue = "chunks"
    // a scan that reached the end counted every match already
    if (!out.stopped) return this.finish(c, sort, out, offset, limit, GroupMode.None, trackWallets, "", "", "", null, t0)
    const pc = this.perCurrency
    pc.fill(0)
    const pw = this.perWallet
    if (trackWallets) pw.fill(0, 0, this.wallets.size * 3)
    const sums = { total: 0, sumIn: 0, sumOut: 0 }
    this.chunkTotals.collect(this.chunkColumns(), c.from, c.to, pairFilter(c), (w, k, count, sum) => this.addPair(sums, w, k, count, sum, trackWallets))
    settleTotals(out, pc, sums.total, sums.sumIn, sums.sumOut)
    return this.finish(c, sort, out, offset, limit, GroupMode.None, trackWallets, "", "", "", null, t0)
  }

  /** Whether the filter's period holds every row (Q8: the entry totals are over all of them). */
  private wholePeriod(c: Compiled): boolean {
    const n = this.byDate.n
    if (n === 0) return true
    const perm = this.byDate.perm
    const first = this.byDate.identity ? 0 : (perm[0] as number)
    const last = this.byDate.identity ? n - 1 : (perm[n - 1] as number)
    return c.from <= (this.createdAt[first] as number) && c.to > (this.createdAt[last] as number)
  }

  /** The entry totals (Q8) of the names or the descriptions, up to date; null when the dictionary is too large for them. */
  private entryTotals(names: boolean): EntryTotals | null {
    const dict = names ? this.names : this.descriptions
    if (this.liveRows === 0 || !EntryTotals.fits(dict.size, this.wallets.size, this.b.codeSpace)) return null
    const totals = names ? this.nameTotals : this.descTotals
    if (totals.version !== this.writes) {
      totals.build(
        {
          rows: this.n,
          col: names ? this.cpName : this.desc,
          entries: dict.size,
          wallet: this.wallet,
          code: this.code,
          dead: DEAD,
          codeSpace: this.b.codeSpace,
          wallets: this.wallets.size,
          amount: this.amount,
          ints: this.ints
        },
        this.writes
      )
    }
    return totals
  }

  /** The amount bands' totals (Q10), up to date; null when they cannot be kept (a negative or fractional amount, too many pairs). */
  private amountTotals(): EntryTotals | null {
    if (this.liveRows === 0 || !EntryTotals.fits(AMOUNT_BANDS, this.wallets.size, this.b.codeSpace)) return null
    const totals = this.bandTotals
    if (totals.version === this.writes) return totals
    if (this.bandsUsable.version === this.writes) return null
    const col = bandColumn(this.amount, this.n)
    this.bandsUsable = { version: this.writes, ok: col !== null }
    if (col === null) return null
    totals.build(
      {
        rows: this.n,
        col,
        entries: AMOUNT_BANDS,
        wallet: this.wallet,
        code: this.code,
        dead: DEAD,
        codeSpace: this.b.codeSpace,
        wallets: this.wallets.size,
        amount: this.amount,
        ints: this.ints
      },
      this.writes
    )
    return totals
  }

  /**
   * Q10: an amount range without text over the whole period, first page. The bands wholly inside the
   * range add up their pairs (EntryTotals); the rows of the bands it cuts (two at most) are found in
   * the amount order and added one by one; the window is a walk in date order testing each row's
   * amount. The extra ints' sums are kept for the sumInts that follows. Not cached.
   */
  private byBands(c: Compiled, totals: EntryTotals, sort: TableSort, limit: number, key: string, t0: number): TableQueryResult<R, C> {
    this.lastPathValue = "bands"
    const pairs = this.preparePairs(c)
    const { pairOk } = this
    const space = this.b.codeSpace
    // amounts are non-negative integers here (amountTotals): the range as integers
    const minA = Math.max(0, Math.ceil(c.minAmount))
    const maxA = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(c.maxAmount))
    const ints = new Float64Array(this.ints.length)
    if (minA <= maxA) {
      const bMin = bandOf(minA)
      const bMax = bandOf(maxA)
      const inside = new Uint8Array(AMOUNT_BANDS)
      const whole = (b: number): boolean => bandLow(b) >= minA && (b === AMOUNT_BANDS - 1 || bandLow(b + 1) - 1 <= maxA)
      for (let b = bMin; b <= bMax; b++) if (whole(b)) inside[b] = 1
      totals.collect(inside, AMOUNT_BANDS, pairOk, this.pairN, this.pairA, ints)
      // the rows of the cut bands, by the amount order
      this.byAmount.ensure()
      const perm = this.byAmount.perm
      for (const b of bMin === bMax ? [bMin] : [bMin, bMax]) {
        if (inside[b] === 1) continue
        const lo = Math.max(minA, bandLow(b))
        const hi = b === AMOUNT_BANDS - 1 ? maxA : Math.min(maxA, bandLow(b + 1) - 1)
        for (let k = this.amountBound(lo, false), end = this.amountBound(hi, true); k < end; k++) this.addRowToPair(perm[k] as number, ints)
      }
    }
    // the window: rows in date order with an amount in range and a pair the filter keeps
    const win = this.windowOf(limit)
    const { perm, identity, n } = this.byDate
    let wc = 0
    for (let k = 0; k < n && wc < limit && minA <= maxA; k++) {
      const i = sort.dir === "asc" ? k : n - 1 - k
      const r = identity ? i : (perm[i] as number)
      const code = this.code[r] as number
      const a = this.amount[r] as number
      if (code === DEAD || a < minA || a > maxA) continue
      if (pairOk[(this.wallet[r] as number) * space + code] === 1) win[wc++] = r
    }
    return this.fromPairs(c, sort, limit, pairs, ints, key, wc, t0)
  }

  /** listLoop's per-pair arrays, zeroed, and the pair mask of a compiled filter; how many pairs. */
  private preparePairs(c: Compiled): number {
    const space = this.b.codeSpace
    const pairs = this.wallets.size * space
    if (this.pairN.length < pairs) {
      this.pairN = new Float64Array(pairs)
      this.pairA = new Float64Array(pairs)
      this.pairOk = new Uint8Array(pairs)
    }
    this.pairN.fill(0, 0, pairs)
    this.pairA.fill(0, 0, pairs)
    const { walletMask: wm, codeMask: cm } = c
    const pairOk = this.pairOk
    for (let k = 0; k < pairs; k++) {
      const code = k % space
      pairOk[k] = (wm === null || wm[(k - code) / space] === 1) && (cm === null || cm[code] === 1) ? 1 : 0
    }
    return pairs
  }

  /** listLoop's pairs (or the entry totals') into the totals (addPair); perCurrency and perWallet are zeroed first. */
  private foldPairs(pairs: number, trackWallets: boolean): { total: number; sumIn: number; sumOut: number } {
    this.perCurrency.fill(0)
    if (trackWallets) {
      const size = this.wallets.size * 3
      if (this.perWallet.length < size) this.perWallet = new Float64Array(size)
      this.perWallet.fill(0, 0, size)
    }
    const space = this.b.codeSpace
    const sums = { total: 0, sumIn: 0, sumOut: 0 }
    for (let k = 0; k < pairs; k++) {
      const n = this.pairN[k] as number
      if (n === 0) continue
      const code = k % space
      this.addPair(sums, (k - code) / space, code, n, this.pairA[k] as number, trackWallets)
    }
    return sums
  }

  /**
   * Q8: a word found in one small dictionary only (names or descriptions), over the whole period,
   * without amounts, first page. The totals (and the extra ints' sums, kept for the sumInts that
   * follows) are the hit entries' pairs added up (EntryTotals); the window, a walk in date order
   * testing each row's entry until it is full. Not cached: answering again costs as little.
   */
  private byEntries(c: Compiled, totals: EntryTotals, names: boolean, sort: TableSort, limit: number, key: string, t0: number): TableQueryResult<R, C> {
    this.lastPathValue = "entries"
    const dict = names ? this.names : this.descriptions
    const hits = names ? this.nameHits : this.descHits
    const col = names ? this.cpName : this.desc
    const pairs = this.preparePairs(c)
    const ints = new Float64Array(this.ints.length)
    totals.collect(hits, dict.size, this.pairOk, this.pairN, this.pairA, ints)
    // rows an identifier prefix matched (scratch TEXT_HIT) whose entry is not a hit: one by one
    const space = this.b.codeSpace
    const pairOk = this.pairOk
    const rowHits = c.rowTextHits
    const scratch = this.scratch
    for (const r of (rowHits ? c.idRows : null) ?? []) if (hits[col[r] as number] !== 1) this.addRowToPair(r, ints)
    // the window: rows in date order whose entry is a hit and whose pair the filter keeps
    const win = this.windowOf(limit)
    const { perm, identity, n } = this.byDate
    let wc = 0
    for (let k = 0; k < n && wc < limit; k++) {
      const i = sort.dir === "asc" ? k : n - 1 - k
      const r = identity ? i : (perm[i] as number)
      const code = this.code[r] as number
      if (code === DEAD || (hits[col[r] as number] !== 1 && !(rowHits && ((scratch[r] as number) & TEXT_HIT) !== 0))) continue
      if (pairOk[(this.wallet[r] as number) * space + code] === 1) win[wc++] = r
    }
    return this.fromPairs(c, sort, limit, pairs, ints, key, wc, t0)
  }

  /** A live row into its (wallet, code) pair when the filter keeps the pair, and its extra ints into `ints` (Q8's identifier rows, Q10's cut bands). */
  private addRowToPair(r: number, ints: Float64Array): void {
    const code = this.code[r] as number
    if (code === DEAD) return
    const k = (this.wallet[r] as number) * this.b.codeSpace + code
    if (this.pairOk[k] === 0) return
    this.pairN[k] = (this.pairN[k] as number) + 1
    this.pairA[k] = (this.pairA[k] as number) + (this.amount[r] as number)
    for (let i = 0; i < ints.length; i++) ints[i] = (ints[i] as number) + (this.ints[i] as CompactIntColumn).get(r)
  }

  /** The window buffer, at least `limit` long. */
  private windowOf(limit: number): Uint32Array {
    if (this.windowBuf.length < limit) this.windowBuf = new Uint32Array(limit)
    return this.windowBuf
  }

  /**
   * The answer of Q8, Q9 and Q10: the pairs (listLoop's arrays, filled) folded into the totals, the
   * first `wc` rows of the window buffer, and the extra ints' sums kept for the sumInts that follows.
   */
  private fromPairs(
    c: Compiled,
    sort: TableSort,
    limit: number,
    pairs: number,
    ints: Float64Array,
    key: string,
    wc: number,
    t0: number
  ): TableQueryResult<R, C> {
    this.entryInts = { key, version: this.writes, sums: ints }
    const trackWallets = c.selectedWallets.length > 1
    const sums = this.foldPairs(pairs, trackWallets)
    const out: ScanOut = { total: 0, sumIn: 0, sumOut: 0, window: this.windowBuf, windowCount: wc, base: 0, complete: false, stopped: false }
    settleTotals(out, this.perCurrency, sums.total, sums.sumIn, sums.sumOut)
    return this.finish(c, sort, out, 0, limit, GroupMode.None, trackWallets, "", "", "", null, t0)
  }

  /**
   * Sets TEXT_DICT on the rows of the listed hit entries of the descriptions or the documents, by
   * their rows by entry (Q9), when those hold at most Q9's share of the rows; false (nothing marked)
   * otherwise, and the caller marks row by row. "0001": 1,260 order references among a million.
   */
  private markByEntry(docs: boolean, list: HitList | null): boolean {
    if (list === null || list.entries.length > list.cap) return false
    const index = this.entryRows(docs)
    if (index === null || index.count(list.entries, this.n, list.cap) > list.cap) return false
    const scratch = this.scratch
    const { start, rows } = index
    const known = start.length - 1
    for (const e of list.entries) {
      if (e >= known) continue
      for (let i = start[e] as number, end = start[e + 1] as number; i < end; i++)
        scratch[rows[i] as number] = (scratch[rows[i] as number] as number) | TEXT_DICT
    }
    const col = docs ? this.cpDoc : this.desc
    const hits = docs ? this.docHits : this.descHits
    for (let r = index.indexed; r < this.n; r++) if (hits[col[r] as number] === 1) scratch[r] = (scratch[r] as number) | TEXT_DICT
    return true
  }

  /** The rows by entry (Q9) of the descriptions or the documents, built if stale; null for a small dictionary. */
  private entryRows(docs: boolean): EntryRows | null {
    const dict = docs ? this.documents : this.descriptions
    if (this.liveRows === 0 || dict.size < this.entryRowsFrom) return null
    const index = docs ? this.docRows : this.descRows
    // a tail past a quarter of what Q9 answers is worth a rebuild (it counts whole in the estimate)
    if (index.indexed < 0 || this.n - index.indexed > this.liveRows >> (ENTRY_ROWS_SHARE_SHIFT + 2))
      index.build(docs ? this.cpDoc : this.desc, dict.size, this.n, this.code, DEAD)
    return index
  }

  /**
   * Q9: a text found only in the large dictionaries (order references, payer documents) and in
   * identifier prefixes, whose hit entries hold at most 1/4 of the rows; first page, date order,
   * no groups. Visits the rows of the hit entries alone (EntryRows), each once (TEXT_DICT marks it),
   * testing the rest of the filter; totals from their (wallet, code) pairs, the extra ints summed
   * on the way (kept for sumInts); the window, the matches sorted (or, past ENTRY_ROWS_SORT_MAX of
   * them, a walk in date order). Null when the dictionaries are small or the hits too many: the scan
   * answers. Not cached.
   */
  private byEntryRows(c: Compiled, sort: TableSort, limit: number, key: string, t0: number): TableQueryResult<R, C> | null {
    const cols: Array<{ index: EntryRows; col: IndexArray; hits: Uint8Array; list: ReadonlyArray<number> }> = []
    const cap = this.liveRows >> ENTRY_ROWS_SHARE_SHIFT
    let estimate = c.idRows?.length ?? 0
    for (const docs of [false, true]) {
      if (!(docs ? c.textDoc : c.textDesc)) continue
      const list = docs ? c.docList : c.descList
      // a small dictionary, or more hits than listed
      if (list === null || list.entries.length > list.cap) return null
      const index = this.entryRows(docs)
      if (index === null) return null
      estimate += index.count(list.entries, this.n, cap - estimate)
      if (estimate > cap) return null
      cols.push({ index, col: docs ? this.cpDoc : this.desc, hits: docs ? this.docHits : this.descHits, list: list.entries })
    }
    this.lastPathValue = "entryRows"
    const pairs = this.preparePairs(c)
    const space = this.b.codeSpace
    const { scratch } = this
    if (this.prefilterBuf.length < this.n) this.prefilterBuf = new Uint32Array(this.cap)
    // the rows of the hit entries, each once (TEXT_DICT marks a listed row; cleared at once after)
    const list = this.prefilterBuf
    let listed = 0
    for (const { index, col, hits, list: entries } of cols) {
      listed = gatherEntryRows(entries, index.start, index.rows, scratch, list, listed)
      listed = gatherTail(hits, col, index.indexed, this.n, scratch, list, listed)
    }
    if (c.rowTextHits) {
      for (const r of c.idRows ?? []) {
        if (((scratch[r] as number) & TEXT_DICT) !== 0) continue
        scratch[r] = (scratch[r] as number) | TEXT_DICT
        list[listed++] = r
      }
    }
    clearBit(list, 0, listed, scratch, TEXT_DICT)
    // the rest of the filter: the matches stay at the front of the list, in their pairs
    const matched = keepMatches(
      list,
      listed,
      this.code,
      this.wallet,
      this.amount,
      this.createdAt,
      DEAD,
      space,
      this.pairOk,
      this.pairN,
      this.pairA,
      c.from,
      c.to,
      c.minAmount,
      c.maxAmount
    )
    const matches = list.subarray(0, matched)
    const ints = new Float64Array(this.ints.length)
    for (let i = 0; i < this.ints.length; i++) ints[i] = (this.ints[i] as CompactIntColumn).sumRows(matches)
    // the window: the matches in date order (ascending row numbers when compacted; else by date, fewer of them)
    const win = this.windowOf(limit)
    let wc = 0
    const identity = this.byDate.identity
    if (matched <= (identity ? ENTRY_ROWS_SORT_MAX : COLLECT_CAP)) {
      const sorted = identity ? matches.sort() : Uint32Array.from(matches).sort((x, y) => this.compareDate(x, y))
      for (let i = 0; i < Math.min(limit, matched); i++) win[wc++] = sorted[sort.dir === "asc" ? i : matched - 1 - i] as number
    } else {
      // many matches: a walk in date order meets the window's soon (marked again for it, then cleared)
      const { perm, n } = this.byDate
      for (let i = 0; i < matched; i++) scratch[matches[i] as number] = (scratch[matches[i] as number] as number) | TEXT_DICT
      for (let i = 0; i < n && wc < limit; i++) {
        const j = sort.dir === "asc" ? i : n - 1 - i
        const r = identity ? j : (perm[j] as number)
        if (((scratch[r] as number) & TEXT_DICT) !== 0) win[wc++] = r
      }
      clearBit(matches, 0, matched, scratch, TEXT_DICT)
    }
    return this.fromPairs(c, sort, limit, pairs, ints, key, wc, t0)
  }

  /**
   * One (wallet, code) pair's matches into the totals: the count, in and out by the code's sum kind,
   * the per-currency triples (not BRL: settleTotals derives it) and, with several wallets, the
   * per-wallet triples. The chunk totals (Q7) and listLoop's pairs (D-list-loop) both end here.
   */
  private addPair(sums: { total: number; sumIn: number; sumOut: number }, w: number, code: number, count: number, sum: number, trackWallets: boolean): void {
    sums.total += count
    const kind = this.b.sumKind[code] as number
    if (kind === 1) sums.sumIn += sum
    else if (kind === 2) sums.sumOut += sum
    const cur = code & this.b.curMask
    const pc = this.perCurrency
    if (cur !== 0) {
      const k3 = cur * 3
      pc[k3] = (pc[k3] as number) + count
      if (kind === 1) pc[k3 + 1] = (pc[k3 + 1] as number) + sum
      else if (kind === 2) pc[k3 + 2] = (pc[k3 + 2] as number) + sum
    }
    if (trackWallets) {
      const pw = this.perWallet
      const w3 = w * 3
      pw[w3] = (pw[w3] as number) + count
      if (kind === 1) pw[w3 + 1] = (pw[w3 + 1] as number) + sum
      else if (kind === 2) pw[w3 + 2] = (pw[w3 + 2] as number) + sum
    }
  }

  /** The result of a scan (query()): rows of the window, totals, groups; a complete scan is cached. */
  private finish(
    c: Compiled,
    sort: TableSort,
    out: ScanOut,
    offset: number,
    limit: number,
    gm: GroupMode,
    trackWallets: boolean,
    key: string,
    rest: string,
    folded: string,
    digits: string | null,
    t0: number
  ): TableQueryResult<R, C> {
    const rows: R[] = []
    for (let i = Math.max(0, offset - out.base), end = Math.min(out.windowCount, offset - out.base + limit); i < end; i++)
      rows.push(this.rowView(out.window[i] as number))
    const { sumIn, sumOut } = out
    const pc = this.perCurrency
    let currencies = 0
    for (let k = 0; k * 3 < pc.length; k++) if ((pc[k * 3] as number) > 0) currencies++
    const result: Mutable<TableQueryResult<R, C>> = { total: out.total, sumIn, sumOut, net: sumIn - sumOut, rows, tookMs: 0 }
    if (gm !== GroupMode.None) result.groups = this.collectGroups(gm, sort, out.total > 0)
    if (trackWallets) {
      const pw = this.perWallet
      result.perWallet = c.selectedWallets.map((id) => {
        const w = this.wallets.lookup(id)
        return w === undefined || out.total === 0
          ? { key: id, count: 0, sumIn: 0, sumOut: 0 }
          : { key: id, count: pw[w * 3] as number, sumIn: pw[w * 3 + 1] as number, sumOut: pw[w * 3 + 2] as number }
      })
    }
    if (currencies > 1) {
      const list: CurrencyTotals<C>[] = []
      for (let k = 0; k < this.b.currencies.length; k++) {
        const count = pc[k * 3] as number
        if (count > 0) list.push({ currency: this.b.currencies[k] as C, count, sumIn: pc[k * 3 + 1] as number, sumOut: pc[k * 3 + 2] as number })
      }
      result.perCurrency = list
    }
    if (out.complete) {
      this.remember({
        version: this.writes,
        key,
        rest,
        folded,
        digits,
        sort,
        matches: this.keepMatches(out),
        total: out.total,
        sumIn,
        sumOut,
        perWallet: result.perWallet,
        perCurrency: result.perCurrency
      })
    }
    result.tookMs = performance.now() - t0
    return result
  }

  /** Whether this filter + sort was asked lately (its key is remembered, most recent last). */
  private askedBefore(key: string): boolean {
    const seen = this.recentKeys
    const i = seen.indexOf(key)
    if (i >= 0) seen.splice(i, 1)
    seen.push(key)
    if (seen.length > 16) seen.shift()
    return i >= 0
  }

  /** The cached answer of this filter + sort, if the projection has not changed since. */
  private cachedMatches(key: string): MatchEntry | undefined {
    const list = this.matchCache
    for (let i = 0; i < list.length; i++) {
      const e = list[i] as MatchEntry
      if (e.version !== this.writes) continue
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
  private keepMatches(out: ScanOut): Uint32Array {
    if (out.total * 8 <= out.window.length) return out.window.slice(0, out.total)
    const kept = out.window.subarray(0, out.total)
    const spare = this.spareBuf
    this.spareBuf = null
    this.windowBuf = spare !== null && spare.length >= out.window.length ? spare : new Uint32Array(out.window.length)
    return kept
  }

  private remember(e: MatchEntry): void {
    const kept: MatchEntry[] = [e]
    let rows = e.total
    let whole = this.ownsBuffer(e) ? 1 : 0
    for (const x of this.matchCache) {
      const owns = this.ownsBuffer(x)
      const keep =
        kept.length < MATCH_CACHE_SIZE &&
        x.key !== e.key &&
        x.version === this.writes &&
        rows + x.total <= this.liveRows * MATCH_CACHE_ROWS &&
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
    this.matchCache = kept
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
  private refinementBase(rest: string, folded: string, digits: string | null, idHits: boolean): Uint32Array | null {
    let best: MatchEntry | null = null
    for (const e of this.matchCache) {
      if (e.version !== this.writes || e.rest !== rest || e.sort.by !== "created_at") continue
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
   */
  private scan(
    c: Compiled,
    sort: TableSort,
    realStart: number,
    realEnd: number,
    win: Uint32Array,
    gm: GroupMode,
    trackWallets: boolean,
    all: boolean,
    stopAt = Infinity,
    allCap = Infinity
  ): ScanOut {
    const pc = this.perCurrency
    pc.fill(0)
    const out: ScanOut = { total: 0, sumIn: 0, sumOut: 0, window: win, windowCount: 0, base: all ? 0 : realStart, complete: all, stopped: false }
    if (c.none || this.liveRows === 0) return out
    // `all`: the window is every match from the first (win holds as many as there are rows), up
    // to `allCap` of them or the end of the real window, whichever is further
    const winStart = all ? 0 : realStart
    const winEnd = all ? Math.max(allCap, realEnd) : realEnd
    const lo = c.from === -Infinity ? 0 : this.lowerBound(c.from)
    const hi = c.to === Infinity ? this.byDate.n : this.lowerBound(c.to)
    if (lo >= hi) return out

    const perm = this.byDate.perm
    const ident = this.byDate.identity
    const createdAt = this.createdAt
    const amount = this.amount
    const walletCol = this.wallet
    const codeCol = this.code
    const descCol = this.desc
    const nameCol = this.cpName
    const docCol = this.cpDoc
    const scratch = this.scratch
    const wm = c.walletMask
    const cm = c.codeMask
    const minA = c.minAmount
    const maxA = c.maxAmount
    // without an amount filter a non-matching row never needs its 8-byte amount read
    const hasAmount = minA !== -Infinity || maxA !== Infinity
    const hasText = c.hasText
    const useDesc = c.textDesc
    const useName = c.textName
    const useDoc = c.textDoc
    const useRows = c.rowTextHits
    const dh = this.descHits
    const nh = this.nameHits
    const dch = this.docHits
    const byAmount = sort.by === "amount"
    const asc = sort.dir === "asc"
    const sumKind = this.b.sumKind
    const rawKind = this.b.rawKind
    const curMask = this.b.curMask
    const typeShift = this.b.typeShift

    if (trackWallets) {
      const size = this.wallets.size * 3
      if (this.perWallet.length < size) this.perWallet = new Float64Array(size)
      this.perWallet.fill(0, 0, size)
    }
    const pw = this.perWallet
    const list = this.listBuf
    let listN = 0
    let overflow = false

    let emptyDoc = -1
    if (gm === GroupMode.Day) {
      this.dayBase = spDayIndex(createdAt[perm[lo] as number] as number)
      this.prepareGroups(spDayIndex(createdAt[perm[hi - 1] as number] as number) - this.dayBase + 1)
    } else if (gm === GroupMode.Type) this.prepareGroups(this.b.typeLiterals.length)
    else if (gm === GroupMode.Code) this.prepareGroups(this.b.codeSpace)
    else if (gm === GroupMode.Wallet) this.prepareGroups(this.wallets.size)
    else if (gm === GroupMode.Counterparty) {
      this.prepareGroups(this.documents.size + this.names.size)
      emptyDoc = this.documents.lookup("") ?? -1
    }
    const docCount = this.documents.size
    const dayBase = this.dayBase
    const gCount = this.gCount
    const gIn = this.gIn
    const gOut = this.gOut
    const gFirst = this.gFirst
    // the current São Paulo day [dayLo, dayHi), its group and its running totals: the scan is
    // in date order, so a day's rows are contiguous and its totals can live in locals
    let dayLo = Infinity
    let dayHi = -Infinity
    let dayGroup = -1
    let dayCount = 0
    let dayIn = 0
    let dayOut = 0

    let total = 0
    let sumIn = 0
    let sumOut = 0
    let wc = 0
    let stopped = false
    // the rows to visit: the date range of the order, or the identifier candidates (already in
    // date order, but not cut to the range)
    let cand = c.candidates
    // no groups and a date order: one small loop that tests and lists (listLoop), with no first pass;
    // a text scan that stops at its window (Q5 rows first) visits a few hundred rows: the loop below
    const fast = gm === GroupMode.None && !byAmount && (!hasText || stopAt === Infinity)
    // (not for a scan that stops at a window, Q5/Q7: it finds its rows after a few hundred)
    if (!fast && cand === null && ident && hasText && stopAt === Infinity && hi - lo > PREFILTER_MIN) {
      // rows in date order (compacted): a text filter first lists its matches in a small loop of
      // its own (prefilterRows) that the engine keeps tight, and the loop below visits those alone
      if (this.prefilterBuf.length < hi - lo) this.prefilterBuf = new Uint32Array(this.cap)
      const k = prefilterRows(
        lo,
        hi,
        wm,
        walletCol,
        cm,
        codeCol,
        useDesc ? descCol : null,
        dh,
        useName ? nameCol : null,
        nh,
        useDoc ? docCol : null,
        dch,
        useRows ? scratch : null,
        this.prefilterBuf
      )
      cand = this.prefilterBuf.subarray(0, k)
    }
    const src = cand ?? perm
    const direct = cand === null && ident
    const first = cand === null ? lo : 0
    const last = cand === null ? hi : cand.length
    const fromMs = c.from
    const toMs = c.to
    const step = asc || byAmount ? 1 : -1
    const end = step === 1 ? last : first - 1
    if (fast) {
      const space = this.b.codeSpace
      const pairs = this.preparePairs(c)
      const pairN = this.pairN
      const pairA = this.pairA
      const pairOk = this.pairOk
      const rowsOf = direct ? null : src
      // the dictionary hits onto the rows (TEXT_DICT), one column at a time
      const marks = hasText && (useDesc || useName || useDoc)
      // a large dictionary with few hits marks its hit entries' rows by entry (Q9's index), not row by row
      let byEntry = false
      if (marks) {
        if (useDesc) {
          if (rowsOf === null && this.markByEntry(false, c.descList)) byEntry = true
          else markRows(rowsOf, first, last, descCol, dh, scratch)
        }
        if (useName) markRows(rowsOf, first, last, nameCol, nh, scratch)
        if (useDoc) {
          if (rowsOf === null && this.markByEntry(true, c.docList)) byEntry = true
          else markRows(rowsOf, first, last, docCol, dch, scratch)
        }
      }
      let res: { total: number; wc: number; stopped: boolean }
      try {
        res = listLoop({
          first,
          last,
          asc: step === 1,
          src: rowsOf,
          checkDate: cand !== null,
          fromMs,
          toMs,
          createdAt,
          walletCol,
          codeCol,
          amount,
          minA,
          maxA,
          hasText,
          rowBits: scratch,
          win,
          winStart,
          winEnd,
          stopAt,
          codeSpace: space,
          pairOk,
          pairN,
          pairA
        })
      } finally {
        if (marks) {
          // TEXT_HIT (identifiers) stays until the query clears it; TEXT_DICT goes now (rows marked
          // by entry may lie outside the period: every row then)
          const [from, to] = byEntry ? [0, this.n] : [first, last]
          if (!useRows && rowsOf === null) scratch.fill(0, from, to)
          else clearBit(rowsOf, from, to, scratch, TEXT_DICT)
        }
      }
      total = res.total
      wc = res.wc
      stopped = res.stopped
      // the pairs into the totals, as the chunk totals' pairs are (addPair)
      const sums = this.foldPairs(pairs, trackWallets)
      sumIn = sums.sumIn
      sumOut = sums.sumOut
    } else
      for (let i = step === 1 ? first : last - 1; i !== end; i += step) {
        const r = direct ? i : (src[i] as number)
        if (cand !== null) {
          const t = createdAt[r] as number
          if (t < fromMs || t >= toMs) continue
        }
        if (wm !== null && wm[walletCol[r] as number] === 0) continue
        const code = codeCol[r] as number
        if (cm !== null && cm[code] === 0) continue
        if (hasAmount) {
          const a = amount[r] as number
          if (a < minA || a > maxA) continue
        }
        if (
          hasText &&
          !(useDesc && dh[descCol[r] as number] === 1) &&
          !(useName && nh[nameCol[r] as number] === 1) &&
          !(useDoc && dch[docCol[r] as number] === 1) &&
          !(useRows && ((scratch[r] as number) & TEXT_HIT) !== 0)
        )
          continue
        // a match
        const a = amount[r] as number
        if (byAmount) {
          if (listN < list.length) list[listN++] = r
          else overflow = true
        } else if (total >= winStart && total < winEnd) win[wc++] = r
        total++
        const kind = sumKind[code] as number
        if (kind === 1) sumIn += a
        else if (kind === 2) sumOut += a
        const cur = code & curMask
        if (cur !== 0) {
          // not BRL: its own totals, so that a mix of currencies can be reported apart
          const k3 = cur * 3
          pc[k3] = (pc[k3] as number) + 1
          if (kind === 1) pc[k3 + 1] = (pc[k3 + 1] as number) + a
          else if (kind === 2) pc[k3 + 2] = (pc[k3 + 2] as number) + a
        }
        if (trackWallets) {
          const w3 = (walletCol[r] as number) * 3
          pw[w3] = (pw[w3] as number) + 1
          if (kind === 1) pw[w3 + 1] = (pw[w3 + 1] as number) + a
          else if (kind === 2) pw[w3 + 2] = (pw[w3 + 2] as number) + a
        }
        if (gm === GroupMode.Day) {
          const t = createdAt[r] as number
          if (t < dayLo || t >= dayHi) {
            if (dayGroup >= 0) {
              gCount[dayGroup] = dayCount
              gIn[dayGroup] = dayIn
              gOut[dayGroup] = dayOut
            }
            const d = spDayIndex(t)
            dayLo = spDayStart(d)
            dayHi = dayLo + DAY_MS
            dayGroup = d - dayBase
            dayCount = 0
            dayIn = 0
            dayOut = 0
            gFirst[dayGroup] = r
          }
          dayCount++
          if (kind === 1) dayIn += a
          else if (kind === 2) dayOut += a
          if (byAmount) {
            const f = gFirst[dayGroup] as number
            const d = this.compareAmount(r, f)
            if (asc ? d < 0 : d > 0) gFirst[dayGroup] = r
          }
        } else if (gm !== GroupMode.None) {
          let g: number
          let gk = kind
          if (gm === GroupMode.Type) g = code >> typeShift
          else if (gm === GroupMode.Wallet) g = walletCol[r] as number
          else if (gm === GroupMode.Code) {
            g = code
            gk = rawKind[code] as number
          } else {
            const d = docCol[r] as number
            g = d !== emptyDoc ? d : docCount + (nameCol[r] as number)
          }
          gCount[g] = (gCount[g] as number) + 1
          if (gk === 1) gIn[g] = (gIn[g] as number) + a
          else if (gk === 2) gOut[g] = (gOut[g] as number) + a
          const f = gFirst[g] as number
          if (f < 0) gFirst[g] = r
          else if (byAmount) {
            // the group's first row is its first in amount order, not in the scan's date order
            const d = this.compareAmount(r, f)
            if (asc ? d < 0 : d > 0) gFirst[g] = r
          }
        }
        if (total >= stopAt) {
          stopped = true
          break
        }
      }
    out.stopped = stopped
    if (dayGroup >= 0) {
      gCount[dayGroup] = dayCount
      gIn[dayGroup] = dayIn
      gOut[dayGroup] = dayOut
    }
    settleTotals(out, pc, total, sumIn, sumOut)
    if (byAmount && winEnd > winStart && total > winStart) {
      if (!overflow) {
        // collected in (created_at, id) order: a stable sort by amount gives the full order
        const sorted = radixSortRows(list.subarray(0, listN), amount)
        const stop = Math.min(winEnd, listN)
        for (let k = winStart; k < stop; k++) win[wc++] = sorted[asc ? k : listN - 1 - k] as number
      } else if (realEnd > realStart && total > realStart) {
        // too many matches to list: only the window asked, walking the amount order (not cached)
        out.complete = false
        out.base = realStart
        this.byAmount.ensure()
        const ap = this.byAmount.perm
        // the amount range is a slice of the amount order: walk only that
        const kLo = hasAmount ? this.amountBound(minA, false) : 0
        const kHi = hasAmount ? this.amountBound(maxA, true) : this.byAmount.n
        let seen = 0
        for (let j = 0; j < kHi - kLo && seen < realEnd; j++) {
          const r = ap[asc ? kLo + j : kHi - 1 - j] as number
          const t = createdAt[r] as number
          if (t < c.from || t >= c.to || !this.matches(c, r)) continue
          if (seen >= realStart) win[wc++] = r
          seen++
        }
      } else out.complete = false
    } else if (byAmount && overflow) out.complete = false
    // more matches than were listed (allCap): the window asked is there, the whole list is not
    if (all && total > winEnd) out.complete = false
    out.windowCount = wc
    return out
  }

  private collectGroups(gm: GroupMode, sort: TableSort, any: boolean): GroupTotals[] {
    if (!any) return []
    const used: number[] = []
    for (let g = 0; g < this.groupSpace; g++) if ((this.gCount[g] as number) > 0) used.push(g)
    const first = this.gFirst
    const sign = sort.dir === "asc" ? 1 : -1
    const cmp = sort.by === "amount" ? (a: number, b: number) => this.compareAmount(a, b) : (a: number, b: number) => this.compareDate(a, b)
    used.sort((x, y) => sign * cmp(first[x] as number, first[y] as number))
    const docCount = this.documents.size
    return used.map((g) => {
      const base = { count: this.gCount[g] as number, sumIn: this.gIn[g] as number, sumOut: this.gOut[g] as number }
      switch (gm) {
        case GroupMode.Day:
          return { key: spDayKey(this.dayBase + g), ...base }
        case GroupMode.Type:
          return { key: this.b.typeLiterals[g] as string, ...base }
        case GroupMode.Wallet:
          return { key: this.wallets.value(g), ...base }
        case GroupMode.Code:
          return { key: this.b.table.layout.enums.map((e) => e.literals[(g >> e.shift) & e.mask] as string).join("|"), ...base }
        default: {
          if (g < docCount) return { key: this.documents.value(g), label: this.names.value(this.cpName[first[g] as number] as number), ...base }
          const name = this.names.value(g - docCount)
          return { key: name, label: name, ...base }
        }
      }
    })
  }

  /** Every match in the query's sort order (offset and limit ignored): row numbers, for exports. */
  protected allMatches(q: Q): Uint32Array {
    const sort = q.sort ?? DEFAULT_SORT
    this.byDate.ensure()
    const c = this.compile(q)
    try {
      const buf = new Uint32Array(this.liveRows)
      const out = this.scan(c, sort, 0, Infinity, buf, GroupMode.None, false, false)
      return buf.subarray(0, out.windowCount)
    } finally {
      if (c.rowTextHits) this.scratch.fill(0, 0, this.n)
    }
  }

  protected *viewsOf(rows: ArrayLike<number>): Generator<R, void, undefined> {
    const at = this.writes
    for (let i = 0; i < rows.length; i++) {
      if (i % EXPORT_CHUNK_ROWS === 0 && this.writes !== at) throw new ProjectionChangedError()
      yield this.rowView(rows[i] as number)
    }
  }

  /** The columns the chunk totals are built from (Q7), as they are now. */
  private chunkColumns(): ChunkColumns {
    return { rows: this.n, createdAt: this.createdAt, amount: this.amount, wallet: this.wallet, code: this.code, dead: DEAD, ints: this.ints }
  }

  /** The extra ints summed over every match of the filter (gateway: fee and seller share that follow the filter). */
  sumInts(q: Q): Record<string, number> {
    const out: Record<string, number> = {}
    const key = matchKey(q, q.sort ?? DEFAULT_SORT)
    // Q8: the sums query() just added up from the entry totals
    const fromEntries = this.entryInts
    if (fromEntries !== null && fromEntries.key === key && fromEntries.version === this.writes) {
      for (let k = 0; k < this.ints.length; k++) out[this.b.ints[k] as string] = fromEntries.sums[k] as number
      return out
    }
    // the matches of this filter as query() just listed and kept them (Q4)
    const kept = this.cachedMatches(key)?.matches
    if (kept === undefined && (q.text ?? "").trim() === "" && q.minAmount === undefined && q.maxAmount === undefined) {
      // Q7: a filter of wallets, codes and a period adds up the chunks' per-pair sums, as its other totals
      const c = this.compile(q)
      const acc = new Float64Array(this.ints.length)
      if (!c.none) this.chunkTotals.collectInts(this.chunkColumns(), c.from, c.to, pairFilter(c), acc)
      for (let k = 0; k < this.ints.length; k++) out[this.b.ints[k] as string] = acc[k] as number
      return out
    }
    // else the matches, listed by a scan of their own
    const rows = kept ?? this.allMatches(q)
    for (let k = 0; k < this.ints.length; k++) out[this.b.ints[k] as string] = (this.ints[k] as CompactIntColumn).sumRows(rows)
    return out
  }

  /** The matching rows as StatementEntry objects, lazily; throws if the projection changes meanwhile. */
  matchingRows(q: Q): Generator<R, void, undefined> {
    return this.viewsOf(this.allMatches(q))
  }

  /**
   * Per-day (or per-month) in, out and closing balance for the balance chart.
   * - in/out: the matching rows of the query (statuses as in sums), in one currency: the
   *   query's, or BRL when it names none (minor units of two currencies do not add up).
   * - balance: for each selected wallet, balance_after of its last row (created_at, id) before
   *   the end of the bucket (and before `to`) among rows of that currency with a summed status
   *   — whatever the text/type/amount filters, because a balance belongs to the wallet, not to
   *   the filter — summed over the wallets that have one; null while none has.
   * Buckets run from `from` to `to`; an open end stops at the first/last row that counts in the
   * series (a matching row or a balance row). Empty buckets are included.
   */
  series(q: Q, unit: "day" | "month" = "day"): TableSeries<C> {
    return unit === "day" ? this.daySeries(q) : this.scanSeries(q, unit)
  }

  /**
   * The day series in two parts (SPEC.md Q4): the balance line, which depends on the wallets,
   * currency and range only (kept for the last such key while the projection is unchanged, so a
   * text or type change does not walk the range again), and in/out, summed over the query's
   * match list when the match cache holds it; without it, scanSeries. Equal to scanSeries(q,
   * "day"), which the tests check.
   */
  private daySeries(q: Q): TableSeries<C> {
    const t0 = performance.now()
    const currency = (q.currency ?? this.b.currencies[0]) as C
    const points: SeriesPoint[] = []
    const done = (): TableSeries<C> => ({ unit: "day", currency, points, tookMs: performance.now() - t0 })
    const { offset: _o, limit: _l, groupBy: _g, sort: _s, ...filter } = q
    const fq = { ...filter, currency } as unknown as Q
    const from = fq.from ?? -Infinity
    const to = fq.to ?? Infinity
    if (!(from < to)) return done()
    const sort: TableSort = { by: "created_at", dir: "asc" }
    const key = matchKey(fq, sort)
    // the view asked this filter's rows first (its head query): their match list, when kept, is
    // summed; otherwise one walk over the range does it all (a query first would walk it twice)
    const hit = this.cachedMatches(key) ?? this.cachedMatches(matchKey(fq, DEFAULT_SORT))
    if (!hit) return this.scanSeries(q, "day")
    const bal = this.balanceDays(fq)
    const m = hit.matches
    const createdAt = this.createdAt
    const asc = hit.sort.dir === "asc"
    const firstMatch = m.length > 0 ? spDayIndex(createdAt[m[asc ? 0 : m.length - 1] as number] as number) : null
    const lastMatch = m.length > 0 ? spDayIndex(createdAt[m[asc ? m.length - 1 : 0] as number] as number) : null
    const lowest = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b))
    const highest = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b))
    const firstDay = from !== -Infinity ? spDayIndex(from) : lowest(bal.first, firstMatch)
    const lastDay = to !== Infinity ? spDayIndex(to - 1) : highest(bal.last, lastMatch)
    if (firstDay === null || lastDay === null || lastDay < firstDay) return done()
    const nb = lastDay - firstDay + 1
    const ins = new Float64Array(nb)
    const outs = new Float64Array(nb)
    for (let i = 0; i < m.length; i++) {
      const r = m[i] as number
      const kind = this.b.sumKind[this.code[r] as number]
      if (kind === 0) continue
      const b = spDayIndex(createdAt[r] as number) - firstDay
      if (b < 0 || b >= nb) continue
      if (kind === 1) ins[b] = (ins[b] as number) + (this.amount[r] as number)
      else outs[b] = (outs[b] as number) + (this.amount[r] as number)
    }
    let carry = bal.seed
    let k = 0
    const days = bal.days
    const closings = bal.closings
    // closings of days before the first bucket (the same day's rows before `from`) open the line
    while (k < days.length && (days[k] as number) < firstDay) carry = closings[k++] as number
    for (let b = 0; b < nb; b++) {
      const day = firstDay + b
      while (k < days.length && (days[k] as number) <= day) carry = closings[k++] as number
      points.push({
        key: spDayKey(day),
        from: spDayStart(day),
        sumIn: ins[b] as number,
        sumOut: outs[b] as number,
        net: (ins[b] as number) - (outs[b] as number),
        balance: carry
      })
    }
    return done()
  }

  /** A row that carries the balance line: of the currency, with a summed status, in a selected wallet. */
  private balanceRowTest(cur: number, wm: Uint8Array | null): (r: number) => boolean {
    // without the balanceSeries plugin no row carries a balance: the line stays null
    if (!this.b.balanceSeries) return () => false
    return (r) => {
      const code = this.code[r] as number
      return (code & this.b.curMask) === cur && this.b.sumKind[code] !== 0 && (wm === null || wm[this.wallet[r] as number] === 1)
    }
  }

  /**
   * Each wallet's last balance before date-order position `before`: a backward walk that stops
   * once `wallets` wallets have one. `sum` adds them up; `anyKnown` is false when none has one.
   */
  private seedBalances(
    before: number,
    balanceRow: (r: number) => boolean,
    wallets: number
  ): { last: Float64Array; known: Uint8Array; sum: number; anyKnown: boolean } {
    const perm = this.byDate.perm
    const wn = this.wallets.size
    const last = new Float64Array(wn)
    const known = new Uint8Array(wn)
    let sum = 0
    let anyKnown = false
    let toSeed = wallets
    for (let i = before - 1; i >= 0 && toSeed > 0; i--) {
      const r = perm[i] as number
      if (!balanceRow(r)) continue
      const w = this.wallet[r] as number
      if (known[w] === 1) continue
      known[w] = 1
      last[w] = this.balanceCol.get(r)
      sum += last[w] as number
      anyKnown = true
      toSeed--
    }
    return { last, known, sum, anyKnown }
  }

  /** The balance column (balanceSeries plugin: the first extra int). */
  private get balanceCol(): CompactIntColumn {
    return this.ints[0] ?? new CompactIntColumn(0)
  }

  /** The balance line of a wallets + currency + range: see daySeries. */
  private balanceCache: { key: string; version: number; value: BalanceDays } | null = null
  private balanceDays(q: Q): BalanceDays {
    const key = restKey({
      ...(q.walletIds ? { walletIds: q.walletIds } : {}),
      ...(q.from !== undefined ? { from: q.from } : {}),
      ...(q.to !== undefined ? { to: q.to } : {}),
      ...(q.currency ? { currency: q.currency } : {})
    })
    if (this.balanceCache && this.balanceCache.key === key && this.balanceCache.version === this.writes) return this.balanceCache.value
    this.byDate.ensure()
    const c = this.compile({ ...(q.walletIds ? { walletIds: q.walletIds } : {}), currency: q.currency ?? (this.b.currencies[0] as string) } as Q)
    const perm = this.byDate.perm
    const createdAt = this.createdAt
    const from = q.from ?? -Infinity
    const to = q.to ?? Infinity
    const lo = from === -Infinity ? 0 : this.lowerBound(from)
    const hi = to === Infinity ? this.byDate.n : this.lowerBound(to)
    const cur = this.b.currencies.indexOf(q.currency ?? (this.b.currencies[0] as string))
    const wm = c.walletMask
    const balanceRow = this.balanceRowTest(cur, wm)
    let first: number | null = null
    let last: number | null = null
    for (let i = lo; first === null && i < hi; i++) if (balanceRow(perm[i] as number)) first = spDayIndex(createdAt[perm[i] as number] as number)
    for (let i = hi - 1; last === null && i >= lo; i--) if (balanceRow(perm[i] as number)) last = spDayIndex(createdAt[perm[i] as number] as number)
    // the first bucket is the day of `from` (when given), whose rows before `from` count too
    const scanFrom = from === -Infinity ? lo : Math.min(lo, this.lowerBound(spDayStart(spDayIndex(from))))
    const { last: lastBal, known, sum, anyKnown } = this.seedBalances(scanFrom, balanceRow, wm === null ? this.wallets.size : c.selectedWallets.length)
    let balSum = sum
    const seed = anyKnown ? balSum : null
    const days: number[] = []
    const closings: number[] = []
    for (let i = scanFrom; i < hi; i++) {
      const r = perm[i] as number
      if (!balanceRow(r)) continue
      const w = this.wallet[r] as number
      const b = this.balanceCol.get(r)
      balSum += known[w] === 1 ? b - (lastBal[w] as number) : b
      known[w] = 1
      lastBal[w] = b
      const day = spDayIndex(createdAt[r] as number)
      if (days.length > 0 && days[days.length - 1] === day) closings[closings.length - 1] = balSum
      else {
        days.push(day)
        closings.push(balSum)
      }
    }
    const value: BalanceDays = { first, last, seed, days, closings }
    this.balanceCache = { key, version: this.writes, value }
    return value
  }

  /** The series by one walk over the range (month buckets; the reference for daySeries). */
  private scanSeries(q: Q, unit: "day" | "month"): TableSeries<C> {
    const t0 = performance.now()
    const currency = (q.currency ?? this.b.currencies[0]) as C
    this.byDate.ensure()
    const c = this.compile({ ...q, currency })
    const points: SeriesPoint[] = []
    const done = (): TableSeries<C> => ({ unit, currency, points, tookMs: performance.now() - t0 })
    try {
      if (!(c.from < c.to)) return done()
      const perm = this.byDate.perm
      const createdAt = this.createdAt
      const lo = this.lowerBound(c.from)
      const hi = c.to === Infinity ? this.byDate.n : this.lowerBound(c.to)
      const cur = this.b.currencies.indexOf(currency)
      const wm = c.walletMask
      const balanceRow = this.balanceRowTest(cur, wm)
      let firstDay: number | null = c.from !== -Infinity ? spDayIndex(c.from) : null
      let lastDay: number | null = c.to !== Infinity ? spDayIndex(c.to - 1) : null
      for (let i = lo; firstDay === null && i < hi; i++) {
        const r = perm[i] as number
        if (balanceRow(r) || this.matches(c, r)) firstDay = spDayIndex(createdAt[r] as number)
      }
      for (let i = hi - 1; lastDay === null && i >= lo; i--) {
        const r = perm[i] as number
        if (balanceRow(r) || this.matches(c, r)) lastDay = spDayIndex(createdAt[r] as number)
      }
      if (firstDay === null || lastDay === null || lastDay < firstDay) return done()
      const bucketOf = (day: number): number => {
        if (unit === "day") return day
        const [y, m] = civilFromDays(day)
        return y * 12 + m - 1
      }
      const b0 = bucketOf(firstDay)
      const nb = bucketOf(lastDay) - b0 + 1
      const bucketStart = (b: number): number =>
        unit === "day" ? spDayStart(b0 + b) : spDayStart(daysFromCivil(Math.floor((b0 + b) / 12), ((b0 + b) % 12) + 1, 1))
      // a month bucket may start before `from`: its balance rows count (not its in/out)
      const scanFrom = c.from === -Infinity ? lo : Math.min(lo, this.lowerBound(bucketStart(0)))
      const ins = new Float64Array(nb)
      const outs = new Float64Array(nb)
      const closing = new Float64Array(nb)
      const closingSet = new Uint8Array(nb)
      const { last, known, sum, anyKnown } = this.seedBalances(scanFrom, balanceRow, wm === null ? this.wallets.size : c.selectedWallets.length)
      let balSum = sum
      let carry: number | null = anyKnown ? balSum : null
      let lastDayIdx = Number.NaN
      let bucket = 0
      for (let i = scanFrom; i < hi; i++) {
        const r = perm[i] as number
        const day = spDayIndex(createdAt[r] as number)
        if (day !== lastDayIdx) {
          lastDayIdx = day
          bucket = bucketOf(day) - b0
        }
        if (bucket >= nb) break
        if (balanceRow(r)) {
          const w = this.wallet[r] as number
          const b = this.balanceCol.get(r)
          balSum += known[w] === 1 ? b - (last[w] as number) : b
          known[w] = 1
          last[w] = b
          closing[bucket] = balSum
          closingSet[bucket] = 1
        }
        if (i < lo || !this.matches(c, r)) continue
        const kind = this.b.sumKind[this.code[r] as number]
        if (kind === 1) ins[bucket] = (ins[bucket] as number) + (this.amount[r] as number)
        else if (kind === 2) outs[bucket] = (outs[bucket] as number) + (this.amount[r] as number)
      }
      for (let b = 0; b < nb; b++) {
        if (closingSet[b] === 1) carry = closing[b] as number
        const start = bucketStart(b)
        const key = unit === "day" ? spDayKey(b0 + b) : spMonthKey(spDayIndex(start))
        points.push({ key, from: start, sumIn: ins[b] as number, sumOut: outs[b] as number, net: (ins[b] as number) - (outs[b] as number), balance: carry })
      }
      return done()
    } finally {
      if (c.rowTextHits) this.scratch.fill(0, 0, this.n)
    }
  }

  /** The scan's predicate as a function (series); keep in step with scan(). */
  private matches(c: Compiled, r: number): boolean {
    if (c.none) return false
    if (c.walletMask !== null && c.walletMask[this.wallet[r] as number] === 0) return false
    const code = this.code[r] as number
    if (c.codeMask !== null && c.codeMask[code] === 0) return false
    const a = this.amount[r] as number
    if (a < c.minAmount || a > c.maxAmount) return false
    if (c.hasText) {
      return (
        (c.textDesc && this.descHits[this.desc[r] as number] === 1) ||
        (c.textName && this.nameHits[this.cpName[r] as number] === 1) ||
        (c.textDoc && this.docHits[this.cpDoc[r] as number] === 1) ||
        (c.rowTextHits && ((this.scratch[r] as number) & TEXT_HIT) !== 0)
      )
    }
    return true
  }

  // ── Memory ──────────────────────────────────────────────────────────────────────────────

  /** The parts of memoryBytes(), in bytes. */
  memoryReport(): Readonly<Record<string, number>> {
    const columns =
      this.createdAt.byteLength +
      this.amount.byteLength +
      this.updatedDelta.memoryBytes() +
      this.ints.reduce((n, c) => n + c.memoryBytes(), 0) +
      this.wallet.byteLength +
      this.code.byteLength +
      this.desc.byteLength +
      this.cpName.byteLength +
      this.cpDoc.byteLength +
      this.storedCols.reduce((n, c) => n + c.byteLength, 0)
    const parts = {
      columns,
      idColumn: this.idCol.memoryBytes(),
      denseIdColumns: this.denseCols.reduce((n, c) => n + c.memoryBytes(), 0),
      sparseIdColumns: this.sparseCols.reduce((n, c) => n + c.memoryBytes(), 0),
      idIndex: this.ids.memoryBytes(),
      orders:
        this.byDate.memoryBytes() +
        this.byAmount.memoryBytes() +
        this.chunkTotals.memoryBytes() +
        this.nameTotals.memoryBytes() +
        this.descTotals.memoryBytes() +
        this.descRows.memoryBytes() +
        this.docRows.memoryBytes() +
        this.bandTotals.memoryBytes(),
      dictionaries:
        this.wallets.memoryBytes() +
        this.descriptions.memoryBytes() +
        this.names.memoryBytes() +
        this.documents.memoryBytes() +
        this.storedDicts.reduce((n, d) => n + d.memoryBytes(), 0),
      scratch:
        this.scratch.byteLength +
        this.descHits.byteLength +
        this.nameHits.byteLength +
        this.docHits.byteLength +
        this.gCount.byteLength * 3 +
        this.gFirst.byteLength +
        this.perWallet.byteLength +
        this.windowBuf.byteLength +
        this.matchCache.reduce((b, e) => b + e.matches.buffer.byteLength, 0) +
        (this.spareBuf?.byteLength ?? 0)
    }
    let total = 0
    for (const v of Object.values(parts)) total += v
    return { ...parts, total, rows: this.liveRows, capacity: this.cap }
  }

  /** Estimated bytes held by the projection: typed arrays, packed strings, dictionaries, maps. */
  memoryBytes(): number {
    return this.memoryReport()["total"] as number
  }
}
