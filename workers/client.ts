/**
 * The client half of the worker boundary: what views use instead of fetch or storage
 * (CONVENTIONS habit 2). It starts the engine (a SharedWorker, so one engine serves every tab of
 * the browser; a dedicated Worker where SharedWorker is missing), sends typed requests, keeps
 * live-query subscriptions and offers `useLiveQuery` for React (useSyncExternalStore).
 * The session lives in sessionStorage (spec core §9) and is handed to the engine on start.
 */
import { useSyncExternalStore } from "react"
import type { Schema } from "effect"
import type { EndpointId, ResponseOf } from "../schema/api.ts"
import type { CommandBody } from "../sync/commands/registry.ts"
import type { ListName, ListRow } from "../schema/lists.ts"
import type { Locale } from "../schema/common.ts"
import type { TableName } from "../schema/tables/registry.ts"
import type { SavedView } from "../schema/analysis.ts"
import type { FromWorker, LiveQuery, ReplyOf, RequestName, SessionInfo, StatementQueryMsg, TableQueryMsg, ToWorker, WorkerError } from "./protocol.ts"
import type { ResultOf } from "./results.ts"
import { electedPort } from "./leader.ts"

export class EngineError extends Error {
  readonly tag: string
  readonly key: string
  readonly status: number | undefined
  readonly fields: Readonly<Record<string, string>> | undefined
  constructor(e: WorkerError) {
    super(e.key)
    this.tag = e.tag
    this.key = e.key
    this.status = e.status
    this.fields = e.fields
  }
}

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

/** A reply's Schema taken from the contract once it is in (a `call`: its endpoint's response). */
class FromContract {
  constructor(readonly pick: (c: Contract) => Schema.Top) {}
}

const SESSION_KEY = "session"
/** A reply or snapshot that does not match its Schema: a defect of this build, said loudly and never shown. */
const malformed = (what: string, value: unknown): EngineError => {
  // eslint-disable-next-line no-console -- a broken contract between the engine and the views is logged, not hidden
  console.error(`[engine] ${what} does not match its Schema`, value)
  return new EngineError({ tag: "MalformedResponse", key: "INVALID_FORMAT" })
}

interface Port {
  postMessage(m: unknown): void
  onmessage: ((e: MessageEvent) => void) | null
}

export class EngineClient {
  private nextId = 1
  private readonly replies = new Map<
    number,
    { request: RequestName; success: FromContract | null; resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >()
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
    this.post({ t: "hello", apiBase, locale, session: readSession() })
    // RT7: the engine hears of the network from the tabs too (a shared worker may not be told by the browser)
    if (typeof navigator !== "undefined" && typeof addEventListener === "function") {
      const report = (): void => {
        this.post({ t: "online", online: navigator.onLine })
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
    for (const r of inFlight) r.reject(new EngineError({ tag: "EngineRestarted", key: "UNABLE_TO_GET_DATA" }))
    this.post({ t: "hello", apiBase: this.apiBase, locale: this.locale, session: readSession() })
    for (const [subId, query] of this.subQueries) this.post({ t: "subscribe", subId, query })
    if (this.wallet) this.post({ t: "setWallet", walletId: this.wallet })
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
          if (c.guardOf(r.success === null ? c.Replies[r.request].success : r.success.pick(c))(m.value)) r.resolve(m.value)
          else r.reject(malformed(`the reply to ${r.request}`, m.value))
          return
        }
        const error = m.error ?? { tag: "UnknownError", key: "UNKNOWN_ERROR" }
        // each request's failure Schema (protocol.ts Replies): a tag it does not declare is an unknown error
        r.reject(new EngineError(c.guardOf(c.Replies[r.request].failure)(error) ? error : { ...error, tag: "UnknownError" }))
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

  /** Send a request; its reply is checked against the request's Schemas (`success`: another, for `call`). */
  private request<T extends RequestName>(
    request: T,
    build: (reqId: number) => Extract<ToWorker, { t: T }>,
    /** null: the request's own success Schema (protocol.ts Replies) */
    success: FromContract | null = null
  ): Promise<ReplyOf<T>> {
    const reqId = this.nextId++
    return new Promise<ReplyOf<T>>((resolve, reject) => {
      this.replies.set(reqId, { request, success, resolve: resolve as (v: unknown) => void, reject })
      this.post(build(reqId))
    })
  }

  /** A users-API call made by the engine's client (allowed paths, headers, decoding, errors). */
  call<K extends EndpointId>(endpoint: K, args: CallArgs = {}): Promise<ResponseOf<K>> {
    return this.request(
      "call",
      (reqId) => ({
        t: "call",
        reqId,
        endpoint,
        ...(args.params ? { params: args.params } : {}),
        ...(args.query ? { query: args.query } : {}),
        ...(args.body !== undefined ? { body: args.body } : {}),
        ...(args.walletId ? { walletId: args.walletId } : {})
      }),
      new FromContract((c) => c.api[endpoint].response)
    ) as Promise<ResponseOf<K>>
  }

  subscribe<Q extends LiveQuery>(query: Q, cb: (v: ResultOf<Q>) => void): () => void {
    const subId = this.nextId++
    this.subs.set(subId, cb as (v: unknown) => void)
    this.subQueries.set(subId, query)
    this.post({ t: "subscribe", subId, query })
    return () => {
      this.subs.delete(subId)
      this.subQueries.delete(subId)
      this.post({ t: "unsubscribe", subId })
    }
  }

  /** Pull synced lists of a wallet again (a page's "try again" after a failed pull); rejects with the pull's failure. */
  pullLists(lists: ReadonlyArray<ListName>, walletId: string): Promise<void> {
    return this.request("pullLists", (reqId) => ({ t: "pullLists", reqId, lists, walletId }))
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
        return await this.request("submit", (reqId) => ({ t: "submit", reqId, walletId, body, dedupeKey: key }))
      } catch (e) {
        if (!(e instanceof EngineError && e.tag === "EngineRestarted") || attempt >= 5) throw e
      }
    }
  }
  /** CN1: cancel a command not yet sent; resolves with its final state (NotCancellable once its send started). */
  cancelCommand(commandId: string): Promise<string> {
    return this.request("cancelCommand", (reqId) => ({ t: "cancelCommand", reqId, commandId }))
  }
  /** Keep a file in the engine's local store for an upload command; resolves with its key (DESIGN "Uploads are commands too"). */
  putFile(blob: Blob, name: string, type: string): Promise<string> {
    return this.request("putFile", (reqId) => ({ t: "putFile", reqId, blob, name, type }))
  }
  /** Pause, resume or abort an upload command. */
  controlUpload(commandId: string, action: "pause" | "resume" | "abort"): Promise<void> {
    return this.request("uploadControl", (reqId) => ({ t: "uploadControl", reqId, commandId, action }))
  }
  answerPin(commandId: string, answer: PinAnswer): void {
    this.post({ t: "pinAnswer", commandId, answer })
  }
  onSession(l: (event: "expired" | "renewed" | "signedOut") => void): () => void {
    this.sessionListeners.add(l)
    return () => {
      this.sessionListeners.delete(l)
    }
  }

