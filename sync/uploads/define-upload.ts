/**
 * An upload as a command of the registry (DESIGN "Uploads are commands too"; sync/commands/define.ts):
 * `defineUploadCommand` makes a CommandDef whose payload names a file kept in the local store and
 * whose send is the resumable upload (sync/uploads/upload.ts) followed by the area's own call with
 * the stored file (`finish`, keyed by the command id: a betting report, a payment request's
 * document). Sending again is always safe — create and complete are idempotent by their keys and
 * the parts the server holds are skipped — so a lost answer reconciles by sending again
 * (reconcileBySameKey). The outbox gives it the rest: durable, replayed after a reload or a closed
 * tab, retried through drops, one run at a time, exactly once.
 */
import { Effect, Schema } from "effect"
import { UploadPurpose, type StoredFile } from "../../schema/api-storage.ts"
import { BadRequest, type ApiError } from "../../schema/errors.ts"
import { defineCommand, reconcileBySameKey, type CommandDef, type CommandEnv, type CommandOf, type Overlay } from "../commands/define.ts"
import { runUpload, type UploadFile } from "./upload.ts"

export const UploadFilePayload = {
  file_key: Schema.String,
  file_name: Schema.String,
  content_type: Schema.String,
  size: Schema.Int,
  part_size: Schema.Int,
  purpose: UploadPurpose
}

export interface UploadCommandSpec<N extends string, M> {
  readonly name: N
  readonly purpose: typeof UploadPurpose.Type
  /** The area's fields of the payload (e.g. the report date). */
  readonly meta: Schema.Codec<M, unknown>
  readonly sensitive?: boolean
  /** The area's call with the assembled file, with the command id as its transaction-uuid. */
  readonly finish: (env: CommandEnv, cmd: CommandOf<{ readonly meta: M } & UploadFile>, file: StoredFile, pinToken: string | null) => Effect.Effect<unknown, ApiError>
  readonly overlay?: (payload: { readonly meta: M } & UploadFile, cmd: CommandOf<{ readonly meta: M } & UploadFile>, phase?: "pending" | "confirmed") => ReadonlyArray<Overlay>
  readonly refresh?: ReadonlyArray<string>
}

export type UploadPayload<M> = { readonly meta: M } & UploadFile

export const isUploadPayload = (p: unknown): p is UploadPayload<unknown> =>
  typeof p === "object" && p !== null && typeof (p as { file_key?: unknown }).file_key === "string" && typeof (p as { part_size?: unknown }).part_size === "number"

export const defineUploadCommand = <const N extends string, M>(spec: UploadCommandSpec<N, M>): CommandDef<N, UploadPayload<M>> =>
  defineCommand({
    name: spec.name,
    payload: Schema.Struct({ ...UploadFilePayload, meta: spec.meta }) as unknown as Schema.Codec<UploadPayload<M>, unknown>,
    sensitive: spec.sensitive ?? false,
    send: (env, cmd, pinToken) => {
      if (env.uploads === undefined) return Effect.fail(new BadRequest({ status: 400, key: "UPLOAD_NOT_FOUND", message: "no upload environment" }))
      return runUpload(env.uploads, cmd, cmd.body.payload).pipe(Effect.flatMap((file) => spec.finish(env, cmd, file, pinToken)))
    },
    reconcile: reconcileBySameKey,
    ...(spec.overlay ? { overlay: spec.overlay } : {}),
    ...(spec.refresh ? { refresh: spec.refresh } : {})
  })
