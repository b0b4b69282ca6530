/**
 * Storage uploads (spec features §3 storage file states and multipart; §7 storage calls — paths
 * ours, D-uploads-contract): multipart create (idempotent by transaction-uuid), a signed URL per part,
 * the part PUT at that URL (raw bytes, no bearer, the signature is the grant; the fault switches
 * apply to it like to any call, so tests drop it), the parts held, complete (assembles the parts in
 * order once: a repeated complete answers the same file; the `assembled` counter proves it), abort,
 * and the wallet's files (created_at desc, 20 a page). Admin: the files of a wallet with their
 * SHA-256 and assembled count.
 */
import type { Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, errorResponse, faultsBefore, dropConnection, Reply } from "../../http.ts"
import { ApiError, badField, langOf } from "../../errors.ts"
import { iso } from "../../time.ts"
import { paged } from "../../paged.ts"
import type { FileRow, UploadRow } from "../betting/db.ts"
import { abortUpload, completeUpload, fileById, fileBytesOf, filesOfWallet, insertUpload, partBytesOf, partsOf, savePart, uploadById } from "./db.ts"
import { PURPOSE_PERMISSION, storageAdminApi, type MultipartUpload, type StoredFile } from "../../../schema/api-storage.ts"
import { hasPermission } from "../../../schema/permissions.ts"

const PART_URL_TTL_MS = 15 * 60_000
/** Where a part's bytes are PUT (under /users so the app's same-origin proxy carries it). */
export const PART_PUT_PATH = "/users/v2/storage/parts/:upload/:part"
/** The same path as a pattern (the server's body limit leaves it to the route: its limit is the part's size). */
export const PART_PUT_PATTERN = /^\/users\/v2\/storage\/parts\/[^/]+\/[^/]+$/

export const toStoredFile = (r: FileRow): StoredFile => ({
  id: r.id,
  wallet_id: r.wallet_id,
  name: r.name,
  content_type: r.content_type,
  size: r.size,
  purpose: r.purpose as StoredFile["purpose"],
  state: r.state as StoredFile["state"],
  sha256: r.sha256,
  created_at: r.created_at,
  updated_at: r.updated_at
})
const toUpload = (u: UploadRow): MultipartUpload => ({
  upload_id: u.id,
  file_id: u.file_id,
  part_size: u.part_size,
  parts_count: u.parts_count,
  status: u.status
})

export const fileRow = (ctx: Ctx, id: string): FileRow | undefined => fileById(ctx.db, id)
/** The bytes of an assembled file. */
export const fileBytes = (ctx: Ctx, id: string): Buffer | undefined => fileBytesOf(ctx.db, id)

