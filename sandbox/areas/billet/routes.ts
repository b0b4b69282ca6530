/**
 * Boleto (spec features §2 Banking: boleto, §3, §4, §5, §7 "Boleto", §8 amount below minimum; issue
 * 14; D-billet-*): decode a line or barcode into the fields of §3 with the charged amount for a day;
 * pay now (BILLET_PAYMENT debited at once; an issued boleto of the sandbox credits its issuer with a
 * BILLET_DEPOSIT row, live) or schedule for a business day (pending; run when the sandbox clock
 * reaches it: processing → confirmed | failed); cancel a schedule (canceled); issue a boleto (a valid
 * 47-digit line and 44-digit barcode from schema/boleto.ts), its PDF with the ITF barcode drawn,
 * cancel it. Admin: the directory of payable slips, an issued boleto paid from outside, run schedules.
 * DDA (issue 32 item 2) is ./dda-routes.ts: an issued boleto is registered against its payer's document,
 * and every payment or cancellation here tells the payer's "To pay".
 */
import { insertReadyFile } from "../statements/db.ts"
import { randomUUID } from "node:crypto"
import type { Context, Hono } from "hono"
import { PDFDocument, StandardFonts, rgb } from "pdf-lib"
import type { Ctx } from "../../context.ts"
import { onTheClock } from "../../context.ts"
import type { Prng } from "../../prng.ts"
import { authenticate, bind, checkServerType, decodeOr422, errorResponse, resolveWallet, Reply } from "../../http.ts"
import { ApiError, badField, langOf } from "../../errors.ts"
import { notify, postEntry } from "../../ledger.ts"
import { onePage } from "../../paged.ts"
import { spDateKey } from "../../time.ts"
import {
  bankName,
  billetDepositById,
  billetDepositsOf,
  billetPaymentById,
  billetPaymentsOf,
  cancelBilletDeposit,
  cancelBilletPayment,
  dueBilletPayments,
  finishBilletPayment,
  insertBilletDeposit,
  insertBilletPayment,
  issueLine,
  markBilletPaymentProcessing,
  openDeposits,
  openDepositsByAge,
  ownerIdOfWallet,
  receiveBilletDeposit,
  resolveSlip,
  scheduledBilletPaymentsOf,
  SYNTHETIC,
  syntheticLine,
  toDeposit,
  toPayment,
  toScheduled,
  walletBilletPayment,
  type DepositRow,
  type PaymentRow,
  type Slip
} from "./db.ts"
import { amountRefusal, billetDepositBodyOn, chargeOn, itfModules, lineOfInput, scheduleRefusal, type DecodedBillet } from "../../../schema/billet.ts"
import { formatBoletoLine } from "../../../schema/boleto.ts"
import { hasPermission } from "../../../schema/permissions.ts"
import { api } from "../../../schema/api.ts"
import { billetAdminApi } from "../../../schema/api-billet.ts"
import { normalizeDocument } from "../../../schema/validation.ts"
import type { StatementEntry } from "../../../schema/entities.ts"
import { ddaAliveTick, ddaRefusal, markDdaCanceled, markDdaPaid, registerDda, registerDdaRoutes } from "./dda-routes.ts"
import { reais } from "../../money.ts"
import { walletOwnerOf, type WalletOwner } from "../../repo.ts"

export const decodedOf = (slip: Slip, date: string): DecodedBillet => {
  const c = chargeOn(slip.rules, date)
  return {
    kind: slip.kind,
    typeable_line: slip.line,
    barcode: slip.barcode,
    due_date: slip.rules.dueDate,
    limit_due_date: slip.rules.limitDate,
    original_amount: slip.rules.original,
    charged_amount: c.charged,
    rebate_amount: c.rebate,
    interest_amount: c.interest,
    fine_amount: c.fine,
    discount_amount: c.discount,
    charged_amount_due_date: date,
    beneficiary_name: slip.beneficiary,
    beneficiary_document: slip.document,
    beneficiary_bank_name: slip.kind === "collection" ? "Arrecadação" : bankName(slip.bankCode),
    beneficiary_bank_code: slip.bankCode,
    divergent_amount_type: slip.rules.divergent,
    min_amount: slip.rules.min,
    max_amount: slip.rules.max,
    expired: c.expired
  }
}

