/**
 * Paging of the sandbox (spec core §3 paged list page/page_size/page_total/total/data, §9 default
 * size 20 sorted by created_at desc; DESIGN "Pull": the keyset cursor
 * `sort=updated_at&order=asc&after=<updated_at>|<id>` walks every row exactly once, even while
 * rows are written) and the statement filters of features §2/§7.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import type { StatementEntry } from "../../schema/entities.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session
let main: string

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ana = await cl.login("ana@example.com")
  main = sb.admin.seedInfo()!.wallets.anaMain
})
afterAll(async () => {
  await sb?.close()
})

describe("statement paging (core §3, §9)", () => {
  it("spec core §9 default page: 20 rows sorted by created_at desc; page 1 and 2 are disjoint; total matches the ledger", async () => {
    const p1 = await cl.ok("statement", { as: ana, wallet: main })
    const p2 = await cl.ok("statement", { as: ana, wallet: main, query: { page: 2 } })
    expect(p1.data.page).toBe(1)
    expect(p1.data.page_size).toBe(20)
    expect(p1.data.data).toHaveLength(20)
    const ids1 = new Set(p1.data.data.map((r) => r.id))
    expect(p2.data.data.some((r) => ids1.has(r.id))).toBe(false)
    const all = [...p1.data.data, ...p2.data.data].map((r) => r.created_at)
    expect([...all].sort().reverse()).toEqual(all)
    const ledger = sb.admin.ledger(main)
    expect(p1.data.total).toBe(ledger.statement_rows)
    expect(p1.data.page_total).toBe(Math.ceil(ledger.statement_rows / 20))
  })

  it("spec core §3 the last page holds the remainder; beyond it is empty", async () => {
    const first = await cl.ok("statement", { as: ana, wallet: main, query: { page_size: 300 } })
    const last = first.data.page_total
    const pl = await cl.ok("statement", { as: ana, wallet: main, query: { page_size: 300, page: last } })
    expect(pl.data.data.length).toBe(first.data.total - 300 * (last - 1))
    const beyond = await cl.ok("statement", { as: ana, wallet: main, query: { page_size: 300, page: last + 1 } })
    expect(beyond.data.data).toHaveLength(0)
  })

  it("DESIGN Pull: the keyset cursor walks every row exactly once, in (updated_at, id) order, including rows written mid-walk", async () => {
    const seen = new Map<string, StatementEntry>()
    let after: string | undefined
    let pages = 0
    let total = 0
    let wroteMidWalk = false
    let prev = ""
    for (;;) {
      const p = await cl.ok("statement", { as: ana, wallet: main, query: { sort: "updated_at", order: "asc", page_size: 250, after } })
      pages++
      if (pages === 1) total = p.data.total
      for (const r of p.data.data) {
        const k = `${r.updated_at}|${r.id}`
        expect(k > prev).toBe(true)
        prev = k
        expect(seen.has(r.id)).toBe(false)
        seen.set(r.id, r)
      }
      if (pages === 2 && !wroteMidWalk) {
        sb.admin.pixIn(main, 12_345, "Mid Walk Pagador")
        wroteMidWalk = true
      }
      if (p.data.data.length < p.data.page_size) break
      const last = p.data.data[p.data.data.length - 1]!
      after = `${last.updated_at}|${last.id}`
    }
    expect(seen.size).toBe(total + 1)
    expect([...seen.values()].some((r) => r.counterparty_name === "Mid Walk Pagador")).toBe(true)
    expect(sb.admin.ledger(main).statement_rows).toBe(seen.size)
  })

  it("DESIGN Pull: keyset pages go up to 5000 rows; offset pages are capped at 500", async () => {
    const k = await cl.ok("statement", { as: ana, wallet: main, query: { sort: "updated_at", order: "asc", page_size: 99999 } })
    expect(k.data.page_size).toBe(5000)
    const o = await cl.ok("statement", { as: ana, wallet: main, query: { page_size: 99999 } })
    expect(o.data.page_size).toBe(500)
  })

  it("spec core §8 bad paging input is 422 with fields", async () => {
    expect((await cl.err("statement", { as: ana, wallet: main, query: { page: "x" } })).body.error.fields).toEqual({ page: "VALIDATION_NUMERIC" })
    expect((await cl.err("statement", { as: ana, wallet: main, query: { sort: "nope" } })).body.error.fields).toEqual({ sort: "VALIDATION_FORMAT" })
    expect((await cl.err("statement", { as: ana, wallet: main, query: { sort: "updated_at", order: "asc", after: "garbage" } })).body.error.fields).toEqual({
      after: "VALIDATION_FORMAT"
    })
  })
})

describe("statement filters (features §2, §5, §7)", () => {
  it("spec features §7 type, status, direction and amount filters", async () => {
    const r = await cl.ok("statement", {
      as: ana,
      wallet: main,
      query: { type: "PIX_IN,PIX_OUT", status: "completed", direction: "out", min_amount: 1000, max_amount: 50000, page_size: 500 }
    })
    expect(r.data.total).toBeGreaterThan(0)
    for (const e of r.data.data) {
      expect(e.type).toBe("PIX_OUT")
      expect(e.status).toBe("completed")
      expect(e.amount).toBeGreaterThanOrEqual(1000)
      expect(e.amount).toBeLessThanOrEqual(50000)
      expect(e.end_to_end_id).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/)
    }
    expect((await cl.err("statement", { as: ana, wallet: main, query: { type: "NOPE" } })).body.error.fields).toEqual({ type: "VALIDATION_FORMAT" })
  })

  it("spec features §5 date range in UTC-3: start ≤ end, rows inside the days", async () => {
    const now = Date.now() - 3 * 3600_000
    const end = new Date(now).toISOString().slice(0, 10)
    const start = new Date(now - 6 * 86400_000).toISOString().slice(0, 10)
    const r = await cl.ok("statement", { as: ana, wallet: main, query: { start_date: start, end_date: end, page_size: 500 } })
    expect(r.data.total).toBeGreaterThan(0)
    for (const e of r.data.data) {
      const local = new Date(Date.parse(e.created_at) - 3 * 3600_000).toISOString().slice(0, 10)
      expect(local >= start && local <= end).toBe(true)
    }
    expect((await cl.err("statement", { as: ana, wallet: main, query: { start_date: end, end_date: start } })).body.error.key).toBe("DATE_RANGE_INVALID")
    expect((await cl.err("statement", { as: ana, wallet: main, query: { start_date: "2026-02-30" } })).body.error.fields).toEqual({
      start_date: "VALIDATION_DATE"
    })
  })

  it("spec features §7 search: description, counterparty name or document, end-to-end id", async () => {
    const one = (await cl.ok("statement", { as: ana, wallet: main, query: { type: "PIX_IN" } })).data.data[0]!
    const byName = await cl.ok("statement", { as: ana, wallet: main, query: { search: one.counterparty_name, page_size: 500 } })
    expect(byName.data.data.some((e) => e.id === one.id)).toBe(true)
    const byE2e = await cl.ok("statement", { as: ana, wallet: main, query: { search: one.end_to_end_id! } })
    expect(byE2e.data.data.map((e) => e.id)).toEqual([one.id])
    const byDoc = await cl.ok("statement", { as: ana, wallet: main, query: { search: one.counterparty_document, page_size: 500 } })
    expect(byDoc.data.data.every((e) => e.counterparty_document === one.counterparty_document || e.description.includes(one.counterparty_document))).toBe(true)
    const none = await cl.ok("statement", { as: ana, wallet: main, query: { search: "%_nothing like this_%" } })
    expect(none.data.total).toBe(0)
  })

  it("spec features §3 balance_after is the running balance per currency", async () => {
    const rows: StatementEntry[] = []
    let after: string | undefined
    for (;;) {
      const p = await cl.ok("statement", { as: ana, wallet: main, query: { sort: "updated_at", order: "asc", page_size: 5000, after } })
      rows.push(...p.data.data)
      if (p.data.data.length < p.data.page_size) break
      const l = p.data.data[p.data.data.length - 1]!
      after = `${l.updated_at}|${l.id}`
    }
    rows.sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? -1 : 1))
    const last = new Map<string, number>()
    for (const r of rows) {
      const before = last.get(r.currency_symbol)
      if (before !== undefined) {
        const moved = r.status === "completed" ? (r.direction === "in" ? r.amount : -r.amount) : 0
        expect(r.balance_after).toBe(before + moved)
      }
      last.set(r.currency_symbol, r.balance_after)
    }
    const balances = sb.admin.ledger(main).balances
    expect(balances.find((b) => b.currency_symbol === "BRL")?.balance).toBe(last.get("BRL"))
  })
})

describe("statement JSON (features §3)", () => {
  it("spec features §3 free text with quotes, backslashes, newlines and accents survives the SQLite-made JSON", async () => {
    const name = `João "Zé" \\ d'Ávila\nLinha 2\t<b>`
    const row = sb.admin.pixIn(main, 321, name)
    const p = await cl.ok("statement", { as: ana, wallet: main, query: { search: "Zé", page_size: 5 } })
    const got = p.data.data.find((r) => r.id === row.id)
    expect(got?.counterparty_name).toBe(name)
    expect(got?.transaction_uuid).toBeNull()
  })
})

describe("other paged lists", () => {
  it("spec core §7 notifications page 1 and 2 are disjoint; pagination totals", async () => {
    const p1 = await cl.ok("notifications", { as: ana, query: { page: 1 } })
    const p2 = await cl.ok("notifications", { as: ana, query: { page: 2 } })
    const ids = new Set(p1.data.map((n) => n.id))
    expect(p2.data.some((n) => ids.has(n.id))).toBe(false)
    expect(p1.pagination.total_pages).toBe(Math.ceil(p1.pagination.total / 20))
  })
})
