/**
 * The client half of the worker boundary: what views use instead of fetch or storage
 * (CONVENTIONS habit 2). It starts the engine (a SharedWorker, so one engine serves every tab of
 * the browser; a dedicated Worker where SharedWorker is missing), sends typed requests, keeps
 * live-query subscriptions and offers `useLiveQuery` for React (useSyncExternalStore).
 * The session lives in sessionStorage (spec core §9) and is handed to the engine on start.
 */
import { useEffect, useMemo, useSyncExternalStore } from "react"
import type { EndpointId, ResponseOf } from "../schema/api.ts"
import type { CommandBody } from "../sync/commands/registry.ts"
import type { ListName, ListRow } from "../schema/lists.ts"
import type { Locale } from "../schema/common.ts"
import type { FromWorker, LiveQuery, NoteName, RequestFailure, RequestName, RequestPayload, RequestSuccess, SessionInfo, ToWorker } from "./protocol.ts"
import type { ResultOf } from "./results.ts"
import { electedPort } from "./leader.ts"
import { earlyValue, narrowFromHeld, prepareLater, restOf, type Held, type Narrowing } from "./narrow-cache.ts"
export type { Narrowing } from "./narrow-cache.ts"

/** A failure the page itself makes: the engine went away mid-request (W3), or a reply did not match its Schema (W4). */
export type ClientFailure = { readonly _tag: "EngineRestarted" } | { readonly _tag: "MalformedReply" }
/** What a request of sync/requests.ts may fail with, as a view gets it: its declared tagged errors, UnknownError, or the page's own. */
export type Failure<N extends RequestName> = RequestFailure<N> | ClientFailure

/**
 * How every failure of the engine reaches a view: `error` is the real tagged error (decoded back to its class from
 * the request's failure Schema, sync/requests.ts), `key` its catalogue key to translate; `tag`, `status` and `fields`
 * are read from it. `failureOf(request, e)` narrows one to its request's union for a `switch` on `_tag`.
 */
export class EngineError<E extends { readonly _tag: string } = { readonly _tag: string }> extends Error {
  readonly tag: E["_tag"]
  readonly status: number | undefined
  readonly fields: Readonly<Record<string, string>> | undefined
  constructor(
    readonly error: E,
    readonly key: string,
    /** the request that failed ("" for a failure made outside one: a command refused, a list that cannot be read) */
    readonly request: RequestName | "" = ""
  ) {
    super(key)
    this.tag = error._tag
    const o = error as { status?: unknown; fields?: unknown }
    this.status = typeof o.status === "number" ? o.status : undefined
    this.fields = o.fields !== null && typeof o.fields === "object" ? (o.fields as Record<string, string>) : undefined
  }
}

/** A request's failure, typed by its declaration, for a view to switch on its tag; null when `e` is not one of its failures. */
export const failureOf = <N extends RequestName>(request: N, e: unknown): Failure<N> | null =>
  e instanceof EngineError && e.request === request ? (e.error as Failure<N>) : null

/** The views' client of every request of sync/requests.ts, derived from the declaration: one method per request, its payload in, its success out. */
export type Rpc = { readonly [N in RequestName]: (payload: RequestPayload<N>) => Promise<RequestSuccess<N>> }

export interface CallArgs {
  readonly params?: Record<string, string>
  readonly query?: Record<string, string>
  readonly body?: unknown
  readonly walletId?: string
}
/** The commands views may submit, and the synced lists they may read (types only: views never import sync/). */
export type { CommandBody, CommandName, PayloadOf } from "../sync/commands/registry.ts"
export type { ListName, ListRow } from "../schema/lists.ts"
export type PinAnswer = { pin: string } | { temporary_token: string } | null

/**
 * The contract's Schemas that check what the engine answers (every endpoint's response, every live query's result)
 * are a chunk of their own (workers/contract.ts), fetched as the client starts and awaited before the first reply or
 * snapshot is read (issue 33 item 5: the shell's first JS holds only what the first page needs; the contract of every
 * area is ~60 kB gzip). Messages that arrive before it are kept in order and read once it is in.
 */
type Contract = typeof import("./contract.ts")
let contract: Contract | null = null
let contractLoad: Promise<Contract> | null = null
const loadContract = (): Promise<Contract> =>
  (contractLoad ??= import("./contract.ts").then(
    (m) => {
      contract = m
      return m
    },
    (e: unknown) => {
      contractLoad = null // a failed fetch (a deploy, a flaky network) is asked again, not remembered
      throw e
    }
  ))

