/**
 * The engine against a running sandbox over real HTTP (sync/SPEC.md rule ids in the names).
 * Storage is RxDB's Dexie storage on fake-indexeddb; the browser suite (tests/e2e/engine) runs the
 * same engine on real IndexedDB in Chromium.
 */
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { indexedDB } from "fake-indexeddb"
import { makeApiClient } from "../../sync/api/client.ts"
import { openUserDb, dbNameFor } from "../../sync/store/db.ts"
import { pullStatements } from "../../sync/pullers/statements.ts"
import { ProgressBoard } from "../../sync/pullers/progress.ts"
import type { Wallet } from "../../schema/entities.ts"
import { StatementProjection } from "../../sync/projections/statement-projection.ts"
import { imageDbName, readImageHead, writeImage } from "../../sync/store/projection-image.ts"
import type { SyncProgress } from "../../workers/results.ts"
import { admin, countingFetch, holdOnce, makeEngine, signIn, storage, until } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"

const file = sandboxForFile()

const apiFor = (session: { accessToken: string; refreshToken: string; expiresAt: number }, f?: typeof fetch) =>
  makeApiClient({
    baseUrl: () => file.url,
    locale: () => "pt",
    tokens: () => session,
    onTokens: () => undefined,
    onSessionExpired: () => undefined,
    currentWallet: () => null,
    serverType: () => "green",
    ...(f ? { fetch: f } : {})
  })

async function defaultWallet(session: { accessToken: string }): Promise<Wallet> {
  const r = await fetch(`${file.url}/users/operations/wallets?page_size=100`, {
    headers: { authorization: `Bearer ${session.accessToken}`, "server-type": "green" }
  })
  const j = (await r.json()) as { data: { data: Wallet[] } }
  const w = j.data.data.find((x) => x.default) ?? j.data.data[0]
  if (!w) throw new Error("no wallet")
  return w
}

