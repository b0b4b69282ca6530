/**
 * The outbox's durable store on RxDB (sync/outbox/ports.ts OutboxStoreShape; sync/SPEC.md C1,
 * OB1). Commands and their events live in the `commands` and
 * `command_events` collections; an event's primary key is `command_id|seq`, so a second write of
 * the same seq fails in IndexedDB itself — appended, never rewritten. One engine per user owns the
 * store (SharedWorker), so it also keeps the log in memory for fast reads.
 */
import { Effect } from "effect"
import type { Command, CommandEvent } from "../../schema/commands.ts"
import { isTerminal, latestEvent, nextSeq } from "../outbox/history.ts"
import { OutboxStoreError, type OutboxChange, type OutboxEntry, type OutboxStoreShape } from "../outbox/ports.ts"
import type { UserDb } from "./db.ts"

const evKey = (id: string, seq: number) => `${id}|${String(seq).padStart(6, "0")}`
const storeError = (e: unknown) => new OutboxStoreError({ message: e instanceof Error ? e.message : String(e) })

export async function openRxOutboxStore(db: UserDb): Promise<OutboxStoreShape> {
  const entries = new Map<string, OutboxEntry>()
  const log = new Map<string, CommandEvent[]>()
  const listeners = new Set<(c: OutboxChange) => void>()
  for (const d of await db.commands.find().exec()) {
    const j = d.toJSON()
    entries.set(j.id, {
      command: { id: j.id, user_id: j.user_id, wallet_id: j.wallet_id, created_at: j.created_at, body: j.body as Command["body"] },
      dedupe_key: j.dedupe_key || null
    })
  }
  for (const d of await db.command_events.find().exec()) {
    const j = d.toJSON()
    const ev: CommandEvent = {
      command_id: j.command_id,
      seq: j.seq,
      state: j.state as CommandEvent["state"],
      at: j.at,
      ...(j.attempt !== undefined ? { attempt: j.attempt } : {}),
      ...(j.error_key !== undefined ? { error_key: j.error_key } : {}),
      ...(j.result !== undefined ? { result: j.result } : {})
    }
    const l = log.get(j.command_id) ?? []
    l.push(ev)
    log.set(j.command_id, l)
  }
  for (const l of log.values()) l.sort((a, b) => a.seq - b.seq)
  const emit = (c: OutboxChange) => {
    for (const l of listeners) l(c)
  }

  return {
    putCommand: (cmd, options) =>
      Effect.suspend(() => {
        const existing = entries.get(cmd.id)
        if (existing) {
          return JSON.stringify(existing.command) === JSON.stringify(cmd)
            ? Effect.void
            : Effect.fail(new OutboxStoreError({ message: `command ${cmd.id} already stored with another body` }))
        }
        const entry: OutboxEntry = { command: cmd, dedupe_key: options?.dedupeKey ?? null }
        entries.set(cmd.id, entry)
        return Effect.tryPromise({
          try: () =>
            db.commands.insert({
              id: cmd.id,
              user_id: cmd.user_id,
              wallet_id: cmd.wallet_id,
              created_at: cmd.created_at,
              body: cmd.body as unknown as Record<string, unknown>,
              dedupe_key: options?.dedupeKey ?? ""
            }),
          catch: (e) => {
            entries.delete(cmd.id)
            return storeError(e)
          }
        }).pipe(
          Effect.tap(() => Effect.sync(() => emit({ _tag: "CommandPut", entry }))),
          Effect.asVoid
        )
      }),
    appendEvent: (ev) =>
      Effect.suspend(() => {
        const l = log.get(ev.command_id) ?? []
        if (ev.seq !== nextSeq(l)) return Effect.fail(new OutboxStoreError({ message: `OB1: seq ${ev.seq} is not next for ${ev.command_id}` }))
        l.push(ev)
        log.set(ev.command_id, l)
        return Effect.tryPromise({
          try: () =>
            db.command_events.insert({
              key: evKey(ev.command_id, ev.seq),
              command_id: ev.command_id,
              seq: ev.seq,
              state: ev.state,
              at: ev.at,
              ...(ev.attempt !== undefined ? { attempt: ev.attempt } : {}),
              ...(ev.error_key !== undefined ? { error_key: ev.error_key } : {}),
              ...(ev.result !== undefined ? { result: ev.result } : {})
            }),
          catch: (e) => {
            l.pop()
            return storeError(e)
          }
        }).pipe(
          Effect.tap(() => Effect.sync(() => emit({ _tag: "EventAppended", event: ev }))),
          Effect.asVoid
        )
      }),
    command: (id) => Effect.sync(() => entries.get(id)),
    commands: () => Effect.sync(() => [...entries.values()]),
    events: (id) => Effect.sync(() => [...(log.get(id) ?? [])]),
    unfinished: () =>
      Effect.sync(() =>
        [...entries.values()].filter((e) => {
          const last = latestEvent(log.get(e.command.id) ?? [])
          return last === undefined || !isTerminal(last.state)
        })
      ),
    subscribe: (l) => {
      listeners.add(l)
      return () => {
        listeners.delete(l)
      }
    }
  }
}
