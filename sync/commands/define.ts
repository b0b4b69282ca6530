/**
 * What one command is (DESIGN "Commands"; sync/SPEC.md C1–C7), in one object, as excalidraw
 * registers actions and zbugs defines mutators: its name, the contract call it makes, how a lost
 * or 409 answer is reconciled, its optimistic effect (balance movements, patches over synced lists,
 * pending statement rows) and when the pulled data reflects it. The outbox (sync/outbox), the
 * transport, the optimistic projection and the engine read these objects from the registry
 * (sync/commands/registry.ts); nothing else in the engine knows a command by name. A new command is
 * one object in its area's file, one line in the registry, and its page.
 *
 * A command is derived from the contract (issue 29 item 3, docs/decisions.md D-commands-from-contract):
 * it names its `endpoint` (schema/api.ts) and, by default, its payload Schema is that endpoint's body
 * without `pin_token`, it asks for the PIN exactly when the endpoint is `sensitive`, and its call sends
 * the payload's body fields. A command whose payload differs (display fields the body does not take,
 * path parameters) declares its `payload` and, where the body is not the payload's fields, a small
 * `request` (params, query, body; the endpoint, when it chooses among several). No command writes the
 * pin_token: the transport (sync/commands/transport.ts) adds it to a sensitive command's body, and
 * reads the same `request` to bind the PIN to the command (PN6).
 */
import { Effect, Schema } from "effect"
import { api, type Api, type EndpointId } from "../../schema/api.ts"
import type { CurrencySymbol } from "../../schema/common.ts"
import type { Command } from "../../schema/commands.ts"
import type { ApiError } from "../../schema/errors.ts"
import type { ApiClient, CallArgs } from "../api/client.ts"
import type { UploadEnv } from "../uploads/upload.ts"

/** A stored command whose payload has its definition's type. */
export interface CommandOf<P> extends Omit<Command, "body"> {
  readonly body: { readonly name: string; readonly payload: P }
}

/** What a definition's functions may use. */
export interface CommandEnv {
  readonly api: ApiClient
  /** The signed-in user (reconcile by "did I already decide?"). */
  readonly userId: string | null
  /** The local file store and storage calls an upload command sends with (sync/uploads; DESIGN "Uploads are commands too"). */
  readonly uploads?: UploadEnv
}

/** A balance movement the command makes on its wallet if it succeeds (C7, OP1). */
export interface Movement {
  readonly currency: CurrencySymbol
  readonly delta: number
}

/**
 * A patch laid over one row of a synced list while the command is pending or confirmed but not yet
 * pulled (C7, OP1): e.g. an approval request shown as decided, a card shown as "blocking…".
 * `remove: true` hides the row (a deletion); `row` adds one that does not exist yet (a creation).
 */
export interface Overlay {
  readonly list: string
  /** The row's id in that list (for `row`, the id the new row is shown under). */
  readonly id: string
  readonly patch?: Readonly<Record<string, unknown>>
  readonly remove?: true
  readonly row?: Readonly<Record<string, unknown>>
  /**
   * For a new `row`: which synced row it stands for. Once such a row is in the list (its stream hint
   * may come before the command's answer) the overlay steps aside, so the row is never shown twice (C7).
   */
  readonly standsFor?: (row: Readonly<Record<string, unknown>>) => boolean
}

/** A statement row the command will make, shown as pending until the real one is pulled (C7). */
export interface PendingRow {
  /** Suffix of the row id (`<command id>:<key>`). */
  readonly key: string
  readonly type: string
  readonly direction: "in" | "out"
  readonly currency_symbol: string
  readonly amount: number
  readonly description: string
  readonly counterparty_name: string
}

/**
 * OP3, when the confirmed effect may be dropped: "statement" once a pulled statement row carries the
 * command id as `transaction_uuid`; "refresh" once the lists in `refresh` were pulled after the
 * confirmation (the default); "none" at once.
 */
export type Reflection = "statement" | "refresh" | "none"

/**
 * The body a command gives its endpoint: the contract's body without `pin_token` (the transport adds it to a
 * sensitive command's, PN6); `undefined` for an endpoint without a body.
 */
export type RequestBody<E extends EndpointId> = E extends EndpointId
  ? Api[E] extends { readonly body: Schema.Top }
    ? Omit<Api[E]["body"]["Type"], "pin_token">
    : undefined
  : never

/** A command's payload when it declares none: its endpoint's body without `pin_token` (an empty record for no body). */
export type EndpointPayload<E extends EndpointId> = Api[E] extends { readonly body: Schema.Top }
  ? Omit<Api[E]["body"]["Type"], "pin_token">
  : Readonly<Record<string, never>>

