/**
 * What one command is (DESIGN "Commands"; sync/SPEC.md C1–C7), in one object, as excalidraw
 * registers actions and zbugs defines mutators: its name and payload Schema, whether it needs the
 * PIN step, how it is sent, how a lost or 409 answer is reconciled, its optimistic effect
 * (balance movements, patches over synced lists, pending statement rows) and when the pulled data
 * reflects it. The outbox (sync/outbox), the transport, the optimistic projection and the engine
 * read these objects from the registry (sync/commands/registry.ts); nothing else in the engine
 * knows a command by name. A new command is one object in its area's file plus its page.
 */
import { Effect, type Schema } from "effect"
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

export interface CommandDef<N extends string = string, P = unknown> {
  /** Versioned name (CONVENTIONS habit 4): `v1.<area>.<verb>`. */
  readonly name: N
  readonly payload: Schema.Codec<P, unknown>
  /** C5: asks the view for the PIN or temporary token before it is sent (features §2). */
  readonly sensitive: boolean
  /** C2: one call with the command id as `transaction-uuid`; resolves with the response's `data`. */
  readonly send: (env: CommandEnv, cmd: CommandOf<P>, pinToken: string | null) => Effect.Effect<unknown, ApiError>
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

/** The outcomes a confirmed command can have besides "done" (features §6 staged approval). */
export type CommandOutcome = "awaiting_approval"

/** features §6: a Pix payment answered 202 `awaiting_approval` became an approval request (the envelope or its data). */
export const pixPaymentOutcome = (result: unknown): CommandOutcome | null => {
  const r = result as { readonly status?: unknown; readonly data?: { readonly status?: unknown } } | null
  const status = r?.data?.status ?? r?.status
  return status === "awaiting_approval" ? "awaiting_approval" : null
}

/** A definition, typed by its payload Schema (the registry keeps them as `AnyCommandDef`). */
export const defineCommand = <const N extends string, P>(def: CommandDef<N, P>): CommandDef<N, P> => def

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