const SESSION_KEY = "session"
/** A reply or snapshot that does not match its Schema: a defect of this build, said loudly and never shown. */
const malformed = (what: string, value: unknown, request: RequestName | "" = ""): EngineError => {
  // eslint-disable-next-line no-console -- a broken contract between the engine and the views is logged, not hidden
  console.error(`[engine] ${what} does not match its Schema`, value)
  return new EngineError({ _tag: "MalformedReply" }, "INVALID_FORMAT", request)
}

interface Port {
  postMessage(m: unknown): void
  onmessage: ((e: MessageEvent) => void) | null
}

export class EngineClient {
  private nextId = 1
  private readonly replies = new Map<number, { request: RequestName; payload: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  private readonly subs = new Map<number, (v: unknown) => void>()
  /** Messages received before the contract's Schemas were in (read in order once they are). */
  private early: unknown[] | null = []
  private readonly subQueries = new Map<number, LiveQuery>()
  private readonly sessionListeners = new Set<(event: "expired" | "renewed" | "signedOut") => void>()

  constructor(
    private readonly port: Port,
    private readonly apiBase: string,
    private locale: Locale,
    opts: { readonly keepSession?: boolean } = {}
  ) {
    port.onmessage = (e) => {
      if (this.early === null) this.receive(e.data)
      else this.early.push(e.data)
    }
    const load = (): void => {
      loadContract().then(
        () => {
          const early = this.early ?? []
          this.early = null
          for (const data of early) this.receive(data)
        },
        () => setTimeout(load, 1_000)
      )
    }
    load()
    this.tell("hello", { apiBase, locale, session: readSession() })
    // RT7: the engine hears of the network from the tabs too (a shared worker may not be told by the browser)
    if (typeof navigator !== "undefined" && typeof addEventListener === "function") {
      const report = (): void => {
        this.tell("online", { online: navigator.onLine })
      }
      report()
      addEventListener("online", report)
      addEventListener("offline", report)
    }
    // W3: with an elected engine, any tab may have to start the next one, so each keeps the session
    if (opts.keepSession)
      this.subscribe({ kind: "session" }, (s) => {
        if (s) writeSession(s)
      })
  }

  /**
   * W3 (workers/leader.ts): the engine behind the port changed. Requests in flight fail with a
   * retryable error; `hello` and every live query go to the new engine.
   */
  reconnect(): void {
    const inFlight = [...this.replies.values()]
    this.replies.clear()
    for (const r of inFlight) r.reject(new EngineError({ _tag: "EngineRestarted" }, "UNABLE_TO_GET_DATA", r.request))
    this.tell("hello", { apiBase: this.apiBase, locale: this.locale, session: readSession() })
    for (const [subId, query] of this.subQueries) this.post({ t: "subscribe", subId, query })
    if (this.wallet) this.tell("setWallet", { walletId: this.wallet })
  }
  private wallet: string | null = null

  private post(m: ToWorker): void {
    this.port.postMessage(m)
  }

  private receive(data: unknown): void {
    const c = contract!
    const m: FromWorker | null = c.decodeFromWorker(data)
    if (m === null) return // a message we cannot read is dropped, never trusted
    switch (m.t) {
      case "reply": {
        const r = this.replies.get(m.reqId)
        if (!r) return
        this.replies.delete(m.reqId)
        if (m.ok) {
          if (c.guardOf(c.successSchemaOf(r.request, r.payload))(m.value)) r.resolve(m.value)
          else r.reject(malformed(`the reply to ${r.request}`, m.value, r.request))
          return
        }
        // the request's failure Schema (sync/requests.ts): its tagged error, or UnknownError with its key kept (W5)
        const { error, key } = c.readFailure(r.request, m.error)
        r.reject(new EngineError(error, key, r.request))
        return
      }
      case "snapshot": {
        const cb = this.subs.get(m.subId)
        if (!cb) return
        const query = this.subQueries.get(m.subId)
        if (query !== undefined && c.guardOf(c.resultSchemaOf(query))(m.value)) cb(m.value)
        else malformed(`the snapshot of ${JSON.stringify(this.subQueries.get(m.subId))}`, m.value)
        return
      }
      case "session":
        if (m.event === "renewed" && m.session) writeSession(m.session)
        if (m.event !== "renewed") clearSession()
        for (const l of this.sessionListeners) l(m.event)
        return
    }
  }

  /**
   * Send a request of sync/requests.ts; its reply is checked against the request's Schemas (W4) and a failure
   * rejects with an EngineError holding the request's tagged error (W5).
   */
  private request<N extends RequestName>(request: N, payload: RequestPayload<N>): Promise<RequestSuccess<N>> {
    const reqId = this.nextId++
    return new Promise<RequestSuccess<N>>((resolve, reject) => {
      this.replies.set(reqId, { request, payload, resolve: resolve as (v: unknown) => void, reject })
      this.post({ t: request, reqId, ...payload } as unknown as ToWorker)
    })
  }
  private tell<N extends NoteName>(note: N, payload: RequestPayload<N>): void {
    this.post({ t: note, ...payload } as unknown as ToWorker)
  }

  /** Every request of sync/requests.ts, by name (`getEngine().rpc.cancelCommand({ commandId })`): derived, none written here. */
  readonly rpc: Rpc = new Proxy({} as Rpc, {
    get: (_, name) => (typeof name === "string" ? (payload: never) => this.request(name as RequestName, payload) : undefined)
  })

  /** A users-API call made by the engine's client (allowed paths, headers, decoding, errors), typed by its endpoint. */
  call<K extends EndpointId>(endpoint: K, args: CallArgs = {}): Promise<ResponseOf<K>> {
    return this.rpc.call({
      endpoint,
      ...(args.params ? { params: args.params } : {}),
      ...(args.query ? { query: args.query } : {}),
      ...(args.body !== undefined ? { body: args.body } : {}),
      ...(args.walletId ? { walletId: args.walletId } : {})
    }) as Promise<ResponseOf<K>>
  }

  /** `shown`: the page made this query's early answer (workers/narrow-cache.ts): the worker sends the full one only. */
  subscribe<Q extends LiveQuery>(query: Q, cb: (v: ResultOf<Q>) => void, shown = false): () => void {
    const subId = this.nextId++
    this.subs.set(subId, cb as (v: unknown) => void)
    this.subQueries.set(subId, query)
    this.post(shown ? { t: "subscribe", subId, query, shown } : { t: "subscribe", subId, query })
    return () => {
      this.subs.delete(subId)
      this.subQueries.delete(subId)
      this.post({ t: "unsubscribe", subId })
    }
  }

  /**
   * Submit a command to the outbox; resolves with its id once it is durably recorded. Each submit is
   * one intent (sync/SPEC.md DD3): without a key of its own it gets `intent:<uuid>`, and when the engine
   * went away before answering (W3: the leader's tab closed) it is submitted again under the same key,
   * so it is recorded once whether or not the first attempt reached the outbox.
   */
  async submit(walletId: string, body: CommandBody, dedupeKey?: string): Promise<string> {
    const key = dedupeKey ?? `intent:${globalThis.crypto.randomUUID()}`
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.rpc.submit({ walletId, body, dedupeKey: key })
      } catch (e) {
        if (!(e instanceof EngineError && e.tag === "EngineRestarted") || attempt >= 5) throw e
      }
    }
  }
  answerPin(commandId: string, answer: PinAnswer): void {
    this.tell("pinAnswer", { commandId, answer })
  }
  onSession(l: (event: "expired" | "renewed" | "signedOut") => void): () => void {
    this.sessionListeners.add(l)
    return () => {
      this.sessionListeners.delete(l)
    }
  }

  async signedIn(session: SessionInfo): Promise<void> {
    writeSession(session)
    await this.rpc.signedIn({ session })
  }
  /** Logout, expiry or user switch: the engine closes and wipes this user's local data (core §4). */
  async signOut(reason: "logout" | "expired" | "switch"): Promise<void> {
    clearSession()
    await this.rpc.signOut({ reason })
  }
  setWallet(walletId: string): void {
    this.wallet = walletId
    this.tell("setWallet", { walletId })
  }
  setLocale(locale: Locale): void {
    this.locale = locale
    this.tell("locale", { locale })
  }
}

