/**
 * The sync engine (DESIGN "The sync engine"; sync/SPEC.md): one per signed-in user, living in
 * the worker. It owns the users-API client, the user's local database, the in-memory mirror of
 * the small lists, the statement projection, the pullers, the live stream and the outbox, and it
 * answers the views' live queries. Data flows one way:
 *   users API ──pull / SSE──▶ RxDB ──change stream──▶ mirror & projection ──live query──▶ view
 * Its commands part (outbox, PIN asks, uploads, optimistic effects) is sync/engine-commands.ts.
 */
import type { RxStorage } from "rxdb"
import type { Locale } from "../schema/common.ts"
import type { EndpointId } from "../schema/api.ts"
import type { ApprovalRequest, Notification, PendingBalance, StatementEntry, Wallet, WalletAccount, WalletInvitation } from "../schema/entities.ts"
import { P, WILDCARD, hasPermission } from "../schema/permissions.ts"
import type { StreamEvent } from "../schema/stream.ts"
import type { LiveQuery, SessionInfo, StatementQueryMsg, TableQueryMsg } from "../schema/live.ts"
import { problemKeyOf, type ConnectionView, type EngineProblem, type LiveResults, type StatementsResult, type TableResult } from "./results.ts"
import { makeApiClient, type ApiClient, type CallArgs, type TokenState } from "./api/client.ts"
import { listSpec } from "./lists.ts"
import { isListName, listDef, listNames, listPermission, listsOfHint, type AnyListDef } from "../schema/lists.ts"
import { ProgressBoard } from "./pullers/progress.ts"
import { pullFull, runApi, type ListSpec } from "./pullers/puller.ts"
import { loadStatementChunks, pullStatements } from "./pullers/statements.ts"
import { loadTableChunks, pullTable } from "./pullers/table.ts"
import { tableSync } from "./pullers/tables.ts"
import { TableProjection } from "./projections/table-projection.ts"
import { TABLE_NAMES, isTableName, tableEntry, type TableName } from "../schema/tables/registry.ts"
import { tableCsv } from "./projections/table-export.ts"
import { StatementProjection, monthsFromDays } from "./projections/statement-projection.ts"
import { openUserDb, wipeUserDb, type EntityDoc, type UserDb } from "./store/db.ts"
import { fromCompact } from "./store/statement-rows.ts"
import { readImage, writeImage } from "./store/projection-image.ts"
import { LiveStream, type StreamStatus } from "./stream/sse.ts"
import { Effect, Schema } from "effect"
import { StatementEntry as StatementEntrySchema } from "../schema/entities.ts"
import type { AnyCommandBody } from "../schema/commands.ts"
import type { OutboxShape } from "./outbox/outbox.ts"
import type { PinInput } from "./outbox/ports.ts"
import { layOverlays, withPendingBalance } from "./outbox/optimistic.ts"
import { deleteIdbFileStore, fileDbNameFor } from "./uploads/file-store.ts"
import { dbNameFor } from "./store/db.ts"
import { CommandDesk } from "./engine-commands.ts"

export interface EngineEnv {
  readonly storage: RxStorage<unknown, unknown>
  readonly fetch?: typeof fetch
  /** Told when the session changes (renewed tokens, expiry, sign-out) so every tab can follow. */
  readonly onSession: (event: "expired" | "renewed" | "signedOut", session: SessionInfo | null) => void
  readonly unreadPollMs?: number
  /** The IndexedDB the storage writes to (the worker's own by default), for the wipe (S4). */
  readonly indexedDB?: IDBFactory
  /** C5: ask the views for the PIN or temporary token of a sensitive command. */
  readonly onPinAsk?: (commandId: string, name: string, lastErrorKey?: string) => void
  /** S6: write a projection image once this many stored rows are not in the last one (default 20,000). */
  readonly imageMinRows?: number
}

type Listener = () => void
/** S6: below this many rows, re-ingesting the chunks at open is cheaper than keeping an image. */
const IMAGE_MIN_ROWS = 20_000
/** A chart of more days than this is drawn per month (statementSeries "auto"). */
const SERIES_MONTHLY_AFTER = 120
/** The key of a list pull (one at a time per list and wallet, P10; inline rows during it, P11). */
const pullKey = (spec: ListSpec): string => `${spec.kind}|${spec.walletId}`
/** A bulk load of at least this many rows is followed by projection.optimize(). */
const OPTIMIZE_MIN_ROWS = 50_000
const decodeStatement = Schema.decodeUnknownExit(StatementEntrySchema)
/** Per table, the decoder of a hint's inline rows (its row Schema). */
const tableDecoders = new Map(TABLE_NAMES.map((n) => [n, Schema.decodeUnknownExit(tableEntry(n).row as unknown as Schema.Codec<Record<string, unknown>, unknown>)] as const))
/** The lists every wallet has a copy of (schema/lists.ts scope "wallet"). */
const walletLists = listNames.filter((n) => listDef(n)?.scope === "wallet")
/** Per list, the decoder of rows that arrive untyped (a hint's inline rows, L5). */
const rowDecoders = new Map<string, (u: unknown) => ReturnType<ReturnType<typeof Schema.decodeUnknownExit>>>()
const decodeRow = (list: string, def: AnyListDef, u: unknown) => {
  let d = rowDecoders.get(list)
  if (!d) { d = Schema.decodeUnknownExit(def.row) as (u: unknown) => ReturnType<ReturnType<typeof Schema.decodeUnknownExit>>; rowDecoders.set(list, d) }
  return d(u)
}

