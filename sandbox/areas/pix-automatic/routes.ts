/**
 * Pix Automático routes (spec features §2 automatic-pix, §3, §4 "approve, reject, cancel, change maximum
 * value, approve by QR code; cancellation is irreversible and cancels scheduled payments except the one
 * due today; automatic payments can be listed, fetched by Pix payment and cancelled", §7; issue 13), and
 * the admin route that makes a merchant request an authorization (`POST /__admin/pix-automatic/requests`,
 * only with admin on). Every action is refused from a status it does not answer (PIX_AUTOMATIC_INVALID_STATUS)
 * and is idempotent by its transaction-uuid (sandbox/http.ts). docs/decisions.md "Pix Automático".
 */
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind, decodeOr422, errorResponse } from "../../http.ts"
import { ApiError, langOf } from "../../errors.ts"
import { paginate, walletAndStatus, userById, walletExists } from "../../repo.ts"
import { isCalendarDate, spDateKey } from "../../time.ts"
import {
  authorizationById,
  automaticPaymentByPix,
  cancelChargesAfter,
  cancelPayment,
  claimAuthorization,
  createAutomaticTables,
  insertRequest,
  makeCharges,
  MERCHANTS,
  paymentById,
  qrCodeOf,
  seedAutomatic,
  statementRowsOfOperation,
  toAuthorization,
  toAutomaticPayment,
  updateAuthorization,
  type AuthorizationRow,
  type PaymentRow
} from "./db.ts"
import { seedInfo } from "../../seed.ts"
import { automaticQrId, canDo, maxValueError, statusAfter, type AuthorizationAction } from "../../../schema/pix-automatic.ts"
import { randomUUID } from "node:crypto"
import { AdminAutomaticRequest, pixAutomaticAdminApi } from "../../../schema/api-pix-automatic.ts"

