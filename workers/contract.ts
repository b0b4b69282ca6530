/**
 * What the client checks the engine's messages against (workers/client.ts): the protocol's messages, each request's
 * success and failure Schemas (sync/requests.ts; a `call`'s success is its endpoint's response Schema) and every live
 * query's result Schema. A chunk of its own, loaded as the client starts and awaited before the first message is read
 * (issue 33 item 5, D-lazy-contract: the contract of every area, with the Schema library, is kept out of the shell's
 * first JS).
 */
import { Schema } from "effect"
import { UnknownError, catalogueKeyOf, declarationOf } from "../sync/requests.ts"
import { FromWorker } from "./protocol.ts"

export { resultSchemaOf } from "../schema/live-results.ts"

const decode = Schema.decodeUnknownExit(FromWorker)
/** A message from the engine, or null when it does not match the protocol. */
export const decodeFromWorker = (data: unknown): FromWorker | null => {
  const exit = decode(data)
  return exit._tag === "Success" ? exit.value : null
}

/** Compiled once per Schema: the checks of replies and snapshots (issue 11: nothing crosses the boundary unchecked). */
const guards = new WeakMap<Schema.Top, (u: unknown) => boolean>()
export const guardOf = (schema: Schema.Top): ((u: unknown) => boolean) => {
  let g = guards.get(schema)
  if (!g) {
    g = Schema.is(schema)
    guards.set(schema, g)
  }
  return g
}

/** The Schema a request's success is checked against: its own, or the one its payload names (a `call`'s endpoint). */
export const successSchemaOf = (request: string, payload: unknown): Schema.Top => {
  const d = declarationOf(request)
  return d?.successOf ? d.successOf(payload as never) : (d?.success ?? Schema.Never)
}

const failureDecoders = new Map<string, (u: unknown) => { readonly _tag: string } | null>()
/**
 * A request's failure as the engine encoded it, decoded back to its tagged class (one of those the request declares,
 * or UnknownError, W5), with the catalogue key a view translates. One that does not decode is a defect of the build:
 * logged and read as UnknownError, its key kept.
 */
export const readFailure = (request: string, encoded: unknown): { readonly error: { readonly _tag: string }; readonly key: string } => {
  let dec = failureDecoders.get(request)
  if (!dec) {
    const failure = declarationOf(request)?.failure ?? Schema.Never
    const d = Schema.decodeUnknownExit(Schema.Union([failure, UnknownError]) as unknown as Schema.Codec<{ readonly _tag: string }, unknown>)
    dec = (u) => {
      const exit = d(u)
      return exit._tag === "Success" ? exit.value : null
    }
    failureDecoders.set(request, dec)
  }
  const error = dec(encoded)
  if (error !== null) return { error, key: catalogueKeyOf(error) }
  // eslint-disable-next-line no-console -- a broken contract between the engine and the views is logged, not hidden
  console.error(`[engine] the failure of ${request} does not match its Schema`, encoded)
  const o = (encoded ?? {}) as { _tag?: unknown; key?: unknown }
  const key = typeof o.key === "string" ? o.key : "UNKNOWN_ERROR"
  return { error: new UnknownError({ cause: typeof o._tag === "string" ? o._tag : "Error", key }), key }
}