export class Engine {
  apiBase = ""
  locale: Locale = "pt"
  session: SessionInfo | null = null
  walletId: string | null = null
  serverType: "green" | "blue" | null = null
  db: UserDb | null = null
  readonly progress = new ProgressBoard()
  private proj = new StatementProjection()
  /** The big tables of schema/tables/registry.ts (gateway transactions, Pix statement): one table projection each over its description. */
  private readonly tables = new Map<TableName, TableProjection<Record<string, unknown>>>(TABLE_NAMES.map((n) => [n, new TableProjection<Record<string, unknown>>(tableEntry(n).table)] as const))
  private table(name: TableName): TableProjection<Record<string, unknown>> { return this.tables.get(name) as TableProjection<Record<string, unknown>> }
  /** The version of a table's answers (Q3), by the live-query message's table name. */
  tableVersion(table: TableName): number { return this.table(table).version }
  /** The statement projection (replaced by its image on reopen, S6). */
  get projection(): StatementProjection { return this.proj }
  private projSwaps = 0
  /** Moves on every change of the statement answers, also when the projection object is replaced (Q3). */
  get statementsVersion(): number { return this.projSwaps * 1e9 + this.proj.version }
  /** S6: per wallet, the last stored chunk the projection holds; rows ingested since the image / optimize(). */
  private readonly chunkMark = new Map<string, number>()
  private rowsSinceImage = 0
  private rowsSinceOptimize = 0
  private imageWriting: Promise<void> | null = null
  /** The last image written in this session (rows, when). */
  private imageSaved: { rows: number; at: string } | null = null
  /** How the last open went (reopen figures; shown by the harness, not the views). */
  openStats: { imageRows: number; chunkRows: number; readImageMs: number; chunksMs: number; optimizeMs: number } | null = null
  readonly api: ApiClient
  private stream: LiveStream | null = null
  private streamStatus: StreamStatus = "down"
  private online = true
  /** Mirror of `entities`, by kind|wallet → id → doc (kept current from RxDB's change stream). */
  private readonly mirror = new Map<string, Map<string, Record<string, unknown>>>()
  private readonly listeners = new Set<Listener>()
  private unread = 0
  private lastEventId: string | null = null
  /** Whether the stream's last connection asked for a replay (Last-Event-ID); L7. */
  private streamResumed = false
  /** Ids of the stream events received (last 10,000), for tests of L3. */
  readonly receivedEventIds: string[] = []
  private readonly running = new Map<string, Promise<unknown>>()
  private readonly rerun = new Set<string>()
  private unreadTimer: ReturnType<typeof setInterval> | null = null
  private entitySub: { unsubscribe(): void } | null = null
  private starting: Promise<void> | null = null
  private notifyQueued = false
  private serverTypeReady: Promise<void> = Promise.resolve()
  /** transaction_uuids present in pulled statement rows (OP3: a confirmed command is reflected). */
  private readonly seenTx = new Set<string>()
  /** The outbox, PIN asks, uploads and optimistic effects (sync/engine-commands.ts). */
  private readonly desk: CommandDesk

  /** EN1: the last background failures (a pull, the stream, the store), newest first, shown to the user (home). */
  private problems: EngineProblem[] = []

  constructor(private readonly env: EngineEnv) {
    this.progress.subscribe(() => this.changed()) // P6: progress is a live query of its own
    this.api = makeApiClient({
      baseUrl: () => this.apiBase,
      locale: () => this.locale,
      tokens: () => (this.session ? { accessToken: this.session.accessToken, refreshToken: this.session.refreshToken, expiresAt: this.session.expiresAt } : null),
      onTokens: (t: TokenState) => {
        if (!this.session) return
        this.session = { ...this.session, accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: t.expiresAt }
        this.env.onSession("renewed", this.session)
        this.stream?.restart()
      },
      onSessionExpired: () => { void this.signOut("expired") },
      currentWallet: () => this.walletId,
      serverType: () => this.serverType,
      ...(env.fetch ? { fetch: env.fetch } : {}),
      timeoutMs: 30_000
    })
    this.desk = new CommandDesk({
      api: this.api,
      ...(env.fetch ? { fetch: env.fetch } : {}),
      ...(env.indexedDB ? { indexedDB: env.indexedDB } : {}),
      ...(env.onPinAsk ? { onPinAsk: env.onPinAsk } : {}),
      userId: () => this.session?.userId ?? null,
      waitOnline: () => this.waitOnline(),
      pull: (list, walletId) => this.pullNamed(list, walletId),
      seen: (id) => this.seenTx.has(id),
      changed: () => this.changed(),
      noted: (where) => this.noted(where)
    })
  }

  configure(apiBase: string, locale: Locale): void {
    this.apiBase = apiBase
    this.locale = locale
  }

  /**
   * EN1 no swallowed errors: a background task that fails (a pull, a save, the stream's bookkeeping) is not retried
   * here — the next pull or event does that — but it is logged and kept (the last 10) for the `syncProgress` view.
   */
  private noted(where: string): (e: unknown) => void {
    return (e: unknown) => {
      const key = problemKeyOf(e)
      // eslint-disable-next-line no-console -- EN1: logged, not swallowed
      console.warn(`[engine] ${where}: ${key}`, e)
      this.problems = [{ where, key, at: new Date().toISOString() }, ...this.problems].slice(0, 10)
      this.changed()
    }
  }

  // ── change notification (coalesced to one recompute per task) ─────────────
  onChange(l: Listener): () => void { this.listeners.add(l); return () => { this.listeners.delete(l) } }
  private changed(): void {
    if (this.notifyQueued) return
    this.notifyQueued = true
    queueMicrotask(() => { this.notifyQueued = false; for (const l of this.listeners) l() })
  }

