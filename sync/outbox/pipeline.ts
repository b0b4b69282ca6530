/**
 * The command pipeline (DESIGN "Commands", "The sync engine"; sync/SPEC.md OB, PN, RT, RP, EO): one Effect
 * program that carries one command from its log's current state to a terminal state —
 * decode → PIN (features §2) → send with `transaction-uuid` = command id (spec core §6) →
 * retry / reconcile (spec core §8 on 409) — appending every transition before the next side
 * effect (OB3), so a kill at any point resumes from the log (RP1).
 *
 * Retry policy (RT1–RT5): network errors, 5xx, 504 and 429 are retried with exponential backoff and
 * full jitter (base 250 ms, cap 30 s, 10 tries per run; 429 waits at least Retry-After); other
 * 4xx are never retried (`rejected` with the server's key). Whenever a send may have reached the
 * server (network error, 5xx, 504, 409, malformed 2xx, or any earlier `sending` in the log), the
 * next step is `reconcile`, never a blind resend (RT3). A run that exhausts its tries ends
 * `failed` with the last key; the user may retry it (Outbox.retry), which appends new events and
 * starts with a reconcile (RT6).
 *
 * The PIN and the pin_token are never written to the log (PN4): a resumed command asks again.
 * A pin_token is asked for one command (bound to its id and its request's hash, PN6) and is good for one
 * application; one that expires before it is sent — the command waited offline, or through backoffs — is
 * never sent: the command goes back to `awaiting-pin` with PIN_REQUIRED and asks for a new PIN.
 */
import { Clock, Duration, Effect, Random, Schema } from "effect"
import type { Command, CommandEvent, CommandState } from "../../schema/commands.ts"
import { Command as CommandSchema } from "../../schema/commands.ts"
import { decodeCommandBody, isSensitive as sensitiveName } from "../commands/registry.ts"
import type { ApiError } from "../../schema/errors.ts"
import { isRetryable } from "../../schema/errors.ts"
import { everSent, isTerminal, latestState, nextSeq, sendCount } from "./history.ts"
import type { OutboxStoreError } from "./ports.ts"
import { CommandTransport, OutboxStore, PinPrompt } from "./ports.ts"

export interface PipelineConfig {
  /** First backoff ceiling (RT1). */
  readonly baseDelayMs: number
  /** Backoff ceiling cap (RT1). */
  readonly maxDelayMs: number
  /** Tries per run: sends plus failed reconciles (RT1, RT6). */
  readonly maxAttempts: number
  /** PIN prompts per PIN step before `rejected` with INCORRECT_PIN (PN2). */
  readonly maxPinPrompts: number
  /** PN6: a pin_token closer than this to its expiry is not sent (clock drift, the time the request takes). */
  readonly pinTokenMarginMs: number
}

export const DEFAULT_PIPELINE_CONFIG: PipelineConfig = {
  baseDelayMs: 250,
  maxDelayMs: 30_000,
  maxAttempts: 10,
  maxPinPrompts: 3,
  pinTokenMarginMs: 5_000
}

export interface RunOptions {
  readonly config?: Partial<PipelineConfig>
  /** Stored with the command when the run creates it (DD2). */
  readonly dedupeKey?: string
}

/** What the pipeline may need from the environment. */
export type PipelineServices = OutboxStore | CommandTransport | PinPrompt

/**
 * Full-jitter exponential backoff (RT1): a uniform draw in [0, min(cap, base·2^(n−1))), where `n`
 * is the number of the try that just failed and `random` is in [0, 1).
 */
export const backoffDelayMs = (n: number, random: number, config: PipelineConfig = DEFAULT_PIPELINE_CONFIG): number =>
  Math.floor(random * Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** Math.max(0, n - 1)))

/** The wait before the next try: the backoff, and never less than Retry-After for a 429 (RT4). */
export const retryDelayMs = (error: ApiError, n: number, random: number, config: PipelineConfig = DEFAULT_PIPELINE_CONFIG): number => {
  const jitter = backoffDelayMs(n, random, config)
  return error._tag === "RateLimited" ? Math.max(error.retryAfterMs, jitter) : jitter
}

/**
 * The catalogue key recorded for an error (schema/errors.ts ERROR_KEYS). Errors without a server
 * answer have no key of their own; they map to the closest catalogue key.
 */
export const errorKeyOf = (e: ApiError): string => {
  switch (e._tag) {
    case "NetworkError":
    case "DuplicateRequest":
      return "UNABLE_TO_PERFORM_ACTION"
    case "MalformedResponse":
      return "UNKNOWN_ERROR"
    default:
      return e.key
  }
}

