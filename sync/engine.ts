/**
 * The sync engine (DESIGN "The sync engine"; sync/SPEC.md): one per signed-in user, living in the worker.
 * Data flows one way:
 *   users API ──pull / SSE──▶ RxDB ──change stream──▶ mirror & projections ──live query──▶ view
 * It is built from Effect services (issue 11; sync/services/), each a `Context.Service` with its layer:
 *   EngineBus    change notification, kept failures (EN1), coalescing timers
 *   Session      the signed-in user, the users-API client, the current wallet, the store, online (A2, RT7)
 *   Mirror       the small lists of the store in memory (L1–L7)
 *   TableSync    every pull, the statement and table projections, the image (P1–P12, S3, S6)
 *   Stream       the live stream, inline rows, hints, the unread count (L1–L7)
 *   Commands     the outbox, PIN asks, uploads, optimistic effects (C1–C8, PN1–PN5, CN1, OP3)
 *   LiveQueries  the answer of every live query and the local exports (Q1–Q7, C7)
 * This class is the composition root: it builds the layers once and runs the session's life (open, close,
 * sign-out) across the parts; the worker (workers/serve.ts) and the tests talk to it.
 */
import { openMark } from "./services/open-mark.ts"
import { Context, Effect, Layer } from "effect"
import type { Locale } from "../schema/common.ts"
import { api, type EndpointId } from "../schema/api.ts"
import { BadRequest, UnauthorizedEndpoint } from "../schema/errors.ts"
import type { AnyCommandBody } from "../schema/commands.ts"
import type { LiveQuery, SessionInfo, StatementQueryMsg, TableQueryMsg } from "../schema/live.ts"
import type { StreamEvent } from "../schema/stream.ts"
import type { TableName } from "../schema/tables/registry.ts"
import type { CallArgs } from "./api/client.ts"
import type { OutboxShape } from "./outbox/outbox.ts"
import type { PinInput } from "./outbox/ports.ts"
import type { StatementProjection } from "./projections/statement-projection.ts"
import type { Handlers } from "./requests.ts"
import type { LiveResults, StatementsResult, TableResult } from "./results.ts"
import { dbNameFor, openUserDb, wipeUserDb, type UserDb } from "./store/db.ts"
import { deleteSavedView, putSavedView } from "./store/saved-views.ts"
import { deleteIdbFileStore, fileDbNameFor } from "./uploads/file-store.ts"
import { EngineBus, type EngineBusShape } from "./services/bus.ts"
import { Commands, type CommandDesk } from "./services/commands.ts"
import { LiveQueries, type LiveQueriesState } from "./services/live-queries.ts"
import { Mirror, type MirrorState } from "./services/mirror.ts"
import { EngineEnvironment, Session, notSignedIn, type EngineEnv, type SessionEnd, type SessionState } from "./services/session.ts"
import { Stream, type StreamState } from "./services/stream.ts"
import { TableSync, type TableSyncState } from "./services/table-sync.ts"

export type { EngineEnv } from "./services/session.ts"

/** How long a logout waits for the server's revoke before wiping anyway (issue 30 item 4: best-effort). */
export const LOGOUT_REVOKE_WAIT_MS = 3_000

/** Every part of the engine, each over the ones it needs (no part reaches another except through its layer). */
export const engineLayer = (env: EngineEnv): Layer.Layer<EngineEnvironment | EngineBus | Session | Mirror | TableSync | Stream | Commands | LiveQueries> => {
  const base = Layer.mergeAll(EngineEnvironment.layer(env), EngineBus.layer)
  const session = Session.layer.pipe(Layer.provideMerge(base))
  const mirror = Mirror.layer.pipe(Layer.provideMerge(session))
  const sync = TableSync.layer.pipe(Layer.provideMerge(mirror))
  const stream = Stream.layer.pipe(Layer.provideMerge(sync))
  const commands = Commands.layer.pipe(Layer.provideMerge(stream))
  return LiveQueries.layer.pipe(Layer.provideMerge(commands))
}

export class Engine {
  private readonly env: EngineEnv
  private readonly bus: EngineBusShape
  private readonly state: SessionState
  private readonly mirror: MirrorState
  private readonly sync: TableSyncState
  private readonly stream: StreamState
  private readonly desk: CommandDesk
  private readonly live: LiveQueriesState
  private starting: Promise<void> | null = null