function readSession(): SessionInfo | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(SESSION_KEY)
    if (!raw) return null
    const v = JSON.parse(raw) as SessionInfo
    return typeof v.accessToken === "string" ? v : null
  } catch {
    return null
  }
}
function writeSession(s: SessionInfo): void {
  try {
    globalThis.sessionStorage?.setItem(SESSION_KEY, JSON.stringify(s))
  } catch {
    /* private mode */
  }
}
function clearSession(): void {
  try {
    globalThis.sessionStorage?.removeItem(SESSION_KEY)
  } catch {
    /* private mode */
  }
}
export const storedSession = readSession

let engine: EngineClient | null = null
/** The engine of this browser (started on first use). */
export function getEngine(apiBase = "", locale: Locale = "pt"): EngineClient {
  if (engine) return engine
  let port: Port
  // the URL is written inline in each constructor so Vite bundles the worker (its static pattern)
  if (typeof SharedWorker !== "undefined") {
    const w = new SharedWorker(new URL("./engine.worker.ts", import.meta.url), { type: "module", name: "engine" })
    w.port.start()
    port = w.port
  } else {
    // W1–W3: the tabs elect one that runs the engine in a dedicated worker for all of them
    port = electedPort({
      makeWorker: () => new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module", name: "engine" }),
      onReconnect: () => engine?.reconnect()
    })
  }
  engine = new EngineClient(port, apiBase, locale, { keepSession: typeof SharedWorker === "undefined" })
  return engine
}

