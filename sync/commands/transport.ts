/**
 * The outbox's transport over the real users-API client (sync/outbox/ports.ts
 * CommandTransportShape; sync/SPEC.md C2, C4, PN6): it makes each command's call — the request its
 * definition in the registry (sync/commands/registry.ts) derives from the contract — with the command
 * id as `transaction-uuid`, and it alone puts the pin_token in a sensitive command's body
 * (docs/decisions.md D-commands-from-contract); reconcile is the definition's. A command no definition
 * knows (stored by another build) is refused locally.
 */
import { Effect } from "effect"
import { api as contract } from "../../schema/api.ts"
import type { Command } from "../../schema/commands.ts"
import { BadRequest, type ApiError } from "../../schema/errors.ts"
import { pinPayloadHash, type PinBoundRequest } from "../../schema/pin-binding.ts"
import type { ApiClient } from "../api/client.ts"
import type { CommandTransportShape } from "../outbox/ports.ts"
import { commandDef } from "./registry.ts"
import { sendArgs, type CommandRequest } from "./define.ts"
import type { UploadEnv } from "../uploads/upload.ts"

const unknownCommand = (cmd: Command) => Effect.fail(new BadRequest({ status: 400, key: "INVALID_FORMAT", message: `unknown command ${cmd.body.name}` }))

/**
 * The request a command's send makes, as its pin_token is bound to it (issue 30 item 3, D-pin-binding): the
 * definition's `request` — the very object `send` sends — so the hash covers exactly `{ endpoint, params, body }`
 * of what will be sent (the body without its pin_token). Null for an upload (its call carries the ids of files not
 * sent yet) and for a command no definition knows: nothing to bind to.
 */
export const requestOfSend = (cmd: Command): PinBoundRequest | null => {
  const r = commandDef(cmd.body.name)?.request?.(cmd)
  return r === undefined ? null : { endpoint: r.endpoint, params: r.params, body: r.body }
}

/**
 * C2: one command's call. The endpoint's transaction and wallet calls carry the command's wallet and its id as
 * `transaction-uuid` (no client dedup: the outbox's retries carry their idempotency key); a call that is neither
 * (marking a notification read) goes as the plain call a view makes. A sensitive command's body gets its pin_token
 * (PN6) — the only place a pin_token is written into a request.
 */
export const callCommand = (api: ApiClient, cmd: Command, sensitive: boolean, r: CommandRequest, pinToken: string | null): Effect.Effect<unknown, ApiError> => {
  const d = contract[r.endpoint] as { readonly transaction?: boolean; readonly wallet?: boolean }
  const body: unknown = sensitive ? { ...(r.body ?? {}), pin_token: pinToken ?? "" } : r.body
  return api.call(r.endpoint, {
    ...(d.transaction === true || d.wallet === true ? sendArgs(cmd) : {}),
    ...(r.params === undefined ? {} : { params: r.params }),
    ...(r.query === undefined ? {} : { query: r.query }),
    ...(body === undefined ? {} : { body })
  })
}

export function makeTransport(api: ApiClient, userId: () => string | null, uploads?: UploadEnv): CommandTransportShape {
  const env = () => ({ api, userId: userId(), ...(uploads ? { uploads } : {}) })
  return {
    // PN6: the token is bound to this command — its id (the transaction-uuid it is sent with) and its request's hash
    verifyPin: (input, cmd) =>
      Effect.gen(function* () {
        const request = requestOfSend(cmd)
        const binding = request === null ? {} : { command_id: cmd.id, payload_hash: yield* Effect.promise(() => pinPayloadHash(request)) }
        const r = yield* api.call("verifyPin", { body: { ...input, ...binding }, noDedup: true })
        return { token: r.data.pin_token, expiresInMs: r.data.expires_in * 1000 }
      }),
    send: (cmd, pinToken) => {
      const def = commandDef(cmd.body.name)
      if (def === undefined) return unknownCommand(cmd)
      const { upload, request } = def
      const call = upload ? upload(env(), cmd) : request ? Effect.sync(() => request(cmd)) : unknownCommand(cmd)
      return Effect.flatMap(call, (r) => callCommand(api, cmd, def.sensitive, r, pinToken))
    },
    reconcile: (cmd) => {
      const def = commandDef(cmd.body.name)
      return def ? def.reconcile(env(), cmd) : unknownCommand(cmd)
    }
  }
}