  // ── session ────────────────────────────────────────────────────────────────
  async start(session: SessionInfo): Promise<void> {
    if (this.session && this.session.userId !== session.userId) await this.signOut("switch") // S4: user switch wipes
    if (this.session && this.db) { this.session = session; return }
    this.session = session
    this.starting = this.open(session).finally(() => { this.starting = null })
    return this.starting
  }

  private async open(session: SessionInfo): Promise<void> {
    let ready: () => void = () => undefined
    this.serverTypeReady = new Promise<void>((r) => { ready = r })
    const db = await openUserDb(session.userId, this.env.storage)
    this.db = db
    // A2: a green-server user's calls need `server-type`; views' calls wait until it is known
    const known = await db.meta.findOne("user|serverType").exec()
    this.serverType = (known?.value as "green" | "blue" | undefined) ?? null
    if (this.serverType) ready()
    else await this.loadProfile()
    ready()
    for (const d of await db.entities.find().exec()) this.mirrorPut(d.toJSON() as EntityDoc)
    const synced = await db.meta.findOne("sync|lastAt").exec()
    this.syncedAt = (synced?.value as string | undefined) ?? null
    const le = await db.meta.findOne("stream|lastEventId").exec()
    this.lastEventId = (le?.value as string | undefined) ?? null
    this.entitySub = db.entities.$.subscribe((ev) => {
      if (ev.operation === "DELETE") this.mirrorDel(ev.documentData as EntityDoc)
      else this.mirrorPut(ev.documentData as EntityDoc)
      this.changed()
    })
    await this.loadProjection(db, session.userId)
    await this.desk.open(db)
    this.changed()
    this.startStream()
    this.startUnreadPoll()
    void this.syncAll().catch(this.noted("sync"))
  }

  /**
   * S6: the statement projection at open — from its image when one matches the stored chunks,
   * then the chunks after the image's watermark (all of them when there is no image); no network.
   */
  private async loadProjection(db: UserDb, userId: string): Promise<void> {
    const t0 = performance.now()
    const stored = await readImage(this.idb(), userId)
    let after: Record<string, number> = {}
    let imageRows = 0
    if (stored && await this.imageMatches(db, stored.watermark)) {
      const p = StatementProjection.fromImage(stored.projection)
      if (p) {
        this.proj = p
        this.projSwaps++
        after = { ...stored.watermark }
        for (const [w, seq] of Object.entries(after)) this.chunkMark.set(w, seq)
        imageRows = p.size
      }
    }
    const t1 = performance.now()
    // the wallets this user has (the mirror is loaded), and any the image holds
    const walletIds = [...new Set([...this.list<Wallet>("wallets").map((w) => w.id), ...Object.keys(after)])]
    const chunkRows = await loadStatementChunks(db, walletIds, after, (rows, walletId, seq) => {
      this.ingestChunk(rows.map(fromCompact), walletId, seq)
    })
    // every table's stored chunks (schema/tables/registry.ts); a failure leaves it to the next pull, it never blocks the open
    for (const name of TABLE_NAMES) {
      const p = this.table(name)
      const spec = tableSync(name)
      const columns = spec.compact?.columns
      await loadTableChunks(db, walletIds, {}, (rows) => { if (columns) p.upsertCompact(rows, columns); else p.upsertMany(rows.map(spec.fromCompact)) }, spec.chunkKey)
        .catch(this.noted(`open.table:${name}`)) // the next pull fills the table again (sync/SPEC.md P-rules): nothing is lost
      if (p.size > 0) p.optimize()
    }
    const t2 = performance.now()
    this.settleProjection()
    this.openStats = { imageRows, chunkRows, readImageMs: t1 - t0, chunksMs: t2 - t1, optimizeMs: performance.now() - t2 }
    this.scheduleImage()
  }

  /** An image is used only if every wallet it covers still has its chunks up to the watermark. */
  private async imageMatches(db: UserDb, watermark: Readonly<Record<string, number>>): Promise<boolean> {
    for (const [walletId, seq] of Object.entries(watermark)) {
      const docs = await db.statement_chunks.find({ selector: { wallet_id: walletId, seq: { $gte: seq } }, limit: 1 }).exec()
      if (docs.length === 0) return false
    }
    return true
  }

  private idb(): IDBFactory | undefined { return this.env.indexedDB ?? globalThis.indexedDB }

  /** S6: rows of a stored chunk reach the projection; the watermark follows. */
  private ingestChunk(rows: ReadonlyArray<StatementEntry>, walletId: string, seq: number): void {
    this.ingest(rows)
    this.chunkMark.set(walletId, seq)
    this.rowsSinceImage += rows.length
    this.rowsSinceOptimize += rows.length
  }

  /**
   * After a bulk load: rows into date order (projection README "Engine usage"), once enough rows
   * arrived since the last time that scans would otherwise walk memory out of order.
   */
  private settleProjection(): void {
    if (this.rowsSinceOptimize >= Math.max(OPTIMIZE_MIN_ROWS, this.proj.size >> 2)) {
      this.proj.optimize()
      this.rowsSinceOptimize = 0
      this.changed()
    }
  }

