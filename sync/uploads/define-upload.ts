/**
 * An upload as a command of the registry (DESIGN "Uploads are commands too"; sync/commands/define.ts):
 * `defineUploadCommand` makes a CommandDef whose payload names a file kept in the local store and
 * whose send is the resumable upload (sync/uploads/upload.ts) followed by the area's own call with
 * the stored file: its `endpoint` of the contract, with the body `finish` makes from the stored files
 * (keyed by the command id: a betting report, a payment request's document). The transport makes that
 * call like any command's (D-commands-from-contract); the PIN step is the endpoint's. Sending again is always safe — create and complete are idempotent by their keys and
 * the parts the server holds are skipped — so a lost answer reconciles by sending again
 * (reconcileBySameKey). The outbox gives it the rest: durable, replayed after a reload or a closed
 * tab, retried through drops, one run at a time, exactly once.
 */
import { Effect, Schema } from "effect"
import type { EndpointId } from "../../schema/api.ts"
import { UploadPurpose, type StoredFile } from "../../schema/api-storage.ts"
import { BadRequest } from "../../schema/errors.ts"
import { reconcileBySameKey, sensitiveOf, type CommandDef, type CommandOf, type CommandRequest, type Overlay, type RequestBody } from "../commands/define.ts"
import { runUpload, type UploadFile } from "./upload.ts"

export const UploadFilePayload = {
  file_key: Schema.String,
  file_name: Schema.String,
  content_type: Schema.String,
  size: Schema.Int,
  part_size: Schema.Int,
  purpose: UploadPurpose
}

/**
 * More files of the same command (a payment request's social contract and CNPJ mirror beside its
 * invoice): each is uploaded by the same run (U1–U5) under its own keys (`<command id>.<slot>`), after
 * the first file and before `finish`, which gets them by slot. The board shows their progress summed.
 */
export const ExtraUploadFile = Schema.Struct({ slot: Schema.String, ...UploadFilePayload })
export type ExtraUploadFile = typeof ExtraUploadFile.Type
/** The run id of an extra file (its create/complete keys and progress derive from it). */
export const extraUploadId = (commandId: string, slot: string): string => `${commandId}.${slot}`
/** The command id of a run id (an extra file's or the command's own). */
export const baseUploadId = (runId: string): string => runId.split(".")[0] ?? runId

export interface UploadCommandSpec<N extends string, M, E extends EndpointId> {
  readonly name: N
  readonly purpose: typeof UploadPurpose.Type
  /** The area's fields of the payload (e.g. the report date). */
  readonly meta: Schema.Codec<M, unknown>
  /** The area's call with the assembled files (schema/api.ts), sent with the command id as its transaction-uuid. */
  readonly endpoint: E
  /** That call's body, from the payload and the stored files (the first file, and the extra files by slot). */
  readonly finish: (cmd: CommandOf<UploadPayload<M>>, file: StoredFile, extras: Readonly<Record<string, StoredFile>>) => RequestBody<E>
  readonly overlay?: (payload: UploadPayload<M>, cmd: CommandOf<UploadPayload<M>>, phase?: "pending" | "confirmed") => ReadonlyArray<Overlay>
  readonly refresh?: ReadonlyArray<string>
}

export type UploadPayload<M> = { readonly meta: M; readonly extra_files?: ReadonlyArray<ExtraUploadFile> } & UploadFile

export const isUploadPayload = (p: unknown): p is UploadPayload<unknown> =>
  typeof p === "object" &&
  p !== null &&
  typeof (p as { file_key?: unknown }).file_key === "string" &&
  typeof (p as { part_size?: unknown }).part_size === "number"

export const defineUploadCommand = <const N extends string, M, const E extends EndpointId>(
  spec: UploadCommandSpec<N, M, E>
): CommandDef<N, UploadPayload<M>> => ({
  name: spec.name,
  payload: Schema.Struct({
    ...UploadFilePayload,
    meta: spec.meta,
    extra_files: Schema.optionalKey(Schema.Array(ExtraUploadFile))
  }) as unknown as Schema.Codec<UploadPayload<M>, unknown>,
  // no PIN binding can cover a call whose body names files not sent yet: an upload's endpoint asks no PIN (registry test)
  sensitive: sensitiveOf(spec.name, [spec.endpoint]),
  endpoints: [spec.endpoint],
  upload: (env, cmd) => {
    if (env.uploads === undefined) return Effect.fail(new BadRequest({ status: 400, key: "UPLOAD_NOT_FOUND", message: "no upload environment" }))
    const uploads = env.uploads
    return Effect.gen(function* () {
      const file = yield* runUpload(uploads, cmd, cmd.body.payload)
      const extras: Record<string, StoredFile> = {}
      for (const x of cmd.body.payload.extra_files ?? [])
        extras[x.slot] = yield* runUpload(uploads, { id: extraUploadId(cmd.id, x.slot), wallet_id: cmd.wallet_id }, x)
      return { endpoint: spec.endpoint, body: spec.finish(cmd, file, extras) } as CommandRequest
    })
  },
  reconcile: reconcileBySameKey,
  ...(spec.overlay ? { overlay: spec.overlay } : {}),
  ...(spec.refresh ? { refresh: spec.refresh } : {})
})
