/**
 * The SSE stream (spec core §7 "a server-sent events stream … each message is JSON"; our shape in
 * schema/stream.ts): change hints and notifications with increasing ids, resume from
 * Last-Event-ID without loss or duplicates, wallet-scoped delivery by read permission,
 * heartbeats, dropped streams (fault switch).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Schema } from "effect"
import { createParser } from "eventsource-parser"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { StreamEvent } from "../../schema/stream.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, helena: Session, bruno: Session
let main: string

interface Got {
  id: string | undefined
  event: string | undefined
  data: StreamEvent
}

/** Opens the stream; collects parsed events until closed. */
const open = (as: Session, opts: { lastEventId?: string; query?: string } = {}) => {
  const ac = new AbortController()
  const events: Got[] = []
  let ended = false
  const waiters: Array<() => void> = []
  const poke = (): void => {
    for (const w of waiters.splice(0)) w()
  }
  const headers: Record<string, string> = {}
  headers["authorization"] = `Bearer ${as.accessToken}`
  if (as.serverType === "green") headers["server-type"] = "green"
  if (opts.lastEventId !== undefined) headers["last-event-id"] = opts.lastEventId
  const q = opts.query ?? ""
  const done = (async () => {
    const res = await fetch(`${sb.url}/users/events/stream${q ? `?${q}` : ""}`, { headers, signal: ac.signal })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("text/event-stream")
    const parser = createParser({
      onEvent: (e) => {
        events.push({ id: e.id, event: e.event, data: Schema.decodeUnknownSync(StreamEvent)(JSON.parse(e.data)) })
        poke()
      }
    })
    const reader = res.body!.getReader()
    const dec = new TextDecoder()
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        parser.feed(dec.decode(value, { stream: true }))
      }
    } catch {
      // aborted
    }
    ended = true
    poke()
  })()
  const until = async (pred: () => boolean, ms = 3000): Promise<void> => {
    const t0 = Date.now()
    while (!pred()) {
      if (Date.now() - t0 > ms) throw new Error(`timeout; got ${events.length} events`)
      await new Promise<void>((r) => {
        waiters.push(r)
        setTimeout(r, 50)
      })
    }
  }
  return {
    events,
    ended: () => ended,
    until,
    close: async () => {
      ac.abort()
      await done.catch(() => undefined)
    }
  }
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, heartbeatMs: 300 })
  cl = new SandboxClient(sb.url)
  ;[ana, helena, bruno] = await cl.loginAll(["ana", "helena", "bruno"])
  main = sb.admin.seedInfo()!.wallets.anaMain
})
afterAll(async () => {
  await sb?.close()
})

const withIds = (g: Got[]): Got[] => g.filter((e) => e.id !== undefined)

