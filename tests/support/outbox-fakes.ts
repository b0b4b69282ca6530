/**
 * Test doubles for the outbox ports (sync/SPEC.md OB/PN/RT/DD/RP/XO rules; used by sync/outbox/*.test.ts):
 * a fake users-API server with a ledger of applied transaction-uuids and fault injection, a PIN
 * prompt that answers from a script, a virtual Clock whose sleeps return at once (and are
 * recorded), and a seeded PRNG. The fake server does NOT deduplicate transaction-uuids: a
 * command sent again after it was applied is applied again and counted, so any double
 * application shows up in `applyCount` (EO1).
 */
import { Clock, Deferred, Duration, Effect, Random } from "effect"
import type { Command } from "../../schema/commands.ts"
import type { CommandBody } from "../../sync/commands/registry.ts"
import type { ApiError } from "../../schema/errors.ts"
import {
  BadRequest,
  Conflict,
  Forbidden,
  GatewayTimeout,
  NetworkError,
  NotAuthorized,
  NotFound,
  RateLimited,
  ServerError,
  Unprocessable
} from "../../schema/errors.ts"
import type { PipelineServices } from "../../sync/outbox/pipeline.ts"
import type { CommandTransportShape, PinInput, PinPromptShape } from "../../sync/outbox/ports.ts"
import { CommandTransport, MemoryOutboxStore, OutboxStore, PinPrompt } from "../../sync/outbox/ports.ts"

/** Faults on a send: `-after` ones apply the command on the server and then fail the answer. */
export type SendFault =
  | "network-before"
  | "network-after"
  | "server-error"
  | "server-error-after"
  | "gateway-timeout"
  | "gateway-timeout-after"
  | "rate-limited"
  | "conflict-before"
  | "conflict-after"
  | "pin-expired"
  | "bad-request"
  | "not-authorized"
  | "forbidden"
  | "not-found"
  | "unprocessable"

export interface FaultPlan {
  readonly send?: (cmd: Command, sendNo: number) => SendFault | null
  readonly reconcile?: (cmd: Command) => "network" | "server-error" | null
  readonly verify?: (input: PinInput) => "network" | null
}

const api = (status: number, key: string) => ({ status, key, message: key })

const failureOf = (fault: SendFault, retryAfterMs: number): ApiError => {
  switch (fault) {
    case "network-before":
    case "network-after":
      return new NetworkError({ message: "connection reset" })
    case "server-error":
    case "server-error-after":
      return new ServerError(api(500, "INTERNAL_ERROR"))
    case "gateway-timeout":
    case "gateway-timeout-after":
      return new GatewayTimeout(api(504, "GATEWAY_TIMEOUT"))
    case "rate-limited":
      return new RateLimited({ ...api(429, "REQUEST_LIMIT_REACHED"), retryAfterMs })
    case "conflict-before":
    case "conflict-after":
      return new Conflict(api(409, "CONFLICT_MAY_HAVE_COMPLETED"))
    case "pin-expired":
      return new Unprocessable(api(422, "PIN_REQUIRED"))
    case "bad-request":
      return new BadRequest(api(400, "INVALID_REQUEST"))
    case "not-authorized":
      return new NotAuthorized(api(401, "NOT_AUTHORIZED"))
    case "forbidden":
      return new Forbidden(api(403, "WITHOUT_PERMISSION"))
    case "not-found":
      return new NotFound(api(404, "APPROVAL_REQUEST_NOT_FOUND"))
    case "unprocessable":
      return new Unprocessable(api(422, "INSUFFICIENT_BALANCE"))
  }
}

const appliesBeforeFailing = (f: SendFault): boolean =>
  f === "network-after" || f === "server-error-after" || f === "gateway-timeout-after" || f === "conflict-after"

