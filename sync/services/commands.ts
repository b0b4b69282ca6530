/**
 * The engine's commands part (DESIGN "Commands"; sync/SPEC.md C1–C8, PN1–PN5, CN1, OP3; issue 11 "the engine
 * as Effect services": the service `Commands`): the outbox over the user's store, the PIN asks it waits on, the upload files, each command's
 * view (state, pending rows, outcome), the optimistic effects laid over the lists, and the pulls a confirmed
 * command asks for. It reaches the rest of the engine only through `CommandDeskDeps`; the engine keeps the
 * session checks (C8: an action taken while the store opens waits for it) and answers the live queries with
 * what this part holds.
 */
import { Context, Effect, Layer } from "effect"
import type { AnyCommandBody, CommandState } from "../../schema/commands.ts"
import type { ApiClient } from "../api/client.ts"
import { commandDef } from "../commands/registry.ts"
import type { PendingRow } from "../commands/define.ts"
import { makeTransport } from "../commands/transport.ts"
import { makeScopedOutbox, type OutboxShape } from "../outbox/outbox.ts"
import { CommandTransport, OutboxStore, PinPrompt, type PinInput } from "../outbox/ports.ts"
import { pendingEffects, type PendingEffects } from "../outbox/optimistic.ts"
import type { CommandView, PinAskView, StatementRowView, UploadView } from "../results.ts"
import { openRxOutboxStore } from "../store/outbox-store.ts"
import type { UserDb } from "../store/db.ts"
import { UploadBoard } from "../uploads/board.ts"
import { fileDbNameFor, MemoryFileStore, openIdbFileStore } from "../uploads/file-store.ts"
import { makeUploadServer } from "../uploads/server.ts"
import { EngineBus } from "./bus.ts"
import { EngineEnvironment, Session, notSignedIn } from "./session.ts"
import { TableSync } from "./table-sync.ts"

const NO_EFFECTS: PendingEffects = { balances: [], overlays: [], notices: [] }

/** A command's pending statement row as the statement table shows it (C7). */
const pendingRowView = (cmd: { readonly id: string; readonly wallet_id: string; readonly created_at: string }, r: PendingRow): StatementRowView => ({
  id: `${cmd.id}:${r.key}`,
  wallet_id: cmd.wallet_id,
  operation_id: cmd.id,
  created_at: cmd.created_at,
  updated_at: cmd.created_at,
  type: r.type,
  direction: r.direction,
  status: "pending",
  currency_symbol: r.currency_symbol,
  amount: r.amount,
  balance_after: 0,
  description: r.description,
  counterparty_name: r.counterparty_name,
  counterparty_document: "",
  end_to_end_id: null,
  transaction_uuid: cmd.id,
  pending: true
})

/** What the commands part needs from the rest of the engine. */
export interface CommandDeskDeps {
  readonly api: ApiClient
  readonly fetch?: typeof fetch
  readonly indexedDB?: IDBFactory
  /** C5: told of each PIN ask as it happens (tests; the views read the `pinAsks` live query, PN5). */
  readonly onPinAsk?: (commandId: string, name: string, lastErrorKey?: string) => void
  userId(): string | null
  /** RT7: resolves when the device is online. */
  waitOnline(): Effect.Effect<void>
  /** Pull a list of a wallet again (a confirmed command's `refresh`). */
  pull(list: string, walletId: string): Promise<unknown>
  /** OP3: whether a pulled statement row carries this transaction_uuid. */
  seen(transactionUuid: string): boolean
  changed(): void
  /** EN1: log and keep a background failure. */
  noted(where: string): (e: unknown) => void
}

export class CommandDesk {
  private box: OutboxShape | null = null
  private closeBox: Effect.Effect<void> | null = null
  private uploads: UploadBoard | null = null
  private closeFiles: (() => void) | null = null
  private views: CommandView[] = []
  private fx: PendingEffects = NO_EFFECTS
  /** PN5: the PIN prompts the outbox waits on, with what each tab needs to show them (a live query, not an event). */
  private pinSeq = 0
  private readonly pinWaiters = new Map<string, { readonly view: PinAskView; readonly answer: (a: PinInput | null) => void }>()
  /** Per confirmed command: its `refresh` pulls running, or done. */
  private readonly refreshed = new Map<string, "pulling" | "done">()

  constructor(private readonly deps: CommandDeskDeps) {}

  /** The outbox (null before the store is open). */
  get outbox(): OutboxShape | null {
    return this.box
  }
  get commandViews(): ReadonlyArray<CommandView> {
    return this.views
  }
  /** C7: the optimistic effects of the open (and confirmed, not yet reflected) commands. */
  get effects(): PendingEffects {
    return this.fx
  }
  get pinAsks(): ReadonlyArray<PinAskView> {
    return [...this.pinWaiters.values()].map((w) => w.view)
  }
  get uploadViews(): ReadonlyArray<UploadView> {
    return this.uploads?.views(this.views) ?? []
  }

