/**
 * The scan of a table projection (DESIGN "Large data"; budgets "filter/sort/count/sum over 1M local
 * rows p95 ≤ 30 ms", "filter over 1M gateway transactions p95 ≤ 16 ms"; sync/SPEC.md PJ, Q4, Q5):
 * the answer every access path falls back to. Walks the period in date order testing each row
 * against the compiled filter, fills the window, counts and sums (per currency, per wallet, per
 * group), and for an amount sort collects and radix-sorts the matches. Its commonest case (no
 * groups, date order) is listLoop (scan-loops.ts). A free function over the store and the buffers,
 * so its loops read locals and typed arrays only.
 */
import { DAY_MS, spDayIndex, spDayStart } from "../../schema/sao-paulo-time.ts"
import type { HitList } from "./intern-dictionary.ts"
import { radixSortRows } from "./order-index.ts"
import type { QueryBuffers } from "./query-buffers.ts"
import { clearBit, listLoop, markRows, prefilterRows, TEXT_DICT, TEXT_HIT } from "./scan-loops.ts"
import { matches, type Compiled } from "./table-compile.ts"
import { GroupMode } from "./table-groups.ts"
import type { TableStore } from "./table-store.ts"
import { foldPairs, preparePairs, settleTotals, type ScanOut } from "./table-totals.ts"
import type { TableSort } from "./table-types.ts"

/** Below this many rows in the period, a text filter is tested in the one loop (no first pass). */
const PREFILTER_MIN = 4096

/**
 * Marks TEXT_DICT on the rows of a large dictionary's listed hit entries by its rows by entry
 * (the entry-rows path's index, Q9), when few enough; false (nothing marked) otherwise, and the
 * scan marks row by row.
 */
export interface EntryMarker {
  markByEntry(docs: boolean, list: HitList | null): boolean
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
export function scan(
  s: TableStore,
  bufs: QueryBuffers,
  marker: EntryMarker | null,
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
  const pc = bufs.perCurrency
  pc.fill(0)
  const out: ScanOut = { total: 0, sumIn: 0, sumOut: 0, window: win, windowCount: 0, base: all ? 0 : realStart, complete: all, stopped: false }
  if (c.none || s.liveRows === 0) return out
  // `all`: the window is every match from the first (win holds as many as there are rows), up
  // to `allCap` of them or the end of the real window, whichever is further
  const winStart = all ? 0 : realStart
  const winEnd = all ? Math.max(allCap, realEnd) : realEnd
  const lo = c.from === -Infinity ? 0 : s.lowerBound(c.from)
  const hi = c.to === Infinity ? s.byDate.n : s.lowerBound(c.to)
  if (lo >= hi) return out

  const ident = s.byDate.identity
  // the identity order holds no array: with no candidates, its rows are the positions themselves (`direct`)
  const perm = s.byDate.ownRows
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
  // without an amount filter a non-matching row never needs its 8-byte amount read
  const hasAmount = minA !== -Infinity || maxA !== Infinity
  const hasText = c.hasText
  const useDesc = c.textDesc
  const useName = c.textName
  const useDoc = c.textDoc
  const useRows = c.rowTextHits
  const dh = bufs.descHits
  const nh = bufs.nameHits
  const dch = bufs.docHits
  const byAmount = sort.by === "amount"
  const asc = sort.dir === "asc"
  const sumKind = s.b.sumKind
  const rawKind = s.b.rawKind
  const curMask = s.b.curMask
  const typeShift = s.b.typeShift
  const textHit = TEXT_HIT
  const byDay = gm === GroupMode.Day
  const grouped = gm !== GroupMode.None
  const byType = gm === GroupMode.Type
  const byWallet = gm === GroupMode.Wallet
  const byCode = gm === GroupMode.Code

  if (trackWallets) bufs.zeroPerWallet(s.wallets.size)
  const pw = bufs.perWallet
  const list = bufs.listBuf
  let listN = 0
  let overflow = false

  let emptyDoc = -1
  if (gm === GroupMode.Day) {
    bufs.dayBase = spDayIndex(createdAt[s.byDate.rowAt(lo)] as number)
    bufs.prepareGroups(spDayIndex(createdAt[s.byDate.rowAt(hi - 1)] as number) - bufs.dayBase + 1)
  } else if (gm === GroupMode.Type) bufs.prepareGroups(s.b.typeLiterals.length)
  else if (gm === GroupMode.Code) bufs.prepareGroups(s.b.codeSpace)
  else if (gm === GroupMode.Wallet) bufs.prepareGroups(s.wallets.size)
  else if (gm === GroupMode.Counterparty) {
    bufs.prepareGroups(s.documents.size + s.names.size)
    emptyDoc = s.documents.lookup("") ?? -1
  }
  const docCount = s.documents.size
  const dayBase = bufs.dayBase
  const gCount = bufs.gCount
  const gIn = bufs.gIn
  const gOut = bufs.gOut
  const gFirst = bufs.gFirst
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
    const pre = bufs.prefilterOf(hi - lo, s.cap)
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
      pre
    )
    cand = pre.subarray(0, k)
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
    const space = s.b.codeSpace
    const pairs = preparePairs(s, bufs, c)
    const pairN = bufs.pairN
    const pairA = bufs.pairA
    const pairOk = bufs.pairOk
    const rowsOf = direct ? null : src
    // the dictionary hits onto the rows (TEXT_DICT), one column at a time
    const marks = hasText && (useDesc || useName || useDoc)
    // a large dictionary with few hits marks its hit entries' rows by entry (Q9's index), not row by row
    let byEntry = false
    if (marks) {
      if (useDesc) {
        if (rowsOf === null && marker !== null && marker.markByEntry(false, c.descList)) byEntry = true
        else markRows(rowsOf, first, last, descCol, dh, scratch)
      }
      if (useName) markRows(rowsOf, first, last, nameCol, nh, scratch)
      if (useDoc) {
        if (rowsOf === null && marker !== null && marker.markByEntry(true, c.docList)) byEntry = true
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
        const [from, to] = byEntry ? [0, s.n] : [first, last]
        if (!useRows && rowsOf === null) scratch.fill(0, from, to)
        else clearBit(rowsOf, from, to, scratch, TEXT_DICT)
      }
    }
    total = res.total
    wc = res.wc
    stopped = res.stopped
    // the pairs into the totals, as the chunk totals' pairs are (addPair)
    const sums = foldPairs(s, bufs, pairs, trackWallets)
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
        !(useRows && ((scratch[r] as number) & textHit) !== 0)
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
      if (byDay) {
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
          const d = s.compareAmount(r, f)
          if (asc ? d < 0 : d > 0) gFirst[dayGroup] = r
        }
      } else if (grouped) {
        let g: number
        let gk = kind
        if (byType) g = code >> typeShift
        else if (byWallet) g = walletCol[r] as number
        else if (byCode) {
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
          const d = s.compareAmount(r, f)
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
      s.byAmount.ensure()
      const ap = s.byAmount.perm
      // the amount range is a slice of the amount order: walk only that
      const kLo = hasAmount ? s.amountBound(minA, false) : 0
      const kHi = hasAmount ? s.amountBound(maxA, true) : s.byAmount.n
      let seen = 0
      for (let j = 0; j < kHi - kLo && seen < realEnd; j++) {
        const r = ap[asc ? kLo + j : kHi - 1 - j] as number
        const t = createdAt[r] as number
        if (t < c.from || t >= c.to || !matches(s, bufs, c, r)) continue
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
