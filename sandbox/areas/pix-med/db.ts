/**
 * MED in the sandbox (issue 32 item 1; docs/decisions.md D-pix-med): the row each side syncs (the table and
 * what is blocked in a receiver's wallet are in ./tables.ts, which the ledger reads), the
 * notifications, and `runMed` — the receiving institution's side on the business clock, run when the clock
 * moves and every few seconds (sandbox/areas/pix-med/routes.ts, as the scheduler): an opened contest goes under analysis, and once its 7 days have passed
 * it is decided by the rule of schema/pix-med.ts `medDecision`: accepted → one devolution of the blocked
 * amount through the ledger (a REFUND out of the receiver, a REFUND in to the payer, with one new
 * end-to-end id), refused → the block is lifted. Each step is a status change guarded by the status it
 * leaves, inside one transaction, so a clock that passes the deadline twice decides once.
 */
import { randomUUID } from "node:crypto"
import type { DB } from "../../db.ts"
import type { Ctx } from "../../context.ts"
import { endToEndId, postEntry, SANDBOX_ISPB } from "../../ledger.ts"
import { toNotification, accountBalance } from "../../repo.ts"
import type { NotificationMessage } from "../../../schema/entities.ts"
import { createPixMedTables } from "./tables.ts"
import { medDecision, type MedReason, type MedRefusal, type MedStatus, type PixMedContest } from "../../../schema/pix-med.ts"
import { reais } from "../../money.ts"

export interface MedRow {
  readonly id: string
  readonly end_to_end_id: string
  readonly payer_wallet_id: string
  readonly payer_statement_id: string
  readonly receiver_wallet_id: string | null
  readonly reason: MedReason
  readonly description: string
  readonly status: MedStatus
  readonly amount: number
  readonly blocked_amount: number
  readonly returned_amount: number
  readonly refusal_reason: MedRefusal | null
  readonly defence: string | null
  readonly defence_at: string | null
  readonly payer_name: string
  readonly receiver_name: string
  readonly paid_at: string
  readonly created_at: string
  readonly updated_at: string
  readonly deadline: string
  readonly decided_at: string | null
  readonly devolution_end_to_end_id: string | null
}

/** The row as the wallet `walletId` syncs it (its side of the contest). */
export const toContest = (r: MedRow, walletId: string): PixMedContest => ({
  id: r.id,
  end_to_end_id: r.end_to_end_id,
  role: r.payer_wallet_id === walletId ? "payer" : "receiver",
  reason: r.reason,
  description: r.description,
  status: r.status,
  amount: r.amount,
  blocked_amount: r.blocked_amount,
  returned_amount: r.returned_amount,
  refusal_reason: r.refusal_reason,
  defence: r.defence,
  defence_at: r.defence_at,
  payer_name: r.payer_name,
  receiver_name: r.receiver_name,
  paid_at: r.paid_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
  deadline: r.deadline,
  decided_at: r.decided_at,
  devolution_end_to_end_id: r.devolution_end_to_end_id
})

export const medRow = (db: DB, id: string): MedRow | undefined => db.prepare("SELECT * FROM pix_med_contests WHERE id = ?").get(id) as MedRow | undefined

/** Both sides hear of a contest's change, each with its own copy inline (the list `pix_med_contests`). */
export const medChanged = (ctx: Ctx, r: MedRow): void => {
  for (const w of [r.payer_wallet_id, r.receiver_wallet_id]) {
    if (w !== null) ctx.events.change("pix_med_contests", { walletId: w, ids: [r.id], rows: [toContest(r, w)] })
  }
}

const ownerOf = (db: DB, walletId: string | null): string | null =>
  walletId === null ? null : ((db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(walletId) as { owner_id: string } | undefined)?.owner_id ?? null)

/**
 * sandbox/ledger.ts `notify` with a message key (as sandbox/areas/approval/quorum-db.ts, D-approval-quorum): the client words
 * it from `locales/<lang>/notifications.json` messages.<key> (`amount` in cents shown as money); the Portuguese text
 * stays for a client that does not know the key.
 */
