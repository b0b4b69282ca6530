/**
 * The ports of the command outbox (DESIGN "Commands", "The sync engine"; sync/SPEC.md; docs/decisions.md D-outbox-ports):
 * what the pipeline needs from the outside world, as Effect services, so the worker can plug
 * in RxDB storage and the real users-API client while tests plug in memory and a fake server.
 *
 * - `OutboxStore`: the durable, append-only log of commands and their state events (OB1).
 * - `CommandTransport`: verify-pin, the send with `transaction-uuid: cmd.id` (OB2), reconcile (RT3).
 * - `PinPrompt`: asks the view for the PIN or temporary token (features §2 sensitive operations).
 * Time and randomness come from Effect's own `Clock` and `Random` references (`Effect.sleep`,
 * `Clock.currentTimeMillis`, `Random.next`), so tests control them with `TestClock`, a fake
 * `Clock` or `Random.withSeed`.
 *
 * Every store method returns an Effect (never a Promise) so the pipeline stays one Effect program;
 * an RxDB adapter wraps its promises with `Effect.tryPromise` → `OutboxStoreError`.
 */
import { Context, Effect, Schema } from "effect"
import type { Command, CommandEvent } from "../../schema/commands.ts"
import { Command as CommandSchema } from "../../schema/commands.ts"
import type { ApiError } from "../../schema/errors.ts"
import { isTerminal, latestEvent, nextSeq } from "./history.ts"

// ── Store ────────────────────────────────────────────────────────────────────

/** A stored command with its optional deduplication key (sync/SPEC.md DD2). Persisted as is. */
export const OutboxEntry = Schema.Struct({
  command: CommandSchema,
  /** Caller-chosen key (e.g. `approval:<requestId>`, `form:<uuid>`): one unfinished command per key. */
  dedupe_key: Schema.NullOr(Schema.String)
})
export type OutboxEntry = typeof OutboxEntry.Type

export { OutboxStoreError } from "./errors.ts"
import { OutboxStoreError } from "./errors.ts"

/** What a store tells its subscribers, in append order. */
export type OutboxChange = { readonly _tag: "CommandPut"; readonly entry: OutboxEntry } | { readonly _tag: "EventAppended"; readonly event: CommandEvent }

export interface OutboxStoreShape {
  /** Store a command once. Putting the same id again is a no-op; a different command under a used id fails (OB1). */
  readonly putCommand: (cmd: Command, options?: { readonly dedupeKey?: string }) => Effect.Effect<void, OutboxStoreError>
  /**
   * Append one state event. Append-only (OB1): `seq` must be exactly the next one for that command,
   * so an event is never rewritten and two writers of one command cannot both succeed.
   */
  readonly appendEvent: (ev: CommandEvent) => Effect.Effect<void, OutboxStoreError>
  readonly command: (commandId: string) => Effect.Effect<OutboxEntry | undefined, OutboxStoreError>
  /** All commands, in insertion order. */
  readonly commands: () => Effect.Effect<ReadonlyArray<OutboxEntry>, OutboxStoreError>
  /** The events of one command, ordered by `seq`. */
  readonly events: (commandId: string) => Effect.Effect<ReadonlyArray<CommandEvent>, OutboxStoreError>
  /** Commands whose last event is not terminal (or that have no event yet), in insertion order. */
  readonly unfinished: () => Effect.Effect<ReadonlyArray<OutboxEntry>, OutboxStoreError>
  /** Synchronous change feed for views and the outbox; returns the unsubscribe function. */
  readonly subscribe: (listener: (change: OutboxChange) => void) => () => void
}

export class OutboxStore extends Context.Service<OutboxStore, OutboxStoreShape>()("sync/outbox/OutboxStore") {}

/**
 * In-memory store for tests (and a model of what the RxDB store must guarantee). Its methods are
 * synchronous inside `Effect.sync`, so each append is atomic with respect to fiber interruption.
 */
export class MemoryOutboxStore implements OutboxStoreShape {
  private readonly entries = new Map<string, OutboxEntry>()
  private readonly log = new Map<string, Array<CommandEvent>>()
  private readonly listeners = new Set<(change: OutboxChange) => void>()

  readonly putCommand = (cmd: Command, options?: { readonly dedupeKey?: string }): Effect.Effect<void, OutboxStoreError> =>
    Effect.suspend(() => {
      const existing = this.entries.get(cmd.id)
      if (existing !== undefined) {
        return JSON.stringify(existing.command) === JSON.stringify(cmd)
          ? Effect.void
          : Effect.fail(new OutboxStoreError({ message: `command ${cmd.id} already stored with another body` }))
      }
      const entry: OutboxEntry = { command: cmd, dedupe_key: options?.dedupeKey ?? null }
      this.entries.set(cmd.id, entry)
      this.log.set(cmd.id, [])
      this.emit({ _tag: "CommandPut", entry })
      return Effect.void
    })

