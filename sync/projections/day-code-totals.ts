/**
 * Per wallet × São Paulo day × code, the count, amount and extra ints of every live row: what the gateway metrics'
 * charts ask for each filter change (issue 31 item 4: "redraws within 50 ms p95 after a filter change"; table-series.ts
 * codeSeries). A query of wallets and whole days only — no text, type, status or amount — is answered by adding the
 * selected wallets' cells of its days (days × codes, not rows): one walk over a million rows took 8–17 ms in the
 * worker per change, this takes well under one. Built lazily at the first such query, by one walk in date order; any
 * write marks it stale (a RowIndex), and it is built again at the next such query. Too many cells (a long history of
 * many wallets and a large code space) and it is not kept: the walk answers.
 */
import { DAY_MS, spDayIndex, spDayStart } from "../../schema/sao-paulo-time.ts"
import type { CompactIntColumn } from "./int-column.ts"
import type { RowIndex, TableStore } from "./table-store.ts"

/** Cells (wallets × days × codes) above which the totals are not kept: 2M cells × (2 + ints) × 8 bytes. */
const MAX_CELLS = 2_000_000

interface Totals {
  readonly firstDay: number
  readonly days: number
  readonly wallets: number
  readonly count: Float64Array
  readonly amount: Float64Array
  readonly ints: ReadonlyArray<Float64Array>
}

export interface DayCodeAnswer {
  /** The days' cells, day-major: `[d * space + code]`, of the selected wallets added up. */
  readonly count: Float64Array
  readonly amount: Float64Array
  readonly ints: ReadonlyArray<Float64Array>
  /** Codes with a row in the range. */
  readonly used: Uint8Array
}

export class DayCodeTotals implements RowIndex {
  private totals: Totals | null = null
  /** Built once too big: not tried again until a write changes the rows. */
  private tooBig = false

  constructor(private readonly s: TableStore) {}

  touch(): void {
    this.totals = null
    this.tooBig = false
  }
  entryMoved(): void {}
  stale(): void {
    this.touch()
  }
  prepare(): void {}

  /**
   * The selected wallets' cells of days [firstDay, firstDay + nd), or null when the totals are not kept (too many
   * cells). `walletMask` null: every wallet.
   */
  answer(walletMask: Uint8Array | null, firstDay: number, nd: number): DayCodeAnswer | null {
    const t = this.build()
    if (t === null) return null
    const space = this.s.b.codeSpace
    const count = new Float64Array(nd * space)
    const amount = new Float64Array(nd * space)
    const ints = t.ints.map(() => new Float64Array(nd * space))
    const used = new Uint8Array(space)
    const from = Math.max(firstDay, t.firstDay)
    const to = Math.min(firstDay + nd, t.firstDay + t.days)
    for (let w = 0; w < t.wallets; w++) {
      if (walletMask !== null && walletMask[w] !== 1) continue
      for (let d = from; d < to; d++) {
        const src = (w * t.days + (d - t.firstDay)) * space
        const dst = (d - firstDay) * space
        for (let k = 0; k < space; k++) {
          const c = t.count[src + k] as number
          if (c === 0) continue
          used[k] = 1
          count[dst + k] = (count[dst + k] as number) + c
          amount[dst + k] = (amount[dst + k] as number) + (t.amount[src + k] as number)
          for (let j = 0; j < ints.length; j++)
            (ints[j] as Float64Array)[dst + k] = ((ints[j] as Float64Array)[dst + k] as number) + ((t.ints[j] as Float64Array)[src + k] as number)
        }
      }
    }
    return { count, amount, ints, used }
  }

  private build(): Totals | null {
    if (this.totals !== null) return this.totals
    if (this.tooBig) return null
    const s = this.s
    s.byDate.ensure()
    const perm = s.byDate.ownRows
    const ident = s.byDate.identity
    const n = s.byDate.n
    const space = s.b.codeSpace
    const wallets = s.wallets.size
    const firstDay = n > 0 ? spDayIndex(s.createdAt[s.byDate.rowAt(0)] as number) : 0
    const days = n > 0 ? spDayIndex(s.createdAt[s.byDate.rowAt(n - 1)] as number) - firstDay + 1 : 0
    if (wallets * days * space > MAX_CELLS) {
      this.tooBig = true
      return null
    }
    const cells = wallets * days * space
    const count = new Float64Array(cells)
    const amount = new Float64Array(cells)
    const cols = s.ints
    const ints = cols.map(() => new Float64Array(cells))
    let dayLo = Infinity
    let dayHi = -Infinity
    let day = 0
    for (let i = 0; i < n; i++) {
      const r = ident ? i : (perm[i] as number)
      const t = s.createdAt[r] as number
      if (t < dayLo || t >= dayHi) {
        const d = spDayIndex(t)
        dayLo = spDayStart(d)
        dayHi = dayLo + DAY_MS
        day = d - firstDay
      }
      const cell = ((s.wallet[r] as number) * days + day) * space + (s.code[r] as number)
      count[cell] = (count[cell] as number) + 1
      amount[cell] = (amount[cell] as number) + (s.amount[r] as number)
      for (let j = 0; j < cols.length; j++) (ints[j] as Float64Array)[cell] = ((ints[j] as Float64Array)[cell] as number) + (cols[j] as CompactIntColumn).get(r)
    }
    this.totals = { firstDay, days, wallets, count, amount, ints }
    return this.totals
  }

  memoryBytes(): number {
    const t = this.totals
    return t === null ? 0 : t.count.byteLength + t.amount.byteLength + t.ints.reduce((n, a) => n + a.byteLength, 0)
  }
}