  async signedIn(session: SessionInfo): Promise<void> {
    writeSession(session)
    await this.request("signedIn", (reqId) => ({ t: "signedIn", reqId, session }))
  }
  /** Logout, expiry or user switch: the engine closes and wipes this user's local data (core §4). */
  async signOut(reason: "logout" | "expired" | "switch"): Promise<void> {
    clearSession()
    await this.request("signOut", (reqId) => ({ t: "signOut", reqId, reason }))
  }
  setWallet(walletId: string): void {
    this.wallet = walletId
    this.post({ t: "setWallet", walletId })
  }
  setLocale(locale: Locale): void {
    this.locale = locale
    this.post({ t: "locale", locale })
  }
  exportFile(query: StatementQueryMsg, format: "csv" | "ofx", headers: ReadonlyArray<string>): Promise<Blob> {
    return this.request("exportCsv", (reqId) => ({ t: "exportCsv", reqId, query, format, headers }))
  }
  /** A big table's filtered rows as a local CSV (headers: the translated column labels in the table's CSV order). */
  exportTable(table: TableName, query: TableQueryMsg, headers: ReadonlyArray<string>): Promise<Blob> {
    return this.request("exportTable", (reqId) => ({ t: "exportTable", reqId, table, query, headers }))
  }
  /** issue 32 item 4: adds or replaces a saved analysis view in this user's local store (live query `savedViews`). */
  saveView(view: SavedView): Promise<void> {
    return this.request("saveView", (reqId) => ({ t: "saveView", reqId, view })) as Promise<void>
  }
  deleteView(id: string): Promise<void> {
    return this.request("deleteView", (reqId) => ({ t: "deleteView", reqId, id })) as Promise<void>
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
interface Entry {
  value: unknown
  listeners: Set<() => void>
  unsubscribe: (() => void) | null
  timer: ReturnType<typeof setTimeout> | null
}
const cache = new Map<string, Entry>()

function entryFor(query: LiveQuery): Entry {
  const key = JSON.stringify(query)
  let e = cache.get(key)
  if (!e) {
    const entry: Entry = { value: undefined, listeners: new Set(), unsubscribe: null, timer: null }
    entry.unsubscribe = getEngine().subscribe(query, (v) => {
      entry.value = v
      for (const l of entry.listeners) l()
    })
    cache.set(key, entry)
    e = entry
  }
  return e
}

/** Watch a live query; `undefined` until the engine's first snapshot arrives. */
export function useLiveQuery<Q extends LiveQuery>(query: Q | null): ResultOf<Q> | undefined {
  const key = query ? JSON.stringify(query) : ""
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
        if (e.listeners.size === 0) {
          // keep the subscription briefly so a re-render with the same query reuses it
          e.timer = setTimeout(() => {
            if (e.listeners.size === 0) {
              e.unsubscribe?.()
              cache.delete(key)
            }
          }, 2000)
        }
      }
    },
    () => (query ? (cache.get(key)?.value as ResultOf<Q> | undefined) : undefined)
  )
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
          reject(new EngineError({ tag: "CommandRefused", key: c.error_key ?? "UNKNOWN_ERROR" }))
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
