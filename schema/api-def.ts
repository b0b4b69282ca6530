/**
 * What one call of the users-API contract says (schema/api.ts): method, path, query, body,
 * response, headers and permission. Apart from the contract itself so that each area's part of it
 * (schema/api-<area>.ts, spread into `api`) can use `def` without importing the contract back.
 */
import type { Schema } from "effect"
import type { ERROR_KEYS } from "./error-keys.ts"

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export interface EndpointDef {
  readonly method: Method
  /** Path template; `{name}` is a path parameter. */
  readonly path: string
  readonly query?: Schema.Top
  readonly body?: Schema.Top
  readonly response: Schema.Top
  /** Needs a bearer token (default true). */
  readonly auth?: boolean
  /** Acts on the wallet named by the `wallet-uuid` header. */
  readonly wallet?: boolean
  /** A transaction call: carries `transaction-uuid`, the idempotency key (core §6, features §7). */
  readonly transaction?: boolean
  /** A sensitive operation: needs a `pin_token` from verify-pin in the body (features §2). */
  readonly sensitive?: boolean
  /** Permission tag(s) the server checks on the wallet (alternatives). */
  readonly permission?: string | ReadonlyArray<string>
  /** The catalogue keys its route may refuse with besides any call's (schema/refusals.ts `REFUSALS`, issue 29 item 3). */
  readonly refusals?: ReadonlyArray<(typeof ERROR_KEYS)[number]>
}

/** Declares one call, keeping its literal types. */
export const def = <const D extends EndpointDef>(d: D): D => d