describe("sync engine against the sandbox", () => {
  it("A1 a path off the allowed list fails with UNAUTHORIZED_ENDPOINT and sends nothing", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const c = countingFetch()
    const api = apiFor(session, c.fetch)
    const exit = await Effect.runPromiseExit(api.raw("GET", "/users/admin/secrets"))
    expect(exit._tag).toBe("Failure")
    expect(String(exit)).toContain("UnauthorizedEndpoint")
    expect(c.calls).toEqual([])
  })

  it("P1 P6 first sync fills wallets, accounts, notifications and every readable wallet's statement; progress per list ends done", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const engine = makeEngine(file.url)
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
      const r = await fetch(`${file.url}/users/v2/reports/operation-statement?page_size=1`, {
        headers: { authorization: `Bearer ${session.accessToken}`, "wallet-uuid": x.id, "server-type": "green" }
      })
      if (r.ok) serverTotal += ((await r.json()) as { data: { total: number } }).data.total
    }
    expect(serverTotal).toBeGreaterThan(0)
    expect(engine.projection.size).toBe(serverTotal)
    const progress = engine.progress.snapshot().lists
    expect(progress[`statements:${w.id}`]?.state).toBe("done")
    await engine.signOut("logout")
  })

  it("P8 a statement sync killed mid-way resumes with no gap and no duplicate", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const w = await defaultWallet(session)
    const db = await openUserDb(`p8${Date.now()}`, storage())
    const api = apiFor(session)
    const seen: string[] = []
    const first = await pullStatements(api, db, new ProgressBoard(), w.id, {
      pageSize: 150,
      stopAfterPages: 2,
      onRows: (rows) => seen.push(...rows.map((r) => r.id))
    })
    expect(first).toBe(300)
    // a new sync on the same store: starts after the last whole chunk
    await pullStatements(api, db, new ProgressBoard(), w.id, { pageSize: 150, onRows: (rows) => seen.push(...rows.map((r) => r.id)) })
    const r = await fetch(`${file.url}/users/v2/reports/operation-statement?page_size=1`, {
      headers: { authorization: `Bearer ${session.accessToken}`, "wallet-uuid": w.id, "server-type": "green" }
    })
    const total = ((await r.json()) as { data: { total: number } }).data.total
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBe(total)
    await db.remove()
  })

  it("P7 statements are pulled by keyset: sort=updated_at&order=asc, 5,000 rows a page, each page after the last row's updated_at|id", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const w = await defaultWallet(session)
    const isStatement = (u: string) => u.includes("/users/v2/reports/operation-statement")
    // the engine's own pulls: 5,000 a page, oldest change first
    const c = countingFetch()
    const engine = makeEngine(file.url, { fetch: c.fetch })
    await engine.start(session)
    await engine.syncAll()
    const engineCalls = c.calls.filter(isStatement).map((u) => new URL(u).searchParams)
    expect(engineCalls.length).toBeGreaterThan(0)
    for (const q of engineCalls)
      expect({ sort: q.get("sort"), order: q.get("order"), page_size: q.get("page_size"), format: q.get("format") }).toEqual({
        sort: "updated_at",
        order: "asc",
        page_size: "5000",
        format: "compact" // D-compact-pages, issue 33 item 1: arrays in the chunk store's columns
      })
    await engine.signOut("logout")
    // smaller pages of the same puller: page k + 1 asks for the rows after page k's last row (a new session: the logout
    // revoked the first one, issue 30 item 4)
    const c2 = countingFetch()
    const db = await openUserDb(`p7${Date.now()}`, storage())
    const pages: string[] = []
    await pullStatements(apiFor(await signIn(file.url, "ana@example.com"), c2.fetch), db, new ProgressBoard(), w.id, {
      pageSize: 150,
      onRows: (rows) => {
        const last = rows[rows.length - 1]
        if (last) pages.push(`${last.updated_at}|${last.id}`)
      }
    })
    const afters = c2.calls.filter(isStatement).map((u) => new URL(u).searchParams.get("after"))
    expect(pages.length).toBeGreaterThan(2)
    expect(afters).toEqual([null, ...pages].slice(0, afters.length))
    expect(afters.length).toBeGreaterThanOrEqual(pages.length)
    // D-compact-pages: each chunk keeps the page's rows text as it came (no arrays cloned into IndexedDB)
    const chunks = await db.statement_chunks.find({ selector: { wallet_id: w.id } }).exec()
    expect(chunks.length).toBe(pages.length)
    for (const d of chunks)
      expect({ text: typeof d.text, rows: d.rows.length, parsed: (JSON.parse(d.text ?? "[]") as unknown[]).length }).toEqual({
        text: "string",
        rows: 0,
        parsed: d.count
      })
    await db.remove()
  })

  it("P10 one pull per list and one sync pass at a time: asks made while one runs make exactly one more, and end with it", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const walletsList = (u: string) => u.includes("/users/operations/wallets?")
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => {
      release = r
    })
    let releaseNext: () => void = () => undefined
    const heldNext = new Promise<void>((r) => {
      releaseNext = r
    })
    let calls = 0
    const gated: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes("/users/events/stream")) return new Response("", { status: 503 }) // no hints: only our pulls
      if (walletsList(url)) {
        const n = ++calls
        if (n === 1) await held
        if (n === 2) await heldNext
      }
      return fetch(input, init)
    }
    const c = countingFetch()
    const engine = makeEngine(file.url, {
      fetch: ((i: RequestInfo | URL, o?: RequestInit) => {
        c.calls.push(String(i instanceof Request ? i.url : i))
        return gated(i, o)
      }) as typeof fetch
    })
    await engine.start(session)
    await until(() => calls === 1)
    const profiles = () => c.calls.filter((u) => u.includes("/profile")).length
    const before = profiles()
    // sync passes asked for while one runs: none starts beside it (no profile call, no second wallets pull)
    const more = [engine.syncAll(), engine.syncAll(), engine.syncAll()]
    await new Promise((r) => setTimeout(r, 500))
    expect(profiles()).toBe(before)
    // a page's ask for the list alone (a confirmed command's refresh takes the same path)
    const asks = [engine.pullLists(["wallets"], ""), engine.pullLists(["wallets"], "")]
    let ended = false
    const all = Promise.all(asks).then(() => {
      ended = true
    })
    release()
    // the pull that was running has ended, the one asked for meanwhile runs: the asks have not ended yet
    await until(() => calls >= 2)
    await new Promise((r) => setTimeout(r, 300))
    expect(ended).toBe(false)
    releaseNext()
    await all
    // the three sync asks shared one more pass, after the first: one more profile call, one more wallets pull
    await Promise.all(more)
    await new Promise((r) => setTimeout(r, 300))
    expect(profiles()).toBe(before + 1)
    expect(calls).toBe(3)
    await engine.signOut("logout")
  })

  it("L6 while the stream is down the unread count is polled; while it is open it is not", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const unread = (calls: string[]) => calls.filter((u) => u.includes("/notifications/count_unread")).length
    const down = countingFetch()
    const refused: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes("/users/events/stream")
        ? Promise.resolve(new Response("", { status: 503 }))
        : down.fetch(input, init)
    const a = makeEngine(file.url, { fetch: refused, unreadPollMs: 50 })
    await a.start(session)
    const first = unread(down.calls)
    await until(() => unread(down.calls) >= first + 3, 10_000)
    await a.signOut("logout")

    const session2 = await signIn(file.url, "ana@example.com")
    const open = countingFetch()
    const b = makeEngine(file.url, { fetch: open.fetch, unreadPollMs: 50 })
    await b.start(session2)
    await b.syncAll()
    await until(() => (b.snapshot({ kind: "connection" }) as { stream: string }).stream === "open")
    const atOpen = unread(open.calls)
    await new Promise((r) => setTimeout(r, 500))
    expect(unread(open.calls)).toBe(atOpen)
    await b.signOut("logout")
  })

  it("L3 the stream dropped by the sandbox reconnects with Last-Event-ID and loses no event", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const w = await defaultWallet(session)
    const engine = makeEngine(file.url)
    await engine.start(session)
    await until(() => engine.snapshot({ kind: "connection" }) !== null && (engine.snapshot({ kind: "connection" }) as { stream: string }).stream === "open")
    const before = engine.receivedEventIds.length
    for (let i = 0; i < 6; i++) {
      await admin(file.url, "pix-in", { wallet_id: w.id, amount: 1000 + i, payer_name: `Pagador ${i}` })
      if (i === 2) await admin(file.url, "faults", { drop_sse_now: true })
    }
    await until(() => engine.receivedEventIds.length - before >= 6, 30_000)
    const ids = engine.receivedEventIds.slice(before).map(Number)
    // every id once, in order, none skipped among those this user may see
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    await engine.signOut("logout")
  })

  it("L7 a request created before the stream first opened (nothing to replay) still reaches the queue", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const w = await defaultWallet(session)
    // the stream's connection waits until the request exists; every other call goes through
    let open: () => void = () => undefined
    const gate = new Promise<void>((r) => {
      open = r
    })
    const gated: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes("/users/events/stream")) await gate
      return fetch(input, init)
    }
    const engine = makeEngine(file.url, { fetch: gated })
    await engine.start(session)
    engine.setWallet(w.id)
    await engine.syncAll()
    const queue = () => engine.snapshot({ kind: "approvalRequests", walletId: w.id }) as ReadonlyArray<{ id: string }>
    const before = queue().length
    const created = (await admin(file.url, "approval-requests", { wallet_id: w.id, amount: 123_400, description: "L7 antes do stream" })) as {
      data: { id: string }
    }
    // the pulls are over and the stream is not open: the request is not known yet
    expect(queue().some((r) => r.id === created.data.id)).toBe(false)
    open()
    await until(() => queue().some((r) => r.id === created.data.id), 15_000)
    expect(queue().length).toBe(before + 1)
    await engine.signOut("logout")
  })

  it("P11 a request an event brings while the queue's pull runs stays (the pass's clean-up does not remove it)", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const w = await defaultWallet(session)
    // the queue's list call waits, once, until the request exists and its event has been applied
    const gate = holdOnce("/approval-requests")
    const engine = makeEngine(file.url, { fetch: gate.fetch })
    await engine.start(session)
    engine.setWallet(w.id)
    await engine.syncAll()
    await until(() => (engine.snapshot({ kind: "connection" }) as { stream: string }).stream === "open")
    const queue = () => engine.snapshot({ kind: "approvalRequests", walletId: w.id }) as ReadonlyArray<{ id: string }>
    gate.arm()
    const pass = engine.syncWallet(w.id)
    await gate.entered
    const created = (await admin(file.url, "approval-requests", { wallet_id: w.id, amount: 98_700, description: "P11 durante o pull" })) as {
      data: { id: string }
    }
    await until(() => queue().some((r) => r.id === created.data.id), 10_000)
    // the pass's pages predate the request: it never leaves the queue, through the pass's end and
    // the pull that follows (sampled every few ms)
    let missing = 0
    const watch = setInterval(() => {
      if (!queue().some((r) => r.id === created.data.id)) missing++
    }, 2)
    gate.release()
    await pass
    await new Promise((r) => setTimeout(r, 1500))
    clearInterval(watch)
    expect(missing).toBe(0)
    expect(queue().some((r) => r.id === created.data.id)).toBe(true)
    await engine.signOut("logout")
  })

  it("C5 a cancelled PIN step cancels the command and nothing is sent", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const w = await defaultWallet(session)
    const engine = makeEngine(file.url, { onPinAsk: (id) => engine.answerPin(id, null) })
    await engine.start(session)
    const q = await fetch(`${file.url}/users/v2/quotations/spot?base=BTC&quote=BRL`, {
      headers: { authorization: `Bearer ${session.accessToken}`, "wallet-uuid": w.id, "server-type": "green" }
    })
    const quote = ((await q.json()) as { data: { quote_id: string } }).data
    const id = await engine.submit(w.id, {
      name: "v1.coins.convert",
      payload: { quote_id: quote.quote_id, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 5000, expected_to_amount: 1 }
    })
    const state = await Effect.runPromise(engine.commands!.settled(id))
    expect(state).toBe("cancelled")
    const ledger = (await admin(file.url, `ledger?wallet_id=${w.id}`)) as { transactions: Array<{ transaction_uuid: string }> }
    expect(JSON.stringify(ledger)).not.toContain(id)
    await engine.signOut("logout")
  })

  it("S4 logout wipes the user's local database", async () => {
    const session = await signIn(file.url, "carla@example.com")
    const engine = makeEngine(file.url)
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
  const strip = (r: { tookMs: number }) => {
    const { tookMs: _t, ...rest } = r
    return rest
  }
  const progressOf = (e: ReturnType<typeof makeEngine>) => e.snapshot({ kind: "syncProgress" }) as SyncProgress

  it("S6 reopening reads the image and only the chunks after its watermark; S4 the wipe deletes the image too", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const a = makeEngine(file.url, { imageMinRows: 1 })
    await a.start(session)
    await a.syncAll()
    // the statement's image (the tables' are written after the same pass, in any order: P6b)
    await until(() => (progressOf(a).image?.rows ?? 0) > 0)
    const rows = a.projection.size
    expect(progressOf(a).image?.rows).toBe(rows)
    const q = { text: "pix", limit: 50 }
    const before = strip(a.queryStatements(q))
    // issue 33 item 2: the image's head is written beside it, of the same rows and watermark
    const head = await readImageHead(indexedDB as unknown as IDBFactory, session.userId)
    expect({ rows: head?.rows, wallets: Object.keys(head?.watermark ?? {}).length > 0 }).toEqual({ rows, wallets: true })
    const own = (a.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    const firstPage = { walletIds: [own?.id ?? ""], limit: 50 }
    const firstBefore = strip(a.queryStatements(firstPage))
    await a.close()

    const b = makeEngine(file.url, { imageMinRows: 1_000_000 })
    await b.start(session)
    // with a head the open does not wait for the image: the first page answers at once, the same as before
    expect(strip(b.queryStatements(firstPage))).toEqual(firstBefore)
    await until(() => b.openStats !== null)
    expect(b.openStats).toMatchObject({ imageRows: rows, chunkRows: 0 })
    expect(strip(b.queryStatements(q))).toEqual(before)
    // a row that arrives after the image is stored as a chunk after the watermark
    const w = (b.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    if (!w) throw new Error("no default wallet")
    await admin(file.url, "pix-in", { wallet_id: w.id, amount: 4321, payer_name: "Depois da Imagem" })
    await b.pullStatementsFor(w.id)
    await until(() => b.projection.size === rows + 1)
    await b.close()

    const c = makeEngine(file.url, { imageMinRows: 1_000_000 })
    await c.start(session)
    await until(() => c.openStats !== null)
    expect(c.openStats).toMatchObject({ imageRows: rows, chunkRows: 1 })
    expect(c.projection.size).toBe(rows + 1)
    expect(c.queryStatements({ text: "depois da imagem", limit: 5 }).total).toBe(1)

    const has = async () => (await indexedDB.databases()).some((d) => d.name === imageDbName(session.userId))
    expect(await has()).toBe(true)
    await c.signOut("logout")
    expect(await has()).toBe(false)
  })

  it("S6 the other tables' stored rows come in after the open, with no network", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const a = makeEngine(file.url, { imageMinRows: 1_000_000 })
    await a.start(session)
    await a.syncAll()
    const pix = (e: ReturnType<typeof makeEngine>) =>
      (e.snapshot({ kind: "table", table: "pix_statement", query: { limit: 0 } }) as { loadedRows: number }).loadedRows
    const stored = pix(a)
    expect(stored).toBeGreaterThan(0)
    await a.close()

    // offline: every call fails; the statement and the Pix statement answer from the store alone
    const offline: typeof fetch = () => Promise.reject(new TypeError("Failed to fetch"))
    const b = makeEngine(file.url, { imageMinRows: 1_000_000, fetch: offline })
    await b.start(session)
    expect(b.projection.size).toBeGreaterThan(0)
    await until(() => pix(b) === stored)
    await until(() => b.openStats?.tablesMs?.["pix_statement"] !== undefined)
    await b.close()
  })

  it("S6 issue 33 item 2: a big table reopens from its image, then only the chunks after its watermark, with no network", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const a = makeEngine(file.url, { imageMinRows: 1 })
    await a.start(session)
    await a.syncAll()
    const pix = (e: ReturnType<typeof makeEngine>) =>
      (e.snapshot({ kind: "table", table: "pix_statement", query: { limit: 0 } }) as { loadedRows: number }).loadedRows
    const q = { kind: "table", table: "pix_statement", query: { text: "a", limit: 40 }, sums: true } as const
    const stored = pix(a)
    expect(stored).toBeGreaterThan(0)
    await until(() => progressOf(a).image?.tables?.["pix_statement"]?.rows === stored)
    const before = strip(a.snapshot(q) as { tookMs: number })
    await a.close()

    // offline: the table is its image alone (no chunk after the watermark), and answers as before
    const offline: typeof fetch = () => Promise.reject(new TypeError("Failed to fetch"))
    const b = makeEngine(file.url, { imageMinRows: 1_000_000, fetch: offline })
    await b.start(session)
    await until(() => b.openStats?.tablesImageRows?.["pix_statement"] !== undefined)
    expect(b.openStats?.tablesImageRows?.["pix_statement"]).toBe(stored)
    expect(pix(b)).toBe(stored)
    expect(strip(b.snapshot(q) as { tookMs: number })).toEqual(before)
    await b.close()

    // a Pix that arrives after the image is stored as a chunk after the watermark, and read after the image
    const c = makeEngine(file.url, { imageMinRows: 1_000_000 })
    await c.start(session)
    const w = (c.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    if (!w) throw new Error("no default wallet")
    await admin(file.url, "pix-in", { wallet_id: w.id, amount: 4321, payer_name: "Depois da Imagem" })
    await c.pullTableFor("pix_statement", w.id)
    await until(() => pix(c) === stored + 1)
    await c.close()
    const d = makeEngine(file.url, { imageMinRows: 1_000_000, fetch: offline })
    await d.start(session)
    await until(() => d.openStats?.tablesImageRows?.["pix_statement"] !== undefined && pix(d) === stored + 1)
    expect(d.openStats?.tablesImageRows?.["pix_statement"]).toBe(stored)
    await d.signOut("logout")
  })

  it("S6 an image whose watermark the stored chunks do not reach is ignored: the projection is rebuilt from the chunks", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const a = makeEngine(file.url, { imageMinRows: 1_000_000 })
    await a.start(session)
    await a.syncAll()
    const rows = a.projection.size
    const w = (a.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    if (!w) throw new Error("no default wallet")
    // an image from another life of this database: it claims chunks that are not there
    const bogus = new StatementProjection()
    await writeImage(indexedDB as unknown as IDBFactory, session.userId, () => ({
      watermark: { [w.id]: 999_999 },
      rows: 0,
      at: new Date().toISOString(),
      projection: bogus.toImage()
    }))
    await a.close()
    const b = makeEngine(file.url, { imageMinRows: 1_000_000 })
    await b.start(session)
    expect(b.openStats).toMatchObject({ imageRows: 0, chunkRows: rows })
    expect(b.projection.size).toBe(rows)
    await b.signOut("logout")
  })
  it("EN1 a copy the server refuses to this user (403: not a gateway wallet, not a betting operator) is an answer, not a problem; the lists it may read are all there", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const engine = makeEngine(file.url)
    await engine.start(session)
    await engine.syncAll()
    const progress = engine.snapshot({ kind: "syncProgress" }) as {
      problems?: ReadonlyArray<{ where: string; key: string }>
      lists: Record<string, { state: string }>
    }
    expect(progress.problems ?? [], JSON.stringify(progress.problems)).toEqual([])
    expect(Object.values(progress.lists).filter((l) => l.state === "error")).toEqual([])
    expect((engine.snapshot({ kind: "wallets" }) as ReadonlyArray<unknown>).length).toBeGreaterThan(0)
    await engine.signOut("logout")
  })

  it("EN1 core §6 a copy the server stops letting this user read (403) is taken off the device at its next pull", async () => {
    const session = await signIn(file.url, "ana@example.com")
    let refuse = false
    const gated: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (refuse && url.includes("/users/operations/permissions/users?")) {
        return new Response(JSON.stringify({ error: { key: "FORBIDDEN", message: "Sem permissão" } }), {
          status: 403,
          headers: { "content-type": "application/json" }
        })
      }
      return fetch(input, init)
    }
    const engine = makeEngine(file.url, { fetch: gated })
    await engine.start(session)
    await engine.syncAll()
    const w = (engine.snapshot({ kind: "wallets" }) as Wallet[]).find((x) => x.default)
    if (!w) throw new Error("no default wallet")
    const users = () => (engine.snapshot({ kind: "list", list: "permission_users", walletId: w.id }) as ReadonlyArray<unknown>).length
    await until(() => users() > 0)
    refuse = true
    await engine.pullLists(["permission_users"], w.id)
    await until(() => users() === 0)
    const progress = engine.snapshot({ kind: "syncProgress" }) as { problems?: ReadonlyArray<unknown>; lists: Record<string, { state: string }> }
    expect(progress.problems ?? []).toEqual([])
    await engine.signOut("logout")
  })

  it("EN1 a background pull that fails is not swallowed: it is logged and kept in syncProgress.problems with its key", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const broken: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes("/users/operations/wallets?")) throw new TypeError("Failed to fetch")
      return fetch(input, init)
    }
    const warn = console.warn
    const warned: string[] = []
    console.warn = (...a: unknown[]) => {
      warned.push(String(a[0]))
    }
    try {
      const engine = makeEngine(file.url, { fetch: broken })
      await engine.start(session)
      await until(() => ((engine.snapshot({ kind: "syncProgress" }) as { problems?: unknown[] }).problems?.length ?? 0) > 0)
      const p = (engine.snapshot({ kind: "syncProgress" }) as unknown as { problems: Array<{ where: string; key: string; at: string }> }).problems[0]!
      expect(p.where).toMatch(/^(sync|pull)/)
      expect(p.key).not.toBe("")
      expect(Number.isNaN(Date.parse(p.at))).toBe(false)
      expect(warned.some((w) => w.startsWith("[engine] "))).toBe(true)
      await engine.signOut("logout")
    } finally {
      console.warn = warn
    }
  })
})
