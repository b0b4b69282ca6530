/**
 * A PIN authorises exactly one command (issue 30 item 3; DESIGN "Commands"; docs/decisions.md
 * D-pin-binding): the pin_token that `POST /users/v2/auth/verify-pin` yields may be bound to the command
 * it was asked for — its id (the `transaction-uuid` the outbox sends) and the hash of the request that
 * command makes. The client (sync/commands/transport.ts) and the sandbox (sandbox/http.ts) both compute
 * the hash here, so they cannot drift apart.
 *
 * The hash is SHA-256 (WebCrypto: browsers, workers and Node alike) of the canonical JSON of
 * `{ endpoint, params, body }` — the contract's endpoint id, the path parameters and the JSON body
 * without `pin_token` (the token cannot be part of what it authorises). Canonical JSON: object keys
 * sorted, no whitespace, `undefined` members left out (as `JSON.stringify` leaves them out of a body).
 */

/** What a pin_token is bound to (the optional fields of the verify-pin body). */
export interface PinBinding {
  readonly command_id: string
  readonly payload_hash: string
}

/** The request a binding's hash covers. */
export interface PinBoundRequest {
  readonly endpoint: string
  readonly params?: Readonly<Record<string, string>> | undefined
  readonly body?: unknown
}

/** A payload hash: 64 lowercase hex digits. */
export const PAYLOAD_HASH_RE = /^[0-9a-f]{64}$/

/** JSON with object keys sorted and no whitespace; `undefined` members are left out, as `JSON.stringify` does. */
export const canonicalJson = (v: unknown): string => {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null"
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : canonicalJson(x))).join(",")}]`
  const o = v as Record<string, unknown>
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(",")}}`
}

/** The body as it is authorised: without its `pin_token`. */
export const withoutPinToken = (body: unknown): unknown => {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body ?? {}
  const { pin_token: _pin, ...rest } = body as Record<string, unknown>
  return rest
}

/** The text the payload hash is taken of. */
export const pinBoundText = (r: PinBoundRequest): string =>
  canonicalJson({ endpoint: r.endpoint, params: r.params ?? {}, body: withoutPinToken(r.body === undefined ? {} : r.body) })

/** SHA-256 (hex) of the request a pin_token is bound to. */
export const pinPayloadHash = async (r: PinBoundRequest): Promise<string> => {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(pinBoundText(r)))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")
}
