/**
 * Engine harness: the real worker (SharedWorker, real IndexedDB) driven from a page without UI,
 * so the browser suite and the benchmarks can sign in, watch live queries and sign out exactly as
 * the app does, through workers/client.ts. Exposed as `window.harness`.
 */
import { getEngine, storedSession } from "../workers/client.ts"
import type { LiveQuery } from "../workers/protocol.ts"

const engine = getEngine("", "pt")
const snaps: Record<string, unknown> = {}
const stamps: Record<string, number> = {}

async function signIn(email: string, password = "Senha@123"): Promise<string> {
  const r1 = (await engine.call("signin", { body: { email, password } })) as { data: { otp_id: string } }
  const r2 = (await engine.call("sessionSignin", { body: { otp_id: r1.data.otp_id, code: "000000" } })) as {
    data: { access_token: string; refresh_token: string; expires_in: number }
  }
  const payload = JSON.parse(atob((r2.data.access_token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as { id: string }
  await engine.signedIn({
    userId: payload.id,
    accessToken: r2.data.access_token,
    refreshToken: r2.data.refresh_token,
    expiresAt: Date.now() + r2.data.expires_in * 1000
  })
  return payload.id
}

function watch(name: string, query: LiveQuery): void {
  engine.subscribe(query, (v) => {
    snaps[name] = v
    stamps[name] = performance.now()
  })
}

const sessionEvents: string[] = []
engine.onSession((e) => sessionEvents.push(e))

Object.assign(window, {
  harness: { engine, signIn, watch, snaps, stamps, sessionEvents, storedSession, ready: true }
})
