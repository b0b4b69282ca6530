/**
 * Commands of Pix Automático (spec features §2 automatic-pix, §4 "approve, reject, cancel, change maximum
 * value, approve by QR code; automatic payments cancelled"; issue 13). Every endpoint is idempotent by its
 * `transaction-uuid` (the command id): a lost answer is sent again under the same key (reconcileBySameKey).
 * Approving (by id or QR code) and changing the maximum value ask for the PIN; rejecting and cancelling are
 * protective and do not (docs/decisions.md "Pix Automático"). While pending, the row shows its new status.
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"

export const AutomaticApprovePayload = Schema.Struct({ id: Schema.String, payment_max_value: Schema.optionalKey(Schema.Int) })
export const AutomaticApproveByQrPayload = Schema.Struct({
  qr_code: Schema.String,
  /** The authorization the code was read to (shown while pending). */
  id: Schema.String,
  payment_max_value: Schema.optionalKey(Schema.Int)
})
export const AutomaticIdPayload = Schema.Struct({ id: Schema.String })
export const AutomaticMaxPayload = Schema.Struct({ id: Schema.String, payment_max_value: Schema.NullOr(Schema.Int) })

const LISTS = ["pix_automatic_authorizations", "pix_automatic_payments"] as const

export const pixAutomaticCommands = [
  defineCommand({
    name: "v1.pixAutomatic.approve",
    endpoint: "automaticAuthorizationApprove",
    payload: AutomaticApprovePayload,
    request: (p) => ({ params: { id: p.id }, body: p.payment_max_value !== undefined ? { payment_max_value: p.payment_max_value } : {} }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_automatic_authorizations", id: p.id, patch: { status: "ACTIVE", payment_max_value: p.payment_max_value ?? null } }],
    refresh: LISTS
  }),
  defineCommand({
    name: "v1.pixAutomatic.approveByQr",
    // the body's code and maximum, and the authorization it was read to (shown while pending)
    endpoint: "automaticAuthorizationApproveByQr",
    payload: AutomaticApproveByQrPayload,
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_automatic_authorizations", id: p.id, patch: { status: "ACTIVE", payment_max_value: p.payment_max_value ?? null } }],
    refresh: LISTS
  }),
  defineCommand({
    name: "v1.pixAutomatic.reject",
    endpoint: "automaticAuthorizationReject",
    payload: AutomaticIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_automatic_authorizations", id: p.id, patch: { status: "REFUSED" } }],
    refresh: LISTS
  }),
  defineCommand({
    name: "v1.pixAutomatic.cancel",
    endpoint: "automaticAuthorizationCancel",
    payload: AutomaticIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_automatic_authorizations", id: p.id, patch: { status: "CANCELLED" } }],
    refresh: LISTS
  }),
  defineCommand({
    name: "v1.pixAutomatic.changeMax",
    endpoint: "automaticAuthorizationMaxValue",
    payload: AutomaticMaxPayload,
    request: (p) => ({ params: { id: p.id }, body: { payment_max_value: p.payment_max_value } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_automatic_authorizations", id: p.id, patch: { payment_max_value: p.payment_max_value } }],
    refresh: ["pix_automatic_authorizations"]
  }),
  defineCommand({
    name: "v1.pixAutomatic.cancelPayment",
    endpoint: "automaticPaymentCancel",
    payload: AutomaticIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_automatic_payments", id: p.id, patch: { status: "CANCELLED" } }],
    refresh: ["pix_automatic_payments"]
  })
] as const