const paymentRow = (ctx: Ctx, id: string): PaymentRow => billetPaymentById(ctx.db, id)
const depositRow = (ctx: Ctx, id: string): DepositRow | undefined => billetDepositById(ctx.db, id)

const tellPayment = (ctx: Ctx, r: PaymentRow): void => {
  ctx.events.change("billet_payments", { walletId: r.wallet_id, ids: [r.id], rows: [toPayment(r)] })
  if (r.payment_date !== null) ctx.events.change("billet_scheduled", { walletId: r.wallet_id, ids: [r.id], rows: [toScheduled(r)] })
}
const tellDeposit = (ctx: Ctx, r: DepositRow): void => {
  ctx.events.change("billet_deposits", { walletId: r.wallet_id, ids: [r.id], rows: [toDeposit(r)] })
}

/** An issued boleto received: its issuer's BILLET_DEPOSIT row (live), status RECEIVED, a notification. */
export const receiveIssued = (ctx: Ctx, dep: DepositRow, amount: number, payerName: string, payerDocument: string, operationId?: string): StatementEntry => {
  if (dep.status !== "CREATED_PENDING") throw new ApiError(422, dep.status === "RECEIVED" ? "BILLET_ALREADY_PAID" : "BILLET_NOT_FOUND")
  const row = postEntry(ctx, {
    walletId: dep.wallet_id,
    type: "BILLET_DEPOSIT",
    direction: "in",
    currency: "BRL",
    amount,
    description: `Boleto recebido - ${dep.description}`,
    counterpartyName: payerName,
    counterpartyDocument: payerDocument,
    ...(operationId !== undefined ? { operationId } : {})
  })
  const at = ctx.clock.stamp()
  receiveBilletDeposit(ctx.db, dep.id, at)
  tellDeposit(ctx, depositRow(ctx, dep.id) as DepositRow)
  markDdaPaid(ctx, dep.barcode) // D-dda: the payer's "To pay" shows it paid, wherever it was paid from
  const owner = ownerIdOfWallet(ctx.db, dep.wallet_id)
  if (owner !== undefined) notify(ctx, owner.owner_id, "Boleto recebido", `Você recebeu R$ ${reais(amount)} de ${payerName} (${dep.description}).`)
  return row
}

/** Debits the payer (BILLET_PAYMENT) and, for an issued boleto, credits its issuer. Throws INSUFFICIENT_BALANCE. */
const settle = (ctx: Ctx, walletId: string, slip: Slip, amount: number, txKey: string | null): StatementEntry => {
  const out = postEntry(ctx, {
    walletId,
    type: "BILLET_PAYMENT",
    direction: "out",
    currency: "BRL",
    amount,
    description: `Pagamento de boleto - ${slip.beneficiary}`,
    counterpartyName: slip.beneficiary,
    counterpartyDocument: slip.document,
    transactionUuid: txKey
  })
  if (slip.deposit !== null) {
    const payer = walletOwnerOf(ctx.db, walletId)
    receiveIssued(ctx, slip.deposit, amount, payer?.full_name ?? "Pagador", payer?.document ?? "", out.operation_id)
  } else markDdaPaid(ctx, slip.barcode) // D-dda: paid by any wallet, hidden or not
  return out
}

/** Runs the scheduled payments whose day has come by the sandbox clock (processing → confirmed | failed). */
export const runBilletSchedules = (ctx: Ctx): string[] => {
  const today = spDateKey(ctx.clock.now())
  const due = dueBilletPayments(ctx.db, today)
  const ran: string[] = []
  for (const p of due) {
    markBilletPaymentProcessing(ctx.db, p.id, ctx.clock.stamp())
    let status: "confirmed" | "failed" = "confirmed"
    let operationId: string | null = null
    try {
      ctx.db.transaction(() => {
        const slip = resolveSlip(ctx.db, p.typeable_line, ctx.clock.now())
        if (slip === null || chargeOn(slip.rules, today).expired) throw new ApiError(422, "BILLET_EXPIRED")
        operationId = settle(ctx, p.wallet_id, slip, p.amount, p.transaction_uuid).operation_id
      })()
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      status = "failed"
    }
    const at = ctx.clock.stamp()
    finishBilletPayment(ctx.db, p.id, status, operationId, status === "confirmed" ? at : null, at)
    tellPayment(ctx, paymentRow(ctx, p.id))
    ran.push(p.id)
  }
  return ran
}

