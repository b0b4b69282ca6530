/**
 * The engine against a running sandbox over real HTTP (sync/SPEC.md rule ids in the names).
 * Storage is RxDB's Dexie storage on fake-indexeddb; the browser suite (tests/e2e/engine) runs the
 * same engine on real IndexedDB in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Effect } from "effect"
import { indexedDB } from "fake-indexeddb"
import { startSandbox } from "../../sandbox/server.ts"
import { makeApiClient } from "../../sync/api/client.ts"
import { openUserDb, dbNameFor } from "../../sync/store/db.ts"
import { pullStatements } from "../../sync/pullers/statements.ts"
import { ProgressBoard } from "../../sync/pullers/progress.ts"
import type { Wallet } from "../../schema/entities.ts"
import { StatementProjection } from "../../sync/projections/statement-projection.ts"
import { imageDbName, writeImage } from "../../sync/store/projection-image.ts"
import type { SyncProgress } from "../../workers/results.ts"
import { admin, countingFetch, makeEngine, signIn, storage, until } from "../support/engine-helpers.ts"

let sb: Awaited<ReturnType<typeof startSandbox>>
let base = ""

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false })
  base = sb.url.replace(/\/$/, "")
})
afterAll(async () => { await sb?.close() })

const apiFor = (session: { accessToken: string; refreshToken: string; expiresAt: number }, f?: typeof fetch) =>
  makeApiClient({
    baseUrl: () => base, locale: () => "pt", tokens: () => session, onTokens: () => undefined, onSessionExpired: () => undefined,
    currentWallet: () => null, serverType: () => "green", ...(f ? { fetch: f } : {})
  })

async function defaultWallet(session: { accessToken: string }): Promise<Wallet> {
  const r = await fetch(`${base}/users/operations/wallets?page_size=100`, { headers: { authorization: `Bearer ${session.accessToken}`, "server-type": "green" } })
  const j = (await r.json()) as { data: { data: Wallet[] } }
  const w = j.data.data.find((x) => x.default) ?? j.data.data[0]
  if (!w) throw new Error("no wallet")
  return w
}

describe("sync engine against the sandbox", () => {
  it("A1 a path off the allowed list fails with UNAUTHORIZED_ENDPOINT and sends nothing", async () => {
    const session = await signIn(base, "ana@example.com")
    const c = countingFetch()
    const api = apiFor(session, c.fetch)
    const exit = await Effect.runPromiseExit(api.raw("GET", "/users/admin/secrets"))
    expect(exit._tag).toBe("Failure")
    expect(String(exit)).toContain("UnauthorizedEndpoint")
    expect(c.calls).toEqual([])
  })

  it("P1–P6 first sync fills wallets, accounts, notifications and every readable wallet's statement", async () => {
    const session = await signIn(base, "ana@example.com")
    const engine = makeEngine(base)
    await engine.start(session)
    await engine.syncAll()
    const wallets = engine.snapshot({ kind: "wallets" }) as Wallet[]
    expect(wallets.length).toBeGreaterThanOrEqual(2)
    const w = wallets.find((x) => x.default) ?? wallets[0]!
    const accounts = engine.snapshot({ kind: "walletAccounts", walletId: w.id }) as unknown[]
    expect(accounts.length).toBe(4)
    // the server's statement total for every wallet equals what the projection holds
    let serverTotal = 0
    for (const x of wallets) {
      const r = await fetch(`${base}/users/v2/reports/operation-statement?page_size=1`, { headers: { authorization: `Bearer ${session.accessToken}`, "wallet-uuid": x.id, "server-type": "green" } })
      if (r.ok) serverTotal += ((await r.json()) as { data: { total: number } }).data.total
    }
    expect(serverTotal).toBeGreaterThan(0)
    expect(engine.projection.size).toBe(serverTotal)
    const progress = engine.progress.snapshot().lists
    expect(progress[`statements:${w.id}`]?.state).toBe("done")
    await engine.signOut("logout")
  })

  it("P8 a statement sync killed mid-way resumes with no gap and no duplicate", async () => {
    const session = await signIn(base, "ana@example.com")
    const w = await defaultWallet(session)
    const db = await openUserDb(`p8${Date.now()}`, storage())
    const api = apiFor(session)
    const seen: string[] = []
    const first = await pullStatements(api, db, new ProgressBoard(), w.id, { pageSize: 150, stopAfterPages: 2, onRows: (rows) => seen.push(...rows.map((r) => r.id)) })
    expect(first).toBe(300)
    // a new sync on the same store: starts after the last whole chunk
    await pullStatements(api, db, new ProgressBoard(), w.id, { pageSize: 150, onRows: (rows) => seen.push(...rows.map((r) => r.id)) })
    const r = await fetch(`${base}/users/v2/reports/operation-statement?page_size=1`, { headers: { authorization: `Bearer ${session.accessToken}`, "wallet-uuid": w.id, "server-type": "green" } })
    const total = ((await r.json()) as { data: { total: number } }).data.total
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBe(total)
    await db.remove()
  })

  it("L3 the stream dropped by the sandbox reconnects with Last-Event-ID and loses no event", async () => {
    const session = await signIn(base, "ana@example.com")
    const w = await defaultWallet(session)
    const engine = makeEngine(base)
    await engine.start(session)
    await until(() => engine.snapshot({ kind: "connection" }) !== null && (engine.snapshot({ kind: "connection" }) as { stream: string }).stream === "open")
    const before = engine.receivedEventIds.length
    for (let i = 0; i < 6; i++) {
      await admin(base, "pix-in", { wallet_id: w.id, amount: 1000 + i, payer_name: `Pagador ${i}` })
      if (i === 2) await admin(base, "faults", { drop_sse_now: true })
    }
    await until(() => engine.receivedEventIds.length - before >= 6, 30_000)
    const ids = engine.receivedEventIds.slice(before).map(Number)
    // every id once, in order, none skipped among those this user may see
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    await engine.signOut("logout")
  })

  it("L7 a request created before the stream first opened (nothing to replay) still reaches the queue", async () => {
    const session = await signIn(base, "ana@example.com")
    const w = await defaultWallet(session)
    // the stream's connection waits until the request exists; every other call goes through
    let open: () => void = () => undefined
    const gate = new Promise<void>((r) => { open = r })
    const gated: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes("/users/events/stream")) await gate
      return fetch(input, init)
    }
    const engine = makeEngine(base, { fetch: gated })
    await engine.start(session)
    engine.setWallet(w.id)
    await engine.syncAll()
    const queue = () => engine.snapshot({ kind: "approvalRequests", walletId: w.id }) as ReadonlyArray<{ id: string }>
    const before = queue().length
    const created = (await admin(base, "approval-requests", { wallet_id: w.id, amount: 123_400, description: "L7 antes do stream" })) as { data: { id: string } }
    // the pulls are over and the stream is not open: the request is not known yet
    expect(queue().some((r) => r.id === created.data.id)).toBe(false)
    open()
    await until(() => queue().some((r) => r.id === created.data.id), 15_000)
    expect(queue().length).toBe(before + 1)
    await engine.signOut("logout")
  })

  it("P11 a request an event brings while the queue's pull runs stays (the pass's clean-up does not remove it)", async () => {
    const session = await signIn(base, "ana@example.com")
    const w = await defaultWallet(session)
    // the queue's list call waits, once, until the request exists and its event has been applied
    let hold = false
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => { release = r })
    let entered: () => void = () => undefined
    const inside = new Promise<void>((r) => { entered = r })
    const gated: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      const res = await fetch(input, init)
      // the page is read before the request exists, and handed over after its event was applied
      if (hold && url.includes("/approval-requests") && !url.includes("/__admin")) { hold = false; entered(); await held }
      return res
    }
    const engine = makeEngine(base, { fetch: gated })
    await engine.start(session)
    engine.setWallet(w.id)
    await engine.syncAll()
    await until(() => (engine.snapshot({ kind: "connection" }) as { stream: string }).stream === "open")
    const queue = () => engine.snapshot({ kind: "approvalRequests", walletId: w.id }) as ReadonlyArray<{ id: string }>
    hold = true
    const pass = engine.syncWallet(w.id)
    await inside
    const created = (await admin(base, "approval-requests", { wallet_id: w.id, amount: 98_700, description: "P11 durante o pull" })) as { data: { id: string } }
    await until(() => queue().some((r) => r.id === created.data.id), 10_000)
    // the pass's pages predate the request: it never leaves the queue, through the pass's end and
    // the pull that follows (sampled every few ms)
    let missing = 0
    const watch = setInterval(() => { if (!queue().some((r) => r.id === created.data.id)) missing++ }, 2)
    release()
    await pass
    await new Promise((r) => setTimeout(r, 1500))
    clearInterval(watch)
    expect(missing).toBe(0)
    expect(queue().some((r) => r.id === created.data.id)).toBe(true)
    await engine.signOut("logout")
  })

  it("C5 a cancelled PIN step cancels the command and nothing is sent", async () => {
    const session = await signIn(base, "ana@example.com")
    const w = await defaultWallet(session)
    const engine = makeEngine(base, { onPinAsk: (id) => engine.answerPin(id, null) })
    await engine.start(session)
    const q = await fetch(`${base}/users/v2/quotations/spot?base=BTC&quote=BRL`, { headers: { authorization: `Bearer ${session.accessToken}`, "wallet-uuid": w.id, "server-type": "green" } })
    const quote = ((await q.json()) as { data: { quote_id: string } }).data
    const id = await engine.submit(w.id, { name: "v1.coins.convert", payload: { quote_id: quote.quote_id, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 5000, expected_to_amount: 1 } })
    const state = await Effect.runPromise(engine.commands!.settled(id))
    expect(state).toBe("cancelled")
    const ledger = (await admin(base, `ledger?wallet_id=${w.id}`)) as { transactions: Array<{ transaction_uuid: string }> }
    expect(JSON.stringify(ledger)).not.toContain(id)
    await engine.signOut("logout")
  })

  it("S4 logout wipes the user's local database", async () => {
    const session = await signIn(base, "carla@example.com")
    const engine = makeEngine(base)
    await engine.start(session)
    await engine.syncAll()
    const name = dbNameFor(session.userId)
    const has = async () => (await indexedDB.databases()).some((d) => d.name?.includes(name))
    expect(await has()).toBe(true)
    await engine.signOut("logout")
    expect(await has()).toBe(false)
  })
})

describe("S6 the statement projection's image", () => {
  const strip = (r: { tookMs: number }) => { const { tookMs: _t, ...rest } = r; return rest }
  const progressOf = (e: ReturnType<typeof makeEngine>) => e.snapshot({ kind: "syncProgress" }) as SyncProgress

  it("S6 reopening reads the image and only the chunks after its watermark; S4 the wipe deletes the image too", async () => {
    const session = await signIn(base, "ana@example.com")
    const a = makeEngine(base, { imageMinRows: 1 })
    await a.start(session)
    await a.syncAll()
    await until(() => progressOf(a).image !== undefined)
    const rows = a.projection.size
    expect(progressOf(a).image?.rows).toBe(rows)
    const q = { text: "pix", limit: 50 }
    const before = strip(a.queryStatements(q))
    await a.close()

    const b = makeEngine(base, { imageMinRows: 1_000_000 })
    await b.start(session)
    expect(b.openStats).toMatchObject({ imageRows: rows, chunkRows: 0 })
    expect(strip(b.queryStatements(q))).toEqual(before)
    // a row that arrives after the image is stored as a chunk after the watermark
    const w = (b.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    if (!w) throw new Error("no default wallet")
    await admin(base, "pix-in", { wallet_id: w.id, amount: 4321, payer_name: "Depois da Imagem" })
    await b.pullStatementsFor(w.id)
    await until(() => b.projection.size === rows + 1)
    await b.close()

    const c = makeEngine(base, { imageMinRows: 1_000_000 })
    await c.start(session)
    expect(c.openStats).toMatchObject({ imageRows: rows, chunkRows: 1 })
    expect(c.projection.size).toBe(rows + 1)
    expect(c.queryStatements({ text: "depois da imagem", limit: 5 }).total).toBe(1)

    const has = async () => (await indexedDB.databases()).some((d) => d.name === imageDbName(session.userId))
    expect(await has()).toBe(true)
    await c.signOut("logout")
    expect(await has()).toBe(false)
  })

  it("S6 an image whose watermark the stored chunks do not reach is ignored: the projection is rebuilt from the chunks", async () => {
    const session = await signIn(base, "ana@example.com")
    const a = makeEngine(base, { imageMinRows: 1_000_000 })
    await a.start(session)
    await a.syncAll()
    const rows = a.projection.size
    const w = (a.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    if (!w) throw new Error("no default wallet")
    // an image from another life of this database: it claims chunks that are not there
    const bogus = new StatementProjection()
    await writeImage(indexedDB as unknown as IDBFactory, session.userId, () => ({ watermark: { [w.id]: 999_999 }, rows: 0, at: new Date().toISOString(), projection: bogus.toImage() }))
    await a.close()
    const b = makeEngine(base, { imageMinRows: 1_000_000 })
    await b.start(session)
    expect(b.openStats).toMatchObject({ imageRows: 0, chunkRows: rows })
    expect(b.projection.size).toBe(rows)
    await b.signOut("logout")
  })
})