/** What to do after a failed send (RT1–RT5). */
export type SendFailure =
  /** Try again after the backoff; `uncertain` = the server may have applied it, reconcile first (RT3). */
  | { readonly _tag: "Retry"; readonly uncertain: boolean }
  /** 422 PIN_REQUIRED: the pin_token expired between tries; back to `awaiting-pin` (PN3). */
  | { readonly _tag: "NeedPin" }
  /** 400/401/403/404/422 and requests refused before sending: never retried (RT2). */
  | { readonly _tag: "Reject" }
  /** The session is gone: stop, the user may retry after signing in again (RT6). */
  | { readonly _tag: "Fail" }

export const classifySendError = (e: ApiError): SendFailure => {
  switch (e._tag) {
    case "NetworkError":
    case "ServerError":
    case "GatewayTimeout":
    case "Conflict": // 409 "may have completed" (spec core §8)
    case "MalformedResponse": // a 2xx we could not read: it was applied, most likely
    case "DuplicateRequest":
      return { _tag: "Retry", uncertain: true }
    case "RateLimited": // refused before processing: nothing to reconcile
      return { _tag: "Retry", uncertain: false }
    case "Unprocessable":
      return e.key === "PIN_REQUIRED" ? { _tag: "NeedPin" } : { _tag: "Reject" }
    case "SessionExpired":
      return { _tag: "Fail" }
    case "BadRequest":
    case "NotAuthorized":
    case "Forbidden":
    case "NotFound":
    case "UnauthorizedEndpoint":
      return { _tag: "Reject" }
  }
}

/**
 * RT5/RT7: whether a run's tries are spent. No answer at all (a NetworkError: the device is offline)
 * never spends them — the command waits, backing off up to maxDelayMs, until the network returns or
 * the user cancels it; every other retryable failure counts.
 */
const exhausted = (e: ApiError, tries: number, config: PipelineConfig): boolean => e._tag !== "NetworkError" && tries >= config.maxAttempts

const isSensitive = (cmd: Command): boolean => sensitiveName(cmd.body.name)
const decodeCommand = Schema.decodeUnknownResult(CommandSchema)

type EventExtra = { readonly attempt?: number; readonly error_key?: string; readonly result?: unknown }

/**
 * Carry one command to a terminal state and return that state. Safe to call on a command in any
 * state: a terminal one returns at once; `created`/`awaiting-pin` resume from the PIN step;
 * a log with any `sending` reconciles first (RP1). Must not run twice at once for one id — the
 * Outbox guarantees that (DD1); the store's append-only `seq` check is the backstop (OB1).
 */
