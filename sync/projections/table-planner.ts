/**
 * The planner of a table projection (DESIGN "Big tables inside"; sync/SPEC.md Q4, Q5, Q7–Q10): how
 * a query is answered. In order —
 *  1. the match cache (Q4): the same filter and sort asked since the last write (a window further
 *     down: a slice), before anything is compiled;
 *  2. rows first for a text (Q5, paths/rows-first.ts): an early answer, not the answer;
 *  3. the access paths of the state (paths/: chunks Q7, bands Q10, entries Q8, entry rows Q9), each
 *     answering or declining;
 *  4. the scan, over a cached answer's rows when the text only extends a cached one (refined), with
 *     its own early answer (Q5) for a date-ordered ask, keeping its full match list (Q4).
 * The TEXT_HIT marks compile leaves in the store's scratch are cleared however the query ends.
 */
import { CompactIntColumn } from "./int-column.ts"
import type { Ask } from "./paths/access-path.ts"
import { textEarlyRows } from "./paths/rows-first.ts"
import { compile } from "./table-compile.ts"
import { GroupMode, groupMode } from "./table-groups.ts"
import { scan } from "./table-scan.ts"
import type { TableState } from "./table-state.ts"
import { finish, type Answer, type ScanOut } from "./table-totals.ts"
import { DEFAULT_LIMIT, DEFAULT_SORT, MAX_LIMIT, matchKey, restKey, type TableQuery } from "./table-types.ts"
import { documentDigitsOf, foldText } from "../../schema/text-fold.ts"

/**
 * Filter, count, sum, window and groups (see TableProjection.query). `listWhole`: the caller reads
 * the matches again at once (sumInts), so they are listed whole and kept.
 */
export function planQuery(st: TableState, q: TableQuery, onEarly: ((early: Answer) => void) | undefined, listWhole: boolean): Answer {
  const { store: s, bufs, cache } = st
  const t0 = performance.now()
  const sort = q.sort ?? DEFAULT_SORT
  const offset = Math.max(0, Math.floor(q.offset ?? 0))
  const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(q.limit ?? DEFAULT_LIMIT)))
  const gm = groupMode(q.groupBy)
  // cacheable: no groups (their totals are not kept) and rows wanted (a count alone is not worth a list)
  const cacheable = gm === GroupMode.None && limit > 0
  const key = cacheable ? matchKey(q, sort) : ""
  if (cacheable) {
    const hit = cache.cachedMatches(key)
    if (hit) {
      st.lastPath = "cache"
      const rows: unknown[] = []
      for (let i = offset, end = Math.min(hit.total, offset + limit); i < end; i++) rows.push(s.rowView(hit.matches[i] as number))
      const result: Answer = { total: hit.total, sumIn: hit.sumIn, sumOut: hit.sumOut, net: hit.sumIn - hit.sumOut, rows, tookMs: 0 }
      if (hit.perWallet) result.perWallet = hit.perWallet
      if (hit.perCurrency) result.perCurrency = hit.perCurrency
      result.tookMs = performance.now() - t0
      return result
    }
  }
  s.byDate.ensure()
  const folded = foldText((q.text ?? "").trim())
  const digits = documentDigitsOf((q.text ?? "").trim())
  // Q5 for a text: its first rows from a walk that tests only the strings it meets
  let earlySent = false
  if (onEarly && cacheable && sort.by === "created_at" && folded.length > 0) {
    const e = textEarlyRows(s, bufs, st.entryRowsFrom, q, sort, offset, limit, folded, digits)
    if (e !== null) {
      onEarly({
        total: e.total,
        sumIn: e.sumIn,
        sumOut: e.sumOut,
        net: e.sumIn - e.sumOut,
        rows: e.rows.map((r) => s.rowView(r)),
        tookMs: performance.now() - t0,
        partial: true
      })
      earlySent = true
    }
  }
  let c = compile(s, bufs, q, st.entryRowsFrom)
  try {
    // the access paths: the first page of filters an index answers without visiting every match;
    // scrolling further lists the matches whole and slices them (Q4), as it is asked again with another window
    const ask: Ask = { q, c, sort, offset, limit, gm, cacheable, key, t0 }
    for (const path of st.paths) {
      const a = path.answer(ask)
      if (a === null) continue
      if (cacheable) cache.askedBefore(key)
      st.lastPath = path.name
      if (a.ints !== null) st.pathInts = { key, version: s.writes, sums: a.ints }
      return a.result
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
    const allCap = cacheable && (cache.wasAsked(key) || listWhole) ? Infinity : Math.max(1024, s.liveRows >> 3)
    let refined = false
    if (cacheable && !c.none && c.hasText && c.candidates === null) {
      const narrower = cache.refinementBase(rest, folded, digits, c.rowTextHits)
      if (narrower) c = { ...c, candidates: narrower }
      refined = narrower !== null
    }
    st.lastPath = refined ? "refined" : "scan"
    // a cacheable scan lists every match (into a buffer the size of the rows), not just the window
    const need = cacheable ? Math.max(s.n, limit) : limit
    if (bufs.windowBuf.length < need) bufs.windowBuf = new Uint32Array(cacheable ? Math.max(need, s.cap) : need)
    const trackWallets = c.selectedWallets.length > 1
    const answer = (out: ScanOut): Answer => {
      const result = finish(s, bufs, c, sort, out, offset, limit, gm, trackWallets, t0)
      if (out.complete) {
        cache.remember({
          version: s.writes,
          key,
          rest,
          folded,
          digits,
          sort,
          matches: cache.keepMatches(out),
          total: out.total,
          sumIn: out.sumIn,
          sumOut: out.sumOut,
          perWallet: result.perWallet,
          perCurrency: result.perCurrency
        })
        result.tookMs = performance.now() - t0
      }
      return result
    }
    // Q5: rows first. A date-sorted scan finds the window's rows in date order, usually after a
    // few hundred rows: stopped there, they go out at once (partial), then the full scan runs.
    // When that first scan reaches the end before the window is full, it is the full answer.
    if (onEarly && !earlySent && cacheable && sort.by === "created_at") {
      const early = scan(s, bufs, st.entryRows, c, sort, offset, offset + limit, bufs.windowBuf, gm, trackWallets, true, offset + limit, allCap)
      if (early.stopped) {
        const rows: unknown[] = []
        for (let i = offset - early.base, end = Math.min(early.windowCount, i + limit); i < end; i++) rows.push(s.rowView(early.window[i] as number))
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
        if (cacheable) cache.askedBefore(key)
        return answer(early)
      }
    }
    if (cacheable) cache.askedBefore(key)
    return answer(scan(s, bufs, st.entryRows, c, sort, offset, offset + limit, bufs.windowBuf, gm, trackWallets, cacheable, Infinity, allCap))
  } finally {
    if (c.rowTextHits) s.scratch.fill(0, 0, s.n)
  }
}

