/**
 * The one registry of commands (DESIGN "Commands"; sync/SPEC.md C1–C7): every command the app can
 * send, each one object (sync/commands/define.ts) in its area's file. The outbox validates a
 * submitted body against its definition, asks for the PIN where it says so, and the transport,
 * the optimistic projection and the engine's refreshes read it from here. Adding a command: its
 * object in `sync/commands/<area>.ts`, its area's array listed below (one line), its page.
 */
import { Result, Schema } from "effect"
import type { AnyCommandBody } from "../../schema/commands.ts"
import type { CommandDef } from "./define.ts"
import { approvalCommands } from "./approval.ts"
import { coinsCommands } from "./coins.ts"
import { pixCommands, pixKeyCommands } from "./pix.ts"
import { pixClaimCommands } from "./pix-keys.ts"
import { cardsCommands } from "./cards.ts"
import { accountCommands } from "./account.ts"
import { pixScheduleCommands } from "./pix-schedule.ts"
import { billetCommands } from "./billet.ts"
import { tedCommands } from "./ted.ts"
import { bettingCommands } from "./betting.ts"
import { gatewayCommands } from "./gateway.ts"
import { pixLimitsCommands } from "./pix-limits.ts"
import { notificationCommands } from "./notifications.ts"
import { pixMedCommands } from "./pix-med.ts"

/** Every command definition, by area. */
export const commandDefs = [
  ...coinsCommands,
  ...approvalCommands,
  ...pixCommands,
  ...pixKeyCommands,
  ...pixClaimCommands,
  ...cardsCommands,
  ...accountCommands,
  ...pixScheduleCommands,
  ...billetCommands,
  ...tedCommands,
  ...bettingCommands,
  ...gatewayCommands,
  ...pixLimitsCommands,
  ...notificationCommands,
  ...pixMedCommands
] as const

type Defs = typeof commandDefs
type BodyOf<D> = D extends CommandDef<infer N, infer P> ? { readonly name: N; readonly payload: P } : never

/** A command body the app may submit: the union of every definition's name and payload. */
export type CommandBody = BodyOf<Defs[number]>
export type CommandName = CommandBody["name"]
/** The payload of one command, by name. */
export type PayloadOf<N extends CommandName> = Extract<CommandBody, { readonly name: N }>["payload"]

type AnyDef = CommandDef<string, unknown>
const byName = new Map<string, AnyDef>(commandDefs.map((d) => [d.name, d as unknown as AnyDef]))
if (byName.size !== commandDefs.length) throw new Error("two commands share a name")

/** The definition of a command name, or undefined for a name no definition has (an old build's). */
export const commandDef = (name: string): AnyDef | undefined => byName.get(name)

/** C5: whether a command needs the PIN step. */
export const isSensitive = (name: string): boolean => byName.get(name)?.sensitive ?? false

const decoders = new Map([...byName].map(([n, d]) => [n, Schema.decodeUnknownResult(d.payload)] as const))

/**
 * C1: a body is valid when its name is registered and its payload decodes with that definition's
 * Schema. Answers the decoded body or the reason it is refused.
 */
export const decodeCommandBody = (body: AnyCommandBody | unknown): Result.Result<CommandBody, string> => {
  const b = body as { name?: unknown; payload?: unknown } | null
  const name = typeof b?.name === "string" ? b.name : ""
  const decode = decoders.get(name)
  if (decode === undefined) return Result.fail(`unknown command "${name}"`)
  const r = decode(b?.payload)
  return r._tag === "Success" ? Result.succeed({ name, payload: r.success } as CommandBody) : Result.fail(String(r.failure))
}
