/**
 * The engine's half of the boundary, derived from the declaration (sync/requests.ts; docs/decisions.md
 * D-worker-boundary): each message is decoded by its own Schema, run by the engine's handler of that name
 * (sync/engine.ts `handlers`), and answered with its success or its failure encoded by the request's failure
 * Schema — the real tagged error, decoded back to its class in the page. A failure the request does not declare is
 * logged and crosses as `UnknownError` with its tag and catalogue key kept (W5). No request is named here.
 */
import { Schema } from "effect"
import { PullError } from "../sync/pullers/puller.ts"
import { Requests, UnknownError, catalogueKeyOf, declarationOf, type Handlers, type RequestName } from "../sync/requests.ts"
import { Subscribe, Unsubscribe, type FromWorker, type NoteMessage, type RequestMessage, type ToWorker } from "./protocol.ts"

type Decode = (u: unknown) => ToWorker | null
const decoderOf = (schema: Schema.Top): Decode => {
  const decode = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)
  return (u) => {
    const exit = decode(u)
    return exit._tag === "Success" ? (exit.value as ToWorker) : null
  }
}
/** One decoder per message name: a subscription is decoded by its own Struct alone (the keystroke path). */
const decoders = new Map<string, Decode>([
  ["subscribe", decoderOf(Subscribe)],
  ["unsubscribe", decoderOf(Unsubscribe)],
  ...Object.entries(Requests).map(([t, d]): [string, Decode] => [
    t,
    decoderOf(Schema.Struct({ t: Schema.Literal(t), ...("note" in d ? {} : { reqId: Schema.Number }), ...d.payload }))
  ])
])

/** A message from a tab, or null when it is not one the protocol declares (dropped, never trusted). */
export const decodeToWorker = (data: unknown): ToWorker | null => {
  const t = typeof data === "object" && data !== null ? (data as { t?: unknown }).t : undefined
  return typeof t === "string" ? (decoders.get(t)?.(data) ?? null) : null
}

type Encode = (u: unknown) => unknown
const encoders = new Map<string, { readonly encode: (u: unknown) => { ok: true; value: unknown } | { ok: false }; readonly lift: Encode }>()
const codecOf = (request: string) => {
  let c = encoders.get(request)
  if (c) return c
  const failure = (declarationOf(request)?.failure ?? Schema.Never) as Schema.Codec<unknown, unknown>
  const enc = Schema.encodeUnknownExit(failure)
  const dec = Schema.decodeUnknownExit(failure)
  const encode = (u: unknown) => {
    const exit = enc(u)
    return exit._tag === "Success" ? { ok: true as const, value: exit.value } : { ok: false as const }
  }
  c = {
    encode,
    // a part that threw a plain tagged object ({ _tag, key, status }) rather than its class: read through the Schema
    lift: (u) => {
      const o = u as { _tag: string; key?: unknown }
      const exit = dec({ message: typeof o.key === "string" ? o.key : o._tag, ...o })
      return exit._tag === "Success" ? exit.value : undefined
    }
  }
  encoders.set(request, c)
  return c
}
const encodeUnknown = Schema.encodeSync(UnknownError)
const tagOf = (e: unknown): string | null =>
  e !== null && typeof e === "object" && typeof (e as { _tag?: unknown })._tag === "string" ? (e as { _tag: string })._tag : null

/** A request's failure as its reply carries it: encoded by the request's failure Schema, or UnknownError (W5). */
export const failureFor = (request: RequestName, e: unknown): unknown => {
  const err = e instanceof PullError ? e.cause : e
  const codec = codecOf(request)
  const direct = codec.encode(err)
  if (direct.ok) return direct.value
  if (tagOf(err) !== null) {
    const lifted = codec.lift(err)
    if (lifted !== undefined) {
      const again = codec.encode(lifted)
      if (again.ok) return again.value
    }
  }
  // eslint-disable-next-line no-console -- EN1: an undeclared failure is logged, then answered as unknown
  console.warn(`[engine] ${request} failed with an undeclared ${tagOf(err) ?? "error"}`, e)
  const status = (err as { status?: unknown } | null)?.status
  return encodeUnknown(new UnknownError({ cause: tagOf(err) ?? "Error", key: catalogueKeyOf(err), ...(typeof status === "number" ? { status } : {}) }))
}

/**
 * Run a decoded request or note with the engine's handler of its name. A request is answered once, with its
 * success or its failure; a note's failure is logged (EN1), nobody waits for it.
 */
export function serve(handlers: Handlers, m: RequestMessage | NoteMessage, reply: (r: FromWorker) => void): void {
  const { t, ...rest } = m
  const handler = (handlers as unknown as Record<string, (p: unknown) => unknown>)[t]
  if (!handler) return
  if (!("reqId" in rest)) {
    try {
      handler(rest)
    } catch (e) {
      console.warn(`[engine] ${t}`, e) // eslint-disable-line no-console -- EN1
    }
    return
  }
  const { reqId, ...payload } = rest
  const fail = (e: unknown) => reply({ t: "reply", reqId, ok: false, error: failureFor(t as RequestName, e) })
  let result: unknown
  try {
    result = handler(payload)
  } catch (e) {
    fail(e)
    return
  }
  Promise.resolve(result).then((value) => reply({ t: "reply", reqId, ok: true, ...(value !== undefined ? { value } : {}) }), fail)
}
