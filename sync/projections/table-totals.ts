/**
 * A table projection's totals and the shape of its answer (sync/SPEC.md PJ, Q7–Q10): the
 * per-(wallet, code) pairs that listLoop, the chunk totals and the entry totals fill, folded into
 * the count, in and out (by the code's sum kind: `sums.counted` statuses only), per currency and,
 * with several wallets selected, per wallet; and the answer built from a scan's output — the
 * window's rows rebuilt from the columns, the groups, perWallet, perCurrency. Integers all: the
 * sums are exact in any order, so every access path gives the scan's totals to the unit.
 */
import type { CompactIntColumn } from "./int-column.ts"
import { DEAD } from "./table-binding.ts"
import type { Compiled } from "./table-compile.ts"
import { collectGroups, GroupMode } from "./table-groups.ts"
import type { QueryBuffers } from "./query-buffers.ts"
import type { TableStore } from "./table-store.ts"
import type { CurrencyTotals, Mutable, TableQueryResult, TableSort } from "./table-types.ts"

/** An answer inside the projection: rows as the store rebuilds them (the facade gives them the table's row type). */
export type Answer = Mutable<TableQueryResult<unknown>>

export interface ScanOut {
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

export interface Sums {
  total: number
  sumIn: number
  sumOut: number
}

/**
 * A scan's (or the chunk totals') counts into its result: the totals, and BRL (currency code 0)
 * in the per-currency triples as whatever the other currencies do not hold.
 */
export function settleTotals(out: ScanOut, pc: Float64Array, total: number, sumIn: number, sumOut: number): void {
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
export const pairFilter = (c: { readonly walletMask: Uint8Array | null; readonly codeMask: Uint8Array | null }) => {
  const wm = c.walletMask
  const cm = c.codeMask
  return (w: number, k: number): boolean => (wm === null || wm[w] === 1) && (cm === null || cm[k] === 1)
}

/** listLoop's per-pair arrays, zeroed, and the pair mask of a compiled filter; how many pairs. */
export function preparePairs(s: TableStore, bufs: QueryBuffers, c: Compiled): number {
  const space = s.b.codeSpace
  const pairs = s.wallets.size * space
  if (bufs.pairN.length < pairs) {
    bufs.pairN = new Float64Array(pairs)
    bufs.pairA = new Float64Array(pairs)
    bufs.pairOk = new Uint8Array(pairs)
  }
  bufs.pairN.fill(0, 0, pairs)
  bufs.pairA.fill(0, 0, pairs)
  const { walletMask: wm, codeMask: cm } = c
  const pairOk = bufs.pairOk
  for (let k = 0; k < pairs; k++) {
    const code = k % space
    pairOk[k] = (wm === null || wm[(k - code) / space] === 1) && (cm === null || cm[code] === 1) ? 1 : 0
  }
  return pairs
}

/**
 * One (wallet, code) pair's matches into the totals: the count, in and out by the code's sum kind,
 * the per-currency triples (not BRL: settleTotals derives it) and, with several wallets, the
 * per-wallet triples. The chunk totals (Q7) and listLoop's pairs (D-list-loop) both end here.
 */
export function addPair(s: TableStore, bufs: QueryBuffers, sums: Sums, w: number, code: number, count: number, sum: number, trackWallets: boolean): void {
  sums.total += count
  const kind = s.b.sumKind[code] as number
  if (kind === 1) sums.sumIn += sum
  else if (kind === 2) sums.sumOut += sum
  const cur = code & s.b.curMask
  const pc = bufs.perCurrency
  if (cur !== 0) {
    const k3 = cur * 3
    pc[k3] = (pc[k3] as number) + count
    if (kind === 1) pc[k3 + 1] = (pc[k3 + 1] as number) + sum
    else if (kind === 2) pc[k3 + 2] = (pc[k3 + 2] as number) + sum
  }
  if (trackWallets) {
    const pw = bufs.perWallet
    const w3 = w * 3
    pw[w3] = (pw[w3] as number) + count
    if (kind === 1) pw[w3 + 1] = (pw[w3 + 1] as number) + sum
    else if (kind === 2) pw[w3 + 2] = (pw[w3 + 2] as number) + sum
  }
}

/** A live row into its (wallet, code) pair when the filter keeps the pair, and its extra ints into `ints` (Q8's identifier rows, Q10's cut bands). */
export function addRowToPair(s: TableStore, bufs: QueryBuffers, r: number, ints: Float64Array): void {
  const code = s.code[r] as number
  if (code === DEAD) return
  const k = (s.wallet[r] as number) * s.b.codeSpace + code
  if (bufs.pairOk[k] === 0) return
  bufs.pairN[k] = (bufs.pairN[k] as number) + 1
  bufs.pairA[k] = (bufs.pairA[k] as number) + (s.amount[r] as number)
  // the extra ints count the summed statuses only, as the amount totals do (D-gateway-sums)
  if (s.b.sumKind[code] !== 0) for (let i = 0; i < ints.length; i++) ints[i] = (ints[i] as number) + (s.ints[i] as CompactIntColumn).get(r)
}

/** listLoop's pairs (or the entry totals') into the totals (addPair); perCurrency and perWallet are zeroed first. */
export function foldPairs(s: TableStore, bufs: QueryBuffers, pairs: number, trackWallets: boolean): Sums {
  bufs.perCurrency.fill(0)
  if (trackWallets) bufs.zeroPerWallet(s.wallets.size)
  const space = s.b.codeSpace
  const sums = { total: 0, sumIn: 0, sumOut: 0 }
  const pairN = bufs.pairN
  const pairA = bufs.pairA
  for (let k = 0; k < pairs; k++) {
    const n = pairN[k] as number
    if (n === 0) continue
    const code = k % space
    addPair(s, bufs, sums, (k - code) / space, code, n, pairA[k] as number, trackWallets)
  }
  return sums
}

/** The answer of a scan's output: rows of the window, totals, groups, perWallet, perCurrency (the caller keeps a complete one: the match cache). */
export function finish(
  s: TableStore,
  bufs: QueryBuffers,
  c: Compiled,
  sort: TableSort,
  out: ScanOut,
  offset: number,
  limit: number,
  gm: GroupMode,
  trackWallets: boolean,
  t0: number
): Answer {
  const rows: unknown[] = []
  for (let i = Math.max(0, offset - out.base), end = Math.min(out.windowCount, offset - out.base + limit); i < end; i++)
    rows.push(s.rowView(out.window[i] as number))
  const { sumIn, sumOut } = out
  const pc = bufs.perCurrency
  let currencies = 0
  for (let k = 0; k * 3 < pc.length; k++) if ((pc[k * 3] as number) > 0) currencies++
  const result: Answer = { total: out.total, sumIn, sumOut, net: sumIn - sumOut, rows, tookMs: 0 }
  if (gm !== GroupMode.None) result.groups = collectGroups(s, bufs, gm, sort, out.total > 0)
  if (trackWallets) {
    const pw = bufs.perWallet
    result.perWallet = c.selectedWallets.map((id) => {
      const w = s.wallets.lookup(id)
      return w === undefined || out.total === 0
        ? { key: id, count: 0, sumIn: 0, sumOut: 0 }
        : { key: id, count: pw[w * 3] as number, sumIn: pw[w * 3 + 1] as number, sumOut: pw[w * 3 + 2] as number }
    })
  }
  if (currencies > 1) {
    const list: CurrencyTotals[] = []
    for (let k = 0; k < s.b.currencies.length; k++) {
      const count = pc[k * 3] as number
      if (count > 0) list.push({ currency: s.b.currencies[k] as string, count, sumIn: pc[k * 3 + 1] as number, sumOut: pc[k * 3 + 2] as number })
    }
    result.perCurrency = list
  }
  result.tookMs = performance.now() - t0
  return result
}

/**
 * The answer of an access path that filled the pairs (Q8, Q9, Q10): the pairs folded into the
 * totals and the first `wc` rows of the window buffer.
 */
export function answerFromPairs(s: TableStore, bufs: QueryBuffers, c: Compiled, sort: TableSort, limit: number, pairs: number, wc: number, t0: number): Answer {
  const trackWallets = c.selectedWallets.length > 1
  const sums = foldPairs(s, bufs, pairs, trackWallets)
  const out: ScanOut = { total: 0, sumIn: 0, sumOut: 0, window: bufs.windowBuf, windowCount: wc, base: 0, complete: false, stopped: false }
  settleTotals(out, bufs.perCurrency, sums.total, sums.sumIn, sums.sumOut)
  return finish(s, bufs, c, sort, out, 0, limit, GroupMode.None, trackWallets, t0)
}
