/**
 * Starts a sandbox users API (DESIGN "The sandbox users API"): opens or creates the SQLite
 * database (seeding it at first start), builds the Hono app with every endpoint of
 * schema/api.ts (spec core §7, features §7), the SSE stream, the admin switches, CORS for an
 * app served from another port, and the background jobs (approval cut-off at 23:59:59
 * America/Sao_Paulo, features §4; optional "alive" traffic). Used by sandbox/main.ts, the tests
 * and the benchmarks.
 */
import { Hono, type Context } from "hono"
import { cors } from "hono/cors"
import { bodyLimit } from "hono/body-limit"
import { serve } from "@hono/node-server"
import type { AddressInfo } from "node:net"
import { Clock, spCutoffOf } from "./time.ts"
import { createIndexes, createTables, ensureSecret, isSeeded, openDb, type DB } from "./db.ts"
import { seed as runSeed, seedInfo, type SeedOptions, type SeedResult } from "./seed.ts"
import { EventLog, later, noFaults, type Ctx, type FaultsStateInput, type SandboxConfig } from "./context.ts"
import { ApiError, errorBody, langOf } from "./errors.ts"
import { registerAuthRoutes } from "./areas/auth/routes.ts"
import { registerUserRoutes } from "./areas/user/routes.ts"
import { registerWalletRoutes } from "./areas/wallets/routes.ts"
import { QUOTE_TTL_MS, registerCoinRoutes } from "./areas/coins/routes.ts"
import { registerNotificationRoutes } from "./areas/notifications/routes.ts"
import { registerStatementRoutes } from "./areas/statements/routes.ts"
import { registerApprovalRoutes, runCutoff } from "./areas/approval/routes.ts"
import { registerPixRoutes } from "./areas/pix/routes.ts"
import { registerPixKeyRoutes } from "./areas/pix-keys/routes.ts"
import { registerPixScheduleRoutes } from "./areas/pix-schedule/routes.ts"
import { startScheduler } from "./scheduler.ts"
import { registerPixQrRoutes } from "./areas/pix-qr/routes.ts"
import { registerPixLimitRoutes } from "./areas/pix-limits/routes.ts"
import { registerStreamRoutes } from "./areas/stream/routes.ts"
import { cardsAliveTick, registerCardRoutes } from "./areas/cards/routes.ts"
import { billetAliveTick, registerBilletRoutes } from "./areas/billet/routes.ts"
import { registerTedRoutes, tedAliveTick } from "./areas/ted/routes.ts"
import { PART_PUT_PATTERN, registerStorageRoutes } from "./areas/storage/routes.ts"
import { registerBettingRoutes } from "./areas/betting/routes.ts"
import { registerGatewayRoutes } from "./areas/gateway/routes.ts"
import { registerPixStatementRoutes } from "./areas/pix-statement/routes.ts"
import { registerPixMedRoutes } from "./areas/pix-med/routes.ts"
import { faultsState, ledgerOf, registerAdminRoutes } from "./areas/admin/routes.ts"
import { keepSeedCopy, registerResetRoute } from "./reset.ts"
import { rmSync } from "node:fs"
import { decodePixKey, executePixOut, receivePixIn, notify } from "./ledger.ts"
import type { Ledger } from "../schema/api-admin.ts"
import type { StatementEntry } from "../schema/entities.ts"
import { HEARTBEAT_MS } from "../schema/stream.ts"
import { Prng } from "./prng.ts"
import { FIRST_NAMES, LAST_NAMES } from "./names.ts"

export interface StartOptions {
  /** 0 = a random free port (default 4010). */
  readonly port?: number
  readonly hostname?: string
  /** File path or ":memory:" (default ".data/sandbox.sqlite"). */
  readonly dbPath?: string
  /** How to seed a fresh database (ignored when the file is already seeded). */
  readonly seed?: SeedOptions
  /** Print requests and codes (default false). Codes are always kept for GET /__admin/codes. */
  readonly log?: boolean
  /** A code accepted besides the printed one at sign-in and sign-up (default null: off; the CLI's `--fixed-code` gives "000000"). Never for a password reset or a temporary token. */
  readonly fixedCode?: string | null
  /** Serve /__admin/* (default true). */
  readonly admin?: boolean
  readonly accessTokenTtlS?: number
  /** How long a conversion quote holds (default 30 s, features §6); a longer one only in tests whose subject is not the quote. */
  readonly quoteTtlMs?: number
  readonly exportMs?: number
  readonly receiptMs?: number
  readonly heartbeatMs?: number
  readonly pinLockS?: number
  readonly signinDelayS?: number
  readonly signinLockS?: number
  readonly clientAttemptLimit?: number
  readonly clientWindowS?: number
  /** Check every response against its Schema (default "sample": the first 100 rows of lists). */
  readonly checkResponses?: boolean | "sample"
  /** Simulated traffic on Ana's main wallet: an incoming Pix (from a stranger or from Bruno, by key) or a notification every `alivePeriodMs`. */
  readonly alive?: boolean
  readonly alivePeriodMs?: number
  readonly trends?: boolean
  /** Keep a copy of the database as seeded and serve `POST /__admin/reset` back to it (with `admin`; sandbox/reset.ts). */
  readonly resettable?: boolean
  /** The app's origins, the only ones CORS answers (issue 30; default `DEFAULT_APP_ORIGINS`: the app of scripts/serve.mjs). */
  readonly appOrigins?: ReadonlyArray<string>
  /** The base of the absolute URLs the sandbox answers (signed upload and file URLs) when not the app's; default its own URL. */
  readonly publicUrl?: string
}