/**
 * The contract call a command makes (C2): which endpoint, its path parameters, query and body — never the
 * pin_token. The transport sends it with the command's wallet and id as `transaction-uuid`, and a sensitive
 * command's pin_token in the body; PN6 binds the PIN to `{ endpoint, params, body }` of this very object.
 */
export type CommandRequest<E extends EndpointId = EndpointId> = E extends EndpointId
  ? {
      readonly endpoint: E
      readonly params?: Readonly<Record<string, string>>
      readonly query?: Readonly<Record<string, string | number | undefined>>
      readonly body?: RequestBody<E>
    }
  : never

/** What a command's own `request` answers: the endpoint may be left out when the command names only one. */
export type RequestOf<E extends EndpointId> = E extends EndpointId
  ? {
      readonly endpoint?: E
      readonly params?: Readonly<Record<string, string>>
      readonly query?: Readonly<Record<string, string | number | undefined>>
      readonly body?: RequestBody<E>
    }
  : never

/** What a command does besides its call: reconcile, optimistic effects, refreshes, outcome (C4, C7, OP1–OP3). */
export interface CommandEffects<P> {
  /** C4: did a send whose answer was lost (or a 409) already apply? */
  readonly reconcile: (env: CommandEnv, cmd: CommandOf<P>) => Effect.Effect<"applied" | "not-applied", ApiError>
  readonly balance?: (payload: P) => ReadonlyArray<Movement>
  /** `phase`: "pending" while it may still be sent, "confirmed" once the server applied it but before the pull shows it. */
  readonly overlay?: (payload: P, cmd: CommandOf<P>, phase?: "pending" | "confirmed") => ReadonlyArray<Overlay>
  readonly pendingRows?: (payload: P) => ReadonlyArray<PendingRow>
  /** Synced lists (schema/lists.ts names) pulled again once the command is confirmed. */
  readonly refresh?: ReadonlyArray<string>
  readonly reflectedBy?: Reflection
  /**
   * What the server did instead of the command's effect, read from its answer (e.g. a payment at or above the
   * wallet's approval minimum is "awaiting_approval": nothing moved). A confirmed command with an outcome keeps
   * no optimistic effect, and its view carries the outcome for the page to say so (features §6).
   */
  readonly outcome?: (result: unknown) => CommandOutcome | null
}

/** A command as the registry, the outbox and the transport read it (made by `defineCommand` or `defineUploadCommand`). */
export interface CommandDef<N extends string = string, P = unknown> extends CommandEffects<P> {
  /** Versioned name (CONVENTIONS habit 4): `v1.<area>.<verb>`. */
  readonly name: N
  readonly payload: Schema.Codec<P, unknown>
  /** C5: asks the view for the PIN or temporary token before it is sent (features §2): its endpoint is `sensitive`. */
  readonly sensitive: boolean
  /** The contract endpoints it may call (one, or those its `request` chooses among). */
  readonly endpoints: ReadonlyArray<EndpointId>
  /** C2, PN6: the call it makes. Every command has it, except an upload (its call follows its files: `upload`). */
  readonly request?: (cmd: CommandOf<P>) => CommandRequest
  /** An upload command (sync/uploads): sends its files, then answers the call that carries their ids. */
  readonly upload?: (env: CommandEnv, cmd: CommandOf<P>) => Effect.Effect<CommandRequest, ApiError>
}

/** What a command file writes (see the header): the endpoint(s), the payload when it is not the body, the request when the body is not the payload's fields. */
export interface CommandSpec<N extends string, E extends EndpointId, P> extends CommandEffects<P> {
  readonly name: N
  /** The contract call (schema/api.ts); several when `request` chooses among them (they must agree on the PIN). */
  readonly endpoint: E | ReadonlyArray<E>
  /** The stored payload (C1); by default the endpoint's body without `pin_token`. */
  readonly payload?: Schema.Codec<P, unknown>
  /** The call from the payload; by default the endpoint's body fields picked from the payload (no params, no query). */
  readonly request?: (payload: P, cmd: CommandOf<P>) => RequestOf<E>
}

const endpointsOf = <E extends EndpointId>(e: E | ReadonlyArray<E>): ReadonlyArray<E> => (typeof e === "string" ? [e as E] : (e as ReadonlyArray<E>))

/** The fields of an endpoint's body Schema (a Struct), without `pin_token`; null when it has no body. */
const bodyFields = (e: EndpointId): Readonly<Record<string, Schema.Top>> | null => {
  const body = (api[e] as { readonly body?: Schema.Top }).body
  if (body === undefined) return null
  const fields = (body as { readonly fields?: Readonly<Record<string, Schema.Top>> }).fields
  if (fields === undefined) throw new Error(`endpoint ${e}: its body is not a Struct, so a command needs its own payload and request`)
  const { pin_token: _pin, ...rest } = fields
  return rest
}

