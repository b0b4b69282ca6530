/**
 * The pivot of a table projection (issue 32 item 4 "Analysis across wallets"; sync/SPEC.md Q11;
 * docs/decisions.md D-analysis-pivot): the group-by of table-groups.ts in two dimensions. The rows
 * of a filter (compiled by table-compile.ts, the scan's own masks and hit tables) are counted and
 * summed per (row key, column key) — rows: counterparty, type, wallet, São Paulo day or month;
 * columns: month, wallet, type, none, or "period" (the filter's period against the previous one of
 * the same length). A cell is [count, sum in, sum out] (net = in − out is the view's subtraction);
 * sums follow the description's counted statuses, counts every row, as groups do.
 *
 * Invariants: a walk of the period in date order (or the identifier candidates, in date order), one
 * typed-array cell per (row key, column key) when rowKeys × columns ≤ CELL_CAP; past that (the
 * gateway's payer documents by month), a first walk totals each row key, the `rowLimit` first rows
 * are chosen, and a second walk fills the cells of those alone plus one "others" line. Rows come in
 * date order for day and month, else by volume (in + out) descending, then count, then key; the rows
 * past `rowLimit` are summed into `others`. No state is kept between asks (no cache): each answer is
 * one or two walks, allocated per ask.
 */
import { civilFromDays, DAY_MS, SAO_PAULO_OFFSET_MS, spDayKey, spDayIndex } from "../../schema/sao-paulo-time.ts"
import type { QueryBuffers } from "./query-buffers.ts"
import { TEXT_HIT } from "./scan-loops.ts"
import { compile, type Compiled } from "./table-compile.ts"
import { counterpartyGroup, GroupMode, groupKey } from "./table-groups.ts"
import type { TableStore } from "./table-store.ts"
import type { TableQuery } from "./table-types.ts"

export type PivotRowDim = "counterparty" | "type" | "wallet" | "day" | "month"
export type PivotColDim = "month" | "wallet" | "type" | "period" | "none"
export const PIVOT_ROW_DIMS: ReadonlyArray<PivotRowDim> = ["counterparty", "type", "wallet", "day", "month"]
export const PIVOT_COL_DIMS: ReadonlyArray<PivotColDim> = ["month", "wallet", "type", "period", "none"]

export interface PivotSpec {
  readonly rows: PivotRowDim
  readonly cols: PivotColDim
  /** How many rows are listed (default 100, at most 2000); the rest are summed into `others`. */
  readonly rowLimit?: number
  /** Tests only: the direct-cell limit (default CELL_CAP), lowered to cover the two-walk plan. */
  readonly cellCap?: number
}

export interface PivotLine {
  readonly key: string
  /** Counterparty rows: the name (of the latest row), where the key is the document. */
  readonly label?: string
  readonly count: number
  readonly sumIn: number
  readonly sumOut: number
  /** [count, sumIn, sumOut] per column, in `columns` order. */
  readonly cells: ReadonlyArray<number>
}

export interface PivotResult {
  readonly rows: PivotRowDim
  readonly cols: PivotColDim
  /** Column keys: YYYY-MM, wallet ids, type literals, "previous"/"current", or "" for none. */
  readonly columns: ReadonlyArray<string>
  readonly lines: ReadonlyArray<PivotLine>
  /** The rows past rowLimit, summed (key ""), and how many they were; null when none. */
  readonly others: PivotLine | null
  readonly omitted: number
  /** Every matching row: count, sums and the column totals (key ""). */
  readonly total: PivotLine
  /** cols "period": the two periods [prevFrom, from) and [from, to), epoch ms. */
  readonly period?: { readonly prevFrom: number; readonly from: number; readonly to: number }
  readonly tookMs: number
}

export const DEFAULT_PIVOT_ROWS = 100
export const MAX_PIVOT_ROWS = 2000
/**
 * Row keys × columns held as direct cells; past it the two-walk plan (module header). 2¹⁷ cells are 3 MB of
 * doubles: the statement's ~40,000 counterparties by 25 months (a million cells, 23 MB to allocate and add up
 * per ask) measured slower in one walk than in two.
 */
const CELL_CAP = 1 << 17

