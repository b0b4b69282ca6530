/**
 * sync/SPEC.md Q5b, decisions D-narrow — a text typed forward, answered from the live-query cache
 * (workers/narrow-cache.ts). Checked against the engine's statement projection over generated rows: a cache holding
 * the answers a user's typing leaves behind (first windows and reserves of several texts, other filters, windows
 * further down, early answers) and a new first window asked; whenever the cache makes its early answer, its rows are
 * the engine's first rows of the new query, in order — all of them when it says complete — and it is made only from
 * an answer of the same filter.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import { statementTable } from "../schema/tables/statement.ts"
import { narrower } from "../schema/tables/text-narrow.ts"
import { StatementProjection, type StatementQuery } from "../sync/projections/statement-projection.ts"
import { generateRows } from "../tests/support/test-rows.ts"
import { earlyValue, narrowFromHeld, prepareLater, restOf, type Held, type Narrowing } from "./narrow-cache.ts"
import type { LiveQuery } from "./protocol.ts"

const { rows, walletIds } = generateRows(3000)
const p = new StatementProjection()
p.upsertMany(rows)
const engine = (q: StatementQuery) => ({ ...p.query(q), idLeads: p.identifierLeads() })
const narrowing: Narrowing = { by: narrower<object>(statementTable), needed: 15 }
const ids = (rs: ReadonlyArray<object>): string[] => rs.map((r) => (r as { id: string }).id)

/** A first window as the statements page asks it (statement-table.tsx windowLive). */
const windowQ = (base: StatementQuery, offset: number, limit: number, early = true): LiveQuery =>
  ({ kind: "statements", query: { ...base, offset, limit }, ...(early ? { early: true } : {}) }) as LiveQuery
const held = (q: LiveQuery, value: unknown): Held => ({ rest: restOf(q), query: q, value })
/** The engine's answer as the worker sends it: with `followers` for a first window's text (sync/services/live-queries.ts). */
const answerOf = (q: LiveQuery): unknown => {
  const query = (q as { query: StatementQuery }).query
  const a = engine(query)
  const followers = query.text !== undefined && (query.offset ?? 0) === 0 ? p.textFollowers(query.text) : null
  return followers === null ? a : { ...a, followers }
}

const words = ["silva", "mercado", "maria", "pix", "ted", "sao", "ltda", "oliveira", "123", "0001"]
function typedText(g: Prng): string {
  // now and then a slip at the end: a text typed past every match
  const slip = g.chance(0.3) ? g.pick(["q", "x", "w", "k", "z"]) : ""
  return typedWord(g) + slip
}
function typedWord(g: Prng): string {
  if (g.chance(0.5)) return g.pick(words)
  const row = g.pick(rows) as unknown as { description: string; counterparty_name: string }
  const s = g.chance(0.5) ? row.description : row.counterparty_name
  const at = g.int(0, Math.max(0, s.length - 6))
  return s.slice(at, at + g.int(2, 8)).toLowerCase()
}

