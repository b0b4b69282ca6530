/**
 * The typed boundary between views and the engine worker (CONVENTIONS habit 3): every message
 * that crosses `postMessage` is declared here with a Schema and decoded on arrival.
 * Views → worker: requests (API calls through the engine's client, session changes, command
 * submissions, PIN answers) and live-query subscriptions. Worker → views: replies, snapshots of
 * live queries and session events. Each request declares its answer (`Replies`: what its reply carries and
 * the failures, by tag, it may answer with), and each live query's snapshot its Schema
 * (schema/live-results.ts `resultSchemaOf`): the client checks both before a view sees them (issue 11).
 */
import { Schema } from "effect"
import { AnyCommandBody, CommandState } from "../schema/commands.ts"
import { Locale } from "../schema/common.ts"
import { SavedView } from "../schema/analysis.ts"

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
    t: Schema.Literal("call"),
    reqId: Schema.Number,
    endpoint: Schema.String,
    params: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
    query: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
    body: Schema.optionalKey(Schema.Unknown),
    walletId: Schema.optionalKey(Schema.String)
  }),
  // a page's "try again" on a synced list whose pull failed: the engine pulls those lists of the wallet again
  Schema.Struct({ t: Schema.Literal("pullLists"), reqId: Schema.Number, lists: Schema.Array(Schema.String), walletId: Schema.String }),
  Schema.Struct({ t: Schema.Literal("subscribe"), subId: Schema.Number, query: LiveQuery }),
  Schema.Struct({ t: Schema.Literal("unsubscribe"), subId: Schema.Number }),
  Schema.Struct({
    t: Schema.Literal("submit"),
    reqId: Schema.Number,
    walletId: Schema.String,
    body: AnyCommandBody,
    dedupeKey: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({ t: Schema.Literal("cancelCommand"), reqId: Schema.Number, commandId: Schema.String }),
  // an upload's file, kept in the engine's local store (DESIGN "Uploads are commands too"), and its pause / resume / abort
  Schema.Struct({ t: Schema.Literal("putFile"), reqId: Schema.Number, blob: Schema.Unknown, name: Schema.String, type: Schema.String }),
  Schema.Struct({ t: Schema.Literal("uploadControl"), reqId: Schema.Number, commandId: Schema.String, action: Schema.Literals(["pause", "resume", "abort"]) }),
  Schema.Struct({
    t: Schema.Literal("pinAnswer"),
    commandId: Schema.String,
    answer: Schema.NullOr(Schema.Union([Schema.Struct({ pin: Schema.String }), Schema.Struct({ temporary_token: Schema.String })]))
  }),
  Schema.Struct({
    t: Schema.Literal("exportCsv"),
    reqId: Schema.Number,
    query: StatementQueryMsg,
    format: Schema.Literals(["csv", "ofx"]),
    headers: Schema.Array(Schema.String)
  }),
  // issue 32 item 4 (sync/SPEC.md Q12): a saved analysis view written to / deleted from the user's store
  Schema.Struct({ t: Schema.Literal("saveView"), reqId: Schema.Number, view: SavedView }),
  Schema.Struct({ t: Schema.Literal("deleteView"), reqId: Schema.Number, id: Schema.String }),
  // a big table's filtered rows as a local CSV (one message per table: its name and TableQuery)
  Schema.Struct({
    t: Schema.Literal("exportTable"),
    reqId: Schema.Number,
    table: Schema.Literals(TABLE_NAMES),
    query: TableQueryMsg,
    headers: Schema.Array(Schema.String)
  })
])
export type ToWorker = typeof ToWorker.Type

export const WorkerError = Schema.Struct({
  tag: Schema.String,
  key: Schema.String,
  status: Schema.optionalKey(Schema.Number),
  fields: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
export type WorkerError = typeof WorkerError.Type

/** A failure as it crosses the boundary, its tag one of those the request declares (the catalogue key for the view to translate). */
const failureOf = <const T extends ReadonlyArray<string>>(tags: T) =>
  Schema.Struct({
    tag: Schema.Literals([...tags, "UnknownError"]),
    key: Schema.String,
    status: Schema.optionalKey(Schema.Number),
    fields: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
  })
/** The users API's tagged errors (schema/errors.ts ApiError). */
export const API_ERROR_TAGS = [
  "BadRequest",
  "NotAuthorized",
  "Forbidden",
  "NotFound",
  "Conflict",
  "Unprocessable",
  "RateLimited",
  "ServerError",
  "GatewayTimeout",
  "NetworkError",
  "MalformedResponse",
  "UnauthorizedEndpoint",
  "DuplicateRequest",
  "SessionExpired"
] as const
/** The outbox's own failures (sync/outbox/outbox.ts, ports.ts) and the refusal of an action with no session. */
const SUBMIT_TAGS = ["NotAuthorized", "OutboxStoreError", "InvalidCommand"] as const
const CANCEL_TAGS = ["NotAuthorized", "OutboxStoreError", "UnknownCommand", "NotCancellable"] as const

/**
 * Per request that is answered: the Schema of its reply's value and of its failure. A tag a request does not
 * declare crosses as `UnknownError` (with its catalogue key). `call`'s value is checked against the endpoint's
 * own response Schema (schema/api.ts).
 */
export const Replies = {
  signedIn: { success: Schema.Undefined, failure: failureOf(API_ERROR_TAGS) },
  signOut: { success: Schema.Undefined, failure: failureOf([]) },
  call: { success: Schema.Unknown, failure: failureOf(API_ERROR_TAGS) },
  pullLists: { success: Schema.Undefined, failure: failureOf(API_ERROR_TAGS) },
  submit: { success: Schema.String, failure: failureOf(SUBMIT_TAGS) },
  cancelCommand: { success: CommandState, failure: failureOf(CANCEL_TAGS) },
  putFile: { success: Schema.String, failure: failureOf(["NotAuthorized", "BadRequest"]) },
  uploadControl: { success: Schema.Undefined, failure: failureOf(CANCEL_TAGS) },
  exportCsv: { success: Schema.instanceOf(Blob), failure: failureOf([]) },
  exportTable: { success: Schema.instanceOf(Blob), failure: failureOf([]) },
  saveView: { success: Schema.Undefined, failure: failureOf(["NotAuthorized", "BadRequest"]) },
  deleteView: { success: Schema.Undefined, failure: failureOf(["NotAuthorized"]) }
} as const satisfies { readonly [T in Extract<ToWorker, { reqId: number }>["t"]]: { readonly success: Schema.Top; readonly failure: Schema.Top } }
export type RequestName = keyof typeof Replies
export type ReplyOf<T extends RequestName> = (typeof Replies)[T]["success"]["Type"]

export const FromWorker = Schema.Union([
  Schema.Struct({
    t: Schema.Literal("reply"),
    reqId: Schema.Number,
    ok: Schema.Boolean,
    value: Schema.optionalKey(Schema.Unknown),
    error: Schema.optionalKey(WorkerError)
  }),
  Schema.Struct({ t: Schema.Literal("snapshot"), subId: Schema.Number, value: Schema.Unknown }),
  Schema.Struct({
    t: Schema.Literal("session"),
    event: Schema.Literals(["expired", "renewed", "signedOut"]),
    session: Schema.optionalKey(Schema.NullOr(SessionInfo))
  })
])
export type FromWorker = typeof FromWorker.Type
