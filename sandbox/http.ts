/**
 * Binds the endpoints of schema/api.ts to Hono routes with the call rules of the spec applied in
 * one place, in this order (core §6, §7, §8):
 *  1. faults BEFORE the handler (latency, 429 bursts, error rates) — admin switches;
 *  2. `authorization: Bearer` → 401 NOT_AUTHORIZED when missing/invalid/expired or its session was revoked;
 *  3. `server-type: green` required from green-server users → 400 INVALID_REQUEST;
 *  4. `wallet-uuid` for wallet endpoints → 400 missing, 404 unknown, 403 WITHOUT_PERMISSION;
 *  5. the endpoint's permission via hasPermission(actions, permission) → 403 WITHOUT_PERMISSION;
 *     then onboarding: a state-changing call of an area that needs completed onboarding, on the caller's own
 *     wallet, while it is not complete → 403 UNABLE_TO_PERFORM_UPDATE_REQUIRED (issue 30; D-sandbox-trust);
 *  6. `transaction-uuid` on transaction endpoints → 400 when missing;
 *  7. query and body decoded with the endpoint's Schemas, their rules included → 422 INCORRECT_DATA with `fields`
 *     (a rule's VALIDATION_<RULE> key per field, D-rules-on-contract);
 *  8. idempotency: a repeated (user, transaction-uuid) answers the stored first result (same
 *     status and body) and never applies twice; the same key with a different request → 409;
 *  9. sensitive endpoints: a valid unexpired unspent `pin_token` of the caller, and for a token bound to a command
 *     its transaction-uuid and its request's hash (issue 30 item 3, D-pin-binding) → else 422 PIN_REQUIRED;
 * 10. the handler runs inside one SQLite transaction, together with the idempotency record and the spending of the
 *     pin_token (a token authorises exactly one applied request; a repeat of it is answered by step 8); while responses
 *     are checked, a refusal its endpoint does not declare (schema/refusals.ts) is a 500;
 * 11. faults AFTER commit (504 or a dropped connection), so clients exercise reconciliation;
 * 12. the response is checked against the endpoint's response Schema (optional).
 */
import type { Context, Hono } from "hono"
import { Cause, Exit, Schema } from "effect"
import { api, type Api, type EndpointDef, type EndpointId } from "../schema/api.ts"
import { hasPermission } from "../schema/permissions.ts"
import { STATUS_KEYS } from "../schema/errors.ts"
import { pinPayloadHash } from "../schema/pin-binding.ts"
import { issueFields } from "../schema/validation.ts"
import { mayRefuse } from "../schema/refusals.ts"
import type { Ctx } from "./context.ts"
import { ApiError, errorBody, langOf, type Lang } from "./errors.ts"
import { RawJson, userById, walletAccess, type UserRow, type WalletAccess } from "./repo.ts"
import { sha256, stableJson, verifyAccessToken, type AccessClaims } from "./tokens.ts"

type QueryT<K extends EndpointId> = Api[K] extends { readonly query: infer S extends Schema.Top } ? S["Type"] : Record<string, never>
type BodyT<K extends EndpointId> = Api[K] extends { readonly body: infer S extends Schema.Top } ? S["Type"] : undefined
type UserT<K extends EndpointId> = Api[K] extends { readonly auth: false } ? null : UserRow
type WalletT<K extends EndpointId> = Api[K] extends { readonly wallet: true } ? WalletAccess : null
type TxT<K extends EndpointId> = Api[K] extends { readonly transaction: true } ? string : null
export type ResponseT<K extends EndpointId> = Api[K]["response"]["Type"]

export interface Req<K extends EndpointId> {
  readonly ctx: Ctx
  readonly c: Context
  readonly params: Readonly<Record<string, string>>
  readonly query: QueryT<K>
  readonly body: BodyT<K>
  readonly user: UserT<K>
  readonly wallet: WalletT<K>
  readonly txKey: TxT<K>
  readonly lang: Lang
  /** The origin the caller reached us at (for absolute URLs). */
  readonly origin: string
  /**
   * Runs `fn` after the request's transaction ended, committed or rolled back: for counters that
   * must survive the error they cause (wrong codes, wrong PINs → ATTEMPTS_EXCEEDED).
   */
  after(fn: () => void): void
}

/** A response with a status other than 200 and optional headers. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Readonly<Record<string, string>> = {}
  ) {}
}

/** A handler answers the response type, a Reply with a status, or RawJson text of the response type. */
export type Handler<K extends EndpointId> = (req: Req<K>) => ResponseT<K> | Reply<ResponseT<K>> | RawJson