const enum Dim {
  None = 0,
  Type = 1,
  Wallet = 2,
  Counterparty = 3,
  Day = 4,
  Month = 5,
  Period = 6
}
const dimOf = (d: PivotRowDim | PivotColDim): Dim => {
  switch (d) {
    case "type":
      return Dim.Type
    case "wallet":
      return Dim.Wallet
    case "counterparty":
      return Dim.Counterparty
    case "day":
      return Dim.Day
    case "month":
      return Dim.Month
    case "period":
      return Dim.Period
    default:
      return Dim.None
  }
}
const isTime = (d: Dim): boolean => d === Dim.Day || d === Dim.Month

/** What one walk needs: the rows to visit and how to key them. */
interface Walk {
  readonly s: TableStore
  readonly bufs: QueryBuffers
  readonly c: Compiled
  /** Rows to visit, in date order: perm[lo..hi) or the candidates (then dates are checked). */
  readonly src: Uint32Array
  readonly first: number
  readonly last: number
  readonly direct: boolean
  readonly checkDate: boolean
  readonly dayFirst: number
  readonly monthOfDay: Int32Array
  readonly emptyDoc: number
  readonly splitAt: number
}

const EMPTY_LINE: PivotLine = { key: "", count: 0, sumIn: 0, sumOut: 0, cells: [] }

/** The pivot of `q` (its window, sort and groupBy ignored) by `spec` over the store as it is now. */
export function pivot(s: TableStore, bufs: QueryBuffers, entryRowsFrom: number, q: TableQuery, spec: PivotSpec): PivotResult {
  const t0 = performance.now()
  const rowDim = dimOf(spec.rows)
  const colDim = dimOf(spec.cols)
  const rowLimit = Math.min(MAX_PIVOT_ROWS, Math.max(1, Math.floor(spec.rowLimit ?? DEFAULT_PIVOT_ROWS)))
  let query = q
  let period: PivotResult["period"]
  if (colDim === Dim.Period) {
    const from = q.from ?? -Infinity
    const to = q.to ?? Infinity
    if (!Number.isFinite(from) || !Number.isFinite(to) || !(from < to)) return emptyResult(spec, ["previous", "current"], t0)
    period = { prevFrom: from - (to - from), from, to }
    query = { ...q, from: period.prevFrom, to }
  }
  s.byDate.ensure()
  const c = compile(s, bufs, query, entryRowsFrom)
  try {
    const walk = walkOf(s, bufs, c, period?.from ?? 0)
    if (walk === null) {
      const cols = colDim === Dim.Period ? ["previous", "current"] : colDim === Dim.Wallet ? [...c.selectedWallets] : colDim === Dim.None ? [""] : []
      return { ...emptyResult(spec, cols, t0), ...(period ? { period } : {}) }
    }
    const rowSpace = spaceOf(s, walk, rowDim)
    const colSpace = spaceOf(s, walk, colDim)
    const latest = rowDim === Dim.Counterparty ? new Int32Array(rowSpace).fill(-1) : null
    let cells: Float64Array
    let keys: number[] // the row key of each cell row, in the answer's order (chosen rows, then others when any)
    let othersSlot = -1
    let omitted = 0
    if (rowSpace * colSpace <= (spec.cellCap ?? CELL_CAP)) {
      cells = new Float64Array(rowSpace * colSpace * 3)
      accumulate(walk, rowDim, colDim, colSpace, null, cells, latest)
      const totals = rowTotals(cells, rowSpace, colSpace)
      const chosen = chooseRows(s, walk, rowDim, totals, rowSpace, rowLimit)
      keys = chosen.keys
      omitted = chosen.omitted
    } else {
      // two walks: the rows' totals, then the cells of the chosen rows and of the others
      const totals = new Float64Array(rowSpace * 3)
      accumulate(walk, rowDim, Dim.None, 1, null, totals, latest)
      const chosen = chooseRows(s, walk, rowDim, totals, rowSpace, rowLimit)
      omitted = chosen.omitted
      const slotOf = new Int32Array(rowSpace).fill(chosen.keys.length)
      chosen.keys.forEach((k, i) => {
        slotOf[k] = i
      })
      cells = new Float64Array((chosen.keys.length + 1) * colSpace * 3)
      accumulate(walk, rowDim, colDim, colSpace, slotOf, cells, null)
      keys = chosen.keys.map((_, i) => i)
      othersSlot = chosen.keys.length
      // the cell rows are slots here: remember the real keys for the labels
      return finishResult(s, walk, spec, rowDim, colDim, colSpace, cells, keys, chosen.keys, othersSlot, omitted, latest, period, t0)
    }
    return finishResult(s, walk, spec, rowDim, colDim, colSpace, cells, keys, keys, othersSlot, omitted, latest, period, t0)
  } finally {
    if (c.rowTextHits) s.scratch.fill(0, 0, s.n)
  }
}

