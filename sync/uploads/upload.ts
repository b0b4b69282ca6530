/**
 * The resumable upload (DESIGN "Uploads are commands too"; spec features §3 storage file,
 * multipart; §7 storage calls; docs/decisions.md D-uploads): one run carries a file kept in the
 * local store to the server in parts and completes it exactly once. It is the `send` of an upload
 * command (sync/uploads/define-upload.ts), so the outbox gives it the command's life — durable,
 * retried through network failures (a drop fails the run's send; the pipeline reconciles and runs
 * it again), replayed after a reload or a closed tab:
 *
 *   U1 create the multipart upload, keyed `<command id>.create`: a rerun gets the same upload back;
 *   U2 ask which parts the server already holds and never send those again;
 *   U3 for each missing part: wait while paused, get its signed URL, PUT its bytes; report progress;
 *   U4 complete, keyed `<command id>.complete`: the server assembles the file once (a repeated
 *      complete answers the same file); U5 a run whose file was aborted by the user aborts the
 *      server's upload and ends with UPLOAD_ABORTED (not retried).
 * The server side and the local file are ports, so tests drive it against a fake server.
 */
import { Effect } from "effect"
import { BadRequest, type ApiError } from "../../schema/errors.ts"
import type { MultipartUpload, StoredFile, UploadedPart, UploadPurpose } from "../../schema/api-storage.ts"

/** What an upload command's payload says about its file. */
export interface UploadFile {
  /** Key of the Blob in the local file store. */
  readonly file_key: string
  readonly file_name: string
  readonly content_type: string
  readonly size: number
  readonly part_size: number
  readonly purpose: UploadPurpose
}

/** The server's storage calls (features §7), as the run needs them. */
export interface UploadServer {
  readonly create: (walletId: string, key: string, f: UploadFile) => Effect.Effect<MultipartUpload, ApiError>
  readonly parts: (walletId: string, uploadId: string) => Effect.Effect<ReadonlyArray<UploadedPart>, ApiError>
  readonly partUrl: (walletId: string, uploadId: string, partNumber: number) => Effect.Effect<string, ApiError>
  readonly putPart: (url: string, bytes: Blob) => Effect.Effect<{ readonly etag: string }, ApiError>
  readonly complete: (
    walletId: string,
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ part_number: number; etag: string }>
  ) => Effect.Effect<StoredFile, ApiError>
  readonly abort: (walletId: string, uploadId: string) => Effect.Effect<void, ApiError>
}

/** What the run reads of the local file and tells the engine. */
export interface UploadLocal {
  /** The bytes of the file, or undefined when the local copy is gone (then the upload cannot go on). */
  readonly blob: (fileKey: string) => Effect.Effect<Blob | undefined>
  /** Before each part: "go", or "abort" when the user stopped it; waits while the user paused it. */
  readonly gate: (commandId: string) => Effect.Effect<"go" | "abort">
  readonly progress: (commandId: string, p: UploadProgress) => void
}

export interface UploadProgress {
  readonly phase: "starting" | "sending" | "completing" | "done"
  readonly sentBytes: number
  readonly totalBytes: number
  /** Parts found already on the server when this run began (a resume). */
  readonly resumedParts: number
  readonly partsSentThisRun: number
}

export interface UploadEnv {
  readonly server: UploadServer
  readonly local: UploadLocal
}

export { MAX_PARTS, MIN_PART_SIZE, partSizeFor, partsCount } from "../../schema/api-storage.ts"

export const createKey = (commandId: string): string => `${commandId}.create`
export const completeKey = (commandId: string): string => `${commandId}.complete`

const refused = (key: string, message: string) => new BadRequest({ status: 400, key, message })

/** U1–U5: one run of an upload; resolves with the assembled file. */
export const runUpload = (env: UploadEnv, cmd: { readonly id: string; readonly wallet_id: string }, f: UploadFile): Effect.Effect<StoredFile, ApiError> =>
  Effect.gen(function* () {
    const { server, local } = env
    const total = f.size
    local.progress(cmd.id, { phase: "starting", sentBytes: 0, totalBytes: total, resumedParts: 0, partsSentThisRun: 0 })
    const upload = yield* server.create(cmd.wallet_id, createKey(cmd.id), f) // U1
    const held = new Map<number, UploadedPart>()
    if (upload.status !== "completed") for (const p of yield* server.parts(cmd.wallet_id, upload.upload_id)) held.set(p.part_number, p) // U2
    const n = upload.parts_count
    const sizeOf = (i: number) => Math.min(upload.part_size, total - (i - 1) * upload.part_size)
    let sent = [...held.values()].reduce((s, p) => s + p.size, 0)
    const resumedParts = held.size
    let thisRun = 0
    const report = (phase: UploadProgress["phase"]) =>
      local.progress(cmd.id, { phase, sentBytes: Math.min(sent, total), totalBytes: total, resumedParts, partsSentThisRun: thisRun })
    report("sending")
    if (upload.status !== "completed") {
      for (let i = 1; i <= n; i++) {
        if (held.has(i)) continue // U2: never sent again
        if ((yield* local.gate(cmd.id)) === "abort") {
          // U5
          yield* Effect.ignore(server.abort(cmd.wallet_id, upload.upload_id))
          return yield* Effect.fail(refused("UPLOAD_ABORTED", "stopped by the user"))
        }
        const blob = yield* local.blob(f.file_key)
        if (blob === undefined) return yield* Effect.fail(refused("UPLOAD_INCOMPLETE", "the local copy of the file is gone"))
        const start = (i - 1) * upload.part_size
        const url = yield* server.partUrl(cmd.wallet_id, upload.upload_id, i)
        const { etag } = yield* server.putPart(url, blob.slice(start, start + sizeOf(i)))
        held.set(i, { part_number: i, size: sizeOf(i), etag })
        sent += sizeOf(i)
        thisRun += 1
        report("sending")
      }
    }
    report("completing")
    const parts = [...held.values()].sort((a, b) => a.part_number - b.part_number).map((p) => ({ part_number: p.part_number, etag: p.etag }))
    const file = yield* server.complete(cmd.wallet_id, completeKey(cmd.id), upload.upload_id, parts) // U4
    sent = total
    report("done")
    return file
  })
