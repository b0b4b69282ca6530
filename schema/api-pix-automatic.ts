/**
 * The Pix Automático contract (spec features §7 "automatic authorizations: list, get, approve, reject,
 * cancel, change max value, approve-by-qrcode under /users/pix/scheduled-payments; automatic payments:
 * list, get by pix payment, cancel"; §2 automatic-pix; §4; issue 13). Spread into the scheduling
 * contract (schema/api-pix-schedule.ts). Paths below that prefix, bodies and the action tags are ours
 * (docs/decisions.md "Pix Automático"). Approving and changing the maximum value move money later, so they
 * ask for the PIN; rejecting and cancelling only stop money leaving and do not (as D-pix-schedule).
 */
import { Schema } from "effect"
import { Envelope, Paged } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { PS } from "./pix-schedule.ts"
import { ApproveBody, ApproveByQrBody, AutomaticAuthorization, AutomaticFrequency, AutomaticPayment, MaxValueBody, PA } from "./pix-automatic.ts"

const optStr = Schema.optionalKey(Schema.String)
const Page = Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr, status: optStr })
const PIN = { pin_token: Schema.String }
const BASE = "/users/pix/scheduled-payments/automatic-authorizations"
const PAY = "/users/pix/scheduled-payments/automatic-payments"
/** features §2 automatic-pix: any of the scheduled payments, automatic authorization or automatic payments permissions. */
const READ = [PS.getPixPayments, PA.getAuthorizations, PA.getPayments] as const

export const pixAutomaticApi = {
  automaticAuthorizations: def({
    method: "GET",
    path: BASE,
    wallet: true,
    permission: READ,
    query: Page,
    response: Envelope(Paged(AutomaticAuthorization))
  }),
  /** The authorization a composite BR Code carries, before approving it (a one-off read). */
  automaticAuthorizationByQr: def({
    method: "GET",
    path: `${BASE}/by-qrcode`,
    wallet: true,
    permission: PA.manageAuthorizations,
    query: Schema.Struct({ qr_code: Schema.String }),
    refusals: REFUSALS.automaticAuthorizationByQr,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticAuthorization: def({
    method: "GET",
    path: `${BASE}/{id}`,
    wallet: true,
    permission: READ,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticAuthorizationApprove: def({
    method: "POST",
    path: `${BASE}/{id}/approve`,
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: PA.manageAuthorizations,
    body: Schema.Struct({ ...ApproveBody.fields, ...PIN }),
    refusals: REFUSALS.automaticAuthorizationApprove,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticAuthorizationApproveByQr: def({
    method: "POST",
    path: `${BASE}/approve-by-qrcode`,
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: PA.manageAuthorizations,
    body: Schema.Struct({ ...ApproveByQrBody.fields, ...PIN }),
    refusals: REFUSALS.automaticAuthorizationApproveByQr,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticAuthorizationReject: def({
    method: "POST",
    path: `${BASE}/{id}/reject`,
    wallet: true,
    transaction: true,
    permission: PA.manageAuthorizations,
    refusals: REFUSALS.automaticAuthorizationReject,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticAuthorizationCancel: def({
    method: "POST",
    path: `${BASE}/{id}/cancel`,
    wallet: true,
    transaction: true,
    permission: PA.cancelAuthorizations,
    refusals: REFUSALS.automaticAuthorizationCancel,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticAuthorizationMaxValue: def({
    method: "PATCH",
    path: `${BASE}/{id}/max-value`,
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: PA.manageAuthorizations,
    body: Schema.Struct({ ...MaxValueBody.fields, ...PIN }),
    refusals: REFUSALS.automaticAuthorizationMaxValue,
    response: Envelope(AutomaticAuthorization)
  }),
  automaticPayments: def({
    method: "GET",
    path: PAY,
    wallet: true,
    permission: READ,
    query: Page,
    response: Envelope(Paged(AutomaticPayment))
  }),
  /** features §4 "fetched by Pix payment": by the Pix's operation id or end-to-end id. */
  automaticPaymentByPix: def({
    method: "GET",
    path: `${PAY}/by-pix-payment/{id}`,
    wallet: true,
    permission: READ,
    response: Envelope(AutomaticPayment)
  }),
  automaticPaymentCancel: def({
    method: "DELETE",
    path: `${PAY}/{id}`,
    wallet: true,
    transaction: true,
    permission: PA.cancelPayments,
    refusals: REFUSALS.automaticPaymentCancel,
    response: Envelope(AutomaticPayment)
  })
} as const satisfies Record<string, EndpointDef>

/** The admin body: a merchant's request (no wallet: a journey-2 QR code only). */
export const AdminAutomaticRequest = Schema.Struct({
  wallet_id: Schema.optionalKey(Schema.String),
  merchant: Schema.optionalKey(Schema.Int),
  frequency: Schema.optionalKey(AutomaticFrequency),
  start_date: Schema.String,
  end_date: Schema.optionalKey(Schema.String),
  value: Schema.optionalKey(Schema.Int),
  floor_max_value: Schema.optionalKey(Schema.Int),
  /** What the merchant will charge each time (default: the fixed value). */
  charge_amount: Schema.optionalKey(Schema.Int),
  debtor_name: Schema.optionalKey(Schema.String),
  debtor_document: Schema.optionalKey(Schema.String),
  contract_description: Schema.optionalKey(Schema.String)
})

/** Admin (tests, demos): a merchant requests an authorization; the statement rows of an automatic payment (exactly-once proofs). */
export const pixAutomaticAdminApi = {
  pixAutomaticRequest: def({
    method: "POST",
    path: "/__admin/pix-automatic/requests",
    auth: false,
    body: AdminAutomaticRequest,
    response: Envelope(Schema.Struct({ authorization: AutomaticAuthorization, qr_code: Schema.String }))
  }),
  pixAutomaticStatementRows: def({
    method: "GET",
    path: "/__admin/pix-automatic/statement-rows",
    auth: false,
    query: Schema.Struct({ operation_id: Schema.String }),
    response: Envelope(Schema.Struct({ operation_id: Schema.String, statement_rows: Schema.Int, amount_total: Schema.Int }))
  })
} as const satisfies Record<string, EndpointDef>