function emptyResult(spec: PivotSpec, columns: ReadonlyArray<string>, t0: number): PivotResult {
  return {
    rows: spec.rows,
    cols: spec.cols,
    columns,
    lines: [],
    others: null,
    omitted: 0,
    total: { ...EMPTY_LINE, cells: columns.flatMap(() => [0, 0, 0]) },
    tookMs: performance.now() - t0
  }
}

/** The rows to visit and the day → month table of the period they span; null when nothing can match. */
function walkOf(s: TableStore, bufs: QueryBuffers, c: Compiled, splitAt: number): Walk | null {
  if (c.none || s.liveRows === 0) return null
  // the identity order holds no array: its rows are read as the positions (`direct`)
  const perm = s.byDate.ownRows
  const createdAt = s.createdAt
  let src: Uint32Array
  let first: number
  let last: number
  let tFirst: number
  let tLast: number
  const cand = c.candidates
  if (cand !== null) {
    // identifier candidates (date order): the span of those inside the period
    let a = -1
    let b = -1
    for (let i = 0; i < cand.length; i++) {
      const t = createdAt[cand[i] as number] as number
      if (t < c.from || t >= c.to) continue
      if (a < 0) a = i
      b = i
    }
    if (a < 0) return null
    src = cand
    first = 0
    last = cand.length
    tFirst = createdAt[cand[a] as number] as number
    tLast = createdAt[cand[b] as number] as number
  } else {
    const lo = c.from === -Infinity ? 0 : s.lowerBound(c.from)
    const hi = c.to === Infinity ? s.byDate.n : s.lowerBound(c.to)
    if (lo >= hi) return null
    src = perm
    first = lo
    last = hi
    tFirst = createdAt[s.byDate.rowAt(lo)] as number
    tLast = createdAt[s.byDate.rowAt(hi - 1)] as number
  }
  const dayFirst = spDayIndex(tFirst)
  const dayLast = spDayIndex(tLast)
  const monthOfDay = new Int32Array(dayLast - dayFirst + 1)
  const [y0, m0] = civilFromDays(dayFirst)
  for (let d = dayFirst, k = 0; d <= dayLast; d++, k++) {
    const [y, m] = civilFromDays(d)
    monthOfDay[k] = (y - y0) * 12 + (m - m0)
  }
  return {
    s,
    bufs,
    c,
    src,
    first,
    last,
    direct: cand === null && s.byDate.identity,
    checkDate: cand !== null,
    dayFirst,
    monthOfDay,
    emptyDoc: s.documents.lookup("") ?? -1,
    splitAt
  }
}

/** How many keys a dimension has over this walk. */
function spaceOf(s: TableStore, w: Walk, d: Dim): number {
  switch (d) {
    case Dim.Type:
      return s.b.typeLiterals.length
    case Dim.Wallet:
      return Math.max(1, s.wallets.size)
    case Dim.Counterparty:
      return s.documents.size + s.names.size
    case Dim.Day:
      return w.monthOfDay.length
    case Dim.Month:
      return (w.monthOfDay[w.monthOfDay.length - 1] as number) + 1
    case Dim.Period:
      return 2
    default:
      return 1
  }
}

/**
 * One walk: every matching row adds to cells[(slot · colSpace + col) · 3 + (0 count | 1 in | 2 out)],
 * slot the row key (or slotOf[row key]). `latest`: per counterparty key, its latest matching row.
 * The filter is the scan's (table-scan.ts's row loop; keep in step with it and with `matches`).
 */