/** Whether an endpoint needs the PIN step (features §2): its contract flag (its body then carries `pin_token`). */
export const endpointSensitive = (e: EndpointId): boolean => (api[e] as { readonly sensitive?: boolean }).sensitive === true

/** The PIN step of calls to these endpoints; they must agree (a command that chooses among them asks the PIN or does not). */
export const sensitiveOf = (name: string, endpoints: ReadonlyArray<EndpointId>): boolean => {
  const flags = new Set(endpoints.map(endpointSensitive))
  if (flags.size !== 1) throw new Error(`${name}: its endpoints disagree on the PIN step`)
  return flags.has(true)
}

/** The default call: the endpoint's body fields the payload holds (an optional field left out stays out). */
const pickBody = (fields: Readonly<Record<string, Schema.Top>>, payload: unknown): Record<string, unknown> => {
  const p = payload as Readonly<Record<string, unknown>>
  const body: Record<string, unknown> = {}
  for (const k of Object.keys(fields)) if (Object.hasOwn(p, k)) body[k] = p[k]
  return body
}

/**
 * A definition from its endpoint (see the header); the registry keeps them as `AnyCommandDef`. Without a
 * `payload`, P is the endpoint's body without `pin_token` (EndpointPayload).
 */
export function defineCommand<const N extends string, const E extends EndpointId, P = EndpointPayload<E>>(spec: CommandSpec<N, E, P>): CommandDef<N, P> {
  const { name, endpoint, payload, request, ...effects } = spec
  const endpoints = endpointsOf(endpoint)
  const first = endpoints[0]
  if (first === undefined) throw new Error(`${name}: no endpoint`)
  if (endpoints.length > 1 && request === undefined) throw new Error(`${name}: a command of several endpoints chooses among them in its request`)
  const fields = bodyFields(first)
  const sensitive = sensitiveOf(name, endpoints)
  return {
    ...effects,
    name,
    payload: payload ?? (Schema.Struct(fields ?? {}) as unknown as Schema.Codec<P, unknown>),
    sensitive,
    endpoints,
    request:
      request === undefined
        ? (cmd) => (fields === null ? { endpoint: first } : { endpoint: first, body: pickBody(fields, cmd.body.payload) }) as CommandRequest
        : (cmd) => {
            const r = request(cmd.body.payload, cmd)
            const chosen = r.endpoint ?? first
            if (!(endpoints as ReadonlyArray<EndpointId>).includes(chosen)) throw new Error(`${name}: ${chosen} is not one of its endpoints`)
            return { ...r, endpoint: chosen } as CommandRequest
          }
  }
}

/** The outcomes a confirmed command can have besides "done" (features §6 staged approval). */
export type CommandOutcome = "awaiting_approval"

/** features §6: a Pix payment answered 202 `awaiting_approval` became an approval request (the envelope or its data). */
export const pixPaymentOutcome = (result: unknown): CommandOutcome | null => {
  const r = result as { readonly status?: unknown; readonly data?: { readonly status?: unknown } } | null
  const status = r?.data?.status ?? r?.status
  return status === "awaiting_approval" ? "awaiting_approval" : null
}

/** The common arguments of a command's call: its wallet, its idempotency key, no client dedup (C2). */
export const sendArgs = (cmd: Pick<Command, "id" | "wallet_id">): Pick<CallArgs, "walletId" | "transactionUuid" | "noDedup"> => ({
  walletId: cmd.wallet_id,
  transactionUuid: cmd.id,
  noDedup: true
})

/**
 * C4 for commands that move money: the statement is searched for the command id, which the
 * sandbox (and the bank) stores as the row's `transaction_uuid`.
 */
export const reconcileByStatement = (env: CommandEnv, cmd: Pick<Command, "id" | "wallet_id">): Effect.Effect<"applied" | "not-applied", ApiError> =>
  env.api
    .call("statement", { walletId: cmd.wallet_id, query: { search: cmd.id, page: "1", page_size: "5" } })
    .pipe(Effect.map((r) => (r.data.data.some((e) => e.transaction_uuid === cmd.id) ? ("applied" as const) : ("not-applied" as const))))

/**
 * C4 for commands whose effect is idempotent on the server by its `transaction-uuid` (the sandbox
 * answers a repeated key with the first answer and applies nothing twice): sending again is safe,
 * so "not applied" lets the pipeline resend under the same key.
 */
export const reconcileBySameKey = (): Effect.Effect<"applied" | "not-applied", ApiError> => Effect.succeed("not-applied")
