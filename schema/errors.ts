/**
 * The error catalogue (spec core §8, features §8): the message keys the server and the
 * client use, the body every error response carries, and the tagged errors the client
 * handles by tag. Each key has a translation in locales/{pt,en}/errors.json.
 */
import { Schema } from "effect"
import { ERROR_KEYS } from "./error-keys.ts"

/** Message keys of the catalogue (schema/error-keys.ts: a plain list the shell reads without the Schema library). */
export { ERROR_KEYS }
export const ErrorKey = Schema.Literals(ERROR_KEYS)
export type ErrorKey = typeof ErrorKey.Type

/** Default key per HTTP status (core §8 table). */
export const STATUS_KEYS: Readonly<Record<number, ErrorKey>> = {
  400: "INVALID_REQUEST",
  401: "NOT_AUTHORIZED",
  403: "WITHOUT_PERMISSION",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT_MAY_HAVE_COMPLETED",
  422: "INCORRECT_DATA",
  429: "REQUEST_LIMIT_REACHED",
  500: "INTERNAL_ERROR",
  502: "INTERNAL_ERROR",
  504: "GATEWAY_TIMEOUT"
}

/**
 * Every error response body: `{ error: { status, key, message, fields? } }`.
 * (Server error bodies are "not shown" in the spec: our decision, docs/decisions.md D-error-body.)
 */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    status: Schema.Int,
    key: Schema.String,
    message: Schema.String,
    fields: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
  })
})
export type ErrorBody = typeof ErrorBody.Type

// ── Tagged errors the client handles by tag ──────────────────────────────────
const apiFields = { status: Schema.Int, key: Schema.String, message: Schema.String }

export class BadRequest extends Schema.TaggedError<BadRequest>()("BadRequest", apiFields) {}
export class NotAuthorized extends Schema.TaggedError<NotAuthorized>()("NotAuthorized", apiFields) {}
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", apiFields) {}
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", apiFields) {}
/** 409: the operation may have completed; reconcile against the statement before resending. */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", apiFields) {}
export class Unprocessable extends Schema.TaggedError<Unprocessable>()("Unprocessable", {
  ...apiFields,
  fields: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
}) {}
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  ...apiFields,
  retryAfterMs: Schema.Int
}) {}
export class ServerError extends Schema.TaggedError<ServerError>()("ServerError", apiFields) {}
export class GatewayTimeout extends Schema.TaggedError<GatewayTimeout>()("GatewayTimeout", apiFields) {}
/** The request never got an HTTP answer (offline, reset, aborted by timeout). */
export class NetworkError extends Schema.TaggedError<NetworkError>()("NetworkError", { message: Schema.String }) {}
/** The response did not match its Schema: a typed error, never a crash (DESIGN "Conventions"). */
export class MalformedResponse extends Schema.TaggedError<MalformedResponse>()("MalformedResponse", {
  path: Schema.String,
  message: Schema.String
}) {}
/** A path off the allowed list (core §7): nothing was sent. */
export class UnauthorizedEndpoint extends Schema.TaggedError<UnauthorizedEndpoint>()("UnauthorizedEndpoint", {
  path: Schema.String,
  key: Schema.Literal("UNAUTHORIZED_ENDPOINT")
}) {}
/** A second identical request while the first is in flight (core §7). */
export class DuplicateRequest extends Schema.TaggedError<DuplicateRequest>()("DuplicateRequest", {
  requestKey: Schema.String
}) {}
/** Token renewal failed or returned no token (core §4, §8 "Token não retornado"). */
export class SessionExpired extends Schema.TaggedError<SessionExpired>()("SessionExpired", {
  key: Schema.String
}) {}

/** Every tagged error of the users API's client, as one Schema (the worker boundary carries them by it, D-worker-boundary). */
export const ApiError = Schema.Union([
  BadRequest,
  NotAuthorized,
  Forbidden,
  NotFound,
  Conflict,
  Unprocessable,
  RateLimited,
  ServerError,
  GatewayTimeout,
  NetworkError,
  MalformedResponse,
  UnauthorizedEndpoint,
  DuplicateRequest,
  SessionExpired
])
export type ApiError = typeof ApiError.Type

/** Map an HTTP status and body to its tagged error (core §8). */
export const errorFromStatus = (
  status: number,
  body: ErrorBody | null,
  retryAfterHeader: string | null
): BadRequest | NotAuthorized | Forbidden | NotFound | Conflict | Unprocessable | RateLimited | ServerError | GatewayTimeout => {
  const key = body?.error.key ?? STATUS_KEYS[status] ?? "UNKNOWN_ERROR"
  const message = body?.error.message ?? key
  const f = { status, key, message }
  switch (status) {
    case 400:
      return new BadRequest(f)
    case 401:
      return new NotAuthorized(f)
    case 403:
      return new Forbidden(f)
    case 404:
      return new NotFound(f)
    case 409:
      return new Conflict(f)
    case 422:
      return body?.error.fields ? new Unprocessable({ ...f, fields: body.error.fields }) : new Unprocessable(f)
    case 429:
      return new RateLimited({ ...f, retryAfterMs: parseRetryAfter(retryAfterHeader) })
    case 504:
      return new GatewayTimeout(f)
    default:
      return status >= 500 ? new ServerError(f) : new BadRequest(f)
  }
}

/** Retry-After in seconds or as an HTTP date → milliseconds (default 1 s). */
export const parseRetryAfter = (h: string | null, now: number = Date.now()): number => {
  if (h === null || h.trim() === "") return 1000
  const secs = Number(h)
  if (Number.isFinite(secs)) return Math.max(0, Math.round(secs * 1000))
  const at = Date.parse(h)
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now)
}

/** Errors worth retrying (DESIGN "Commands"): network, 5xx, 504, 429. Never other 4xx. */
export const isRetryable = (e: { readonly _tag: string }): boolean =>
  e._tag === "NetworkError" || e._tag === "ServerError" || e._tag === "GatewayTimeout" || e._tag === "RateLimited"
