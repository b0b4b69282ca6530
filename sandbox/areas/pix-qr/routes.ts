/**
 * Pix QR codes and paying by code in the sandbox (spec features §2 my-qr-codes, receive, pay by
 * copy-and-paste code or QR code; §3 QR code types; §7 "Pix payments and QR codes": QR codes under
 * /users/pix/deposits/qr-codes, decode/by-qr-code v2, by-qr-code static and dynamic instant-billing;
 * issue 12). A code is made for one of the wallet's own keys; a dynamic code's payload is this table's
 * row, named by the id at the end of its URL (docs/decisions.md D-pix-qr). Paying a code of a seeded
 * user settles between the two accounts (ledger.executePixOut) and marks the code paid, with a
 * `pix_qr_codes` hint to the receiver's tabs.
 */
import { randomUUID } from "node:crypto"
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { onePage } from "../../paged.ts"
import { ApiError } from "../../errors.ts"
import { decodePixKey, executePixOut } from "../../ledger.ts"
import { assertPixLimit } from "../pix-limits/db.ts"
import { lookupPixKey } from "../pix-keys/db.ts"
import {
  dynamicQrById,
  insertQrRow,
  ownAddedKey,
  qrIdOfUrl,
  qrRowsOf,
  qrStatus,
  qrTextOf,
  staticQrByEmv,
  termsOf,
  toQrCode,
  type PixQrRow,
  type PixQrTerms
} from "./db.ts"
import { markQrPaid } from "./settle.ts"
import { dueChargeOf, dueTermsProblems } from "../../../schema/pix-qr-terms.ts"
import { spDateKey } from "../../time.ts"
import { stageForApproval } from "../approval/routes.ts"
import { tryDecodePixCopyPaste } from "../../../schema/validation.ts"
import { isCashQr, isDynamicQr, type PixQrDecoded, type PixQrKind } from "../../../schema/pix-qr.ts"
import type { PixPaymentOrder } from "../../../schema/entities.ts"
import { registerPixDevolutionRoutes } from "./devolution-routes.ts"
import { walletOwnerOf, type WalletOwner, accountBalance } from "../../repo.ts"

const maskDocument = (d: string): string => (d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : d)

/** Dynamic codes live from 60 s to 30 days; one hour when not said (D-pix-qr). */
const EXPIRY_MIN_S = 60
const EXPIRY_MAX_S = 30 * 24 * 3600
const EXPIRY_DEFAULT_S = 3600
/** Pix Saque and Troco: the most cash one code gives (BCB's cap for the daytime is R$ 500; we take it for any hour). */
const CASH_MAX = 50_000

interface Resolved {
  readonly decoded: PixQrDecoded
  readonly order: PixPaymentOrder
  readonly row: PixQrRow | null
}

