/**
 * Pix keys of the sandbox's directory (spec features §2 my-keys, §4 key states, §5 Pix key rules, §7
 * "Pix keys and claims", §8 "Pix key and document not related", "Pix key creation limit reached",
 * §9 "current of maximum"): list (data.data, with the account's limit), create — a CPF key must be
 * the holder's own CPF and a CNPJ key its own CNPJ; e-mail and phone as typed; random made here —,
 * delete. Every change emits a `pix_keys` hint with the row, so the holder's tabs update at once.
 * E-mail and phone keys are created "not confirmed" with a 5-digit code printed on the console
 * (features §3/§5; confirmed, resent and cancelled in ./claims-routes.ts, D-pix-key-code). A key taken by
 * another account — here or at another bank — is refused; the client then offers a claim. The place
 * an open claim will take counts toward the limit. Claims and portability: ./claims-routes.ts.
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { onePage } from "../../paged.ts"
import { ApiError } from "../../errors.ts"
import { normalizePixKey } from "../../../schema/validation.ts"
import { deletePixKey, insertPixKey, isKeyInOpenClaim, isKeyTaken, keyOfWallet, keysOfWallet, PIX_KEY_LIMIT, type PixKeyRow } from "./db.ts"
import { needsConfirmation } from "../../../schema/pix-claims.ts"
import { issueKeyCode, keyRowOf, registerPixClaimRoutes, settleDirectory, toKey, usedPlaces } from "./claims-routes.ts"
import { walletOwnerOf, type WalletOwner } from "../../repo.ts"

export const registerPixKeyRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const keysOf = (walletId: string): PixKeyRow[] => keysOfWallet(db, walletId)

  bind(app, ctx, "pixKeys", (req) => {
    settleDirectory(ctx)
    const keys = keysOf(req.wallet.wallet.id).map((r) => toKey(db, r))
    const owner = walletOwnerOf(db, req.wallet.wallet.id) as WalletOwner
    return { data: { ...onePage(keys), limit: PIX_KEY_LIMIT[owner.type] } }
  })

  bind(app, ctx, "pixKeyCreate", (req) => {
    const w = req.wallet.wallet
    const holder = walletOwnerOf(db, w.id) as WalletOwner
    const t = req.body.key_type
    let key: string
    if (t === "random") key = randomUUID()
    else {
      // present and valid for its type: the body's Schema (keyOfItsType, D-sandbox-by-area)
      const typed = (req.body.key ?? "").trim()
      key = normalizePixKey(typed, t) ?? typed
      // features §5/§8: a CPF key is the holder's CPF, a CNPJ key its CNPJ
      if ((t === "cpf" || t === "cnpj") && key !== holder.document) throw new ApiError(422, "PIX_KEY_DOCUMENT_NOT_RELATED")
    }
    // features §9: 5 keys for a natural person's account, 20 for a legal person's
    settleDirectory(ctx)
    // the places an open claim started here will take count too (D-pix-claim-kinds)
    if (usedPlaces(db, w.id) >= PIX_KEY_LIMIT[holder.type]) throw new ApiError(422, "PIX_KEY_LIMIT_REACHED")
    if (isKeyTaken(db, key)) {
      throw new ApiError(422, "PIX_KEY_ALREADY_REGISTERED")
    }
    const at = ctx.clock.stamp()
    const status = needsConfirmation(t) ? "not_confirmed" : "added"
    const row: PixKeyRow = { id: randomUUID(), key, key_type: t, user_id: holder.id, wallet_id: w.id, status, created_at: at, updated_at: at }
    insertPixKey(db, row)
    if (status === "not_confirmed") issueKeyCode(ctx, row, null)
    const out = keyRowOf(db, row.id) ?? toKey(db, row)
    ctx.events.change("pix_keys", { walletId: w.id, ids: [row.id], rows: [out] })
    return new Reply(201, { data: out })
  })

  bind(app, ctx, "pixKeyDelete", (req) => {
    const w = req.wallet.wallet
    const id = req.params.id ?? ""
    const k = keyOfWallet(db, w.id, id)
    if (k === undefined) throw new ApiError(404, "NOT_FOUND")
    // features §8 "key in claim process": a key under an open claim stays until the claim ends
    if (isKeyInOpenClaim(db, k.key)) throw new ApiError(422, "PIX_KEY_IN_CLAIM")
    deletePixKey(db, id)
    ctx.events.change("pix_keys", { walletId: w.id, ids: [id] })
    return { data: { ok: true as const } }
  })

  registerPixClaimRoutes(app, ctx)
}
