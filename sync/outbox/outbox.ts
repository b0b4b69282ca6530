/**
 * The command outbox (DESIGN "Commands": "a double click, a second tab or a replay never sends
 * the same money twice"; sync/SPEC.md DD1–DD3, RP1, RT6): turns a view's intent into a
 * durable command with a fresh uuid v4 (the `transaction-uuid`, OB2), runs it through the pipeline
 * in the background, and keeps the exactly-once promises on this side of the wire:
 *
 * - DD1 one run per command id at a time (an in-flight map, checked and filled under a lock);
 * - DD2 `submit` with a `dedupeKey` returns the unfinished command already holding that key;
 * - DD3 an intent key (`intent:<uuid>`, one per user action) returns its command in any state;
 * - RP1 `replay()` after a reload resumes every unfinished command from its log;
 * - RT6 `retry(id)` restarts a `failed` command by appending `created` (it reconciles first).
 *
 * Cross-tab safety relies on one engine per user (DESIGN "Several tabs"); should two outboxes
 * ever share a store, the store's append-only `seq` check lets only one of them move a command
 * forward, and the server's transaction-uuid is the last backstop.
 */
import { Clock, Context, Effect, Exit, Fiber, Layer, Scope, Semaphore } from "effect"
import type { AnyCommandBody, Command, CommandEvent, CommandState } from "../../schema/commands.ts"
import { decodeCommandBody } from "../commands/registry.ts"
import { isTerminal, latestEvent, nextSeq } from "./history.ts"
import type { PipelineConfig, PipelineServices } from "./pipeline.ts"
import { runCommand } from "./pipeline.ts"
import type { OutboxEntry, OutboxStoreError } from "./ports.ts"
import { OutboxStore } from "./ports.ts"

/** DD3: the prefix of a key made for one user action (workers/client.ts makes one per submit). */
export const INTENT_PREFIX = "intent:"

export { InvalidCommand, NotCancellable, NotRetryable, UnknownCommand } from "./errors.ts"
import { InvalidCommand, NotCancellable, NotRetryable, UnknownCommand } from "./errors.ts"

export interface SubmitOptions {
  readonly userId: string
  readonly walletId: string
  /** One unfinished command per key (DD2), e.g. `approval:<requestId>` or `form:<uuid made when the form opened>`. */
  readonly dedupeKey?: string
}

export interface SubmitResult {
  readonly command: Command
  /** True when `dedupeKey` matched an unfinished command, which is returned instead of a new one (DD2). */
  readonly existing: boolean
}

/** A command and where it stands, for views and the optimistic projection. */
export interface CommandStatus {
  readonly command: Command
  readonly latest: CommandEvent | undefined
  readonly state: CommandState
  readonly inFlight: boolean
  /** Whether a send ever started (then it may have landed: CN1 refuses to cancel it). */
  readonly sent: boolean
}

export interface CommandStateChange {
  readonly commandId: string
  readonly state: CommandState
  readonly event: CommandEvent
}

export interface OutboxShape {
  /** Validate, store (`created`, durable when this succeeds) and start a command (DD1, DD2, OB2). */
  readonly submit: (body: AnyCommandBody, options: SubmitOptions) => Effect.Effect<SubmitResult, OutboxStoreError | InvalidCommand>
  /**
   * Wait until the command's run (if one is in flight) ends and return its latest state. A command
   * that is unfinished but not running (before `replay`) returns its current state at once.
   */
  readonly settled: (commandId: string) => Effect.Effect<CommandState, OutboxStoreError | UnknownCommand>
  /** Resume every unfinished command (RP1); returns their ids. Idempotent (DD1). */
  readonly replay: () => Effect.Effect<ReadonlyArray<string>, OutboxStoreError>
  /** Restart a `failed` command (RT6): appends `created`, then runs it (reconciling first). */
  readonly retry: (commandId: string) => Effect.Effect<Command, OutboxStoreError | UnknownCommand | NotRetryable>
  /**
   * CN1: cancel a command that was never sent (waiting for the PIN or for the network): its run stops
   * and `cancelled` is appended. One whose send has started may have landed: NotCancellable.
   */
  readonly cancel: (commandId: string) => Effect.Effect<CommandState, OutboxStoreError | UnknownCommand | NotCancellable>
  readonly state: (commandId: string) => Effect.Effect<CommandState | undefined, OutboxStoreError>
  readonly statuses: () => Effect.Effect<ReadonlyArray<CommandStatus>, OutboxStoreError>
  /** Ids of the commands running now. */
  readonly inFlight: () => ReadonlyArray<string>
  /** Every appended state event, as it is appended (for the "commands" live query). */
  readonly subscribe: (listener: (change: CommandStateChange) => void) => () => void
}

