/**
 * The state one running sandbox shares between its routes: the database, the configuration,
 * the business clock, the fault switches (DESIGN "Switches for faults") and the event log
 * that feeds the SSE stream (core §7).
 */
import { EventEmitter } from "node:events"
import type { DB } from "./db.ts"
import type { Clock } from "./time.ts"
import type { SyncedList, StreamEvent } from "../schema/stream.ts"
import type { Notification } from "../schema/entities.ts"
import { Prng } from "./prng.ts"

export interface SandboxConfig {
  /** Access token lifetime in seconds (core §9: 5 minutes). */
  readonly accessTokenTtlS: number
  /** A code always accepted besides the printed one (tests and `npm start`). null: only the printed code. */
  readonly fixedCode: string | null
  readonly log: boolean
  readonly admin: boolean
  /** How long a conversion quote holds (features §6: 30 s). */
  readonly quoteTtlMs: number
  /** How long an export job takes to reach 100 % (features §2 "export runs as a job"). */
  readonly exportMs: number
  /** How long a receipt stays PENDING after generate. */
  readonly receiptMs: number
  /** SSE heartbeat period (schema/stream.ts HEARTBEAT_MS). */
  readonly heartbeatMs: number
  /** Seconds a user is locked out after 5 wrong PINs in a row. */
  readonly pinLockS: number
  /** Sign-in throttle (D-signin-lock): the wait after the 3rd and 4th wrong password (×2), the lock after the 5th. */
  readonly signinDelayS: number
  readonly signinLockS: number
  /** Per-client limit (issue 30 item 5): wrong passwords, codes or PINs (each kind apart) one client address may send in `clientWindowS`. */
  readonly clientAttemptLimit: number
  readonly clientWindowS: number
  /** Validate each response against its Schema before sending (500 on mismatch). "sample" checks the first 100 rows of a list. */
  readonly checkResponses: boolean | "sample"
  /** The app's origins (issue 30): the only origins CORS answers, and bases an absolute URL may be built on. */
  readonly appOrigins: ReadonlyArray<string>
  /**
   * The bases absolute URLs (signed upload and file URLs) are built on (issue 30): the configured public URL or else the
   * sandbox's own, then the app's origins (its same-origin proxy). Filled once the sandbox listens. A request's Host only
   * picks one of these (the one it names); its text is never written into a URL.
   */
  readonly publicBases: string[]
}

export interface FaultState {
  latency_ms: number
  /** path prefix → probability (0..1) of failing BEFORE the handler runs. */
  error_rate: Record<string, number>
  /** path prefix → probability of failing AFTER the effect was committed (answer `status` or drop). */
  fault_after_commit_rate: Record<string, number>
  after_commit_mode: "status" | "drop"
  status: 500 | 502 | 503 | 504
  burst_429: { remaining: number; retry_after_s: number } | null
  drop_sse_after_events: number | null
  /** path prefix → probability that a 2xx answer's body is corrupted the `corrupt_mode` way (issue 18). */
  corrupt_rate: Record<string, number>
  corrupt_mode: "types" | "truncate" | "html" | "huge"
  /** Probability that a stream event goes out as a malformed frame (bad JSON, unknown shape, script text). */
  corrupt_sse_rate: number
  /** issue 30 item 8: rows the next keyset statement page of a wallet leaves out, and rows every statement answer hides (wallet → ids). */
  statement_drop: { wallet_id: string; rows: number } | null
  statement_hidden: Record<string, ReadonlyArray<string>>
  rng: Prng
}

/** The switchable part of the fault state (in-process admin). */
export type FaultsStateInput = Partial<Omit<FaultState, "rng">>

export const noFaults = (seed = 1): FaultState => ({
  latency_ms: 0,
  error_rate: {},
  fault_after_commit_rate: {},
  after_commit_mode: "status",
  status: 503,
  burst_429: null,
  drop_sse_after_events: null,
  corrupt_rate: {},
  corrupt_mode: "types",
  corrupt_sse_rate: 0,
  statement_drop: null,
  statement_hidden: {},
  rng: new Prng(seed)
})

/** Feature flags the spec mentions as switchable (core §1). */
export interface Flags {
  trends: boolean
}

interface EventInsert {
  readonly userId: string | null
  readonly walletId: string | null
  readonly kind: "change" | "notification"
  readonly list: SyncedList | null
  readonly data: StreamEvent
}

