/**
 * What the client checks the engine's messages against (workers/client.ts): the protocol's messages and replies, every
 * endpoint's response Schema and every live query's result Schema. A chunk of its own, loaded as the client starts and
 * awaited before the first message is read (issue 33 item 5: the contract of every area, with the Schema library, is
 * kept out of the shell's first JS).
 */
import { Schema } from "effect"
import { FromWorker } from "./protocol.ts"

export { api } from "../schema/api.ts"
export { resultSchemaOf } from "../schema/live-results.ts"
export { Replies } from "./protocol.ts"

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
