/**
 * A fake storage server for the upload run's tests (sync/uploads/upload.ts UploadServer): multipart
 * uploads in memory, idempotent by key like the sandbox's transaction-uuid, with a fault plan
 * (a part PUT that drops, a complete whose answer is lost after it applied) and counters that
 * prove what was sent and how many times a file was assembled.
 */
import { Effect } from "effect"
import { BadRequest, NetworkError, NotFound, type ApiError } from "../../schema/errors.ts"
import type { MultipartUpload, StoredFile, UploadedPart } from "../../schema/api-storage.ts"
import type { UploadFile, UploadServer } from "../../sync/uploads/upload.ts"

interface FakeUpload {
  upload: MultipartUpload
  file: UploadFile
  walletId: string
  parts: Map<number, { bytes: Uint8Array; etag: string }>
  assembled: StoredFile | null
  bytes: Uint8Array | null
}

export interface UploadFaults {
  /** Fail this PUT (1-based count over the server's life) with a network error, before it lands. */
  readonly dropPut?: (putNo: number, partNumber: number) => boolean
  /** The complete applies but its answer is lost (network error) this many times. */
  readonly loseCompleteAnswers?: number
}

export class FakeUploadServer {
  readonly uploads = new Map<string, FakeUpload>()
  private readonly byKey = new Map<string, string>()
  readonly puts: Array<{ uploadId: string; part: number }> = []
  readonly completes: Array<string> = []
  readonly aborts: Array<string> = []
  assembledCount = 0
  private putNo = 0
  private lost = 0
  constructor(private readonly faults: UploadFaults = {}) {}

  readonly server: UploadServer = {
    create: (walletId, key, f) => Effect.sync(() => this.create(walletId, key, f)),
    parts: (_w, uploadId) => {
      const u = this.uploads.get(uploadId)
      if (!u) return Effect.fail(new NotFound({ status: 404, key: "UPLOAD_NOT_FOUND", message: uploadId }))
      return Effect.succeed([...u.parts].map(([n, p]): UploadedPart => ({ part_number: n, size: p.bytes.length, etag: p.etag })))
    },
    partUrl: (_w, uploadId, n) => Effect.succeed(`fake://${uploadId}/${n}`),
    putPart: (url, blob) =>
      Effect.suspend((): Effect.Effect<{ etag: string }, ApiError> => {
        const [, , uploadId = "", n = "0"] = url.split("/")
        const part = Number(n)
        this.putNo += 1
        if (this.faults.dropPut?.(this.putNo, part)) return Effect.fail(new NetworkError({ message: "dropped" }))
        const u = this.uploads.get(uploadId)
        if (!u || u.upload.status !== "open") return Effect.fail(new NotFound({ status: 404, key: "UPLOAD_NOT_FOUND", message: uploadId }))
        return Effect.promise(() => blob.arrayBuffer()).pipe(
          Effect.map((buf) => {
            const bytes = new Uint8Array(buf)
            this.puts.push({ uploadId, part })
            const etag = `e${part}-${bytes.length}`
            u.parts.set(part, { bytes, etag })
            return { etag }
          })
        )
      }),
    complete: (_w, key, uploadId, parts) =>
      Effect.suspend((): Effect.Effect<StoredFile, ApiError> => {
        this.completes.push(key)
        const u = this.uploads.get(uploadId)
        if (!u) return Effect.fail(new NotFound({ status: 404, key: "UPLOAD_NOT_FOUND", message: uploadId }))
        if (u.assembled === null) {
          if (parts.length !== u.upload.parts_count || parts.some((p) => u.parts.get(p.part_number)?.etag !== p.etag)) {
            return Effect.fail(new BadRequest({ status: 400, key: "UPLOAD_INCOMPLETE", message: "missing parts" }))
          }
          const all = [...u.parts].sort((a, b) => a[0] - b[0]).map(([, p]) => p.bytes)
          const out = new Uint8Array(all.reduce((s, b) => s + b.length, 0))
          let o = 0
          for (const b of all) {
            out.set(b, o)
            o += b.length
          }
          u.bytes = out
          this.assembledCount += 1
          u.upload = { ...u.upload, status: "completed" }
          u.assembled = {
            id: u.upload.file_id,
            wallet_id: u.walletId,
            name: u.file.file_name,
            content_type: u.file.content_type,
            size: out.length,
            purpose: u.file.purpose,
            state: "READY",
            sha256: null,
            created_at: "2026-01-01T00:00:00Z",
            updated_at: "2026-01-01T00:00:00Z"
          }
        }
        if (this.lost < (this.faults.loseCompleteAnswers ?? 0)) {
          this.lost += 1
          return Effect.fail(new NetworkError({ message: "answer lost" }))
        }
        return Effect.succeed(u.assembled)
      }),
    abort: (_w, uploadId) =>
      Effect.sync(() => {
        this.aborts.push(uploadId)
        const u = this.uploads.get(uploadId)
        if (u) {
          u.upload = { ...u.upload, status: "aborted" }
          u.parts.clear()
        }
      })
  }

  private create(walletId: string, key: string, f: UploadFile): MultipartUpload {
    const known = this.byKey.get(key)
    const had = known === undefined ? undefined : this.uploads.get(known)
    if (had) return had.upload
    const id = `up-${this.uploads.size + 1}`
    const upload: MultipartUpload = {
      upload_id: id,
      file_id: `file-${id}`,
      part_size: f.part_size,
      parts_count: Math.max(1, Math.ceil(f.size / f.part_size)),
      status: "open"
    }
    this.uploads.set(id, { upload, file: f, walletId, parts: new Map(), assembled: null, bytes: null })
    this.byKey.set(key, id)
    return upload
  }

  putsOf(part: number): number {
    return this.puts.filter((p) => p.part === part).length
  }
  only(): FakeUpload {
    const [u] = [...this.uploads.values()]
    if (!u) throw new Error("no upload")
    return u
  }
}

/** Deterministic bytes of a file of `size` bytes. */
export const fileBytes = (size: number): Uint8Array<ArrayBuffer> => {
  const b = new Uint8Array(size)
  for (let i = 0; i < size; i++) b[i] = (i * 31 + 7) & 0xff
  return b
}
