/**
 * issue 30 item 8: the ledger check's arithmetic (reconcile.ts) over the statement projection's own sums, against a
 * naive reference (every row added by hand) over generated statements — many seeded random inputs, each checked
 * clean and with one perturbation of the local copy (a row lost, an amount changed, a status changed, a row of
 * another currency): the verdict, the counts and opening balance + movements must be the reference's.
 */
import { describe, expect, it } from "vitest"
import { CurrencySymbol } from "../../schema/common.ts"
import { STATEMENT_STATUSES, STATEMENT_TYPES, type StatementEntry } from "../../schema/entities.ts"
import type { StatementLedger } from "../../schema/ledger.ts"
import { StatementProjection } from "../projections/statement-projection.ts"
import { addTotals, localTotals, rangeAgrees, reconcile, totalsOfRows } from "./reconcile.ts"

/** mulberry32: a small seeded generator (the same inputs on every run). */
const rng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const CURRENCIES = CurrencySymbol.literals
const WALLETS = ["w-a", "w-b"]

const generate = (seed: number): StatementEntry[] => {
  const r = rng(seed)
  const n = 1 + Math.floor(r() * 600)
  const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(r() * xs.length)] as T
  const base = Date.UTC(2026, 0, 1)
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(base + i * 60_000 + Math.floor(r() * 50_000)).toISOString()
    return {
      id: `${seed}-${i}`,
      wallet_id: pick(WALLETS),
      operation_id: `op-${seed}-${i}`,
      created_at: at,
      updated_at: at,
      type: pick(STATEMENT_TYPES),
      direction: r() < 0.5 ? "in" : "out",
      status: r() < 0.85 ? "completed" : pick(STATEMENT_STATUSES),
      currency_symbol: r() < 0.7 ? "BRL" : pick(CURRENCIES.slice(0, 4)),
      amount: 1 + Math.floor(r() * (r() < 0.1 ? 1e9 : 1e5)),
      balance_after: 0,
      description: "row",
      counterparty_name: "Fulano",
      counterparty_document: "52998224725",
      end_to_end_id: null,
      transaction_uuid: null
    }
  })
}

/** The reference: every row of the wallet added by hand, per currency. */
const naive = (rows: ReadonlyArray<StatementEntry>, walletId: string) => {
  const out = new Map<string, { rows: number; credits: number; debits: number }>()
  for (const c of CURRENCIES) out.set(c, { rows: 0, credits: 0, debits: 0 })
  for (const x of rows) {
    if (x.wallet_id !== walletId) continue
    const t = out.get(x.currency_symbol)!
    t.rows += 1
    if (x.status === "completed" && x.direction === "in") t.credits += x.amount
    if (x.status === "completed" && x.direction === "out") t.debits += x.amount
  }
  return out
}

/** The server's answer for the whole statement, from the true rows and opening balances. */
const serverLedger = (truth: ReadonlyArray<StatementEntry>, walletId: string, opening: Readonly<Record<string, number>>): StatementLedger => {
  const n = naive(truth, walletId)
  return {
    wallet_id: walletId,
    after: "",
    upto: "",
    cursor: "",
    currencies: CURRENCIES.slice(0, 4).map((c) => {
      const t = n.get(c)!
      const o = opening[c] ?? 0
      return {
        currency_symbol: c,
        rows: t.rows,
        credits: t.credits,
        debits: t.debits,
        opening_balance: o,
        balance_at_upto: o + t.credits - t.debits,
        balance: o + t.credits - t.debits
      }
    })
  }
}

type Perturbation = "none" | "lose" | "amount" | "status" | "currency"
const perturb = (rows: StatementEntry[], kind: Perturbation, r: () => number): StatementEntry[] => {
  if (kind === "none" || rows.length === 0) return rows
  const i = Math.floor(r() * rows.length)
  const x = rows[i] as StatementEntry
  const out = [...rows]
  if (kind === "lose") out.splice(i, 1)
  else if (kind === "amount") out[i] = { ...x, amount: x.amount + 1 + Math.floor(r() * 1000) }
  else if (kind === "status") out[i] = { ...x, status: x.status === "completed" ? "failed" : "completed" }
  else out[i] = { ...x, currency_symbol: x.currency_symbol === "BRL" ? "BTC" : "BRL" }
  return out
}