export class FakeServer {
  /** The ledger: transaction-uuid → how many times it was applied, and the answer. */
  readonly applied = new Map<string, { count: number; result: unknown }>()
  /** Every send received: the `transaction-uuid` header and the pin_token in the body. */
  readonly sends: Array<{ readonly transactionUuid: string; readonly pinToken: string | null }> = []
  readonly verifies: Array<PinInput> = []
  readonly reconciles: Array<string> = []
  pin = "1234"
  temporaryToken = "654321"
  retryAfterMs = 2_000
  /** How long a pin_token is good for (PN6); long by default, so a run's virtual backoffs never outlast it. */
  pinTokenTtlMs = 24 * 3_600_000
  /** Wrong PINs before verify-pin answers 429 ATTEMPTS_EXCEEDED. */
  maxWrongPins = 5
  private wrongPins = 0
  private tokenNo = 0
  private readonly tokens = new Set<string>()
  /** Called between applying a send and answering it (to stop a run at that exact point). */
  afterApply: (cmd: Command) => Effect.Effect<void> = () => Effect.void

  readonly transport: CommandTransportShape

  constructor(private readonly faults: FaultPlan = {}) {
    this.transport = this.makeTransport()
  }

  applyCount(id: string): number {
    return this.applied.get(id)?.count ?? 0
  }

  sendsOf(id: string): number {
    return this.sends.filter((s) => s.transactionUuid === id).length
  }

  private makeTransport(): CommandTransportShape {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the generators below need the server
    const server = this
    return {
      verifyPin: (input) =>
        Effect.gen(function* () {
          yield* Effect.yieldNow
          server.verifies.push(input)
          if (server.faults.verify?.(input) === "network") return yield* new NetworkError({ message: "offline" })
          const ok = "pin" in input ? input.pin === server.pin : input.temporary_token === server.temporaryToken
          if (!ok) {
            server.wrongPins += 1
            if (server.wrongPins >= server.maxWrongPins) {
              return yield* new RateLimited({ ...api(429, "ATTEMPTS_EXCEEDED"), retryAfterMs: 60_000 })
            }
            return yield* new Unprocessable(api(422, "INCORRECT_PIN"))
          }
          server.wrongPins = 0
          const token = `pin-token-${++server.tokenNo}`
          server.tokens.add(token)
          return { token, expiresInMs: server.pinTokenTtlMs }
        }),

      send: (cmd, pinToken) =>
        Effect.gen(function* () {
          yield* Effect.yieldNow
          const transactionUuid = cmd.id // the real transport puts this in the `transaction-uuid` header (OB2)
          server.sends.push({ transactionUuid, pinToken })
          const fault = server.faults.send?.(cmd, server.sendsOf(transactionUuid)) ?? null
          if (fault !== null && !appliesBeforeFailing(fault)) {
            if (fault === "pin-expired" && pinToken !== null) server.tokens.delete(pinToken)
            return yield* Effect.fail(failureOf(fault, server.retryAfterMs))
          }
          if (pinToken === null || !server.tokens.has(pinToken)) return yield* new Unprocessable(api(422, "PIN_REQUIRED"))
          const entry = server.applied.get(transactionUuid)
          const result = { transaction_uuid: transactionUuid, status: "completed" }
          server.applied.set(transactionUuid, { count: (entry?.count ?? 0) + 1, result })
          yield* server.afterApply(cmd)
          yield* Effect.yieldNow
          if (fault !== null) return yield* Effect.fail(failureOf(fault, server.retryAfterMs))
          return result
        }),

      reconcile: (cmd) =>
        Effect.gen(function* () {
          yield* Effect.yieldNow
          server.reconciles.push(cmd.id)
          const fault = server.faults.reconcile?.(cmd) ?? null
          if (fault === "network") return yield* new NetworkError({ message: "offline" })
          if (fault === "server-error") return yield* new ServerError(api(500, "INTERNAL_ERROR"))
          return server.applied.has(cmd.id) ? ("applied" as const) : ("not-applied" as const)
        })
    }
  }
}

/** A PIN prompt answering from a script (then the default answer), recording every ask. */
export class ScriptedPinPrompt implements PinPromptShape {
  readonly asks: Array<{ readonly commandId: string; readonly lastErrorKey: string | undefined }> = []
  constructor(
    private readonly script: Array<PinInput | null> = [],
    private readonly fallback: PinInput | null = { pin: "1234" }
  ) {}