  constructor(env: EngineEnv) {
    this.env = env
    // the layers hold no resource to release (each part closes with the session, below): built once, for good
    const ctx = Effect.runSync(Effect.scoped(Layer.build(engineLayer(env))))
    this.bus = Context.get(ctx, EngineBus)
    this.state = Context.get(ctx, Session)
    this.mirror = Context.get(ctx, Mirror)
    this.sync = Context.get(ctx, TableSync)
    this.stream = Context.get(ctx, Stream)
    this.desk = Context.get(ctx, Commands)
    this.live = Context.get(ctx, LiveQueries)
    this.sync.progress.subscribe(() => this.bus.changed()) // P6: progress is a live query of its own
    this.state.onExpired(() => {
      void this.signOut("expired").catch(this.bus.noted("session.expired"))
    })
  }

  configure(apiBase: string, locale: Locale): void {
    this.state.configure(apiBase, locale)
  }
  get apiBase(): string {
    return this.state.apiBase
  }
  get locale(): Locale {
    return this.state.locale
  }
  get session(): SessionInfo | null {
    return this.state.current
  }
  get walletId(): string | null {
    return this.state.walletId
  }
  get db(): UserDb | null {
    return this.state.db
  }
  get progress(): TableSyncState["progress"] {
    return this.sync.progress
  }
  /** The statement projection (replaced by its image on reopen, S6). */
  get projection(): StatementProjection {
    return this.sync.projection
  }
  /** Moves on every change of the statement answers, also when the projection object is replaced (Q3). */
  get statementsVersion(): number {
    return this.sync.statementsVersion
  }
  /** The version of a table's answers (Q3), by the live-query message's table name. */
  tableVersion(table: TableName): number {
    return this.sync.tableVersion(table)
  }
  /** Whether a pull is bringing rows into the statement or a table (workers/engine.worker.ts spaces their answers). */
  pullingInto(source: "statement" | TableName): boolean {
    return this.sync.pullingInto(source)
  }
  get openStats(): TableSyncState["openStats"] {
    return this.sync.openStats
  }
  /** Ids of the stream events received (last 10,000), for tests of L3. */
  get receivedEventIds(): ReadonlyArray<string> {
    return this.stream.receivedEventIds
  }
  /** The outbox, for tests and the worker (undefined before sign-in). */
  get commands(): OutboxShape | null {
    return this.desk.outbox
  }

  /**
   * What the engine answers across the worker boundary: one handler per request and note of sync/requests.ts, typed
   * by it (a request without its handler here is a type error). workers/serve.ts decodes each message and runs it here;
   * a failure leaves as the request's tagged error (D-worker-boundary).
   */
  readonly handlers: Handlers = {
    hello: ({ apiBase, locale, session }) => {
      this.configure(apiBase, locale)
      // a failed start is answered to nobody here: the tab that signed in asks again with `signedIn`, which replies
      if (session && !this.session)
        void this.start(session).catch((e: unknown) => {
          console.warn("[engine] start", e) // eslint-disable-line no-console -- EN1
        })
    },
    locale: ({ locale }) => this.configure(this.apiBase, locale),
    online: ({ online }) => this.setOnline(online),
    setWallet: ({ walletId }) => this.setWallet(walletId),
    pinAnswer: ({ commandId, answer }) => this.answerPin(commandId, answer),
    signedIn: ({ session }) => this.start(session),
    signOut: ({ reason }) => this.signOut(reason),
    call: ({ endpoint, ...args }) =>
      Object.hasOwn(api, endpoint)
        ? this.call(endpoint as EndpointId, args)
        : Promise.reject(new UnauthorizedEndpoint({ path: endpoint, key: "UNAUTHORIZED_ENDPOINT" })),
    pullLists: ({ lists, walletId }) => this.pullLists(lists, walletId),
    submit: ({ walletId, body, dedupeKey }) => this.submit(walletId, body, dedupeKey),
    cancelCommand: async ({ commandId }) => {
      await this.opened()
      return this.desk.cancel(commandId)
    },
    putFile: ({ blob, name, type }) =>
      blob instanceof Blob ? this.putFile(blob, name, type) : Promise.reject(new BadRequest({ status: 400, key: "INVALID_FORMAT", message: "not a file" })),
    uploadControl: async ({ commandId, action }) => {
      await this.opened()
      await this.desk.controlUpload(commandId, action)
    },
    exportCsv: ({ query, format, headers }) => this.live.exportStatements(query, format, headers),
    exportTable: ({ table, query, headers }) => this.live.exportTable(table, query, headers),
    saveView: ({ view }) => this.saveView(view),
    deleteView: ({ id }) => this.deleteView(id)
  }

  onChange(l: () => void): () => void {
    return this.bus.onChange(l)
  }