/** The app scripts/serve.mjs serves by default (its `--app-port` 5173), under both local names. */
export const DEFAULT_APP_ORIGINS: ReadonlyArray<string> = ["http://localhost:5173", "http://127.0.0.1:5173"]
/** An origin as the browser sends it (scheme://host[:port], no path), or an error. */
export const normOrigin = (o: string): string => {
  const u = new URL(o)
  if (u.origin === "null") throw new Error(`not an origin: ${o}`)
  return u.origin
}

export interface Sandbox {
  readonly url: string
  readonly port: number
  readonly db: DB
  readonly seeded: SeedResult | null
  close(): Promise<void>
  /** In-process shortcuts to the admin switches (the same as /__admin/*). */
  readonly admin: {
    readonly ctx: Ctx
    pixIn(walletId: string, amount: number, payerName?: string): StatementEntry
    notify(userEmail: string, title: string, description: string): void
    runCutoff(all?: boolean): string[]
    setClockOffset(ms: number): void
    /** Moves the sandbox's real time (tokens, locks, per-client windows) `ms` ahead, for in-process tests (sandbox/time.ts). */
    passRealTime(ms: number): void
    faults(f: FaultsStateInput): void
    resetFaults(): void
    ledger(walletId: string): Ledger
    seedInfo(): ReturnType<typeof seedInfo>
  }
}

const ALLOWED_HEADERS = [
  "authorization",
  "content-type",
  "wallet-uuid",
  "transaction-uuid",
  "server-type",
  "language",
  "accept-language",
  "nonce",
  "x-nonce",
  "last-event-id",
  "cache-control"
]

/** The largest request body the sandbox reads (JSON calls; a part PUT has its own limit, its part's size: areas/storage/routes.ts). */
export const MAX_BODY_BYTES = 1024 * 1024

/** 413 with the catalogue's key for a request (INVALID_REQUEST; no key of its own: D-sandbox-trust). */
export const tooLarge = (c: Context, limit: number): Response =>
  c.json(
    errorBody(new ApiError(413, "INVALID_REQUEST", `request body over ${limit} bytes`), langOf(c.req.header("language"), c.req.header("accept-language"))),
    413
  )

/** An admin path: `/__admin` and everything under it (also spelled with a different case or doubled slashes). */
export const isAdminPath = (path: string): boolean => /^\/+__admin(\/|$)/i.test(path)

