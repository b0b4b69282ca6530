/**
 * The uploads' SQL (spec core §9 betting upload multipart, D-uploads-contract; issue 29 item 7: the area's statements
 * beside its routes). The tables (`storage_uploads`, `storage_parts`, `storage_files`) are created with the betting
 * area's (sandbox/areas/betting/db.ts), whose reports read the files.
 */
import type { DB } from "../../db.ts"
import type { FileRow, UploadRow } from "../betting/db.ts"

export const fileById = (db: DB, id: string): FileRow | undefined => db.prepare("SELECT * FROM storage_files WHERE id = ?").get(id) as FileRow | undefined
/** The bytes of an assembled file. */
export const fileBytesOf = (db: DB, id: string): Buffer | undefined =>
  (db.prepare("SELECT bytes FROM storage_files WHERE id = ?").get(id) as { bytes: Buffer | null } | undefined)?.bytes ?? undefined
/** A wallet's files, newest first (the admin's view). */
export const filesOfWallet = (db: DB, walletId: string): FileRow[] =>
  db.prepare("SELECT * FROM storage_files WHERE wallet_id = ? ORDER BY created_at DESC").all(walletId) as FileRow[]

export const uploadById = (db: DB, id: string): UploadRow | undefined =>
  db.prepare("SELECT * FROM storage_uploads WHERE id = ?").get(id) as UploadRow | undefined

export interface NewUpload {
  readonly id: string
  readonly fileId: string
  readonly walletId: string
  readonly userId: string
  readonly name: string
  readonly contentType: string
  readonly size: number
  readonly purpose: string
  readonly partSize: number
  readonly partsCount: number
  readonly at: string
}
/** An open upload and its file, PENDING until assembled. */
export const insertUpload = (db: DB, u: NewUpload): void => {
  db.prepare(
    `INSERT INTO storage_uploads (id, wallet_id, user_id, file_id, name, content_type, size, purpose, part_size, parts_count, status, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`
  ).run(u.id, u.walletId, u.userId, u.fileId, u.name, u.contentType, u.size, u.purpose, u.partSize, u.partsCount, u.at, u.at)
  db.prepare(
    `INSERT INTO storage_files (id, wallet_id, upload_id, name, content_type, size, purpose, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`
  ).run(u.fileId, u.walletId, u.id, u.name, u.contentType, u.size, u.purpose, u.at, u.at)
}

/** A part stored (again: a resumed upload's repeat replaces it). */
export const savePart = (db: DB, uploadId: string, n: number, etag: string, bytes: Buffer): void => {
  db.prepare("INSERT OR REPLACE INTO storage_parts (upload_id, part_number, size, etag, bytes) VALUES (?, ?, ?, ?, ?)").run(
    uploadId,
    n,
    bytes.length,
    etag,
    bytes
  )
}
/** The parts held, by number. */
export const partsOf = (db: DB, uploadId: string): Array<{ part_number: number; size: number; etag: string }> =>
  db.prepare("SELECT part_number, size, etag FROM storage_parts WHERE upload_id = ? ORDER BY part_number").all(uploadId) as Array<{
    part_number: number
    size: number
    etag: string
  }>
/** The parts' bytes, in order. */
export const partBytesOf = (db: DB, uploadId: string): Buffer[] =>
  (db.prepare("SELECT bytes FROM storage_parts WHERE upload_id = ? ORDER BY part_number").all(uploadId) as Array<{ bytes: Buffer }>).map((r) => r.bytes)

/** The upload completed: its file READY with its bytes and hash, its parts dropped. */
export const completeUpload = (db: DB, uploadId: string, fileId: string, bytes: Buffer, sha256: string, at: string): void => {
  db.prepare("UPDATE storage_files SET state = 'READY', bytes = ?, sha256 = ?, assembled = assembled + 1, updated_at = ? WHERE id = ?").run(
    bytes,
    sha256,
    at,
    fileId
  )
  db.prepare("UPDATE storage_uploads SET status = 'completed', updated_at = ? WHERE id = ?").run(at, uploadId)
  db.prepare("DELETE FROM storage_parts WHERE upload_id = ?").run(uploadId)
}
/** The upload aborted: its file DELETED, its parts dropped. */
export const abortUpload = (db: DB, uploadId: string, fileId: string, at: string): void => {
  db.prepare("UPDATE storage_uploads SET status = 'aborted', updated_at = ? WHERE id = ?").run(at, uploadId)
  db.prepare("UPDATE storage_files SET state = 'DELETED', updated_at = ? WHERE id = ?").run(at, fileId)
  db.prepare("DELETE FROM storage_parts WHERE upload_id = ?").run(uploadId)
}