const notifyMsg = (ctx: Ctx, userId: string, title: string, description: string, message: NotificationMessage): void => {
  const at = ctx.clock.stamp()
  const id = randomUUID()
  const messageJson = JSON.stringify(message)
  ctx.db
    .prepare("INSERT INTO notifications (id, user_id, title, description, created_at, updated_at, read, message_json) VALUES (?, ?, ?, ?, ?, ?, 0, ?)")
    .run(id, userId, title, description, at, at, messageJson)
  const unread = (ctx.db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read = 0").get(userId) as { n: number }).n
  ctx.events.notification(userId, toNotification({ id, title, description, created_at: at, read: 0, message_json: messageJson }), unread)
}

/** Notifications to both sides (issue 32: at opening and at the decision), in the user's language. */
export const medNotify = (ctx: Ctx, r: MedRow, phase: "opened" | "decided"): void => {
  const payer = ownerOf(ctx.db, r.payer_wallet_id)
  const receiver = ownerOf(ctx.db, r.receiver_wallet_id)
  const toReceiver = receiver !== null && receiver !== payer ? receiver : null
  if (phase === "opened") {
    if (payer !== null)
      notifyMsg(ctx, payer, "Contestação de Pix aberta", `Sua contestação do Pix de R$ ${reais(r.amount)} para ${r.receiver_name} está em análise.`, {
        key: "medOpenedPayer",
        params: { amount: r.amount, name: r.receiver_name }
      })
    if (toReceiver !== null)
      notifyMsg(ctx, toReceiver, "Pix contestado", `Um Pix de ${r.payer_name} foi contestado; R$ ${reais(r.blocked_amount)} bloqueados até o fim da análise.`, {
        key: "medOpenedReceiver",
        params: { amount: r.blocked_amount, name: r.payer_name, deadline_at: r.deadline }
      })
    return
  }
  if (r.status === "accepted") {
    if (payer !== null)
      notifyMsg(ctx, payer, "Contestação aceita", `R$ ${reais(r.returned_amount)} do Pix para ${r.receiver_name} voltaram para você.`, {
        key: "medAcceptedPayer",
        params: { amount: r.returned_amount, name: r.receiver_name }
      })
    if (toReceiver !== null)
      notifyMsg(ctx, toReceiver, "Contestação de Pix aceita", `R$ ${reais(r.returned_amount)} foram devolvidos a ${r.payer_name}.`, {
        key: "medAcceptedReceiver",
        params: { amount: r.returned_amount, name: r.payer_name }
      })
    return
  }
  if (payer !== null)
    notifyMsg(ctx, payer, "Contestação recusada", `A contestação do Pix para ${r.receiver_name} foi recusada.`, {
      key: "medRefusedPayer",
      params: { name: r.receiver_name }
    })
  if (toReceiver !== null)
    notifyMsg(ctx, toReceiver, "Contestação de Pix recusada", `O bloqueio de R$ ${reais(r.blocked_amount)} foi retirado.`, {
      key: "medRefusedReceiver",
      params: { amount: r.blocked_amount, name: r.payer_name }
    })
}

/**
 * Accepted: the status changes first (guarded by the status it leaves, so a second pass finds nothing and the
 * block is lifted before the receiver's debit), then the blocked amount goes back to the payer through the
 * ledger — never more than the receiver's balance, should it have moved outside postEntry (an admin route).
 */
const accept = (ctx: Ctx, r: MedRow, wanted: number, at: string): boolean => {
  const { db } = ctx
  const changed = db
    .prepare("UPDATE pix_med_contests SET status = 'accepted', decided_at = ?, updated_at = ? WHERE id = ? AND status = 'under_analysis'")
    .run(at, at, r.id).changes
  if (changed === 0) return false
  const balance = r.receiver_wallet_id === null ? 0 : (accountBalance(db, r.receiver_wallet_id)?.balance ?? 0)
  const returned = Math.max(0, Math.min(wanted, balance))
  if (returned === 0 || r.receiver_wallet_id === null) return true
  const e2e = endToEndId(SANDBOX_ISPB, ctx.clock.now(), randomUUID().replaceAll("-", "").slice(0, 11))
  postEntry(ctx, {
    walletId: r.receiver_wallet_id,
    type: "REFUND",
    direction: "out",
    currency: "BRL",
    amount: returned,
    description: `Devolução MED para ${r.payer_name}`,
    counterpartyName: r.payer_name,
    counterpartyDocument: "",
    endToEndId: e2e
  })
  postEntry(ctx, {
    walletId: r.payer_wallet_id,
    type: "REFUND",
    direction: "in",
    currency: "BRL",
    amount: returned,
    description: `Devolução MED de ${r.receiver_name}`,
    counterpartyName: r.receiver_name,
    counterpartyDocument: "",
    endToEndId: e2e
  })
  db.prepare("UPDATE pix_med_contests SET returned_amount = ?, devolution_end_to_end_id = ? WHERE id = ?").run(returned, e2e, r.id)
  return true
}

/**
 * The receiving institution's pass (scheduler, business clock): opened → under_analysis; under analysis
 * past its deadline → decided. Call inside a transaction (the scheduler's).
 */
export const runMed = (ctx: Ctx): { readonly decided: ReadonlyArray<string> } => {
  const { db } = ctx
  createPixMedTables(db)
  const nowIso = new Date(ctx.clock.now()).toISOString()
  for (const r of db.prepare("SELECT * FROM pix_med_contests WHERE status = 'opened'").all() as MedRow[]) {
    const at = ctx.clock.stamp()
    db.prepare("UPDATE pix_med_contests SET status = 'under_analysis', updated_at = ? WHERE id = ? AND status = 'opened'").run(at, r.id)
    const now = medRow(db, r.id)
    if (now !== undefined) medChanged(ctx, now)
  }
  const decided: string[] = []
  for (const r of db
    .prepare("SELECT * FROM pix_med_contests WHERE status = 'under_analysis' AND deadline <= ? ORDER BY deadline, id")
    .all(nowIso) as MedRow[]) {
    const at = ctx.clock.stamp()
    const d = medDecision(r)
    const done =
      d.status === "accepted"
        ? accept(ctx, r, d.returned, at)
        : db
            .prepare(
              "UPDATE pix_med_contests SET status = 'refused', refusal_reason = ?, decided_at = ?, updated_at = ? WHERE id = ? AND status = 'under_analysis'"
            )
            .run(d.refusal, at, at, r.id).changes > 0
    const now = medRow(db, r.id)
    if (!done || now === undefined) continue
    decided.push(r.id)
    medChanged(ctx, now)
    medNotify(ctx, now, "decided")
  }
  return { decided }
}

export { createPixMedTables, medBlockedOf } from "./tables.ts"

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

/** A wallet's statement rows of one Pix (by its end-to-end id). */
export interface SentRow {
  readonly id: string
  readonly wallet_id: string
  readonly type: string
  readonly status: string
  readonly amount: number
  readonly counterparty_name: string
  readonly created_at: string
}
export const statementRowsOfPix = (db: DB, walletId: string, e2e: string): SentRow[] =>
  db
    .prepare("SELECT id, wallet_id, type, status, amount, counterparty_name, created_at FROM statements WHERE end_to_end_id = ? AND wallet_id = ?")
    .all(e2e, walletId) as SentRow[]

export const isContested = (db: DB, e2e: string): boolean => db.prepare("SELECT 1 FROM pix_med_contests WHERE end_to_end_id = ?").get(e2e) !== undefined

/** The wallet that received a Pix, when it is another of the sandbox's. */
export const receiverWalletOf = (db: DB, e2e: string, payerWalletId: string): string | null =>
  (
    db.prepare("SELECT wallet_id FROM statements WHERE end_to_end_id = ? AND type = 'PIX_IN' AND wallet_id <> ? LIMIT 1").get(e2e, payerWalletId) as
      { wallet_id: string } | undefined
  )?.wallet_id ?? null

export interface NewContest {
  readonly id: string
  readonly e2e: string
  readonly payerWalletId: string
  readonly payerStatementId: string
  readonly receiverWalletId: string | null
  readonly reason: string
  readonly description: string
  readonly amount: number
  readonly blocked: number
  readonly payerName: string
  readonly receiverName: string
  readonly paidAt: string
  readonly at: string
  readonly deadline: string
}
export const insertContest = (db: DB, c: NewContest): void => {
  db.prepare(
    `INSERT INTO pix_med_contests (id, end_to_end_id, payer_wallet_id, payer_statement_id, receiver_wallet_id, reason, description, status, amount,
       blocked_amount, returned_amount, payer_name, receiver_name, paid_at, created_at, updated_at, deadline)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'opened', ?, ?, 0, ?, ?, ?, ?, ?, ?)`
  ).run(
    c.id,
    c.e2e,
    c.payerWalletId,
    c.payerStatementId,
    c.receiverWalletId,
    c.reason,
    c.description,
    c.amount,
    c.blocked,
    c.payerName,
    c.receiverName,
    c.paidAt,
    c.at,
    c.at,
    c.deadline
  )
}

export const saveDefence = (db: DB, id: string, defence: string, at: string): void => {
  db.prepare("UPDATE pix_med_contests SET defence = ?, defence_at = ?, updated_at = ? WHERE id = ?").run(defence, at, at, id)
}
