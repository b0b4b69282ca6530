/**
 * The typed boundary between views and the engine worker (CONVENTIONS habit 3): every message
 * that crosses `postMessage` is declared here with a Schema and decoded on arrival.
 * Views → worker: requests (API calls through the engine's client, session changes, command
 * submissions, PIN answers) and live-query subscriptions. Worker → views: replies, snapshots of
 * live queries, PIN prompts and session events.
 */
import { Schema } from "effect"
import { AnyCommandBody } from "../schema/commands.ts"
import { Locale } from "../schema/common.ts"

export { LiveQuery, SessionInfo, StatementQueryMsg, TableQueryMsg } from "../schema/live.ts"
import { LiveQuery, SessionInfo, StatementQueryMsg, TABLE_NAMES, TableQueryMsg } from "../schema/live.ts"

export const ToWorker = Schema.Union([
  Schema.Struct({ t: Schema.Literal("hello"), apiBase: Schema.String, locale: Locale, session: Schema.NullOr(SessionInfo) }),
  Schema.Struct({ t: Schema.Literal("locale"), locale: Locale }),
  // a tab's view of the network (navigator.onLine): the engine holds commands while the device is offline (RT7)
  Schema.Struct({ t: Schema.Literal("online"), online: Schema.Boolean }),
  Schema.Struct({ t: Schema.Literal("signedIn"), reqId: Schema.Number, session: SessionInfo }),
  Schema.Struct({ t: Schema.Literal("signOut"), reqId: Schema.Number, reason: Schema.Literals(["logout", "expired", "switch"]) }),
  Schema.Struct({ t: Schema.Literal("setWallet"), walletId: Schema.String }),
  Schema.Struct({
    t: Schema.Literal("call"), reqId: Schema.Number, endpoint: Schema.String,
    params: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
    query: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
    body: Schema.optionalKey(Schema.Unknown),
    walletId: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({ t: Schema.Literal("subscribe"), subId: Schema.Number, query: LiveQuery }),
  Schema.Struct({ t: Schema.Literal("unsubscribe"), subId: Schema.Number }),
  Schema.Struct({ t: Schema.Literal("submit"), reqId: Schema.Number, walletId: Schema.String, body: AnyCommandBody, dedupeKey: Schema.optionalKey(Schema.String) }),
  Schema.Struct({ t: Schema.Literal("cancelCommand"), reqId: Schema.Number, commandId: Schema.String }),
  // an upload's file, kept in the engine's local store (DESIGN "Uploads are commands too"), and its pause / resume / abort
  Schema.Struct({ t: Schema.Literal("putFile"), reqId: Schema.Number, blob: Schema.Unknown, name: Schema.String, type: Schema.String }),
  Schema.Struct({ t: Schema.Literal("uploadControl"), reqId: Schema.Number, commandId: Schema.String, action: Schema.Literals(["pause", "resume", "abort"]) }),
  Schema.Struct({
    t: Schema.Literal("pinAnswer"), commandId: Schema.String,
    answer: Schema.NullOr(Schema.Union([Schema.Struct({ pin: Schema.String }), Schema.Struct({ temporary_token: Schema.String })]))
  }),
  Schema.Struct({ t: Schema.Literal("exportCsv"), reqId: Schema.Number, query: StatementQueryMsg, format: Schema.Literals(["csv", "ofx"]), headers: Schema.Array(Schema.String) }),
  // a big table's filtered rows as a local CSV (one message per table: its name and TableQuery)
  Schema.Struct({ t: Schema.Literal("exportTable"), reqId: Schema.Number, table: Schema.Literals(TABLE_NAMES), query: TableQueryMsg, headers: Schema.Array(Schema.String) })
])
export type ToWorker = typeof ToWorker.Type

export const WorkerError = Schema.Struct({ tag: Schema.String, key: Schema.String, status: Schema.optionalKey(Schema.Number), fields: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)) })
export type WorkerError = typeof WorkerError.Type

export const FromWorker = Schema.Union([
  Schema.Struct({ t: Schema.Literal("reply"), reqId: Schema.Number, ok: Schema.Boolean, value: Schema.optionalKey(Schema.Unknown), error: Schema.optionalKey(WorkerError) }),
  Schema.Struct({ t: Schema.Literal("snapshot"), subId: Schema.Number, value: Schema.Unknown }),
  Schema.Struct({ t: Schema.Literal("session"), event: Schema.Literals(["expired", "renewed", "signedOut"]), session: Schema.optionalKey(Schema.NullOr(SessionInfo)) })
])
export type FromWorker = typeof FromWorker.Type
