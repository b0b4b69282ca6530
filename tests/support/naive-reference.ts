/**
 * The statement filter written the obvious way, over an array of plain StatementEntry
 * objects: the oracle the projection's tests compare against (and that the benchmark may use
 * to check a sample of answers). Every rule of StatementQuery / series() is restated here
 * independently of the projection's columns, masks and orders; only foldText, the document
 * digit rule and the constants are shared, as they are the definition of the rules.
 */
import type { CurrencySymbol } from "../../schema/common.ts"
import { CurrencySymbol as CurrencySymbolSchema } from "../../schema/common.ts"
import type { StatementEntry } from "../../schema/entities.ts"
import type {
  CurrencyTotals,
  GroupTotals,
  SeriesPoint,
  StatementQuery,
  StatementQueryResult,
  StatementSeries
} from "../../sync/projections/statement-projection.ts"
import { MAX_LIMIT, MIN_ID_QUERY, SUM_STATUSES } from "../../sync/projections/statement-projection.ts"
import { digitsOnly, documentDigitsOf, foldText } from "../../schema/text-fold.ts"

// Memoised: the oracle folds and parses the same strings on every query; the memo changes
// nothing in what it computes, only how long the tests take.
const foldMemo = new Map<string, string>()
const fold = (s: string): string => {
  let f = foldMemo.get(s)
  if (f === undefined) {
    f = foldText(s)
    foldMemo.set(s, f)
  }
  return f
}
const parseMemo = new Map<string, number>()
const ms = (iso: string): number => {
  let t = parseMemo.get(iso)
  if (t === undefined) {
    t = Date.parse(iso)
    parseMemo.set(iso, t)
  }
  return t
}

const DAY = 86_400_000
const SP = 3 * 3_600_000
const dayKey = (ms: number): string => new Date(ms - SP).toISOString().slice(0, 10)
const startOfSpDay = (ms: number): number => Math.floor((ms - SP) / DAY) * DAY + SP

export type NaiveResult = Omit<StatementQueryResult, "tookMs">

export class NaiveStatements {
  private readonly rows = new Map<string, StatementEntry>()

  upsertMany(rows: ReadonlyArray<StatementEntry>): void {
    for (const e of rows) {
      const old = this.rows.get(e.id)
      if (old !== undefined && ms(e.updated_at) < ms(old.updated_at)) continue
      this.rows.set(e.id, e)
    }
  }

  remove(ids: Iterable<string>): number {
    let n = 0
    for (const id of ids) if (this.rows.delete(id)) n++
    return n
  }

  get size(): number {
    return this.rows.size
  }

  all(): StatementEntry[] {
    return [...this.rows.values()]
  }

  private matcher(q: StatementQuery): (e: StatementEntry) => boolean {
    const wallets = q.walletIds !== undefined && q.walletIds.length > 0 ? new Set(q.walletIds) : null
    const types = q.types !== undefined && q.types.length > 0 ? new Set<string>(q.types) : null
    const statuses = q.statuses !== undefined && q.statuses.length > 0 ? new Set<string>(q.statuses) : null
    const raw = (q.text ?? "").trim()
    const folded = fold(raw)
    const digits = documentDigitsOf(raw)
    return (e) => {
      const t = ms(e.created_at)
      if (q.from !== undefined && t < q.from) return false
      if (q.to !== undefined && t >= q.to) return false
      if (wallets !== null && !wallets.has(e.wallet_id)) return false
      if (types !== null && !types.has(e.type)) return false
      if (statuses !== null && !statuses.has(e.status)) return false
      if (q.direction !== undefined && e.direction !== q.direction) return false
      if (q.currency !== undefined && e.currency_symbol !== q.currency) return false
      if (q.minAmount !== undefined && e.amount < q.minAmount) return false
      if (q.maxAmount !== undefined && e.amount > q.maxAmount) return false
      if (raw.length > 0) {
        const hit =
          fold(e.description).includes(folded) ||
          fold(e.counterparty_name).includes(folded) ||
          fold(e.counterparty_document).includes(folded) ||
          (digits !== null && digitsOnly(e.counterparty_document).includes(digits)) ||
          (folded.length >= MIN_ID_QUERY &&
            (fold(e.id).startsWith(folded) || fold(e.operation_id).startsWith(folded) || fold(e.end_to_end_id ?? "").startsWith(folded)))
        if (!hit) return false
      }
      return true
    }
  }

