/**
 * Pix QR codes to receive (spec features §2 my-qr-codes and receive, §3 "Pix QR code types", §7 "Pix
 * payments and QR codes"; issue 12): the row the client syncs (`pix_qr_codes`, a wallet's own codes),
 * the body that creates one, and what decoding a code to pay answers. Kinds made here: static instant
 * payment (key, optional amount, description, txid) and dynamic instant billing with an expiry
 * (docs/decisions.md D-pix-qr).
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { MinorUnits } from "./common.ts"

export const PixQrKind = Schema.Literals(["static", "dynamic_instant"])
export type PixQrKind = typeof PixQrKind.Type
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
  /** The `transaction-uuid` of the call that made it: the receive page finds its new code by its command id. */
  request_id: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type PixQrCode = typeof PixQrCode.Type

export const PixQrCodesPage = Schema.Struct({
  page: Schema.Int, page_size: Schema.Int, page_total: Schema.Int, total: Schema.Int,
  data: Schema.Array(PixQrCode)
})

export const PixQrCreateBody = Schema.Struct({
  kind: PixQrKind,
  key: Schema.String,
  amount: Schema.optionalKey(MinorUnits),
  description: Schema.optionalKey(Schema.String),
  txid: Schema.optionalKey(Schema.String),
  /** Dynamic codes: seconds until the code expires (60 s to 30 days). */
  expires_in: Schema.optionalKey(Schema.Int)
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
  qr_code_id: Schema.NullOr(Schema.String)
})
export type PixQrDecoded = typeof PixQrDecoded.Type

export const pixQrLists = {
  pix_qr_codes: defineList({
    endpoint: "pixQrCodes", row: PixQrCode, scope: "wallet", id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at)
  })
}
