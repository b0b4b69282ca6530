/**
 * The table projection over the Pix statement description (issue 12 "the Pix statement: a table
 * description on the shared machinery"; spec features §2 Pix "statements"): no code outside the
 * description (schema/tables/pix-statement.ts) — random filters over generated Pix rows of several
 * wallets (direction, status, dates, amounts, text in names, documents, descriptions, end-to-end
 * ids and txids, sorts, windows, groups) answer exactly like the naive reference
 * (tests/support/naive-table.ts), every field round-trips, and the local CSV has exactly the
 * filtered rows.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { pixRow } from "../../tests/support/pix-rows.ts"
import { PIX_STATEMENT_STATUSES, pixStatementTable, type PixStatementRow } from "../../schema/tables/pix-statement.ts"
import { NaiveTable } from "../../tests/support/naive-table.ts"
import { TableProjection, type TableQuery } from "./table-projection.ts"
import { tableCsv } from "./table-export.ts"

const NOW = Date.parse("2026-11-20T15:00:00.000Z")
const DAY = 86_400_000
const WALLETS = ["w-ana", "w-reserve", "w-bruno"]

const build = (seed: number, perWallet: number) => {
  const g = new Prng(seed)
  const rows = WALLETS.flatMap((w) => Array.from({ length: perWallet }, () => pixRow(g, w, NOW)))
  const p = new TableProjection<PixStatementRow>(pixStatementTable)
  const n = new NaiveTable<PixStatementRow>(pixStatementTable)
  for (let i = 0; i < rows.length; i += 500) {
    p.upsertMany(rows.slice(i, i + 500))
    n.upsertMany(rows.slice(i, i + 500))
  }
  return { g, rows, p, n }
}

const randomQuery = (g: Prng, rows: ReadonlyArray<PixStatementRow>): TableQuery => {
  const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {}
  if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.5))
  if (g.chance(0.4)) q.types = [g.pick(["in", "out"])]
  if (g.chance(0.3)) q.direction = g.pick(["in", "out"])
  if (g.chance(0.4)) q.statuses = PIX_STATEMENT_STATUSES.filter(() => g.chance(0.5))
  if (g.chance(0.4)) {
    q.from = NOW - g.int(1, 60) * DAY
    q.to = q.from + g.int(1, 30) * DAY
  }
  if (g.chance(0.3)) q.minAmount = g.int(0, 100_000)
  if (g.chance(0.2)) q.maxAmount = g.int(100_000, 500_000)
  if (g.chance(0.5)) {
    const r = g.pick(rows)
    q.text = g.pick([
      r.counterparty_name.split(" ")[0] ?? "a",
      r.counterparty_document.slice(0, 6),
      r.description.slice(0, 7),
      r.id.slice(0, 8),
      r.end_to_end_id?.slice(0, 12) ?? "E",
      r.txid?.slice(0, 10) ?? "aluguel",
      "ltda",
      "recebido"
    ])
  }
  if (g.chance(0.4)) q.sort = { by: g.pick(["created_at", "amount"] as const), dir: g.pick(["asc", "desc"] as const) }
  if (g.chance(0.3)) q.offset = g.int(0, 200)
  if (g.chance(0.3)) q.limit = g.int(0, 150)
  if (g.chance(0.4)) q.groupBy = g.pick(["day", "type", "wallet", "code", "none"] as const)
  return q
}

const strip = <T extends { tookMs?: number; perCurrency?: unknown; perWallet?: unknown }>(r: T) => {
  const { tookMs: _t, perCurrency: _c, perWallet: _w, ...rest } = r
  return rest
}

describe("Pix statement table projection (issue 12, features §2 Pix statements) against the naive reference", () => {
  it("Q6 the description packs direction × 4 statuses × BRL into one code", () => {
    expect(pixStatementTable.layout.bits).toBe(1 + 2 + 1)
  })

  it("features §2 Pix statements: 300 random local filters across wallets equal the naive reference", () => {
    const { g, rows, p, n } = build(12, 700)
    for (let i = 0; i < 300; i++) {
      const q = randomQuery(g, rows)
      expect(strip(p.query(q)), JSON.stringify(q)).toEqual(strip(n.query(q)))
    }
  })

  it("features §2 every field of a Pix statement row (key, bank, end-to-end id, txid…) round-trips through the columns", () => {
    const { rows, p } = build(3, 150)
    for (const r of rows.slice(0, 120)) expect(p.get(r.id)).toEqual(r)
  })

  it("features §4 a status change (newer updated_at) moves the row between status filters, as in the reference", () => {
    const { g, rows, p, n } = build(5, 300)
    const changed = rows.slice(0, 200).map((r) => ({ ...r, status: g.pick(PIX_STATEMENT_STATUSES), updated_at: new Date(NOW + 1000).toISOString() }))
    p.upsertMany(changed)
    n.upsertMany(changed)
    p.optimize()
    for (let i = 0; i < 60; i++) {
      const q = randomQuery(g, rows)
      expect(strip(p.query(q)), JSON.stringify(q)).toEqual(strip(n.query(q)))
    }
  })

  it("issue 12 the local CSV has exactly the filtered rows, in the filter's order, amounts signed by direction", () => {
    const { g, rows, p, n } = build(9, 300)
    for (let i = 0; i < 20; i++) {
      const { offset: _o, limit: _l, groupBy: _g, ...q } = randomQuery(g, rows)
      const csv = Array.from(tableCsv(pixStatementTable, p.matchingRows(q), "en", [])).join("")
      const lines = csv
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter((l) => l !== "")
      const expected = n.query({ ...q, offset: 0, limit: 1_000_000 }).rows
      expect(lines.length - 1).toBe(expected.length)
      const idCol = (pixStatementTable.csv ?? []).indexOf("id")
      expect(lines.slice(1).map((l) => l.split(",")[idCol] ?? "")).toEqual(expected.map((r) => (r as PixStatementRow).id))
    }
  })
})
