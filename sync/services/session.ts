/**
 * The engine's session part (issue 11 "the engine as Effect services"; sync/SPEC.md A2, S4, RT7, C8): who is
 * signed in, the users-API client with their tokens, the current wallet, whether this user's calls need
 * `server-type`, the user's open store and whether the device is online. It knows nothing of lists,
 * projections or commands; the parts that do read it from here.
 */
import { Context, Effect, Exit, Layer, Scope } from "effect"
import type { RxStorage } from "rxdb"
import type { EndpointId } from "../../schema/api.ts"
import type { Locale } from "../../schema/common.ts"
import { NotAuthorized } from "../../schema/errors.ts"
import type { SessionInfo } from "../../schema/live.ts"
import { makeApiClient, type ApiClient, type CallArgs, type TokenState } from "../api/client.ts"
import { runApi } from "../pullers/puller.ts"
import type { UserDb } from "../store/db.ts"
import { EngineBus, type EngineBusShape } from "./bus.ts"

export interface EngineEnv {
  readonly storage: RxStorage<unknown, unknown>
  readonly fetch?: typeof fetch
  /** Told when the session changes (renewed tokens, expiry, sign-out) so every tab can follow. */
  readonly onSession: (event: "expired" | "renewed" | "signedOut", session: SessionInfo | null) => void
  readonly unreadPollMs?: number
  /** The IndexedDB the storage writes to (the worker's own by default), for the wipe (S4). */
  readonly indexedDB?: IDBFactory
  /** C5: ask the views for the PIN or temporary token of a sensitive command. */
  readonly onPinAsk?: (commandId: string, name: string, lastErrorKey?: string) => void
  /** S6: write a projection image once this many stored rows are not in the last one (default 20,000). */
  readonly imageMinRows?: number
}

/** What the engine is built with (the worker's storage and callbacks; tests' fakes). */
export class EngineEnvironment extends Context.Service<EngineEnvironment, EngineEnv>()("sync/EngineEnvironment") {
  static readonly layer = (env: EngineEnv): Layer.Layer<EngineEnvironment> => Layer.succeed(EngineEnvironment, env)
}

/** How a session ends (S4): `keep` stops it and keeps the user's local data (a worker going away); `wipe` also forgets it. */
export type SessionEnd = "keep" | "wipe"
const endOf = (exit: Exit.Exit<unknown, unknown>): SessionEnd => (Exit.isSuccess(exit) && exit.value === "wipe" ? "wipe" : "keep")

/** The tagged refusal of an action that needs a signed-in user with an open store (C8 waits for the store first). */
export const notSignedIn = (): NotAuthorized => new NotAuthorized({ status: 401, key: "NOT_AUTHORIZED", message: "no session" })

export class SessionState {
  apiBase = ""
  locale: Locale = "pt"
  current: SessionInfo | null = null
  walletId: string | null = null
  serverType: "green" | "blue" | null = null
  db: UserDb | null = null
  online = true
  readonly api: ApiClient
  private serverTypeReady: Promise<void> = Promise.resolve()
  private readonly onlineWaiters: Array<() => void> = []
  private readonly renewed = new Set<() => void>()
  private readonly expired = new Set<() => void>()
  /** The signed-in session as an Effect scope: each part the engine opens for it adds its release (D-worker-boundary). */
  private scope: Scope.Closeable | null = null

  constructor(
    private readonly env: EngineEnv,
    private readonly bus: EngineBusShape
  ) {
    this.api = makeApiClient({
      baseUrl: () => this.apiBase,
      locale: () => this.locale,
      tokens: () =>
        this.current ? { accessToken: this.current.accessToken, refreshToken: this.current.refreshToken, expiresAt: this.current.expiresAt } : null,
      onTokens: (t: TokenState) => {
        if (!this.current) return
        this.current = { ...this.current, accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: t.expiresAt }
        this.env.onSession("renewed", this.current)
        for (const l of this.renewed) l()
      },
      onSessionExpired: () => {
        for (const l of this.expired) l()
      },
      currentWallet: () => this.walletId,
      serverType: () => this.serverType,
      ...(env.fetch ? { fetch: env.fetch } : {}),
      timeoutMs: 30_000
    })
  }

