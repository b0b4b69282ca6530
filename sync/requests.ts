/**
 * What the engine answers across the worker boundary, declared once (issue 29 item 2; docs/decisions.md
 * D-worker-boundary; sync/SPEC.md W4, W5). Each entry is one request: its payload's fields, the Schema of its
 * success and the Schema of its failure — the real tagged errors it may fail with, as a union of their classes.
 * A `note` is told and not answered (no reply, no failure).
 *
 * From this table, with nothing written again: the messages a view may post (workers/protocol.ts `ToWorker`,
 * their decoders in the worker), the engine's handler map it must implement in full (`Handlers`, sync/engine.ts),
 * the views' client (`EngineClient.rpc` in workers/client.ts, typed by this table, no Schema loaded in the page's
 * first JS) and the checks of each reply and failure in the page (workers/contract.ts, a lazy chunk,
 * D-lazy-contract). A new request is one entry here and its handler in the engine's map.
 */
import { Schema } from "effect"
import { api } from "../schema/api.ts"
import { SavedView } from "../schema/analysis.ts"
import { AnyCommandBody, CommandState } from "../schema/commands.ts"
import { Locale } from "../schema/common.ts"
import { ApiError, BadRequest, MalformedResponse, NetworkError, NotAuthorized } from "../schema/errors.ts"
import { SessionInfo, StatementQueryMsg, TABLE_NAMES, TableQueryMsg } from "../schema/live.ts"
import { InvalidCommand, NotCancellable, OutboxStoreError, UnknownCommand } from "./outbox/errors.ts"

/**
 * A failure the request did not declare (a defect, or an error of a layer below): it crosses with the original's
 * tag and catalogue key kept, so the view still translates the key (W5).
 */
export class UnknownError extends Schema.TaggedError<UnknownError>()("UnknownError", {
  /** the tag of the failure as thrown (`Error` for an untagged one) */
  cause: Schema.String,
  key: Schema.String,
  status: Schema.optionalKey(Schema.Number)
}) {}

interface RequestDecl<P extends Schema.Struct.Fields, S extends Schema.Top, F extends Schema.Top> {
  readonly payload: P
  readonly success: S
  readonly failure: F
  /** A success whose Schema depends on the payload (a `call`: its endpoint's response), checked in the page. */
  readonly successOf?: (payload: Schema.Struct.Type<P>) => Schema.Top
}
interface NoteDecl<P extends Schema.Struct.Fields> {
  readonly payload: P
  readonly note: true
}
const request = <P extends Schema.Struct.Fields, S extends Schema.Top, F extends Schema.Top>(d: RequestDecl<P, S, F>): RequestDecl<P, S, F> => d
const note = <P extends Schema.Struct.Fields>(payload: P): NoteDecl<P> => ({ payload, note: true })

const PinAnswer = Schema.NullOr(Schema.Union([Schema.Struct({ pin: Schema.String }), Schema.Struct({ temporary_token: Schema.String })]))
/** The refusals of the outbox's own actions on a command (CN1, uploads). */
const CommandRefusal = Schema.Union([NotAuthorized, OutboxStoreError, UnknownCommand, NotCancellable])
const Headers = Schema.Array(Schema.String)
const Params = Schema.Record(Schema.String, Schema.String)

