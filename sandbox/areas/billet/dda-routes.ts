/**
 * DDA — boletos that find you (issue 32 item 2; D-dda): boletos registered against a payer's document
 * (CPF or CNPJ), listed in the payer's default wallet ("To pay"), paged and permission-checked like the
 * other boleto lists; hidden by a command (idempotent by its transaction-uuid); marked paid whichever
 * wallet paid the line (or from outside, for an issued one), so a hidden one paid elsewhere shows paid;
 * cancelled with its issued boleto. Registered when a sandbox user issues a boleto naming a document,
 * by `POST /__admin/billets/dda` and by `--alive`. Notifications the day before and on the (business)
 * due day, from 08:00 on the sandbox's business clock (America/Sao_Paulo).
 */
import type { Context, Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { onTheClock } from "../../context.ts"
import type { Prng } from "../../prng.ts"
import { bind, decodeOr422, errorResponse } from "../../http.ts"
import { ApiError, langOf } from "../../errors.ts"
import { notify } from "../../ledger.ts"
import { paginate } from "../../repo.ts"
import { spDateKey, spStartOfDay } from "../../time.ts"
import {
  addDays,
  DDA_ISSUERS,
  ddaById,
  ddaCount,
  ddaToAnnounce,
  defaultWalletsOfDocument,
  documentOfDefaultWallet,
  insertDda,
  markDdaBeforeNotified,
  markDdaDueNotified,
  markDdaRowCanceled,
  markDdaRowHidden,
  markDdaRowPaid,
  seededDdaPayers,
  toDda,
  unpaidDdaOfBarcode,
  unpaidDdaOfDeposit,
  usersOfDocument,
  type DdaInput,
  type DdaRow
} from "./db.ts"
import { billetAdminApi } from "../../../schema/api-billet.ts"
import type { DdaBillet } from "../../../schema/billet.ts"
import { bankBusinessDayOnOrAfter } from "../../../schema/holidays.ts"
import { normalizeDocument } from "../../../schema/validation.ts"
import { reais } from "../../money.ts"

/** The hour (São Paulo) from which the day-before and due-day notices go out (D-dda). */
export const DDA_NOTICE_HOUR = 8

const dayText = (d: string): string => d.split("-").reverse().join("/")

const ddaRow = (ctx: Ctx, id: string): DdaRow => ddaById(ctx.db, id)

/** The wallets a document's DDA boletos are listed in: the default wallet of each user holding that document. */
export const ddaWallets = (ctx: Ctx, document: string): string[] => defaultWalletsOfDocument(ctx.db, document)

/** The document whose DDA boletos a wallet lists (its owner's, for a default wallet), or null. */
const walletDocument = (ctx: Ctx, walletId: string): string | null => documentOfDefaultWallet(ctx.db, walletId)

const tellDda = (ctx: Ctx, r: DdaRow): void => {
  for (const walletId of ddaWallets(ctx, r.payer_document)) ctx.events.change("billet_dda", { walletId, ids: [r.id], rows: [toDda(r)] })
}

/** Registers a boleto against a document and tells the payer's wallets (live). */
export const registerDda = (ctx: Ctx, input: Omit<DdaInput, "at">): DdaRow => {
  const row = insertDda(ctx.db, { ...input, at: ctx.clock.stamp() })
  tellDda(ctx, row)
  return row
}

/** A line was paid (by any wallet, or from outside): its DDA registrations are paid — also a hidden one (issue 32 "bad input"). */
export const markDdaPaid = (ctx: Ctx, barcode: string): void => {
  const rows = unpaidDdaOfBarcode(ctx.db, barcode)
  const at = ctx.clock.stamp()
  for (const r of rows) {
    markDdaRowPaid(ctx.db, r.id, at)
    tellDda(ctx, ddaRow(ctx, r.id))
  }
}

/** Its issuer cancelled the issued boleto: the registration is cancelled (never paid). */
export const markDdaCanceled = (ctx: Ctx, depositId: string): void => {
  const rows = unpaidDdaOfDeposit(ctx.db, depositId)
  const at = ctx.clock.stamp()
  for (const r of rows) {
    markDdaRowCanceled(ctx.db, r.id, at)
    tellDda(ctx, ddaRow(ctx, r.id))
  }
}

/** A paid DDA boleto cannot be paid again (the deposit's own status covers an issued one). */
export const ddaRefusal = (dda: DdaRow | undefined): void => {
  if (dda !== undefined && dda.paid_at !== null) throw new ApiError(422, "BILLET_ALREADY_PAID")
}

/**
 * The day-before and due-day notices (D-dda): for each open registration whose effective due date (a
 * weekend or holiday moves it to the next business day) is tomorrow or today, once each, from
 * DDA_NOTICE_HOUR on the business clock. Hidden, paid and cancelled ones are not announced.
 */
export const runDdaNotices = (ctx: Ctx): number => {
  const now = ctx.clock.now()
  if (now - spStartOfDay(now) < DDA_NOTICE_HOUR * 3_600_000) return 0
  const today = spDateKey(now)
  const rows = ddaToAnnounce(ctx.db, addDays(today, -5), addDays(today, 1))
  let sent = 0
  for (const r of rows) {
    const due = bankBusinessDayOnOrAfter(r.due_date)
    const which = due === today ? "due" : due === addDays(today, 1) && r.notified_before_at === null ? "before" : null
    if (which === null) continue
    const users = usersOfDocument(ctx.db, r.payer_document)
    for (const u of users)
      notify(
        ctx,
        u.id,
        which === "due" ? "Boleto vence hoje" : "Boleto vence amanhã",
        `${r.issuer_name}: R$ ${reais(r.amount)} (${r.description}) vence ${which === "due" ? "hoje" : "amanhã"}, ${dayText(due)}.`,
        // worded in the user's language by the client (locales/<lang>/notifications.json messages.ddaDue*)
        {
          key: which === "due" ? "ddaDueToday" : "ddaDueTomorrow",
          params: { issuer: r.issuer_name, amount: r.amount, description: r.description, date: dayText(due) }
        }
      )
    const at = ctx.clock.stamp()
    if (which === "due") markDdaDueNotified(ctx.db, r.id, at)
    else markDdaBeforeNotified(ctx.db, r.id, at)
    sent++
  }
  return sent
}

/** `--alive`: now and then an outside issuer registers a boleto against a seeded user's document. */
export const ddaAliveTick = (ctx: Ctx, rng: Prng): void => {
  const payers = seededDdaPayers(ctx.db)
  if (payers.length === 0) return
  const [name, doc, description] = rng.pick(DDA_ISSUERS)
  registerDda(ctx, {
    payerDocument: rng.pick(payers).document,
    source: "alive",
    issuerName: name,
    issuerDocument: doc,
    description,
    amount: rng.int(5_000, 150_000),
    dueDate: bankBusinessDayOnOrAfter(addDays(spDateKey(ctx.clock.now()), rng.int(1, 25))),
    fineBp: 200,
    interestPerDay: 330
  })
}

export const registerDdaRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "billetDda", (req) => ({
    data: paginate<DdaRow, DdaBillet>(
      db,
      req.query,
      {
        from: "dda_billets",
        columns: "*",
        where: ["payer_document = ?"],
        // a wallet that is not its owner's default one lists nothing (D-dda)
        params: [walletDocument(ctx, req.wallet.wallet.id) ?? "\u0000"],
        sortable: { created_at: "created_at", updated_at: "updated_at", due_date: "due_date" },
        defaultSort: "due_date",
        defaultOrder: "asc"
      },
      toDda
    )
  }))

  bind(app, ctx, "billetDdaHide", (req) => {
    const doc = walletDocument(ctx, req.wallet.wallet.id)
    const r = ddaById(db, req.params["id"] ?? "") as DdaRow | undefined
    if (r === undefined || doc === null || r.payer_document !== doc) throw new ApiError(404, "BILLET_NOT_FOUND")
    if (r.status === "open") {
      const at = ctx.clock.stamp()
      markDdaRowHidden(db, r.id, at)
      tellDda(ctx, ddaRow(ctx, r.id))
    }
    // hidden already, paid or cancelled: answered as it is (a paid one stays paid)
    return { data: toDda(ddaRow(ctx, r.id)) }
  })

  onTheClock(ctx, "dda notices", 5000, () => db.transaction(() => runDdaNotices(ctx))())

  if (!ctx.cfg.admin) return
  app.post(billetAdminApi.billetDdaRegister.path, async (c: Context) => {
    try {
      const text = await c.req.text()
      let raw: unknown = {}
      try {
        raw = text.trim() === "" ? {} : (JSON.parse(text) as unknown)
      } catch {
        throw new ApiError(400, "INVALID_FORMAT")
      }
      const b = decodeOr422(billetAdminApi.billetDdaRegister.body, raw)
      // the document, the amount, the due date and the rates: the body's Schema (D-rules-on-contract)
      const n = ddaCount(db)
      const [name, doc, description] = DDA_ISSUERS[n % DDA_ISSUERS.length] ?? ["Beneficiário", "00000000000191", "Cobrança"]
      const row = db.transaction(() =>
        registerDda(ctx, {
          payerDocument: normalizeDocument(b.payer_document) ?? b.payer_document,
          source: "admin",
          issuerName: b.issuer_name ?? name,
          issuerDocument: b.issuer_document ?? doc,
          description: b.description ?? description,
          amount: b.amount ?? 10_000 + (n % 9) * 10_000,
          dueDate: b.due_date ?? bankBusinessDayOnOrAfter(addDays(spDateKey(ctx.clock.now()), 5)),
          fineBp: b.fine_bp ?? 200,
          interestPerDay: b.interest_per_day ?? 330
        })
      )()
      return c.json({ data: toDda(row) })
    } catch (e) {
      return errorResponse(c, ctx, e, langOf(c.req.header("language"), c.req.header("accept-language")))
    }
  })
}