  private sorted(q: StatementQuery, rows: StatementEntry[]): StatementEntry[] {
    const by = q.sort?.by ?? "created_at"
    const sign = (q.sort?.dir ?? "desc") === "asc" ? 1 : -1
    const byDate = (a: StatementEntry, b: StatementEntry): number => ms(a.created_at) - ms(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    return rows.sort((a, b) => sign * (by === "amount" ? a.amount - b.amount || byDate(a, b) : byDate(a, b)))
  }

  query(q: StatementQuery): NaiveResult {
    const counts = (e: StatementEntry): boolean => SUM_STATUSES.includes(e.status)
    const matches = this.sorted(q, this.all().filter(this.matcher(q)))
    let sumIn = 0
    let sumOut = 0
    for (const e of matches) {
      if (!counts(e)) continue
      if (e.direction === "in") sumIn += e.amount
      else sumOut += e.amount
    }
    const offset = Math.max(0, Math.floor(q.offset ?? 0))
    const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(q.limit ?? 100)))
    const result: { -readonly [K in keyof NaiveResult]: NaiveResult[K] } = {
      total: matches.length,
      sumIn,
      sumOut,
      net: sumIn - sumOut,
      rows: matches.slice(offset, offset + limit)
    }
    const tally = <K>(keyOf: (e: StatementEntry) => K): Map<K, { count: number; sumIn: number; sumOut: number; first: StatementEntry }> => {
      const m = new Map<K, { count: number; sumIn: number; sumOut: number; first: StatementEntry }>()
      for (const e of matches) {
        const k = keyOf(e)
        let g = m.get(k)
        if (g === undefined) m.set(k, (g = { count: 0, sumIn: 0, sumOut: 0, first: e }))
        g.count++
        if (counts(e)) {
          if (e.direction === "in") g.sumIn += e.amount
          else g.sumOut += e.amount
        }
      }
      return m
    }
    if (q.groupBy !== undefined && q.groupBy !== "none") {
      const groups: GroupTotals[] = []
      if (q.groupBy === "counterparty") {
        for (const [k, g] of tally((e) => (e.counterparty_document !== "" ? "d" + e.counterparty_document : "n" + e.counterparty_name))) {
          groups.push({ key: k.slice(1), label: g.first.counterparty_name, count: g.count, sumIn: g.sumIn, sumOut: g.sumOut })
        }
      } else {
        const keyOf =
          q.groupBy === "day"
            ? (e: StatementEntry) => dayKey(ms(e.created_at))
            : q.groupBy === "type"
              ? (e: StatementEntry) => e.type
              : (e: StatementEntry) => e.wallet_id
        for (const [k, g] of tally(keyOf)) groups.push({ key: k, count: g.count, sumIn: g.sumIn, sumOut: g.sumOut })
      }
      result.groups = groups
    }
    const selected = q.walletIds !== undefined && q.walletIds.length > 0 ? [...new Set(q.walletIds)] : [...new Set(this.all().map((e) => e.wallet_id))].sort()
    if (selected.length > 1) {
      const per = tally((e) => e.wallet_id)
      result.perWallet = selected.map((id) => {
        const g = per.get(id)
        return { key: id, count: g?.count ?? 0, sumIn: g?.sumIn ?? 0, sumOut: g?.sumOut ?? 0 }
      })
    }
    const perCur = tally((e) => e.currency_symbol)
    if (perCur.size > 1) {
      const list: CurrencyTotals[] = []
      for (const c of CurrencySymbolSchema.literals) {
        const g = perCur.get(c)
        if (g !== undefined) list.push({ currency: c, count: g.count, sumIn: g.sumIn, sumOut: g.sumOut })
      }
      result.perCurrency = list
    }
    return result
  }

  series(q: StatementQuery, unit: "day" | "month" = "day"): Omit<StatementSeries, "tookMs"> {
    const currency: CurrencySymbol = q.currency ?? "BRL"
    const match = this.matcher({ ...q, currency })
    const wallets = q.walletIds !== undefined && q.walletIds.length > 0 ? new Set(q.walletIds) : null
    const isBalanceRow = (e: StatementEntry): boolean =>
      e.currency_symbol === currency && SUM_STATUSES.includes(e.status) && (wallets === null || wallets.has(e.wallet_id))
    const sorted = this.sorted({ sort: { by: "created_at", dir: "asc" } }, this.all())
    const from = q.from ?? -Infinity
    const to = q.to ?? Infinity
    if (!(from < to)) return { unit, currency, points: [] }
    const inRange = sorted.filter((e) => ms(e.created_at) >= from && ms(e.created_at) < to)
    const relevant = inRange.filter((e) => isBalanceRow(e) || match(e))
    const firstMs = q.from ?? (relevant.length > 0 ? ms((relevant[0] as StatementEntry).created_at) : null)
    const lastMs = q.to !== undefined ? q.to - 1 : relevant.length > 0 ? ms((relevant[relevant.length - 1] as StatementEntry).created_at) : null
    if (firstMs === null || lastMs === null || lastMs < firstMs) return { unit, currency, points: [] }
    // bucket starts, walking São Paulo days / months
    const starts: number[] = []
    const keyOf = (ms: number): string => (unit === "day" ? dayKey(ms) : dayKey(ms).slice(0, 7))
    let s = startOfSpDay(firstMs)
    if (unit === "month") while (keyOf(s - DAY) === keyOf(s)) s -= DAY
    const lastKey = keyOf(lastMs)
    for (;;) {
      starts.push(s)
      if (keyOf(s) === lastKey) break
      const k = keyOf(s)
      while (keyOf(s) === k) s += DAY
    }
    const points: SeriesPoint[] = starts.map((start, i) => {
      const end = i + 1 < starts.length ? (starts[i + 1] as number) : Infinity
      let sumIn = 0
      let sumOut = 0
      for (const e of inRange) {
        const t = ms(e.created_at)
        if (t < start || t >= end || !match(e) || !SUM_STATUSES.includes(e.status)) continue
        if (e.direction === "in") sumIn += e.amount
        else sumOut += e.amount
      }
      const cut = Math.min(end, to)
      const lastBal = new Map<string, number>()
      for (const e of sorted) if (ms(e.created_at) < cut && isBalanceRow(e)) lastBal.set(e.wallet_id, e.balance_after)
      let balance: number | null = null
      for (const b of lastBal.values()) balance = (balance ?? 0) + b
      return { key: keyOf(start), from: start, sumIn, sumOut, net: sumIn - sumOut, balance }
    })
    return { unit, currency, points }
  }
}
