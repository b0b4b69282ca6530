/**
 * Paying a Pix QR code's row (issue 12; D-pix-staged-code): whether a code can still be paid when a staged payment's
 * last approval comes, and marking it paid with a hint to the receiver's tabs. Apart from `./db.ts` because it
 * needs the request context (clock, events), which the store's table module must not import (no cycle).
 */
import type { Ctx } from "../../context.ts"
import { ApiError } from "../../errors.ts"
import { qrStatus, toQrCode, type PixQrRow } from "./db.ts"
import { walletOwnerOf } from "../../repo.ts"

/** A code can still be paid: a dynamic code once, before it expires (PIX_QR_ALREADY_PAID, PIX_QR_EXPIRED). */
export const assertQrPayable = (ctx: Ctx, id: string): void => {
  const row = ctx.db.prepare("SELECT * FROM pix_qr_codes WHERE id = ?").get(id) as PixQrRow | undefined
  if (row === undefined || row.kind !== "dynamic_instant") return
  const st = qrStatus(row, ctx.clock.now())
  if (st === "paid") throw new ApiError(422, "PIX_QR_ALREADY_PAID", undefined, { code: "PIX_QR_ALREADY_PAID" })
  if (st === "expired") throw new ApiError(422, "PIX_QR_EXPIRED", undefined, { code: "PIX_QR_EXPIRED" })
}

/** The receiver's code is paid (a static code stays payable; it shows its last payment), with a hint to their tabs. */
export const markQrPaid = (ctx: Ctx, id: string, payerWalletId: string, amount: number): void => {
  const { db } = ctx
  const payer = walletOwnerOf(db, payerWalletId)
  const at = ctx.clock.stamp()
  db.prepare("UPDATE pix_qr_codes SET paid = paid + 1, paid_at = ?, paid_amount = ?, payer_name = ?, updated_at = ? WHERE id = ?").run(
    at,
    amount,
    payer?.full_name ?? null,
    at,
    id
  )
  const fresh = db.prepare("SELECT * FROM pix_qr_codes WHERE id = ?").get(id) as PixQrRow | undefined
  if (fresh !== undefined) ctx.events.change("pix_qr_codes", { walletId: fresh.wallet_id, ids: [fresh.id], rows: [toQrCode(fresh, ctx.clock.now())] })
}
