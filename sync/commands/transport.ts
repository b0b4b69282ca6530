/**
 * The outbox's transport over the real users-API client (sync/outbox/ports.ts
 * CommandTransportShape; sync/SPEC.md C2, C4): each command is sent and reconciled by its own
 * definition in the registry (sync/commands/registry.ts), with the command id as
 * `transaction-uuid`. A command no definition knows (stored by another build) is refused locally.
 */
import { Effect } from "effect"
import type { Command } from "../../schema/commands.ts"
import { BadRequest } from "../../schema/errors.ts"
import { pinPayloadHash, type PinBoundRequest } from "../../schema/pin-binding.ts"
import type { ApiClient } from "../api/client.ts"
import type { CommandTransportShape } from "../outbox/ports.ts"
import { commandDef } from "./registry.ts"
import type { CommandEnv } from "./define.ts"
import type { UploadEnv } from "../uploads/upload.ts"

const unknownCommand = (cmd: Command) => Effect.fail(new BadRequest({ status: 400, key: "INVALID_FORMAT", message: `unknown command ${cmd.body.name}` }))

const DRY_RUN = "pin-binding dry run: nothing is sent"

/**
 * The request a command's send makes (issue 30 item 3, D-pin-binding): its definition's `send` run against a client that
 * records its call and sends nothing — so the hash the pin_token is bound to is that of exactly what will be sent. Null
 * when the send makes no call (nothing to bind to).
 */
export const requestOfSend = (env: CommandEnv, cmd: Command): Effect.Effect<PinBoundRequest | null> =>
  Effect.gen(function* () {
    const def = commandDef(cmd.body.name)
    if (!def) return null
    let seen: PinBoundRequest | null = null
    const dry: ApiClient = {
      ...env.api,
      call: ((id, args) => {
        seen ??= { endpoint: id, params: args?.params, body: args?.body }
        return Effect.die(DRY_RUN)
      }) as ApiClient["call"],
      raw: () => Effect.die(DRY_RUN),
      rawText: () => Effect.die(DRY_RUN)
    }
    yield* Effect.exit(Effect.suspend(() => def.send({ ...env, api: dry }, cmd, "")))
    return seen
  })

export function makeTransport(api: ApiClient, userId: () => string | null, uploads?: UploadEnv): CommandTransportShape {
  const env = () => ({ api, userId: userId(), ...(uploads ? { uploads } : {}) })
  return {
    // PN6: the token is bound to this command — its id (the transaction-uuid it is sent with) and its request's hash
    verifyPin: (input, cmd) =>
      Effect.gen(function* () {
        const request = yield* requestOfSend(env(), cmd)
        const binding = request === null ? {} : { command_id: cmd.id, payload_hash: yield* Effect.promise(() => pinPayloadHash(request)) }
        const r = yield* api.call("verifyPin", { body: { ...input, ...binding }, noDedup: true })
        return { token: r.data.pin_token, expiresInMs: r.data.expires_in * 1000 }
      }),
    send: (cmd, pinToken) => {
      const def = commandDef(cmd.body.name)
      return def ? def.send(env(), cmd, pinToken) : unknownCommand(cmd)
    },
    reconcile: (cmd) => {
      const def = commandDef(cmd.body.name)
      return def ? def.reconcile(env(), cmd) : unknownCommand(cmd)
    }
  }
}