// ── React: live queries through useSyncExternalStore ────────────────────────
interface Entry extends Held {
  value: unknown
  listeners: Set<() => void>
  unsubscribe: (() => void) | null
  timer: ReturnType<typeof setTimeout> | null
}
const cache = new Map<string, Entry>()
/** The narrowing a page gave for a filter (by its `rest`; the last 64 filters): their answers are folded ahead for it. */
const narrowedBy = new Map<string, Narrowing>()

/**
 * The cache's entry of a query, subscribed when new. `narrowing`: a big list's first window whose text narrows an
 * answer held here starts with the early answer made from it, and the worker is told so (workers/narrow-cache.ts).
 */
function entryFor(query: LiveQuery, narrowing?: Narrowing): Entry {
  const key = JSON.stringify(query)
  let e = cache.get(key)
  if (!e) {
    const made = narrowing ? narrowFromHeld(cache.values(), query, narrowing) : null
    const rest = restOf(query)
    if (narrowing && rest !== null) {
      narrowedBy.delete(rest)
      narrowedBy.set(rest, narrowing)
      if (narrowedBy.size > 64) narrowedBy.delete(narrowedBy.keys().next().value as string)
    }
    const entry: Entry = { rest, query, value: made ? earlyValue(made) : undefined, listeners: new Set(), unsubscribe: null, timer: null }
    entry.unsubscribe = getEngine().subscribe(
      query,
      (v) => {
        entry.value = v
        // an answer a next keystroke may be narrowed from: its rows folded while the page is idle
        const by = rest === null ? undefined : narrowedBy.get(rest)
        if (by) prepareLater(by, v)
        for (const l of entry.listeners) l()
      },
      made !== null
    )
    cache.set(key, entry)
    e = entry
  }
  return e
}

/** Forget an entry nobody listens to once its grace has passed (a re-render with the same query reuses it meanwhile). */
function dropLater(key: string, e: Entry): void {
  e.timer = setTimeout(() => {
    if (e.listeners.size === 0) {
      e.unsubscribe?.()
      cache.delete(key)
    }
  }, 2000)
}

/**
 * Watch a live query; `undefined` until the engine's first snapshot arrives.
 *
 * A new query is asked of the engine as the component renders, not when React subscribes after its commit: a keystroke
 * in a big table's filter re-renders the page before its commit, and the question waited for that render (12–20 ms of
 * the statements-keystroke-1m trace before the worker was asked). An answer asked by a render React throws away is
 * forgotten after the same grace as an unsubscribed one.
 */
export function useLiveQuery<Q extends LiveQuery>(query: Q | null, narrowing?: Narrowing): ResultOf<Q> | undefined {
  const key = query ? JSON.stringify(query) : ""
  if (query && !cache.has(key)) dropLater(key, entryFor(query, narrowing))
  return useSyncExternalStore(
    (onChange) => {
      if (!query) return () => undefined
      const e = entryFor(query)
      if (e.timer) {
        clearTimeout(e.timer)
        e.timer = null
      }
      e.listeners.add(onChange)
      return () => {
        e.listeners.delete(onChange)
        // keep the subscription briefly so a re-render with the same query reuses it
        if (e.listeners.size === 0) dropLater(key, e)
      }
    },
    () => (query ? (cache.get(key)?.value as ResultOf<Q> | undefined) : undefined)
  )
}

/**
 * Keep a live query asked and current without listening to its answers (no render when they come): an answer other
 * queries are made from, such as the reserve a big table keeps to narrow the next keystroke (workers/narrow-cache.ts).
 */
export function useKeptLive(query: LiveQuery | null): void {
  const key = query ? JSON.stringify(query) : ""
  useEffect(() => {
    if (key === "") return undefined
    const e = entryFor(JSON.parse(key) as LiveQuery)
    if (e.timer) {
      clearTimeout(e.timer)
      e.timer = null
    }
    const keep = (): void => undefined
    e.listeners.add(keep)
    return () => {
      e.listeners.delete(keep)
      if (e.listeners.size === 0) dropLater(key, e)
    }
  }, [key])
}