function accumulate(w: Walk, rowDim: Dim, colDim: Dim, colSpace: number, slotOf: Int32Array | null, cells: Float64Array, latest: Int32Array | null): void {
  const { s, bufs, c, src, first, last, direct, checkDate, dayFirst, monthOfDay, emptyDoc, splitAt } = w
  const createdAt = s.createdAt
  const amount = s.amount
  const walletCol = s.wallet
  const codeCol = s.code
  const descCol = s.desc
  const nameCol = s.cpName
  const docCol = s.cpDoc
  const scratch = s.scratch
  const wm = c.walletMask
  const cm = c.codeMask
  const minA = c.minAmount
  const maxA = c.maxAmount
  const hasAmount = minA !== -Infinity || maxA !== Infinity
  const hasText = c.hasText
  const useDesc = c.textDesc
  const useName = c.textName
  const useDoc = c.textDoc
  const useRows = c.rowTextHits
  const dh = bufs.descHits
  const nh = bufs.nameHits
  const dch = bufs.docHits
  const fromMs = c.from
  const toMs = c.to
  const sumKind = s.b.sumKind
  const typeShift = s.b.typeShift
  const docCount = s.documents.size
  const textHit = TEXT_HIT
  const off = SAO_PAULO_OFFSET_MS
  // the walk is in date order (the date order, or candidates sorted by date): the São Paulo day changes
  // rarely, so its key is worked out at each new day only, as the scan's day groups do
  const needDay = rowDim === Dim.Day || rowDim === Dim.Month || colDim === Dim.Month
  // the row's time is read only when something needs it (8 bytes a row)
  const needTime = needDay || checkDate || colDim === Dim.Period
  let dayLo = Infinity
  let dayHi = -Infinity
  let dayKey = 0
  let monthKey = 0
  for (let i = first; i < last; i++) {
    const r = direct ? i : (src[i] as number)
    const t = needTime ? (createdAt[r] as number) : 0
    if (checkDate && (t < fromMs || t >= toMs)) continue
    if (wm !== null && wm[walletCol[r] as number] === 0) continue
    const code = codeCol[r] as number
    if (cm !== null && cm[code] === 0) continue
    const a = amount[r] as number
    if (hasAmount && (a < minA || a > maxA)) continue
    if (
      hasText &&
      !(useDesc && dh[descCol[r] as number] === 1) &&
      !(useName && nh[nameCol[r] as number] === 1) &&
      !(useDoc && dch[docCol[r] as number] === 1) &&
      !(useRows && ((scratch[r] as number) & textHit) !== 0)
    )
      continue
    if (needDay && (t >= dayHi || t < dayLo)) {
      const d = Math.floor((t + off) / DAY_MS)
      dayLo = d * DAY_MS - off
      dayHi = dayLo + DAY_MS
      dayKey = d - dayFirst
      monthKey = monthOfDay[dayKey] as number
    }
    let rk = 0
    if (rowDim === Dim.Counterparty) {
      const doc = docCol[r] as number
      rk = doc !== emptyDoc ? doc : docCount + (nameCol[r] as number)
      if (latest !== null) latest[rk] = r
    } else if (rowDim === Dim.Type) rk = code >> typeShift
    else if (rowDim === Dim.Wallet) rk = walletCol[r] as number
    else if (rowDim === Dim.Day) rk = dayKey
    else if (rowDim === Dim.Month) rk = monthKey
    let ck = 0
    if (colDim === Dim.Month) ck = monthKey
    else if (colDim === Dim.Wallet) ck = walletCol[r] as number
    else if (colDim === Dim.Type) ck = code >> typeShift
    else if (colDim === Dim.Period) ck = t >= splitAt ? 1 : 0
    const slot = slotOf === null ? rk : (slotOf[rk] as number)
    const at = (slot * colSpace + ck) * 3
    cells[at] = (cells[at] as number) + 1
    const kind = sumKind[code] as number
    if (kind === 1) cells[at + 1] = (cells[at + 1] as number) + a
    else if (kind === 2) cells[at + 2] = (cells[at + 2] as number) + a
  }
}

/** Per row key: [count, in, out] over its columns. */
function rowTotals(cells: Float64Array, rowSpace: number, colSpace: number): Float64Array {
  if (colSpace === 1) return cells
  const out = new Float64Array(rowSpace * 3)
  for (let rk = 0; rk < rowSpace; rk++) {
    let n = 0
    let i = 0
    let o = 0
    for (let k = 0, at = rk * colSpace * 3; k < colSpace; k++, at += 3) {
      n += cells[at] as number
      i += cells[at + 1] as number
      o += cells[at + 2] as number
    }
    out[rk * 3] = n
    out[rk * 3 + 1] = i
    out[rk * 3 + 2] = o
  }
  return out
}

