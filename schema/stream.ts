/**
 * Live stream events (spec core §7: "A server-sent events stream … each message is JSON";
 * path and shape not shown, our decision docs/decisions.md D-stream). Each SSE message has
 * an `id` (a monotonically increasing sequence, used for `Last-Event-ID` resume), an event
 * name and a JSON data line decoded by StreamEvent.
 */
import { Schema } from "effect"
import { Notification } from "./entities.ts"
import { hintOf, listNames, type ListName } from "./lists.ts"
import { TABLE_NAMES, type TableName } from "./tables/registry.ts"

/**
 * The synced lists a change hint may name: every list of the registry (schema/lists.ts) by its hint
 * name, the statement and every table of schema/tables/registry.ts, and the permission users (read on demand). A hint naming anything
 * else does not decode and is skipped (sync/SPEC.md L5).
 */
export type SyncedList = ListName | "invitations" | "statements" | "permission_users" | TableName
export const SYNCED_LISTS: ReadonlyArray<SyncedList> = [
  ...new Set([...listNames.map((n) => hintOf(n) as SyncedList), "statements", "permission_users", ...TABLE_NAMES] as const)
]
const syncedSet = new Set<string>(SYNCED_LISTS)
export const SyncedList = Schema.String.check(Schema.makeFilter((s: string) => syncedSet.has(s) || `not a synced list: ${s}`)) as unknown as Schema.Codec<
  SyncedList,
  string
>

export const ChangeHint = Schema.Struct({
  type: Schema.Literal("change"),
  list: SyncedList,
  wallet_id: Schema.NullOr(Schema.String),
  ids: Schema.Array(Schema.String),
  /** The changed rows when small enough to carry inline (saves the targeted pull). */
  rows: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  at: Schema.String
})
export type ChangeHint = typeof ChangeHint.Type

export const NotificationEvent = Schema.Struct({
  type: Schema.Literal("notification"),
  notification: Notification,
  unread: Schema.Int
})
export type NotificationEvent = typeof NotificationEvent.Type

export const Heartbeat = Schema.Struct({ type: Schema.Literal("heartbeat"), at: Schema.String })

export const StreamEvent = Schema.Union([ChangeHint, NotificationEvent, Heartbeat])
export type StreamEvent = typeof StreamEvent.Type

/** Heartbeat period of the sandbox and the client's timeout for a silent stream. */
export const HEARTBEAT_MS = 15_000
export const HEARTBEAT_TIMEOUT_MS = 35_000