export const registerStorageRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const sign = (uploadId: string, part: number, expires: number): string =>
    createHmac("sha256", ctx.secret).update(`part|${uploadId}|${part}|${expires}`).digest("base64url")
  const uploadOf = (walletId: string, id: string): UploadRow => {
    const u = uploadById(db, id)
    if (u === undefined || u.wallet_id !== walletId) throw new ApiError(404, "UPLOAD_NOT_FOUND")
    return u
  }

  bind(app, ctx, "storageMultipartCreate", (req) => {
    const b = req.body
    // the file's name and size (D-rules-on-contract) and its parts (D-sandbox-by-area): the body's Schema
    const parts = Math.ceil(b.size / b.part_size)
    // each purpose needs its feature's own permission (issue 30): a report the betting operator's `endr` (features §6), a
    // payment request's documents `postAssistedPayments` (the contract's STORAGE_PERMISSION admitted either)
    const need = PURPOSE_PERMISSION[b.purpose]
    if (!hasPermission(req.wallet.actions, need)) throw new ApiError(403, "WITHOUT_PERMISSION", need)
    const at = ctx.clock.stamp()
    const id = randomUUID()
    const fileId = randomUUID()
    insertUpload(db, {
      id,
      fileId,
      walletId: req.wallet.wallet.id,
      userId: req.user.id,
      name: b.file_name,
      contentType: b.content_type,
      size: b.size,
      purpose: b.purpose,
      partSize: b.part_size,
      partsCount: Math.max(1, parts),
      at
    })
    return new Reply(201, { data: toUpload(uploadOf(req.wallet.wallet.id, id)) })
  })

  bind(app, ctx, "storagePartUrl", (req) => {
    const u = uploadOf(req.wallet.wallet.id, req.params["id"] ?? "")
    if (u.status !== "open") throw new ApiError(422, u.status === "aborted" ? "UPLOAD_ABORTED" : "INVALID_REQUEST", `upload ${u.status}`)
    const n = req.body.part_number
    if (!Number.isInteger(n) || n < 1 || n > u.parts_count) badField("part_number", "VALIDATION_FORMAT")
    const expires = ctx.clock.now() + PART_URL_TTL_MS
    return {
      data: { url: `${req.origin}/users/v2/storage/parts/${u.id}/${n}?expires=${expires}&signature=${sign(u.id, n, expires)}`, expires_at: iso(expires) }
    }
  })

  // the signed part PUT (not a call of the contract: the URL is the grant)
  app.put(PART_PUT_PATH, async (c: Context) => {
    const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
    try {
      await faultsBefore(ctx, c.req.path)
      const uploadId = c.req.param("upload") ?? ""
      const n = Number(c.req.param("part"))
      const expires = Number(c.req.query("expires"))
      const want = Buffer.from(sign(uploadId, n, expires))
      const got = Buffer.from(c.req.query("signature") ?? "")
      if (got.length !== want.length || !timingSafeEqual(got, want) || !(expires > ctx.clock.now()))
        throw new ApiError(403, "WITHOUT_PERMISSION", "bad or expired signature")
      const u = uploadById(db, uploadId)
      if (u === undefined) throw new ApiError(404, "UPLOAD_NOT_FOUND")
      if (u.status !== "open") throw new ApiError(422, u.status === "aborted" ? "UPLOAD_ABORTED" : "INVALID_REQUEST")
      const expected = Math.min(u.part_size, u.size - (n - 1) * u.part_size)
      // issue 30: never read more than the part's declared size (413 at once on Content-Length, or as the stream passes it)
      let over = false
      await bodyLimit({
        maxSize: Math.max(0, expected),
        onError: () => {
          over = true
          return new Response(null, { status: 413 })
        }
      })(c, async () => {})
      if (over) throw new ApiError(413, "INVALID_REQUEST", `part ${n} is at most ${expected} bytes`)
      const bytes = Buffer.from(await c.req.arrayBuffer())
      if (bytes.length !== expected) throw new ApiError(422, "INCORRECT_DATA", `part ${n} must be ${expected} bytes, got ${bytes.length}`)
      const etag = createHash("md5").update(bytes).digest("hex")
      savePart(db, u.id, n, etag, bytes)
      // after-commit fault: the part is stored but the answer is lost (a resumed upload finds it held)
      const f = ctx.faults
      const rate = Object.entries(f.fault_after_commit_rate).reduce((m, [p, r]) => (c.req.path.startsWith(p) && r > m ? r : m), 0)
      if (rate > 0 && f.rng.next() < rate) {
        if (f.after_commit_mode === "drop") {
          dropConnection(c)
          return new Response(null)
        }
        throw new ApiError(f.status, "INTERNAL_ERROR", "injected fault after commit")
      }
      return c.json({ data: { part_number: n, etag } }, 200, { etag })
    } catch (e) {
      return errorResponse(c, ctx, e, lang)
    }
  })

  bind(app, ctx, "storageParts", (req) => {
    const u = uploadOf(req.wallet.wallet.id, req.params["id"] ?? "")
    const parts = partsOf(db, u.id)
    return { data: { upload: toUpload(u), parts } }
  })

  bind(app, ctx, "storageComplete", (req) => {
    const u = uploadOf(req.wallet.wallet.id, req.params["id"] ?? "")
    const file = fileRow(ctx, u.file_id) as FileRow
    if (u.status === "completed") return { data: toStoredFile(file) } // assembled once: a repeated complete answers the same file
    if (u.status === "aborted") throw new ApiError(422, "UPLOAD_ABORTED")
    const held = partsOf(db, u.id)
    const sent = new Map(req.body.parts.map((p) => [p.part_number, p.etag]))
    if (held.length !== u.parts_count || held.some((p) => sent.get(p.part_number) !== p.etag) || sent.size !== u.parts_count) {
      throw new ApiError(422, "UPLOAD_INCOMPLETE", `${held.length} of ${u.parts_count} parts held`)
    }
    const chunks = partBytesOf(db, u.id)
    const bytes = Buffer.concat(chunks)
    if (bytes.length !== u.size) throw new ApiError(422, "UPLOAD_INCOMPLETE", `assembled ${bytes.length} of ${u.size} bytes`)
    const at = ctx.clock.stamp()
    completeUpload(db, u.id, file.id, bytes, createHash("sha256").update(bytes).digest("hex"), at)
    return { data: toStoredFile(fileRow(ctx, file.id) as FileRow) }
  })

  bind(app, ctx, "storageAbort", (req) => {
    const u = uploadOf(req.wallet.wallet.id, req.params["id"] ?? "")
    if (u.status === "completed") throw new ApiError(422, "INVALID_REQUEST", "upload already completed")
    const at = ctx.clock.stamp()
    abortUpload(db, u.id, u.file_id, at)
    return { data: { ok: true } }
  })

  bind(app, ctx, "storageFiles", (req) => {
    return { data: paged(db, req.query, { from: "storage_files", where: "wallet_id = ?", params: [req.wallet.wallet.id] }, (r: FileRow) => toStoredFile(r)) }
  })

  if (!ctx.cfg.admin) return
  app.get(storageAdminApi.storageFilesOf.path, (c) => {
    try {
      const walletId = c.req.query("wallet_id") ?? ""
      const rows = filesOfWallet(db, walletId)
      return c.json({ data: rows.map((r) => ({ ...toStoredFile(r), assembled: r.assembled })) })
    } catch (e) {
      return errorResponse(c, ctx, e, "pt")
    }
  })
}
