/**
 * The wire between views and the engine worker (CONVENTIONS habit 3; docs/decisions.md D-worker-boundary): every
 * message that crosses `postMessage` has a Schema and is decoded on arrival. Views → worker: the requests and notes
 * of sync/requests.ts (each declared there once: payload, success, failure) and live-query subscriptions.
 * Worker → views: replies (a success, or the request's failure encoded by its Schema), snapshots of live queries
 * and session events. The client checks each reply against its request's Schemas and each snapshot against its
 * query's (schema/live-results.ts `resultSchemaOf`) before a view sees it (W4, W5).
 */
import { Schema } from "effect"
import type { NoteName, RequestName, RequestPayload } from "../sync/requests.ts"

export { LiveQuery, SessionInfo, StatementQueryMsg, TableQueryMsg } from "../schema/live.ts"
import { LiveQuery, SessionInfo } from "../schema/live.ts"
export type { NoteName, RequestFailure, RequestName, RequestPayload, RequestSuccess } from "../sync/requests.ts"

/**
 * A live query opened or closed: handled by the worker entry per port (the keystroke path, kept as lean as it was).
 * `shown`: the page made this query's early answer itself (workers/narrow-cache.ts, Q5b): the worker sends only the
 * full answer, a moment later.
 */
export const Subscribe = Schema.Struct({
  t: Schema.Literal("subscribe"),
  subId: Schema.Number,
  query: LiveQuery,
  shown: Schema.optionalKey(Schema.Literal(true))
})
export const Unsubscribe = Schema.Struct({ t: Schema.Literal("unsubscribe"), subId: Schema.Number })

/** A request of sync/requests.ts on the wire: its name, the id its reply names, its payload's fields. */
export type RequestMessage = { readonly [N in RequestName]: { readonly t: N; readonly reqId: number } & RequestPayload<N> }[RequestName]
/** A note of sync/requests.ts on the wire: its name and its payload's fields (no reply). */
export type NoteMessage = { readonly [N in NoteName]: { readonly t: N } & RequestPayload<N> }[NoteName]
/** Every message a view posts to the engine (each decoded by the worker before it is acted on: workers/serve.ts). */
export type ToWorker = RequestMessage | NoteMessage | typeof Subscribe.Type | typeof Unsubscribe.Type

export const FromWorker = Schema.Union([
  Schema.Struct({ t: Schema.Literal("reply"), reqId: Schema.Number, ok: Schema.Literal(true), value: Schema.optionalKey(Schema.Unknown) }),
  // the failure encoded by the request's failure Schema (or UnknownError), decoded back to its class in the page (W5)
  Schema.Struct({ t: Schema.Literal("reply"), reqId: Schema.Number, ok: Schema.Literal(false), error: Schema.Unknown }),
  Schema.Struct({ t: Schema.Literal("snapshot"), subId: Schema.Number, value: Schema.Unknown }),
  Schema.Struct({
    t: Schema.Literal("session"),
    event: Schema.Literals(["expired", "renewed", "signedOut"]),
    session: Schema.optionalKey(Schema.NullOr(SessionInfo))
  })
])
export type FromWorker = typeof FromWorker.Type
