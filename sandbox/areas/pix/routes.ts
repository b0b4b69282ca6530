/**
 * Pix by key, the part staged approval needs (spec features §2 pay, §5 Pix key rules, §6 staged
 * approval, §7 decode by key and pay by key): any valid key decodes to a deterministic
 * beneficiary; a payment at or above the wallet's approval minimum becomes an approval request
 * (202 awaiting_approval), otherwise BRL is debited with a PIX_OUT row (201 completed).
 * Pay by account (features §2, §7 decode/by-account, by-account/instant-billing; D-pix-by-account):
 * the account resolves to its holder (sandbox/areas/pix/account-db.ts) and settles through the same
 * executePixOut, with the same balance and limit checks and the same staged approval (the request
 * keeps the wallet the account resolved to, so the last approval credits it).
 */
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import type { PixPaymentOrder } from "../../../schema/entities.ts"
import { ApiError } from "../../errors.ts"
import { decodeSentPixKey, executePixOut } from "../../ledger.ts"
import { lookupPixKey } from "../pix-keys/db.ts"
import { assertPixLimit } from "../pix-limits/db.ts"
import { stageForApproval } from "../approval/routes.ts"
import { resolvePixAccount } from "./account-db.ts"
import { accountBalance } from "../../repo.ts"

const maskDocument = (d: string): string => (d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : d)

export const registerPixRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  /**
   * A key as the directory answers it: a key of the sandbox's directory names its holder (issue 12); any other valid
   * key, another bank's account. The decode and the payment read the same answer, so the statement row (and the
   * receipt made of it, issue 31 item 1) names whom the payer confirmed. The key is valid: the query's and the body's
   * Schema checked it (SentPixKey, D-rules-on-contract).
   */
  const orderOfKey = (key: string): PixPaymentOrder => {
    const decoded = decodeSentPixKey(key)
    const holder = lookupPixKey(db, decoded.key)
    return holder === null
      ? decoded
      : { ...decoded, beneficiary_name: holder.name, beneficiary_document: holder.document, beneficiary_bank: "Carteira (Sandbox)" }
  }

  bind(app, ctx, "pixDecodeByKey", (req) => {
    const order = orderOfKey(req.query.key)
    return {
      data: {
        key: order.key,
        key_type: order.key_type,
        beneficiary_name: order.beneficiary_name,
        beneficiary_document: maskDocument(order.beneficiary_document),
        beneficiary_bank: order.beneficiary_bank
      }
    }
  })

  /** The balance and the day or night Pix limit (issue 12), the same for every way of paying. */
  const assertCanPay = (walletId: string, order: { readonly key: string; readonly beneficiary_document: string }, amount: number): void => {
    const bal = accountBalance(db, walletId)
    if (bal === undefined || bal.balance < amount) throw new ApiError(422, "INSUFFICIENT_BALANCE")
    assertPixLimit(ctx, walletId, order, amount)
  }

  bind(app, ctx, "pixPayByKey", (req) => {
    // the key, the amount and the description (features §5) were checked by the body's Schema (D-rules-on-contract)
    const b = req.body
    const order = { ...orderOfKey(b.key), description: b.description.trim() }
    const w = req.wallet.wallet
    assertCanPay(w.id, order, b.amount) // issue 12: the day or night Pix limit, before staged approval
    const staged = stageForApproval(ctx, w.id, req.user.id, b.amount, order, req.txKey)
    if (staged !== null) return staged
    const row = executePixOut(ctx, w.id, order, b.amount, req.txKey)
    return new Reply(201, {
      data: { status: "completed" as const, operation_id: row.operation_id, approval_request_id: null, end_to_end_id: row.end_to_end_id, amount: b.amount }
    })
  })

  // features §7 decode by account: the holder of the account, when the document typed is theirs
  bind(app, ctx, "pixDecodeByAccount", (req) => ({ data: resolvePixAccount(db, req.body).decoded }))

  // features §7 by-account/instant-billing: resolved again (never trusted from the decode), then the one settlement path
  bind(app, ctx, "pixPayByAccount", (req) => {
    const b = req.body
    const { order, walletId } = resolvePixAccount(db, b, b.description.trim())
    const w = req.wallet.wallet
    assertCanPay(w.id, order, b.amount)
    const staged = stageForApproval(ctx, w.id, req.user.id, b.amount, order, req.txKey, { credit_wallet_id: walletId })
    if (staged !== null) return staged
    const row = executePixOut(ctx, w.id, order, b.amount, req.txKey, undefined, { creditWalletId: walletId })
    return new Reply(201, {
      data: { status: "completed" as const, operation_id: row.operation_id, approval_request_id: null, end_to_end_id: row.end_to_end_id, amount: b.amount }
    })
  })
}