/** The row keys listed, in the answer's order (module header), and how many others there are. */
function chooseRows(s: TableStore, w: Walk, rowDim: Dim, totals: Float64Array, rowSpace: number, rowLimit: number): { keys: number[]; omitted: number } {
  const used: number[] = []
  for (let rk = 0; rk < rowSpace; rk++) if ((totals[rk * 3] as number) > 0) used.push(rk)
  const omitted = Math.max(0, used.length - rowLimit)
  if (isTime(rowDim)) return { keys: used.slice(0, rowLimit), omitted }
  // names only for the ties (equal volume and count): tens of thousands of counterparties sort by numbers
  const names = new Map<number, string>()
  const nameOf = (rk: number): string => {
    let n = names.get(rk)
    if (n === undefined) names.set(rk, (n = rowKeyName(s, w, rowDim, rk)))
    return n
  }
  const before = (x: number, y: number): number => {
    const vx = (totals[x * 3 + 1] as number) + (totals[x * 3 + 2] as number)
    const vy = (totals[y * 3 + 1] as number) + (totals[y * 3 + 2] as number)
    if (vx !== vy) return vy - vx
    const cx = totals[x * 3] as number
    const cy = totals[y * 3] as number
    if (cx !== cy) return cy - cx
    const a = nameOf(x)
    const b = nameOf(y)
    return a < b ? -1 : a > b ? 1 : x - y
  }
  if (used.length <= rowLimit * 4) return { keys: used.sort(before).slice(0, rowLimit), omitted }
  // D-analysis-views: only the rowLimit first are listed, so they are selected (a heap whose root is the last of
  // them) rather than every key sorted — the order is total, so the rows are those of the full sort
  return { keys: firstInOrder(used, rowLimit, before), omitted }
}

/** The `k` first of `items` in the order `before` (a total order), in that order: a heap of k, then k sorted. */
export function firstInOrder(items: ReadonlyArray<number>, k: number, before: (x: number, y: number) => number): number[] {
  const heap: number[] = []
  // a max-heap by `before`: the root is the one that comes last among those kept
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < heap.length && before(heap[l] as number, heap[m] as number) > 0) m = l
      if (r < heap.length && before(heap[r] as number, heap[m] as number) > 0) m = r
      if (m === i) return
      const t = heap[i] as number
      heap[i] = heap[m] as number
      heap[m] = t
      i = m
    }
  }
  for (const x of items) {
    if (heap.length < k) {
      heap.push(x)
      for (let i = heap.length - 1; i > 0;) {
        const p = (i - 1) >> 1
        if (before(heap[i] as number, heap[p] as number) <= 0) break
        const t = heap[i] as number
        heap[i] = heap[p] as number
        heap[p] = t
        i = p
      }
    } else if (k > 0 && before(x, heap[0] as number) < 0) {
      heap[0] = x
      down(0)
    }
  }
  return heap.sort(before)
}

/** The string key of a row or column key. */
function rowKeyName(s: TableStore, w: Walk, d: Dim, k: number): string {
  switch (d) {
    case Dim.Day:
      return spDayKey(w.dayFirst + k)
    case Dim.Month: {
      const [y0, m0] = civilFromDays(w.dayFirst)
      const m = m0 - 1 + k
      return `${y0 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`
    }
    case Dim.Period:
      return k === 0 ? "previous" : "current"
    case Dim.None:
      return ""
    case Dim.Counterparty:
      return counterpartyGroup(s, k).key
    case Dim.Type:
      return groupKey(s, GroupMode.Type, k)
    default:
      return groupKey(s, GroupMode.Wallet, k)
  }
}

