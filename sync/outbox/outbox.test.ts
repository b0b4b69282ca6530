/**
 * The Outbox service: exactly-once on the client side (sync/SPEC.md DD1, DD2, RP1, RT6, EO1;
 * DESIGN "Commands": a double click, a second tab or a replay never sends the same money twice).
 * The fake server applies whatever it receives and counts it, so a double application cannot hide.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { CommandEvent } from "../../schema/commands.ts"
import type { CommandBody } from "../commands/registry.ts"
import type { FakeEnv, SendFault } from "../../tests/support/outbox-fakes.ts"
import { approvalBody, convertBody, makeFakeEnv, makeGatedPinPrompt, pixBody, provideFakeEnv } from "../../tests/support/outbox-fakes.ts"
import { seededRandom } from "../../sandbox/prng.ts"
import { makeScopedOutbox } from "./outbox.ts"
import type { CommandStateChange } from "./outbox.ts"
import type { PipelineServices } from "./pipeline.ts"

const who = { userId: "user-1", walletId: "wallet-1" }
const runIn = <A, E>(env: FakeEnv, program: Effect.Effect<A, E, PipelineServices>): Promise<A> => Effect.runPromise(provideFakeEnv(env)(program))

/** Let background runs progress until `cond` holds (bounded, virtual time). */
const until = (cond: () => boolean, label: string, max = 200_000) =>
  Effect.gen(function* () {
    for (let i = 0; i < max; i++) {
      if (cond()) return
      yield* Effect.yieldNow
    }
    return yield* Effect.die(new Error(`never reached: ${label}`))
  })

const statesOf = (evs: ReadonlyArray<CommandEvent>) => evs.map((e) => e.state)

