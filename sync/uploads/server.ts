/**
 * The upload run's server port over the users-API client (sync/uploads/upload.ts UploadServer;
 * features §7 storage calls, paths ours: D-uploads-contract). The part bytes go by a plain PUT to
 * the signed URL the server answered (no bearer: the signature is the grant, as with S3 presigned
 * URLs); its failures map to the catalogue's tagged errors like any call's.
 */
import { Effect } from "effect"
import { errorFromStatus, NetworkError, type ApiError } from "../../schema/errors.ts"
import type { ApiClient } from "../api/client.ts"
import type { UploadServer } from "./upload.ts"

export function makeUploadServer(api: ApiClient, doFetch: typeof fetch = (...a) => globalThis.fetch(...a)): UploadServer {
  const w = (walletId: string) => ({ walletId, noDedup: true })
  return {
    create: (walletId, key, f) =>
      api
        .call("storageMultipartCreate", {
          ...w(walletId),
          transactionUuid: key,
          body: { file_name: f.file_name, content_type: f.content_type, size: f.size, purpose: f.purpose, part_size: f.part_size }
        })
        .pipe(Effect.map((r) => r.data)),
    parts: (walletId, uploadId) => api.call("storageParts", { ...w(walletId), params: { id: uploadId } }).pipe(Effect.map((r) => r.data.parts)),
    partUrl: (walletId, uploadId, partNumber) =>
      api.call("storagePartUrl", { ...w(walletId), params: { id: uploadId }, body: { part_number: partNumber } }).pipe(Effect.map((r) => r.data.url)),
    putPart: (url, bytes) =>
      Effect.tryPromise({
        try: (signal) => doFetch(url, { method: "PUT", body: bytes, signal, headers: { "content-type": "application/octet-stream" } }),
        catch: (e) => new NetworkError({ message: e instanceof Error ? e.message : String(e) })
      }).pipe(
        Effect.flatMap((res): Effect.Effect<{ etag: string }, ApiError> =>
          res.ok
            ? Effect.promise(() => res.json() as Promise<{ data?: { etag?: string } }>).pipe(
                Effect.map((j) => ({ etag: j.data?.etag ?? res.headers.get("etag") ?? "" }))
              )
            : Effect.promise(() => res.json().catch(() => null) as Promise<{ error: { status: number; key: string; message: string } } | null>).pipe(
                Effect.flatMap((b) => Effect.fail(errorFromStatus(res.status, b, res.headers.get("retry-after"))))
              )
        )
      ),
    complete: (walletId, key, uploadId, parts) =>
      api.call("storageComplete", { ...w(walletId), transactionUuid: key, params: { id: uploadId }, body: { parts } }).pipe(Effect.map((r) => r.data)),
    abort: (walletId, uploadId) => api.call("storageAbort", { ...w(walletId), params: { id: uploadId } }).pipe(Effect.asVoid)
  }
}