  readonly appendEvent = (ev: CommandEvent): Effect.Effect<void, OutboxStoreError> =>
    Effect.suspend(() => {
      const events = this.log.get(ev.command_id)
      if (events === undefined) return Effect.fail(new OutboxStoreError({ message: `unknown command ${ev.command_id}` }))
      const expected = nextSeq(events)
      if (ev.seq !== expected) {
        return Effect.fail(new OutboxStoreError({ message: `append-only: ${ev.command_id} seq ${ev.seq}, expected ${expected}` }))
      }
      events.push(ev)
      this.emit({ _tag: "EventAppended", event: ev })
      return Effect.void
    })

  readonly command = (commandId: string): Effect.Effect<OutboxEntry | undefined, OutboxStoreError> => Effect.sync(() => this.entries.get(commandId))

  readonly commands = (): Effect.Effect<ReadonlyArray<OutboxEntry>, OutboxStoreError> => Effect.sync(() => [...this.entries.values()])

  readonly events = (commandId: string): Effect.Effect<ReadonlyArray<CommandEvent>, OutboxStoreError> => Effect.sync(() => [...(this.log.get(commandId) ?? [])])

  readonly unfinished = (): Effect.Effect<ReadonlyArray<OutboxEntry>, OutboxStoreError> =>
    Effect.sync(() =>
      [...this.entries.values()].filter((e) => {
        const last = latestEvent(this.log.get(e.command.id) ?? [])
        return last === undefined || !isTerminal(last.state)
      })
    )

  readonly subscribe = (listener: (change: OutboxChange) => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** Test helper: every event of every command, in append order per command. */
  allEvents(): ReadonlyArray<CommandEvent> {
    return [...this.log.values()].flat()
  }

  private emit(change: OutboxChange): void {
    for (const l of this.listeners) l(change)
  }
}

// ── Transport ────────────────────────────────────────────────────────────────

/** The PIN (4 digits) or the temporary token (6 digits) the user typed (features §2). */
export type PinInput = { readonly pin: string } | { readonly temporary_token: string }

/** A pin_token and how long it is good for from the moment it was received (verify-pin's `expires_in`). */
export interface PinGrant {
  readonly token: string
  readonly expiresInMs: number
}

export interface CommandTransportShape {
  /**
   * POST /users/v2/auth/verify-pin → the short-lived pin_token, bound to this command (PN6; issue 30 item 3,
   * D-pin-binding): its id and the hash of the request its send makes, so the token authorises that command only.
   */
  readonly verifyPin: (input: PinInput, cmd: Command) => Effect.Effect<PinGrant, ApiError>
  /**
   * RT7, PN6: resolves when a call can be made (the device is online). Optional: without it the pipeline does not wait
   * here (each call waits on its own). The pipeline races it against a held pin_token's expiry.
   */
  readonly ready?: () => Effect.Effect<void>
  /**
   * Send the command's call (api.convert, approvalApprove, approvalReprove, pixPayByKey) with the
   * header `transaction-uuid: cmd.id` (OB2) and `pin_token` in the body (null for a non-sensitive
   * command); resolves with the decoded response `data`.
   */
  readonly send: (cmd: Command, pinToken: string | null) => Effect.Effect<unknown, ApiError>
  /**
   * Did the server apply this command? The real one looks for `cmd.id` as `transaction_uuid` in the
   * wallet statement, or among the approval request's decisions (RT3, spec core §8 on 409).
   */
  readonly reconcile: (cmd: Command) => Effect.Effect<"applied" | "not-applied", ApiError>
}

export class CommandTransport extends Context.Service<CommandTransport, CommandTransportShape>()("sync/outbox/CommandTransport") {}

// ── PIN prompt ───────────────────────────────────────────────────────────────

export interface PinPromptShape {
  /**
   * Ask the view for the PIN of this command. `lastErrorKey` says why it is asked again
   * (`INCORRECT_PIN`, `PIN_REQUIRED`). `null` = the user dismissed the dialog (PN1).
   */
  readonly ask: (cmd: Command, lastErrorKey?: string) => Effect.Effect<PinInput | null>
}

export class PinPrompt extends Context.Service<PinPrompt, PinPromptShape>()("sync/outbox/PinPrompt") {}
