/**
 * Chart series of a table projection (features §2 statements' balance chart; sync/SPEC.md Q4):
 * per day or month, in/out over the matching rows in one currency (the query's, else the first:
 * BRL) and the closing balance of the selected wallets (the balanceSeries plugin: balance_after of
 * each wallet's last counted row up to the bucket's end, whatever the text/type/amount filters — a
 * balance belongs to the wallet, not to the filter — carried over empty buckets, summed). The day
 * series reuses the match cache's list when it holds the filter, and keeps the balance line of the
 * last wallets + currency + range; the month series is one walk (or the days summed: monthsFromDays).
 * The code series (codeSeries: per day × code, count, amount and the extra ints, every status) is
 * the gateway metrics' charts (issue 31 item 4): one walk over the range, nothing kept.
 */
import { civilFromDays, DAY_MS, daysFromCivil, spDayIndex, spDayKey, spDayStart, spMonthKey } from "../../schema/sao-paulo-time.ts"
import { CompactIntColumn } from "./int-column.ts"
import type { DayCodeTotals } from "./day-code-totals.ts"
import type { MatchCache } from "./paths/match-cache.ts"
import type { QueryBuffers } from "./query-buffers.ts"
import { compile, matches } from "./table-compile.ts"
import type { TableStore } from "./table-store.ts"
import { DEFAULT_SORT, matchKey, restKey, type SeriesPoint, type TableCodeSeries, type TableQuery, type TableSeries, type TableSort } from "./table-types.ts"

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

export class SeriesMaker {
  /** The balance line of the last wallets + currency + range, at the write it was made at. */
  private balanceCache: { key: string; version: number; value: BalanceDays } | null = null

  constructor(
    private readonly s: TableStore,
    private readonly bufs: QueryBuffers,
    private readonly cache: MatchCache,
    private readonly entryRowsFrom: number,
    /** The per wallet × day × code totals a query of wallets and whole days only is answered from (codeSeries). */
    private readonly dayCodes: DayCodeTotals
  ) {}

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
  series(q: TableQuery, unit: "day" | "month" = "day"): TableSeries {
    return unit === "day" ? this.daySeries(q) : this.scanSeries(q, unit)
  }