describe("Q5b the early answer made from the live-query cache", () => {
  it("is the engine's first rows of the new text, in order, and only from an answer of the same filter (texts typed a key at a time)", () => {
    const g = new Prng(5)
    let made = 0
    let complete = 0
    let refused = 0
    let fromReserve = 0
    let emptyKnown = 0
    for (let i = 0; i < 80; i++) {
      const typed = typedText(g)
      const base: StatementQuery = {
        walletIds: g.chance(0.7) ? walletIds.slice(0, 1) : walletIds,
        ...(g.chance(0.3) ? { sort: { by: "amount", dir: g.pick(["asc", "desc"] as const) } } : { sort: { by: "created_at", dir: "desc" } })
      } as StatementQuery
      // another filter's answers beside it (another wallet, a minimum amount), which must never be used
      const other: StatementQuery = { ...base, walletIds: walletIds.slice(1, 2), minAmount: 10_000 } as StatementQuery
      for (let k = 0; k < typed.length; k++) {
        const shownText = typed.slice(0, k)
        const text = typed.slice(0, k + 1)
        const withText = (b: StatementQuery, t: string): StatementQuery => (t === "" ? b : { ...b, text: t })
        const cache: Held[] = []
        // what the page left: the other filter's first window of a shorter text (rows it would wrongly narrow from)
        const o = windowQ(withText(other, ""), 0, 100)
        cache.push(held(o, answerOf(o)))
        // the first window of the text before, full or only early; maybe its reserve; maybe a window further down
        const head = windowQ(withText(base, shownText), 0, 100)
        const headValue = answerOf(head) as { rows: object[] }
        // (an early answer's total is a lower bound: the rows found so far — read as a whole answer it would lie)
        cache.push(
          held(head, g.chance(0.15) ? { ...headValue, rows: headValue.rows.slice(0, 5), total: Math.min(5, headValue.rows.length), partial: true } : headValue)
        )
        const reserve = g.chance(0.5)
        if (reserve) {
          const r = windowQ(withText(base, shownText), 0, 1000, g.chance(0.5))
          cache.push(held(r, answerOf(r)))
        }
        if (g.chance(0.3)) {
          const down = windowQ(withText(base, shownText), 300, 100)
          cache.push(held(down, answerOf(down)))
        }
        const q = windowQ(withText(base, text), 0, 100)
        const got = narrowFromHeld(g.chance(0.5) ? cache : [...cache].reverse(), q, narrowing)
        const truth = engine({ ...withText(base, text), offset: 0, limit: 10_000 })
        const what = `${JSON.stringify(shownText)} → ${JSON.stringify(text)}`
        if (got === null) {
          refused++
          continue
        }
        made++
        expect(ids(got.rows), what).toEqual(ids(truth.rows.slice(0, got.rows.length)))
        if (got.complete) {
          complete++
          if (got.rows.length === 0) emptyKnown++
          expect(got.rows.length, what).toBe(truth.total)
        } else expect(got.rows.length, what).toBe(narrowing.needed)
        // the first window alone would not have done: the reserve did
        if (reserve && narrowFromHeld([held(head, headValue)], q, narrowing) === null) fromReserve++
        const v = earlyValue(got) as { partial?: true; complete?: true; total: number }
        expect(v.partial).toBe(true)
        expect(v.complete === true).toBe(got.complete)
        expect(v.total).toBe(got.rows.length)
      }
    }
    expect(made).toBeGreaterThan(100)
    expect(complete).toBeGreaterThan(10)
    expect(refused).toBeGreaterThan(10)
    expect(fromReserve).toBeGreaterThan(5)
    // texts typed past every match, known empty from what the engine said follows the text before
    expect(emptyKnown).toBeGreaterThan(3)
  })

  it("is not made for a query that does not ask for early rows, a window further down, or another kind of query", () => {
    const base = { walletIds: walletIds.slice(0, 1), sort: { by: "created_at", dir: "desc" } } as StatementQuery
    const before = windowQ(base, 0, 100)
    const cache = [held(before, answerOf(before))]
    expect(narrowFromHeld(cache, windowQ({ ...base, text: "a" } as StatementQuery, 0, 100), narrowing)).not.toBeNull()
    expect(narrowFromHeld(cache, windowQ({ ...base, text: "a" } as StatementQuery, 0, 100, false), narrowing)).toBeNull()
    expect(narrowFromHeld(cache, windowQ({ ...base, text: "a" } as StatementQuery, 50, 100), narrowing)).toBeNull()
    expect(narrowFromHeld(cache, { kind: "statementSeries", query: { ...base, text: "a" }, unit: "day" } as LiveQuery, narrowing)).toBeNull()
    // the same filter with another size or the flags that add counts is the same `rest`; another sort is not
    expect(restOf(windowQ(base, 0, 1000, false))).toBe(restOf(before))
    expect(restOf(windowQ({ ...base, sort: { by: "amount", dir: "desc" } } as StatementQuery, 0, 100))).not.toBe(restOf(before))
    expect(restOf(windowQ(base, 100, 100))).toBeNull()
  })
})

describe("Q5b the rows folded ahead while the page is idle", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  it("folds every row of a full answer once, in order, a slice at a time within each idle period's time; a partial answer not at all", () => {
    const queued: Array<(d: { timeRemaining(): number }) => void> = []
    vi.stubGlobal("requestIdleCallback", (f: (d: { timeRemaining(): number }) => void) => queued.push(f))
    const folded: object[] = []
    const by = Object.assign(narrower<object>(statementTable), { prepare: (rs: ReadonlyArray<object>) => void folded.push(...rs) })
    const value = { rows: rows.slice(0, 1000), total: 1000 }
    prepareLater({ by, needed: 15 }, { ...value, partial: true })
    expect(queued).toHaveLength(0)
    prepareLater({ by, needed: 15 }, value)
    let periods = 0
    while (queued.length > 0) {
      // each idle period has time for a few slices
      let left = 4
      queued.shift()?.({ timeRemaining: () => left-- })
      periods++
    }
    expect(folded).toEqual(value.rows)
    expect(periods).toBeGreaterThan(5)
  })
})
