/**
 * The storage contract for uploads (spec features §3 "Storage file": PENDING, READY, DELETING,
 * DELETED, ERROR, multipart; §7 "Storage": upload, confirm, multipart create, complete, abort,
 * part-signed-url, parts, file download, list created_at desc size 20 — paths not shown). The paths
 * and bodies are ours (docs/decisions.md D-uploads-contract). A part's bytes go to the signed URL
 * that part-signed-url answers (a PUT of the raw bytes, no bearer: the signature is the grant), so
 * the part PUT is not a call of this contract. Spread into `api` (schema/api.ts).
 */
import { Schema } from "effect"
import { ruleCheck, ValidationMessage } from "./rules/messages.ts"
import { Envelope, Ok, Paged } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { StorageFileState } from "./entities.ts"
import { P } from "./permissions.ts"

const optStr = Schema.optionalKey(Schema.String)

/** What an upload is for: the server hands the completed file to that area (our names). */
export const UploadPurpose = Schema.Literals(["endr-report", "payment-request"])
export type UploadPurpose = typeof UploadPurpose.Type

export const StoredFile = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  name: Schema.String,
  content_type: Schema.String,
  size: Schema.Int,
  purpose: UploadPurpose,
  state: StorageFileState,
  /** Hex SHA-256 of the assembled bytes (the proof that a file was assembled once and whole). */
  sha256: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type StoredFile = typeof StoredFile.Type

export const MultipartUpload = Schema.Struct({
  upload_id: Schema.String,
  file_id: Schema.String,
  part_size: Schema.Int,
  parts_count: Schema.Int,
  status: Schema.Literals(["open", "completed", "aborted"])
})
export type MultipartUpload = typeof MultipartUpload.Type

export const UploadedPart = Schema.Struct({ part_number: Schema.Int, size: Schema.Int, etag: Schema.String })
export type UploadedPart = typeof UploadedPart.Type

/** The largest file an upload takes (D-uploads-contract). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024

/**
 * An upload's start (D-rules-on-contract): a file name of 1–200 characters, not blank (VALIDATION_FORMAT), a size of
 * 1 byte to 200 MiB (VALIDATION_MAX_VALUE); how it is cut in parts is the route's.
 */
export const MultipartCreateBody = Schema.Struct({
  file_name: Schema.String.check(Schema.makeFilter((s: string) => s.trim() !== "" && s.length <= 200)),
  content_type: Schema.String,
  size: Schema.Int.check(ruleCheck((n: number) => Number.isSafeInteger(n) && n > 0 && n <= MAX_UPLOAD_BYTES, ValidationMessage.max_value)),
  purpose: UploadPurpose,
  part_size: Schema.Int
}).check(
  // how the file is cut (D-sandbox-by-area): at most MAX_PARTS parts, each of at least MIN_PART_SIZE unless there is one
  Schema.makeFilter((b: { readonly size: number; readonly part_size: number }) => {
    const parts = Math.ceil(b.size / b.part_size)
    return (
      (Number.isSafeInteger(b.part_size) && !(b.part_size < MIN_PART_SIZE && parts > 1) && parts <= MAX_PARTS) || {
        path: ["part_size"],
        issue: "VALIDATION_FORMAT"
      }
    )
  })
)

/** spec core §9 "betting upload multipart size 100": at most 100 parts (D-uploads-part-size), each at least 256 KiB. */
export const MAX_PARTS = 100
export const MIN_PART_SIZE = 256 * 1024
export const partSizeFor = (size: number): number => Math.max(MIN_PART_SIZE, Math.ceil(size / MAX_PARTS))
export const partsCount = (size: number, partSize: number): number => Math.max(1, Math.ceil(size / partSize))

/**
 * Who may upload (issue 30, D-sandbox-trust): the features that upload — the betting operator's reports (`endr`, the
 * permission of every betting call) and a gateway payment request's documents (`postAssistedPayments`, the permission
 * of creating the request). Every storage call of a wallet needs one of them; the purpose itself needs its own.
 */
export const STORAGE_PERMISSION = [P.endr, P.postAssistedPayments] as const
/** The permission each purpose needs at multipart create. */
export const PURPOSE_PERMISSION = { "endr-report": P.endr, "payment-request": P.postAssistedPayments } as const satisfies Record<UploadPurpose, string>

export const storageApi = {
  /** Multipart create: idempotent by transaction-uuid (the upload command's id): a resend answers the same upload. */
  storageMultipartCreate: def({
    method: "POST",
    path: "/users/v2/storage/multipart",
    wallet: true,
    permission: STORAGE_PERMISSION,
    transaction: true,
    body: MultipartCreateBody,
    refusals: REFUSALS.storageMultipartCreate,
    response: Envelope(MultipartUpload)
  }),
  storagePartUrl: def({
    method: "POST",
    path: "/users/v2/storage/multipart/{id}/part-signed-url",
    wallet: true,
    permission: STORAGE_PERMISSION,
    body: Schema.Struct({ part_number: Schema.Int }),
    refusals: REFUSALS.storagePartUrl,
    response: Envelope(Schema.Struct({ url: Schema.String, expires_at: Schema.String }))
  }),
  /** The parts the server holds: what a resumed upload does not send again. */
  storageParts: def({
    method: "GET",
    path: "/users/v2/storage/multipart/{id}/parts",
    wallet: true,
    permission: STORAGE_PERMISSION,
    refusals: REFUSALS.storageParts,
    response: Envelope(Schema.Struct({ upload: MultipartUpload, parts: Schema.Array(UploadedPart) }))
  }),
  /** Complete: assembles the parts once (a repeated complete answers the same file). */
  storageComplete: def({
    method: "POST",
    path: "/users/v2/storage/multipart/{id}/complete",
    wallet: true,
    permission: STORAGE_PERMISSION,
    transaction: true,
    body: Schema.Struct({ parts: Schema.Array(Schema.Struct({ part_number: Schema.Int, etag: Schema.String })) }),
    refusals: REFUSALS.storageComplete,
    response: Envelope(StoredFile)
  }),
  storageAbort: def({
    method: "POST",
    path: "/users/v2/storage/multipart/{id}/abort",
    wallet: true,
    permission: STORAGE_PERMISSION,
    refusals: REFUSALS.storageAbort,
    response: Ok
  }),
  storageFiles: def({
    method: "GET",
    path: "/users/v2/storage/files",
    wallet: true,
    permission: STORAGE_PERMISSION,
    query: Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr }),
    response: Envelope(Paged(StoredFile))
  })
} as const satisfies Record<string, EndpointDef>

/** Admin (tests): a wallet's files with how many times each was assembled (the exactly-once proof). */
export const storageAdminApi = {
  storageFilesOf: def({
    method: "GET",
    path: "/__admin/storage-files",
    auth: false,
    query: Schema.Struct({ wallet_id: Schema.String }),
    response: Envelope(Schema.Array(Schema.Struct({ ...StoredFile.fields, assembled: Schema.Int })))
  })
} as const satisfies Record<string, EndpointDef>
