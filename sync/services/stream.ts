/**
 * The engine's live stream (issue 11 "the engine as Effect services"; sync/SPEC.md L1–L7; core §4): the SSE
 * connection with its replay (Last-Event-ID), the events it brings — rows laid over the live views at once
 * (L5), hints that pull the lists they name — and the unread notifications count, polled while the stream is
 * down. It asks the pulls (sync/services/table-sync.ts) for what an event names; it never pulls itself.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { isListName, listDef, listsOfHint, type AnyListDef } from "../../schema/lists.ts"
import { StatementEntry as StatementEntrySchema } from "../../schema/entities.ts"
import type { StreamEvent } from "../../schema/stream.ts"
import { TABLE_NAMES, isTableName, tableEntry } from "../../schema/tables/registry.ts"
import { listSpec } from "../lists.ts"
import { runApi } from "../pullers/puller.ts"
import type { EntityDoc, UserDb } from "../store/db.ts"
import { LiveStream, type StreamStatus } from "../stream/sse.ts"
import { EngineBus, type EngineBusShape } from "./bus.ts"
import { Mirror, type MirrorState } from "./mirror.ts"
import { EngineEnvironment, Session, type EngineEnv, type SessionState } from "./session.ts"
import { TableSync, type TableSyncState } from "./table-sync.ts"

const decodeStatement = Schema.decodeUnknownExit(StatementEntrySchema)
/** Per table, the decoder of a hint's inline rows (its row Schema). */
const tableDecoders = new Map(
  TABLE_NAMES.map((n) => [n, Schema.decodeUnknownExit(tableEntry(n).row as unknown as Schema.Codec<Record<string, unknown>, unknown>)] as const)
)
/** Per list, the decoder of rows that arrive untyped (a hint's inline rows, L5). */
const rowDecoders = new Map<string, (u: unknown) => ReturnType<ReturnType<typeof Schema.decodeUnknownExit>>>()
const decodeRow = (list: string, def: AnyListDef, u: unknown) => {
  let d = rowDecoders.get(list)
  if (!d) {
    d = Schema.decodeUnknownExit(def.row) as (u: unknown) => ReturnType<ReturnType<typeof Schema.decodeUnknownExit>>
    rowDecoders.set(list, d)
  }
  return d(u)
}

