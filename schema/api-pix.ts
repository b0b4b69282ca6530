/**
 * The Pix keys contract (spec features §7 "Pix keys and claims": GET/POST /users/v3/pix/keys — the
 * list read from data.data —, DELETE /users/v4/pix/keys/{id}). Spread into `api` (schema/api.ts).
 * QR codes to receive (`/users/pix/deposits/qr-codes`, methods not shown: GET lists, POST creates), decode
 * by QR code (v2) and the by-qr-code static and dynamic instant-billing payments (features §7).
 * Pay by account: decode (`POST /users/pix/payments/decode/by-account`) and pay (v2 by-account instant-billing).
 * The bodies and answers the spec does not show are ours (docs/decisions.md D-pix-keys, D-pix-qr, D-pix-by-account).
 */
import { Schema } from "effect"
import { Envelope, Ok } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { P } from "./permissions.ts"
import { REFUSALS } from "./refusals.ts"
import { PixKey, PixKeyCreateBody, PixKeysPage } from "./pix.ts"
import { PixQrCode, PixQrCodesPage, PixQrCreateBody, PixQrDecoded } from "./pix-qr.ts"
import { PixPaymentResult } from "./entities.ts"
import { PixDescription } from "./rules/text.ts"
import { PositiveAmount } from "./rules/money-dates.ts"
import { keyOfItsType } from "./rules/pix-keys.ts"
import { PixDevolution, PixDevolutionBody, PixDevolutionInfo } from "./pix-devolution.ts"
import { PixAccountDecodeBody, PixAccountDecoded, PixPayByAccountBody } from "./pix-account.ts"

const optStr = Schema.optionalKey(Schema.String)

/** Paying a copy-and-paste code: the code as decoded, the amount (the code's own when it carries one). */
const PixPayByQrBody = Schema.Struct({ code: Schema.String, amount: PositiveAmount, description: PixDescription, pin_token: Schema.String })

export const pixApi = {
  pixKeys: def({
    method: "GET",
    path: "/users/v3/pix/keys",
    wallet: true,
    permission: P.getPixKeys,
    query: Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr }),
    response: Envelope(PixKeysPage)
  }),
  pixKeyCreate: def({
    method: "POST",
    path: "/users/v3/pix/keys",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixKeys,
    body: Schema.Struct({ ...PixKeyCreateBody.fields, pin_token: Schema.String }).check(keyOfItsType),
    refusals: REFUSALS.pixKeyCreate,
    response: Envelope(PixKey)
  }),
  pixKeyDelete: def({
    method: "DELETE",
    path: "/users/v4/pix/keys/{id}",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.deletePixKeys,
    body: Schema.Struct({ pin_token: Schema.String }),
    refusals: REFUSALS.pixKeyDelete,
    response: Ok
  }),
  pixQrCodes: def({
    method: "GET",
    path: "/users/pix/deposits/qr-codes",
    wallet: true,
    permission: P.getPixQrCodes,
    query: Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr }),
    response: Envelope(PixQrCodesPage)
  }),
  pixQrCodeCreate: def({
    method: "POST",
    path: "/users/pix/deposits/qr-codes",
    wallet: true,
    transaction: true,
    permission: P.postPixQrCodes,
    body: PixQrCreateBody,
    refusals: REFUSALS.pixQrCodeCreate,
    response: Envelope(PixQrCode)
  }),
  pixDecodeByQrCode: def({
    method: "GET",
    path: "/users/v2/pix/payments/decode/by-qr-code",
    wallet: true,
    query: Schema.Struct({ code: Schema.String }),
    refusals: REFUSALS.pixDecodeByQrCode,
    response: Envelope(PixQrDecoded)
  }),
  pixPayByQrStatic: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-qr-code/static/instant-billing",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixQrStatic,
    body: PixPayByQrBody,
    refusals: REFUSALS.pixPayByQrStatic,
    response: Envelope(PixPaymentResult)
  }),
  pixPayByQrDynamic: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-qr-code/dynamic/instant-billing",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixQrDynamic,
    body: PixPayByQrBody,
    refusals: REFUSALS.pixPayByQrDynamic,
    response: Envelope(PixPaymentResult)
  }),
  // features §7 the other by-qr-code variants: static withdrawal, dynamic due-date billing, withdrawal and change (D-pix-qr-variants)
  pixPayByQrStaticWithdrawal: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-qr-code/static/withdrawal",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixQrStaticWithdrawal,
    body: PixPayByQrBody,
    refusals: REFUSALS.pixPayByQrStaticWithdrawal,
    response: Envelope(PixPaymentResult)
  }),
  pixPayByQrDynamicDue: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-qr-code/dynamic/due-date-billing",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixQrDynamicDue,
    body: PixPayByQrBody,
    refusals: REFUSALS.pixPayByQrDynamicDue,
    response: Envelope(PixPaymentResult)
  }),
  pixPayByQrDynamicWithdrawal: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-qr-code/dynamic/withdrawal",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixQrDynamicWithdrawal,
    body: PixPayByQrBody,
    refusals: REFUSALS.pixPayByQrDynamicWithdrawal,
    response: Envelope(PixPaymentResult)
  }),
  pixPayByQrDynamicChange: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-qr-code/dynamic/change",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixQrDynamicChange,
    body: PixPayByQrBody,
    refusals: REFUSALS.pixPayByQrDynamicChange,
    response: Envelope(PixPaymentResult)
  }),
  // features §2 pay by account, §7 decode/by-account and by-account/instant-billing (the v2 path, as by key; D-pix-by-account)
  pixDecodeByAccount: def({
    method: "POST",
    path: "/users/pix/payments/decode/by-account",
    wallet: true,
    body: PixAccountDecodeBody,
    refusals: REFUSALS.pixDecodeByAccount,
    response: Envelope(PixAccountDecoded)
  }),
  pixPayByAccount: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-account/instant-billing",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixByAccount,
    body: PixPayByAccountBody,
    refusals: REFUSALS.pixPayByAccount,
    response: Envelope(PixPaymentResult)
  }),
  // features §2 pay/{id}/devolution (get-pix-deposits), §7 /users/v2/pix/devolutions: GET the payment's
  // devolution summary, POST a devolution (ours: D-pix-devolution)
  pixDevolutionInfo: def({
    method: "GET",
    path: "/users/v2/pix/devolutions",
    wallet: true,
    permission: P.getPixDeposits,
    query: Schema.Struct({ payment_id: Schema.String }),
    response: Envelope(PixDevolutionInfo)
  }),
  pixDevolutionCreate: def({
    method: "POST",
    path: "/users/v2/pix/devolutions",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixDevolutions,
    body: PixDevolutionBody,
    refusals: REFUSALS.pixDevolutionCreate,
    response: Envelope(PixDevolution)
  })
} as const satisfies Record<string, EndpointDef>
