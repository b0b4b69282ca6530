/**
 * The ledger check's arithmetic (issue 30 item 8, docs/decisions.md "D-ledger-reconcile (issue 30 item 8)"): the
 * local statement of one wallet, per currency, against the server's ledger at the sync point — the same rows
 * (count, whatever their status), the same completed credits and debits, and opening balance + movements =
 * the server's balance at that point. The local side is read from the statement projection's own per-currency
 * sums (TableProjection.query with limit 0: the chunk totals answer it without a row scan), not a new scan.
 * Pending commands of the outbox are never in the projection (their rows and balance deltas are laid over the
 * answers at query time), so they cannot count as gaps.
 */
import type { CurrencySymbol } from "../../schema/common.ts"
import type { StatementStatus } from "../../schema/entities.ts"
import type { LedgerCurrency, StatementLedger } from "../../schema/ledger.ts"
import type { StatementQuery } from "../projections/statement-projection.ts"

/** One currency of the local statement: its rows and completed sums. */
export interface LocalTotals {
  readonly currency: string
  readonly rows: number
  readonly credits: number
  readonly debits: number
}

export interface CurrencyCheck {
  readonly currency: string
  readonly ok: boolean
  readonly rows: { readonly local: number; readonly server: number }
  /** opening balance + local movements, against the server's balance at the sync point. */
  readonly balance: { readonly local: number; readonly server: number }
}

export interface LedgerVerdict {
  readonly ok: boolean
  readonly currencies: ReadonlyArray<CurrencyCheck>
}

/** The projection's answers the check reads (StatementProjection satisfies it). */
export interface SummingProjection {
  query(q: StatementQuery): {
    readonly total: number
    readonly sumIn: number
    readonly sumOut: number
    readonly perCurrency?: ReadonlyArray<{ readonly currency: string; readonly count: number; readonly sumIn: number; readonly sumOut: number }>
  }
}

/** Only completed rows move a balance (sandbox/ledger.ts postEntry; the seed's balance_after). */
const MOVING: ReadonlyArray<StatementStatus> = ["completed"]

/**
 * A wallet's local totals per currency, from the projection's sums: two counting queries (no window) whose
 * per-currency totals answer every currency at once; when the rows hold one currency or none (no per-currency
 * totals), two per currency.
 */
export function localTotals(p: SummingProjection, walletId: string, currencies: ReadonlyArray<CurrencySymbol>): LocalTotals[] {
  const all = p.query({ walletIds: [walletId], limit: 0 })
  const moved = p.query({ walletIds: [walletId], statuses: MOVING, limit: 0 })
  if (all.perCurrency !== undefined && (moved.perCurrency !== undefined || moved.total === 0))
    return currencies.map((currency) => {
      const a = all.perCurrency?.find((c) => c.currency === currency)
      const m = moved.perCurrency?.find((c) => c.currency === currency)
      return { currency, rows: a?.count ?? 0, credits: m?.sumIn ?? 0, debits: m?.sumOut ?? 0 }
    })
  if (all.total === 0) return currencies.map((currency) => ({ currency, rows: 0, credits: 0, debits: 0 }))
  return currencies.map((currency) => {
    const all = p.query({ walletIds: [walletId], currency, limit: 0 })
    const moved = p.query({ walletIds: [walletId], currency, statuses: MOVING, limit: 0 })
    return { currency, rows: all.total, credits: moved.sumIn, debits: moved.sumOut }
  })
}

const check = (l: LocalTotals | undefined, s: LedgerCurrency): CurrencyCheck => {
  const rows = l?.rows ?? 0
  const net = (l?.credits ?? 0) - (l?.debits ?? 0)
  const balance = s.opening_balance + net
  return {
    currency: s.currency_symbol,
    ok: rows === s.rows && (l?.credits ?? 0) === s.credits && (l?.debits ?? 0) === s.debits && balance === s.balance_at_upto,
    rows: { local: rows, server: s.rows },
    balance: { local: balance, server: s.balance_at_upto }
  }
}

/**
 * The verdict over the whole statement (the server's answer for `after` = "" and `upto` = the sync point): every
 * currency the server names, and any the local statement holds rows of that the server does not name.
 */
export function reconcile(local: ReadonlyArray<LocalTotals>, server: StatementLedger): LedgerVerdict {
  const byCur = new Map(local.map((l) => [l.currency, l] as const))
  const currencies: CurrencyCheck[] = server.currencies.map((s) => check(byCur.get(s.currency_symbol), s))
  for (const l of local)
    if (l.rows > 0 && !server.currencies.some((s) => s.currency_symbol === l.currency))
      currencies.push({ currency: l.currency, ok: false, rows: { local: l.rows, server: 0 }, balance: { local: l.credits - l.debits, server: 0 } })
  return { ok: currencies.every((c) => c.ok), currencies }
}

/** Whether a range of local rows (count and completed sums per currency) agrees with the server's answer for it (the bisection's test). */
export function rangeAgrees(local: ReadonlyArray<LocalTotals>, server: StatementLedger): boolean {
  const byCur = new Map(local.map((l) => [l.currency, l] as const))
  for (const s of server.currencies) {
    const l = byCur.get(s.currency_symbol)
    if ((l?.rows ?? 0) !== s.rows || (l?.credits ?? 0) !== s.credits || (l?.debits ?? 0) !== s.debits) return false
  }
  return local.every((l) => l.rows === 0 || server.currencies.some((s) => s.currency_symbol === l.currency))
}

/** Totals of plain rows (a stored chunk's, or a test's reference), per currency. */
export function totalsOfRows(
  rows: Iterable<{ readonly currency_symbol: string; readonly status: string; readonly direction: string; readonly amount: number }>
): LocalTotals[] {
  const m = new Map<string, { rows: number; credits: number; debits: number }>()
  for (const r of rows) {
    let t = m.get(r.currency_symbol)
    if (t === undefined) m.set(r.currency_symbol, (t = { rows: 0, credits: 0, debits: 0 }))
    t.rows++
    if (r.status === "completed") {
      if (r.direction === "in") t.credits += r.amount
      else t.debits += r.amount
    }
  }
  return [...m].map(([currency, t]) => ({ currency, ...t }))
}

/** Sum of two sets of totals (prefix sums over chunks). */
export function addTotals(a: ReadonlyArray<LocalTotals>, b: ReadonlyArray<LocalTotals>): LocalTotals[] {
  const m = new Map<string, LocalTotals>(a.map((t) => [t.currency, t] as const))
  for (const t of b) {
    const x = m.get(t.currency)
    m.set(t.currency, x ? { currency: t.currency, rows: x.rows + t.rows, credits: x.credits + t.credits, debits: x.debits + t.debits } : t)
  }
  return [...m.values()]
}