/**
 * Several live queries whose number is known only at run time (one per wallet), through the same cache as
 * `useLiveQuery`: each is asked as the component renders, and one already answered (kept by another view, or within
 * its grace) is there at the first render — the analysis page's wallets' permissions were asked only after a commit
 * and an effect, a worker round trip after the page showed (analysis-view-open-1m). The answer keeps the order of
 * `queries`, `undefined` until a query's first snapshot; the array is the same object while no answer changes.
 */
export function useLiveQueries<Q extends LiveQuery>(queries: ReadonlyArray<Q>): ReadonlyArray<ResultOf<Q> | undefined> {
  const keys = queries.map((q) => JSON.stringify(q))
  for (let i = 0; i < queries.length; i++) if (!cache.has(keys[i]!)) dropLater(keys[i]!, entryFor(queries[i]!))
  const joined = JSON.stringify(keys)
  const store = useMemo(() => storeOfMany<ResultOf<Q>>(JSON.parse(joined) as string[]), [joined])
  return useSyncExternalStore(store.subscribe, store.snapshot)
}

/** The subscribe and snapshot of several cached queries (`useLiveQueries`); the snapshot is the same array while no answer changes. */
function storeOfMany<R>(ks: ReadonlyArray<string>): { subscribe: (onChange: () => void) => () => void; snapshot: () => ReadonlyArray<R | undefined> } {
  let last: ReadonlyArray<R | undefined> = []
  return {
    subscribe(onChange) {
      const entries = ks.map((k) => {
        const e = entryFor(JSON.parse(k) as LiveQuery)
        if (e.timer) {
          clearTimeout(e.timer)
          e.timer = null
        }
        e.listeners.add(onChange)
        return [k, e] as const
      })
      return () => {
        for (const [k, e] of entries) {
          e.listeners.delete(onChange)
          if (e.listeners.size === 0) dropLater(k, e)
        }
      }
    },
    snapshot() {
      const now = ks.map((k) => cache.get(k)?.value as R | undefined)
      if (now.length !== last.length || now.some((v, i) => v !== last[i])) last = now
      return last
    }
  }
}

/**
 * Watch a synced list of the registry (schema/lists.ts): its rows in the list's order, with the
 * pending commands' overlays applied (C7); `walletId` for wallet lists (default: the current wallet).
 * `undefined` until the engine's first snapshot arrives.
 */
export function useList<L extends ListName>(list: L, walletId?: string | null): ReadonlyArray<ListRow<L>> | undefined {
  const q = walletId === null ? null : walletId === undefined ? { kind: "list" as const, list } : { kind: "list" as const, list, walletId }
  return useLiveQuery(q) as ReadonlyArray<ListRow<L>> | undefined
}

/** Submit a command (sync/commands/registry.ts) on a wallet; resolves with its id once recorded (C1). */
export function submitCommand(walletId: string, body: CommandBody, dedupeKey?: string): Promise<string> {
  return getEngine().submit(walletId, body, dedupeKey)
}

/**
 * Submit a command and wait for its end (DESIGN "Commands"): resolves when it is confirmed, rejects
 * with an EngineError carrying the refusal's catalogue key when it is rejected, failed or cancelled.
 * For forms that stay open until the server answered (a wallet's name, an invitation, a setting):
 * the action still goes through the outbox, with its idempotency key, retries and overlays; offline
 * it waits for the network (RT7) and the shell lists it as waiting.
 */
export async function runCommand(walletId: string, body: CommandBody, dedupeKey?: string): Promise<void> {
  const id = await submitCommand(walletId, body, dedupeKey)
  await new Promise<void>((resolve, reject) => {
    let stop: (() => void) | null = null
    let done = false
    const finish = (f: () => void): void => {
      if (done) return
      done = true
      f()
      queueMicrotask(() => stop?.())
    }
    stop = getEngine().subscribe({ kind: "commands" }, (all) => {
      const c = all.find((x) => x.id === id)
      if (c === undefined) return
      if (c.state === "confirmed") finish(resolve)
      else if (c.state === "rejected" || c.state === "failed" || c.state === "cancelled") {
        finish(() => {
          reject(new EngineError({ _tag: "CommandRefused" }, c.error_key ?? "UNKNOWN_ERROR"))
        })
      }
    })
    if (done) stop()
  })
}

// ── Small per-browser preferences (core §3 "Locally persisted") ─────────────
export const prefs = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(`pref:${key}`) ?? null
    } catch {
      return null
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) globalThis.localStorage?.removeItem(`pref:${key}`)
      else globalThis.localStorage?.setItem(`pref:${key}`, value)
    } catch {
      /* private mode */
    }
  }
}
