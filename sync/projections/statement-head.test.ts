/**
 * sync/SPEC.md S6, issue 33 item 2: the reopen head answers a query only with the very answer the whole projection
 * gives. Differential: the head of a projection (few rows per wallet, so the cutoffs bite) against the whole
 * projection over generated queries — the ones the head takes must be equal, and both of its paths must be taken.
 */
import { describe, expect, it } from "vitest"
import type { StatementStatus, StatementType } from "../../schema/entities.ts"
import { STATEMENT_STATUSES, STATEMENT_TYPES } from "../../schema/entities.ts"
import { Prng, generateRows } from "../../tests/support/test-rows.ts"
import { answerFromHead, headOf, readHead } from "./statement-head.ts"
import { StatementProjection, type StatementQuery, type StatementQueryResult } from "./statement-projection.ts"

const DAY = 86_400_000
type Mutable<T> = { -readonly [K in keyof T]: T[K] }
const untimed = (r: StatementQueryResult) => {
  const { tookMs: _t, ...rest } = r
  return rest
}

describe("S6 the reopen head (issue 33 item 2)", () => {
  const start = Date.UTC(2025, 0, 1, 3)
  const { rows, walletIds } = generateRows(12_000, { seed: 71, order: "shuffled", counterparties: 800, start, spanDays: 200, resolutionMs: 6 * 3_600_000 }) // ties on created_at at the cutoffs
  const full = new StatementProjection()
  for (let i = 0; i < rows.length; i += 1000) full.upsertMany(rows.slice(i, i + 1000))
  full.optimize()
  // a structured clone, as IndexedDB gives it back
  const head = readHead(structuredClone(headOf(full, walletIds, 250)))

  it("reads back, with each wallet's cutoff and whole answer", () => {
    expect(head).not.toBeNull()
    if (!head) return
    expect([...head.wallets.keys()].sort()).toEqual([...new Set(rows.map((r) => r.wallet_id))].sort())
    for (const [w, part] of head.wallets) {
      const whole = full.query({ walletIds: [w], limit: 0 })
      expect(part.whole.total).toBe(whole.total)
      expect(part.whole.sumIn - part.whole.sumOut).toBe(whole.net)
      // every row at or after the cutoff is in the head, and no other row of the wallet
      const after = rows.filter((r) => r.wallet_id === w && (part.cutoff === null || Date.parse(r.created_at) >= part.cutoff)).length
      expect(head.projection.query({ walletIds: [w], limit: 0 }).total).toBeGreaterThanOrEqual(after)
      expect(head.projection.query({ walletIds: [w], limit: 0, ...(part.cutoff === null ? {} : { from: part.cutoff }) }).total).toBe(after)
    }
  })

  it("300 generated queries: whatever the head answers equals the whole projection's answer; both paths are taken", () => {
    if (!head) throw new Error("no head")
    const g = new Prng(72)
    const newest = Math.max(...rows.map((r) => Date.parse(r.created_at)))
    let inside = 0
    let firstPages = 0
    let refused = 0
    for (let i = 0; i < 300; i++) {
      const q: Mutable<StatementQuery> = {}
      const kind = g.int(3)
      if (kind < 2 || g.next() < 0.7) q.walletIds = g.next() < 0.8 ? [g.pick(walletIds)] : [g.pick(walletIds), g.pick(walletIds)]
      if (kind === 0) {
        // recent dates, any filter: answered inside the cutoffs, refused before them
        q.from = g.next() < 0.3 ? (g.pick([...head.wallets.values()]).cutoff ?? newest) : newest - Math.floor(g.next() * 40 * DAY)
        if (g.next() < 0.3) q.to = q.from + Math.floor(g.next() * 20 * DAY)
        if (g.next() < 0.3) q.text = g.pick(rows).counterparty_name.slice(0, 4)
        if (g.next() < 0.2) q.types = [g.pick(STATEMENT_TYPES) as StatementType]
        if (g.next() < 0.2) q.statuses = [g.pick(STATEMENT_STATUSES) as StatementStatus]
        if (g.next() < 0.3) q.groupBy = g.pick(["day", "type", "counterparty", "none"] as const)
        if (g.next() < 0.3) q.sort = { by: g.next() < 0.5 ? "amount" : "created_at", dir: g.next() < 0.5 ? "asc" : "desc" }
      } else if (kind === 1) {
        // the unfiltered first pages, sometimes past the head's rows, sometimes another order
        q.offset = g.next() < 0.7 ? 0 : g.int(400)
        q.limit = 1 + g.int(200)
        if (g.next() < 0.2) q.sort = { by: "created_at", dir: "asc" }
      } else {
        // anything else the page may ask: a text over all dates, a direction, an amount band
        if (g.next() < 0.5) q.text = g.pick(rows).description.slice(0, 5)
        if (g.next() < 0.5) q.direction = g.next() < 0.5 ? "in" : "out"
        if (g.next() < 0.3) q.minAmount = g.int(100_000)
      }
      const fromHead = answerFromHead(head, q)
      if (fromHead === null) {
        refused++
        continue
      }
      if (q.from !== undefined) inside++
      else firstPages++
      expect(untimed(fromHead), JSON.stringify(q)).toEqual(untimed(full.query(q)))
    }
    expect({ inside: inside > 20, firstPages: firstPages > 20, refused: refused > 20 }).toEqual({ inside: true, firstPages: true, refused: true })
  })

  it("a wallet the head does not hold, or a head image of another layout, is never answered", () => {
    if (!head) throw new Error("no head")
    expect(answerFromHead(head, { walletIds: ["no-such-wallet"], limit: 10 })).toBeNull()
    expect(readHead({ wallets: {}, projection: { shape: "other" } })).toBeNull()
  })
})