  /** Open the outbox on the user's store and resume its unfinished commands (C6). */
  async open(db: UserDb): Promise<void> {
    const d = this.deps
    const store = await openRxOutboxStore(db)
    const idb = d.indexedDB ?? globalThis.indexedDB
    const files = idb ? await openIdbFileStore(fileDbNameFor(db.name), idb) : null
    this.closeFiles = files ? () => files.close() : null
    this.uploads = new UploadBoard(files ?? new MemoryFileStore(), () => d.changed())
    const base = makeTransport(d.api, () => d.userId(), this.uploads.env(makeUploadServer(d.api, d.fetch)))
    // RT7: while the device is offline a command waits before each call instead of failing it
    const transport = {
      verifyPin: (input: PinInput, cmd: Parameters<typeof base.verifyPin>[1]) => Effect.andThen(d.waitOnline(), base.verifyPin(input, cmd)),
      ready: () => d.waitOnline(), // PN6: a held pin_token's expiry races the wait for the network
      send: (cmd: Parameters<typeof base.send>[0], pin: string | null) => Effect.andThen(d.waitOnline(), base.send(cmd, pin)),
      reconcile: (cmd: Parameters<typeof base.reconcile>[0]) => Effect.andThen(d.waitOnline(), base.reconcile(cmd))
    }
    const prompt = {
      ask: (cmd: { id: string; body: { name: string } }, lastErrorKey?: string) =>
        Effect.callback<PinInput | null>((resume) => {
          const view: PinAskView = { seq: ++this.pinSeq, commandId: cmd.id, name: cmd.body.name, ...(lastErrorKey ? { lastErrorKey } : {}) }
          this.pinWaiters.set(cmd.id, { view, answer: (a) => resume(Effect.succeed(a)) })
          d.onPinAsk?.(cmd.id, cmd.body.name, lastErrorKey)
          d.changed()
        })
    }
    const { outbox, close } = await Effect.runPromise(
      makeScopedOutbox().pipe(
        Effect.provideService(OutboxStore, store),
        Effect.provideService(CommandTransport, transport),
        Effect.provideService(PinPrompt, prompt)
      )
    )
    this.box = outbox
    this.closeBox = close
    outbox.subscribe(() => {
      void this.refresh()
    })
    await this.refresh()
    // C6: unfinished commands resume after a reload
    void Effect.runPromise(outbox.replay()).catch(d.noted("outbox.replay"))
  }

  /** Stop: the outbox, its files and its waits; the commands stay in the store for replay (C6). */
  async close(): Promise<void> {
    // PN5: an open PIN ask is dropped, not answered: a null answer would cancel its command (PN1), and a command
    // the engine stops on stays in the outbox to ask again when it resumes (C6, PN4); closing the outbox ends the wait
    this.pinWaiters.clear()
    if (this.closeBox) await Effect.runPromise(this.closeBox).catch(this.deps.noted("outbox.close"))
    this.box = null
    this.closeBox = null
    this.uploads?.close()
    this.uploads = null
    this.closeFiles?.()
    this.closeFiles = null
  }

  /** After a sign-out: nothing of the user's commands is shown any more. */
  forget(): void {
    this.views = []
    this.fx = NO_EFFECTS
    this.refreshed.clear()
  }

  /** The views and effects again, from the outbox's statuses (after a change of the outbox or of the pulled data). */
  async refresh(): Promise<void> {
    const outbox = this.box
    if (!outbox) return
    const statuses = await Effect.runPromise(outbox.statuses())
    void this.uploads
      ?.follow(statuses.map((st) => ({ id: st.command.id, state: st.state, created_at: st.command.created_at, body: st.command.body })))
      .catch(this.deps.noted("uploads.follow"))
    this.views = statuses.map((st) => {
      const def = commandDef(st.command.body.name)
      const open = st.state === "created" || st.state === "awaiting-pin" || st.state === "sending"
      const rows = open ? (def?.pendingRows?.(st.command.body.payload) ?? []) : []
      const outcome = st.state === "confirmed" ? (def?.outcome?.(st.latest?.result) ?? null) : null
      return {
        id: st.command.id,
        wallet_id: st.command.wallet_id,
        body: st.command.body as CommandView["body"],
        state: st.state,
        created_at: st.command.created_at,
        ...(st.latest?.error_key ? { error_key: st.latest.error_key } : {}),
        ...(st.sent ? { sent: true as const } : {}),
        ...(outcome !== null ? { outcome } : {}),
        ...(rows.length ? { pendingRows: rows.map((r) => pendingRowView(st.command, r)) } : {})
      }
    })
    // a confirmed command's lists are pulled again (its definition's `refresh`), once per command
    for (const st of statuses) if (st.state === "confirmed") this.refreshAfter(st.command)
    // C7: optimistic effects; a confirmed command keeps its effect until a pull reflects it (OP3)
    this.fx = pendingEffects(
      statuses.map((st) => ({ command: st.command, latest: st.latest })),
      {
        isReflected: (id) => this.isReflected(id)
      }
    )
    this.deps.changed()
  }

