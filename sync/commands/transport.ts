/**
 * The outbox's transport over the real users-API client (sync/outbox/ports.ts
 * CommandTransportShape; sync/SPEC.md C2, C4): each command is sent and reconciled by its own
 * definition in the registry (sync/commands/registry.ts), with the command id as
 * `transaction-uuid`. A command no definition knows (stored by another build) is refused locally.
 */
import { Effect } from "effect"
import type { Command } from "../../schema/commands.ts"
import { BadRequest } from "../../schema/errors.ts"
import type { ApiClient } from "../api/client.ts"
import type { CommandTransportShape } from "../outbox/ports.ts"
import { commandDef } from "./registry.ts"
import type { UploadEnv } from "../uploads/upload.ts"

const unknownCommand = (cmd: Command) => Effect.fail(new BadRequest({ status: 400, key: "INVALID_FORMAT", message: `unknown command ${cmd.body.name}` }))

export function makeTransport(api: ApiClient, userId: () => string | null, uploads?: UploadEnv): CommandTransportShape {
  const env = () => ({ api, userId: userId(), ...(uploads ? { uploads } : {}) })
  return {
    verifyPin: (input) => api.call("verifyPin", { body: input, noDedup: true }).pipe(Effect.map((r) => r.data.pin_token)),
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
