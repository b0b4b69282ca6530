/**
 * The error catalogue (spec core §8, features §8): the message keys the server and the
 * client use, the body every error response carries, and the tagged errors the client
 * handles by tag. Each key has a translation in locales/{pt,en}/errors.json.
 */
import { Schema } from "effect"

/** Message keys of the catalogue. The sandbox answers with one of these in `error.key`. */
export const ERROR_KEYS = [
  // HTTP titles (core §8)
  "INVALID_REQUEST",
  "NOT_AUTHORIZED",
  "WITHOUT_PERMISSION",
  "NOT_FOUND",
  "CONFLICT_MAY_HAVE_COMPLETED",
  "INCORRECT_DATA",
  "REQUEST_LIMIT_REACHED",
  "INTERNAL_ERROR",
  "GATEWAY_TIMEOUT",
  "METHOD_NOT_ALLOWED",
  // named messages (core §8)
  "UNAUTHORIZED_ENDPOINT",
  "UNABLE_TO_GET_DATA",
  "UNABLE_TO_GET_ADDRESS",
  "UNABLE_TO_UPDATE_PROFILE_ERROR",
  "UNABLE_TO_PERFORM_UPDATE_REQUIRED",
  "UNABLE_TO_FETCH_NOTIFICATIONS",
  "UNABLE_TO_PERFORM_ACTION",
  "UNABLE_TO_LOAD_OCCUPATIONS",
  "TOKEN_NOT_RETURNED",
  "ACCESS_TOKEN_NOT_FOUND",
  "USER_ID_NOT_FOUND",
  "UNKNOWN_ERROR",
  "RECAPTCHA_ERROR",
  "UNABLE_TO_SEND_OR_VERIFY_CODE",
  "INVALID_FORMAT",
  "PHONE_ALREADY_CONFIRMED",
  "INVALID_DOCUMENT",
  "UNABLE_TO_ADD_OR_UPDATE_PIN",
  "INCORRECT_CODE",
  "ATTEMPTS_EXCEEDED",
  "WALLET_NAME_ALREADY_EXISTS",
  "INCORRECT_PIN",
  "PIN_REQUIRED",
  "PIN_ALREADY_EXISTS",
  "INVALID_CREDENTIALS",
  "SIGNIN_SLOW_DOWN",
  "SIGNIN_LOCKED",
  "SESSION_EXPIRED",
  "QR_SESSION_PENDING",
  "QR_SESSION_EXPIRED",
  "INCORRECT_PASSWORD",
  // features §8
  "PIX_KEY_DOCUMENT_NOT_RELATED",
  "PIX_KEY_ALREADY_REGISTERED",
  "PIX_KEY_IN_CLAIM",
  "PIX_KEY_LIMIT_REACHED",
  "PIX_QR_INVALID",
  "PIX_QR_CRC",
  "PIX_QR_UNSUPPORTED",
  "PIX_QR_EXPIRED",
  "PIX_QR_ALREADY_PAID",
  "PIX_QR_AMOUNT_MISMATCH",
  "PIX_QR_KEY_NOT_OWN",
  "PIX_DEVOLUTION_OVER_RECEIVED",
  "PIX_DEVOLUTION_EXPIRED",
  // MED, contesting a sent Pix (issue 32 item 1, D-pix-med)
  "PIX_MED_NOT_SENT",
  "PIX_MED_ALREADY_CONTESTED",
  "PIX_MED_EXPIRED",
  "PIX_MED_DEFENCE_CLOSED",
  "PIX_KEY_CODE_EXPIRED",
  "PIX_CLAIM_NOT_ALLOWED",
  "PIX_CLAIM_INVALID_STATE",
  "PIX_ACCOUNT_NOT_FOUND",
  "PIX_ACCOUNT_DOCUMENT_NOT_RELATED", // pay by account (D-pix-by-account)
  "VIRTUAL_CARD_LIMIT_REACHED",
  "PIX_LIMIT_DAY_EXCEEDED",
  "PIX_LIMIT_NIGHT_EXCEEDED",
  "PIX_LIMIT_ABOVE_MAXIMUM",
  "PIX_CONTACT_ALREADY_EXISTS",
  "UNABLE_TO_GENERATE_QUOTATION",
  "UNABLE_TO_CONVERT",
  "UNABLE_TO_EXPORT",
  "NO_TRANSACTIONS_IN_CURRENCY",
  "APPROVAL_SETTING_ALREADY_EXISTS",
  "APPROVAL_SETTING_NOT_FOUND",
  "APPROVAL_REQUEST_NOT_FOUND",
  "APPROVAL_ALREADY_DECIDED",
  "APPROVAL_REQUEST_CLOSED",
  "AMOUNT_BELOW_MINIMUM",
  "INSUFFICIENT_BALANCE",
  "WALLET_HAS_BALANCE",
  "NO_OTHER_OWN_WALLET",
  "GGR_ALREADY_SENT",
  "UNABLE_TO_CANCEL_REPORT",
  "CURRENCY_NOT_CONVERTIBLE",
  "CONVERSION_ONLY_DEFAULT_WALLET",
  "QUOTE_EXPIRED",
  "EXPORT_RANGE_SAME_MONTH",
  "EXPORT_LIMIT_REACHED",
  "DATE_RANGE_INVALID",
  "RECURRING_PIX_ABOVE_MAXIMUM",
  "TED_OUTSIDE_HOURS",
  "INVITATION_NOT_PENDING",
  "ROLE_APPROVER_NEEDS_BASE",
  "CANNOT_REMOVE_OWNER",
  // cards (features §4, §5, §8; D-cards-contract)
  "CARDS_ONLY_DEFAULT_WALLET",
  "CARD_NOT_FOUND",
  "CARD_CANCELLED",
  "CARD_INVALID_STATE",
  "CARD_WRONG_LAST_DIGITS",
  "CARD_PASSWORD_MISMATCH",
  "PHYSICAL_CARD_ALREADY_EXISTS",
  // boleto (features §5, §8; D-billet-rules)
  "AMOUNT_ABOVE_MAXIMUM",
  "BILLET_EXPIRED",
  "BILLET_ALREADY_PAID",
  "BILLET_DATE_NOT_BUSINESS_DAY",
  "BILLET_DATE_INVALID",
  "BILLET_NOT_CANCELABLE",
  "BILLET_NOT_FOUND",
  // sports betting and uploads (features §5, §8; D-betting-contract, D-uploads-contract)
  "REPORT_CHANGE_NOT_ALLOWED",
  "REPORT_NOT_FOUND",
  "GGR_CHANGE_NOT_ALLOWED",
  "GGR_NOT_FOUND",
  "APPORTIONMENT_NOT_FOUND",
  "APPORTIONMENT_ALREADY_PAID",
  "UPLOAD_NOT_FOUND",
  "UPLOAD_INCOMPLETE",
  "UPLOAD_ABORTED",
  "FILE_NOT_READY",
  "BETTING_OPERATOR_ONLY",
  // gateway payment requests and orders (features §5 invoice required, §8; D-gateway-payment-requests, D-gateway-orders)
  "PAYMENT_REQUEST_INVOICE_REQUIRED",
  "PAYMENT_REQUEST_NOT_FOUND",
  "PAYMENT_REQUEST_INVALID_MOVE",
  "ORDER_NOT_FOUND",
  "ORDER_ALREADY_REFUNDED",
  "REFUND_OVER_ORDER_VALUE",
  // Pix Automático (features §3, §4; docs/decisions.md "Pix Automático")
  "PIX_AUTOMATIC_INVALID_STATUS",
  "PIX_AUTOMATIC_MAX_BELOW_FLOOR",
  "PIX_AUTOMATIC_QR_NOT_AUTOMATIC",
  "PIX_AUTOMATIC_QR_TAKEN",
  // automatic withdrawals (docs/decisions.md "Automatic withdrawals (issue 13)")
  "WITHDRAW_DESTINATION_NOT_OWN"
] as const
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

export type ApiError =
  | BadRequest
  | NotAuthorized
  | Forbidden
  | NotFound
  | Conflict
  | Unprocessable
  | RateLimited
  | ServerError
  | GatewayTimeout
  | NetworkError
  | MalformedResponse
  | UnauthorizedEndpoint
  | DuplicateRequest
  | SessionExpired

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
