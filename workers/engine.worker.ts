/**
 * The engine worker entry. As a SharedWorker (the default) one engine serves every tab of the
 * browser, so each tab sees the same live data and a command is never run by two engines; where
 * SharedWorker is missing the same file runs as a dedicated worker (docs/decisions.md D-worker).
 * Every message in is decoded by its Schema (workers/serve.ts) before it is acted on; a request or note is run by
 * the engine's handler of its name (sync/requests.ts, sync/engine.ts `handlers`).
 */
/// <reference lib="webworker" />
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import { Engine } from "../sync/engine.ts"
import { openMark } from "../sync/services/open-mark.ts"
import type { FromWorker, LiveQuery } from "./protocol.ts"
import { holdMs, sourceOf } from "./pace.ts"
import { decodeToWorker, serve } from "./serve.ts"

interface Port {
  postMessage(m: unknown): void
}

// the module evaluated (its imports compiled and run): the first of the open's marks (sync/services/open-mark.ts)
openMark("engine:module")
const ports = new Set<Port>()
interface Sub {
  query: LiveQuery
  last: string
  version: number
  /** When its last answer went out (performance.now()), and a push waiting to go out (workers/pace.ts). */
  sentAt?: number
  trailing?: ReturnType<typeof setTimeout> | undefined
}
const subs = new Map<Port, Map<number, Sub>>()

const broadcast = (m: FromWorker) => {
  for (const p of ports) p.postMessage(m)
}

const engine = new Engine({
  storage: getRxStorageDexie() as never,
  onSession: (event, session) => broadcast({ t: "session", event, session })
  // PIN prompts reach the tabs as the live query `pinAsks` (sync/SPEC.md PN5), never as an event a late tab misses
})

/**
 * Q5: after a query's early rows went out, the full answer is computed a little later (as the same
 * subscription, no longer fresh), not in the same task: on a machine of two cores the page paints
 * those rows while the worker would otherwise take a core for the full scan (docs/decisions.md
 * D-lazy-early, with its figures). The projection notes nothing of an ask stopped at its early
 * answer (table-projection.ts), so the second ask is the first one.
 */
const EARLY_SENT = new Error("early sent")
const FULL_AFTER_EARLY_MS = 24
/** P6, issue 33 item 1: an answer spaced from the last one (workers/pace.ts) waits for a trailing push. */
const held = (port: Port, subId: number, entry: Sub): boolean => {
  const wait = holdMs(entry.query, entry.sentAt, performance.now(), (source) => engine.pullingInto(source))
  if (wait <= 0) return false
  entry.trailing ??= setTimeout(() => {
    entry.trailing = undefined
    if (subs.get(port)?.get(subId) === entry) push(port, subId, entry)
  }, wait)
  return true
}
/** Q5: the full answer of a query whose early rows the page has, computed FULL_AFTER_EARLY_MS later. */
const fullLater = (port: Port, subId: number, entry: Sub): void => {
  entry.version = -2 // not fresh, and not this table's version: the next push computes the full answer
  setTimeout(() => {
    if (subs.get(port)?.get(subId) === entry) push(port, subId, entry)
  }, FULL_AFTER_EARLY_MS)
}
const push = (port: Port, subId: number, entry: Sub): void => {
  if (held(port, subId, entry)) return
  const fresh = entry.version === -1
  // Q3: a big list's answers depend on its projection alone (workers/pace.ts sourceOf); unchanged, they are not recomputed
  const source = sourceOf(entry.query)
  if (source !== null) {
    const v = source === "statement" ? engine.statementsVersion : engine.tableVersion(source)
    if (v === entry.version) return
    entry.version = v
  }
  // Q5: a new statements or table query that asks for it gets its rows at once, the full answer after
  let value: unknown
  try {
    value = engine.snapshot(
      entry.query,
      fresh
        ? (early) => {
            port.postMessage({ t: "snapshot", subId, value: early } satisfies FromWorker)
            throw EARLY_SENT
          }
        : undefined
    )
  } catch (e) {
    if (e !== EARLY_SENT) throw e
    fullLater(port, subId, entry)
    return
  }
  const json = JSON.stringify(value ?? null)
  if (json === entry.last) return
  entry.last = json
  entry.sentAt = performance.now()
  port.postMessage({ t: "snapshot", subId, value } satisfies FromWorker)
}
engine.onChange(() => {
  for (const [port, m] of subs) for (const [subId, entry] of m) push(port, subId, entry)
})

function attach(port: Port & { onmessage: ((e: MessageEvent) => void) | null }) {
  ports.add(port)
  subs.set(port, new Map())
  port.onmessage = (e: MessageEvent) => {
    const m = decodeToWorker(e.data)
    if (m === null) return
    if (m.t === "subscribe") {
      const entry: Sub = { query: m.query, last: "", version: -1 }
      subs.get(port)?.set(m.subId, entry)
      // Q5b: the page made this query's early answer itself (workers/narrow-cache.ts): the full one follows, as after
      // an early answer sent from here, while the page paints those rows
      if (m.shown === true) fullLater(port, m.subId, entry)
      else push(port, m.subId, entry)
      return
    }
    if (m.t === "unsubscribe") {
      subs.get(port)?.delete(m.subId)
      return
    }
    serve(engine.handlers, m, (reply) => port.postMessage(reply))
  }
}

const scope = globalThis as unknown as {
  onconnect?: (e: MessageEvent) => void
  onmessage?: ((e: MessageEvent) => void) | null
  postMessage?: (m: unknown) => void
}
if ("SharedWorkerGlobalScope" in globalThis) {
  scope.onconnect = (e: MessageEvent) => {
    const port = e.ports[0]
    if (!port) return
    attach(port as unknown as Port & { onmessage: ((e: MessageEvent) => void) | null })
    port.start()
  }
} else {
  // a dedicated worker serves the tabs of workers/leader.ts: messages come wrapped `{ tab, m }`,
  // and each tab gets a port of its own (its own subscriptions), dropped when the tab says bye
  const tabs = new Map<string, Port & { onmessage: ((e: MessageEvent) => void) | null }>()
  scope.onmessage = (e: MessageEvent) => {
    const env = e.data as { tab?: unknown; m?: unknown; bye?: unknown }
    if (typeof env.tab !== "string") return
    const tab = env.tab
    if (env.bye === true) {
      const p = tabs.get(tab)
      if (p) {
        ports.delete(p)
        subs.delete(p)
        tabs.delete(tab)
      }
      return
    }
    let p = tabs.get(tab)
    if (!p) {
      const port = { onmessage: null as ((e: MessageEvent) => void) | null, postMessage: (m: unknown) => scope.postMessage?.({ tab, m }) }
      attach(port)
      tabs.set(tab, port)
      p = port
    }
    p.onmessage?.(new MessageEvent("message", { data: env.m }))
  }
}
addEventListener("online", () => engine.setOnline(true))
addEventListener("offline", () => engine.setOnline(false))
