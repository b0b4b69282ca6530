/**
 * The users-API client's rules (sync/SPEC.md A1–A6) with a scripted fetch: headers, the allowed
 * list, dedup, decoding, status mapping and collapsed token renewal. The same client meets the
 * real sandbox in tests/integration.
 */
import { describe, expect, it } from "vitest"
import { Effect, type Exit } from "effect"
import { makeApiClient, type ApiClientConfig, type TokenState } from "./client.ts"

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })

function client(handler: Handler, over: Partial<ApiClientConfig> = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  let tokens: TokenState | null = { accessToken: "A1", refreshToken: "R1", expiresAt: Date.now() + 60_000 }
  let expired = 0
  const api = makeApiClient({
    baseUrl: () => "http://api.test",
    locale: () => "en",
    tokens: () => tokens,
    onTokens: (t) => {
      tokens = t
    },
    onSessionExpired: () => {
      expired++
    },
    currentWallet: () => "w-1",
    serverType: () => "green",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      calls.push({ url, init: init ?? {} })
      return handler(url, init ?? {})
    }) as typeof fetch,
    ...over
  })
  return { api, calls, tokens: () => tokens, expired: () => expired }
}
/** The typed error an Effect failed with. */
const failure = (exit: Exit.Exit<unknown, unknown>): Record<string, unknown> => {
  if (exit._tag !== "Failure") throw new Error("expected a failure")
  const r = exit.cause.reasons.find((x) => x._tag === "Fail")
  if (!r || r._tag !== "Fail") throw new Error("not a typed failure")
  return r.error as Record<string, unknown>
}
const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name]
const unread = { data: { count: 3 } }