export const startSandbox = async (opts: StartOptions = {}): Promise<Sandbox> => {
  const dbPath = opts.dbPath ?? ".data/sandbox.sqlite"
  const db = openDb(dbPath)
  let seeded: SeedResult | null = null
  if (!isSeeded(db)) {
    const hasRows = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'users'").get() as { n: number }
    if (hasRows.n > 0 && (db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n > 0) {
      db.close()
      throw new Error(`${dbPath} holds a partial seed (interrupted?); delete it and start again`)
    }
    seeded = runSeed(db, opts.seed ?? {})
  } else {
    createTables(db) // tables added by a newer sandbox
    createIndexes(db, false)
  }
  const secret = ensureSecret(db)
  const clock = new Clock()
  const maxStamp = db.prepare("SELECT max(updated_at) AS m FROM statements").get() as { m: string | null }
  clock.floor(maxStamp.m)

  const log = opts.log ?? false
  const cfg: SandboxConfig = {
    accessTokenTtlS: opts.accessTokenTtlS ?? 300,
    quoteTtlMs: opts.quoteTtlMs ?? QUOTE_TTL_MS,
    fixedCode: opts.fixedCode ?? null,
    log,
    admin: opts.admin ?? true,
    exportMs: opts.exportMs ?? 3000,
    receiptMs: opts.receiptMs ?? 1000,
    heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
    pinLockS: opts.pinLockS ?? 300,
    signinDelayS: opts.signinDelayS ?? 2,
    signinLockS: opts.signinLockS ?? 900,
    clientAttemptLimit: opts.clientAttemptLimit ?? 30,
    clientWindowS: opts.clientWindowS ?? 900,
    checkResponses: opts.checkResponses ?? "sample",
    appOrigins: (opts.appOrigins ?? DEFAULT_APP_ORIGINS).map(normOrigin),
    publicBases: []
  }
  const ctx: Ctx = {
    db,
    cfg,
    clock,
    secret,
    events: new EventLog(db, () => clock.nowIso()),
    flags: { trends: opts.trends ?? false },
    faults: noFaults(),
    sse: new Set(),
    timers: new Set(),
    codes: new Map(),
    onClockChange: [],
    log: (line) => {
      if (log) console.log(line)
    },
    say: (line) => {
      if (log) console.log(line)
    }
  }

  const app = new Hono()
  // issue 30: every /__admin/* path (whichever file registers it) is refused as an unknown route unless admin is on
  // (deny by default, before CORS so a preflight learns nothing either; D-sandbox-trust)
  app.use("*", async (c, next) => {
    if (!cfg.admin && isAdminPath(c.req.path))
      return c.json(
        errorBody(new ApiError(404, "NOT_FOUND", `${c.req.method} ${c.req.path}`), langOf(c.req.header("language"), c.req.header("accept-language"))),
        404
      )
    return next()
  })
  app.use(
    "*",
    cors({
      // issue 30: only the app's origins (a foreign page gets no allow-origin header; a call without Origin is unaffected)
      origin: (o) => (cfg.appOrigins.includes(o) ? o : null),
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: ALLOWED_HEADERS,
      exposeHeaders: ["Retry-After", "idempotent-replay", "content-disposition"],
      maxAge: 600
    })
  )
  // issue 30: no API answer is kept by a cache (tokens, PIN tokens, signed URLs, statements): `no-store` unless a route
  // says otherwise (the stream's `no-cache, no-transform`)
  app.use("*", async (c, next) => {
    await next()
    if (c.res.headers.has("cache-control")) return
    try {
      c.res.headers.set("Cache-Control", "no-store")
    } catch {
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers: [...c.res.headers, ["Cache-Control", "no-store"]] })
    }
  })
  // issue 30: a body over the limit is refused with 413 before it is read whole (Content-Length at once; a streamed body as
  // soon as it passes the limit) — the signed part PUT excepted, it checks against its part's declared size
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => tooLarge(c, MAX_BODY_BYTES) })
  app.use("*", (c, next) => (c.req.method === "PUT" && PART_PUT_PATTERN.test(c.req.path) ? next() : limitBody(c, next)))
  if (log) {
    app.use("*", async (c, next) => {
      const t = performance.now()
      await next()
      if (!c.req.path.startsWith("/__admin")) console.log(`[sandbox] ${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - t).toFixed(1)} ms`)
    })
  }
  // a public liveness probe (the admin routes, with their own health, are off unless asked for)
  app.get("/health", (c) => c.json({ ok: true }))
  if (cfg.admin) registerAdminRoutes(app, ctx)
  const seedCopy = cfg.admin && opts.resettable === true ? keepSeedCopy(ctx, dbPath) : null
  if (seedCopy) registerResetRoute(app, ctx, seedCopy)
  registerAuthRoutes(app, ctx)
  registerUserRoutes(app, ctx)
  registerWalletRoutes(app, ctx)
  registerCoinRoutes(app, ctx)
  registerNotificationRoutes(app, ctx)
  registerStatementRoutes(app, ctx)
  registerApprovalRoutes(app, ctx)
  registerPixRoutes(app, ctx)
  registerPixKeyRoutes(app, ctx)
  registerPixScheduleRoutes(app, ctx)
  registerPixQrRoutes(app, ctx)
  registerPixLimitRoutes(app, ctx)
  registerCardRoutes(app, ctx)
  registerBilletRoutes(app, ctx)
  registerTedRoutes(app, ctx)
  registerStorageRoutes(app, ctx)
  registerBettingRoutes(app, ctx)
  registerGatewayRoutes(app, ctx)
  registerPixStatementRoutes(app, ctx)
  registerPixMedRoutes(app, ctx)
  registerStreamRoutes(app, ctx)
  app.notFound((c) =>
    c.json(errorBody(new ApiError(404, "NOT_FOUND", `${c.req.method} ${c.req.path}`), langOf(c.req.header("language"), c.req.header("accept-language"))), 404)
  )
  app.onError((e, c) => {
    ctx.log(`[sandbox] unhandled: ${e.stack ?? e.message}`)
    return c.json(errorBody(new ApiError(500, "INTERNAL_ERROR"), "pt"), 500)
  })

  // ── the cut-off job (features §4, §9): at 23:59:59 America/Sao_Paulo, started → canceled ──
  let cutoffTimer: NodeJS.Timeout | null = null
  const scheduleCutoff = (): void => {
    if (cutoffTimer !== null) {
      clearTimeout(cutoffTimer)
      ctx.timers.delete(cutoffTimer)
    }
    const now = clock.now()
    let at = spCutoffOf(now)
    if (at <= now) at = spCutoffOf(now + 2000)
    cutoffTimer = setTimeout(
      () => {
        if (cutoffTimer !== null) ctx.timers.delete(cutoffTimer)
        cutoffTimer = null
        try {
          const ids = db.transaction(() => runCutoff(ctx))()
          if (ids.length > 0) ctx.log(`[sandbox] cut-off canceled ${ids.length} approval request(s)`)
        } finally {
          scheduleCutoff()
        }
      },
      Math.max(0, at - now) + 5
    )
    cutoffTimer.unref()
    ctx.timers.add(cutoffTimer)
  }
  scheduleCutoff()
  ctx.onClockChange.push(scheduleCutoff)
  db.transaction(() => runCutoff(ctx))() // requests left over from a previous run
  startScheduler(ctx) // issue 13: scheduled Pix and recurrences on the business clock

  // ── alive mode: traffic on Ana's main wallet ──
  const info = seedInfo(db)
  if (opts.alive === true && info !== null) {
    const rng = new Prng(7)
    const period = opts.alivePeriodMs ?? 5000
    const tick = (): void => {
      try {
        db.transaction(() => {
          if (rng.chance(0.25)) cardsAliveTick(ctx, info.wallets.anaMain, rng)
          else if (rng.chance(0.1)) billetAliveTick(ctx, rng)
          else if (rng.chance(0.05)) tedAliveTick(ctx, info.wallets.anaMain, rng)
          else if (rng.chance(0.3)) {
            // issue 12 alive: a Pix between two seeded users (Bruno pays Ana by key): a debit and a credit, both live
            const order = decodePixKey(info.users.ana.email)
            if (order !== null)
              executePixOut(
                ctx,
                info.wallets.brunoMatrix,
                { ...order, description: rng.pick(["Reembolso almoco", "Aluguel sala", "Servicos de design"]) },
                rng.int(1_000, 50_000),
                null
              )
          } else if (rng.chance(0.7)) {
            receivePixIn(ctx, info.wallets.anaMain, rng.int(500, 250_000), `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`, "52998224725")
          } else {
            notify(ctx, info.users.ana.id, "Aviso", rng.pick(["Seu extrato foi atualizado.", "Novo acesso detectado.", "Confira as novidades da sua conta."]))
          }
        })()
      } catch (e) {
        ctx.log(`[sandbox] alive tick failed: ${String(e)}`)
      }
      later(ctx, period, tick)
    }
    later(ctx, period, tick)
  }

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 4010, hostname: opts.hostname ?? "127.0.0.1" }, () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  const host = opts.hostname === undefined || opts.hostname === "0.0.0.0" || opts.hostname === "::" ? "127.0.0.1" : opts.hostname
  const url = `http://${host}:${port}`
  // issue 30: the bases of absolute URLs, fixed here (never the request's Host): the public URL or our own, then the app's
  const own = host === "127.0.0.1" ? [url, `http://localhost:${port}`] : [url]
  cfg.publicBases.push(...new Set([...(opts.publicUrl !== undefined ? [normOrigin(opts.publicUrl)] : own), ...cfg.appOrigins, ...own]))

  let closed = false
  return {
    url,
    port,
    db,
    seeded,
    close: async () => {
      if (closed) return
      closed = true
      for (const t of ctx.timers) clearTimeout(t)
      ctx.timers.clear()
      for (const conn of [...ctx.sse]) conn.close()
      await new Promise<void>((resolve) => {
        const s = server as unknown as { close(cb: () => void): void; closeAllConnections?: () => void }
        s.close(() => resolve())
        s.closeAllConnections?.()
      })
      db.close()
      if (seedCopy) rmSync(seedCopy.path, { force: true })
    },
    admin: {
      ctx,
      pixIn: (walletId, amount, payerName) => db.transaction(() => receivePixIn(ctx, walletId, amount, payerName ?? "Pagador Sandbox", "52998224725"))(),
      notify: (email, title, description) => {
        db.transaction(() => {
          const u = db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string } | undefined
          if (u === undefined) throw new Error(`no user ${email}`)
          notify(ctx, u.id, title, description)
        })()
      },
      runCutoff: (all) => db.transaction(() => runCutoff(ctx, all ?? false))(),
      passRealTime: (ms) => {
        clock.realSkewMs += ms
      },
      setClockOffset: (ms) => {
        clock.offsetMs = ms
        for (const fn of ctx.onClockChange) fn()
      },
      faults: (f) => Object.assign(ctx.faults, f),
      resetFaults: () => {
        ctx.faults = noFaults()
      },
      ledger: (walletId) => ledgerOf(ctx, walletId),
      seedInfo: () => seedInfo(db)
    }
  }
}

export { faultsState }
