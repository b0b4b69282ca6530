/**
 * The users-API client (spec core §7, §8; sync/SPEC.md rules A1–A9). Every call goes through
 * here: the allowed-path list (A1), the headers of core §6–§7 (A2), in-flight dedup (A3),
 * decoding of every response with its Schema (A4), statuses mapped to the error catalogue (A5)
 * and access-token renewal by refresh token, concurrent renewals collapsed into one (A6).
 * Written with Effect: each call is an `Effect<Response, ApiError>` that does nothing until run.
 */
import { Effect, Schema } from "effect"
import { api, fillPath, isAllowedPath, type EndpointId, type ResponseOf } from "../../schema/api.ts"
import { languageHeader, type Locale } from "../../schema/common.ts"
import {
  DuplicateRequest,
  ErrorBody,
  MalformedResponse,
  NetworkError,
  SessionExpired,
  UnauthorizedEndpoint,
  errorFromStatus,
  type ApiError
} from "../../schema/errors.ts"
import { Tokens } from "../../schema/entities.ts"

export interface TokenState {
  accessToken: string
  refreshToken: string
  expiresAt: number
}

export interface ApiClientConfig {
  /** Base URL of the users API ("" = same origin). */
  readonly baseUrl: () => string
  readonly locale: () => Locale
  readonly tokens: () => TokenState | null
  /** Called with renewed tokens (A6) so the engine can persist them and tell the views. */
  readonly onTokens: (t: TokenState) => void
  /** Called when renewal is impossible: the engine logs out and wipes (core §4). */
  readonly onSessionExpired: () => void
  readonly currentWallet: () => string | null
  /** "green" users send `server-type` on every request (core §1, §6). */
  readonly serverType: () => "green" | "blue" | null
  readonly fetch?: typeof fetch
  /** How long a mutation's dedup key lives after success (core §7, §9: 1 s). */
  readonly dedupWindowMs?: number
  readonly timeoutMs?: number
}

export interface CallArgs {
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string | number | undefined>>
  readonly body?: unknown
  readonly walletId?: string
  /** transaction-uuid: the idempotency key of transaction calls (core §6). */
  readonly transactionUuid?: string
  /** Skip the in-flight dedup (the outbox's own retries carry their idempotency key). */
  readonly noDedup?: boolean
}

const decodeErrorBody = Schema.decodeUnknownExit(ErrorBody)
const decodeTokens = Schema.decodeUnknownExit(Schema.Struct({ data: Tokens }))

const nonce = (): string => globalThis.crypto.randomUUID()

export interface ApiClient {
  readonly call: <K extends EndpointId>(id: K, args?: CallArgs) => Effect.Effect<ResponseOf<K>, ApiError>
  /** A call by raw method + path (A1: a path off the list fails locally and sends nothing). */
  readonly raw: (method: string, path: string, args?: CallArgs) => Effect.Effect<unknown, ApiError>
  /** As `raw`, the successful body as its text, unparsed (a keyset pull keeps a compact page's rows as they came, D-compact-pages). */
  readonly rawText: (method: string, path: string, args?: CallArgs) => Effect.Effect<string, ApiError>
  readonly renew: () => Effect.Effect<TokenState, ApiError>
  readonly url: (path: string) => string
  readonly headers: (args?: { walletId?: string; transactionUuid?: string }) => Record<string, string>
}