  /** S6: write a new image once enough rows are not in the last one, when no statement pull runs. */
  private scheduleImage(): void {
    if (this.rowsSinceImage < (this.env.imageMinRows ?? IMAGE_MIN_ROWS) || !this.session) return
    this.later("image", 1500, async () => {
      if ([...this.running.keys()].some((k) => k.startsWith("statements|"))) return // the pull's end schedules it again
      const session = this.session
      if (!session || this.imageWriting) return
      this.settleProjection()
      let taken = 0
      let saved = { rows: 0, at: "" }
      this.imageWriting = writeImage(this.idb(), session.userId, () => {
        taken = this.rowsSinceImage
        saved = { rows: this.proj.size, at: new Date().toISOString() }
        return { watermark: Object.fromEntries(this.chunkMark), ...saved, projection: this.proj.toImage() }
      })
        .then(() => { this.rowsSinceImage = Math.max(0, this.rowsSinceImage - taken); this.imageSaved = saved; this.changed() })
        .catch(this.noted("image.write"))
        .finally(() => { this.imageWriting = null })
      await this.imageWriting
    })
  }

  /** Stop without wiping (a tab or worker going away): commands stay in the outbox for replay (C6). */
  async close(): Promise<void> {
    const db = await this.halt()
    if (db && !db.closed) await db.close()
  }

  /** The outbox, for tests and the worker (undefined before sign-in). */
  get commands(): OutboxShape | null { return this.desk.outbox }

  /**
   * Stop everything that runs for a session — stream, poll, timers, change feed, PIN prompts,
   * outbox, pulls — and hand back the database, detached, for the caller to close or wipe.
   */
  private async halt(): Promise<UserDb | null> {
    this.session = null
    this.stream?.stop()
    this.stream = null
    if (this.unreadTimer) clearInterval(this.unreadTimer)
    this.unreadTimer = null
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
    this.entitySub?.unsubscribe()
    this.entitySub = null
    await this.desk.close()
    try { await this.starting } catch { /* opening failed: stop anyway */ }
    await Promise.allSettled([...this.running.values()])
    if (this.imageWriting) await this.imageWriting
    const db = this.db
    this.db = null
    return db
  }

  /** S4: logout, expiry and user switch close the engine and delete this user's local data. */
  async signOut(reason: "logout" | "expired" | "switch"): Promise<void> {
    const session = this.session
    if (!session) return
    const db = await this.halt()
    this.desk.forget()
    this.mirror.clear()
    this.proj.clear()
    for (const p of this.tables.values()) p.clear()
    this.chunkMark.clear()
    this.rowsSinceImage = 0
    this.rowsSinceOptimize = 0
    this.openStats = null
    this.imageSaved = null
    this.seenTx.clear()
    this.unread = 0
    this.lastEventId = null
    this.walletId = null
    await wipeUserDb(db, session.userId, this.env.storage, this.env.indexedDB ?? globalThis.indexedDB).catch(this.noted("wipe"))
    await deleteIdbFileStore(fileDbNameFor(dbNameFor(session.userId)), this.env.indexedDB ?? globalThis.indexedDB).catch(this.noted("wipe.files"))
    this.env.onSession(reason === "expired" ? "expired" : "signedOut", null)
    this.changed()
  }


  setWallet(walletId: string): void {
    if (this.walletId === walletId) return
    this.walletId = walletId
    this.changed()
    void this.syncWallet(walletId).catch(this.noted("sync.wallet"))
  }

  // ── mirror ────────────────────────────────────────────────────────────────
  private bucket(kind: string, walletId: string): Map<string, Record<string, unknown>> {
    const k = `${kind}|${walletId}`
    let b = this.mirror.get(k)
    if (!b) { b = new Map(); this.mirror.set(k, b) }
    return b
  }
  private mirrorPut(d: EntityDoc): void { this.bucket(d.kind, d.wallet_id).set(d.id, d.doc) }
  private mirrorDel(d: EntityDoc): void { this.bucket(d.kind, d.wallet_id).delete(d.id) }
  private list<T>(kind: string, walletId = ""): T[] { return [...this.bucket(kind, walletId).values()] as T[] }

  actionsFor(walletId: string): string[] {
    return this.list<{ tag: string }>("permission_actions", walletId).map((a) => a.tag)
  }
  private can(walletId: string, tag: string): boolean { return hasPermission(this.actionsFor(walletId), tag) }

  // ── pulls ─────────────────────────────────────────────────────────────────
  /** One pull per list+wallet at a time; a hint during a pull schedules exactly one more (P10). */
  private pull(key: string, run: () => Promise<unknown>): Promise<unknown> {
    const cur = this.running.get(key)
    if (cur) { this.rerun.add(key); return cur }
    const p = run().finally(() => {
      this.running.delete(key)
      if (this.rerun.delete(key)) void this.pull(key, run).catch(this.noted("pull"))
    })
    this.running.set(key, p)
    return p
  }
  private pullList(spec: ListSpec): Promise<unknown> {
    const db = this.db
    if (!db) return Promise.resolve(0)
    const key = pullKey(spec)
    return this.pull(key, () => {
      // P11: rows an event brings while this pass runs are kept by its P4 clean-up (its pages may
      // predate them), and the list is pulled once more after it
      const fresh = new Set<string>()
      this.inlineDuringPull.set(key, fresh)
      return pullFull(this.api, db, this.progress, spec, { keep: (k) => fresh.has(k) })
        .then((n) => { this.markSynced(); return n })
        .catch(async (e: unknown) => {
          // a list with a fallback holds it when its pull fails (core §8: pending balance 0)
          const fallback = listDef(spec.list)?.fallback
          if (!fallback) throw e
          const row = fallback() as Record<string, unknown>
          const id = spec.idOf(row)
          await db.entities.upsert({ key: `${spec.kind}|${spec.walletId}|${id}`, kind: spec.kind, wallet_id: spec.walletId, id, updated_at: new Date().toISOString(), doc: row })
          return 0
        })
        .finally(() => { if (this.inlineDuringPull.get(key) === fresh) this.inlineDuringPull.delete(key) })
    })
  }
  /** Pull one list of the registry (its wallet copy for wallet lists), if this user may read it. */
  private pullNamed(name: string, walletId: string): Promise<unknown> {
    const def = listDef(name)
    if (!def) return Promise.resolve(0)
    if (def.scope === "wallet" && !listPermission(def).some((tag) => this.can(walletId, tag)) && listPermission(def).length > 0) return Promise.resolve(0)
    if (def.scope === "wallet" && !walletId) return Promise.resolve(0)
    return this.pullList(listSpec(name, walletId))
  }
  /** Per running list pull: the keys of rows events brought meanwhile (P11). */
  private readonly inlineDuringPull = new Map<string, Set<string>>()
  pullStatementsFor(walletId: string): Promise<unknown> {
    const db = this.db
    if (!db) return Promise.resolve(0)
    return this.pull(`statements|${walletId}`, () =>
      pullStatements(this.api, db, this.progress, walletId, {
        onRows: (rows, seq) => { this.ingestChunk(rows, walletId, seq); void this.desk.refresh() }
      }).finally(() => {
        if ([...this.running.keys()].filter((k) => k.startsWith("statements|")).length <= 1) this.settleProjection()
        this.scheduleImage()
      }))
  }