/** The PDF of an issued boleto (pt), with the ITF barcode drawn as bars (features §7 "pdf sub-path"). */
export const billetPdf = async (dep: DepositRow, issuer: string): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  doc.setTitle(`Boleto ${dep.description}`)
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const text = (s: string, x: number, y: number, size = 10, f = font): void => page.drawText(s.normalize("NFC"), { x, y, size, font: f, color: rgb(0, 0, 0) })
  text("Banco Sandbox S.A. | 999-9", 40, 790, 14, bold)
  text(formatBoletoLine(dep.typeable_line), 40, 768, 11, bold)
  const rows: Array<[string, string]> = [
    ["Beneficiário", issuer],
    ["Pagador", `${dep.payer_name} - ${dep.payer_document}`],
    ["Vencimento", dep.due_date.split("-").reverse().join("/")],
    ["Valor do documento", `R$ ${reais(dep.amount)}`],
    ["Descrição", dep.description],
    ["Situação", dep.status]
  ]
  rows.forEach(([k, v], i) => {
    text(k, 40, 730 - i * 30, 8)
    text(v, 40, 718 - i * 30, 11)
  })
  // ITF (interleaved 2 of 5), FEBRABAN: narrow 1 module, wide 3 modules, height 13 mm
  const modules = itfModules(dep.barcode)
  const unit = 0.9
  let x = 40
  for (const m of modules) {
    if (m.bar) page.drawRectangle({ x, y: 470, width: m.width * unit, height: 37, color: rgb(0, 0, 0) })
    x += m.width * unit
  }
  text(dep.barcode, 40, 455, 8)
  return doc.save()
}

