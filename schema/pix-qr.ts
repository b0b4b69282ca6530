/**
 * Pix QR codes to receive (spec features §2 my-qr-codes and receive, §3 "Pix QR code types", §7 "Pix
 * payments and QR codes"; issue 12): the row the client syncs (`pix_qr_codes`, a wallet's own codes),
 * the body that creates one, and what decoding a code to pay answers. The six kinds of §3: static instant
 * payment (key, optional amount, description, txid), static withdrawal, dynamic instant billing with an
 * expiry, dynamic due-date billing (fine, interest, discount; schema/pix-qr-terms.ts), dynamic withdrawal
 * and dynamic change (docs/decisions.md D-pix-qr, D-pix-qr-variants).
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { MinorUnits } from "./common.ts"
import { PixCashAgent, PixDueTerms } from "./pix-qr-terms.ts"
import { PixDescription } from "./rules/text.ts"
import { PositiveAmount } from "./rules/money-dates.ts"

export const PIX_QR_KINDS = ["static", "static_withdrawal", "dynamic_instant", "dynamic_due", "dynamic_withdrawal", "dynamic_change"] as const
export const PixQrKind = Schema.Literals(PIX_QR_KINDS)
export type PixQrKind = typeof PixQrKind.Type
/** Codes whose payload is the sandbox's (the URL inside the code), and the ones that give the payer cash. */
export const isDynamicQr = (k: PixQrKind): boolean => k.startsWith("dynamic_")
export const isCashQr = (k: PixQrKind): boolean => k === "static_withdrawal" || k === "dynamic_withdrawal" || k === "dynamic_change"
export const PixQrStatus = Schema.Literals(["active", "paid", "expired"])
export type PixQrStatus = typeof PixQrStatus.Type

export const PixQrCode = Schema.Struct({
  id: Schema.String,
  kind: PixQrKind,
  key: Schema.String,
  amount: Schema.NullOr(MinorUnits),
  description: Schema.String,
  txid: Schema.String,
  /** The copy-and-paste text (BR Code) the QR image carries. */
  emv: Schema.String,
  status: PixQrStatus,
  expires_at: Schema.NullOr(Schema.String),
  paid_at: Schema.NullOr(Schema.String),
  paid_amount: Schema.NullOr(MinorUnits),
  payer_name: Schema.NullOr(Schema.String),
  /** Due-date billing: its terms (D-pix-qr-variants); null for the other kinds. */
  due: Schema.NullOr(PixDueTerms),
  /** Withdrawal and change: the cash the payer takes (for a withdrawal, the amount itself); null otherwise. */
  cash: Schema.NullOr(MinorUnits),
  /** Withdrawal and change: the agent's kind (BCB modalidade do agente). */
  agent: Schema.NullOr(PixCashAgent),
  /** The `transaction-uuid` of the call that made it: the receive page finds its new code by its command id. */
  request_id: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type PixQrCode = typeof PixQrCode.Type

export const PixQrCodesPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(PixQrCode)
})

export const PixQrCreateBody = Schema.Struct({
  kind: PixQrKind,
  key: Schema.String,
  amount: Schema.optionalKey(PositiveAmount),
  description: Schema.optionalKey(PixDescription),
  txid: Schema.optionalKey(Schema.String),
  /** Dynamic codes: seconds until the code expires (60 s to 30 days). */
  expires_in: Schema.optionalKey(Schema.Int),
  /** dynamic_due: the terms; `amount` is the original. */
  due: Schema.optionalKey(PixDueTerms),
  /** withdrawal and change: the cash (a withdrawal's amount is its cash; a change code's amount is the purchase). */
  cash: Schema.optionalKey(MinorUnits),
  agent: Schema.optionalKey(PixCashAgent)
})

/** What decoding a copy-and-paste code answers before paying it (the beneficiary shown before the PIN). */
export const PixQrDecoded = Schema.Struct({
  kind: PixQrKind,
  key: Schema.String,
  amount: Schema.NullOr(MinorUnits),
  description: Schema.String,
  txid: Schema.String,
  beneficiary_name: Schema.String,
  beneficiary_document: Schema.String,
  beneficiary_bank: Schema.String,
  expires_at: Schema.NullOr(Schema.String),
  qr_code_id: Schema.NullOr(Schema.String),
  /** dynamic_due: today's charge, every part (the amount above is its total); null for the other kinds. */
  charge: Schema.NullOr(
    Schema.Struct({
      original: MinorUnits,
      fine: MinorUnits,
      interest: MinorUnits,
      discount: MinorUnits,
      total: MinorUnits,
      days_late: Schema.Int,
      due_date: Schema.String
    })
  ),
  /** withdrawal and change: the cash the payer takes; for change, `amount` − `cash` is the purchase. */
  cash: Schema.NullOr(MinorUnits)
})
export type PixQrDecoded = typeof PixQrDecoded.Type

export const pixQrLists = {
  pix_qr_codes: defineList({
    endpoint: "pixQrCodes",
    row: PixQrCode,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at)
  })
}