  async syncAll(): Promise<void> {
    if (!this.db) return
    await this.loadProfile()
    await this.pullNamed("wallets", "")
    const wallets = this.list<Wallet>("wallets")
    if (!this.walletId || !wallets.some((w) => w.id === this.walletId)) {
      this.walletId = (wallets.find((w) => w.default) ?? wallets[0])?.id ?? null
    }
    // the user's own lists (notifications, invitations received, …), then every wallet's permissions
    const userLists = listNames.filter((n) => n !== "wallets" && listDef(n)?.scope === "user")
    await Promise.allSettled([...userLists.map((n) => this.pullNamed(n, "")), this.refreshUnread()])
    // permissions first: they say which lists of each wallet this user may read
    await Promise.allSettled(wallets.map((w) => this.pullNamed("permission_actions", w.id)))
    // statements of every readable wallet (cross-wallet analysis), current wallet first; the
    // current wallet's statement (the long pull) starts alongside its small lists, not after them
    const readable = wallets.filter((w) => this.can(w.id, P.getStatement)).sort((a, b) => (a.id === this.walletId ? -1 : b.id === this.walletId ? 1 : 0))
    const first = readable[0]?.id === this.walletId && this.walletId ? this.pullStatementsFor(this.walletId).catch(this.noted("pull.statements")) : null
    if (this.walletId) await this.syncWallet(this.walletId)
    const others = wallets.filter((w) => w.id !== this.walletId)
    await Promise.allSettled(others.flatMap((w) => walletLists.filter((n) => listDef(n)?.wallets === "all" && n !== "permission_actions").map((n) => this.pullNamed(n, w.id))))
    await first
    for (const w of readable) if (!first || w.id !== this.walletId) await this.pullStatementsFor(w.id).catch(this.noted("pull.statements"))
    for (const name of TABLE_NAMES) await this.syncTable(name, wallets.map((w) => w.id)).catch(this.noted("pull.tables"))
  }

  /**
   * A table of the registry, for the wallets that have a copy (issue 16: the gateway wallets, core §4: a
   * failed check is no gateway wallets; the Pix statement: every wallet) where the user holds one of its permissions.
   */
  private async syncTable(name: TableName, walletIds: ReadonlyArray<string>): Promise<void> {
    if (walletIds.length === 0) return
    const e = tableEntry(name)
    const ids = e.wallets === "gateway"
      ? (await runApi(this.api.call("checkGatewayWallets", { body: { wallets_ids: [...walletIds] } })).catch(() => null))?.data.wallets_ids ?? []
      : walletIds
    for (const w of ids) if (e.permissions.some((t) => this.can(w, t))) await this.pullTableFor(name, w).catch(this.noted("pull.table"))
  }

  pullTableFor(name: TableName, walletId: string): Promise<unknown> {
    const db = this.db
    if (!db) return Promise.resolve(0)
    const p = this.table(name)
    const key = `${name}|${walletId}`
    const spec = tableSync(name)
    const columns = spec.compact?.columns ?? []
    return this.pull(key, () =>
      pullTable(this.api, db, this.progress, spec, walletId, {
        onTotal: (rows) => { p.reserve(p.size + rows) },
        onRows: (rows) => { p.upsertMany(rows); this.changed() },
        onCompactRows: (rows) => { p.upsertCompact(rows, columns); this.changed() }
      }).finally(() => { if (p.size > 0 && ![...this.running.keys()].some((k) => k.startsWith(`${name}|`) && k !== key)) { p.optimize(); this.changed() } }))
  }

  /** The profile says whether this is a green-server user, who sends `server-type` on every call (A2). */
  private async loadProfile(): Promise<void> {
    const db = this.db
    const profile = await runApi(this.api.call("profile")).catch(() => null)
    if (!profile || !db) return
    this.serverType = profile.data.server_type
    await db.entities.upsert({ key: "profile||me", kind: "profile", wallet_id: "", id: "me", updated_at: new Date().toISOString(), doc: profile.data as unknown as Record<string, unknown> })
    await db.meta.upsert({ key: "user|serverType", value: profile.data.server_type })
  }

