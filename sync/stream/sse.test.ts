/**
 * The live stream against a scripted fetch (sync/SPEC.md L1, L2, L4, L5): the bearer token and
 * Last-Event-ID travel as headers of a fetch, events are parsed and decoded, reconnects back off
 * exponentially with full jitter, and a silent stream is dropped and reopened.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { LiveStream, type StreamStatus } from "./sse.ts"

type Step = "fail" | "silent" | { readonly events: string }

/** A fetch that answers call n with script[n] (the last step repeats); records each call's headers. */
const scripted = (script: ReadonlyArray<Step>) => {
  const calls: Array<Record<string, string>> = []
  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ ...(init?.headers as Record<string, string>) })
    const step = script[Math.min(calls.length - 1, script.length - 1)] as Step
    if (step === "fail") throw new TypeError("connection refused")
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        init?.signal?.addEventListener("abort", () => c.error(new DOMException("aborted", "AbortError")))
        if (step !== "silent") {
          c.enqueue(new TextEncoder().encode(step.events))
          c.close()
        }
      }
    })
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const until = async (cond: () => boolean): Promise<void> => {
  while (!cond()) await new Promise((r) => setImmediate(r))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("live stream (sync/SPEC.md L1 L2 L4 L5)", () => {
  it("L1 the stream is a fetch with the bearer token and Last-Event-ID in headers, parsed as SSE; L5 an undecodable event is skipped and counted", async () => {
    const beat = JSON.stringify({ type: "heartbeat", at: "2026-01-01T00:00:00Z" })
    const f = scripted([{ events: `id: 7\ndata: ${beat}\n\nid: 8\ndata: {"type":"nonsense"}\n\nid: 9\ndata: not json\n\n` }, "silent"])
    const got: Array<[string | null, unknown]> = []
    const s = new LiveStream({
      url: () => "http://x/users/events/stream",
      headers: () => ({ authorization: "Bearer T1" }),
      lastEventId: () => "6",
      onEvent: (id, ev) => got.push([id, ev]),
      onStatus: () => undefined,
      onUnauthorized: async () => true,
      fetch: f.fetch,
      baseDelayMs: 1
    })
    s.start()
    await until(() => f.calls.length >= 2)
    s.stop()
    expect(f.calls[0]).toMatchObject({ authorization: "Bearer T1", accept: "text/event-stream", "last-event-id": "6" })
    expect(got).toEqual([["7", { type: "heartbeat", at: "2026-01-01T00:00:00Z" }]])
    expect(s.undecodable).toBe(2)
  })

  it("L2 reconnects back off exponentially with full jitter, capped, and start again from the base once a connection opened", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5)
    const delays: number[] = []
    const realSetTimeout = globalThis.setTimeout
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0)
      return realSetTimeout(fn, 0)
    }) as typeof setTimeout)
    // fail, fail, fail, fail, open (then closed by the server), fail, fail
    const f = scripted(["fail", "fail", "fail", "fail", { events: ": hello\n\n" }, "fail", "fail", "silent"])
    const s = new LiveStream({
      url: () => "http://x/s",
      headers: () => ({}),
      lastEventId: () => null,
      onEvent: () => undefined,
      onStatus: () => undefined,
      onUnauthorized: async () => true,
      fetch: f.fetch,
      baseDelayMs: 4,
      maxDelayMs: 20,
      heartbeatTimeoutMs: 1_000_000
    })
    s.start()
    await until(() => f.calls.length >= 8)
    s.stop()
    // backoff sleeps are the waits below the heartbeat watchdog's
    expect(delays.filter((d) => d < 1_000_000)).toEqual([2, 4, 8, 10, 2, 4, 8])
  })

  it("L4 a stream silent for longer than the heartbeat timeout is dropped and reopened", async () => {
    const f = scripted(["silent"])
    const statuses: StreamStatus[] = []
    const s = new LiveStream({
      url: () => "http://x/s",
      headers: () => ({}),
      lastEventId: () => null,
      onEvent: () => undefined,
      onStatus: (st) => statuses.push(st),
      onUnauthorized: async () => true,
      fetch: f.fetch,
      baseDelayMs: 1,
      heartbeatTimeoutMs: 20
    })
    s.start()
    await until(() => f.calls.length >= 3)
    s.stop()
    expect(statuses.slice(0, 5)).toEqual(["connecting", "open", "down", "connecting", "open"])
  })
})
