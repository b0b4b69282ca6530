/**
 * Devolution of a received Pix in the sandbox (spec features §1, §2 pay/{id}/devolution, §7
 * /users/v2/pix/devolutions; issue 12): GET the payment's summary (received, returned, left, the 90-day
 * deadline), POST a full or partial devolution — never more than is left, never after 90 days on the
 * sandbox clock — that debits the receiver with a REFUND row and, when the payer is one of the
 * sandbox's accounts (same end-to-end id on their PIX_OUT), credits the payer with theirs.
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type Database from "better-sqlite3"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { endToEndId, postEntry, SANDBOX_ISPB, notify } from "../../ledger.ts"
import { DEVOLUTION_DAYS, devolutionAvailable, withinDevolutionWindow, type PixDevolutionInfo } from "../../../schema/pix-devolution.ts"
import { walletOwnerOf } from "../../repo.ts"

export const createPixDevolutionTables = (db: Database.Database): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS pix_devolutions (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  description TEXT NOT NULL,
  end_to_end_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pix_devolutions_payment ON pix_devolutions (payment_id);
`)
}

interface Payment {
  id: string
  wallet_id: string
  amount: number
  counterparty_name: string
  end_to_end_id: string | null
  created_at: string
  type: string
  status: string
  direction: string
}
interface Dev {
  id: string
  amount: number
  description: string
  end_to_end_id: string
  created_at: string
}

export const registerPixDevolutionRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createPixDevolutionTables(db)

  const summary = (walletId: string, paymentId: string): { info: PixDevolutionInfo; payment: Payment } => {
    const p = db
      .prepare(
        "SELECT id, wallet_id, amount, counterparty_name, end_to_end_id, created_at, type, status, direction FROM statements WHERE id = ? AND wallet_id = ?"
      )
      .get(paymentId, walletId) as Payment | undefined
    if (p === undefined || p.type !== "PIX_IN" || p.status !== "completed") throw new ApiError(404, "NOT_FOUND")
    const devs = db
      .prepare("SELECT id, amount, description, end_to_end_id, created_at FROM pix_devolutions WHERE payment_id = ? ORDER BY created_at")
      .all(p.id) as Dev[]
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
      const payerRow = db
        .prepare("SELECT wallet_id FROM statements WHERE end_to_end_id = ? AND type = 'PIX_OUT' AND wallet_id <> ? LIMIT 1")
        .get(payment.end_to_end_id, w.id) as { wallet_id: string } | undefined
      if (payerRow !== undefined) {
        const receiver = walletOwnerOf(db, w.id)
        postEntry(ctx, {
          walletId: payerRow.wallet_id,
          type: "REFUND",
          direction: "in",
          currency: "BRL",
          amount: b.amount,
          description: `Devolução de Pix de ${receiver?.full_name ?? ""}`,
          counterpartyName: receiver?.full_name ?? "",
          counterpartyDocument: "",
          endToEndId: e2e
        })
        const owner = db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(payerRow.wallet_id) as { owner_id: string } | undefined
        if (owner !== undefined) notify(ctx, owner.owner_id, "Pix devolvido", `${receiver?.full_name ?? ""} devolveu um Pix para você.`)
      }
    }
    const id = randomUUID()
    db.prepare("INSERT INTO pix_devolutions (id, wallet_id, payment_id, amount, description, end_to_end_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
      id,
      w.id,
      payment.id,
      b.amount,
      description,
      e2e,
      out.created_at
    )
    return new Reply(201, { data: { id, amount: b.amount, description, end_to_end_id: e2e, created_at: out.created_at } })
  })
}