export function makeApiClient(cfg: ApiClientConfig): ApiClient {
  const doFetch = cfg.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  const dedupWindow = cfg.dedupWindowMs ?? 1000
  const inflight = new Map<string, true>()
  const sharedGets = new Map<string, Promise<Response>>()
  let renewing: Promise<TokenState> | null = null

  const url = (path: string): string => `${cfg.baseUrl().replace(/\/$/, "")}${path}`

  const headers = (args: { walletId?: string; transactionUuid?: string; auth?: boolean } = {}): Record<string, string> => {
    const h: Record<string, string> = {
      accept: "application/json",
      nonce: nonce(),
      language: languageHeader(cfg.locale()),
      "accept-language": languageHeader(cfg.locale())
    }
    const t = cfg.tokens()
    if (t && args.auth !== false) h.authorization = `Bearer ${t.accessToken}`
    const wallet = args.walletId ?? cfg.currentWallet()
    if (wallet) h["wallet-uuid"] = wallet
    if (args.transactionUuid) h["transaction-uuid"] = args.transactionUuid
    if (cfg.serverType() === "green") h["server-type"] = "green"
    return h
  }

  // A6: one renewal at a time; concurrent callers share it.
  const renewPromise = (): Promise<TokenState> => {
    if (renewing) return renewing
    const t = cfg.tokens()
    renewing = (async () => {
      if (!t?.refreshToken) throw new SessionExpired({ key: "TOKEN_NOT_RETURNED" })
      let res: Response
      try {
        res = await doFetch(url(api.refreshToken.path), {
          method: "POST",
          headers: { ...headers({ auth: true }), "content-type": "application/json" },
          body: JSON.stringify({ refresh_token: t.refreshToken })
        })
      } catch {
        throw new SessionExpired({ key: "TOKEN_NOT_RETURNED" })
      }
      const json: unknown = await res.json().catch(() => null)
      const exit = decodeTokens(json)
      if (!res.ok || exit._tag !== "Success") throw new SessionExpired({ key: "TOKEN_NOT_RETURNED" })
      const next: TokenState = {
        accessToken: exit.value.data.access_token,
        refreshToken: exit.value.data.refresh_token,
        expiresAt: Date.now() + exit.value.data.expires_in * 1000
      }
      cfg.onTokens(next)
      return next
    })().finally(() => {
      renewing = null
    })
    return renewing
  }
  const renew = (): Effect.Effect<TokenState, ApiError> =>
    Effect.tryPromise({
      try: () => renewPromise(),
      catch: (e) => (e instanceof SessionExpired ? e : new SessionExpired({ key: "TOKEN_NOT_RETURNED" }))
    }).pipe(Effect.tapError(() => Effect.sync(() => cfg.onSessionExpired())))

  const send = (method: string, path: string, args: CallArgs, auth: boolean, responseSchema: Schema.Top | null | "text"): Effect.Effect<unknown, ApiError> =>
    Effect.gen(function* () {
      if (!isAllowedPath(method, path)) {
        return yield* Effect.fail(new UnauthorizedEndpoint({ path, key: "UNAUTHORIZED_ENDPOINT" }))
      }
      const qs = args.query
        ? Object.entries(args.query)
            .filter(([, v]) => v !== undefined && v !== "")
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
            .join("&")
        : ""
      const full = url(path) + (qs ? `?${qs}` : "")
      const bodyText = args.body === undefined ? undefined : JSON.stringify(args.body)
      // the wallet and the language are part of the request (its `wallet-uuid` and `language` headers): the same path for two
      // wallets is two requests. Without the wallet the permission pulls of every wallet, started together (syncPass),
      // shared the first one's answer, and a member was shown the actions of her own wallet on another's (an approver's
      // page for a CLIENT: the flaky quorum.spec:143)
      const key = `${method} ${full} ${bodyText ?? ""} ${args.transactionUuid ?? ""} ${args.walletId ?? cfg.currentWallet() ?? ""} ${cfg.locale()}`

      const attempt = (isRetry: boolean): Effect.Effect<Response, ApiError> =>
        Effect.tryPromise({
          try: (signal) => {
            const init: RequestInit = {
              method,
              headers: {
                ...headers({
                  auth,
                  ...(args.walletId ? { walletId: args.walletId } : {}),
                  ...(args.transactionUuid ? { transactionUuid: args.transactionUuid } : {})
                }),
                ...(bodyText !== undefined ? { "content-type": "application/json" } : {})
              },
              signal: cfg.timeoutMs ? AbortSignal.any([signal, AbortSignal.timeout(cfg.timeoutMs)]) : signal,
              ...(bodyText !== undefined ? { body: bodyText } : {})
            }
            // A3: identical GETs in flight share one request
            if (method === "GET" && !isRetry) {
              const shared = sharedGets.get(key)
              if (shared) return shared.then((r) => r.clone())
              const p = doFetch(full, init)
              sharedGets.set(key, p)
              void p.then(
                () => sharedGets.delete(key),
                () => sharedGets.delete(key)
              )
              return p.then((r) => r.clone())
            }
            return doFetch(full, init)
          },
          catch: (e) => new NetworkError({ message: e instanceof Error ? e.message : String(e) })
        })

      // A3: a duplicate mutation while the first is in flight (or within 1 s after it succeeded) is cancelled
      const dedup = method !== "GET" && !args.noDedup
      if (dedup) {
        if (inflight.has(key)) return yield* Effect.fail(new DuplicateRequest({ requestKey: key }))
        inflight.set(key, true)
      }
      const exchange = Effect.gen(function* () {
        let res = yield* attempt(false)
        if (res.status === 401 && auth && cfg.tokens()) {
          yield* renew()
          res = yield* attempt(true)
        }
        if (res.status === 204) return { data: null } as unknown
        const text = yield* Effect.tryPromise({ try: () => res.text(), catch: (e) => new NetworkError({ message: String(e) }) })
        if (res.ok && responseSchema === "text") return text
        let json: unknown = null
        try {
          json = text ? JSON.parse(text) : null
        } catch {
          json = undefined
        }
        if (!res.ok) {
          const b = decodeErrorBody(json)
          return yield* Effect.fail(errorFromStatus(res.status, b._tag === "Success" ? b.value : null, res.headers.get("retry-after")))
        }
        if (json === undefined) return yield* Effect.fail(new MalformedResponse({ path, message: "not JSON" }))
        if (!responseSchema) return json
        // A4: decode at the edge; a malformed response is a typed error, never a crash
        return yield* Schema.decodeUnknownEffect(responseSchema as Schema.Codec<unknown, unknown>)(json).pipe(
          Effect.mapError((e) => new MalformedResponse({ path, message: e.message.slice(0, 500) }))
        )
      })
      if (!dedup) return yield* exchange
      return yield* exchange.pipe(
        Effect.onExit((exit) =>
          Effect.sync(() => {
            if (exit._tag === "Success") setTimeout(() => inflight.delete(key), dedupWindow)
            else inflight.delete(key)
          })
        )
      )
    })

  const call = <K extends EndpointId>(id: K, args: CallArgs = {}): Effect.Effect<ResponseOf<K>, ApiError> => {
    const d = api[id]
    let path: string
    try {
      path = fillPath(d.path, args.params ?? {})
    } catch {
      return Effect.fail(new UnauthorizedEndpoint({ path: d.path, key: "UNAUTHORIZED_ENDPOINT" }))
    }
    const auth = !("auth" in d && d.auth === false)
    return send(d.method, path, args, auth, d.response) as Effect.Effect<ResponseOf<K>, ApiError>
  }

  const raw = (method: string, path: string, args: CallArgs = {}): Effect.Effect<unknown, ApiError> => send(method.toUpperCase(), path, args, true, null)

  const rawText = (method: string, path: string, args: CallArgs = {}): Effect.Effect<string, ApiError> =>
    send(method.toUpperCase(), path, args, true, "text") as Effect.Effect<string, ApiError>

  return { call, raw, rawText, renew, url, headers: (a) => headers(a ?? {}) }
}