/**
 * A query or body decoded with its Schema, or 422 INCORRECT_DATA naming each bad field with the first rule it breaks
 * (`issueFields`, schema/validation.ts): the rules attached to the contract's Schemas (a description, an amount, a
 * document, a key…) answer their VALIDATION_<RULE> key, a wrong type VALIDATION_FORMAT, a missing key VALIDATION_REQUIRED
 * (D-rules-on-contract). Nothing has run yet, so nothing is written.
 */
export const decodeOr422 = <S extends Schema.Top>(schema: S, value: unknown, ignore?: string): S["Type"] => {
  const exit = Schema.decodeUnknownExit(schema as unknown as Schema.Codec<S["Type"], unknown>)(value, { errors: "all" })
  if (Exit.isSuccess(exit)) return exit.value
  const err = Cause.squash(exit.cause)
  if (Schema.isSchemaError(err)) {
    const { fields, detail } = issueFields(err.issue)
    if (ignore !== undefined) delete fields[ignore]
    throw new ApiError(422, "INCORRECT_DATA", detail, fields)
  }
  throw new ApiError(422, "INCORRECT_DATA")
}

const prefixHit = (rates: Record<string, number>, path: string, roll: () => number): boolean => {
  let rate = 0
  for (const [prefix, r] of Object.entries(rates)) if (path.startsWith(prefix) && r > rate) rate = r
  return rate > 0 && roll() < rate
}

const faultError = (status: number): ApiError => new ApiError(status, STATUS_KEYS[status] ?? "INTERNAL_ERROR", "injected fault")

/** Faults before the handler: latency, 429 bursts, error rates (DESIGN "Switches for faults"). */
export const faultsBefore = async (ctx: Ctx, path: string): Promise<void> => {
  const f = ctx.faults
  if (f.latency_ms > 0) await new Promise((r) => setTimeout(r, f.latency_ms))
  if (f.burst_429 !== null && f.burst_429.remaining > 0) {
    f.burst_429.remaining--
    const retry = f.burst_429.retry_after_s
    if (f.burst_429.remaining === 0) f.burst_429 = null
    throw new ApiError(429, "REQUEST_LIMIT_REACHED", "injected 429 burst", undefined, retry)
  }
  if (prefixHit(f.error_rate, path, () => f.rng.next())) throw faultError(f.status)
}