  // ── the session's life ────────────────────────────────────────────────────
  async start(session: SessionInfo): Promise<void> {
    const cur = this.state.current
    if (cur && cur.userId !== session.userId) await this.signOut("switch") // S4: user switch wipes
    if (this.state.current && this.state.db) {
      this.state.current = session
      return
    }
    this.state.current = session
    this.starting = this.open(session).finally(() => {
      this.starting = null
    })
    return this.starting
  }

  /**
   * The session's life as one scope (issue 29 item 2, D-worker-boundary): each part opened for this user is acquired
   * into the session's scope with its release — the user's store (closed, or wiped with the uploads' files), the
   * timers, the mirror, the pulls and projections, the outbox, the stream — and ending the session closes that scope,
   * which releases them last first. A session that ends while this runs stops at the next part; a part still opening
   * is released once it has opened.
   */
  private async open(session: SessionInfo): Promise<void> {
    const s = this.state
    const scope = s.beginScope()
    const ready = s.serverTypeUnknown()
    const db = await s.acquire(
      scope,
      "wipe",
      () => openUserDb(session.userId, this.env.storage),
      async (end, opened) => {
        try {
          await this.starting // what was opening has settled before the store goes
        } catch {
          /* opening failed: release anyway */
        }
        s.db = null
        if (end === "keep") {
          if (opened && !opened.closed) await opened.close()
          return
        }
        s.walletId = null
        const idb = this.env.indexedDB ?? globalThis.indexedDB
        await wipeUserDb(opened ?? null, session.userId, this.env.storage, idb).catch(this.bus.noted("wipe"))
        await deleteIdbFileStore(fileDbNameFor(dbNameFor(session.userId)), idb).catch(this.bus.noted("wipe.files"))
      }
    )
    if (!db) return
    openMark("engine:db")
    s.db = db
    // A2: a green-server user's calls need `server-type`; views' calls wait until it is known
    const known = await db.meta.findOne("user|serverType").exec()
    s.serverType = (known?.value as "green" | "blue" | undefined) ?? null
    if (!s.serverType) await s.loadProfile()
    ready()
    // the parts in the order they open; ending the session releases them in the reverse order, then the store
    const parts: ReadonlyArray<readonly [string, () => Promise<unknown>, (end: SessionEnd) => unknown]> = [
      ["timers", async () => undefined, () => this.bus.clearTimers()],
      ["mirror", () => this.mirror.open(db), (end) => (this.mirror.close(), end === "wipe" && this.mirror.clear())],
      // no coalesced pull may start once the pulls are awaited: the timers go first
      [
        "sync",
        () => this.sync.open(db, session.userId),
        (end) => (this.bus.clearTimers(), this.sync.stopped().then(() => end === "wipe" && this.sync.clear()))
      ],
      ["outbox", () => this.desk.open(db), (end) => this.desk.close().then(() => end === "wipe" && this.desk.forget())],
      ["stream", () => this.stream.open(db), (end) => (this.stream.stop(), end === "wipe" && this.stream.clear())]
    ]
    for (const [where, open, release] of parts) {
      if ((await s.acquire(scope, where, () => open().then(() => true), release)) === null) return
      openMark(`engine:${where}`)
      if (where === "outbox") this.bus.changed() // the outbox's commands are shown before the stream opens
    }
    void this.syncAll().catch(this.bus.noted("sync"))
  }

  /** Stop without wiping (a tab or worker going away): commands stay in the outbox for replay (C6). */
  async close(): Promise<void> {
    await this.end("keep")
  }

  /** End the session: no one is signed in from now, and its scope closes (keeping or wiping the user's data). */
  private async end(how: SessionEnd): Promise<void> {
    this.state.current = null
    await this.state.endScope(how)
    try {
      await this.starting
    } catch {
      /* opening failed: ended anyway */
    }
  }

  /**
   * S4: logout, expiry and user switch end the session and delete this user's local data. A logout also asks the
   * server to revoke the session (issue 30 item 4, `logout`: its refresh-token family) through the users-API client —
   * best-effort: offline, refused or slower than LOGOUT_REVOKE_WAIT_MS, the local data is wiped all the same.
   */
  async signOut(reason: "logout" | "expired" | "switch"): Promise<void> {
    const session = this.state.current
    if (!session) return
    if (reason === "logout") await this.revokeOnServer(session)
    await this.end("wipe")
    this.env.onSession(reason === "expired" ? "expired" : "signedOut", null)
    this.bus.changed()
  }