describe("Outbox (sync/SPEC.md)", () => {
  it("DD1 double submit runs once: replays while a run is in flight start nothing new", async () => {
    const gated = await Effect.runPromise(makeGatedPinPrompt)
    const env = makeFakeEnv({ prompt: gated.prompt })
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const { command } = yield* outbox.submit(pixBody(1), who)
        yield* until(() => gated.asks.length === 1, "PIN asked")
        yield* outbox.replay()
        yield* Effect.all([outbox.replay(), outbox.replay(), outbox.replay()], { concurrency: "unbounded" })
        expect(outbox.inFlight()).toEqual([command.id])
        const retried = yield* Effect.flip(outbox.retry(command.id))
        expect(retried._tag).toBe("NotRetryable")
        yield* gated.answer({ pin: "1234" })
        expect(yield* outbox.settled(command.id)).toBe("confirmed")
        expect(gated.asks).toEqual([command.id])
        expect(env.server.sendsOf(command.id)).toBe(1)
        expect(env.server.applyCount(command.id)).toBe(1)
        expect(outbox.inFlight()).toEqual([])
        yield* close
      })
    )
  })

  it("DD2 a dedupeKey returns the unfinished command instead of a second one (double click)", async () => {
    const gated = await Effect.runPromise(makeGatedPinPrompt)
    const env = makeFakeEnv({ prompt: gated.prompt })
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const opts = { ...who, dedupeKey: "approval:req-1" }
        const [a, b] = yield* Effect.all([outbox.submit(approvalBody("approve", "req-1"), opts), outbox.submit(approvalBody("approve", "req-1"), opts)], {
          concurrency: "unbounded"
        })
        expect(b.command.id).toBe(a.command.id)
        expect([a.existing, b.existing].sort()).toEqual([false, true])
        const c = yield* outbox.submit(approvalBody("approve", "req-1"), opts)
        expect(c).toMatchObject({ existing: true, command: { id: a.command.id } })
        expect(yield* env.store.commands()).toHaveLength(1)

        yield* until(() => gated.asks.length === 1, "PIN asked")
        yield* gated.answer({ pin: "1234" })
        expect(yield* outbox.settled(a.command.id)).toBe("confirmed")
        expect(env.server.applyCount(a.command.id)).toBe(1)
        expect(gated.asks).toHaveLength(1)

        // once finished, the key is free again: a new intent is a new command
        const d = yield* outbox.submit(approvalBody("approve", "req-1"), opts)
        expect(d.existing).toBe(false)
        expect(d.command.id).not.toBe(a.command.id)
        yield* close
      })
    )
  })

  it("DD3 an intent key returns its command even once it is finished: a submit repeated after the engine went away is not a second command", async () => {
    const env = makeFakeEnv()
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const opts = { ...who, dedupeKey: "intent:7f1c" }
        const a = yield* outbox.submit(pixBody(1), opts)
        expect(yield* outbox.settled(a.command.id)).toBe("confirmed")
        const again = yield* outbox.submit(pixBody(1), opts)
        expect(again).toMatchObject({ existing: true, command: { id: a.command.id } })
        expect(yield* env.store.commands()).toHaveLength(1)
        expect(env.server.applyCount(a.command.id)).toBe(1)
        yield* close
      })
    )
  })

  it("DD2 without a dedupeKey two submits are two commands (the view passes a form key to guard double clicks)", async () => {
    const env = makeFakeEnv()
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const a = yield* outbox.submit(pixBody(2), who)
        const b = yield* outbox.submit(pixBody(2), who)
        expect(a.command.id).not.toBe(b.command.id)
        expect(a.command.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        yield* outbox.settled(a.command.id)
        yield* outbox.settled(b.command.id)
        yield* close
      })
    )
  })

  it("RT7 offline: no answer at all never spends the tries; the command waits and is applied once when the network returns", async () => {
    let offlineSends = 40
    let offlineVerifies = 30
    const env = makeFakeEnv({
      faults: { verify: () => (offlineVerifies-- > 0 ? "network" : null), send: () => (offlineSends-- > 0 ? "network-before" : null) }
    })
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const a = yield* outbox.submit(pixBody(7), who)
        expect(yield* outbox.settled(a.command.id)).toBe("confirmed") // 30 + 40 failures, far past the 10-try budget
        expect(env.server.applyCount(a.command.id)).toBe(1)
        expect(Math.max(...env.clock.sleeps)).toBeLessThanOrEqual(30_000) // backoff stays capped while it waits
        yield* close
      })
    )
  })

  it("CN1 a command still waiting for the network (never sent) is cancelled and nothing is ever sent; a sent one is not cancellable", async () => {
    const env = makeFakeEnv({ faults: { verify: () => "network", send: () => "server-error" } })
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const waiting = yield* outbox.submit(pixBody(8), who)
        yield* until(() => env.server.verifies.length >= 3, "verify-pin tried while offline")
        expect(yield* outbox.cancel(waiting.command.id)).toBe("cancelled")
        expect(yield* outbox.settled(waiting.command.id)).toBe("cancelled")
        const tries = env.server.verifies.length
        yield* Effect.yieldNow
        expect(env.server.verifies.length).toBe(tries) // its run stopped
        expect(env.server.sendsOf(waiting.command.id)).toBe(0)
        expect(yield* outbox.cancel(waiting.command.id)).toBe("cancelled") // cancelling again changes nothing
        yield* close
      })
    )
    const env2 = makeFakeEnv({ faults: { send: () => "server-error" } })
    await runIn(
      env2,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const sent = yield* outbox.submit(pixBody(9), who)
        yield* until(() => env2.server.sendsOf(sent.command.id) >= 1, "sent once")
        const err = yield* Effect.flip(outbox.cancel(sent.command.id))
        expect(err._tag).toBe("NotCancellable")
        yield* close
      })
    )
  })

  it("OB2 submit validates the body and stores nothing invalid", async () => {
    const env = makeFakeEnv()
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const bad = { name: "v1.pix.payByKey", payload: { key: "k", amount: 1.5, description: "" } } as CommandBody
        const err = yield* Effect.flip(outbox.submit(bad, who))
        expect(err._tag).toBe("InvalidCommand")
        expect(yield* env.store.commands()).toHaveLength(0)
        yield* close
      })
    )
  })

  it("RP1 replay resumes: a reload during the PIN step asks again and completes once", async () => {
    const gated = await Effect.runPromise(makeGatedPinPrompt)
    const env = makeFakeEnv({ prompt: gated.prompt })
    await runIn(
      env,
      Effect.gen(function* () {
        const first = yield* makeScopedOutbox()
        const { command } = yield* first.outbox.submit(convertBody(1), who)
        yield* until(() => gated.asks.length === 1, "PIN asked")
        yield* first.close // reload

        const second = yield* makeScopedOutbox()
        expect(yield* second.outbox.replay()).toEqual([command.id])
        yield* until(() => gated.asks.length === 2, "PIN asked again")
        yield* gated.answer({ pin: "1234" })
        expect(yield* second.outbox.settled(command.id)).toBe("confirmed")
        expect(statesOf(yield* env.store.events(command.id))).toEqual(["created", "awaiting-pin", "awaiting-pin", "sending", "confirmed"])
        expect(env.server.applyCount(command.id)).toBe(1)
        yield* second.close
      })
    )
  })

  it("RP1 replay resumes: killed after the server applied, the replay reconciles and confirms without resending or asking", async () => {
    const env = makeFakeEnv()
    let hang = true
    env.server.afterApply = () => (hang ? Effect.never : Effect.void)
    await runIn(
      env,
      Effect.gen(function* () {
        const first = yield* makeScopedOutbox()
        const { command } = yield* first.outbox.submit(pixBody(3), who)
        yield* until(() => env.server.applyCount(command.id) === 1, "applied")
        yield* first.close // reload between the server's apply and our `confirmed`
        hang = false
        expect(yield* first.outbox.state(command.id)).toBe("sending")

        const second = yield* makeScopedOutbox()
        yield* second.outbox.replay()
        expect(yield* second.outbox.settled(command.id)).toBe("confirmed")
        expect(env.server.sendsOf(command.id)).toBe(1)
        expect(env.server.reconciles).toEqual([command.id])
        expect(env.server.applyCount(command.id)).toBe(1)
        yield* second.close
      })
    )
  })

  it("RT6 a failed command retried by the user appends new events, reconciles first, and is applied once", async () => {
    // sends 1–9 fail before apply, send 10 is applied but answered 500: the run ends `failed`
    const env = makeFakeEnv({ faults: { send: (_c, n) => (n < 10 ? "server-error" : n === 10 ? "server-error-after" : null) } })
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const { command } = yield* outbox.submit(pixBody(4), who)
        expect(yield* outbox.settled(command.id)).toBe("failed")
        const before = yield* env.store.events(command.id)
        expect(before[before.length - 1]).toMatchObject({ state: "failed", error_key: "INTERNAL_ERROR", attempt: 10 })

        yield* outbox.retry(command.id)
        expect(yield* outbox.settled(command.id)).toBe("confirmed")
        const after = yield* env.store.events(command.id)
        expect(after.slice(0, before.length)).toEqual(before) // OB1: the failure stays in the log
        expect(statesOf(after.slice(before.length))).toEqual(["created", "confirmed"])
        expect(env.server.sendsOf(command.id)).toBe(10)
        expect(env.server.applyCount(command.id)).toBe(1)

        const again = yield* Effect.flip(outbox.retry(command.id))
        expect(again._tag).toBe("NotRetryable")
        yield* close
      })
    )
  })

  it("RP1 subscribe reports each appended state, in order", async () => {
    const env = makeFakeEnv()
    await runIn(
      env,
      Effect.gen(function* () {
        const { outbox, close } = yield* makeScopedOutbox()
        const seen: Array<CommandStateChange> = []
        const stop = outbox.subscribe((c) => seen.push(c))
        const { command } = yield* outbox.submit(pixBody(5), who)
        yield* outbox.settled(command.id)
        stop()
        expect(seen.map((c) => c.state)).toEqual(["created", "awaiting-pin", "sending", "confirmed"])
        const statuses = yield* outbox.statuses()
        expect(statuses).toMatchObject([{ command: { id: command.id }, state: "confirmed", inFlight: false }])
        yield* close
      })
    )
  })

  it("EO1 300 commands under random faults and a reload in the middle: each applied exactly once, all confirmed", async () => {
    const rnd = seededRandom(20_250_102)
    const sendFaults: ReadonlyArray<SendFault> = [
      "network-before",
      "network-after",
      "server-error",
      "server-error-after",
      "gateway-timeout",
      "gateway-timeout-after",
      "rate-limited",
      "conflict-before",
      "conflict-after",
      "pin-expired"
    ]
    const env = makeFakeEnv({
      seed: 7,
      faults: {
        send: () => (rnd() < 0.4 ? (sendFaults[Math.floor(rnd() * sendFaults.length)] ?? null) : null),
        reconcile: () => (rnd() < 0.15 ? (rnd() < 0.5 ? "network" : "server-error") : null),
        verify: () => (rnd() < 0.1 ? "network" : null)
      }
    })
    const N = 300
    const bodyOf = (i: number): CommandBody =>
      i % 4 === 0 ? pixBody(i) : i % 4 === 1 ? convertBody(i) : approvalBody(i % 4 === 2 ? "approve" : "reject", `req-${i}`)

    const report = await runIn(
      env,
      Effect.gen(function* () {
        const first = yield* makeScopedOutbox()
        const ids: Array<string> = []
        for (let i = 0; i < N; i++) {
          const dedupeKey = i % 4 >= 2 ? `approval:req-${i}` : `form:${i}`
          const { command } = yield* first.outbox.submit(bodyOf(i), { userId: "user-1", walletId: `wallet-${i % 3}`, dedupeKey })
          ids.push(command.id)
          if (i % 50 === 0) yield* first.outbox.replay() // DD1: extra starts are no-ops
        }
        yield* until(() => env.server.applied.size >= N / 2, "half applied")
        const atReload = new Map<string, ReadonlyArray<CommandEvent>>()
        for (const id of ids) atReload.set(id, yield* env.store.events(id))
        yield* first.close // reload: every run in flight is interrupted where it stands

        const second = yield* makeScopedOutbox()
        const resumed = yield* second.outbox.replay()
        for (const id of ids) yield* second.outbox.settled(id)
        let userRetries = 0
        for (let round = 0; round < 5; round++) {
          for (const id of ids) {
            if ((yield* second.outbox.state(id)) !== "failed") continue
            userRetries += 1
            yield* second.outbox.retry(id)
            yield* second.outbox.settled(id)
          }
        }

        const finals = new Map<string, ReadonlyArray<CommandEvent>>()
        for (const id of ids) finals.set(id, yield* env.store.events(id))
        yield* second.close
        return { ids, atReload, finals, resumed, userRetries }
      })
    )

    const { ids, atReload, finals, resumed } = report
    expect(new Set(ids).size).toBe(N)
    expect(resumed.length).toBeGreaterThan(0) // the reload really cut runs in the middle
    expect([...atReload.values()].some((evs) => evs[evs.length - 1]?.state === "sending")).toBe(true)
    // exactly once on the server, nothing unknown applied
    expect(env.server.applied.size).toBe(N)
    for (const id of ids) expect(env.server.applyCount(id), id).toBe(1)
    for (const id of ids) {
      const evs = finals.get(id) ?? []
      expect(evs[evs.length - 1]?.state, id).toBe("confirmed")
      expect(evs.map((e) => e.seq)).toEqual(evs.map((_, i) => i)) // OB1 contiguous
      expect(evs.slice(0, atReload.get(id)?.length ?? 0)).toEqual(atReload.get(id)) // OB1 never rewritten
    }
    // the faults did happen
    expect(env.server.sends.length).toBeGreaterThan(N)
    expect(env.server.reconciles.length).toBeGreaterThan(0)
  })
})