export const registerBilletRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const today = (): string => spDateKey(ctx.clock.now())

  const slipOf = (typed: string, field = "line"): Slip => {
    const line = lineOfInput(typed)
    // the contract's BoletoLineString checked it (D-rules-on-contract): a 500 if the two ever disagree
    if (line === null) throw new Error(`a boleto the contract admitted does not read: ${JSON.stringify(typed)}`)
    const slip = resolveSlip(db, line, ctx.clock.now())
    if (slip === null) return badField(field, "VALIDATION_BOLETO_LINE")
    if (slip.deposit !== null && slip.deposit.status !== "CREATED_PENDING")
      throw new ApiError(422, slip.deposit.status === "RECEIVED" ? "BILLET_ALREADY_PAID" : "BILLET_NOT_FOUND")
    ddaRefusal(slip.dda)
    return slip
  }

  bind(app, ctx, "billetDecode", (req) => {
    const slip = slipOf(req.query.line)
    const date = req.query.date ?? today()
    return { data: decodedOf(slip, date < today() ? today() : date) }
  })

  bind(app, ctx, "billetPayments", (req) => {
    return { data: onePage(billetPaymentsOf(db, req.wallet.wallet.id).map(toPayment)) }
  })

  bind(app, ctx, "billetScheduled", (req) => {
    return { data: onePage(scheduledBilletPaymentsOf(db, req.wallet.wallet.id).map(toScheduled)) }
  })

  bind(app, ctx, "billetPay", (req) => {
    const b = req.body
    const slip = slipOf(b.line)
    const now = today()
    const date = b.payment_date ?? null
    const scheduled = date !== null && date !== now
    if (scheduled) {
      const refusal = scheduleRefusal(date, now, slip.rules.limitDate)
      if (refusal !== null) throw new ApiError(422, refusal, undefined, refusal === "BILLET_EXPIRED" ? undefined : { payment_date: refusal })
    }
    const charge = chargeOn(slip.rules, scheduled ? date : now)
    if (charge.expired) throw new ApiError(422, "BILLET_EXPIRED")
    const refusal = amountRefusal(slip.rules, charge.charged, b.amount)
    if (refusal !== null) throw new ApiError(422, refusal, undefined, { amount: refusal })
    const w = req.wallet.wallet
    const at = ctx.clock.stamp()
    const id = randomUUID()
    let operationId: string | null = null
    if (!scheduled) operationId = settle(ctx, w.id, slip, b.amount, req.txKey).operation_id
    insertBilletPayment(db, {
      id,
      walletId: w.id,
      operationId,
      status: scheduled ? "pending" : "confirmed",
      amount: b.amount,
      dueDate: slip.rules.dueDate,
      limitDueDate: slip.rules.limitDate,
      barcode: slip.barcode,
      line: slip.line,
      beneficiary: slip.beneficiary,
      paymentDate: scheduled ? date : null,
      confirmedAt: scheduled ? null : at,
      txKey: req.txKey,
      at
    })
    const row = paymentRow(ctx, id)
    tellPayment(ctx, row)
    return new Reply(201, { data: toPayment(row) })
  })

  bind(app, ctx, "billetScheduledCancel", (req) => {
    const p = walletBilletPayment(db, req.wallet.wallet.id, req.params["id"] ?? "")
    if (p === undefined || p.payment_date === null) throw new ApiError(404, "BILLET_NOT_FOUND")
    if (p.status !== "pending") throw new ApiError(422, "BILLET_NOT_CANCELABLE")
    const at = ctx.clock.stamp()
    cancelBilletPayment(db, p.id, at)
    const row = paymentRow(ctx, p.id)
    tellPayment(ctx, row)
    return { data: toScheduled(row) }
  })

  bind(app, ctx, "billetDeposits", (req) => {
    return { data: onePage(billetDepositsOf(db, req.wallet.wallet.id).map(toDeposit)) }
  })

  bind(app, ctx, "billetDepositCreate", (req) => {
    // the amount's bounds, a calendar due date, the description, the payer's name and document (D-rules-on-contract), and
    // the due date's window by the business clock: the body's Schema on today (D-sandbox-by-area)
    const b = decodeOr422(billetDepositBodyOn(today()), req.body)
    const description = b.description.trim()
    const { line, barcode } = issueLine(db, b.amount, b.due_date)
    const id = randomUUID()
    const at = ctx.clock.stamp()
    insertBilletDeposit(db, {
      id,
      walletId: req.wallet.wallet.id,
      amount: b.amount,
      dueDate: b.due_date,
      description,
      payerName: b.payer_name.trim(),
      payerDocument: normalizeDocument(b.payer_document) ?? b.payer_document,
      line,
      barcode,
      at
    })
    const row = depositRow(ctx, id) as DepositRow
    tellDeposit(ctx, row)
    // D-dda: registered against the payer's document; a sandbox user holding it sees it in "To pay", live
    const issuer = walletOwnerOf(db, req.wallet.wallet.id)
    registerDda(ctx, {
      payerDocument: row.payer_document,
      depositId: row.id,
      source: "issued",
      issuerName: issuer?.full_name ?? "Beneficiário",
      issuerDocument: issuer?.document ?? "",
      description: row.description,
      amount: row.amount,
      dueDate: row.due_date,
      fineBp: 0,
      interestPerDay: 0,
      line: { line: row.typeable_line, barcode: row.barcode }
    })
    return new Reply(201, { data: toDeposit(row) })
  })

  bind(app, ctx, "billetDepositCancel", (req) => {
    const d = depositRow(ctx, req.params["id"] ?? "")
    if (d === undefined || d.wallet_id !== req.wallet.wallet.id) throw new ApiError(404, "BILLET_NOT_FOUND")
    if (d.status !== "CREATED_PENDING") throw new ApiError(422, "BILLET_NOT_CANCELABLE")
    const at = ctx.clock.stamp()
    cancelBilletDeposit(db, d.id, at)
    const row = depositRow(ctx, d.id) as DepositRow
    tellDeposit(ctx, row)
    markDdaCanceled(ctx, d.id)
    return { data: toDeposit(row) }
  })

  // the PDF is made asynchronously (pdf-lib), so this call has its own route with the same checks as `bind`
  app.get(api.billetDepositPdf.path.replace("{id}", ":id"), async (c: Context) => {
    const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
    try {
      const user = authenticate(ctx, c)
      checkServerType(c, user)
      const wallet = resolveWallet(ctx, user, c.req.header("wallet-uuid"))
      if (!hasPermission(wallet.actions, api.billetDepositPdf.permission)) throw new ApiError(403, "WITHOUT_PERMISSION")
      const d = depositRow(ctx, c.req.param("id") ?? "")
      if (d === undefined || d.wallet_id !== wallet.wallet.id) throw new ApiError(404, "BILLET_NOT_FOUND")
      const issuer = walletOwnerOf(db, d.wallet_id) as WalletOwner
      const pdf = await billetPdf(d, issuer.full_name)
      const fileId = randomUUID()
      insertReadyFile(db, {
        id: fileId,
        walletId: d.wallet_id,
        name: `boleto-${d.due_date}.pdf`,
        mime: "application/pdf",
        content: Buffer.from(pdf),
        at: ctx.clock.nowIso()
      })
      // the signed link of the storage file (statements.ts answers it)
      const r = await app.request(`/users/v2/storage/files/${fileId}/url`, { headers: c.req.raw.headers }, c.env)
      return new Response(r.body, { status: r.status, headers: { "content-type": "application/json" } })
    } catch (e) {
      return errorResponse(c, ctx, e, lang)
    }
  })

  // scheduled payments run when their day comes by the sandbox clock (checked every 2 s and on a clock move)
  onTheClock(ctx, "billet schedules", 2000, () => db.transaction(() => runBilletSchedules(ctx))())
  registerDdaRoutes(app, ctx) // issue 32 item 2: DDA

  if (!ctx.cfg.admin) return
  const adminJson = (path: string, method: "GET" | "POST", fn: (c: Context) => Promise<unknown>): void => {
    app.on(method, path, async (c) => {
      try {
        return c.json((await fn(c)) as object)
      } catch (e) {
        return errorResponse(c, ctx, e, langOf(c.req.header("language"), c.req.header("accept-language")))
      }
    })
  }
  adminJson(billetAdminApi.billetDirectory.path, "GET", async () => {
    const t = today()
    const synthetic = SYNTHETIC.map((s) => {
      const line = syntheticLine(s, t)
      return { id: s.id, label: s.label, kind: s.kind, typeable_line: line, barcode: resolveSlip(db, line, ctx.clock.now())?.barcode ?? "" }
    })
    const issued = openDepositsByAge(db).map((d) => ({
      id: d.id,
      label: `${d.description} (${d.wallet_id})`,
      kind: "issued" as const,
      typeable_line: d.typeable_line,
      barcode: d.barcode
    }))
    return { data: [...synthetic, ...issued] }
  })
  adminJson(billetAdminApi.billetPayIssued.path, "POST", async (c) => {
    const text = await c.req.text()
    let raw: unknown = {}
    try {
      raw = text.trim() === "" ? {} : (JSON.parse(text) as unknown)
    } catch {
      throw new ApiError(400, "INVALID_FORMAT")
    }
    const b = decodeOr422(billetAdminApi.billetPayIssued.body, raw)
    return {
      data: db.transaction(() => {
        const slip = slipOf(b.line)
        if (slip.deposit === null) throw new ApiError(404, "BILLET_NOT_FOUND")
        return receiveIssued(ctx, slip.deposit, slip.deposit.amount, b.payer_name ?? "Pagador Externo", "52998224725")
      })()
    }
  })
  adminJson(billetAdminApi.billetRunSchedules.path, "POST", async () => ({ data: { ran: db.transaction(() => runBilletSchedules(ctx))() } }))
}

/** `--alive`: now and then someone outside pays one of the issued boletos still open (the issuer sees it arrive live). */
export const billetAliveTick = (ctx: Ctx, rng: Prng): void => {
  // issue 32 item 2: or an outside issuer registers a boleto against a seeded user's document (DDA)
  if (rng.chance(0.4)) {
    ddaAliveTick(ctx, rng)
    return
  }
  const open = openDeposits(ctx.db)
  if (open.length === 0) return
  const d = rng.pick(open)
  receiveIssued(ctx, d, d.amount, "Pagador Externo", "52998224725")
}