  /** The current wallet's lists: its permissions first, then every wallet list of the registry it may read. */
  async syncWallet(walletId: string): Promise<void> {
    await Promise.allSettled([this.pullNamed("permission_actions", walletId)])
    await Promise.allSettled(walletLists.filter((n) => n !== "permission_actions").map((n) => this.pullNamed(n, walletId)))
  }

  private async refreshUnread(): Promise<void> {
    const r = await runApi(this.api.call("unreadCount"))
    if (r.data.count !== this.unread) { this.unread = r.data.count; this.changed() }
  }

  /** core §4: the unread count reloads every 60 s; while the stream is open its events keep it current. */
  private startUnreadPoll(): void {
    if (this.unreadTimer) clearInterval(this.unreadTimer)
    this.unreadTimer = setInterval(() => {
      if (this.streamStatus !== "open") void this.refreshUnread().catch(this.noted("notifications.unread"))
    }, this.env.unreadPollMs ?? 60_000)
  }

  // ── the live stream ───────────────────────────────────────────────────────
  private startStream(): void {
    this.stream?.stop()
    const stream = new LiveStream({
      url: () => this.api.url("/users/events/stream"),
      headers: () => this.api.headers(),
      lastEventId: () => {
        this.streamResumed = this.lastEventId !== null
        return this.lastEventId
      },
      onEvent: (id, ev) => { void this.applyEvent(id, ev) },
      onStatus: (s) => {
        this.streamStatus = s
        this.changed()
        if (s !== "open") return
        void this.refreshUnread().catch(this.noted("notifications.unread"))
        // L7: a stream opened without Last-Event-ID replays nothing, so an event sent before it
        // opened (after the first pulls: an approval request created meanwhile) would be lost;
        // the current wallet's small lists are pulled again once it is open
        if (!this.streamResumed && this.walletId) void this.syncWallet(this.walletId).catch(this.noted("sync.wallet"))
      },
      onUnauthorized: async () => { try { await runApi(this.api.renew()); return true } catch { return false } },
      ...(this.env.fetch ? { fetch: this.env.fetch } : {})
    })
    this.stream = stream
    stream.start()
  }

  /** L5: events upsert what they carry or trigger a targeted pull of the list they name. */
  async applyEvent(id: string | null, ev: StreamEvent): Promise<void> {
    const db = this.db
    if (!db) return
    if (id) {
      this.receivedEventIds.push(id)
      if (this.receivedEventIds.length > 10_000) this.receivedEventIds.shift()
      this.lastEventId = id
      void db.meta.upsert({ key: "stream|lastEventId", value: id }).catch(this.noted("stream.lastEventId"))
    }
    if (ev.type === "heartbeat") return
    if (ev.type === "notification") {
      this.unread = ev.unread
      await db.entities.upsert({ key: `notifications||${ev.notification.id}`, kind: "notifications", wallet_id: "", id: ev.notification.id, updated_at: ev.notification.created_at, doc: ev.notification })
      return
    }
    const w = ev.wallet_id ?? ""
    const inline = ev.rows !== undefined && ev.rows.length > 0
    if (inline) {
      this.applyInlineRows(ev.list, w, ev.rows ?? [])
      // rows carried by the hint are authoritative for these lists: no pull needed
      if (ev.list !== "statements" && ev.list !== "notifications" && !isTableName(ev.list)) return
    }
    if (isTableName(ev.list)) {
      const name = ev.list
      if (w) this.later(`${name}|${w}`, inline ? 300 : 0, () => this.pullTableFor(name, w))
      return
    }
    if (ev.list === "statements") {
      // the view already shows inline rows; the keyset pull that stores them can wait a little and batch
      if (w) this.later(`statements|${w}`, inline ? 300 : 0, () => this.pullStatementsFor(w))
      return
    }
    if (ev.list === "notifications") this.later("unread", 300, () => this.refreshUnread())
    if (inline && isListName(ev.list)) return
    // a hint names lists of the registry: each is pulled again (its wallet's copy for wallet lists)
    for (const name of listsOfHint(ev.list)) {
      const def = listDef(name)
      const walletId = def?.scope === "wallet" ? (w || (name === "invitations_sent" ? this.walletId ?? "" : "")) : ""
      const pulled = this.pullNamed(name, walletId)
      // a change of permissions may open or close other lists of that wallet
      void (name === "permission_actions" && walletId === this.walletId ? pulled.then(() => this.syncWallet(walletId)) : pulled).catch(this.noted("stream.hint"))
    }
  }

  private ingest(rows: ReadonlyArray<StatementEntry>): void {
    this.projection.upsertMany(rows)
    for (const r of rows) if (r.transaction_uuid) this.seenTx.add(r.transaction_uuid)
    this.changed()
  }

  // ── commands (sync/SPEC.md C1–C8; the part itself: sync/engine-commands.ts) ─
  /** When a pull last completed (kept in the store: shown offline as "data from …", issue 18). */
  private syncedAt: string | null = null
  private markSynced(): void {
    this.syncedAt = new Date().toISOString()
    this.later("syncedAt", 1000, async () => { if (this.db && this.syncedAt) await this.db.meta.upsert({ key: "sync|lastAt", value: this.syncedAt }) })
    this.changed()
  }

  /**
   * C8: an action taken while the engine is still opening the user's store (just after a reload: the
   * mirror, the statement projection, then the outbox) waits for it instead of being refused.
   */
  private async opened(): Promise<void> {
    if (this.starting) { try { await this.starting } catch { /* the caller sees no outbox and says so */ } }
  }

