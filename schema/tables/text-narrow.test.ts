/**
 * sync/SPEC.md Q5b — a text typed forward is answered on the page from the rows on screen. Checked
 * against the engine itself (the projections, which the naive references check in their own tests),
 * over generated rows of the three big tables and generated texts:
 *  - the row rule (`textMatcher`) keeps exactly the rows the engine's text filter keeps;
 *  - whenever `narrowRows` answers, its rows are the engine's first rows for the new text, in order
 *    (and all of them when it says complete) — never a row too many, none missing ahead.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { gatewayRows } from "../../sandbox/areas/gateway/rows.ts"
import { gatewayTable, type GatewayTransaction } from "./gateway.ts"
import { pixStatementTable, type PixStatementRow } from "./pix-statement.ts"
import { statementTable } from "./statement.ts"
import type { StatementEntry } from "../entities.ts"
import { StatementProjection, type StatementQuery } from "../../sync/projections/statement-projection.ts"
import { TableProjection, type TableQuery } from "../../sync/projections/table-projection.ts"
import { MIN_ID_QUERY, foldText } from "../text-fold.ts"
import { generateRows } from "../../tests/support/test-rows.ts"
import { pixRow } from "../../tests/support/pix-rows.ts"
import { narrowRows, narrower, noMatchAfter, textMatcher, type TextFields } from "./text-narrow.ts"

const NOW = Date.parse("2026-11-20T15:00:00.000Z")

interface Case<R extends { id: string }> {
  readonly name: string
  readonly table: TextFields
  readonly rows: ReadonlyArray<R>
  readonly walletIds: ReadonlyArray<string>
  /** The engine's answer: rows in order and the count. */
  readonly query: (q: TableQuery) => { readonly rows: ReadonlyArray<R>; readonly total: number }
  /** What the engine tells of its identifiers' first characters (the answers' `idLeads`). */
  readonly idLeads: () => string
  /** What the engine tells of the characters that follow a text (the answers' `followers`). */
  readonly followers: (text: string) => string | null
}

/** A case over a projection of the engine: its answers, and what it tells of identifiers and followers. */
interface Engine<R> {
  query(q: TableQuery): { readonly rows: ReadonlyArray<R>; readonly total: number }
  identifierLeads(): string
  textFollowers(text: string): string | null
}
const caseOf = <R extends { id: string }>(
  name: string,
  table: TextFields,
  rows: ReadonlyArray<R>,
  walletIds: ReadonlyArray<string>,
  p: Engine<R>
): Case<R> => ({
  name,
  table,
  rows,
  walletIds,
  query: (q) => p.query(q),
  idLeads: () => p.identifierLeads(),
  followers: (t) => p.textFollowers(t)
})

const statementCase = (): Case<StatementEntry> => {
  const { rows, walletIds } = generateRows(3000)
  const p = new StatementProjection()
  for (let i = 0; i < rows.length; i += 1000) p.upsertMany(rows.slice(i, i + 1000))
  return caseOf("statement", statementTable, rows, walletIds, {
    query: (q) => p.query(q as StatementQuery),
    identifierLeads: () => p.identifierLeads(),
    textFollowers: (t) => p.textFollowers(t)
  })
}
const gatewayCase = (): Case<GatewayTransaction> => {
  const g = new Prng(7)
  const walletIds = ["w-matrix", "w-branch"]
  const rows = walletIds.flatMap((w) => gatewayRows(g, w, 1500, NOW, 60))
  const p = new TableProjection<GatewayTransaction>(gatewayTable)
  p.upsertMany(rows)
  return caseOf("gateway", gatewayTable, rows, walletIds, p)
}
const pixCase = (): Case<PixStatementRow> => {
  const g = new Prng(11)
  const walletIds = ["w-ana", "w-bruno"]
  const rows = walletIds.flatMap((w) => Array.from({ length: 1500 }, () => pixRow(g, w, NOW)))
  const p = new TableProjection<PixStatementRow>(pixStatementTable)
  p.upsertMany(rows)
  return caseOf("pix statement", pixStatementTable, rows, walletIds, p)
}

