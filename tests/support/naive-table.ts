/**
 * Any table description's filter written the obvious way (issue 11 "the naive reference takes the
 * description"; issue 16): plain row objects read by their roles — the scope, time, amount, sign,
 * enums, the three text fields, the searched prefix ids — filtered, sorted, summed and grouped
 * with arrays and Maps. The oracle of the table projection's tests over the gateway description
 * (tests/support/naive-reference.ts remains the statement's, with its series and OFX).
 */
import type { DefinedTable } from "../../schema/tables/define-table.ts"
import type { GroupTotals, TableQuery, TableQueryResult } from "../../sync/projections/table-projection.ts"
import { MAX_LIMIT, MIN_ID_QUERY } from "../../sync/projections/table-projection.ts"
import { digitsOnly, documentDigitsOf, foldText } from "../../schema/text-fold.ts"
import type { PivotLine, PivotResult, PivotSpec } from "../../sync/projections/table-pivot.ts"

type Row = Record<string, unknown>
const SP = 3 * 3_600_000
const dayKey = (ms: number): string => new Date(ms - SP).toISOString().slice(0, 10)

export class NaiveTable<R> {
  private readonly rows = new Map<string, Row>()
  constructor(private readonly t: DefinedTable<R>) {}

  private str(e: Row, k: string): string {
    return e[k] as string
  }
  private ms(e: Row, k: string): number {
    return Date.parse(e[k] as string)
  }

  upsertMany(rows: ReadonlyArray<R>): void {
    for (const x of rows) {
      const e = x as unknown as Row
      const id = this.str(e, this.t.id.key)
      const old = this.rows.get(id)
      if (old !== undefined && this.ms(e, this.t.time.updated) < this.ms(old, this.t.time.updated)) continue
      this.rows.set(id, e)
    }
  }

  remove(ids: Iterable<string>): number {
    let n = 0
    for (const id of ids) if (this.rows.delete(id)) n++
    return n
  }

  private matcher(q: TableQuery): (e: Row) => boolean {
    const t = this.t
    const typeKey = (t.enums[0] as { key: string }).key
    const wallets = q.walletIds !== undefined && q.walletIds.length > 0 ? new Set(q.walletIds) : null
    const types = q.types !== undefined && q.types.length > 0 ? new Set(q.types) : null
    const statuses = q.statuses !== undefined && q.statuses.length > 0 ? new Set(q.statuses) : null
    const raw = (q.text ?? "").trim()
    const folded = foldText(raw)
    const digits = documentDigitsOf(raw)
    const searchedIds = t.prefixIds.filter((p) => p.searched !== false).map((p) => p.key as string)
    return (e) => {
      const at = this.ms(e, t.time.created)
      if (q.from !== undefined && at < q.from) return false
      if (q.to !== undefined && at >= q.to) return false
      if (wallets !== null && !wallets.has(this.str(e, t.scope))) return false
      if (types !== null && !types.has(this.str(e, typeKey))) return false
      if (statuses !== null && !statuses.has(this.str(e, t.sums.status))) return false
      if (q.direction !== undefined && e[t.sign.key] !== q.direction) return false
      if (q.currency !== undefined && e[t.sums.per] !== q.currency) return false
      const a = e[t.amount] as number
      if (q.minAmount !== undefined && a < q.minAmount) return false
      if (q.maxAmount !== undefined && a > q.maxAmount) return false
      if (raw.length > 0) {
        const hit =
          t.text.some((k) => foldText(this.str(e, k)).includes(folded)) ||
          (digits !== null && t.digits !== undefined && digitsOnly(this.str(e, t.digits)).includes(digits)) ||
          (folded.length >= MIN_ID_QUERY && searchedIds.some((k) => foldText((e[k] as string | null) ?? "").startsWith(folded)))
        if (!hit) return false
      }
      return true
    }
  }