export interface OutboxOptions {
  readonly config?: Partial<PipelineConfig>
  /** Id maker; uuid v4 by default (the transaction-uuid, OB2). */
  readonly newId?: () => string
}

/**
 * Build an outbox over the store, transport and PIN prompt in context. Its runs live in the
 * current scope: closing the scope interrupts them (what a reload does), and a new outbox on the
 * same store picks them up with `replay()`.
 */
export const makeOutbox = (options: OutboxOptions = {}): Effect.Effect<OutboxShape, never, Scope.Scope | PipelineServices> =>
  Effect.gen(function* () {
    const store = yield* OutboxStore
    const scope = yield* Effect.scope
    // Runs use the services (and Clock/Random) the outbox was built with, whoever calls it.
    const context = yield* Effect.context<PipelineServices>()
    const lock = yield* Semaphore.make(1)
    const inflight = new Map<string, Fiber.Fiber<CommandState, OutboxStoreError>>()
    const newId = options.newId ?? (() => crypto.randomUUID())
    const runOptions = options.config === undefined ? {} : { config: options.config }
    const locked = lock.withPermits(1)

    /** DD1: start a run unless one is in flight for this id. Call only while holding `lock`. */
    const startUnlocked = (entry: OutboxEntry) =>
      Effect.gen(function* () {
        const id = entry.command.id
        const running = inflight.get(id)
        if (running !== undefined) return running
        const run = runCommand(entry.command, runOptions).pipe(
          Effect.tapCause((cause) => Effect.logWarning("outbox run stopped", id, cause)),
          Effect.provideContext(context)
        )
        const fiber = yield* Effect.forkIn(run, scope, { startImmediately: false })
        inflight.set(id, fiber)
        fiber.addObserver(() => {
          if (inflight.get(id) === fiber) inflight.delete(id)
        })
        return fiber
      })

    const appendCreated = (commandId: string, seq: number) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        yield* store.appendEvent({ command_id: commandId, seq, state: "created", at: new Date(now).toISOString() })
      })

    const submit = Effect.fn("Outbox.submit")(function* (body: AnyCommandBody, opts: SubmitOptions) {
      const decoded = decodeCommandBody(body)
      if (decoded._tag === "Failure") return yield* new InvalidCommand({ message: decoded.failure })
      return yield* locked(
        Effect.gen(function* () {
          if (opts.dedupeKey !== undefined) {
            // DD3: an intent key (one click, `intent:<uuid>`) names that click's command whatever its state:
            // submitting it again after the engine went away (W3) never makes a second command
            const pool = opts.dedupeKey.startsWith(INTENT_PREFIX) ? yield* store.commands() : yield* store.unfinished()
            const open = pool.find((e) => e.dedupe_key === opts.dedupeKey)
            if (open !== undefined) {
              yield* startUnlocked(open)
              return { command: open.command, existing: true }
            }
          }
          const now = yield* Clock.currentTimeMillis
          const command: Command = {
            id: newId(),
            user_id: opts.userId,
            wallet_id: opts.walletId,
            created_at: new Date(now).toISOString(),
            body: decoded.success
          }
          yield* store.putCommand(command, opts.dedupeKey === undefined ? undefined : { dedupeKey: opts.dedupeKey })
          yield* appendCreated(command.id, 0)
          yield* startUnlocked({ command, dedupe_key: opts.dedupeKey ?? null })
          return { command, existing: false }
        })
      )
    })

    const state = (commandId: string) => Effect.map(store.events(commandId), (evs) => latestEvent(evs)?.state)

    const settled = Effect.fn("Outbox.settled")(function* (commandId: string) {
      const running = inflight.get(commandId)
      if (running !== undefined) yield* Fiber.await(running)
      const current = yield* state(commandId)
      if (current === undefined) {
        if ((yield* store.command(commandId)) === undefined) return yield* new UnknownCommand({ commandId })
        return "created" as const
      }
      return current
    })

    const replay = Effect.fn("Outbox.replay")(function* () {
      return yield* locked(
        Effect.gen(function* () {
          const open = yield* store.unfinished()
          for (const entry of open) yield* startUnlocked(entry)
          return open.map((e) => e.command.id)
        })
      )
    })

    const retry = Effect.fn("Outbox.retry")(function* (commandId: string) {
      return yield* locked(
        Effect.gen(function* () {
          const entry = yield* store.command(commandId)
          if (entry === undefined) return yield* new UnknownCommand({ commandId })
          const last = latestEvent(yield* store.events(commandId))
          if (last === undefined || last.state !== "failed" || inflight.has(commandId)) {
            return yield* new NotRetryable({ commandId, state: last?.state ?? "created" })
          }
          yield* appendCreated(commandId, last.seq + 1)
          yield* startUnlocked(entry)
          return entry.command
        })
      )
    })

    const cancel = Effect.fn("Outbox.cancel")(function* (commandId: string) {
      return yield* locked(
        Effect.gen(function* () {
          const entry = yield* store.command(commandId)
          if (entry === undefined) return yield* new UnknownCommand({ commandId })
          const before = yield* store.events(commandId)
          const last = latestEvent(before)
          if (last !== undefined && isTerminal(last.state)) return last.state
          if (before.some((e) => e.state === "sending")) return yield* new NotCancellable({ commandId, state: last?.state ?? "created" })
          const running = inflight.get(commandId)
          if (running !== undefined) yield* Fiber.interrupt(running)
          // the run may have reached its send while it was being stopped: then it resumes (and reconciles first, RP1)
          const after = yield* store.events(commandId)
          if (after.some((e) => e.state === "sending")) {
            yield* startUnlocked(entry)
            return yield* new NotCancellable({ commandId, state: latestEvent(after)?.state ?? "sending" })
          }
          const now = yield* Clock.currentTimeMillis
          yield* store.appendEvent({ command_id: commandId, seq: nextSeq(after), state: "cancelled", at: new Date(now).toISOString() })
          return "cancelled" as const
        })
      )
    })

    const statuses = Effect.fn("Outbox.statuses")(function* () {
      const all = yield* store.commands()
      const out: Array<CommandStatus> = []
      for (const entry of all) {
        const latest = latestEvent(yield* store.events(entry.command.id))
        const evs = yield* store.events(entry.command.id)
        out.push({
          command: entry.command,
          latest,
          state: latest?.state ?? "created",
          inFlight: inflight.has(entry.command.id),
          sent: evs.some((e) => e.state === "sending")
        })
      }
      return out
    })

    const subscribe = (listener: (change: CommandStateChange) => void) =>
      store.subscribe((change) => {
        if (change._tag === "EventAppended") listener({ commandId: change.event.command_id, state: change.event.state, event: change.event })
      })

    return {
      submit,
      settled,
      replay,
      retry,
      cancel,
      state,
      statuses,
      inFlight: () => [...inflight.keys()],
      subscribe
    } satisfies OutboxShape
  })

export class Outbox extends Context.Service<Outbox, OutboxShape>()("sync/outbox/Outbox") {
  /** The outbox of the signed-in user's engine; its runs stop when the layer is released. */
  static readonly layer = (options: OutboxOptions = {}): Layer.Layer<Outbox, never, PipelineServices> => Layer.effect(Outbox, makeOutbox(options))
}

/** Test and worker helper: build an outbox in a fresh scope; `close` interrupts its runs (a "reload"). */
export const makeScopedOutbox = (options: OutboxOptions = {}) =>
  Effect.gen(function* () {
    const scope = yield* Scope.make()
    const outbox = yield* Scope.provide(makeOutbox(options), scope)
    return { outbox, close: Scope.close(scope, Exit.succeed(undefined)) }
  })