describe("sync/api client", () => {
  it("A2 every request carries nonce, language, bearer, wallet-uuid, server-type; transaction calls carry transaction-uuid", async () => {
    const c = client(() => json(200, unread))
    await Effect.runPromise(c.api.call("unreadCount"))
    const init = c.calls[0]!.init
    expect(header(init, "nonce")).toMatch(/^[0-9a-f-]{36}$/)
    expect(header(init, "language")).toBe("en-US")
    expect(header(init, "authorization")).toBe("Bearer A1")
    expect(header(init, "wallet-uuid")).toBe("w-1")
    expect(header(init, "server-type")).toBe("green")
    const c2 = client(() =>
      json(200, {
        data: {
          id: "c",
          wallet_id: "w",
          from_currency: "BRL",
          to_currency: "BTC",
          from_amount: 1,
          to_amount: 1,
          price: 1,
          iof_amount: 0,
          spread_amount: 0,
          status: "completed",
          created_at: "2026-01-01T00:00:00Z"
        }
      })
    )
    await Effect.runPromise(c2.api.call("convert", { transactionUuid: "tx-1", body: {} }))
    expect(header(c2.calls[0]!.init, "transaction-uuid")).toBe("tx-1")
  })

  it("A1 a path off the allowed list fails locally with UNAUTHORIZED_ENDPOINT and sends nothing", async () => {
    const c = client(() => json(200, {}))
    const exit = await Effect.runPromiseExit(c.api.raw("POST", "/users/operations/transfer-everything"))
    expect(failure(exit)).toMatchObject({ _tag: "UnauthorizedEndpoint", key: "UNAUTHORIZED_ENDPOINT" })
    expect(c.calls).toHaveLength(0)
  })

  it("A3 a duplicate mutation in flight is cancelled; identical GETs share one request", async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => {
      release = r
    })
    const c = client(async (url) => {
      await gate
      return url.includes("count_unread") ? json(200, unread) : json(200, { data: { ok: true } })
    })
    const body = { current_password: "a", new_password: "b" }
    const first = Effect.runPromiseExit(c.api.call("changePassword", { body }))
    const second = await Effect.runPromiseExit(c.api.call("changePassword", { body }))
    expect(String(second)).toContain("DuplicateRequest")
    const g1 = Effect.runPromise(c.api.call("unreadCount"))
    const g2 = Effect.runPromise(c.api.call("unreadCount"))
    release()
    await first
    expect((await g1).data.count).toBe(3)
    expect((await g2).data.count).toBe(3)
    expect(c.calls.filter((x) => x.url.includes("count_unread"))).toHaveLength(1)
    expect(c.calls.filter((x) => x.url.includes("/users/auth/password"))).toHaveLength(1)
  })

  it("A3 identical GETs for two wallets are two requests, each answered with its own wallet's rows (the wallet-uuid header is part of the request)", async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => {
      release = r
    })
    const c = client(async (_url, init) => {
      await gate
      const w = header(init, "wallet-uuid")
      return json(200, { data: { data: [{ tag: `tag-of-${w}` }], page: 1, page_total: 1, page_size: 100, total: 1 } })
    })
    const own = Effect.runPromise(c.api.call("permissionActions", { walletId: "own" }))
    const other = Effect.runPromise(c.api.call("permissionActions", { walletId: "other" }))
    const again = Effect.runPromise(c.api.call("permissionActions", { walletId: "other" }))
    release()
    expect((await own).data.data.map((a) => a.tag)).toEqual(["tag-of-own"])
    expect((await other).data.data.map((a) => a.tag)).toEqual(["tag-of-other"])
    expect((await again).data.data.map((a) => a.tag)).toEqual(["tag-of-other"])
    expect(c.calls.map((x) => header(x.init, "wallet-uuid")).sort()).toEqual(["other", "own"]) // the same wallet's twin shared
  })

  it("A4 a response that does not match its Schema is a MalformedResponse, never a crash", async () => {
    const c = client(() => json(200, { data: { count: "three" } }))
    const exit = await Effect.runPromiseExit(c.api.call("unreadCount"))
    expect(String(exit)).toContain("MalformedResponse")
    const c2 = client(() => new Response("<html>oops</html>", { status: 200 }))
    expect(String(await Effect.runPromiseExit(c2.api.call("unreadCount")))).toContain("MalformedResponse")
  })

  it("A5 statuses map to the catalogue: 422 with fields, 429 with Retry-After, 409, 504, network", async () => {
    const body = (status: number, key: string, fields?: Record<string, string>) => ({ error: { status, key, message: key, ...(fields ? { fields } : {}) } })
    const run = async (r: () => Response | Promise<Response>) => failure(await Effect.runPromiseExit(client(r).api.call("unreadCount")))
    expect(await run(() => json(422, body(422, "INCORRECT_DATA", { amount: "VALIDATION_MIN_VALUE" })))).toMatchObject({
      _tag: "Unprocessable",
      key: "INCORRECT_DATA",
      fields: { amount: "VALIDATION_MIN_VALUE" }
    })
    expect(await run(() => json(429, body(429, "REQUEST_LIMIT_REACHED"), { "retry-after": "7" }))).toMatchObject({ _tag: "RateLimited", retryAfterMs: 7000 })
    expect(await run(() => json(409, body(409, "CONFLICT_MAY_HAVE_COMPLETED")))).toMatchObject({ _tag: "Conflict", key: "CONFLICT_MAY_HAVE_COMPLETED" })
    expect(await run(() => json(504, {}))).toMatchObject({ _tag: "GatewayTimeout", key: "GATEWAY_TIMEOUT" })
    expect(await run(() => json(403, body(403, "WITHOUT_PERMISSION")))).toMatchObject({ _tag: "Forbidden", key: "WITHOUT_PERMISSION" })
    expect(
      await run(() => {
        throw new TypeError("Failed to fetch")
      })
    ).toMatchObject({ _tag: "NetworkError" })
  })

  it("A6 concurrent 401s renew the token once and repeat their requests; a failed renewal expires the session", async () => {
    let refreshes = 0
    const c = client(async (url, init) => {
      if (url.endsWith("/users/auth/refresh-token")) {
        refreshes++
        await new Promise((r) => setTimeout(r, 20))
        return json(200, { data: { access_token: "A2", refresh_token: "R2", expires_in: 300 } })
      }
      return header(init, "authorization") === "Bearer A2" ? json(200, unread) : json(401, { error: { status: 401, key: "NOT_AUTHORIZED", message: "" } })
    })
    const results = await Promise.all([1, 2, 3].map(() => Effect.runPromise(c.api.call("unreadCount"))))
    expect(results.map((r) => r.data.count)).toEqual([3, 3, 3])
    expect(refreshes).toBe(1)
    expect(c.tokens()?.accessToken).toBe("A2")

    const d = client((url) => (url.endsWith("/refresh-token") ? json(200, { data: {} }) : json(401, {})))
    const exit = await Effect.runPromiseExit(d.api.call("unreadCount"))
    expect(failure(exit)).toMatchObject({ _tag: "SessionExpired", key: "TOKEN_NOT_RETURNED" })
    expect(d.expired()).toBe(1)
  })
})
