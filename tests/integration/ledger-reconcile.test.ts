/**
 * issue 30 item 8, a ledger the client can prove (docs/decisions.md "D-ledger-reconcile (issue 30 item 8)"): after
 * each statement pull the engine checks the local statement against the server's ledger at the sync point. The
 * sandbox's `statement_gap` fault loses rows of a page (the cursor passes them), changes a row behind the client's
 * back (no newer updated_at: no pull brings it again) or hides a row from every answer: the first two are found,
 * the affected range alone is pulled again and the statement heals; the third does not heal and is shown (a gap).
 */
import { afterEach, describe, expect, it } from "vitest"
import { makeApiClient } from "../../sync/api/client.ts"
import { openUserDb } from "../../sync/store/db.ts"
import { pullStatements } from "../../sync/pullers/statements.ts"
import { ProgressBoard } from "../../sync/pullers/progress.ts"
import { StatementProjection } from "../../sync/projections/statement-projection.ts"
import { LedgerCheck } from "../../sync/ledger/ledger-check.ts"
import type { SyncProgress } from "../../sync/results.ts"
import { admin, countingFetch, makeEngine, signIn, storage, until } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"

const file = sandboxForFile()
const wallets = () => file.sandbox.admin.seedInfo()!.wallets
const serverRows = (walletId: string): number =>
  (file.sandbox.db.prepare("SELECT count(*) AS n FROM statements WHERE wallet_id = ?").get(walletId) as { n: number }).n
const ledgerOf = (engine: ReturnType<typeof makeEngine>, walletId: string) => (engine.snapshot({ kind: "syncProgress" }) as SyncProgress).ledger?.[walletId]
/** fetch with each call's URL and wallet-uuid shown to `see` first; `see` answering true refuses the call as offline. */
const watchFetch = (see: (url: string, walletId: string | null) => boolean): typeof fetch =>
  ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
    return see(url, new Headers(init?.headers).get("wallet-uuid")) ? Promise.reject(new TypeError("Failed to fetch")) : fetch(input, init)
  }) as typeof fetch
/** A check that ran after `since` (a state kept from an earlier session is not this test's). */
const checkedSince = (engine: ReturnType<typeof makeEngine>, walletId: string, since: string) => (ledgerOf(engine, walletId)?.at ?? "") > since