export class StreamState {
  private stream: LiveStream | null = null
  status: StreamStatus = "down"
  private lastEventId: string | null = null
  /** Whether the stream's last connection asked for a replay (Last-Event-ID); L7. */
  private resumed = false
  /** Ids of the stream events received (last 10,000), for tests of L3. */
  readonly receivedEventIds: string[] = []
  /** The server's unread notifications count (core §4). */
  unread = 0
  private unreadTimer: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly env: EngineEnv,
    private readonly session: SessionState,
    private readonly mirror: MirrorState,
    private readonly sync: TableSyncState,
    private readonly bus: EngineBusShape
  ) {
    session.onRenewed(() => this.stream?.restart())
  }

  /** Connect, replaying from the last event this user's store kept, and start the unread poll. */
  async open(db: UserDb): Promise<void> {
    const le = await db.meta.findOne("stream|lastEventId").exec()
    this.lastEventId = (le?.value as string | undefined) ?? null
    this.start()
    this.startUnreadPoll()
  }

  stop(): void {
    this.stream?.stop()
    this.stream = null
    if (this.unreadTimer) clearInterval(this.unreadTimer)
    this.unreadTimer = null
  }

  /** S4: after a sign-out nothing of the user's stream stays. */
  clear(): void {
    this.unread = 0
    this.lastEventId = null
  }

  private start(): void {
    this.stream?.stop()
    const api = this.session.api
    const stream = new LiveStream({
      url: () => api.url("/users/events/stream"),
      headers: () => api.headers(),
      lastEventId: () => {
        this.resumed = this.lastEventId !== null
        return this.lastEventId
      },
      onEvent: (id, ev) => {
        void this.applyEvent(id, ev).catch(this.bus.noted("stream.event"))
      },
      onStatus: (s) => {
        this.status = s
        this.bus.changed()
        if (s !== "open") return
        void this.refreshUnread().catch(this.bus.noted("notifications.unread"))
        // L7: a stream opened without Last-Event-ID replays nothing, so an event sent before it
        // opened (after the first pulls: an approval request created meanwhile) would be lost;
        // the current wallet's small lists are pulled again once it is open
        const walletId = this.session.walletId
        if (!this.resumed && walletId) void this.sync.syncWallet(walletId).catch(this.bus.noted("sync.wallet"))
      },
      onUnauthorized: async () => {
        try {
          await runApi(api.renew())
          return true
        } catch {
          return false
        }
      },
      ...(this.env.fetch ? { fetch: this.env.fetch } : {})
    })
    this.stream = stream
    stream.start()
  }

  async refreshUnread(): Promise<void> {
    const r = await runApi(this.session.api.call("unreadCount"))
    if (r.data.count !== this.unread) {
      this.unread = r.data.count
      this.bus.changed()
    }
  }

  /** core §4: the unread count reloads every 60 s; while the stream is open its events keep it current. */
  private startUnreadPoll(): void {
    if (this.unreadTimer) clearInterval(this.unreadTimer)
    this.unreadTimer = setInterval(() => {
      if (this.status !== "open") void this.refreshUnread().catch(this.bus.noted("notifications.unread"))
    }, this.env.unreadPollMs ?? 60_000)
  }

  /** L5: events upsert what they carry or trigger a targeted pull of the list they name. */
  async applyEvent(id: string | null, ev: StreamEvent): Promise<void> {
    const db = this.session.db
    if (!db) return
    if (id) {
      this.receivedEventIds.push(id)
      if (this.receivedEventIds.length > 10_000) this.receivedEventIds.shift()
      this.lastEventId = id
      void db.meta.upsert({ key: "stream|lastEventId", value: id }).catch(this.bus.noted("stream.lastEventId"))
    }
    if (ev.type === "heartbeat") return
    if (ev.type === "notification") {
      this.unread = ev.unread
      // an inline row like any list's (L5, P11): a pull of the notifications running now keeps it, whose pages
      // may predate it — written straight to the store, that pull's clean-up removed it (a flaky e2e on CI)
      this.applyInlineRows(db, "notifications", "", [ev.notification])
      return
    }
    const w = ev.wallet_id ?? ""
    const inline = ev.rows !== undefined && ev.rows.length > 0
    if (inline) {
      this.applyInlineRows(db, ev.list, w, ev.rows ?? [])
      // rows carried by the hint are authoritative for these lists: no pull needed
      if (ev.list !== "statements" && ev.list !== "notifications" && !isTableName(ev.list)) return
    }
    if (isTableName(ev.list)) {
      const name = ev.list
      if (w) this.bus.later(`${name}|${w}`, inline ? 300 : 0, () => this.sync.pullTableFor(name, w))
      return
    }
    if (ev.list === "statements") {
      // the view already shows inline rows; the keyset pull that stores them can wait a little and batch
      if (w) this.bus.later(`statements|${w}`, inline ? 300 : 0, () => this.sync.pullStatementsFor(w))
      return
    }
    if (ev.list === "notifications") this.bus.later("unread", 300, () => this.refreshUnread())
    if (inline && isListName(ev.list)) return
    // a hint names lists of the registry: each is pulled again (its wallet's copy for wallet lists)
    for (const name of listsOfHint(ev.list)) {
      const def = listDef(name)
      const walletId = def?.scope === "wallet" ? w || (name === "invitations_sent" ? (this.session.walletId ?? "") : "") : ""
      const pulled = this.sync.pullNamed(name, walletId)
      // a change of permissions may open or close other lists of that wallet
      void (name === "permission_actions" && walletId === this.session.walletId ? pulled.then(() => this.sync.syncWallet(walletId)) : pulled).catch(
        this.bus.noted("stream.hint")
      )
    }
  }

  /**
   * L5: a hint that carries its rows updates the live views at once (mirror or projection), before
   * anything is written; the store catches up through the upsert below and the targeted pull.
   */
  private applyInlineRows(db: UserDb, list: string, walletId: string, raw: ReadonlyArray<unknown>): void {
    if (list === "statements") {
      const rows = raw.flatMap((r) => {
        const e = decodeStatement(r)
        return e._tag === "Success" ? [e.value] : []
      })
      if (rows.length) this.sync.ingest(rows)
      return
    }
    if (isTableName(list)) {
      const decode = tableDecoders.get(list)
      const rows = raw.flatMap((r) => {
        const e = decode?.(r)
        return e?._tag === "Success" ? [e.value] : []
      })
      if (rows.length) this.sync.upsertTableRows(list, rows)
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
      docs.push({
        key: `${spec.kind}|${spec.walletId}|${id}`,
        kind: spec.kind,
        wallet_id: spec.walletId,
        id,
        updated_at: String(row.updated_at ?? row.created_at ?? ""),
        doc: row
      })
    }
    if (list === "notifications") this.countInlineReads(docs)
    for (const d of docs) this.mirror.put(d)
    this.sync.markInline(
      spec,
      docs.map((d) => d.key)
    )
    this.bus.changed()
    void db.entities.bulkUpsert(docs).catch(this.bus.noted("mirror.save"))
  }

  /**
   * L5 for the unread count: a notification the stream shows going from unread to read (or back) moves the count
   * at once; the server's count, asked again 300 ms later, settles any drift (D-notification-read).
   */
  private countInlineReads(docs: ReadonlyArray<EntityDoc>): void {
    const mirror = this.mirror.bucket("notifications", "")
    for (const d of docs) {
      const was = mirror.get(d.id)?.read
      const now = d.doc.read
      if (was === false && now === true) this.unread = Math.max(0, this.unread - 1)
      else if (was === true && now === false) this.unread++
    }
  }
}

export class Stream extends Context.Service<Stream, StreamState>()("sync/Stream") {
  static readonly layer: Layer.Layer<Stream, never, EngineEnvironment | Session | Mirror | TableSync | EngineBus> = Layer.effect(
    Stream,
    Effect.gen(function* () {
      return new StreamState(yield* EngineEnvironment, yield* Session, yield* Mirror, yield* TableSync, yield* EngineBus)
    })
  )
}