  configure(apiBase: string, locale: Locale): void {
    this.apiBase = apiBase
    this.locale = locale
  }

  /** A new session scope: what the engine opens for this sign-in is acquired into it, and released when it ends. */
  beginScope(): Scope.Closeable {
    const scope = Scope.makeUnsafe("sequential")
    this.scope = scope
    return scope
  }

  /**
   * Open a part of the session `scope` and add its release, told how the session ended. The release is added as the
   * part starts opening, so a session that ends meanwhile releases the part once it has opened (or failed to); the
   * releases run last acquired first. Null, and nothing opened, when the session has already ended. A failed release
   * is noted (EN1), never thrown: the rest of the session is still released.
   */
  async acquire<A>(
    scope: Scope.Closeable,
    where: string,
    open: () => Promise<A>,
    release: (end: SessionEnd, opened: A | undefined) => unknown
  ): Promise<A | null> {
    if (scope !== this.scope) return null
    const opening = open()
    const settled = opening.catch(() => undefined)
    await Effect.runPromise(
      Scope.addFinalizerExit(scope, (exit) =>
        Effect.promise(() =>
          settled
            .then(async (opened) => {
              await release(endOf(exit), opened)
            })
            .catch(this.bus.noted(where))
        )
      )
    )
    return opening
  }

  /** End the session: its scope closes, releasing every part it acquired (last first); nothing when none is open. */
  async endScope(end: SessionEnd): Promise<void> {
    const scope = this.scope
    this.scope = null
    if (scope) await Effect.runPromise(Scope.close(scope, Exit.succeed(end)))
  }

  /** Told when the tokens were renewed (the stream reconnects with them). */
  onRenewed(l: () => void): void {
    this.renewed.add(l)
  }
  /** Told when the server says the session is over (the engine signs out, S4). */
  onExpired(l: () => void): void {
    this.expired.add(l)
  }

  /** A2: a green-server user's calls need `server-type`; the views' calls wait until it is known (`open` settles it). */
  serverTypeUnknown(): () => void {
    let ready: () => void = () => undefined
    this.serverTypeReady = new Promise<void>((r) => {
      ready = r
    })
    return ready
  }

  /** The profile says whether this is a green-server user, who sends `server-type` on every call (A2). */
  async loadProfile(): Promise<void> {
    const db = this.db
    // without it the calls go without `server-type` until the next open: noted (EN1), not fatal
    const profile = await runApi(this.api.call("profile")).catch((e: unknown) => {
      this.bus.noted("profile")(e)
      return null
    })
    if (!profile || !db) return
    this.serverType = profile.data.server_type
    await db.entities.upsert({
      key: "profile||me",
      kind: "profile",
      wallet_id: "",
      id: "me",
      updated_at: new Date().toISOString(),
      doc: profile.data as unknown as Record<string, unknown>
    })
    await db.meta.upsert({ key: "user|serverType", value: profile.data.server_type })
  }

  /** A one-off call for a view (a quote, a decode): through the user's client, once `server-type` is known. */
  async call(endpoint: EndpointId, args: CallArgs): Promise<unknown> {
    if (this.current) await this.serverTypeReady
    return runApi(this.api.call(endpoint, args))
  }

  /** The network as the tabs see it; answers whether it changed. */
  setOnline(online: boolean): boolean {
    if (this.online === online) return false
    this.online = online
    if (online) for (const w of this.onlineWaiters.splice(0)) w()
    return true
  }

  /** RT7: resolves at once when online, else when the network returns (commands wait here, spending no tries). */
  waitOnline(): Effect.Effect<void> {
    return Effect.callback<void>((resume) => {
      if (this.online) {
        resume(Effect.void)
        return
      }
      const w = () => resume(Effect.void)
      this.onlineWaiters.push(w)
      return Effect.sync(() => {
        const i = this.onlineWaiters.indexOf(w)
        if (i >= 0) this.onlineWaiters.splice(i, 1)
      })
    })
  }
}

export class Session extends Context.Service<Session, SessionState>()("sync/Session") {
  static readonly layer: Layer.Layer<Session, never, EngineEnvironment | EngineBus> = Layer.effect(
    Session,
    Effect.gen(function* () {
      return new SessionState(yield* EngineEnvironment, yield* EngineBus)
    })
  )
}