  async submit(walletId: string, body: AnyCommandBody, dedupeKey?: string): Promise<string> {
    await this.opened()
    const session = this.session
    if (!session) throw { _tag: "NotAuthorized", key: "NOT_AUTHORIZED" }
    return this.desk.submit(session.userId, walletId, body, dedupeKey)
  }

  /** CN1: cancel a command that was never sent (the user gives up waiting for the network or the PIN). */
  async cancelCommand(commandId: string): Promise<string> {
    await this.opened()
    return this.desk.cancel(commandId)
  }

  /** Keep a file in the local store for an upload command (DESIGN "Uploads are commands too"); answers its key. */
  async putFile(blob: Blob, name: string, type: string): Promise<string> {
    await this.opened()
    return this.desk.putFile(blob, name, type)
  }

  /** Pause, resume or abort an upload command (an abort of one never sent cancels it, CN1). */
  async controlUpload(commandId: string, action: "pause" | "resume" | "abort"): Promise<void> {
    await this.opened()
    return this.desk.controlUpload(commandId, action)
  }

  answerPin(commandId: string, answer: PinInput | null): void { this.desk.answerPin(commandId, answer) }

  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  /** Run once after `ms`, coalescing calls with the same key (P10). */
  private later(key: string, ms: number, run: () => Promise<unknown>): void {
    if (ms === 0) { void run().catch(this.noted(`timer:${key}`)); return }
    if (this.timers.has(key)) return
    this.timers.set(key, setTimeout(() => { this.timers.delete(key); void run().catch(this.noted(`timer:${key}`)) }, ms))
  }

  /**
   * L5: a hint that carries its rows updates the live views at once (mirror or projection), before
   * anything is written; the store catches up through the upsert below and the targeted pull.
   */
  private applyInlineRows(list: string, walletId: string, raw: ReadonlyArray<unknown>): void {
    const db = this.db
    if (!db) return
    if (list === "statements") {
      const rows = raw.flatMap((r) => { const e = decodeStatement(r); return e._tag === "Success" ? [e.value] : [] })
      if (rows.length) this.ingest(rows)
      return
    }
    if (isTableName(list)) {
      const decode = tableDecoders.get(list)
      const rows = raw.flatMap((r) => { const e = decode?.(r); return e?._tag === "Success" ? [e.value] : [] })
      if (rows.length) { this.table(list).upsertMany(rows); this.changed() }
      return
    }
    // every list of the registry takes inline rows, decoded with its row Schema (L5)
    const def = isListName(list) ? listDef(list) : undefined
    if (!def) return
    const spec = listSpec(list, walletId)
    const docs: EntityDoc[] = []
    for (const r of raw) {
      const e = decodeRow(list, def, r)
      if (e._tag !== "Success") continue
      const row = e.value as Record<string, unknown>
      const id = spec.idOf(row)
      docs.push({ key: `${spec.kind}|${spec.walletId}|${id}`, kind: spec.kind, wallet_id: spec.walletId, id, updated_at: String(row.updated_at ?? row.created_at ?? ""), doc: row })
    }
    if (list === "notifications") this.countInlineReads(docs)
    for (const d of docs) this.mirrorPut(d)
    const pulling = this.inlineDuringPull.get(pullKey(spec))
    if (pulling && docs.length > 0) {
      for (const d of docs) pulling.add(d.key)
      this.rerun.add(pullKey(spec))
    }
    this.changed()
    void db.entities.bulkUpsert(docs).catch(this.noted("mirror.save"))
  }

  /**
   * L5 for the unread count: a notification the stream shows going from unread to read (or back) moves the count
   * at once; the server's count, asked again 300 ms later, settles any drift (D-notification-read).
   */
  private countInlineReads(docs: ReadonlyArray<EntityDoc>): void {
    const mirror = this.bucket("notifications", "")
    for (const d of docs) {
      const was = mirror.get(d.id)?.read
      const now = d.doc.read
      if (was === false && now === true) this.unread = Math.max(0, this.unread - 1)
      else if (was === true && now === false) this.unread++
    }
  }

  /** The unread count as shown: the server's, less the reads still pending in the outbox (C7 for a count). */
  private unreadShown(): number {
    const reads = this.desk.effects.overlays.filter((o) => o.list === "notifications" && o.patch?.["read"] === true)
    if (reads.length === 0) return this.unread
    const mirror = this.bucket("notifications", "")
    let pending = 0
    for (const o of reads) if (mirror.get(o.id)?.["read"] === false) pending++
    return Math.max(0, this.unread - pending)
  }

  // ── calls for the views ───────────────────────────────────────────────────
  async call(endpoint: EndpointId, args: CallArgs): Promise<unknown> {
    if (this.session) await this.serverTypeReady
    return runApi(this.api.call(endpoint, args))
  }

  setOnline(online: boolean): void {
    if (this.online === online) return
    this.online = online
    if (online) for (const w of this.onlineWaiters.splice(0)) w()
    this.changed()
  }
  private readonly onlineWaiters: Array<() => void> = []
  /** RT7: resolves at once when online, else when the network returns (commands wait here, spending no tries). */
  private waitOnline(): Effect.Effect<void> {
    return Effect.callback<void>((resume) => {
      if (this.online) { resume(Effect.void); return }
      const w = () => resume(Effect.void)
      this.onlineWaiters.push(w)
      return Effect.sync(() => { const i = this.onlineWaiters.indexOf(w); if (i >= 0) this.onlineWaiters.splice(i, 1) })
    })
  }

