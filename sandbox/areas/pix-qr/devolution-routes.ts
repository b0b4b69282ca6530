/**
 * Devolution of a received Pix in the sandbox (spec features §1, §2 pay/{id}/devolution, §7
 * /users/v2/pix/devolutions; issue 12): GET the payment's summary (received, returned, left, the 90-day
 * deadline), POST a full or partial devolution — never more than is left, never after 90 days on the
 * sandbox clock — that debits the receiver with a REFUND row and, when the payer is one of the
 * sandbox's accounts (same end-to-end id on their PIX_OUT), credits the payer with theirs.
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { endToEndId, postEntry, SANDBOX_ISPB, notify } from "../../ledger.ts"
import { DEVOLUTION_DAYS, devolutionAvailable, withinDevolutionWindow, type PixDevolutionInfo } from "../../../schema/pix-devolution.ts"
import { walletOwnerOf } from "../../repo.ts"
import { createPixDevolutionTables, devolutionsOf, insertDevolution, ownerIdOf, payerWalletOf, paymentOf, type Payment } from "./devolution-db.ts"

export const registerPixDevolutionRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createPixDevolutionTables(db)

  const summary = (walletId: string, paymentId: string): { info: PixDevolutionInfo; payment: Payment } => {
    const p = paymentOf(db, walletId, paymentId)
    if (p === undefined || p.type !== "PIX_IN" || p.status !== "completed") throw new ApiError(404, "NOT_FOUND")
    const devs = devolutionsOf(db, p.id)
    const devolved = devs.reduce((a, d) => a + d.amount, 0)
    return {
      payment: p,
      info: {
        payment_id: p.id,
        amount: p.amount,
        payer_name: p.counterparty_name,
        end_to_end_id: p.end_to_end_id ?? "",
        created_at: p.created_at,
        devolved,
        available: devolutionAvailable(
          p.amount,
          devs.map((d) => d.amount)
        ),
        deadline: new Date(Date.parse(p.created_at) + DEVOLUTION_DAYS * 86_400_000).toISOString(),
        devolutions: devs
      }
    }
  }

  bind(app, ctx, "pixDevolutionInfo", (req) => ({ data: summary(req.wallet.wallet.id, req.query.payment_id).info }))

  bind(app, ctx, "pixDevolutionCreate", (req) => {
    const w = req.wallet.wallet
    const b = req.body
    const { info, payment } = summary(w.id, b.payment_id)
    // the amount above zero and the description (features §5): the body's Schema (D-rules-on-contract)
    if (!withinDevolutionWindow(payment.created_at, ctx.clock.now())) throw new ApiError(422, "PIX_DEVOLUTION_EXPIRED")
    if (b.amount > info.available)
      throw new ApiError(422, "PIX_DEVOLUTION_OVER_RECEIVED", `at most ${info.available}`, { amount: "PIX_DEVOLUTION_OVER_RECEIVED" })
    const e2e = endToEndId(SANDBOX_ISPB, ctx.clock.now(), randomUUID().replaceAll("-", "").slice(0, 11))
    const description = b.description.trim() !== "" ? b.description.trim() : `Devolução de Pix para ${payment.counterparty_name}`
    const out = postEntry(ctx, {
      walletId: w.id,
      type: "REFUND",
      direction: "out",
      currency: "BRL",
      amount: b.amount,
      description,
      counterpartyName: payment.counterparty_name,
      counterpartyDocument: "",
      endToEndId: e2e,
      transactionUuid: req.txKey
    })
    // the payer, when one of the sandbox's accounts, gets the money back (their PIX_OUT has the same end-to-end id)
    if (payment.end_to_end_id !== null) {
      const payerWallet = payerWalletOf(db, payment.end_to_end_id, w.id)
      if (payerWallet !== undefined) {
        const receiver = walletOwnerOf(db, w.id)
        postEntry(ctx, {
          walletId: payerWallet,
          type: "REFUND",
          direction: "in",
          currency: "BRL",
          amount: b.amount,
          description: `Devolução de Pix de ${receiver?.full_name ?? ""}`,
          counterpartyName: receiver?.full_name ?? "",
          counterpartyDocument: "",
          endToEndId: e2e
        })
        const ownerId = ownerIdOf(db, payerWallet)
        if (ownerId !== undefined) notify(ctx, ownerId, "Pix devolvido", `${receiver?.full_name ?? ""} devolveu um Pix para você.`)
      }
    }
    const id = randomUUID()
    insertDevolution(db, { id, walletId: w.id, paymentId: payment.id, amount: b.amount, description, e2e, at: out.created_at })
    return new Reply(201, { data: { id, amount: b.amount, description, end_to_end_id: e2e, created_at: out.created_at } })
  })
}
