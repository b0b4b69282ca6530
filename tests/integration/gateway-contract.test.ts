/**
 * The payments gateway over real HTTP (issue 16; spec features §2 "/gateway" permissions, §3
 * Transaction (gateway) and Dashboard aggregate, §4 statuses, §7 "/users/payments-gateway/*"; core
 * "gateway permission by company kind", D-gateway-company-kind): every new route's shape, filters,
 * paging, the dashboard's interval rules, the export job, and the permission by company kind
 * (main, main_without_branches, branch) and by wallet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { GATEWAY_METRICS_MAX_DAYS } from "../../schema/api-gateway.ts"
import { GATEWAY_STATUSES } from "../../schema/tables/gateway.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno] = (await Promise.all(["ana", "bruno"].map((u) => cl.login(`${u}@example.com`)))) as [Session, Session]
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

const spDate = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10)

describe("gateway lists (features §3 §4 §7)", () => {
  it("features §7 deposits, withdrawals, refunds and devolutions each list their own kind with every field of §3", async () => {
    const pairs = [
      ["gatewayDeposits", "deposit"],
      ["gatewayWithdrawals", "withdrawal"],
      ["gatewayRefunds", "refund"],
      ["gatewayDevolutions", "return"]
    ] as const
    for (const [id, kind] of pairs) {
      const r = await cl.ok(id, { as: bruno, wallet: W.brunoMatrix, query: { page_size: 50 } })
      expect(r.data.total).toBeGreaterThan(0)
      for (const t of r.data.data) {
        expect(t.kind).toBe(kind)
        expect(t.wallet_id).toBe(W.brunoMatrix)
        expect(Object.keys(t).sort()).toEqual([
          "account",
          "agency",
          "bank",
          "counterparty_document",
          "counterparty_name",
          "created_at",
          "currency_symbol",
          "digit",
          "direction",
          "end_to_end_id",
          "fee",
          "id",
          "kind",
          "operation_id",
          "reference",
          "seller_share",
          "status",
          "txid",
          "updated_at",
          "value",
          "wallet_id"
        ])
      }
    }
    const all = await cl.ok("gatewayTransactions", { as: bruno, wallet: W.brunoMatrix, query: { page_size: 5000 } })
    expect(new Set(all.data.data.map((t) => t.status)).size).toBeGreaterThan(10)
  })

  it("features §7 filters: status list, value range, dates, search by reference; an unknown status is a field error", async () => {
    const paid = await cl.ok("gatewayDeposits", {
      as: bruno,
      wallet: W.brunoMatrix,
      query: { status: "paid,pending", min_value: 1000, max_value: 50000, page_size: 500 }
    })
    for (const t of paid.data.data) {
      expect(["paid", "pending"]).toContain(t.status)
      expect(t.value).toBeGreaterThanOrEqual(1000)
      expect(t.value).toBeLessThanOrEqual(50000)
    }
    const one = paid.data.data[0]!
    const found = await cl.ok("gatewayDeposits", { as: bruno, wallet: W.brunoMatrix, query: { search: one.reference } })
    expect(found.data.data.map((t) => t.id)).toContain(one.id)
    const day = spDate(Date.parse(one.created_at))
    const byDay = await cl.ok("gatewayDeposits", { as: bruno, wallet: W.brunoMatrix, query: { start_date: day, end_date: day, page_size: 500 } })
    expect(byDay.data.data.map((t) => t.id)).toContain(one.id)
    const bad = await cl.err("gatewayDeposits", { as: bruno, wallet: W.brunoMatrix, query: { status: "nope" } })
    expect([bad.status, bad.body.error.fields?.["status"]]).toEqual([422, "VALIDATION_FORMAT"])
    expect(GATEWAY_STATUSES).toHaveLength(17)
  })

  it("features §7 keyset paging (after = updated_at|id) walks every row once", async () => {
    const total = (await cl.ok("gatewayTransactions", { as: bruno, wallet: W.brunoBranch, query: { page_size: 1 } })).data.total
    const seen = new Set<string>()
    let after = ""
    for (;;) {
      const r = await cl.ok("gatewayTransactions", {
        as: bruno,
        wallet: W.brunoBranch,
        query: { sort: "updated_at", order: "asc", page_size: 100, ...(after ? { after } : {}) }
      })
      for (const t of r.data.data) seen.add(t.id)
      const last = r.data.data[r.data.data.length - 1]
      if (r.data.data.length < 100 || !last) break
      after = `${last.updated_at}|${last.id}`
    }
    expect(seen.size).toBe(total)
  })
})

describe("gateway dashboard (features §2 metrics, §3 Dashboard aggregate)", () => {
  it("features §3 type × status → total_items and total_value equal the lists' own sums across matrix and branch", async () => {
    const now = Date.now()
    const start = spDate(now - 20 * 86_400_000)
    const end = spDate(now)
    const d = await cl.ok("gatewayDashboard", {
      as: bruno,
      wallet: W.brunoMatrix,
      query: { start_date: start, end_date: end, wallets_ids: `${W.brunoMatrix},${W.brunoBranch}` }
    })
    const sum = new Map<string, { n: number; v: number }>()
    for (const w of [W.brunoMatrix, W.brunoBranch]) {
      const rows = (await cl.ok("gatewayTransactions", { as: bruno, wallet: w, query: { start_date: start, end_date: end, page_size: 5000 } })).data.data
      for (const t of rows) {
        const type = { deposit: "transaction", withdrawal: "withdraw", refund: "refund", return: "returned" }[t.kind]
        const k = `${type}|${t.status}`
        const s = sum.get(k) ?? { n: 0, v: 0 }
        sum.set(k, { n: s.n + 1, v: s.v + t.value })
      }
    }
    expect(Object.fromEntries(d.data.data.map((l) => [`${l.type}|${l.status}`, { n: l.total_items, v: l.total_value }]))).toEqual(Object.fromEntries(sum))
  })

  it("features §2 the interval has at most the maximum number of days and needs at least one wallet", async () => {
    const tooLong = await cl.err("gatewayDashboard", {
      as: bruno,
      wallet: W.brunoMatrix,
      query: { start_date: "2026-01-01", end_date: "2026-03-01", wallets_ids: W.brunoMatrix }
    })
    expect([tooLong.status, tooLong.body.error.fields?.["end_date"]]).toEqual([422, "VALIDATION_GATEWAY_MAX_DAYS"])
    expect(GATEWAY_METRICS_MAX_DAYS).toBe(31)
    const none = await cl.err("gatewayDashboard", { as: bruno, wallet: W.brunoMatrix, query: { start_date: "2026-01-01", end_date: "2026-01-10" } })
    expect([none.status, none.body.error.fields?.["wallets_ids"]]).toEqual([422, "VALIDATION_REQUIRED"])
    const reversed = await cl.err("gatewayDashboard", {
      as: bruno,
      wallet: W.brunoMatrix,
      query: { start_date: "2026-01-10", end_date: "2026-01-01", wallets_ids: W.brunoMatrix }
    })
    expect(reversed.body.error.key).toBe("DATE_RANGE_INVALID")
  })
})

describe("gateway export job (features §7 transactions/exports)", () => {
  it("features §7 the export is a job with status and progress; completed, its CSV holds exactly the interval's rows", async () => {
    const now = Date.now()
    const start = spDate(now - 5 * 86_400_000)
    const end = spDate(now)
    const job = await cl.ok("gatewayExportCreate", { as: bruno, wallet: W.brunoMatrix, body: { start_date: start, end_date: end, kind: "deposit" } })
    expect(job.data.status).toBe("in_progress")
    let done = job.data
    for (let i = 0; i < 40 && done.status === "in_progress"; i++) {
      await new Promise((r) => setTimeout(r, 100))
      done = (await cl.ok("gatewayExportGet", { as: bruno, wallet: W.brunoMatrix, params: { id: job.data.id } })).data
    }
    expect(done.status).toBe("completed")
    const listed = await cl.ok("gatewayDeposits", { as: bruno, wallet: W.brunoMatrix, query: { start_date: start, end_date: end, page_size: 5000 } })
    expect(done.rows).toBe(listed.data.total)
    expect((done.csv ?? "").split("\r\n").length).toBe(listed.data.total + 1)
  })
})

describe("gateway permission by company kind and wallet (core, D-gateway-company-kind)", () => {
  it("core main and branch read their lists; a branch may not export; a branch's dashboard names only itself", async () => {
    expect((await cl.ok("gatewayDeposits", { as: bruno, wallet: W.brunoBranch })).data.total).toBeGreaterThan(0)
    const exp = await cl.err("gatewayExportCreate", { as: bruno, wallet: W.brunoBranch, body: { start_date: "2026-01-01", end_date: "2026-01-02" } })
    expect([exp.status, exp.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    const d = await cl.err("gatewayDashboard", {
      as: bruno,
      wallet: W.brunoBranch,
      query: { start_date: "2026-01-01", end_date: "2026-01-02", wallets_ids: `${W.brunoBranch},${W.brunoMatrix}` }
    })
    expect(d.status).toBe(403)
  })

  it("core a wallet that is not a gateway wallet is refused; enabled, a matrix without branches is main_without_branches and may export", async () => {
    const created = await cl.ok("walletCreate", { as: bruno, body: { name: "Lima Loja Online" } })
    const id = created.data.id
    expect((await cl.err("gatewayDeposits", { as: bruno, wallet: id })).status).toBe(403)
    const en = await cl.admin("gatewayEnable", { body: { wallet_id: id, enabled: true } })
    expect(en.data.company_kind).toBe("main_without_branches")
    expect((await cl.ok("gatewayDeposits", { as: bruno, wallet: id })).data.total).toBe(0)
    expect((await cl.ok("gatewayExportCreate", { as: bruno, wallet: id, body: { start_date: "2026-01-01", end_date: "2026-01-02" } })).data.status).toBe(
      "in_progress"
    )
  })

  it("features §2 another user's gateway wallet is refused on every route", async () => {
    expect((await cl.err("gatewayDeposits", { as: ana, wallet: W.brunoMatrix })).status).toBe(403)
    expect((await cl.err("gatewayTransactions", { as: ana, wallet: W.brunoMatrix })).status).toBe(403)
    expect(
      (
        await cl.err("gatewayDashboard", {
          as: ana,
          wallet: W.anaMain,
          query: { start_date: "2026-01-01", end_date: "2026-01-02", wallets_ids: W.brunoMatrix }
        })
      ).status
    ).toBe(403)
  })

  it("features §7 a transaction arriving (admin) is listed at once, and the lists' totals count it (cached totals follow writes)", async () => {
    // a keyset page's total is cached per write version (sandbox/count-cache.ts): asked twice, then after a write
    const keyset = { sort: "updated_at", order: "asc", page_size: 1 }
    const before = (await cl.ok("gatewayTransactions", { as: bruno, wallet: W.brunoMatrix, query: keyset })).data.total
    expect((await cl.ok("gatewayTransactions", { as: bruno, wallet: W.brunoMatrix, query: keyset })).data.total).toBe(before)
    const row = await cl.admin("gatewayArrive", { body: { wallet_id: W.brunoMatrix, value: 4321, reference: "PED-LIVE-1" } })
    const r = await cl.ok("gatewayDeposits", { as: bruno, wallet: W.brunoMatrix, query: { search: "PED-LIVE-1" } })
    expect(r.data.data.map((t) => t.id)).toEqual([row.data.id])
    expect((await cl.ok("gatewayTransactions", { as: bruno, wallet: W.brunoMatrix, query: keyset })).data.total).toBe(before + 1)
  })
})