export const registerPixAutomaticRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createAutomaticTables(db)
  const seeded = seedInfo(db)
  if (seeded !== null) {
    const ana = userById(db, seeded.users.ana.id)
    if (ana !== undefined) db.transaction(() => seedAutomatic(ctx, seeded.wallets.anaMain, ana.full_name, ana.document))()
  }

  const ofWallet = (id: string | undefined, walletId: string): AuthorizationRow => {
    const r = id === undefined ? undefined : authorizationById(db, id)
    if (r === undefined || r.wallet_id !== walletId) throw new ApiError(404, "NOT_FOUND", "automatic authorization")
    return r
  }
  const check = (r: AuthorizationRow, action: AuthorizationAction): void => {
    if (!canDo(r.status, action)) throw new ApiError(422, "PIX_AUTOMATIC_INVALID_STATUS", `authorization is ${r.status}`)
  }
  const checkMax = (r: AuthorizationRow, max: number | null | undefined): void => {
    const e = maxValueError(r, max)
    if (e !== null) throw new ApiError(422, e === "VALIDATION_MIN_VALUE" ? "INCORRECT_DATA" : e, undefined, { payment_max_value: e })
  }
  /** The authorization a composite code carries (features §4 approve by QR code), read with the Pix decoder. */
  const ofQr = (code: string, walletId: string): AuthorizationRow => {
    const q = automaticQrId(code)
    if (!q.ok) throw new ApiError(422, q.error, undefined, { qr_code: q.error })
    const r = authorizationById(db, q.id)
    if (r === undefined) throw new ApiError(422, "PIX_AUTOMATIC_QR_NOT_AUTOMATIC", "unknown authorization", { qr_code: "PIX_AUTOMATIC_QR_NOT_AUTOMATIC" })
    if (r.wallet_id !== null && r.wallet_id !== walletId) throw new ApiError(422, "PIX_AUTOMATIC_QR_TAKEN", undefined, { qr_code: "PIX_AUTOMATIC_QR_TAKEN" })
    return r
  }
  const approve = (r: AuthorizationRow, max: number | undefined): AuthorizationRow => {
    check(r, "approve")
    checkMax(r, max)
    const now = updateAuthorization(ctx, r.id, { status: statusAfter("approve"), payment_max_value: max ?? null, recurrence_created_at: ctx.clock.stamp() })
    makeCharges(ctx, now, spDateKey(ctx.clock.now()))
    return now
  }

  bind(app, ctx, "automaticAuthorizations", (req) => {
    const { where, params } = walletAndStatus(req.wallet.wallet.id, req.query.status)
    return {
      data: paginate<AuthorizationRow, ReturnType<typeof toAuthorization>>(
        db,
        req.query,
        {
          from: "pix_automatic_authorizations",
          columns: "*",
          where,
          params,
          sortable: { created_at: "created_at", updated_at: "updated_at" }
        },
        toAuthorization
      )
    }
  })

  bind(app, ctx, "automaticAuthorizationByQr", (req) => {
    const r = ofQr(req.query.qr_code, req.wallet.wallet.id)
    // as the payer will hold it: their document as the account's holder
    return { data: { ...toAuthorization(r), owner_document: r.owner_document || req.user.document } }
  })

  bind(app, ctx, "automaticAuthorization", (req) => ({ data: toAuthorization(ofWallet(req.params["id"], req.wallet.wallet.id)) }))

  bind(app, ctx, "automaticAuthorizationApprove", (req) => {
    const r = ofWallet(req.params["id"], req.wallet.wallet.id)
    return { data: toAuthorization(approve(r, req.body.payment_max_value)) }
  })

  bind(app, ctx, "automaticAuthorizationApproveByQr", (req) => {
    const r = ofQr(req.body.qr_code, req.wallet.wallet.id)
    check(r, "approve")
    checkMax(r, req.body.payment_max_value)
    // the QR code's request becomes this wallet's (journey 2): its holder is the payer
    if (r.wallet_id === null) {
      claimAuthorization(db, r.id, req.wallet.wallet.id, req.user.id, req.user.document)
    }
    return { data: toAuthorization(approve(authorizationById(db, r.id) as AuthorizationRow, req.body.payment_max_value)) }
  })

  bind(app, ctx, "automaticAuthorizationReject", (req) => {
    const r = ofWallet(req.params["id"], req.wallet.wallet.id)
    check(r, "reject")
    return { data: toAuthorization(updateAuthorization(ctx, r.id, { status: statusAfter("reject") })) }
  })

  bind(app, ctx, "automaticAuthorizationCancel", (req) => {
    const r = ofWallet(req.params["id"], req.wallet.wallet.id)
    check(r, "cancel")
    const now = updateAuthorization(ctx, r.id, { status: statusAfter("cancel"), cancellation_id: randomUUID() })
    cancelChargesAfter(ctx, r.id, spDateKey(ctx.clock.now()))
    return { data: toAuthorization(now) }
  })

  bind(app, ctx, "automaticAuthorizationMaxValue", (req) => {
    const r = ofWallet(req.params["id"], req.wallet.wallet.id)
    check(r, "changeMax")
    checkMax(r, req.body.payment_max_value)
    return { data: toAuthorization(updateAuthorization(ctx, r.id, { payment_max_value: req.body.payment_max_value })) }
  })

  bind(app, ctx, "automaticPayments", (req) => {
    const { where, params } = walletAndStatus(req.wallet.wallet.id, req.query.status)
    return {
      data: paginate<PaymentRow, ReturnType<typeof toAutomaticPayment>>(
        db,
        req.query,
        {
          from: "pix_automatic_payments",
          columns: "*",
          where,
          params,
          sortable: { created_at: "created_at", updated_at: "updated_at", payment_date: "payment_date" }
        },
        toAutomaticPayment
      )
    }
  })

  bind(app, ctx, "automaticPaymentByPix", (req) => {
    const id = req.params["id"] ?? ""
    const r = automaticPaymentByPix(db, req.wallet.wallet.id, id)
    if (r === undefined) throw new ApiError(404, "NOT_FOUND", "automatic payment")
    return { data: toAutomaticPayment(r) }
  })

  bind(app, ctx, "automaticPaymentCancel", (req) => {
    const r = paymentById(db, req.params["id"] ?? "")
    if (r === undefined || r.wallet_id !== req.wallet.wallet.id) throw new ApiError(404, "NOT_FOUND", "automatic payment")
    if (r.status !== "SCHEDULED") throw new ApiError(422, "UNABLE_TO_PERFORM_ACTION", `automatic payment is ${r.status}`)
    return { data: toAutomaticPayment(cancelPayment(ctx, r.id)) }
  })

  // ── admin: a merchant requests an authorization (tests, demos) ──────────────
  if (ctx.cfg.admin) {
    app.post(pixAutomaticAdminApi.pixAutomaticRequest.path, async (c) => {
      const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
      try {
        let raw: unknown
        try {
          raw = await c.req.json()
        } catch {
          throw new ApiError(400, "INVALID_FORMAT", "body is not JSON")
        }
        const b = decodeOr422(AdminAutomaticRequest, raw)
        const merchant = MERCHANTS[(b.merchant ?? 0) % MERCHANTS.length] ?? MERCHANTS[0]
        if (merchant === undefined || !isCalendarDate(b.start_date) || (b.end_date !== undefined && !isCalendarDate(b.end_date))) {
          throw new ApiError(422, "INCORRECT_DATA", undefined, { start_date: "VALIDATION_DATE" })
        }
        const charge = b.charge_amount ?? b.value
        if (charge === undefined || charge <= 0) throw new ApiError(422, "INCORRECT_DATA", undefined, { charge_amount: "VALIDATION_REQUIRED" })
        if (b.wallet_id !== undefined && !walletExists(db, b.wallet_id)) throw new ApiError(404, "NOT_FOUND", "wallet")
        const row = db.transaction(() =>
          insertRequest(ctx, {
            walletId: b.wallet_id ?? null,
            merchant,
            journey: b.wallet_id === undefined ? "JOURNEY_2" : "JOURNEY_1",
            frequency: b.frequency ?? "MONTHLY",
            startDate: b.start_date,
            endDate: b.end_date ?? null,
            value: b.value ?? null,
            floorMaxValue: b.floor_max_value ?? null,
            chargeAmount: charge,
            debtorName: b.debtor_name ?? "Cliente Sandbox",
            debtorDocument: b.debtor_document ?? "52998224725",
            contractDescription: b.contract_description ?? "Assinatura"
          })
        )()
        return c.json({ data: { authorization: toAuthorization(row), qr_code: qrCodeOf(row) } }, 201)
      } catch (e) {
        return errorResponse(c, ctx, e, lang)
      }
    })
    // exactly-once proofs: the statement rows carrying an automatic payment's operation id
    app.get(pixAutomaticAdminApi.pixAutomaticStatementRows.path, (c) => {
      const op = c.req.query("operation_id") ?? ""
      const r = statementRowsOfOperation(db, op)
      return c.json({ data: { operation_id: op, statement_rows: r.n, amount_total: r.total } })
    })
  }
}