/**
 * The SSE event log (core §7, our shape in schema/stream.ts): rows in SQLite with a growing
 * sequence, user-scoped (user_id set) or wallet-scoped (delivered to every reader of the
 * wallet). Listeners are woken after the writing transaction committed (setImmediate runs after
 * the synchronous better-sqlite3 transaction), and read from the table, so a connection never
 * loses or repeats an event.
 */
export class EventLog {
  private readonly emitter = new EventEmitter()
  private scheduled = false
  private appended = 0
  private readonly ins
  constructor(
    private readonly db: DB,
    private readonly nowIso: () => string,
    private readonly keep = 100_000
  ) {
    this.emitter.setMaxListeners(0)
    this.ins = db.prepare("INSERT INTO events (user_id, wallet_id, kind, list, data, created_at) VALUES (?, ?, ?, ?, ?, ?)")
  }

  private insert(e: EventInsert): void {
    this.ins.run(e.userId, e.walletId, e.kind, e.list, JSON.stringify(e.data), this.nowIso())
    if (++this.appended % 1000 === 0) {
      this.db.prepare("DELETE FROM events WHERE seq <= (SELECT max(seq) FROM events) - ?").run(this.keep)
    }
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => {
        this.scheduled = false
        this.emitter.emit("wake")
      })
    }
  }

  /** A change hint for a synced list: wallet-scoped when `userId` is null. */
  change(list: SyncedList, opts: { walletId?: string | null; userId?: string | null; ids: ReadonlyArray<string>; rows?: ReadonlyArray<unknown> }): void {
    const walletId = opts.walletId ?? null
    const data: StreamEvent =
      opts.rows === undefined
        ? { type: "change", list, wallet_id: walletId, ids: [...opts.ids], at: this.nowIso() }
        : { type: "change", list, wallet_id: walletId, ids: [...opts.ids], rows: [...opts.rows], at: this.nowIso() }
    this.insert({ userId: opts.userId ?? null, walletId, kind: "change", list, data })
  }

  notification(userId: string, notification: Notification, unread: number): void {
    this.insert({
      userId,
      walletId: null,
      kind: "notification",
      list: "notifications",
      data: { type: "notification", notification, unread }
    })
  }

  onWake(fn: () => void): () => void {
    this.emitter.on("wake", fn)
    return () => this.emitter.off("wake", fn)
  }

  maxSeq(): number {
    return (this.db.prepare("SELECT coalesce(max(seq), 0) AS s FROM events").get() as { s: number }).s
  }
  minSeq(): number {
    return (this.db.prepare("SELECT coalesce(min(seq), 0) AS s FROM events").get() as { s: number }).s
  }
}

export interface SseConn {
  readonly userId: string
  /** The session (refresh-token family) the stream was opened with: closed when it is revoked (issue 30 item 4). */
  readonly sessionId?: string
  close(): void
}

export interface Ctx {
  readonly db: DB
  readonly cfg: SandboxConfig
  readonly clock: Clock
  readonly secret: Buffer
  readonly events: EventLog
  readonly flags: Flags
  faults: FaultState
  readonly sse: Set<SseConn>
  /** Background timers (export jobs, receipts, cut-off, alive mode), cleared on close. */
  readonly timers: Set<NodeJS.Timeout>
  log(line: string): void
  /** Always printed (login codes, OTPs): the sandbox's stand-in for e-mail (DESIGN "The sandbox users API"). */
  say(line: string): void
  /** The last code sent per e-mail/purpose (admin `GET /__admin/codes`), the console being the e-mail. */
  readonly codes: Map<string, string>
  /** Called when the business clock changes (reschedules the cut-off timer). */
  onClockChange: Array<() => void>
}

export const later = (ctx: Ctx, ms: number, fn: () => void): void => {
  const t = setTimeout(() => {
    ctx.timers.delete(t)
    fn()
  }, ms)
  t.unref()
  ctx.timers.add(t)
}

/**
 * A pass that follows the business clock (scheduled boletos and TEDs, DDA notices): run every `everyMs` and at once
 * when the admin moves the clock; a pass that throws is logged under `name` and the next one runs as usual.
 */
export const onTheClock = (ctx: Ctx, name: string, everyMs: number, pass: () => void): void => {
  const tick = (): void => {
    try {
      pass()
    } catch (e) {
      ctx.log(`[sandbox] ${name}: ${String(e)}`)
    }
  }
  const loop = (): void => {
    tick()
    later(ctx, everyMs, loop)
  }
  later(ctx, 2000, loop)
  ctx.onClockChange.push(tick)
}