export const Requests = {
  // ── notes: told, not answered ───────────────────────────────────────────────
  /** A tab starts (or reconnects, W3): the API base, its language and the session it holds. */
  hello: note({ apiBase: Schema.String, locale: Locale, session: Schema.NullOr(SessionInfo) }),
  locale: note({ locale: Locale }),
  /** A tab's view of the network (navigator.onLine): the engine holds commands while the device is offline (RT7). */
  online: note({ online: Schema.Boolean }),
  setWallet: note({ walletId: Schema.String }),
  /** PN5: the answer to a PIN ask (null cancels the command, PN1). */
  pinAnswer: note({ commandId: Schema.String, answer: PinAnswer }),

  // ── requests: answered with their success or one of their failures ─────────
  signedIn: request({ payload: { session: SessionInfo }, success: Schema.Undefined, failure: ApiError }),
  /** Logout, expiry or user switch: the engine closes and wipes this user's local data (S4). */
  signOut: request({ payload: { reason: Schema.Literals(["logout", "expired", "switch"]) }, success: Schema.Undefined, failure: Schema.Never }),
  /** A users-API call made by the engine's client; its success is checked against the endpoint's response Schema. */
  call: request({
    payload: {
      endpoint: Schema.String,
      params: Schema.optionalKey(Params),
      query: Schema.optionalKey(Params),
      body: Schema.optionalKey(Schema.Unknown),
      walletId: Schema.optionalKey(Schema.String)
    },
    success: Schema.Unknown,
    failure: ApiError,
    successOf: (p) => (Object.hasOwn(api, p.endpoint) ? api[p.endpoint as keyof typeof api].response : Schema.Unknown)
  }),
  /** A page's "try again" on a synced list whose pull failed: those lists of the wallet pulled again. */
  pullLists: request({ payload: { lists: Schema.Array(Schema.String), walletId: Schema.String }, success: Schema.Undefined, failure: ApiError }),
  /** C1: a command recorded in the outbox; answers its id. */
  submit: request({
    payload: { walletId: Schema.String, body: AnyCommandBody, dedupeKey: Schema.optionalKey(Schema.String) },
    success: Schema.String,
    failure: Schema.Union([NotAuthorized, OutboxStoreError, InvalidCommand])
  }),
  /** CN1: a command never sent, cancelled; answers its final state. */
  cancelCommand: request({ payload: { commandId: Schema.String }, success: CommandState, failure: CommandRefusal }),
  /** An upload's file kept in the engine's local store (DESIGN "Uploads are commands too"); answers its key. */
  putFile: request({
    payload: { blob: Schema.Unknown, name: Schema.String, type: Schema.String },
    success: Schema.String,
    failure: Schema.Union([NotAuthorized, BadRequest])
  }),
  uploadControl: request({
    payload: { commandId: Schema.String, action: Schema.Literals(["pause", "resume", "abort"]) },
    success: Schema.Undefined,
    failure: CommandRefusal
  }),
  /** The statement's filtered rows as a local CSV or OFX file. */
  exportCsv: request({
    payload: { query: StatementQueryMsg, format: Schema.Literals(["csv", "ofx"]), headers: Headers },
    success: Schema.instanceOf(Blob),
    failure: Schema.Never
  }),
  /** A big table's filtered rows as a local CSV (headers: the translated column labels in the table's CSV order). */
  exportTable: request({
    payload: { table: Schema.Literals(TABLE_NAMES), query: TableQueryMsg, headers: Headers },
    success: Schema.instanceOf(Blob),
    failure: Schema.Never
  }),
  /** issue 32 item 4 (sync/SPEC.md Q12): a saved analysis view written to / deleted from the user's store. */
  saveView: request({ payload: { view: SavedView }, success: Schema.Undefined, failure: Schema.Union([NotAuthorized, BadRequest]) }),
  deleteView: request({ payload: { id: Schema.String }, success: Schema.Undefined, failure: NotAuthorized })
} as const

type Decl = typeof Requests
/** Every message name of the table. */
export type MessageName = keyof Decl
/** The requests that are answered. */
export type RequestName = { [K in MessageName]: Decl[K] extends { readonly note: true } ? never : K }[MessageName]
/** The notes, told and not answered. */
export type NoteName = Exclude<MessageName, RequestName>
export type RequestPayload<N extends MessageName> = Schema.Struct.Type<Decl[N]["payload"]>
export type RequestSuccess<N extends RequestName> = Decl[N]["success"]["Type"]
/** A request's failure as the page gets it: one of its declared tagged errors, or UnknownError (W5). */
export type RequestFailure<N extends RequestName> = Decl[N]["failure"]["Type"] | UnknownError

type HandlerResult<S> = [S] extends [undefined] ? void | Promise<void> : S | Promise<S>
/** What the engine implements: one handler per entry, typed by it (a missing or mistyped one is a type error). */
export type Handlers = { readonly [N in RequestName]: (payload: RequestPayload<N>) => HandlerResult<RequestSuccess<N>> } & {
  readonly [N in NoteName]: (payload: RequestPayload<N>) => void
}

/** A declaration as the runtime reads it, by name (the worker's decoders and encoders, the page's checks). */
export interface AnyDeclaration {
  readonly payload: Schema.Struct.Fields
  readonly note?: true
  readonly success?: Schema.Top
  readonly failure?: Schema.Top
  readonly successOf?: (payload: never) => Schema.Top
}
export const declarationOf = (name: string): AnyDeclaration | undefined =>
  Object.hasOwn(Requests, name) ? (Requests as Record<string, AnyDeclaration>)[name] : undefined

/** The catalogue key (core §8) a failure is translated by: its own `key`, or the one its kind implies. */
export const catalogueKeyOf = (e: unknown): string => {
  if (e instanceof NetworkError) return "UNABLE_TO_GET_DATA"
  if (e instanceof MalformedResponse) return "INVALID_FORMAT"
  const key = e !== null && typeof e === "object" ? (e as { key?: unknown }).key : undefined
  return typeof key === "string" ? key : "UNKNOWN_ERROR"
}
