/**
 * The live stream (sync/SPEC.md L1–L6): SSE read over `fetch` and parsed with
 * `eventsource-parser`, so the bearer token travels in a header (L1). Reconnects with exponential
 * backoff and jitter (L2), resuming with `Last-Event-ID` so no event is lost (L3); a stream silent
 * for longer than the heartbeat timeout is treated as dropped (L4). Each event is decoded with
 * schema/stream.ts (L5: an undecodable event is skipped and counted, never a crash).
 */
import { Schema } from "effect"
import { createParser } from "eventsource-parser"
import { HEARTBEAT_TIMEOUT_MS, StreamEvent } from "../../schema/stream.ts"

export type StreamStatus = "connecting" | "open" | "down"

export interface StreamOptions {
  readonly url: () => string
  readonly headers: () => Record<string, string>
  readonly lastEventId: () => string | null
  readonly onEvent: (id: string | null, ev: StreamEvent) => void
  readonly onStatus: (s: StreamStatus) => void
  /** 401: the engine renews the token (or logs out); resolves true when it may retry. */
  readonly onUnauthorized: () => Promise<boolean>
  readonly fetch?: typeof fetch
  readonly heartbeatTimeoutMs?: number
  readonly baseDelayMs?: number
  readonly maxDelayMs?: number
}

const decode = Schema.decodeUnknownExit(StreamEvent)

export class LiveStream {
  private stopped = false
  private abort: AbortController | null = null
  private attempt = 0
  undecodable = 0
  status: StreamStatus = "down"

  constructor(private readonly o: StreamOptions) {}

  start(): void {
    this.stopped = false
    void this.loop()
  }
  stop(): void {
    this.stopped = true
    this.abort?.abort()
    this.setStatus("down")
  }
  /** Drop the current connection and reconnect now (e.g. after a token renewal). */
  restart(): void {
    this.abort?.abort()
  }

  private setStatus(s: StreamStatus): void {
    if (this.status !== s) {
      this.status = s
      this.o.onStatus(s)
    }
  }

  private async loop(): Promise<void> {
    const doFetch = this.o.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
    while (!this.stopped) {
      this.setStatus("connecting")
      const ac = new AbortController()
      this.abort = ac
      let watchdog: ReturnType<typeof setTimeout> | null = null
      const arm = () => {
        if (watchdog) clearTimeout(watchdog)
        watchdog = setTimeout(() => ac.abort(), this.o.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS) // L4
      }
      try {
        const last = this.o.lastEventId()
        const res = await doFetch(this.o.url(), {
          headers: { ...this.o.headers(), accept: "text/event-stream", ...(last ? { "last-event-id": last } : {}) },
          signal: ac.signal,
          cache: "no-store"
        })
        if (res.status === 401) {
          const ok = await this.o.onUnauthorized()
          if (!ok) {
            this.stop()
            return
          }
          continue
        }
        if (!res.ok || !res.body) throw new Error(`stream status ${res.status}`)
        this.setStatus("open")
        this.attempt = 0
        arm()
        const parser = createParser({
          onEvent: (m) => {
            arm()
            let json: unknown
            try {
              json = JSON.parse(m.data)
            } catch {
              this.undecodable++
              return
            }
            const exit = decode(json)
            if (exit._tag !== "Success") {
              this.undecodable++
              return
            }
            this.o.onEvent(m.id ?? null, exit.value)
          },
          onComment: () => arm()
        })
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          parser.feed(value)
        }
      } catch {
        // dropped, refused or timed out: reconnect below
      } finally {
        if (watchdog) clearTimeout(watchdog)
      }
      if (this.stopped) break
      this.setStatus("down")
      // L2: exponential backoff with full jitter
      const base = this.o.baseDelayMs ?? 500
      const cap = this.o.maxDelayMs ?? 15_000
      const delay = Math.random() * Math.min(cap, base * 2 ** this.attempt++)
      await new Promise((r) => setTimeout(r, delay))
    }
  }
}