describe("the ledger check after each sync (issue 30 item 8)", () => {
  afterEach(async () => {
    await admin(file.url, "reset-faults", {})
  })

  it("a clean sync reconciles every readable wallet at its sync point; the check's calls are few", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const c = countingFetch()
    const engine = makeEngine(file.url, { fetch: c.fetch })
    await engine.start(session)
    const since = new Date().toISOString()
    await engine.syncAll()
    const w = wallets().anaMain
    await until(() => checkedSince(engine, w, since))
    const s = ledgerOf(engine, w)!
    expect(s.state).toBe("reconciled")
    expect(s.repulled).toBe(0)
    expect(s.point).toMatch(/\|/)
    expect(c.calls.filter((u) => u.includes("reports/statement-ledger")).length).toBeLessThanOrEqual(4)
    await engine.signOut("logout")
  })

  it("issue 33 item 1: the check waits for the sync pass's other pulls (the server's ledger scan held back their pages)", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const calls: string[] = []
    // the Pix statement's pages slowed: its pull ends well after the statement's own (and the check's 1 s after it)
    const slowPix = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
      calls.push(url)
      const wait = url.includes("reports/pix-statement?") ? 1500 : 0
      return new Promise((r) => setTimeout(r, wait)).then(() => fetch(input, init))
    }) as typeof fetch
    const engine = makeEngine(file.url, { fetch: slowPix })
    await engine.start(session)
    const since = new Date().toISOString()
    await engine.syncAll()
    const passCalls = calls.length
    const w = wallets().anaMain
    await until(() => checkedSince(engine, w, since), 20_000)
    const lastPix = calls.slice(0, passCalls).findLastIndex((u) => u.includes("reports/pix-statement?"))
    const firstCheck = calls.findIndex((u) => u.includes("reports/statement-ledger"))
    expect(lastPix).toBeGreaterThan(0)
    expect({ firstCheck: firstCheck >= passCalls, state: ledgerOf(engine, w)?.state }).toEqual({ firstCheck: true, state: "reconciled" })
    await engine.signOut("logout")
  })

  it("a check that fails (the server's ledger call refused once) is asked again later and reconciles; the failure is noted (EN1)", async () => {
    const session = await signIn(file.url, "ana@example.com")
    let refused = 0
    const failOnce = watchFetch((url, walletId) => {
      const refuse = url.includes("reports/statement-ledger") && walletId === wallets().anaMain && refused === 0
      if (refuse) refused++
      return refuse
    })
    const engine = makeEngine(file.url, { fetch: failOnce })
    await engine.start(session)
    const since = new Date().toISOString()
    await engine.syncAll()
    const w = wallets().anaMain
    await until(() => checkedSince(engine, w, since), 20_000)
    expect({ refused, state: ledgerOf(engine, w)?.state }).toEqual({ refused: 1, state: "reconciled" })
    const problems = (engine.snapshot({ kind: "syncProgress" }) as SyncProgress).problems ?? []
    expect(problems.some((p) => p.where === `timer:ledger.check:${w}`)).toBe(true)
    await engine.signOut("logout")
  })

  it("a page lost in the first sync (rows the cursor passed) is found, its range alone pulled again, and it heals", async () => {
    const w = wallets().anaMain
    await admin(file.url, "faults", { statement_gap: { wallet_id: w, drop_rows: 7 } })
    const session = await signIn(file.url, "ana@example.com")
    // the statement pages asked for this wallet
    const pages: URL[] = []
    const fetchSeen = watchFetch((url, walletId) => {
      if (url.includes("operation-statement?") && walletId === w) pages.push(new URL(url))
      return false
    })
    const engine = makeEngine(file.url, { fetch: fetchSeen })
    await engine.start(session)
    const since = new Date().toISOString()
    await engine.syncAll()
    await until(() => checkedSince(engine, w, since) && engine.projection.query({ walletIds: [w], limit: 0 }).total === serverRows(w))
    expect(ledgerOf(engine, w)!.state).toBe("reconciled")
    // the lost rows came back by a pull of their range alone: a statement page asked from the start (no `after`) a second time
    expect(pages.filter((u) => !u.searchParams.has("after")).length).toBe(2)
    await engine.signOut("logout")
  })

  it("a row changed behind the client's back is found at the next sync, pulled again and healed; the projection holds the server's amount", async () => {
    const w = wallets().anaMain
    const session = await signIn(file.url, "ana@example.com")
    const engine = makeEngine(file.url)
    await engine.start(session)
    const since = new Date().toISOString()
    await engine.syncAll()
    await until(() => checkedSince(engine, w, since))
    expect(ledgerOf(engine, w)?.state).toBe("reconciled")
    const first = ledgerOf(engine, w)!.at
    await admin(file.url, "faults", { statement_gap: { wallet_id: w, change_row: 12_345 } })
    const changed = file.sandbox.db
      .prepare(
        "SELECT id, amount FROM statements WHERE wallet_id = ? AND status = 'completed' AND direction = 'in' AND currency_symbol = 'BRL' ORDER BY updated_at, id LIMIT 1"
      )
      .get(w) as { id: string; amount: number }
    await engine.pullStatementsFor(w)
    await until(() => ledgerOf(engine, w)!.at !== first)
    const s = ledgerOf(engine, w)!
    expect(s.state).toBe("reconciled")
    expect(s.repulled).toBe(1)
    const rows = engine.projection.query({ walletIds: [w], text: changed.id, limit: 10 }).rows
    expect(rows.find((r) => r.id === changed.id)?.amount).toBe(changed.amount)
    await engine.signOut("logout")
  })

  it("a gap that no re-pull heals (a row the statement never answers) is recorded as a gap and shown", async () => {
    const w = wallets().anaMain
    await admin(file.url, "faults", { statement_gap: { wallet_id: w, hide_row: true } })
    const session = await signIn(file.url, "ana@example.com")
    const engine = makeEngine(file.url)
    await engine.start(session)
    const since = new Date().toISOString()
    await engine.syncAll()
    await until(() => checkedSince(engine, w, since))
    const s = ledgerOf(engine, w)!
    expect(s.state).toBe("gap")
    expect(s.currencies).toContain("BRL")
    expect(s.repulled).toBe(1)
    expect(engine.projection.query({ walletIds: [w], limit: 0 }).total).toBe(serverRows(w) - 1)
    // another wallet of the same user, untouched, still reconciles
    await until(() => checkedSince(engine, wallets().anaReserve, since))
    expect(ledgerOf(engine, wallets().anaReserve)!.state).toBe("reconciled")
    await engine.signOut("logout")
  })

  it("bisection over many chunks: rows lost in the middle of a pull are found in their own chunk; only it is pulled again", async () => {
    const w = wallets().anaMain
    const session = await signIn(file.url, "ana@example.com")
    const c = countingFetch()
    const api = makeApiClient({
      baseUrl: () => file.url,
      locale: () => "pt",
      tokens: () => session,
      onTokens: () => undefined,
      onSessionExpired: () => undefined,
      currentWallet: () => null,
      serverType: () => "green",
      fetch: c.fetch
    })
    const db = await openUserDb(`ledger-bisect-${Date.now()}`, storage())
    const proj = new StatementProjection()
    const board = new ProgressBoard()
    await pullStatements(api, db, board, w, { pageSize: 20, stopAfterPages: 4, onRows: (rows) => proj.upsertMany(rows) })
    await admin(file.url, "faults", { statement_gap: { wallet_id: w, drop_rows: 3 } })
    await pullStatements(api, db, board, w, { pageSize: 20, onRows: (rows) => proj.upsertMany(rows) })
    const chunks = await db.statement_chunks.count({ selector: { wallet_id: w } }).exec()
    expect(chunks).toBeGreaterThan(8)
    expect(proj.query({ walletIds: [w], limit: 0 }).total).toBe(serverRows(w) - 3)
    const check = new LedgerCheck({
      api: () => api,
      db: () => db,
      projection: () => proj,
      ingest: (rows) => proj.upsertMany(rows),
      pullAgain: () => undefined,
      changed: () => undefined,
      pulling: () => false
    })
    const before = c.calls.length
    const s = await check.check(w)
    expect(s?.state).toBe("reconciled")
    expect(s?.repulled).toBe(1)
    expect(proj.query({ walletIds: [w], limit: 0 }).total).toBe(serverRows(w))
    const calls = c.calls.slice(before)
    // one check, about log2(chunks) prefix answers, one page of the bad range, one check again
    expect(calls.filter((u) => u.includes("reports/statement-ledger")).length).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(chunks)) + 1)
    const repulls = calls.filter((u) => u.includes("operation-statement?"))
    expect(repulls.length).toBe(1)
    // the bad chunk is the fifth (pages 1–4 were whole): its range starts at the fourth chunk's cursor
    const fourth = (await db.statement_chunks.find({ selector: { wallet_id: w, seq: 3 } }).exec())[0]!
    expect(new URL(repulls[0]!).searchParams.get("after")).toBe(fourth.cursor)
    expect(await db.statement_chunks.count({ selector: { wallet_id: w } }).exec()).toBe(chunks)
    await db.remove()
  })
})