  readonly ask = (cmd: Command, lastErrorKey?: string): Effect.Effect<PinInput | null> =>
    Effect.sync(() => {
      this.asks.push({ commandId: cmd.id, lastErrorKey })
      return this.script.length > 0 ? (this.script.shift() ?? null) : this.fallback
    })
}

/** A PIN prompt that waits until the test answers (to hold a run inside the PIN step). */
export const makeGatedPinPrompt = Effect.gen(function* () {
  const asks: Array<string> = []
  let gate = yield* Deferred.make<PinInput | null>()
  const prompt: PinPromptShape = {
    ask: (cmd) =>
      Effect.suspend(() => {
        asks.push(cmd.id)
        return Deferred.await(gate)
      })
  }
  const answer = (a: PinInput | null) => Deferred.succeed(gate, a)
  const reset = Effect.gen(function* () {
    gate = yield* Deferred.make<PinInput | null>()
  })
  return { prompt, asks, answer, reset }
})

/** A Clock whose sleeps are recorded and return at once, advancing virtual time (no wall clock). */
export const makeVirtualClock = (start = Date.UTC(2025, 0, 2, 12)) => {
  let now = start
  const sleeps: Array<number> = []
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: () => now,
    currentTimeMillis: Effect.sync(() => now),
    currentTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
    monotonicTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    sleep: (d: Duration.Duration) =>
      Effect.suspend(() => {
        const ms = Duration.toMillis(d)
        sleeps.push(ms)
        now += ms
        return Effect.yieldNow
      })
  }
  return { clock, sleeps, now: () => now }
}

/** Everything a pipeline run needs, faked. */
export interface FakeEnv {
  readonly store: MemoryOutboxStore
  readonly server: FakeServer
  readonly prompt: PinPromptShape
  readonly clock: ReturnType<typeof makeVirtualClock>
  readonly seed: number
}

export const makeFakeEnv = (options: { readonly faults?: FaultPlan; readonly prompt?: PinPromptShape; readonly seed?: number } = {}): FakeEnv => ({
  store: new MemoryOutboxStore(),
  server: new FakeServer(options.faults ?? {}),
  prompt: options.prompt ?? new ScriptedPinPrompt(),
  clock: makeVirtualClock(),
  seed: options.seed ?? 1
})

/** Provide the fakes, the virtual Clock and a seeded Random to an effect. */
export const provideFakeEnv =
  (env: FakeEnv) =>
  <A, E>(self: Effect.Effect<A, E, PipelineServices>): Effect.Effect<A, E> =>
    self.pipe(
      Effect.provideService(OutboxStore, env.store),
      Effect.provideService(CommandTransport, env.server.transport),
      Effect.provideService(PinPrompt, env.prompt),
      Effect.provideService(Clock.Clock, env.clock.clock),
      Random.withSeed(env.seed)
    )

// ── Command bodies and commands for tests ──────────────────────────────────────

export const pixBody = (i: number): CommandBody => ({
  name: "v1.pix.payByKey",
  payload: { key: `payee-${i}@example.com`, amount: 1_000 + i, description: `pix ${i}` }
})

export const convertBody = (i: number): CommandBody => ({
  name: "v1.coins.convert",
  payload: { quote_id: `q-${i}`, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 50_000 + i, expected_to_amount: 8_000 + i }
})

export const approvalBody = (decision: "approve" | "reject", requestId: string): CommandBody => ({
  name: decision === "approve" ? "v1.approval.approve" : "v1.approval.reject",
  payload: { request_id: requestId }
})

let commandNo = 0
export const makeCommand = (body: CommandBody, walletId = "wallet-1"): Command => ({
  id: `00000000-0000-4000-8000-${String(++commandNo).padStart(12, "0")}`,
  user_id: "user-1",
  wallet_id: walletId,
  created_at: "2025-01-02T12:00:00.000Z",
  body
})