describe("SSE stream (core §7)", () => {
  it("spec core §7 an incoming Pix reaches the owner as change hints (statements, wallet_accounts) and a notification, ids increasing", async () => {
    const s = open(ana)
    await new Promise((r) => setTimeout(r, 100))
    sb.admin.pixIn(main, 5_000, "Fulano")
    await s.until(() => withIds(s.events).length >= 4)
    const got = withIds(s.events)
    expect(got.map((e) => e.event)).toEqual(["change", "change", "change", "notification"])
    const lists = got.map((e) => (e.data.type === "change" ? e.data.list : e.data.type))
    // the Pix statement (D-pix-statement) is a list of its own, hinted with the statement row
    expect(lists).toEqual(["statements", "pix_statement", "wallet_accounts", "notification"])
    const first = got[0]!.data
    expect(first.type === "change" && first.wallet_id).toBe(main)
    const ids = got.map((e) => Number(e.id))
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    await s.close()
  })

  it("spec core §7 resume: reconnecting with Last-Event-ID replays exactly the missed events, no loss, no duplicates", async () => {
    const s1 = open(ana)
    await new Promise((r) => setTimeout(r, 100))
    sb.admin.pixIn(main, 1_000, "Antes")
    await s1.until(() => withIds(s1.events).length >= 4)
    const lastId = withIds(s1.events).at(-1)!.id!
    await s1.close()
    // while disconnected
    sb.admin.pixIn(main, 2_000, "Durante 1")
    sb.admin.notify("ana@example.com", "Oi", "Durante")
    sb.admin.pixIn(main, 3_000, "Durante 2")
    const s2 = open(ana, { lastEventId: lastId })
    await s2.until(() => withIds(s2.events).length >= 9)
    sb.admin.pixIn(main, 4_000, "Depois")
    await s2.until(() => withIds(s2.events).length >= 13)
    const got = withIds(s2.events)
    const ids = got.map((e) => Number(e.id))
    expect(ids.every((id) => id > Number(lastId))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    const names = got.map((e) => (e.data.type === "change" ? e.data.list : e.data.type === "notification" ? e.data.notification.title : "heartbeat"))
    const pix = ["statements", "pix_statement", "wallet_accounts", "Pix recebido"]
    expect(names).toEqual([...pix, "Oi", ...pix, ...pix])
    await new Promise((r) => setTimeout(r, 200))
    expect(withIds(s2.events)).toHaveLength(13)
    await s2.close()
  })

  it("spec core §6 scope: a member reads the wallet's hints but not the owner's notifications nor lists outside her permission; others get nothing", async () => {
    const h = open(helena)
    const b = open(bruno)
    await new Promise((r) => setTimeout(r, 100))
    await cl.admin("approvalRequestCreate", { body: { wallet_id: main, amount: 150_000 } })
    sb.admin.pixIn(main, 7_000, "Escopo")
    await h.until(() => withIds(h.events).some((e) => e.data.type === "change" && e.data.list === "wallet_accounts"))
    await new Promise((r) => setTimeout(r, 150))
    const lists = withIds(h.events).map((e) => (e.data.type === "change" ? e.data.list : "notification"))
    expect(lists).toContain("statements")
    expect(lists).not.toContain("approval_requests") // Helena is CLIENT only
    expect(lists).not.toContain("notification")
    expect(withIds(b.events)).toHaveLength(0)
    await h.close()
    await b.close()
  })

  it("spec core §7 heartbeats every HEARTBEAT_MS carry no id; issue 30 item 4: a token in the URL (?access_token=) is refused, only the header opens it", async () => {
    const inUrl = await fetch(`${sb.url}/users/events/stream?access_token=${encodeURIComponent(ana.accessToken)}`)
    expect(inUrl.status).toBe(401)
    await inUrl.body?.cancel()
    const s = open(ana)
    await s.until(() => s.events.some((e) => e.event === "heartbeat"), 2000)
    const hb = s.events.find((e) => e.event === "heartbeat")!
    expect(hb.id).toBeUndefined()
    expect(hb.data.type).toBe("heartbeat")
    await s.close()
  })

  it("DESIGN faults: drop_sse_after_events ends the stream; drop_sse_now closes every stream", async () => {
    await cl.admin("faults", { body: { drop_sse_after_events: 2 } })
    const s = open(ana)
    await new Promise((r) => setTimeout(r, 100))
    sb.admin.pixIn(main, 1_100, "Drop")
    await s.until(() => s.ended())
    expect(withIds(s.events)).toHaveLength(2)
    await cl.admin("resetFaults")
    const t = open(ana)
    await new Promise((r) => setTimeout(r, 100))
    expect((await cl.admin("health")).data.sse_connections).toBe(1)
    await cl.admin("faults", { body: { drop_sse_now: true } })
    await t.until(() => t.ended())
    await t.close()
  })

  it("spec core §8 the stream refuses a missing token with 401", async () => {
    const r = await fetch(`${sb.url}/users/events/stream`)
    expect(r.status).toBe(401)
  })
})