export const registerPixQrRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const rowsOf = (walletId: string): PixQrRow[] => qrRowsOf(db, walletId)

  /** A code as a payer sees it: CRC, layout and kind checked, a dynamic code's payload found and live. */
  const resolve = (code: string): Resolved => {
    const d = tryDecodePixCopyPaste(code)
    if (!d.ok) {
      const key = d.error._tag === "PixCrcMismatch" ? "PIX_QR_CRC" : d.error._tag === "PixUnsupported" ? "PIX_QR_UNSUPPORTED" : "PIX_QR_INVALID"
      throw new ApiError(422, key, d.error.message, { code: key })
    }
    const v = d.value
    let row: PixQrRow | null = null
    let key: string
    if (v.url !== undefined) {
      // a dynamic code: its payload is ours or unknown (another bank's payload server is not simulated)
      const id = qrIdOfUrl(v.url)
      row = id === null ? null : dynamicQrById(db, id)
      if (row === null) throw new ApiError(422, "PIX_QR_UNSUPPORTED", "dynamic payload not found", { code: "PIX_QR_UNSUPPORTED" })
      const st = qrStatus(row, ctx.clock.now())
      if (st === "paid") throw new ApiError(422, "PIX_QR_ALREADY_PAID", undefined, { code: "PIX_QR_ALREADY_PAID" })
      if (st === "expired") throw new ApiError(422, "PIX_QR_EXPIRED", undefined, { code: "PIX_QR_EXPIRED" })
      key = row.key
    } else {
      key = v.key ?? ""
      row = staticQrByEmv(db, code.trim())
    }
    const base = decodePixKey(key)
    if (base === null) throw new ApiError(422, "PIX_QR_INVALID", "the code's key is not a Pix key", { code: "PIX_QR_INVALID" })
    const holder = lookupPixKey(db, base.key)
    const order: PixPaymentOrder =
      holder === null
        ? { ...base, beneficiary_name: v.merchantName }
        : { ...base, beneficiary_name: holder.name, beneficiary_document: holder.document, beneficiary_bank: "Carteira (Sandbox)" }
    // D-pix-qr-variants: a due-date billing charges today's amount (fine, interest, discount); cash codes carry the cash
    const terms = row === null ? {} : termsOf(row)
    const charge = row !== null && terms.due !== undefined ? dueChargeOf(row.amount ?? 0, terms.due, spDateKey(ctx.clock.now())) : null
    const amount = charge !== null ? charge.total : row !== null && v.url !== undefined ? row.amount : (v.amountCents ?? null)
    return {
      row,
      order,
      decoded: {
        kind: row?.kind ?? (v.url !== undefined ? "dynamic_instant" : "static"),
        key: order.key,
        amount,
        charge:
          charge === null || terms.due === undefined
            ? null
            : {
                original: charge.original,
                fine: charge.fine,
                interest: charge.interest,
                discount: charge.discount,
                total: charge.total,
                days_late: charge.days_late,
                due_date: terms.due.due_date
              },
        cash: terms.cash ?? null,
        description: row?.description ?? v.description ?? "",
        txid: row?.txid ?? v.txid ?? "***",
        beneficiary_name: order.beneficiary_name,
        beneficiary_document: maskDocument(order.beneficiary_document),
        beneficiary_bank: order.beneficiary_bank,
        expires_at: row?.expires_at ?? null,
        qr_code_id: row?.id ?? null
      }
    }
  }

  bind(app, ctx, "pixQrCodes", (req) => {
    const now = ctx.clock.now()
    const rows = rowsOf(req.wallet.wallet.id).map((r) => toQrCode(r, now))
    return { data: onePage(rows) }
  })

  bind(app, ctx, "pixQrCodeCreate", (req) => {
    const w = req.wallet.wallet
    const b = req.body
    const fields: Record<string, string> = {}
    const own = ownAddedKey(db, w.id, b.key.trim())
    if (own === undefined) fields["key"] = "PIX_QR_KEY_NOT_OWN"
    // the amount above zero and the description (features §5): the body's Schema (D-rules-on-contract)
    // every kind but the static instant payment names its amount (a withdrawal's is its cash; a change code's its purchase)
    if (b.kind !== "static" && b.amount === undefined) fields["amount"] = "VALIDATION_REQUIRED"
    const description = (b.description ?? "").trim()
    const txid = (b.txid ?? "").trim()
    if (txid !== "" && !/^[A-Za-z0-9]{1,25}$/.test(txid)) fields["txid"] = "VALIDATION_FORMAT"
    const dynamic = isDynamicQr(b.kind)
    // D-pix-qr-variants: a due-date billing lives until its days after due; the other dynamic codes expire as instant billing
    const expires = dynamic && b.kind !== "dynamic_due"
    const expiresIn = b.expires_in ?? EXPIRY_DEFAULT_S
    if (expires && (expiresIn < EXPIRY_MIN_S || expiresIn > EXPIRY_MAX_S)) fields["expires_in"] = "VALIDATION_FORMAT"
    let terms: PixQrTerms | null = null
    if (b.kind === "dynamic_due") {
      if (b.due === undefined) fields["due"] = "VALIDATION_REQUIRED"
      else for (const [f, k] of Object.entries(dueTermsProblems(b.due, spDateKey(ctx.clock.now())))) fields[`due.${f}`] = k
      if (b.due !== undefined && b.amount !== undefined && b.due.discount >= b.amount) fields["due.discount"] = "VALIDATION_MAX_VALUE"
      if (b.due !== undefined) terms = { due: b.due }
    } else if (isCashQr(b.kind)) {
      const cash = b.kind === "dynamic_change" ? b.cash : b.amount
      if (cash === undefined || !Number.isSafeInteger(cash) || cash <= 0)
        fields[b.kind === "dynamic_change" ? "cash" : "amount"] = cash === undefined ? "VALIDATION_REQUIRED" : "VALIDATION_MIN_VALUE"
      else if (cash > CASH_MAX) fields[b.kind === "dynamic_change" ? "cash" : "amount"] = "VALIDATION_MAX_VALUE"
      terms = { cash: cash ?? 0, agent: b.agent ?? "AGTEC" }
    }
    if (Object.keys(fields).length > 0 || own === undefined) {
      throw new ApiError(422, fields["key"] !== undefined && Object.keys(fields).length === 1 ? "PIX_QR_KEY_NOT_OWN" : "INCORRECT_DATA", undefined, fields)
    }
    const holder = walletOwnerOf(db, w.id) as WalletOwner
    const id = randomUUID().replaceAll("-", "")
    const at = ctx.clock.stamp()
    // what the payer pays: a change code's purchase plus the change it gives
    const total = b.kind === "dynamic_change" ? (b.amount ?? 0) + (terms?.cash ?? 0) : (b.amount ?? null)
    const { txid: ownTxid, emv } = qrTextOf({ id, kind: b.kind, key: own.key, amount: total, description, txid, holder: holder.full_name })
    const row: PixQrRow = {
      id,
      wallet_id: w.id,
      kind: b.kind,
      key: own.key,
      amount: total,
      description,
      txid: ownTxid,
      emv,
      paid: 0,
      expires_at: expires ? new Date(ctx.clock.now() + expiresIn * 1000).toISOString() : null,
      paid_at: null,
      paid_amount: null,
      payer_name: null,
      request_id: req.txKey,
      terms_json: terms === null ? null : JSON.stringify(terms),
      created_at: at,
      updated_at: at
    }
    insertQrRow(db, row)
    const out = toQrCode(row, ctx.clock.now())
    ctx.events.change("pix_qr_codes", { walletId: w.id, ids: [id], rows: [out] })
    return new Reply(201, { data: out })
  })

  bind(app, ctx, "pixDecodeByQrCode", (req) => ({ data: resolve(req.query.code).decoded }))

  const pay =
    (kind: PixQrKind) =>
    (req: { body: { code: string; amount: number; description: string }; wallet: { wallet: { id: string } }; user: { id: string }; txKey: string }) => {
      const b = req.body
      const r = resolve(b.code)
      if (r.decoded.kind !== kind) throw new ApiError(422, "PIX_QR_UNSUPPORTED", `a ${r.decoded.kind} code paid as ${kind}`, { code: "PIX_QR_UNSUPPORTED" })
      // the amount above zero and the description (features §5): the body's Schema (D-rules-on-contract)
      if (r.decoded.amount !== null && b.amount !== r.decoded.amount)
        throw new ApiError(422, "PIX_QR_AMOUNT_MISMATCH", undefined, { amount: "PIX_QR_AMOUNT_MISMATCH" })
      const w = req.wallet.wallet
      const bal = accountBalance(db, w.id)
      if (bal === undefined || bal.balance < b.amount) throw new ApiError(422, "INSUFFICIENT_BALANCE")
      assertPixLimit(ctx, w.id, r.order, b.amount) // issue 12: the day or night Pix limit
      const description = b.description.trim() !== "" ? b.description.trim() : r.decoded.description
      const txid = r.decoded.txid === "***" || r.decoded.txid === "" ? null : r.decoded.txid // "***": no txid (BR Code 62.05)
      // features §6 staged approval, as by key and by account: the request keeps the txid and the code it pays
      const staged = stageForApproval(ctx, w.id, req.user.id, b.amount, { ...r.order, description }, req.txKey, { txid, qr_code_id: r.row?.id ?? null })
      if (staged !== null) return staged
      const out = executePixOut(ctx, w.id, { ...r.order, description }, b.amount, req.txKey, undefined, { txid })
      if (r.row !== null) markQrPaid(ctx, r.row.id, w.id, b.amount)
      return new Reply(201, {
        data: { status: "completed" as const, operation_id: out.operation_id, approval_request_id: null, end_to_end_id: out.end_to_end_id, amount: b.amount }
      })
    }
  bind(app, ctx, "pixPayByQrStatic", pay("static"))
  bind(app, ctx, "pixPayByQrDynamic", pay("dynamic_instant"))
  // features §7 the other by-qr-code variants (D-pix-qr-variants): one settlement, the kind chooses the path
  bind(app, ctx, "pixPayByQrStaticWithdrawal", pay("static_withdrawal"))
  bind(app, ctx, "pixPayByQrDynamicDue", pay("dynamic_due"))
  bind(app, ctx, "pixPayByQrDynamicWithdrawal", pay("dynamic_withdrawal"))
  bind(app, ctx, "pixPayByQrDynamicChange", pay("dynamic_change"))
  // the rest of receiving: returning a received Pix
  registerPixDevolutionRoutes(app, ctx)
}
