/**
 * The refusals an endpoint can answer (issue 29 item 3, second half; D-rules-on-contract): the catalogue keys its route
 * refuses with, declared beside the call in the contract (`refusals` of `def`, from the lists below), on top of the ones
 * every call may answer. A view gets the typed union of a call's refusals (`RefusalOf<"pixPayByKey">`) and translates
 * any of them one way (`refusalI18nKey`). A plain module (no Schema library, no contract): a view imports it without
 * loading the contract.
 *
 * The sandbox holds its routes to it: a refusal a route answers that its endpoint does not declare is a 500 while
 * responses are checked (sandbox/http.ts), as a response that breaks its Schema is.
 */
import type { ERROR_KEYS } from "./error-keys.ts"

export type CatalogueKey = (typeof ERROR_KEYS)[number]

/**
 * What any call may answer, from the pipeline before and around its route (sandbox/http.ts): headers, token, wallet and
 * permission, onboarding, the body's Schema and its rules, the PIN token, idempotency, limits and faults; and a route's
 * own field refusal (INCORRECT_DATA with `fields`) or a record it does not find (NOT_FOUND).
 */
export const COMMON_REFUSALS = [
  "INVALID_REQUEST",
  "INVALID_FORMAT",
  "NOT_AUTHORIZED",
  "USER_ID_NOT_FOUND",
  "WITHOUT_PERMISSION",
  "UNABLE_TO_PERFORM_UPDATE_REQUIRED",
  "NOT_FOUND",
  "INCORRECT_DATA",
  "PIN_REQUIRED",
  "CONFLICT_MAY_HAVE_COMPLETED",
  "REQUEST_LIMIT_REACHED",
  "INTERNAL_ERROR",
  "GATEWAY_TIMEOUT"
] as const satisfies ReadonlyArray<CatalogueKey>
export type CommonRefusal = (typeof COMMON_REFUSALS)[number]

/** Every Pix sent: the balance (a MED block included) and the day or night limit (issue 12). */
const PIX_OUT = ["INSUFFICIENT_BALANCE", "NO_TRANSACTIONS_IN_CURRENCY", "PIX_LIMIT_DAY_EXCEEDED", "PIX_LIMIT_NIGHT_EXCEEDED"] as const

/** The six by-qr-code payments share one route (D-pix-qr-variants): the code's own refusals and every Pix sent's. */
const PIX_BY_CODE = [
  ...PIX_OUT,
  "PIX_QR_INVALID",
  "PIX_QR_CRC",
  "PIX_QR_UNSUPPORTED",
  "PIX_QR_EXPIRED",
  "PIX_QR_ALREADY_PAID",
  "PIX_QR_AMOUNT_MISMATCH"
] as const

/** The refusals each endpoint declares, by endpoint id: each `def` of schema/api*.ts reads its own (`refusals: REFUSALS.<id>`). */
export const REFUSALS = {
  pixPayByKey: PIX_OUT,
  pixPayByAccount: [...PIX_OUT, "PIX_ACCOUNT_NOT_FOUND", "PIX_ACCOUNT_DOCUMENT_NOT_RELATED"],
  pixPayByQrStatic: PIX_BY_CODE,
  pixPayByQrDynamic: PIX_BY_CODE,
  pixPayByQrStaticWithdrawal: PIX_BY_CODE,
  pixPayByQrDynamicDue: PIX_BY_CODE,
  pixPayByQrDynamicWithdrawal: PIX_BY_CODE,
  pixPayByQrDynamicChange: PIX_BY_CODE,
  pixDevolutionCreate: ["INSUFFICIENT_BALANCE", "NO_TRANSACTIONS_IN_CURRENCY", "PIX_DEVOLUTION_EXPIRED", "PIX_DEVOLUTION_OVER_RECEIVED"]
} as const satisfies Record<string, ReadonlyArray<CatalogueKey>>

/** The refusals endpoint `K` declares (`never` for one that declares none: only the common ones). */
export type DeclaredRefusal<K extends string> = K extends keyof typeof REFUSALS ? (typeof REFUSALS)[K][number] : never
/** Everything a call of endpoint `K` may be refused with: the union a view switches on. */
export type RefusalOf<K extends string> = CommonRefusal | DeclaredRefusal<K>

const COMMON = new Set<string>(COMMON_REFUSALS)
const declared = (endpoint: string): ReadonlyArray<string> => (REFUSALS as Partial<Record<string, ReadonlyArray<string>>>)[endpoint] ?? []

/** Whether a call of `endpoint` may be refused with `key`: any call's refusal, or one it declares. */
export const mayRefuse = (endpoint: string, key: string): boolean => COMMON.has(key) || declared(endpoint).includes(key)

/**
 * A refusal's key (a command's `error_key`, a failed call's key) as the union of what the endpoint may answer; a key
 * the contract does not expect there is UNKNOWN_ERROR.
 */
export const refusalOf = <K extends string>(endpoint: K, key: string | null | undefined): RefusalOf<K> | "UNKNOWN_ERROR" =>
  key !== null && key !== undefined && mayRefuse(endpoint, key) ? (key as RefusalOf<K>) : "UNKNOWN_ERROR"

/** The one way to translate a refusal: its message in the `errors` namespace of locales/ (core §8). */
export const refusalI18nKey = (key: CatalogueKey): `errors:${CatalogueKey}` => `errors:${key}`