export const runCommand = Effect.fn("Outbox.runCommand")(function* (
  cmd: Command,
  options?: RunOptions
): Effect.fn.Return<CommandState, OutboxStoreError, PipelineServices> {
  const store = yield* OutboxStore
  const transport = yield* CommandTransport
  const prompt = yield* PinPrompt
  const config: PipelineConfig = { ...DEFAULT_PIPELINE_CONFIG, ...options?.config }

  yield* store.putCommand(cmd, options?.dedupeKey === undefined ? undefined : { dedupeKey: options.dedupeKey })
  const history = yield* store.events(cmd.id)
  let seq = nextSeq(history)

  // OB3: every transition is durable before the next side effect starts.
  const append = (state: CommandState, extra: EventExtra = {}) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const ev: CommandEvent = {
        command_id: cmd.id,
        seq,
        state,
        at: new Date(now).toISOString(),
        ...(extra.attempt === undefined ? {} : { attempt: extra.attempt }),
        ...(extra.error_key === undefined ? {} : { error_key: extra.error_key }),
        ...(extra.result === undefined ? {} : { result: extra.result })
      }
      yield* store.appendEvent(ev)
      seq += 1
      return state
    })

  const wait = (e: ApiError, n: number) =>
    Effect.gen(function* () {
      const r = yield* Random.next
      yield* Effect.sleep(Duration.millis(retryDelayMs(e, n, r, config)))
    })

  if (history.length === 0) yield* append("created")
  const current = latestState(history) ?? "created"
  if (isTerminal(current)) return current

  if (decodeCommand(cmd)._tag === "Failure" || decodeCommandBody(cmd.body)._tag === "Failure") return yield* append("rejected", { error_key: "INVALID_FORMAT" })

  /** PIN step (PN1–PN3): a pin_token, or the terminal state the step ended in. */
  const pinStep = (reason: string | undefined) =>
    Effect.gen(function* () {
      let errorKey = reason
      for (let prompts = 1; ; prompts++) {
        yield* append("awaiting-pin", errorKey === undefined ? {} : { error_key: errorKey })
        const answer = yield* prompt.ask(cmd, errorKey)
        if (answer === null) return { done: yield* append("cancelled") } // PN1: nothing is sent
        for (let tries = 1; ; tries++) {
          const verified = yield* Effect.result(transport.verifyPin(answer, cmd)) // PN6: bound to this command
          if (verified._tag === "Success") {
            const now = yield* Clock.currentTimeMillis
            return { grant: { token: verified.success.token, expiresAtMs: now + verified.success.expiresInMs } }
          }
          const e = verified.failure
          const key = errorKeyOf(e)
          if (key === "INCORRECT_PIN") {
            // PN2: ask again with the reason, up to maxPinPrompts prompts in all
            if (prompts >= config.maxPinPrompts) return { done: yield* append("rejected", { error_key: key }) }
            errorKey = key
            break
          }
          if (key === "ATTEMPTS_EXCEEDED") return { done: yield* append("rejected", { error_key: key }) } // PN2
          if (!isRetryable(e)) return { done: yield* append("rejected", { error_key: key }) } // RT2
          if (exhausted(e, tries, config)) return { done: yield* append("failed", { error_key: key }) } // RT5, RT7
          yield* wait(e, tries) // RT1: verify-pin has no side effect worth reconciling
        }
      }
    })

  /**
   * PN6: whether a held pin_token may still be sent. One that ran out (or is about to) is not. While the device is
   * offline the wait for the network races the token's expiry: an authorisation that runs out offline sends the
   * command back to `awaiting-pin` at once, so it shows as waiting for the PIN, not for the network.
   */
  const stillValid = (g: { readonly expiresAtMs: number }) =>
    Effect.gen(function* () {
      const left = g.expiresAtMs - config.pinTokenMarginMs - (yield* Clock.currentTimeMillis)
      if (left <= 0) return false
      if (transport.ready === undefined) return true
      return yield* Effect.race(Effect.as(transport.ready(), true), Effect.as(Effect.sleep(Duration.millis(left)), false))
    })

  let uncertain = everSent(history) // RP1: a send may have landed before the reload / the failure
  let sends = sendCount(history)
  let grant: { readonly token: string; readonly expiresAtMs: number } | null = null
  let pinReason: string | undefined = undefined
  let lastKey: string | undefined = undefined
  const sendAttempt = () => (sends === 0 ? {} : { attempt: sends })

  for (let tries = 1; ; tries++) {
    if (uncertain) {
      // RT3: find out whether the earlier send was applied before anything is resent.
      const found = yield* Effect.result(transport.reconcile(cmd))
      if (found._tag === "Success") {
        if (found.success === "applied") return yield* append("confirmed", sendAttempt())
        uncertain = false
      } else {
        const e = found.failure
        lastKey = errorKeyOf(e)
        // Cannot tell and cannot ask: stop without guessing; a user retry reconciles again (RT6).
        if (!isRetryable(e) || exhausted(e, tries, config)) return yield* append("failed", { ...sendAttempt(), error_key: lastKey })
        yield* wait(e, tries)
        continue
      }
    }

    if (isSensitive(cmd) && grant !== null && !(yield* stillValid(grant))) {
      grant = null // PN6: expired while it waited: asked again, never sent
      pinReason = "PIN_REQUIRED"
    }
    if (isSensitive(cmd) && grant === null) {
      const step = yield* pinStep(pinReason)
      if ("done" in step) return step.done
      grant = step.grant
      pinReason = undefined
    }

    sends += 1
    yield* append("sending", lastKey === undefined ? { attempt: sends } : { attempt: sends, error_key: lastKey })
    const sent = yield* Effect.result(transport.send(cmd, grant?.token ?? null)) // OB2: transaction-uuid = cmd.id
    if (sent._tag === "Success") return yield* append("confirmed", { attempt: sends, result: sent.success })

    const e = sent.failure
    lastKey = errorKeyOf(e)
    const what = classifySendError(e)
    switch (what._tag) {
      case "Reject":
        return yield* append("rejected", { attempt: sends, error_key: lastKey })
      case "Fail":
        return yield* append("failed", { attempt: sends, error_key: lastKey })
      case "NeedPin":
        grant = null // PN3
        pinReason = lastKey
        if (tries >= config.maxAttempts) return yield* append("failed", { attempt: sends, error_key: lastKey })
        break
      case "Retry":
        uncertain = uncertain || what.uncertain
        if (exhausted(e, tries, config)) return yield* append("failed", { attempt: sends, error_key: lastKey })
        yield* wait(e, tries)
        break
    }
  }
})
