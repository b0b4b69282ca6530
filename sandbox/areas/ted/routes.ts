/**
 * TED (spec features §1/§9 window, §2 Banking: TED pay and receive, §3 "TED and banks", §7 "TED and
 * banks"; issue 14; D-ted-*): the bank directory and its search, the window by the business clock,
 * send a TED (in the window: TED_OUT debited at once, and a TED to a wallet's account at the sandbox
 * bank credits it with TED_IN, live; outside it: TED_OUTSIDE_HOURS with the next opening in the
 * message, or — when asked — scheduled for the next opening and run when the sandbox clock reaches
 * it), the saved contacts, and the admin calls: an incoming TED from another bank, run schedules.
 * Permissions, the PIN and idempotency by transaction-uuid are `bind`'s (sandbox/http.ts).
 */
import { randomUUID } from "node:crypto"
import type { Context, Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { onTheClock } from "../../context.ts"
import type { Prng } from "../../prng.ts"
import { bind, decodeOr422, errorResponse, Reply } from "../../http.ts"
import { ApiError, langOf } from "../../errors.ts"
import { notify, postEntry } from "../../ledger.ts"
import { onePage } from "../../paged.ts"
import {
  createTedTables,
  deleteTedContact,
  dueTransfers,
  finishScheduledTransfer,
  insertTedContact,
  insertTransfer,
  tedContactById,
  tedContactIdOf,
  tedContactsOf,
  toContact,
  toTransfer,
  transferById,
  transfersOf,
  updateTedContact,
  walletOfSandboxAccount,
  type TransferRow
} from "./db.ts"
import { bankByCode, BANK_DIRECTORY, searchBanks, SANDBOX_BANK, TED_BANKS } from "../../../schema/banks.ts"
import { tedProblems, tedWindowAt, type TedDestinationBody } from "../../../schema/ted.ts"
import { formatSpDateTime } from "../../../schema/sao-paulo-time.ts"
import { normalizeDocument } from "../../../schema/validation.ts"
import { tedAdminApi } from "../../../schema/api-ted.ts"
import type { StatementEntry } from "../../../schema/entities.ts"
import { reais } from "../../money.ts"
import { walletExists, walletOwnerOf } from "../../repo.ts"

/** The destination as stored: trimmed, the document plain, the bank's name and ISPB from the directory. Throws INCORRECT_DATA. */
const destinationOf = (b: TedDestinationBody, amount?: number, description?: string) => {
  const problems = tedProblems({ ...b, ...(amount !== undefined ? { amount } : {}), ...(description !== undefined ? { description } : {}) })
  if (Object.keys(problems).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, problems as Record<string, string>)
  const bank = bankByCode(b.bank_code) ?? SANDBOX_BANK
  return {
    bank_code: bank.code,
    bank_name: bank.name,
    ispb: bank.ispb,
    agency: b.agency.trim(),
    account: b.account.trim(),
    digit: b.digit.trim().toUpperCase(),
    account_type: b.account_type,
    document: normalizeDocument(b.document) ?? b.document,
    name: b.name.trim()
  }
}

const transferRow = (ctx: Ctx, id: string): TransferRow => transferById(ctx.db, id)
const tellTransfer = (ctx: Ctx, r: TransferRow): void => {
  ctx.events.change("ted_transfers", { walletId: r.wallet_id, ids: [r.id], rows: [toTransfer(r)] })
}

/** A TED arrives to a wallet: its TED_IN row (live) and a notification to the owner. */
export const receiveTed = (
  ctx: Ctx,
  walletId: string,
  amount: number,
  payerName: string,
  payerDocument: string,
  bankName: string,
  operationId?: string
): StatementEntry => {
  const row = postEntry(ctx, {
    walletId,
    type: "TED_IN",
    direction: "in",
    currency: "BRL",
    amount,
    description: `TED recebida - ${payerName} (${bankName})`,
    counterpartyName: payerName,
    counterpartyDocument: payerDocument,
    ...(operationId !== undefined ? { operationId } : {})
  })
  const owner = walletOwnerOf(ctx.db, walletId)
  if (owner !== undefined) notify(ctx, owner.id, "TED recebida", `Você recebeu R$ ${reais(amount)} de ${payerName} via TED.`)
  return row
}

/** Debits the sender (TED_OUT) and, for an account of the sandbox bank, credits its wallet. Throws INSUFFICIENT_BALANCE. */
const settle = (
  ctx: Ctx,
  t: Pick<TransferRow, "wallet_id" | "bank_code" | "agency" | "account" | "digit" | "name" | "document" | "amount" | "transaction_uuid">
): StatementEntry => {
  const out = postEntry(ctx, {
    walletId: t.wallet_id,
    type: "TED_OUT",
    direction: "out",
    currency: "BRL",
    amount: t.amount,
    description: `TED enviada - ${t.name}`,
    counterpartyName: t.name,
    counterpartyDocument: t.document,
    transactionUuid: t.transaction_uuid
  })
  if (t.bank_code === SANDBOX_BANK.code) {
    const to = walletOfSandboxAccount(ctx.db, t.agency, t.account, t.digit)
    if (to !== null) {
      const payer = walletOwnerOf(ctx.db, t.wallet_id)
      receiveTed(ctx, to, t.amount, payer?.full_name ?? "Remetente", payer?.document ?? "", SANDBOX_BANK.name, out.operation_id)
    }
  }
  return out
}

/** Runs the scheduled TEDs whose time the business clock has reached (scheduled → confirmed | failed). */
export const runTedSchedules = (ctx: Ctx): string[] => {
  const now = ctx.clock.nowIso()
  const due = dueTransfers(ctx.db, now)
  const ran: string[] = []
  for (const t of due) {
    if (!tedWindowAt(ctx.clock.now()).open) continue // a clock moved past the window: it waits for the next one
    // the debit and the status change commit together (a savepoint for the debit: a refusal rolls back only it)
    ctx.db.transaction(() => {
      let operationId: string | null = null
      let failure: string | null = null
      try {
        ctx.db.transaction(() => {
          operationId = settle(ctx, t).operation_id
        })()
      } catch (e) {
        if (!(e instanceof ApiError)) throw e
        failure = e.key
      }
      const at = ctx.clock.stamp()
      finishScheduledTransfer(ctx.db, t.id, operationId, failure, at)
    })()
    tellTransfer(ctx, transferRow(ctx, t.id))
    ran.push(t.id)
  }
  return ran
}

export const registerTedRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createTedTables(db)

  bind(app, ctx, "banks", (req) => ({ data: [...searchBanks(BANK_DIRECTORY, req.query.search ?? "")] }))
  bind(app, ctx, "tedBanks", (req) => ({ data: [...searchBanks(TED_BANKS, req.query.search ?? "")] }))

  bind(app, ctx, "tedWindow", () => {
    const now = ctx.clock.now()
    const w = tedWindowAt(now)
    return {
      data: { open: w.open, now: new Date(now).toISOString(), opens_at: new Date(w.opensAt).toISOString(), closes_at: new Date(w.closesAt).toISOString() }
    }
  })

  bind(app, ctx, "tedTransfers", (req) => {
    return { data: onePage(transfersOf(db, req.wallet.wallet.id).map(toTransfer)) }
  })

  bind(app, ctx, "tedSend", (req) => {
    const b = req.body
    const description = (b.description ?? "").trim()
    const dest = destinationOf(b, b.amount, description)
    const now = ctx.clock.now()
    const w = tedWindowAt(now)
    if (!w.open && b.schedule_if_closed !== true) throw new ApiError(422, "TED_OUTSIDE_HOURS", formatSpDateTime(w.opensAt))
    if (dest.bank_code === SANDBOX_BANK.code && walletOfSandboxAccount(db, dest.agency, dest.account, dest.digit) === null) {
      throw new ApiError(422, "INCORRECT_DATA", undefined, { account: "VALIDATION_TED_ACCOUNT" })
    }
    const wallet = req.wallet.wallet
    const id = randomUUID()
    const at = ctx.clock.stamp()
    const base = { wallet_id: wallet.id, ...dest, amount: b.amount, transaction_uuid: req.txKey }
    let operationId: string | null = null
    if (w.open) operationId = settle(ctx, base).operation_id
    insertTransfer(db, {
      id,
      ...base,
      status: w.open ? "confirmed" : "scheduled",
      description,
      scheduled_for: w.open ? null : new Date(w.opensAt).toISOString(),
      executed_at: w.open ? at : null,
      operation_id: operationId,
      created_at: at,
      updated_at: at
    })
    const row = transferRow(ctx, id)
    tellTransfer(ctx, row)
    return new Reply(201, { data: toTransfer(row) })
  })

  bind(app, ctx, "tedContacts", (req) => {
    return { data: onePage(tedContactsOf(db, req.wallet.wallet.id).map(toContact)) }
  })

  bind(app, ctx, "tedContactCreate", (req) => {
    const dest = destinationOf(req.body)
    const wallet = req.wallet.wallet
    const at = ctx.clock.stamp()
    const priorId = tedContactIdOf(db, wallet.id, dest)
    const id = priorId ?? randomUUID()
    if (priorId !== undefined) updateTedContact(db, id, dest, at)
    else insertTedContact(db, { id, wallet_id: wallet.id, ...dest, at })
    const row = toContact(tedContactById(db, id))
    ctx.events.change("ted_contacts", { walletId: wallet.id, ids: [id], rows: [row] })
    return new Reply(priorId === undefined ? 201 : 200, { data: row })
  })

  bind(app, ctx, "tedContactDelete", (req) => {
    const id = req.params["id"] ?? ""
    if (!deleteTedContact(db, req.wallet.wallet.id, id)) throw new ApiError(404, "NOT_FOUND")
    ctx.events.change("ted_contacts", { walletId: req.wallet.wallet.id, ids: [id] })
    return { data: { ok: true } }
  })

  // scheduled TEDs run when the business clock reaches the window (checked every 2 s and on a clock move)
  onTheClock(ctx, "ted schedules", 2000, () => runTedSchedules(ctx))

  if (!ctx.cfg.admin) return
  const adminJson = (path: string, fn: (c: Context) => Promise<unknown>): void => {
    app.post(path, async (c) => {
      try {
        return c.json((await fn(c)) as object)
      } catch (e) {
        return errorResponse(c, ctx, e, langOf(c.req.header("language"), c.req.header("accept-language")))
      }
    })
  }
  adminJson(tedAdminApi.tedIncoming.path, async (c) => {
    const text = await c.req.text()
    let raw: unknown = {}
    try {
      raw = text.trim() === "" ? {} : (JSON.parse(text) as unknown)
    } catch {
      throw new ApiError(400, "INVALID_FORMAT")
    }
    const b = decodeOr422(tedAdminApi.tedIncoming.body, raw)
    if (!walletExists(db, b.wallet_id)) throw new ApiError(404, "NOT_FOUND")
    const amount = b.amount ?? 0
    const bank = bankByCode(b.bank_code ?? "341") ?? SANDBOX_BANK
    return {
      data: db.transaction(() => receiveTed(ctx, b.wallet_id, amount, b.payer_name ?? "Remetente Externo", b.payer_document ?? "52998224725", bank.name))()
    }
  })
  adminJson(tedAdminApi.tedRunSchedules.path, async () => ({ data: { ran: db.transaction(() => runTedSchedules(ctx))() } }))
}

/** `--alive`: now and then a TED from another bank arrives to the wallet (seen live). */
export const tedAliveTick = (ctx: Ctx, walletId: string, rng: Prng): void => {
  const bank = rng.pick(BANK_DIRECTORY)
  receiveTed(ctx, walletId, rng.int(1_000, 500_000), "Remetente Externo", "52998224725", bank.name)
}