  private async revokeOnServer(session: SessionInfo): Promise<void> {
    if (!this.state.online || !session.refreshToken) return
    const call = Effect.runPromise(this.state.api.call("logout", { body: { refresh_token: session.refreshToken } })).then(
      () => undefined,
      this.bus.noted("logout.revoke")
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const wait = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LOGOUT_REVOKE_WAIT_MS)
    })
    await Promise.race([call, wait])
    clearTimeout(timer)
  }

  setWallet(walletId: string): void {
    if (this.state.walletId === walletId) return
    this.state.walletId = walletId
    this.bus.changed()
    void this.sync.syncWallet(walletId).catch(this.bus.noted("sync.wallet"))
  }

  setOnline(online: boolean): void {
    if (this.state.setOnline(online)) this.bus.changed()
  }

  // ── sync ──────────────────────────────────────────────────────────────────
  /** Every list, statement and table the user may read, and the unread count beside them. */
  async syncAll(): Promise<void> {
    if (!this.state.db) return
    const unread = this.stream.refreshUnread().catch(this.bus.noted("notifications.unread"))
    await this.sync.syncAll()
    await unread
  }
  syncWallet(walletId: string): Promise<void> {
    return this.sync.syncWallet(walletId)
  }
  /** A view's "try again": these lists of the registry pulled again (a failure is answered, and kept, EN1). */
  async pullLists(lists: ReadonlyArray<string>, walletId: string): Promise<void> {
    await this.opened()
    const failed = (await Promise.allSettled(lists.map((n) => this.sync.pullNamed(n, walletId)))).find((r) => r.status === "rejected")
    if (failed) {
      this.bus.noted("pull.retry")(failed.reason)
      throw failed.reason
    }
  }
  pullStatementsFor(walletId: string): Promise<unknown> {
    return this.sync.pullStatementsFor(walletId)
  }
  pullTableFor(name: TableName, walletId: string): Promise<unknown> {
    return this.sync.pullTableFor(name, walletId)
  }
  applyEvent(id: string | null, ev: StreamEvent): Promise<void> {
    return this.stream.applyEvent(id, ev)
  }
  actionsFor(walletId: string): string[] {
    return this.mirror.actionsFor(walletId)
  }

  // ── commands (sync/SPEC.md C1–C8; the part itself: sync/services/commands.ts) ─
  /**
   * C8: an action taken while the engine is still opening the user's store (just after a reload: the
   * mirror, the statement projection, then the outbox) waits for it instead of being refused.
   */
  private async opened(): Promise<void> {
    if (this.starting) {
      try {
        await this.starting
      } catch {
        /* the caller sees no outbox and says so */
      }
    }
  }

  async submit(walletId: string, body: AnyCommandBody, dedupeKey?: string): Promise<string> {
    await this.opened()
    const session = this.state.current
    if (!session) throw notSignedIn()
    return this.desk.submit(session.userId, walletId, body, dedupeKey)
  }

  /** Keep a file in the local store for an upload command (DESIGN "Uploads are commands too"); answers its key. */
  async putFile(blob: Blob, name: string, type: string): Promise<string> {
    await this.opened()
    return this.desk.putFile(blob, name, type)
  }

  answerPin(commandId: string, answer: PinInput | null): void {
    this.desk.answerPin(commandId, answer)
  }

  /** A one-off call for a view (a quote, a decode): never a change of state, which is a command. */
  call(endpoint: EndpointId, args: CallArgs): Promise<unknown> {
    return this.state.call(endpoint, args)
  }

  // ── saved analysis views (issue 32 item 4; sync/SPEC.md Q12; sync/store/saved-views.ts) ─
  /** Adds or replaces a saved view in this user's store (answered live by `savedViews`). */
  async saveView(view: unknown): Promise<void> {
    await this.opened()
    const db = this.state.db
    if (!db || !this.state.current) throw notSignedIn()
    await putSavedView(db, view)
  }
  async deleteView(id: string): Promise<void> {
    await this.opened()
    const db = this.state.db
    if (!db || !this.state.current) throw notSignedIn()
    await deleteSavedView(db, id)
  }

  // ── live queries (sync/services/live-queries.ts) ──────────────────────────
  snapshot(q: LiveQuery, onEarly?: (early: StatementsResult | TableResult) => void): LiveResults[LiveQuery["kind"]] {
    return this.live.snapshot(q, onEarly)
  }
  listRows<T>(name: string, walletId: string): T[] {
    return this.live.listRows<T>(name, walletId)
  }
  queryTable(table: TableName, q: TableQueryMsg, sums: boolean): TableResult {
    return this.live.queryTable(table, q, sums)
  }
  queryStatements(q: StatementQueryMsg, onEarly?: (early: StatementsResult) => void): StatementsResult {
    return this.live.queryStatements(q, onEarly)
  }
}
