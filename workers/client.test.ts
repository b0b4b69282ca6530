/**
 * The views' client of the engine (workers/client.ts): a submit is one intent (sync/SPEC.md DD3).
 * When the engine behind the port goes away mid-request (W3: the leader's tab closed), the submit is
 * sent again under the same intent key, so the outbox records it once.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { NotCancellable } from "../sync/outbox/errors.ts"
import { Requests } from "../sync/requests.ts"
import { EngineClient, EngineError, failureOf } from "./client.ts"
import type { ToWorker } from "./protocol.ts"
import { failureFor } from "./serve.ts"

class FakePort {
  readonly posted: ToWorker[] = []
  onmessage: ((e: MessageEvent) => void) | null = null
  postMessage(m: unknown): void {
    this.posted.push(m as ToWorker)
  }
  reply(reqId: number, value: unknown): void {
    this.onmessage?.({ data: { t: "reply", reqId, ok: true, value } } as MessageEvent)
  }
  fail(reqId: number, error: unknown): void {
    this.onmessage?.({ data: { t: "reply", reqId, ok: false, error } } as MessageEvent)
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

describe("the typed worker boundary (docs/decisions.md D-worker-boundary; sync/SPEC.md W4, W5)", () => {
  it("W5 W6 the client is derived from the declaration: a request posts its payload and a failure reaches the view as the request's tagged error", async () => {
    const port = new FakePort()
    const client = new EngineClient(port, "", "pt")
    const done = client.rpc.cancelCommand({ commandId: "c1" })
    const sent = port.posted.find((m) => m.t === "cancelCommand") as Extract<ToWorker, { t: "cancelCommand" }>
    expect(sent).toEqual({ t: "cancelCommand", reqId: sent.reqId, commandId: "c1" })
    // the engine's half encodes the refusal by the request's failure Schema; it crosses as plain data
    port.fail(sent.reqId, structuredClone(failureFor("cancelCommand", new NotCancellable({ commandId: "c1", state: "sending" }))))
    const e = await done.then(
      () => null,
      (x: unknown) => x
    )
    expect(e).toBeInstanceOf(EngineError)
    const refusal = failureOf("cancelCommand", e)
    expect(refusal).toBeInstanceOf(NotCancellable)
    expect(refusal?._tag === "NotCancellable" ? refusal.state : null).toBe("sending")
    expect(failureOf("submit", e)).toBeNull() // another request's failure is not this one's
  })

  it("W4 a success that does not match the request's Schema is refused, never handed to the view", async () => {
    const port = new FakePort()
    const client = new EngineClient(port, "", "pt")
    const done = client.rpc.cancelCommand({ commandId: "c1" })
    const sent = port.posted.find((m) => m.t === "cancelCommand") as Extract<ToWorker, { t: "cancelCommand" }>
    port.reply(sent.reqId, "not-a-state")
    await expect(done).rejects.toMatchObject({ tag: "MalformedReply", key: "INVALID_FORMAT" })
  })

  it("W6 no hand-listed API error tag at the boundary: the files of workers/ and the declaration name the error classes, never their tags", () => {
    const tags = [...readFileSync(new URL("../schema/errors.ts", import.meta.url), "utf8").matchAll(/TaggedError<\w+>\(\)\("(\w+)"/g)].map((m) => m[1])
    expect(tags.length).toBeGreaterThan(10)
    const files = ["client.ts", "contract.ts", "protocol.ts", "serve.ts", "engine.worker.ts", "leader.ts", "../sync/requests.ts"]
    for (const f of files) {
      const text = readFileSync(new URL(f, import.meta.url), "utf8")
      for (const tag of tags) expect(text.includes(`"${tag}"`), `${f} names "${tag}"`).toBe(false)
    }
    expect(Object.keys(Requests).length).toBeGreaterThan(10)
  })
})