  private refreshAfter(cmd: { readonly id: string; readonly wallet_id: string; readonly body: AnyCommandBody }): void {
    if (this.refreshed.has(cmd.id)) return
    const lists = commandDef(cmd.body.name)?.refresh ?? []
    if (lists.length === 0) {
      this.refreshed.set(cmd.id, "done")
      return
    }
    this.refreshed.set(cmd.id, "pulling")
    void Promise.all(lists.map((n) => this.deps.pull(n, cmd.wallet_id).catch(this.deps.noted(`commands.refresh:${n}`)))).then(() => {
      this.refreshed.set(cmd.id, "done")
      return this.refresh()
    })
  }

  /** OP3: whether the pulled data shows a confirmed command, by its definition's `reflectedBy`. */
  private isReflected(id: string): boolean {
    const v = this.views.find((c) => c.id === id)
    if (v?.outcome !== undefined) return true // nothing moved (e.g. awaiting approval): no effect to keep
    const how = (v && commandDef(v.body.name)?.reflectedBy) ?? "refresh"
    return how === "none" || (how === "statement" ? this.deps.seen(id) : this.refreshed.get(id) === "done")
  }

  /** Record a command (C1); answers its id once it is durably in the outbox. */
  async submit(userId: string, walletId: string, body: AnyCommandBody, dedupeKey?: string): Promise<string> {
    const outbox = this.box
    if (!outbox) throw notSignedIn()
    const r = await Effect.runPromise(outbox.submit(body, { userId, walletId, ...(dedupeKey ? { dedupeKey } : {}) }))
    await this.refresh()
    return r.command.id
  }

  /** CN1: cancel a command that was never sent (the user gives up waiting for the network or the PIN). */
  async cancel(commandId: string): Promise<CommandState> {
    const outbox = this.box
    if (!outbox) throw notSignedIn()
    this.answerPin(commandId, null) // a PIN prompt still open for it closes
    const state = await Effect.runPromise(outbox.cancel(commandId))
    await this.refresh()
    return state
  }

  /** Keep a file in the local store for an upload command (DESIGN "Uploads are commands too"); answers its key. */
  async putFile(blob: Blob, name: string, type: string): Promise<string> {
    if (!this.uploads) throw notSignedIn()
    return this.uploads.put(blob, name, type, new Date().toISOString())
  }

  /** Pause, resume or abort an upload command (an abort of one never sent cancels it, CN1). */
  async controlUpload(commandId: string, action: "pause" | "resume" | "abort"): Promise<void> {
    if (!this.uploads) throw notSignedIn()
    await this.uploads.control(commandId, action)
    if (action === "abort" && !this.views.find((c) => c.id === commandId)?.sent) await this.cancel(commandId).catch(this.deps.noted("uploads.abort"))
  }

  /** The PIN (or null: cancel, PN1) for the ask open on a command. */
  answerPin(commandId: string, answer: PinInput | null): void {
    const w = this.pinWaiters.get(commandId)
    if (!w) return
    this.pinWaiters.delete(commandId)
    w.answer(answer)
    this.deps.changed()
  }
}

/** The commands part as a service: built over the session, the pulls (a confirmed command's `refresh`, OP3) and the bus. */
export class Commands extends Context.Service<Commands, CommandDesk>()("sync/Commands") {
  static readonly layer: Layer.Layer<Commands, never, EngineEnvironment | Session | TableSync | EngineBus> = Layer.effect(
    Commands,
    Effect.gen(function* () {
      const env = yield* EngineEnvironment
      const session = yield* Session
      const sync = yield* TableSync
      const bus = yield* EngineBus
      const desk = new CommandDesk({
        api: session.api,
        ...(env.fetch ? { fetch: env.fetch } : {}),
        ...(env.indexedDB ? { indexedDB: env.indexedDB } : {}),
        ...(env.onPinAsk ? { onPinAsk: env.onPinAsk } : {}),
        userId: () => session.current?.userId ?? null,
        waitOnline: () => session.waitOnline(),
        pull: (list, walletId) => sync.pullNamed(list, walletId),
        seen: (id) => sync.seen(id),
        changed: () => bus.changed(),
        noted: (where) => bus.noted(where)
      })
      // OP3: statement rows that arrive may reflect a confirmed command, whose effect then goes
      sync.onStatementRows(() => {
        void desk.refresh().catch(bus.noted("commands.refresh"))
      })
      return desk
    })
  )
}