/** A text a user might type: pieces of the rows' texts, documents and ids, bent in case and accents, and common words. */
function randomText(g: Prng, c: Case<{ id: string }>): string {
  const row = g.pick(c.rows) as unknown as Record<string, unknown>
  const field = (k: string): string => (typeof row[k] === "string" ? (row[k] as string) : "")
  const slice = (s: string, min: number, max: number): string => {
    const len = g.int(min, max)
    const at = g.int(0, Math.max(0, s.length - len))
    return s.slice(at, at + len)
  }
  const bend = (s: string): string => (g.chance(0.25) ? s.toUpperCase() : g.chance(0.3) ? s.normalize("NFD").replace(/\p{M}/gu, "") : s)
  const texts = c.table.text
  const ids = c.table.prefixIds.map((p) => p.key)
  switch (g.int(0, 6)) {
    case 0:
    case 1:
      return bend(slice(field(g.pick(texts)), 2, 10))
    case 2:
      return slice(field(c.table.digits as string).replace(/\D/g, ""), 2, 8)
    case 3:
      return slice(field(c.table.digits as string), 2, 9)
    case 4:
      return bend(field(g.pick(ids)).slice(0, g.int(2, 14)))
    case 5:
      return ` ${bend(slice(field(g.pick(texts)), 2, 6))} `
    default:
      return g.pick(["pix", "a", "ão", "são", "silva", "ltda", "1", "12.3", "0001-", "-", "e0", "ped-", "mercado", "maria", "oliveira", "zzzz"])
  }
}

const byId = <R extends { id: string }>(rows: ReadonlyArray<R>): string[] => rows.map((r) => r.id)

describe.each([statementCase, gatewayCase, pixCase])("Q5b text narrowing (%#)", (make) => {
  const c = make() as unknown as Case<{ id: string }>
  const all = c.query({ limit: 10_000 }).rows

  it(`${c.name}: the row rule keeps exactly the rows the engine's text filter keeps (150 generated texts)`, () => {
    const g = new Prng(1)
    let hits = 0
    for (let i = 0; i < 150; i++) {
      const text = randomText(g, c)
      const engine = c.query({ text, limit: 10_000 })
      const test = textMatcher(c.table, text)
      expect(
        all.filter(test).map((r) => r.id),
        JSON.stringify(text)
      ).toEqual(byId(engine.rows))
      hits += engine.total > 0 ? 1 : 0
    }
    expect(hits).toBeGreaterThan(75)
  })

  it(`${c.name}: rows narrowed from the answer on screen are the engine's first rows for the typed text, in order (texts typed a key at a time)`, () => {
    const g = new Prng(2)
    let answered = 0
    let complete = 0
    let refused = 0
    let across = 0
    const idLeads = c.idLeads()
    for (let i = 0; i < 60; i++) {
      const typed = randomText(g, c)
      const rest: TableQuery = {
        ...(g.chance(0.4) ? { walletIds: [g.pick(c.walletIds)] } : {}),
        ...(g.chance(0.4) ? { sort: { by: g.pick(["created_at", "amount"] as const), dir: g.pick(["asc", "desc"] as const) } } : {}),
        ...(g.chance(0.2) ? { minAmount: g.int(0, 50_000) } : {})
      }
      const restKey = JSON.stringify(rest)
      for (let k = 0; k < typed.length; k++) {
        const shownText = typed.slice(0, k)
        const text = typed.slice(0, k + g.int(1, 3))
        const limit = g.pick([20, 50, 100])
        const shown = c.query({ ...rest, text: shownText, offset: 0, limit })
        const needed = g.int(5, 20)
        // the engine's idLeads with most answers (an answer from the head has none)
        const leads = g.chance(0.8) ? idLeads : undefined
        const got = narrowRows(
          { rest: restKey, text: shownText, offset: 0, rows: shown.rows, total: shown.total, idLeads: leads },
          restKey,
          text,
          narrower(c.table),
          needed
        )
        if (got === null) {
          refused++
          continue
        }
        answered++
        if (shownText.trim().length > 0 && shownText.trim().length < MIN_ID_QUERY && text.trim().length >= MIN_ID_QUERY) across++
        const engine = c.query({ ...rest, text, offset: 0, limit: 10_000 })
        const what = `${JSON.stringify(shownText)} → ${JSON.stringify(text)} ${restKey}`
        expect(byId(got.rows), what).toEqual(byId(engine.rows.slice(0, got.rows.length)))
        if (got.complete) {
          complete++
          expect(got.rows.length, what).toBe(engine.total)
        } else expect(got.rows.length, what).toBe(needed)
      }
    }
    // the property was exercised both ways
    expect(answered).toBeGreaterThan(50)
    expect(complete).toBeGreaterThan(10)
    expect(refused).toBeGreaterThan(10)
    // and across the identifiers' length, where the text starts with no identifier's first character (a table whose
    // identifiers start with any letter — the gateway's and the Pix statement's txids — has no such text)
    if ([..."abcdefghijklmnopqrstuvwxyz"].some((ch) => !idLeads.includes(ch))) expect(across).toBeGreaterThan(5)
  })
})

