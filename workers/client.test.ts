/**
 * The views' client of the engine (workers/client.ts): a submit is one intent (sync/SPEC.md DD3).
 * When the engine behind the port goes away mid-request (W3: the leader's tab closed), the submit is
 * sent again under the same intent key, so the outbox records it once.
 */
import { describe, expect, it } from "vitest"
import { EngineClient } from "./client.ts"
import type { ToWorker } from "./protocol.ts"

class FakePort {
  readonly posted: ToWorker[] = []
  onmessage: ((e: MessageEvent) => void) | null = null
  postMessage(m: unknown): void {
    this.posted.push(m as ToWorker)
  }
  reply(reqId: number, value: unknown): void {
    this.onmessage?.({ data: { t: "reply", reqId, ok: true, value } } as MessageEvent)
  }
}
const submits = (p: FakePort) => p.posted.filter((m): m is Extract<ToWorker, { t: "submit" }> => m.t === "submit")
const tick = () => new Promise((r) => setTimeout(r, 0))

describe("EngineClient submit", () => {
  it("DD3 W3 a submit interrupted by an engine restart is sent again under the same intent key", async () => {
    const port = new FakePort()
    const client = new EngineClient(port, "", "pt")
    const body = { name: "v1.pix.payByKey", payload: { key: "a@b.co", amount: 100, description: "" } } as const
    const done = client.submit("w1", body)
    await tick()
    expect(submits(port)).toHaveLength(1)
    const key = submits(port)[0]!.dedupeKey
    expect(key).toMatch(/^intent:[0-9a-f-]{36}$/)
    client.reconnect() // the leader's tab closed: requests in flight fail with EngineRestarted
    await tick()
    expect(submits(port)).toHaveLength(2)
    expect(submits(port)[1]!.dedupeKey).toBe(key)
    port.reply(submits(port)[1]!.reqId, "cmd-1")
    await expect(done).resolves.toBe("cmd-1")
  })

  it("DD2 a caller's own key is kept; two submits without one are two intents", async () => {
    const port = new FakePort()
    const client = new EngineClient(port, "", "pt")
    const body = { name: "v1.approval.approve", payload: { request_id: "r1" } } as const
    void client.submit("w1", body, "approval:r1")
    void client.submit("w1", body)
    void client.submit("w1", body)
    await tick()
    const keys = submits(port).map((m) => m.dedupeKey)
    expect(keys[0]).toBe("approval:r1")
    expect(new Set(keys).size).toBe(3)
  })
})
