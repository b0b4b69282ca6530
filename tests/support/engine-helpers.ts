/**
 * Helpers for the engine's integration suites: a sandbox on a random port, sign-in over real
 * HTTP, and an Engine running in Node on RxDB's Dexie storage over fake-indexeddb (the browser
 * suite runs the same engine on real IndexedDB in Chromium).
 */
import { indexedDB, IDBKeyRange } from "fake-indexeddb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import { Engine, type EngineEnv } from "../../sync/engine.ts"
import type { SessionInfo } from "../../workers/protocol.ts"

export const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange }) as unknown as EngineEnv["storage"]

export async function signIn(base: string, email: string, password = "Senha@123"): Promise<SessionInfo> {
  const r1 = await fetch(`${base}/users/v2/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password })
  })
  const j1 = (await r1.json()) as { data: { otp_id: string } }
  // the e-mailed code (the sandbox's fixed code is off unless asked for: issue 30) — this sign-in's own (`code:<otp_id>`):
  // devices of one user signing in at once would otherwise read each other's, and wrong codes share one count (D-sessions)
  const sent = (await (await fetch(`${base}/__admin/codes?email=${encodeURIComponent(`code:${j1.data.otp_id}`)}`)).json()) as { data: { code: string } }
  const r2 = await fetch(`${base}/users/auth/session/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ otp_id: j1.data.otp_id, code: sent.data.code })
  })
  const j2 = (await r2.json()) as { data: { access_token: string; refresh_token: string; expires_in: number } }
  const payload = JSON.parse(Buffer.from(j2.data.access_token.split(".")[1] ?? "", "base64url").toString()) as { id: string }
  return { userId: payload.id, accessToken: j2.data.access_token, refreshToken: j2.data.refresh_token, expiresAt: Date.now() + j2.data.expires_in * 1000 }
}

export interface Counting {
  fetch: typeof fetch
  calls: string[]
}
/** A fetch that records every URL it was asked for (to prove what was, or wasn't, sent). */
export const countingFetch = (): Counting => {
  const calls: string[] = []
  return {
    calls,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
      return fetch(input, init)
    }) as typeof fetch
  }
}

export function makeEngine(base: string, extra: Partial<EngineEnv> = {}): Engine {
  const e = new Engine({ storage: storage(), onSession: () => undefined, indexedDB: indexedDB as unknown as IDBFactory, ...extra })
  e.configure(base, "pt")
  return e
}

export async function until(cond: () => boolean | Promise<boolean>, ms = 30_000, step = 50): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, step))
  }
  throw new Error("condition not met in time")
}

export async function admin(base: string, path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(
    `${base}/__admin/${path}`,
    body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
  )
  return r.json()
}

/**
 * A fetch that, once armed (`arm()`), holds the answer of the next call whose URL has `part` (not an admin call) until
 * `release()`: `entered` resolves when that call is held. P11's tests read a list's page before an event's row exists
 * and hand it over after the event was applied.
 */
export function holdOnce(part: string): { fetch: typeof fetch; arm: () => void; entered: Promise<void>; release: () => void } {
  let armed = false
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => {
    release = r
  })
  let enter: () => void = () => undefined
  const entered = new Promise<void>((r) => {
    enter = r
  })
  const gated: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    const res = await fetch(input, init)
    if (armed && url.includes(part) && !url.includes("/__admin")) {
      armed = false
      enter()
      await held
    }
    return res
  }
  return {
    fetch: gated,
    arm: () => {
      armed = true
    },
    entered,
    release: () => release()
  }
}