describe("ledger arithmetic against a naive reference (issue 30 item 8)", () => {
  it("verdicts, counts and opening balance + movements agree with the reference over 400 generated statements", () => {
    let checked = 0
    let gaps = 0
    for (let seed = 1; seed <= 80; seed++) {
      const truth = generate(seed)
      const r = rng(seed * 7919)
      const opening = Object.fromEntries(CURRENCIES.map((c) => [c, Math.floor(r() * 1e7)]))
      for (const kind of ["none", "lose", "amount", "status", "currency"] as const) {
        const local = perturb(truth, kind, r)
        const p = new StatementProjection()
        p.upsertMany(local)
        for (const w of WALLETS) {
          const server = serverLedger(truth, w, opening)
          const verdict = reconcile(localTotals(p, w, CURRENCIES), server)
          const ref = naive(local, w)
          const truthRef = naive(truth, w)
          const refOk = CURRENCIES.every((c) => {
            const a = ref.get(c)!
            const b = truthRef.get(c)!
            return a.rows === b.rows && a.credits === b.credits && a.debits === b.debits
          })
          expect(verdict.ok, `seed ${seed} ${kind} ${w}`).toBe(refOk)
          for (const cc of verdict.currencies) {
            const a = ref.get(cc.currency)!
            expect(cc.rows.local).toBe(a.rows)
            expect(cc.balance.local).toBe((opening[cc.currency] ?? 0) + a.credits - a.debits)
          }
          // the chunk side of the bisection: plain-row totals, added in pieces, give the same answer
          const mine = local.filter((x) => x.wallet_id === w)
          const half = Math.floor(mine.length / 2)
          expect(rangeAgrees(addTotals(totalsOfRows(mine.slice(0, half)), totalsOfRows(mine.slice(half))), server)).toBe(refOk)
          if (!verdict.ok) gaps++
          checked++
        }
      }
    }
    expect(checked).toBe(800)
    // a lost row or a changed completed amount is always found: gaps are many, never all
    expect(gaps).toBeGreaterThan(200)
    expect(gaps).toBeLessThan(800)
  })

  it("a lost row is always a gap, whatever its status (its count), and so is a changed completed amount", () => {
    for (let seed = 100; seed < 160; seed++) {
      const truth = generate(seed)
      const w = (truth[0] as StatementEntry).wallet_id
      const server = serverLedger(truth, w, {})
      const p = new StatementProjection()
      p.upsertMany(truth.slice(1))
      expect(reconcile(localTotals(p, w, CURRENCIES), server).ok).toBe(false)
      const done = truth.find((x) => x.wallet_id === w && x.status === "completed")
      if (!done) continue
      const q = new StatementProjection()
      q.upsertMany(truth.map((x) => (x.id === done.id ? { ...x, amount: x.amount + 1 } : x)))
      const v = reconcile(localTotals(q, w, CURRENCIES), server)
      expect(v.ok).toBe(false)
      expect(v.currencies.filter((c) => !c.ok).map((c) => c.currency)).toEqual([done.currency_symbol])
    }
  })

  it("local rows of a currency the server does not name are a gap; an empty statement on both sides reconciles", () => {
    const p = new StatementProjection()
    const empty: StatementLedger = { wallet_id: "w-a", after: "", upto: "", cursor: "", currencies: [] }
    expect(reconcile(localTotals(p, "w-a", CURRENCIES), empty).ok).toBe(true)
    p.upsertMany(generate(3).map((x) => ({ ...x, wallet_id: "w-a" })))
    expect(reconcile(localTotals(p, "w-a", CURRENCIES), empty).ok).toBe(false)
  })
})
