/**
 * The command pipeline against a fake server (sync/SPEC.md OB1–OB3, PN1–PN4, RT1–RT5; DESIGN
 * "Commands"; spec core §6, §8, features §2). Time is virtual: sleeps return at once and are
 * recorded, or `TestClock` moves time by hand (RT4) — no wall clock is asserted.
 */
import { Deferred, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import type { Command, CommandEvent } from "../../schema/commands.ts"
import type { FakeEnv, FaultPlan, SendFault } from "../../tests/support/outbox-fakes.ts"
import { convertBody, FakeServer, makeCommand, makeFakeEnv, pixBody, provideFakeEnv, ScriptedPinPrompt } from "../../tests/support/outbox-fakes.ts"
import { backoffDelayMs, DEFAULT_PIPELINE_CONFIG, retryDelayMs, runCommand } from "./pipeline.ts"
import { CommandTransport, MemoryOutboxStore, OutboxStore, PinPrompt, type PinInput } from "./ports.ts"
import { NotAuthorized, RateLimited } from "../../schema/errors.ts"

const run = (env: FakeEnv, cmd: Command) => Effect.runPromise(provideFakeEnv(env)(runCommand(cmd)))
const eventsOf = (env: FakeEnv, id: string): Promise<ReadonlyArray<CommandEvent>> => Effect.runPromise(env.store.events(id))
const states = (evs: ReadonlyArray<CommandEvent>) => evs.map((e) => e.state)
/** Fail the first `n` sends of each command with `fault`. */
const firstSends = (n: number, fault: SendFault): FaultPlan => ({ send: (_cmd, sendNo) => (sendNo <= n ? fault : null) })

describe("outbox pipeline (sync/SPEC.md)", () => {
  it("OB1 appended never rewritten: contiguous seq, the store refuses a rewrite or a gap", async () => {
    const env = makeFakeEnv({ faults: firstSends(2, "server-error") })
    const cmd = makeCommand(pixBody(1))
    expect(await run(env, cmd)).toBe("confirmed")
    const evs = await eventsOf(env, cmd.id)
    expect(evs.map((e) => e.seq)).toEqual(evs.map((_, i) => i))
    expect(states(evs)).toEqual(["created", "awaiting-pin", "sending", "sending", "sending", "confirmed"])
    const rewrite = { ...evs[0]!, state: "cancelled" as const }
    const exit1 = await Effect.runPromiseExit(env.store.appendEvent(rewrite))
    const exit2 = await Effect.runPromiseExit(env.store.appendEvent({ ...rewrite, seq: evs.length + 3 }))
    expect(exit1._tag).toBe("Failure")
    expect(exit2._tag).toBe("Failure")
    expect(await eventsOf(env, cmd.id)).toEqual(evs)
    // running a finished command again appends nothing
    expect(await run(env, cmd)).toBe("confirmed")
    expect(await eventsOf(env, cmd.id)).toEqual(evs)
  })

  it("OB2 idempotency key = command id on every send, first and retried", async () => {
    const env = makeFakeEnv({ faults: firstSends(3, "rate-limited") })
    const cmd = makeCommand(convertBody(1))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(env.server.sends.map((s) => s.transactionUuid)).toEqual([cmd.id, cmd.id, cmd.id, cmd.id])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it("OB3 each transition is appended before the side effect it announces", async () => {
    const store = new MemoryOutboxStore()
    const server = new FakeServer({ send: (_c, n) => (n === 1 ? "network-before" : null) })
    const seen: Array<string> = []
    const lastState = (id: string) => Effect.map(store.events(id), (evs) => evs[evs.length - 1]?.state ?? "none")
    const transport = {
      verifyPin: server.transport.verifyPin,
      reconcile: (c: Command) => Effect.flatMap(lastState(c.id), (s) => (seen.push(`reconcile@${s}`), server.transport.reconcile(c))),
      send: (c: Command, t: string | null) => Effect.flatMap(lastState(c.id), (s) => (seen.push(`send@${s}`), server.transport.send(c, t)))
    }
    const prompt = {
      ask: (c: Command) => Effect.orDie(Effect.map(lastState(c.id), (s) => (seen.push(`ask@${s}`), { pin: "1234" })))
    }
    const cmd = makeCommand(pixBody(2))
    const env = makeFakeEnv()
    const state = await Effect.runPromise(
      runCommand(cmd).pipe(
        Effect.provideService(OutboxStore, store),
        Effect.provideService(CommandTransport, transport),
        Effect.provideService(PinPrompt, prompt),
        provideFakeEnv(env)
      )
    )
    expect(state).toBe("confirmed")
    expect(seen).toEqual(["ask@awaiting-pin", "send@sending", "reconcile@sending", "send@sending"])
  })

  it("PN1 PIN cancel cancels: nothing is verified or sent", async () => {
    const env = makeFakeEnv({ prompt: new ScriptedPinPrompt([null]) })
    const cmd = makeCommand(pixBody(3))
    expect(await run(env, cmd)).toBe("cancelled")
    expect(states(await eventsOf(env, cmd.id))).toEqual(["created", "awaiting-pin", "cancelled"])
    expect(env.server.verifies).toHaveLength(0)
    expect(env.server.sends).toHaveLength(0)
  })

  it("PN2 wrong PIN re-prompts: wrong twice then right is confirmed, the prompt gets INCORRECT_PIN", async () => {
    const prompt = new ScriptedPinPrompt([{ pin: "0000" }, { pin: "1111" }, { pin: "1234" }])
    const env = makeFakeEnv({ prompt })
    const cmd = makeCommand(pixBody(4))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(prompt.asks.map((a) => a.lastErrorKey)).toEqual([undefined, "INCORRECT_PIN", "INCORRECT_PIN"])
    const evs = await eventsOf(env, cmd.id)
    expect(evs.filter((e) => e.state === "awaiting-pin").map((e) => e.error_key)).toEqual([undefined, "INCORRECT_PIN", "INCORRECT_PIN"])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it("PN2 wrong PIN three times is rejected with INCORRECT_PIN, nothing sent", async () => {
    const prompt = new ScriptedPinPrompt([{ pin: "0000" }, { pin: "1111" }, { pin: "2222" }, { pin: "1234" }])
    const env = makeFakeEnv({ prompt })
    const cmd = makeCommand(pixBody(5))
    expect(await run(env, cmd)).toBe("rejected")
    const evs = await eventsOf(env, cmd.id)
    expect(evs[evs.length - 1]).toMatchObject({ state: "rejected", error_key: "INCORRECT_PIN" })
    expect(prompt.asks).toHaveLength(3)
    expect(env.server.sends).toHaveLength(0)
  })

  it("PN2 429 ATTEMPTS_EXCEEDED from verify-pin is rejected at once", async () => {
    const env = makeFakeEnv({ prompt: new ScriptedPinPrompt([{ pin: "0000" }]) })
    env.server.maxWrongPins = 1
    const cmd = makeCommand(pixBody(6))
    expect(await run(env, cmd)).toBe("rejected")
    const evs = await eventsOf(env, cmd.id)
    expect(evs[evs.length - 1]).toMatchObject({ state: "rejected", error_key: "ATTEMPTS_EXCEEDED" })
    expect(env.server.sends).toHaveLength(0)
  })

  it("PN2 the temporary token works like the PIN", async () => {
    const env = makeFakeEnv({ prompt: new ScriptedPinPrompt([{ temporary_token: "654321" }]) })
    const cmd = makeCommand(pixBody(7))
    expect(await run(env, cmd)).toBe("confirmed")
  })

  it("PN3 an expired pin_token (422 PIN_REQUIRED) goes back to awaiting-pin, then sends with the same id", async () => {
    const prompt = new ScriptedPinPrompt()
    const env = makeFakeEnv({ prompt, faults: firstSends(1, "pin-expired") })
    const cmd = makeCommand(pixBody(8))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(states(await eventsOf(env, cmd.id))).toEqual(["created", "awaiting-pin", "sending", "awaiting-pin", "sending", "confirmed"])
    expect(prompt.asks.map((a) => a.lastErrorKey)).toEqual([undefined, "PIN_REQUIRED"])
    expect(env.server.sends.map((s) => s.transactionUuid)).toEqual([cmd.id, cmd.id])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it("PN6 the PIN is asked for one command: verify-pin is given that command (the transport binds the token to its id and request)", async () => {
    const env = makeFakeEnv()
    const seen: Array<string> = []
    const transport = { ...env.server.transport, verifyPin: (input: PinInput, c: Command) => (seen.push(c.id), env.server.transport.verifyPin(input, c)) }
    const cmd = makeCommand(pixBody(30))
    const state = await Effect.runPromise(runCommand(cmd).pipe(Effect.provideService(CommandTransport, transport), provideFakeEnv(env)))
    expect(state).toBe("confirmed")
    expect(seen).toEqual([cmd.id])
  })

  it("PN6 a pin_token that expires while the command waits (a long Retry-After) is never sent: back to awaiting-pin PIN_REQUIRED, a new PIN, sent once", async () => {
    const prompt = new ScriptedPinPrompt()
    const env = makeFakeEnv({ prompt, faults: firstSends(1, "rate-limited") })
    env.server.pinTokenTtlMs = 120_000
    env.server.retryAfterMs = 200_000
    const cmd = makeCommand(pixBody(31))
    expect(await run(env, cmd)).toBe("confirmed")
    const evs = await eventsOf(env, cmd.id)
    expect(states(evs)).toEqual(["created", "awaiting-pin", "sending", "awaiting-pin", "sending", "confirmed"])
    expect(evs[3]).toMatchObject({ state: "awaiting-pin", error_key: "PIN_REQUIRED" })
    expect(prompt.asks.map((a) => a.lastErrorKey)).toEqual([undefined, "PIN_REQUIRED"])
    // the expired token was not sent again: the second send carries the new one
    expect(env.server.sends.map((x) => x.pinToken)).toEqual(["pin-token-1", "pin-token-2"])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it("PN6 a pin_token still good after a short wait is sent again without a new PIN", async () => {
    const prompt = new ScriptedPinPrompt()
    const env = makeFakeEnv({ prompt, faults: firstSends(1, "rate-limited") })
    env.server.pinTokenTtlMs = 120_000
    env.server.retryAfterMs = 2_000
    const cmd = makeCommand(pixBody(32))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(prompt.asks).toHaveLength(1)
    expect(env.server.sends.map((x) => x.pinToken)).toEqual(["pin-token-1", "pin-token-1"])
  })

  it("PN6 offline: an authorisation that runs out while the device waits for the network shows as awaiting-pin PIN_REQUIRED at once, and nothing is sent until a new PIN", async () => {
    const env = makeFakeEnv({ faults: firstSends(1, "rate-limited") })
    env.server.pinTokenTtlMs = 120_000
    env.server.retryAfterMs = 1_000
    const cmd = makeCommand(pixBody(33))
    let online = true
    const network = await Effect.runPromise(Deferred.make<void>())
    const atAsk: Array<{ online: boolean; state: string | undefined; error_key: string | undefined; sends: number }> = []
    const transport = {
      ...env.server.transport,
      // RT7: the engine's `ready` waits for the network; the device went offline after the first (refused) send
      ready: () => (online ? Effect.void : Deferred.await(network)),
      send: (c: Command, t: string | null) =>
        Effect.tap(env.server.transport.send(c, t), () => Effect.void).pipe(Effect.ensuring(Effect.sync(() => (online = false))))
    }
    const prompt = {
      ask: (c: Command, lastErrorKey?: string) =>
        Effect.gen(function* () {
          const evs = yield* Effect.orDie(env.store.events(c.id))
          const last = evs[evs.length - 1]
          atAsk.push({ online, state: last?.state, error_key: last?.error_key, sends: env.server.sends.length })
          if (lastErrorKey === "PIN_REQUIRED") {
            online = true // the user types the PIN; the network is back
            yield* Deferred.succeed(network, undefined)
          }
          return { pin: "1234" }
        })
    }
    const state = await Effect.runPromise(
      runCommand(cmd).pipe(Effect.provideService(CommandTransport, transport), Effect.provideService(PinPrompt, prompt), provideFakeEnv(env))
    )
    expect(state).toBe("confirmed")
    expect(atAsk).toEqual([
      { online: true, state: "awaiting-pin", error_key: undefined, sends: 0 },
      { online: false, state: "awaiting-pin", error_key: "PIN_REQUIRED", sends: 1 }
    ])
    expect(env.server.sends.map((x) => x.pinToken)).toEqual(["pin-token-1", "pin-token-2"])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it("PN4 neither the PIN nor the pin_token is written to the log", async () => {
    const env = makeFakeEnv({ faults: firstSends(1, "pin-expired") })
    const cmd = makeCommand(pixBody(9))
    await run(env, cmd)
    const log = JSON.stringify(env.store.allEvents())
    expect(log).not.toContain("1234")
    expect(log).not.toContain("pin-token")
  })

  it.each<[SendFault, string]>([
    ["network-before", "UNABLE_TO_PERFORM_ACTION"],
    ["server-error", "INTERNAL_ERROR"],
    ["gateway-timeout", "GATEWAY_TIMEOUT"],
    ["rate-limited", "REQUEST_LIMIT_REACHED"]
  ])("R1 retry network/5xx/504/429: %s is retried and applied once", async (fault, key) => {
    const env = makeFakeEnv({ faults: firstSends(2, fault) })
    const cmd = makeCommand(pixBody(10))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(env.server.applyCount(cmd.id)).toBe(1)
    const sending = (await eventsOf(env, cmd.id)).filter((e) => e.state === "sending")
    expect(sending[0]).toMatchObject({ attempt: 1 })
    expect(sending[1]).toMatchObject({ attempt: 2, error_key: key })
  })

  it("RT1 backoff is exponential with full jitter, base 250 ms, cap 30 s", () => {
    const c = DEFAULT_PIPELINE_CONFIG
    expect(backoffDelayMs(1, 0, c)).toBe(0)
    expect(backoffDelayMs(1, 0.999999, c)).toBe(249)
    expect(backoffDelayMs(2, 0.999999, c)).toBe(499)
    expect(backoffDelayMs(4, 0.5, c)).toBe(1000)
    expect(backoffDelayMs(8, 0.999999, c)).toBe(29_999)
    expect(backoffDelayMs(30, 0.999999, c)).toBe(29_999)
    const rl = new RateLimited({ status: 429, key: "REQUEST_LIMIT_REACHED", message: "", retryAfterMs: 5_000 })
    expect(retryDelayMs(rl, 1, 0.2, c)).toBe(5_000)
    expect(retryDelayMs(rl, 9, 0.9, c)).toBeGreaterThanOrEqual(5_000)
  })

  it("RT1 the sleeps between tries follow the backoff (virtual clock)", async () => {
    const env = makeFakeEnv({ faults: firstSends(5, "server-error") })
    const cmd = makeCommand(pixBody(11))
    await run(env, cmd)
    expect(env.clock.sleeps).toHaveLength(5)
    env.clock.sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0)
      expect(ms).toBeLessThan(Math.min(30_000, 250 * 2 ** i))
    })
  })

  it.each<[SendFault, string]>([
    ["bad-request", "INVALID_REQUEST"],
    ["not-authorized", "NOT_AUTHORIZED"],
    ["forbidden", "WITHOUT_PERMISSION"],
    ["not-found", "APPROVAL_REQUEST_NOT_FOUND"],
    ["unprocessable", "INSUFFICIENT_BALANCE"]
  ])("RT2 never retry other 4xx: %s is rejected with the server's key after one send", async (fault, key) => {
    const env = makeFakeEnv({ faults: { send: () => fault } })
    const cmd = makeCommand(pixBody(12))
    expect(await run(env, cmd)).toBe("rejected")
    const evs = await eventsOf(env, cmd.id)
    expect(evs[evs.length - 1]).toMatchObject({ state: "rejected", error_key: key, attempt: 1 })
    expect(env.server.sends).toHaveLength(1)
    expect(env.server.reconciles).toHaveLength(0)
    expect(env.clock.sleeps).toHaveLength(0)
  })

  it("RT3 409 after apply reconciles and confirms without resending", async () => {
    const env = makeFakeEnv({ faults: firstSends(1, "conflict-after") })
    const cmd = makeCommand(pixBody(13))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(env.server.sends).toHaveLength(1)
    expect(env.server.reconciles).toEqual([cmd.id])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it("RT3 409 not applied reconciles, then resends with the same id (counts as a try)", async () => {
    const env = makeFakeEnv({ faults: firstSends(1, "conflict-before") })
    const cmd = makeCommand(pixBody(14))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(env.server.sends.map((s) => s.transactionUuid)).toEqual([cmd.id, cmd.id])
    expect(env.server.reconciles).toEqual([cmd.id])
    const sending = (await eventsOf(env, cmd.id)).filter((e) => e.state === "sending")
    expect(sending.map((e) => e.attempt)).toEqual([1, 2])
    expect(env.server.applyCount(cmd.id)).toBe(1)
  })

  it.each<SendFault>(["network-after", "gateway-timeout-after", "server-error-after"])(
    "R3 %s: the send landed, reconcile confirms without a second send",
    async (fault) => {
      const env = makeFakeEnv({ faults: firstSends(1, fault) })
      const cmd = makeCommand(convertBody(15))
      expect(await run(env, cmd)).toBe("confirmed")
      expect(env.server.sends).toHaveLength(1)
      expect(env.server.applyCount(cmd.id)).toBe(1)
    }
  )

  it("RT3 a failing reconcile is retried, never replaced by a blind resend", async () => {
    let reconcileFaults = 2
    const env = makeFakeEnv({
      faults: { send: (_c, n) => (n === 1 ? "network-after" : null), reconcile: () => (reconcileFaults-- > 0 ? "network" : null) }
    })
    const cmd = makeCommand(pixBody(16))
    expect(await run(env, cmd)).toBe("confirmed")
    expect(env.server.reconciles).toHaveLength(3)
    expect(env.server.sends).toHaveLength(1)
  })

  it("RT4 429 waits at least Retry-After (TestClock)", async () => {
    const env = makeFakeEnv({ faults: firstSends(1, "rate-limited") })
    env.server.retryAfterMs = 7_000
    const cmd = makeCommand(pixBody(17))
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(runCommand(cmd))
      // let the run reach its backoff sleep (virtual time stands still meanwhile)
      for (let i = 0; i < 1_000 && env.server.sends.length === 0; i++) yield* Effect.yieldNow
      for (let i = 0; i < 20; i++) yield* Effect.yieldNow
      yield* TestClock.adjust(6_999)
      const sendsBefore = env.server.sends.length
      yield* TestClock.adjust(1)
      const state = yield* Fiber.join(fiber)
      return { sendsBefore, state }
    }).pipe(
      Effect.provideService(OutboxStore, env.store),
      Effect.provideService(CommandTransport, env.server.transport),
      Effect.provideService(PinPrompt, env.prompt),
      Effect.provide(TestClock.layer())
    )
    const { sendsBefore, state } = await Effect.runPromise(program)
    expect(sendsBefore).toBe(1)
    expect(state).toBe("confirmed")
    expect(env.server.sends).toHaveLength(2)
  })

  it("RT5 tries exhausted: failed with the last key after 10 sends", async () => {
    const env = makeFakeEnv({ faults: { send: () => "server-error" } })
    const cmd = makeCommand(pixBody(18))
    expect(await run(env, cmd)).toBe("failed")
    const evs = await eventsOf(env, cmd.id)
    expect(evs[evs.length - 1]).toMatchObject({ state: "failed", error_key: "INTERNAL_ERROR", attempt: 10 })
    expect(env.server.sends).toHaveLength(10)
    expect(env.server.applyCount(cmd.id)).toBe(0)
  })

  it("RT5 a reconcile that cannot say (401) ends failed, never rejected", async () => {
    const env = makeFakeEnv({ faults: firstSends(1, "network-after") })
    const transport = {
      ...env.server.transport,
      reconcile: () => Effect.fail(new NotAuthorized({ status: 401, key: "NOT_AUTHORIZED", message: "" }))
    }
    const cmd = makeCommand(pixBody(19))
    const state = await Effect.runPromise(runCommand(cmd).pipe(Effect.provideService(CommandTransport, transport), provideFakeEnv(env)))
    expect(state).toBe("failed")
    const evs = await eventsOf(env, cmd.id)
    expect(evs[evs.length - 1]).toMatchObject({ state: "failed", error_key: "NOT_AUTHORIZED" })
    expect(env.server.sends).toHaveLength(1)
  })
})
