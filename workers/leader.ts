/**
 * One engine per browser where SharedWorker is missing (docs/decisions.md D-worker; sync/SPEC.md
 * W1–W3): the tabs elect a leader with the Web Locks API; the leader runs the engine in a
 * dedicated Worker and relays the other tabs' messages over a BroadcastChannel, so there is still
 * one outbox, one stream and one IndexedDB writer.
 *
 * W1 Leadership is the exclusive lock `engine-leader`; every tab queues for it, so when the
 *    leader's tab closes (or crashes) the next tab in the queue takes over at once.
 * W2 A follower sends nothing until a leader has answered its `join`; what it posts meanwhile
 *    waits in order. Messages are wrapped `{ tab, m }` so the worker keeps each tab's
 *    subscriptions apart.
 * W3 When leadership moves, every tab reconnects: requests in flight fail with a retryable error
 *    (a command already recorded stays in the outbox and the new engine replays it — C6), and
 *    `hello` and every live query are sent again to the new engine.
 */

/** A message port as the engine client sees it. */
export interface RelayPort {
  postMessage(m: unknown): void
  onmessage: ((e: MessageEvent) => void) | null
}

type Wire =
  | { readonly k: "join"; readonly tab: string }
  | { readonly k: "leader"; readonly leader: string; readonly to?: string }
  | { readonly k: "to-leader"; readonly tab: string; readonly m: unknown }
  | { readonly k: "to-tab"; readonly tab: string; readonly m: unknown }
  | { readonly k: "bye"; readonly tab: string }

const CHANNEL = "engine-relay"
const LOCK = "engine-leader"

export interface ElectionEnv {
  readonly makeWorker: () => Worker
  /** Called when this tab must send `hello` and its subscriptions again (W3). */
  readonly onReconnect: () => void
}

/** The port of this tab: to the leader through the channel, or straight to the worker when it leads. */
export function electedPort(env: ElectionEnv): RelayPort {
  const tab = crypto.randomUUID()
  const channel = new BroadcastChannel(CHANNEL)
  let worker: Worker | null = null
  let leader: string | null = null
  let lastLeader: string | null = null
  let pending: unknown[] = []

  const port: RelayPort = {
    onmessage: null,
    postMessage(m: unknown) {
      if (worker) worker.postMessage({ tab, m })
      else if (leader) channel.postMessage({ k: "to-leader", tab, m } satisfies Wire)
      else pending.push(m)
    }
  }
  const deliver = (m: unknown) => port.onmessage?.(new MessageEvent("message", { data: m }))
  const flush = () => {
    const queued = pending
    pending = []
    for (const m of queued) port.postMessage(m)
  }

  channel.onmessage = (e: MessageEvent) => {
    const w = e.data as Wire
    switch (w.k) {
      case "join":
        if (worker) channel.postMessage({ k: "leader", leader: tab, to: w.tab } satisfies Wire)
        return
      case "leader": {
        if (worker || (w.to !== undefined && w.to !== tab)) return
        const changed = lastLeader !== null && lastLeader !== w.leader
        leader = w.leader
        lastLeader = w.leader
        // W3: what waited was meant for the old engine; the reconnect sends what still matters
        if (changed) {
          pending = []
          env.onReconnect()
        }
        flush()
        return
      }
      case "to-leader":
        worker?.postMessage({ tab: w.tab, m: w.m })
        return
      case "to-tab":
        if (w.tab === tab) deliver(w.m)
        return
      case "bye":
        worker?.postMessage({ tab: w.tab, bye: true })
        if (w.tab === leader) leader = null // W2: hold messages until the next leader answers
        return
    }
  }

  const becomeLeader = () => {
    const wk = env.makeWorker()
    wk.onmessage = (e: MessageEvent) => {
      const { tab: to, m } = e.data as { tab: string; m: unknown }
      if (to === tab) deliver(m)
      else channel.postMessage({ k: "to-tab", tab: to, m } satisfies Wire)
    }
    worker = wk
    const was = lastLeader
    leader = tab
    lastLeader = tab
    channel.postMessage({ k: "leader", leader: tab } satisfies Wire)
    if (was !== null) {
      pending = []
      env.onReconnect()
    } // W3: this tab followed another leader until now
    flush()
  }

  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (locks) {
    // W1: held until this tab goes away; the next tab in the queue is granted it then
    void locks.request(LOCK, () => {
      becomeLeader()
      return new Promise<never>(() => undefined)
    })
  } else {
    becomeLeader() // no Web Locks: every tab leads itself (one engine per tab, as before)
  }
  channel.postMessage({ k: "join", tab } satisfies Wire)
  globalThis.addEventListener?.("pagehide", () => {
    channel.postMessage({ k: "bye", tab } satisfies Wire)
  })
  return port
}