/** Every match in the query's sort order (offset and limit ignored): row numbers, for exports. */
export function allMatches(st: TableState, q: TableQuery): Uint32Array {
  const { store: s, bufs } = st
  const sort = q.sort ?? DEFAULT_SORT
  s.byDate.ensure()
  const c = compile(s, bufs, q, st.entryRowsFrom)
  try {
    const buf = new Uint32Array(s.liveRows)
    const out = scan(s, bufs, st.entryRows, c, sort, 0, Infinity, buf, GroupMode.None, false, false)
    return buf.subarray(0, out.windowCount)
  } finally {
    if (c.rowTextHits) s.scratch.fill(0, 0, s.n)
  }
}

/** The extra ints summed over every match of the filter (see TableProjection.sumInts). */
export function sumInts(st: TableState, q: TableQuery): Record<string, number> {
  const { store: s, bufs } = st
  const names = s.b.ints
  const out: Record<string, number> = {}
  const key = matchKey(q, q.sort ?? DEFAULT_SORT)
  // Q8–Q10: the sums query() just added up from a path's index
  const fromPath = st.pathInts
  if (fromPath !== null && fromPath.key === key && fromPath.version === s.writes) {
    for (let k = 0; k < s.ints.length; k++) out[names[k] as string] = fromPath.sums[k] as number
    return out
  }
  // the matches of this filter as query() just listed and kept them (Q4)
  const kept = st.cache.cachedMatches(key)?.matches
  if (kept === undefined && (q.text ?? "").trim() === "" && q.minAmount === undefined && q.maxAmount === undefined) {
    // Q7: a filter of wallets, codes and a period adds up the chunks' per-pair sums, as its other totals
    const c = compile(s, bufs, q, st.entryRowsFrom)
    const acc = new Float64Array(s.ints.length)
    st.chunks.sumInts(c, acc)
    for (let k = 0; k < s.ints.length; k++) out[names[k] as string] = acc[k] as number
    return out
  }
  // else the matches, listed by a scan of their own
  const rows = kept ?? allMatches(st, q)
  for (let k = 0; k < s.ints.length; k++) out[names[k] as string] = (s.ints[k] as CompactIntColumn).sumRows(rows, s.code, s.b.sumKind)
  return out
}