  query(q: TableQuery): Omit<TableQueryResult<R>, "tookMs" | "perCurrency"> {
    const t = this.t
    const byDate = (a: Row, b: Row): number => {
      const d = this.ms(a, t.time.created) - this.ms(b, t.time.created)
      if (d !== 0) return d
      const x = this.str(a, t.id.key)
      const y = this.str(b, t.id.key)
      return x < y ? -1 : x > y ? 1 : 0
    }
    const sign = (q.sort?.dir ?? "desc") === "asc" ? 1 : -1
    const amountOf = (e: Row) => e[t.amount] as number
    const matches = [...this.rows.values()]
      .filter(this.matcher(q))
      .sort((a, b) => sign * (q.sort?.by === "amount" ? amountOf(a) - amountOf(b) || byDate(a, b) : byDate(a, b)))
    const counts = (e: Row) => t.sums.counted.includes(this.str(e, t.sums.status))
    const isIn = (e: Row) => e[t.sign.key] === t.sign.literals[0]
    let sumIn = 0
    let sumOut = 0
    for (const e of matches) {
      if (!counts(e)) continue
      if (isIn(e)) sumIn += amountOf(e)
      else sumOut += amountOf(e)
    }
    const offset = Math.max(0, Math.floor(q.offset ?? 0))
    const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(q.limit ?? 100)))
    const result: { -readonly [K in keyof TableQueryResult<R>]?: TableQueryResult<R>[K] } & {
      total: number
      sumIn: number
      sumOut: number
      net: number
      rows: ReadonlyArray<R>
    } = {
      total: matches.length,
      sumIn,
      sumOut,
      net: sumIn - sumOut,
      rows: matches.slice(offset, offset + limit) as unknown as R[]
    }
    if (q.groupBy !== undefined && q.groupBy !== "none") {
      const keyOf = (e: Row): string =>
        q.groupBy === "day"
          ? dayKey(this.ms(e, t.time.created))
          : q.groupBy === "type"
            ? this.str(e, (t.enums[0] as { key: string }).key)
            : q.groupBy === "wallet"
              ? this.str(e, t.scope)
              : q.groupBy === "code"
                ? t.enums.map((x) => this.str(e, x.key)).join("|")
                : this.str(e, t.text[2] as string) || this.str(e, t.text[1] as string)
      const m = new Map<string, { count: number; sumIn: number; sumOut: number }>()
      for (const e of matches) {
        const k = keyOf(e)
        let g = m.get(k)
        if (g === undefined) m.set(k, (g = { count: 0, sumIn: 0, sumOut: 0 }))
        g.count++
        // "code" groups sum every row; the others only the counted statuses
        if (q.groupBy !== "code" && !counts(e)) continue
        if (isIn(e)) g.sumIn += amountOf(e)
        else g.sumOut += amountOf(e)
      }
      result.groups = [...m].map(([key, g]): GroupTotals => ({ key, ...g }))
    }
    return result
  }

  /**
   * The pivot written the obvious way (issue 32 item 4; sync/SPEC.md Q11): the matching rows put in a
   * Map per row key and column key, ordered and cut at rowLimit as table-pivot.ts says.
   */
  pivot(q: TableQuery, spec: PivotSpec): Omit<PivotResult, "tookMs"> {
    const t = this.t
    let query = q
    let period: PivotResult["period"]
    if (spec.cols === "period") {
      if (q.from === undefined || q.to === undefined || !(q.from < q.to)) throw new Error("naive pivot: a period needs from and to")
      period = { prevFrom: q.from - (q.to - q.from), from: q.from, to: q.to }
      query = { ...q, from: period.prevFrom }
    }
    const created = (e: Row) => this.ms(e, t.time.created)
    const byDate = (a: Row, b: Row): number => created(a) - created(b) || (this.str(a, t.id.key) < this.str(b, t.id.key) ? -1 : 1)
    const matches = [...this.rows.values()].filter(this.matcher(query)).sort(byDate)
    const counts = (e: Row) => t.sums.counted.includes(this.str(e, t.sums.status))
    const isIn = (e: Row) => e[t.sign.key] === t.sign.literals[0]
    const typeKey = (t.enums[0] as { key: string }).key
    const typeLits = (t.enums[0] as { literals: ReadonlyArray<string> }).literals
    const keyOf = (d: string, e: Row): string => {
      switch (d) {
        case "type":
          return this.str(e, typeKey)
        case "wallet":
          return this.str(e, t.scope)
        case "day":
          return dayKey(created(e))
        case "month":
          return dayKey(created(e)).slice(0, 7)
        case "period":
          return created(e) >= (period as { from: number }).from ? "current" : "previous"
        case "none":
          return ""
        default:
          return this.str(e, t.text[2] as string) || this.str(e, t.text[1] as string)
      }
    }
    const cellsOf = new Map<string, Map<string, [number, number, number]>>()
    const labels = new Map<string, string>()
    for (const e of matches) {
      const rk = keyOf(spec.rows, e)
      if (spec.rows === "counterparty") labels.set(rk, this.str(e, t.text[1] as string))
      const ck = keyOf(spec.cols, e)
      let row = cellsOf.get(rk)
      if (!row) cellsOf.set(rk, (row = new Map()))
      let cell = row.get(ck)
      if (!cell) row.set(ck, (cell = [0, 0, 0]))
      cell[0]++
      if (counts(e)) cell[isIn(e) ? 1 : 2] += e[t.amount] as number
    }
    // columns
    const usedCols = new Set<string>()
    for (const row of cellsOf.values()) for (const k of row.keys()) usedCols.add(k)
    let columns: string[]
    if (spec.cols === "wallet") {
      columns = []
      if (q.walletIds !== undefined && q.walletIds.length > 0) {
        for (const w of q.walletIds) if (!columns.includes(w)) columns.push(w)
      } else columns = [...new Set([...this.rows.values()].map((e) => this.str(e, t.scope)))].sort()
    } else if (spec.cols === "type") columns = typeLits.filter((l) => usedCols.has(l))
    else if (spec.cols === "period") columns = ["previous", "current"]
    else if (spec.cols === "none") columns = [""]
    else {
      const ms = [...usedCols].sort()
      columns = []
      if (ms.length > 0) {
        let [y, m] = (ms[0] as string).split("-").map(Number) as [number, number]
        const last = ms[ms.length - 1] as string
        for (;;) {
          const k = `${y}-${String(m).padStart(2, "0")}`
          columns.push(k)
          if (k === last) break
          m++
          if (m > 12) {
            m = 1
            y++
          }
        }
      }
    }
    const lineOf = (key: string, row: Map<string, [number, number, number]>): PivotLine => {
      let n = 0
      let i = 0
      let o = 0
      for (const c of row.values()) {
        n += c[0]
        i += c[1]
        o += c[2]
      }
      const cells = columns.flatMap((k) => row.get(k) ?? [0, 0, 0])
      const label = spec.rows === "counterparty" ? labels.get(key) : undefined
      return label !== undefined ? { key, label, count: n, sumIn: i, sumOut: o, cells } : { key, count: n, sumIn: i, sumOut: o, cells }
    }
    let all = [...cellsOf].map(([k, row]) => lineOf(k, row))
    if (spec.rows === "day" || spec.rows === "month") all.sort((a, b) => (a.key < b.key ? -1 : 1))
    else all.sort((a, b) => b.sumIn + b.sumOut - (a.sumIn + a.sumOut) || b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    const limit = Math.min(2000, Math.max(1, Math.floor(spec.rowLimit ?? 100)))
    const rest = all.slice(limit)
    all = all.slice(0, limit)
    const sumLines = (ls: ReadonlyArray<PivotLine>): PivotLine => ({
      key: "",
      count: ls.reduce((n, l) => n + l.count, 0),
      sumIn: ls.reduce((n, l) => n + l.sumIn, 0),
      sumOut: ls.reduce((n, l) => n + l.sumOut, 0),
      cells: columns.flatMap((_, j) => [0, 1, 2].map((k) => ls.reduce((n, l) => n + (l.cells[j * 3 + k] as number), 0)))
    })
    const everything = [...cellsOf].map(([k, row]) => lineOf(k, row))
    return {
      rows: spec.rows,
      cols: spec.cols,
      columns,
      lines: all,
      others: rest.length > 0 ? sumLines(rest) : null,
      omitted: rest.length,
      total: sumLines(everything),
      ...(period ? { period } : {})
    }
  }
}