describe.each([statementCase, gatewayCase, pixCase])("Q5b a text typed past every match (%#)", (make) => {
  const c = make() as unknown as Case<{ id: string }>
  it(`${c.name}: whenever the engine's followers say a next character matches nothing, the engine finds nothing for it`, () => {
    const g = new Prng(3)
    const next = [..."abcdefghijklmnopqrstuvwxyz0123456789 .-/áãçéõ"]
    let said = 0
    let none = 0
    let told = 0
    for (let i = 0; i < 120; i++) {
      const shown = randomText(g, c)
      const followers = c.followers(shown) ?? undefined
      const idLeads = c.idLeads()
      if (followers !== undefined) {
        told++
        // told only where no identifier can start the text (there the page could not use it)
        expect(idLeads.includes(foldText(shown.trim())[0] as string), JSON.stringify(shown)).toBe(false)
      }
      for (const ch of next) {
        const text = `${shown.trimEnd()}${ch}`
        if (!noMatchAfter(shown, text, followers, idLeads)) continue
        said++
        const engine = c.query({ text, limit: 10 })
        expect(engine.total, `${JSON.stringify(shown)} → ${JSON.stringify(text)} (followers ${JSON.stringify(followers)})`).toBe(0)
      }
      none += next.filter((ch) => c.query({ text: `${shown.trimEnd()}${ch}`, limit: 0 }).total === 0).length
    }
    // the rule was exercised: the engine told followers for many texts, and — where identifiers cannot start with a
    // letter (the statement's; the gateway's and the Pix statement's txids start with any) — a good share of the next
    // characters matching nothing were said so
    if ([..."abcdefghijklmnopqrstuvwxyz"].some((ch) => !c.idLeads().includes(ch))) {
      expect(told).toBeGreaterThan(30)
      expect(said).toBeGreaterThan(none / 4)
    }
  })
})

describe("Q5b what is not a narrowing", () => {
  const narrow = narrower<object>(statementTable)
  it("a text that does not extend the one shown, or that reaches the identifiers' length, or turns document-like", () => {
    expect(narrow("merc", "mera")).toBeNull()
    expect(narrow("silva", "silv")).toBeNull()
    const short = "abc".slice(0, MIN_ID_QUERY - 1)
    expect(narrow(short, `${short}d`.padEnd(MIN_ID_QUERY, "d"))).toBeNull()
    expect(narrow("-", "-5")).toBeNull()
    expect(narrow("", "x")).not.toBeNull()
    expect(narrow("Sao J", "São Jo")).not.toBeNull()
  })
  it("reaching the identifiers' length is a narrowing when the answer shown says no identifier starts with the text's first character", () => {
    const hex = "0123456789abcdef"
    expect(narrow("sil", "silv", `${hex}e`)).not.toBeNull()
    expect(narrow("Mer", "Merc", `${hex}e`)).not.toBeNull()
    expect(narrow("sil", "silv", `${hex}es`)).toBeNull()
    expect(narrow("123", "1234", `${hex}e`)).toBeNull()
    expect(narrow("e12", "e123", `${hex}e`)).toBeNull()
    expect(narrow("sil", "silv")).toBeNull()
  })
  it("another filter beside the text, an answer from further down, or too few matches in a partial answer give nothing", () => {
    const rows = [{ id: "1", description: "mercado", counterparty_name: "", counterparty_document: "", operation_id: "x", end_to_end_id: null }]
    const shown = { rest: "a", text: "m", offset: 0, rows, total: 1 }
    expect(narrowRows(shown, "b", "me", narrow, 1)).toBeNull()
    expect(narrowRows({ ...shown, offset: 50 }, "a", "me", narrow, 1)).toBeNull()
    expect(narrowRows({ ...shown, total: 2 }, "a", "me", narrow, 2)).toBeNull()
    expect(narrowRows(shown, "a", "me", narrow, 2)).toEqual({ rows, complete: true })
  })
})
