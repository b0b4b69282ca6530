/**
 * Pix by key, the part staged approval needs (spec features §2 pay, §5 Pix key rules, §6 staged
 * approval, §7 decode by key and pay by key): any valid key decodes to a deterministic
 * beneficiary; a payment at or above the wallet's approval minimum becomes an approval request
 * (202 awaiting_approval), otherwise BRL is debited with a PIX_OUT row (201 completed).
 * Pay by account (features §2, §7 decode/by-account, by-account/instant-billing; D-pix-by-account):
 * the account resolves to its holder (sandbox/pix-account-db.ts) and settles through the same
 * executePixOut, with the same balance and limit checks and the same staged approval (the request
 * keeps the wallet the account resolved to, so the last approval credits it).
 */
import type { Hono } from "hono"
import type { Ctx } from "../context.ts"
import { bind, Reply } from "../http.ts"
import type { PixPaymentOrder } from "../../schema/entities.ts"
import { ApiError, badField } from "../errors.ts"
import { decodePixKey, executePixOut } from "../ledger.ts"
import { lookupPixKey } from "../pix-keys-db.ts"
import { assertPixLimit } from "../pix-limits-db.ts"
import { stageForApproval } from "./approval.ts"
import { hasNoEmoji, hasNoSpecialCharacters } from "../../schema/validation.ts"
import { resolvePixAccount } from "../pix-account-db.ts"

const maskDocument = (d: string): string => (d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : d)

export const registerPixRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  /**
   * A key as the directory answers it: a key of the sandbox's directory names its holder (issue 12); any other valid
   * key, another bank's account. The decode and the payment read the same answer, so the statement row (and the
   * receipt made of it, issue 31 item 1) names whom the payer confirmed.
   */
  const orderOfKey = (key: string): PixPaymentOrder | null => {
    const decoded = decodePixKey(key)
    if (decoded === null) return null
    const holder = lookupPixKey(db, decoded.key)
    return holder === null
      ? decoded
      : { ...decoded, beneficiary_name: holder.name, beneficiary_document: holder.document, beneficiary_bank: "Carteira (Sandbox)" }
  }

  bind(app, ctx, "pixDecodeByKey", (req) => {
    const o = orderOfKey(req.query.key)
    if (o === null) badField("key", "VALIDATION_PIX_KEY")
    const order = o as NonNullable<typeof o>
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

  /** The amount and description rules of every Pix sent (features §5): fields of a 422, added to `fields`. */
  const paymentFields = (fields: Record<string, string>, amount: number, description: string): void => {
    if (!Number.isSafeInteger(amount) || amount <= 0) fields["amount"] = "VALIDATION_MIN_VALUE"
    if ([...description].length > 140) fields["description"] = "VALIDATION_MAX"
    else if (!hasNoEmoji(description)) fields["description"] = "VALIDATION_NO_EMOJI"
    else if (!hasNoSpecialCharacters(description)) fields["description"] = "VALIDATION_NO_SPECIAL_CHARACTERS"
  }
  /** The balance and the day or night Pix limit (issue 12), the same for every way of paying. */
  const assertCanPay = (walletId: string, order: { readonly key: string; readonly beneficiary_document: string }, amount: number): void => {
    const bal = db.prepare("SELECT balance FROM wallet_accounts WHERE wallet_id = ? AND currency_symbol = 'BRL'").get(walletId) as
      { balance: number } | undefined
    if (bal === undefined || bal.balance < amount) throw new ApiError(422, "INSUFFICIENT_BALANCE")
    assertPixLimit(ctx, walletId, order, amount)
  }

  bind(app, ctx, "pixPayByKey", (req) => {
    const b = req.body
    const fields: Record<string, string> = {}
    const decoded = orderOfKey(b.key)
    if (decoded === null) fields["key"] = "VALIDATION_PIX_KEY"
    paymentFields(fields, b.amount, b.description)
    if (Object.keys(fields).length > 0 || decoded === null) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    const order = { ...decoded, description: b.description.trim() }
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
    const fields: Record<string, string> = {}
    paymentFields(fields, b.amount, b.description)
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
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