export const errorResponse = (c: Context, ctx: Ctx, e: unknown, lang: Lang): Response => {
  let err: ApiError
  if (e instanceof ApiError) err = e
  else {
    ctx.log(`[sandbox] 500 on ${c.req.method} ${c.req.path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    err = new ApiError(500, "INTERNAL_ERROR")
  }
  const headers: Record<string, string> = {}
  if (err.status === 429) headers["Retry-After"] = String(err.retryAfterS ?? 1)
  return c.json(errorBody(err, lang), err.status as 400, headers)
}

/** Whether a session (refresh-token family) of this user is live: not revoked (issue 30 item 4). */
export const sessionLive = (ctx: Ctx, sessionId: string, userId: string): boolean => {
  const row = ctx.db.prepare("SELECT user_id, revoked_ms FROM sessions WHERE id = ?").get(sessionId) as
    { user_id: string; revoked_ms: number | null } | undefined
  return row !== undefined && row.user_id === userId && row.revoked_ms === null
}

/** The claims of the request's bearer token when it is valid, unexpired and of a live session, else null. */
export const bearerClaims = (ctx: Ctx, c: Context): AccessClaims | null => {
  const token = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim()
  if (token === undefined || token === "") return null
  const claims = verifyAccessToken(ctx.secret, token, ctx.clock.real())
  if (claims?.sid === undefined || !sessionLive(ctx, claims.sid, claims.id)) return null
  return claims
}

/**
 * The caller of a request with a bearer token, or a 401. The token must name a live session (claim `sid`): a logout, a
 * password change or reset and a reused refresh token revoke sessions, and their access tokens stop at once (issue 30
 * item 4). Only the header is read: no token in a URL (the stream's `?access_token=` is gone, D-sessions).
 */
export const authenticate = (ctx: Ctx, c: Context): UserRow => {
  const h = c.req.header("authorization") ?? ""
  const token = /^Bearer\s+(.+)$/i.exec(h)?.[1]?.trim()
  if (token === undefined || token === "") throw new ApiError(401, "NOT_AUTHORIZED")
  const claims = verifyAccessToken(ctx.secret, token, ctx.clock.real())
  if (claims === null) throw new ApiError(401, "NOT_AUTHORIZED", "invalid or expired token")
  if (claims.sid === undefined || !sessionLive(ctx, claims.sid, claims.id)) throw new ApiError(401, "NOT_AUTHORIZED", "session ended")
  const user = userById(ctx.db, claims.id)
  if (user === undefined) throw new ApiError(401, "USER_ID_NOT_FOUND")
  return user
}

/**
 * core §1, §6: green-server users send `server-type: green` on every call (our rule: 400 without
 * it) — except the profile call, which is how a client learns its user's server type.
 */
export const checkServerType = (c: Context, user: UserRow): void => {
  if (c.req.path === "/users/users/profile") return
  if (user.server_type === "green" && (c.req.header("server-type") ?? "").toLowerCase() !== "green") {
    throw new ApiError(400, "INVALID_REQUEST", "green-server users must send the header server-type: green", { "server-type": "VALIDATION_REQUIRED" })
  }
}

export const resolveWallet = (ctx: Ctx, user: UserRow, walletId: string | undefined): WalletAccess => {
  if (walletId === undefined || walletId === "")
    throw new ApiError(400, "INVALID_REQUEST", "wallet-uuid header required", { "wallet-uuid": "VALIDATION_REQUIRED" })
  const access = walletAccess(ctx.db, user.id, walletId)
  if (access === "missing") throw new ApiError(404, "NOT_FOUND", "wallet")
  if (access === "denied") throw new ApiError(403, "WITHOUT_PERMISSION")
  return access
}

/** The request a pin_token is presented for: its transaction-uuid (null off transaction endpoints) and its hash (schema/pin-binding.ts). */
export interface PinUse {
  readonly txKey: string | null
  readonly payloadHash: string
}

/**
 * A pin_token of this user, unexpired and not yet spent (features §2 sensitive operations; issue 30 item 3). With `use`,
 * a token bound to a command (D-pin-binding) must also be presented for that command: its `command_id` is the request's
 * transaction-uuid and its `payload_hash` the request's hash. A token minted without a binding is good for any one request.
 */
export const pinTokenValid = (ctx: Ctx, userId: string, token: unknown, use?: PinUse): boolean => {
  if (typeof token !== "string" || token === "") return false
  const row = ctx.db.prepare("SELECT expires_ms, used FROM short_tokens WHERE kind = 'pin' AND user_id = ? AND token = ?").get(userId, token) as
    { expires_ms: number; used: number } | undefined
  if (row === undefined || row.used !== 0 || row.expires_ms <= ctx.clock.real()) return false
  if (use === undefined) return true
  const binding = ctx.db.prepare("SELECT command_id, payload_hash FROM pin_token_bindings WHERE token = ?").get(token) as
    { command_id: string | null; payload_hash: string | null } | undefined
  if (binding === undefined) return true
  if (binding.command_id !== null && binding.command_id !== use.txKey) return false
  return binding.payload_hash === null || binding.payload_hash === use.payloadHash
}

/** Spends a pin_token (issue 30 item 3): inside the handler's transaction, so it is spent exactly when the request is applied. */
const spendPinToken = (ctx: Ctx, userId: string, token: unknown): void => {
  const r = ctx.db.prepare("UPDATE short_tokens SET used = 1 WHERE kind = 'pin' AND user_id = ? AND token = ? AND used = 0").run(userId, String(token))
  if (r.changes !== 1) throw new ApiError(422, "PIN_REQUIRED")
}

/** How deep a request body may nest (issue 30 item 2): no call's body goes past 4; a 20 000-deep one overflowed the recursive hash of a PIN-bound request (a 500). */
export const MAX_BODY_DEPTH = 32

/** Whether `v` nests deeper than `max` (iterative: the check itself cannot overflow). */
export const nestsDeeperThan = (v: unknown, max: number): boolean => {
  const stack: Array<[unknown, number]> = [[v, 0]]
  while (stack.length > 0) {
    const [x, d] = stack.pop() as [unknown, number]
    if (x === null || typeof x !== "object") continue
    if (d >= max) return true
    for (const y of Object.values(x as object)) stack.push([y, d + 1])
  }
  return false
}

const readBody = async (c: Context): Promise<unknown> => {
  const text = await c.req.text()
  if (text.trim() === "") return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text) as unknown
  } catch {
    throw new ApiError(400, "INVALID_FORMAT", "body is not JSON")
  }
  if (nestsDeeperThan(parsed, MAX_BODY_DEPTH)) throw new ApiError(400, "INVALID_FORMAT", `body nested deeper than ${MAX_BODY_DEPTH}`)
  return parsed
}

/**
 * The base of the absolute URLs a route answers (issue 30): one of the sandbox's configured bases (`publicBases`) — the one
 * whose host the request's Host names (the app's same-origin proxy keeps the app's Host), else the first. A forged Host
 * never reaches a URL.
 */
export const originOf = (ctx: Ctx, c: Context): string => {
  const host = (c.req.header("host") ?? "").toLowerCase()
  const bases = ctx.cfg.publicBases
  return bases.find((b) => new URL(b).host === host) ?? bases[0] ?? new URL(c.req.url).origin
}

const sampleForCheck = (body: unknown): unknown => {
  // "sample": the first 100 rows of a list are checked, enough to catch a shape bug cheaply
  if (body === null || typeof body !== "object") return body
  const o = body as { data?: unknown }
  if (Array.isArray(o.data) && o.data.length > 100) return { ...o, data: o.data.slice(0, 100) }
  if (o.data !== null && typeof o.data === "object" && Array.isArray((o.data as { data?: unknown }).data)) {
    const inner = o.data as { data: unknown[] }
    if (inner.data.length > 100) return { ...o, data: { ...inner, data: inner.data.slice(0, 100) } }
  }
  return body
}

/**
 * A malformed answer for the client's edge (issue 18 "malformed responses"): the same JSON with its
 * values' types swapped, the JSON cut in the middle, an HTML error page (with a script, which the
 * client must never run), or every string a megabyte long.
 */
export const corruptBody = (json: string, mode: "types" | "truncate" | "html" | "huge"): { body: string; type: string } => {
  switch (mode) {
    case "truncate":
      return { body: json.slice(0, Math.max(1, Math.floor(json.length / 2))), type: "application/json" }
    case "html":
      return {
        body: "<!doctype html><html><body><h1>502 Bad Gateway</h1><script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\"></body></html>",
        type: "text/html"
      }
    case "huge":
      return { body: JSON.stringify(JSON.parse(json, (_k, v: unknown) => (typeof v === "string" ? v + "x".repeat(1_000_000) : v))), type: "application/json" }
    case "types":
      return {
        body: JSON.stringify(JSON.parse(json, (_k, v: unknown) => (typeof v === "string" ? 12345 : typeof v === "number" ? "<b>not a number</b>" : v))),
        type: "application/json"
      }
  }
}

/** Drops the TCP connection without an answer (after-commit fault, SSE drop). */
export const dropConnection = (c: Context): void => {
  const env = c.env as { outgoing?: { socket?: { destroy(): void } | null } } | undefined
  env?.outgoing?.socket?.destroy()
}

/**
 * The areas that need completed onboarding (core §2 "Pix, cards, billet, TED, coins and statements need completed
 * onboarding", features §8 "incomplete or pending onboarding blocks Pix, cards, boleto, TED, coins, statements and
 * security"), by the paths of their calls; the sandbox refuses their state-changing calls (transaction or sensitive).
 */
export const ONBOARDING_AREAS: ReadonlyArray<RegExp> = [
  /^\/users\/(v\d+\/)?pix\//, // Pix: payments, keys, claims, schedules, devolutions, deposits, contacts, withdraw settings
  /^\/users\/limits\//, // Pix limits
  /^\/users\/cards/,
  /^\/api-2\/banking\/cards/,
  /^\/users\/(v\d+\/)?banking\/(billet|ted|contacts)/, // boleto, TED and its contacts
  /^\/users\/(v\d+\/)?conversions/, // coins
  // deciding a staged payment: the approval that completes it moves the money (issue 30 item 2, found by the attack suite)
  /^\/users\/operations\/approval-requests\//
]

/** core §4: a natural person's onboarding is complete when finished or expired; anyone else's only when finished. */
export const onboardingComplete = (u: Pick<UserRow, "onboarding_status" | "type">): boolean =>
  u.onboarding_status === "finished" || (u.onboarding_status === "expired" && u.type === "NATURAL_PERSON")

/** Whether a call needs completed onboarding: a state-changing call of an onboarding area (core §4: only on the user's own wallet). */
export const needsOnboarding = (d: EndpointDef): boolean =>
  (d.transaction === true || d.sensitive === true) && d.wallet === true && ONBOARDING_AREAS.some((re) => re.test(d.path))

/**
 * issue 29 item 3: a route answers only the refusals its endpoint declares (schema/refusals.ts), checked like responses.
 * What a route's error `e` is answered with: itself, or, while responses are checked, a 500 for a catalogue refusal that
 * an endpoint declaring its refusals does not declare (nor is one any call may answer).
 */
export const declaredRefusal = (ctx: Ctx, id: EndpointId, e: unknown): unknown => {
  const d: EndpointDef = api[id]
  if (!(e instanceof ApiError) || d.refusals === undefined || ctx.cfg.checkResponses === false || mayRefuse(id, e.key)) return e
  ctx.log(`[sandbox] ${id} refused with ${e.key}, which its endpoint does not declare (schema/refusals.ts)`)
  return new ApiError(500, "INTERNAL_ERROR", `${id} refused with an undeclared ${e.key}`)
}

export const bind = <K extends EndpointId>(app: Hono, ctx: Ctx, id: K, handler: Handler<K>): void => {
  const d: EndpointDef = api[id]
  const honoPath = d.path.replace(/\{(\w+)\}/g, ":$1")
  app.on(d.method, honoPath, async (c) => {
    const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
    try {
      await faultsBefore(ctx, c.req.path)
      const user = d.auth === false ? null : authenticate(ctx, c)
      if (user !== null) checkServerType(c, user)
      let wallet: WalletAccess | null = null
      if (d.wallet === true && user !== null) {
        wallet = resolveWallet(ctx, user, c.req.header("wallet-uuid"))
        if (!hasPermission(wallet.actions, d.permission))
          throw new ApiError(403, "WITHOUT_PERMISSION", typeof d.permission === "string" ? d.permission : undefined)
        // issue 30: onboarding is enforced here, not only by the client's guard (core §4: not required on a wallet the user does not own)
        if (wallet.owner && needsOnboarding(d) && !onboardingComplete(user))
          throw new ApiError(403, "UNABLE_TO_PERFORM_UPDATE_REQUIRED", "onboarding not complete")
      }
      const txKey = d.transaction === true ? (c.req.header("transaction-uuid") ?? "") : null
      if (txKey === "") throw new ApiError(400, "INVALID_REQUEST", "transaction-uuid header required", { "transaction-uuid": "VALIDATION_REQUIRED" })

      const rawQuery: Record<string, string> = {}
      for (const [k, v] of Object.entries(c.req.queries())) if (v[0] !== undefined) rawQuery[k] = v[0]
      const query = d.query !== undefined ? decodeOr422(d.query, rawQuery) : {}
      let body: unknown = undefined
      let rawBody: unknown = undefined
      if (d.body !== undefined) {
        rawBody = await readBody(c)
        if (d.sensitive === true) {
          // a missing/invalid pin_token is PIN_REQUIRED, not a field error (features §2)
          const pinOk = user !== null && pinTokenValid(ctx, user.id, (rawBody as { pin_token?: unknown } | null)?.pin_token)
          try {
            body = decodeOr422(d.body, rawBody, "pin_token")
          } catch (e) {
            if (e instanceof ApiError && e.fields !== undefined && Object.keys(e.fields).length === 0 && !pinOk) throw new ApiError(422, "PIN_REQUIRED")
            throw e
          }
        } else body = decodeOr422(d.body, rawBody)
      }
      // issue 30 item 3: the hash a bound pin_token must match, of the request as sent (the last await: the rest is synchronous)
      const pinUse: PinUse | null =
        d.sensitive === true && user !== null
          ? { txKey, payloadHash: await pinPayloadHash({ endpoint: id, params: c.req.param() as Record<string, string>, body: rawBody }) }
          : null

      /** The answer of a committed effect lost on the way (faults `fault_after_commit_rate`): dropped, or a 504 thrown. */
      const afterCommitFault = (): Response | null => {
        if (!prefixHit(ctx.faults.fault_after_commit_rate, c.req.path, () => ctx.faults.rng.next())) return null
        ctx.log(`[sandbox] fault after commit on ${c.req.method} ${c.req.path}`)
        if (ctx.faults.after_commit_mode !== "drop") throw faultError(504)
        dropConnection(c)
        return c.body(null, 504)
      }

      // idempotency (core §6 transaction-uuid; DESIGN "Commands": the command id is the key)
      let requestHash = ""
      if (txKey !== null && user !== null) {
        const forHash = body !== null && typeof body === "object" ? { ...(body as Record<string, unknown>) } : body
        if (forHash !== null && typeof forHash === "object") delete (forHash as Record<string, unknown>)["pin_token"]
        requestHash = sha256(`${id}\n${wallet?.wallet.id ?? ""}\n${stableJson(c.req.param())}\n${stableJson(forHash)}`)
        const prior = ctx.db.prepare("SELECT request_hash, status, body FROM idempotency WHERE user_id = ? AND key = ?").get(user.id, txKey) as
          { request_hash: string; status: number; body: string } | undefined
        if (prior !== undefined) {
          if (prior.request_hash !== requestHash) {
            throw new ApiError(409, "CONFLICT_MAY_HAVE_COMPLETED", "this transaction-uuid was already used for a different request")
          }
          // a replay's answer is the answer of a committed effect too: the same fault loses it (the network keeps dropping)
          const lost = afterCommitFault()
          if (lost !== null) return lost
          return c.body(prior.body, prior.status as 200, { "content-type": "application/json", "idempotent-replay": "true" })
        }
      }
      const pinToken = (body as { pin_token?: unknown } | undefined)?.pin_token
      if (pinUse !== null && user !== null && !pinTokenValid(ctx, user.id, pinToken, pinUse)) {
        throw new ApiError(422, "PIN_REQUIRED")
      }

      const deferred: Array<() => void> = []
      const req = {
        ctx,
        c,
        params: c.req.param() as Record<string, string>,
        query,
        body,
        user,
        wallet,
        txKey,
        lang,
        origin: originOf(ctx, c),
        after: (fn: () => void) => deferred.push(fn)
      } as unknown as Req<K>
      const runDeferred = (): void => {
        for (const fn of deferred.splice(0)) ctx.db.transaction(fn)()
      }
      type Out = { status: number; resBody: unknown; json: string; headers: Readonly<Record<string, string>> }
      const runHandler = ctx.db.transaction((): Out => {
        if (pinUse !== null && user !== null) spendPinToken(ctx, user.id, pinToken)
        const r = handler(req)
        const status = r instanceof Reply ? r.status : 200
        const resBody: unknown = r instanceof Reply ? r.body : r instanceof RawJson ? null : r
        const headers = r instanceof Reply ? r.headers : {}
        const json = r instanceof RawJson ? r.text : JSON.stringify(resBody)
        if (txKey !== null && user !== null) {
          ctx.db
            .prepare("INSERT INTO idempotency (user_id, key, endpoint, wallet_id, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .run(user.id, txKey, id, wallet?.wallet.id ?? null, requestHash, status, json, ctx.clock.nowIso())
        }
        return { status, resBody, json, headers }
      })
      let out: Out
      try {
        out = runHandler()
      } catch (e) {
        throw declaredRefusal(ctx, id, e)
      } finally {
        runDeferred()
      }

      const lost = afterCommitFault()
      if (lost !== null) return lost
      // RawJson (SQLite-made) bodies are checked only in full mode: parsing them would cost what they save
      if (ctx.cfg.checkResponses === true || (ctx.cfg.checkResponses === "sample" && out.resBody !== null)) {
        const body = out.resBody === null ? (JSON.parse(out.json) as unknown) : out.resBody
        const checked = ctx.cfg.checkResponses === "sample" ? sampleForCheck(body) : body
        const exit = Schema.decodeUnknownExit(d.response as Schema.Codec<unknown, unknown>)(checked)
        if (Exit.isFailure(exit)) {
          const err = Cause.squash(exit.cause)
          ctx.log(`[sandbox] response of ${id} does not match its Schema: ${String(err)}`)
          throw new ApiError(500, "INTERNAL_ERROR", `response of ${id} does not match its Schema`)
        }
      }
      if (prefixHit(ctx.faults.corrupt_rate, c.req.path, () => ctx.faults.rng.next())) {
        const bad = corruptBody(out.json, ctx.faults.corrupt_mode)
        return c.body(bad.body, out.status as 200, { "content-type": bad.type })
      }
      return c.body(out.json, out.status as 200, { "content-type": "application/json", ...out.headers })
    } catch (e) {
      return errorResponse(c, ctx, e, lang)
    }
  })
}
