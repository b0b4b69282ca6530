/**
 * Pix keys of the sandbox's directory (spec features §2 my-keys, §4 key states, §5 Pix key rules, §7
 * "Pix keys and claims", §8 "Pix key and document not related", "Pix key creation limit reached",
 * §9 "current of maximum"): list (data.data, with the account's limit), create — a CPF key must be
 * the holder's own CPF and a CNPJ key its own CNPJ; e-mail and phone as typed; random made here —,
 * delete. Every change emits a `pix_keys` hint with the row, so the holder's tabs update at once.
 * E-mail and phone keys are added at once in this sandbox (the confirmation code is not simulated
 * yet: docs/decisions.md D-pix-keys).
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type { Ctx } from "../context.ts"
import { bind, Reply } from "../http.ts"
import { ApiError, badField } from "../errors.ts"
import { isValidPixKey, normalizePixKey } from "../../schema/validation.ts"
import type { PixKey } from "../../schema/pix.ts"
import { PIX_KEY_LIMIT, type PixKeyRow } from "../pix-keys-db.ts"

const toKey = (r: PixKeyRow): PixKey => ({ id: r.id, key: r.key, key_type: r.key_type, status: r.status, created_at: r.created_at, updated_at: r.updated_at })

export const registerPixKeyRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const keysOf = (walletId: string): PixKeyRow[] =>
    db.prepare("SELECT * FROM pix_keys WHERE wallet_id = ? ORDER BY created_at, id").all(walletId) as PixKeyRow[]

  bind(app, ctx, "pixKeys", (req) => {
    const keys = keysOf(req.wallet.wallet.id).map(toKey)
    const owner = db.prepare("SELECT type FROM users u JOIN wallets w ON w.owner_id = u.id WHERE w.id = ?").get(req.wallet.wallet.id) as { type: keyof typeof PIX_KEY_LIMIT }
    return { data: { page: 1, page_size: Math.max(keys.length, 1), page_total: 1, total: keys.length, data: keys, limit: PIX_KEY_LIMIT[owner.type] } }
  })

  bind(app, ctx, "pixKeyCreate", (req) => {
    const w = req.wallet.wallet
    const holder = db.prepare("SELECT u.id, u.type, u.document FROM users u JOIN wallets w ON w.owner_id = u.id WHERE w.id = ?").get(w.id) as
      { id: string; type: keyof typeof PIX_KEY_LIMIT; document: string }
    const t = req.body.key_type
    let key: string
    if (t === "random") key = randomUUID()
    else {
      const typed = (req.body.key ?? "").trim()
      if (typed === "") badField("key", "VALIDATION_REQUIRED")
      if (!isValidPixKey(typed, t)) badField("key", "VALIDATION_PIX_KEY")
      key = normalizePixKey(typed, t) ?? typed
      // features §5/§8: a CPF key is the holder's CPF, a CNPJ key its CNPJ
      if ((t === "cpf" || t === "cnpj") && key !== holder.document) throw new ApiError(422, "PIX_KEY_DOCUMENT_NOT_RELATED")
    }
    // features §9: 5 keys for a natural person's account, 20 for a legal person's
    if (keysOf(w.id).length >= PIX_KEY_LIMIT[holder.type]) throw new ApiError(422, "PIX_KEY_LIMIT_REACHED")
    if (db.prepare("SELECT 1 FROM pix_keys WHERE key = ?").get(key) !== undefined) throw new ApiError(422, "PIX_KEY_ALREADY_REGISTERED")
    const at = ctx.clock.stamp()
    const row: PixKeyRow = { id: randomUUID(), key, key_type: t, user_id: holder.id, wallet_id: w.id, status: "added", created_at: at, updated_at: at }
    db.prepare("INSERT INTO pix_keys (id, key, key_type, user_id, wallet_id, status, created_at, updated_at) VALUES (@id, @key, @key_type, @user_id, @wallet_id, @status, @created_at, @updated_at)").run(row)
    ctx.events.change("pix_keys", { walletId: w.id, ids: [row.id], rows: [toKey(row)] })
    return new Reply(201, { data: toKey(row) })
  })

  bind(app, ctx, "pixKeyDelete", (req) => {
    const w = req.wallet.wallet
    const id = req.params.id ?? ""
    const r = db.prepare("DELETE FROM pix_keys WHERE id = ? AND wallet_id = ?").run(id, w.id)
    if (r.changes === 0) throw new ApiError(404, "NOT_FOUND")
    ctx.events.change("pix_keys", { walletId: w.id, ids: [id] })
    return { data: { ok: true as const } }
  })
}