  /**
   * The day series in two parts (SPEC.md Q4): the balance line, which depends on the wallets,
   * currency and range only (kept for the last such key while the projection is unchanged, so a
   * text or type change does not walk the range again), and in/out, summed over the query's
   * match list when the match cache holds it; without it, scanSeries. Equal to scanSeries(q,
   * "day"), which the tests check.
   */
  private daySeries(q: TableQuery): TableSeries {
    const s = this.s
    const t0 = performance.now()
    const currency = (q.currency ?? s.b.currencies[0]) as string
    const points: SeriesPoint[] = []
    const done = (): TableSeries => ({ unit: "day", currency, points, tookMs: performance.now() - t0 })
    const { offset: _o, limit: _l, groupBy: _g, sort: _s, ...filter } = q
    const fq = { ...filter, currency }
    const from = fq.from ?? -Infinity
    const to = fq.to ?? Infinity
    if (!(from < to)) return done()
    const sort: TableSort = { by: "created_at", dir: "asc" }
    const key = matchKey(fq, sort)
    // the view asked this filter's rows first (its head query): their match list, when kept, is
    // summed; otherwise one walk over the range does it all (a query first would walk it twice)
    const hit = this.cache.cachedMatches(key) ?? this.cache.cachedMatches(matchKey(fq, DEFAULT_SORT))
    if (!hit) return this.scanSeries(q, "day")
    const bal = this.balanceDays(fq)
    const m = hit.matches
    const createdAt = s.createdAt
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
      const kind = s.b.sumKind[s.code[r] as number]
      if (kind === 0) continue
      const b = spDayIndex(createdAt[r] as number) - firstDay
      if (b < 0 || b >= nb) continue
      if (kind === 1) ins[b] = (ins[b] as number) + (s.amount[r] as number)
      else outs[b] = (outs[b] as number) + (s.amount[r] as number)
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

  /**
   * Per São Paulo day × code, the count, amount and extra ints of the matching rows whatever their
   * status (what the "code" groups add up, per day). Days run from `from` to `to` when given, else
   * from the first to the last matching row's; empty days are included, unused codes left out.
   * One walk over the range in date order; the window, sort and groupBy of `q` are ignored.
   */
  codeSeries(q: TableQuery): TableCodeSeries {
    const { s, bufs } = this
    const t0 = performance.now()
    const names = s.b.ints
    s.byDate.ensure()
    const c = compile(s, bufs, q, this.entryRowsFrom)
    const none = (): TableCodeSeries => ({
      days: [],
      keys: [],
      count: [],
      amount: [],
      ints: Object.fromEntries(names.map((n) => [n, []])),
      tookMs: performance.now() - t0
    })
    try {
      const from = q.from ?? -Infinity
      const to = q.to ?? Infinity
      if (!(from < to)) return none()
      // wallets and whole days only: the day × code totals, not the rows
      const wholeDays = Number.isFinite(from) && Number.isFinite(to) && spDayStart(spDayIndex(from)) === from && spDayStart(spDayIndex(to)) === to
      if (wholeDays && !c.none && !c.hasText && c.codeMask === null && c.minAmount === -Infinity && c.maxAmount === Infinity) {
        const firstDay = spDayIndex(from)
        const nd = spDayIndex(to - 1) - firstDay + 1
        const t = this.dayCodes.answer(c.walletMask, firstDay, nd)
        if (t !== null) return this.codeSeriesOf(firstDay, nd, t.used, t.count, t.amount, t.ints, t0)
      }
      const order = s.byDate
      const createdAt = s.createdAt
      const lo = from === -Infinity ? 0 : s.lowerBound(from)
      const hi = to === Infinity ? s.byDate.n : s.lowerBound(to)
      let first = -1
      let last = -1
      for (let i = lo; !c.none && i < hi; i++)
        if (matches(s, bufs, c, order.rowAt(i))) {
          first = i
          break
        }
      if (first < 0 && (from === -Infinity || to === Infinity)) return none()
      for (let i = hi - 1; first >= 0 && i >= first; i--)
        if (matches(s, bufs, c, order.rowAt(i))) {
          last = i
          break
        }
      const firstDay = from !== -Infinity ? spDayIndex(from) : spDayIndex(createdAt[order.rowAt(first)] as number)
      const lastDay = to !== Infinity ? spDayIndex(to - 1) : spDayIndex(createdAt[order.rowAt(last)] as number)
      const nd = lastDay - firstDay + 1
      if (nd <= 0) return none()
      const space = s.b.codeSpace
      const cnt = new Float64Array(nd * space)
      const amt = new Float64Array(nd * space)
      const cols = s.ints
      const acc = cols.map(() => new Float64Array(nd * space))
      const used = new Uint8Array(space)
      const code = s.code
      const amount = s.amount
      let dayLo = Infinity
      let dayHi = -Infinity
      let base = 0
      for (let i = first < 0 ? hi : first, end = last + 1; i < end; i++) {
        const r = order.rowAt(i)
        if (!matches(s, bufs, c, r)) continue
        const t = createdAt[r] as number
        if (t < dayLo || t >= dayHi) {
          const d = spDayIndex(t)
          dayLo = spDayStart(d)
          dayHi = dayLo + DAY_MS
          base = (d - firstDay) * space
        }
        const k = code[r] as number
        const cell = base + k
        used[k] = 1
        cnt[cell] = (cnt[cell] as number) + 1
        amt[cell] = (amt[cell] as number) + (amount[r] as number)
        for (let j = 0; j < cols.length; j++) (acc[j] as Float64Array)[cell] = ((acc[j] as Float64Array)[cell] as number) + (cols[j] as CompactIntColumn).get(r)
      }
      return this.codeSeriesOf(firstDay, nd, used, cnt, amt, acc, t0)
    } finally {
      if (c.rowTextHits) s.scratch.fill(0, 0, s.n)
    }
  }

  /** The code series of days [firstDay, firstDay + nd) from its cells (day-major, `[d * space + code]`) and the codes used. */
  private codeSeriesOf(
    firstDay: number,
    nd: number,
    used: Uint8Array,
    cnt: Float64Array,
    amt: Float64Array,
    acc: ReadonlyArray<Float64Array>,
    t0: number
  ): TableCodeSeries {
    const s = this.s
    const space = s.b.codeSpace
    const names = s.b.ints
    const codes: number[] = []
    for (let k = 0; k < space; k++) if (used[k] === 1) codes.push(k)
    const enums = s.b.table.layout.enums
    const keys = codes.map((g) => enums.map((e) => e.literals[(g >> e.shift) & e.mask] as string).join("|"))
    const pick = (from: Float64Array): number[] => {
      const out = new Array<number>(nd * codes.length)
      for (let d = 0, o = 0; d < nd; d++) for (const k of codes) out[o++] = from[d * space + k] as number
      return out
    }
    const days: string[] = []
    for (let d = 0; d < nd; d++) days.push(spDayKey(firstDay + d))
    return {
      days,
      keys,
      count: pick(cnt),
      amount: pick(amt),
      ints: Object.fromEntries(names.map((n, j) => [n, pick(acc[j] as Float64Array)])),
      tookMs: performance.now() - t0
    }
  }

  /** A row that carries the balance line: of the currency, with a summed status, in a selected wallet. */
  private balanceRowTest(cur: number, wm: Uint8Array | null): (r: number) => boolean {
    const s = this.s
    // without the balanceSeries plugin no row carries a balance: the line stays null
    if (!s.b.balanceSeries) return () => false
    return (r) => {
      const code = s.code[r] as number
      return (code & s.b.curMask) === cur && s.b.sumKind[code] !== 0 && (wm === null || wm[s.wallet[r] as number] === 1)
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
    const s = this.s
    const order = s.byDate
    const wn = s.wallets.size
    const last = new Float64Array(wn)
    const known = new Uint8Array(wn)
    let sum = 0
    let anyKnown = false
    let toSeed = wallets
    for (let i = before - 1; i >= 0 && toSeed > 0; i--) {
      const r = order.rowAt(i)
      if (!balanceRow(r)) continue
      const w = s.wallet[r] as number
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
    return this.s.ints[0] ?? new CompactIntColumn(0)
  }

  /** The balance line of a wallets + currency + range: see daySeries. */
  private balanceDays(q: TableQuery): BalanceDays {
    const { s, bufs } = this
    const key = restKey({
      ...(q.walletIds ? { walletIds: q.walletIds } : {}),
      ...(q.from !== undefined ? { from: q.from } : {}),
      ...(q.to !== undefined ? { to: q.to } : {}),
      ...(q.currency ? { currency: q.currency } : {})
    })
    if (this.balanceCache && this.balanceCache.key === key && this.balanceCache.version === s.writes) return this.balanceCache.value
    s.byDate.ensure()
    const c = compile(
      s,
      bufs,
      { ...(q.walletIds ? { walletIds: q.walletIds } : {}), currency: q.currency ?? (s.b.currencies[0] as string) },
      this.entryRowsFrom
    )
    const order = s.byDate
    const createdAt = s.createdAt
    const from = q.from ?? -Infinity
    const to = q.to ?? Infinity
    const lo = from === -Infinity ? 0 : s.lowerBound(from)
    const hi = to === Infinity ? s.byDate.n : s.lowerBound(to)
    const cur = s.b.currencies.indexOf(q.currency ?? (s.b.currencies[0] as string))
    const wm = c.walletMask
    const balanceRow = this.balanceRowTest(cur, wm)
    let first: number | null = null
    let last: number | null = null
    for (let i = lo; first === null && i < hi; i++) if (balanceRow(order.rowAt(i))) first = spDayIndex(createdAt[order.rowAt(i)] as number)
    for (let i = hi - 1; last === null && i >= lo; i--) if (balanceRow(order.rowAt(i))) last = spDayIndex(createdAt[order.rowAt(i)] as number)
    // the first bucket is the day of `from` (when given), whose rows before `from` count too
    const scanFrom = from === -Infinity ? lo : Math.min(lo, s.lowerBound(spDayStart(spDayIndex(from))))
    const { last: lastBal, known, sum, anyKnown } = this.seedBalances(scanFrom, balanceRow, wm === null ? s.wallets.size : c.selectedWallets.length)
    let balSum = sum
    const seed = anyKnown ? balSum : null
    const days: number[] = []
    const closings: number[] = []
    for (let i = scanFrom; i < hi; i++) {
      const r = order.rowAt(i)
      if (!balanceRow(r)) continue
      const w = s.wallet[r] as number
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
    this.balanceCache = { key, version: s.writes, value }
    return value
  }

  /** The series by one walk over the range (month buckets; the reference for daySeries). */
  private scanSeries(q: TableQuery, unit: "day" | "month"): TableSeries {
    const { s, bufs } = this
    const t0 = performance.now()
    const currency = (q.currency ?? s.b.currencies[0]) as string
    s.byDate.ensure()
    const c = compile(s, bufs, { ...q, currency }, this.entryRowsFrom)
    const points: SeriesPoint[] = []
    const done = (): TableSeries => ({ unit, currency, points, tookMs: performance.now() - t0 })
    try {
      if (!(c.from < c.to)) return done()
      const order = s.byDate
      const createdAt = s.createdAt
      const lo = s.lowerBound(c.from)
      const hi = c.to === Infinity ? s.byDate.n : s.lowerBound(c.to)
      const cur = s.b.currencies.indexOf(currency)
      const wm = c.walletMask
      const balanceRow = this.balanceRowTest(cur, wm)
      let firstDay: number | null = c.from !== -Infinity ? spDayIndex(c.from) : null
      let lastDay: number | null = c.to !== Infinity ? spDayIndex(c.to - 1) : null
      for (let i = lo; firstDay === null && i < hi; i++) {
        const r = order.rowAt(i)
        if (balanceRow(r) || matches(s, bufs, c, r)) firstDay = spDayIndex(createdAt[r] as number)
      }
      for (let i = hi - 1; lastDay === null && i >= lo; i--) {
        const r = order.rowAt(i)
        if (balanceRow(r) || matches(s, bufs, c, r)) lastDay = spDayIndex(createdAt[r] as number)
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
      const scanFrom = c.from === -Infinity ? lo : Math.min(lo, s.lowerBound(bucketStart(0)))
      const ins = new Float64Array(nb)
      const outs = new Float64Array(nb)
      const closing = new Float64Array(nb)
      const closingSet = new Uint8Array(nb)
      const { last, known, sum, anyKnown } = this.seedBalances(scanFrom, balanceRow, wm === null ? s.wallets.size : c.selectedWallets.length)
      let balSum = sum
      let carry: number | null = anyKnown ? balSum : null
      let lastDayIdx = Number.NaN
      let bucket = 0
      for (let i = scanFrom; i < hi; i++) {
        const r = order.rowAt(i)
        const day = spDayIndex(createdAt[r] as number)
        if (day !== lastDayIdx) {
          lastDayIdx = day
          bucket = bucketOf(day) - b0
        }
        if (bucket >= nb) break
        if (balanceRow(r)) {
          const w = s.wallet[r] as number
          const b = this.balanceCol.get(r)
          balSum += known[w] === 1 ? b - (last[w] as number) : b
          known[w] = 1
          last[w] = b
          closing[bucket] = balSum
          closingSet[bucket] = 1
        }
        if (i < lo || !matches(s, bufs, c, r)) continue
        const kind = s.b.sumKind[s.code[r] as number]
        if (kind === 1) ins[bucket] = (ins[bucket] as number) + (s.amount[r] as number)
        else if (kind === 2) outs[bucket] = (outs[bucket] as number) + (s.amount[r] as number)
      }
      for (let b = 0; b < nb; b++) {
        if (closingSet[b] === 1) carry = closing[b] as number
        const start = bucketStart(b)
        const key = unit === "day" ? spDayKey(b0 + b) : spMonthKey(spDayIndex(start))
        points.push({ key, from: start, sumIn: ins[b] as number, sumOut: outs[b] as number, net: (ins[b] as number) - (outs[b] as number), balance: carry })
      }
      return done()
    } finally {
      if (c.rowTextHits) s.scratch.fill(0, 0, s.n)
    }
  }
}