function finishResult(
  s: TableStore,
  w: Walk,
  spec: PivotSpec,
  rowDim: Dim,
  colDim: Dim,
  colSpace: number,
  cells: Float64Array,
  cellRows: ReadonlyArray<number>,
  rowKeys: ReadonlyArray<number>,
  othersSlot: number,
  omitted: number,
  latest: Int32Array | null,
  period: PivotResult["period"],
  t0: number
): PivotResult {
  // column totals over every cell row (the chosen, the others)
  const allRows = Math.floor(cells.length / (colSpace * 3))
  const colTot = new Float64Array(colSpace * 3)
  for (let rk = 0; rk < allRows; rk++)
    for (let k = 0, at = rk * colSpace * 3; k < colSpace * 3; k++, at++) colTot[k] = (colTot[k] as number) + (cells[at] as number)
  // which columns are shown: wallets as selected; months from the first to the last with rows; types with rows
  let cols: number[]
  let colKeys: string[]
  if (colDim === Dim.Wallet) {
    cols = []
    colKeys = []
    for (const id of w.c.selectedWallets) {
      cols.push(s.wallets.lookup(id) ?? -1)
      colKeys.push(id)
    }
  } else {
    const all = Array.from({ length: colSpace }, (_, k) => k)
    let used = all.filter((k) => (colTot[k * 3] as number) > 0)
    if (colDim === Dim.Month && used.length > 0) used = all.slice(used[0], (used[used.length - 1] as number) + 1)
    if (colDim === Dim.Period || colDim === Dim.None) used = all
    cols = used
    colKeys = used.map((k) => rowKeyName(s, w, colDim, k))
  }
  const lineOf = (slot: number, key: string, label: string | undefined): PivotLine => {
    const out: number[] = []
    let n = 0
    let i = 0
    let o = 0
    for (const k of cols) {
      if (k < 0) {
        out.push(0, 0, 0)
        continue
      }
      const at = (slot * colSpace + k) * 3
      out.push(cells[at] as number, cells[at + 1] as number, cells[at + 2] as number)
    }
    // the line's totals over every column (a hidden one has no rows)
    for (let k = 0, at = slot * colSpace * 3; k < colSpace; k++, at += 3) {
      n += cells[at] as number
      i += cells[at + 1] as number
      o += cells[at + 2] as number
    }
    return label !== undefined ? { key, label, count: n, sumIn: i, sumOut: o, cells: out } : { key, count: n, sumIn: i, sumOut: o, cells: out }
  }
  const lines = cellRows.map((slot, idx) => {
    const rk = rowKeys[idx] as number
    if (rowDim === Dim.Counterparty) {
      const g = counterpartyGroup(s, rk, latest !== null ? (latest[rk] as number) : -1)
      return lineOf(slot, g.key, g.label)
    }
    return lineOf(slot, rowKeyName(s, w, rowDim, rk), undefined)
  })
  let others: PivotLine | null = null
  if (omitted > 0) {
    if (othersSlot >= 0) others = lineOf(othersSlot, "", undefined)
    else {
      // direct cells: the others are every row key not listed
      const listed = new Uint8Array(allRows)
      for (const rk of rowKeys) listed[rk] = 1
      const sum = new Float64Array(cols.length * 3)
      let n = 0
      let si = 0
      let so = 0
      for (let rk = 0; rk < allRows; rk++) {
        if (listed[rk] === 1) continue
        const base = rk * colSpace * 3
        for (let k = 0; k < colSpace; k++) {
          n += cells[base + k * 3] as number
          si += cells[base + k * 3 + 1] as number
          so += cells[base + k * 3 + 2] as number
        }
        cols.forEach((k, j) => {
          if (k < 0) return
          const at = base + k * 3
          sum[j * 3] = (sum[j * 3] as number) + (cells[at] as number)
          sum[j * 3 + 1] = (sum[j * 3 + 1] as number) + (cells[at + 1] as number)
          sum[j * 3 + 2] = (sum[j * 3 + 2] as number) + (cells[at + 2] as number)
        })
      }
      others = { key: "", count: n, sumIn: si, sumOut: so, cells: Array.from(sum) }
    }
  }
  const totalCells: number[] = []
  for (const k of cols) {
    if (k < 0) totalCells.push(0, 0, 0)
    else totalCells.push(colTot[k * 3] as number, colTot[k * 3 + 1] as number, colTot[k * 3 + 2] as number)
  }
  let tn = 0
  let ti = 0
  let to = 0
  for (let k = 0; k < colSpace; k++) {
    tn += colTot[k * 3] as number
    ti += colTot[k * 3 + 1] as number
    to += colTot[k * 3 + 2] as number
  }
  return {
    rows: spec.rows,
    cols: spec.cols,
    columns: colKeys,
    lines,
    others,
    omitted,
    total: { key: "", count: tn, sumIn: ti, sumOut: to, cells: totalCells },
    ...(period ? { period } : {}),
    tookMs: performance.now() - t0
  }
}