  // ── live queries ──────────────────────────────────────────────────────────
  /** The answer of a live query; `onEarly` gets the rows-first answer of a statements query that asks for it (Q5). */
  snapshot(q: LiveQuery, onEarly?: (early: StatementsResult) => void): LiveResults[LiveQuery["kind"]] {
    switch (q.kind) {
      case "session": return this.session
      case "wallets": return this.list<Wallet>("wallets").sort((a, b) => a.name.localeCompare(b.name))
      case "list": return this.listRows(q.list, q.walletId ?? this.walletId ?? "")
      case "walletAccounts":
        return this.listRows<WalletAccount>("wallet_accounts", q.walletId)
          .map((a) => {
            const p = withPendingBalance(a.balance, a.wallet_id, a.currency_symbol, this.desk.effects)
            return { ...a, balance: p.amount, pendingDelta: p.amount - a.balance }
          })
      case "pendingBalance": return (this.listRows<PendingBalance>("pending_balance", q.walletId)[0] ?? null)
      case "permissionActions": {
        const w = this.list<Wallet>("wallets").find((x) => x.id === q.walletId)
        const acts = this.actionsFor(q.walletId)
        return w && w.permission_types.includes("ROOT") && !acts.includes(WILDCARD) ? [...acts, WILDCARD] : acts
      }
      case "notifications": return this.listRows<Notification>("notifications", "").slice(0, q.limit)
      case "unreadCount": return this.unreadShown()
      case "invitations":
        return q.direction === "received"
          ? this.listRows<WalletInvitation>("invitations_received", "")
          : this.listRows<WalletInvitation>("invitations_sent", this.walletId ?? "")
      case "statements": return this.queryStatements(q.query, q.early === true ? onEarly : undefined)
      case "table": return this.queryTable(q.table, q.query, q.sums === true)
      case "statementSeries": {
        // "auto": days, or months when the days would be more than SERIES_MONTHLY_AFTER points
        const sq = q.query as Parameters<StatementProjection["series"]>[0]
        if (q.unit !== "auto") return this.proj.series(sq, q.unit)
        const days = this.proj.series(sq, "day")
        return days.points.length > SERIES_MONTHLY_AFTER ? monthsFromDays(days) : days
      }
      case "approvalRequests":
        return this.listRows<ApprovalRequest>("approval_requests", q.walletId)
      case "approvalHistory":
        return this.listRows<ApprovalRequest>("approval_history", q.walletId)
      case "syncProgress": return { ...this.progress.snapshot(), ...(this.problems.length > 0 ? { problems: this.problems } : {}), ...(this.syncedAt ? { syncedAt: this.syncedAt } : {}), ...(this.openStats ? { open: this.openStats } : {}), ...(this.imageSaved ? { image: this.imageSaved } : {}) }
      case "commands": return this.desk.commandViews
      case "pinAsks": return this.desk.pinAsks
      case "connection": return { online: this.online, stream: this.streamStatus } satisfies ConnectionView
      case "uploads": return this.desk.uploadViews
    }
  }

  /**
   * A synced list as a view sees it (schema/lists.ts): the rows of its copy, those it shows
   * (`where`), the pending commands' overlays laid over them (C7: patched, hidden or added), in its order.
   */
  listRows<T>(name: string, walletId: string): T[] {
    const def = listDef(name)
    if (!def) return []
    const copy = def.scope === "wallet" ? walletId : ""
    let rows = this.list<Record<string, unknown>>(name, copy)
    const overlays = this.desk.effects.overlays.filter((o) => o.list === name && (def.scope === "user" || o.walletId === copy))
    if (overlays.length > 0) rows = layOverlays(rows, overlays, (r) => def.id(r))
    if (def.where) rows = rows.filter((r) => def.where?.(r) ?? true)
    if (def.order) rows.sort(def.order)
    return rows as T[]
  }

  /** One live-query message per table: the table projection's answer, with the extra ints' sums when asked. */
  queryTable(table: TableName, q: TableQueryMsg, sums: boolean): TableResult {
    const p = this.table(table)
    const r = p.query(q)
    const { perCurrency: _pc, partial: _p, ...rest } = r
    return { ...rest, rows: r.rows as ReadonlyArray<Readonly<Record<string, unknown>>>, loadedRows: p.size, ...(sums ? { intSums: p.sumInts(q) } : {}) }
  }

  /** A table's filtered rows as a local CSV Blob (every row of the filter, in its order). */
  exportTable(table: TableName, q: TableQueryMsg, headers: ReadonlyArray<string>): Blob {
    const p = this.table(table)
    return new Blob(Array.from(tableCsv(tableEntry(table).table, p.matchingRows(q), this.locale, headers)), { type: "text/csv;charset=utf-8" })
  }

  queryStatements(q: StatementQueryMsg, onEarly?: (early: StatementsResult) => void): StatementsResult {
    const loadedRows = this.projection.size
    const r = this.projection.query(q as Parameters<StatementProjection["query"]>[0], onEarly ? (e) => onEarly({ ...e, loadedRows } as StatementsResult) : undefined)
    return { ...r, loadedRows } as StatementsResult
  }

  /**
   * The filtered rows as a file: a Blob made of the projection's chunks (no single string the size
   * of the file is ever built; a Blob crosses to the tab by reference, not copied).
   */
  exportStatements(q: StatementQueryMsg, format: "csv" | "ofx", headers: ReadonlyArray<string>): Blob {
    const query = q as Parameters<StatementProjection["query"]>[0]
    const chunks = format === "csv" ? this.projection.toCsv(query, this.locale, headers) : this.projection.toOfx(query)
    return new Blob(Array.from(chunks), { type: format === "csv" ? "text/csv;charset=utf-8" : "application/x-ofx" })
  }

}
