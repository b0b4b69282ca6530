/**
 * The Pix scheduling contract (spec features §7 "Pix payments and QR codes": GET
 * /users/pix/scheduled-payments (sort created_at desc, size 20), POST and GET
 * /users/pix/scheduled-payments/recurrence, DELETE .../recurrence/{id}/deactivate, DELETE
 * /users/v2/pix/payments/by-operation/{id}; issue 13). Spread into `api` (schema/api.ts). Creating a
 * scheduled payment by key (POST /users/pix/scheduled-payments) and the bodies are ours
 * (docs/decisions.md D-pix-schedule).
 */
import { Schema } from "effect"
import { Envelope, Paged } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { P } from "./permissions.ts"
import { PixRecurrence, PS, RecurrenceCreateBody, ScheduledPix, ScheduledPixCreateBody } from "./pix-schedule.ts"
import { pixAutomaticApi } from "./api-pix-automatic.ts"
import { pixWithdrawApi } from "./api-pix-withdraw.ts"

const optStr = Schema.optionalKey(Schema.String)
const Page = Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr, status: optStr })

export const pixScheduleApi = {
  scheduledPixList: def({
    method: "GET",
    path: "/users/pix/scheduled-payments",
    wallet: true,
    permission: PS.getPixPayments,
    query: Page,
    response: Envelope(Paged(ScheduledPix))
  }),
  /** A Pix by key scheduled for a date from tomorrow up to 60 days ahead (features §5, §9). */
  scheduledPixCreate: def({
    method: "POST",
    path: "/users/pix/scheduled-payments",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixByKey,
    body: Schema.Struct({ ...ScheduledPixCreateBody.fields, pin_token: Schema.String }),
    refusals: REFUSALS.scheduledPixCreate,
    response: Envelope(ScheduledPix)
  }),
  /** features §4: a scheduled payment is cancelled by its operation id (protective: no PIN, D-pix-schedule). */
  pixPaymentCancelByOperation: def({
    method: "DELETE",
    path: "/users/v2/pix/payments/by-operation/{id}",
    wallet: true,
    transaction: true,
    permission: PS.deletePixPayments,
    refusals: REFUSALS.pixPaymentCancelByOperation,
    response: Envelope(ScheduledPix)
  }),
  pixRecurrences: def({
    method: "GET",
    path: "/users/pix/scheduled-payments/recurrence",
    wallet: true,
    permission: PS.getRecurrences,
    query: Page,
    response: Envelope(Paged(PixRecurrence))
  }),
  pixRecurrenceCreate: def({
    method: "POST",
    path: "/users/pix/scheduled-payments/recurrence",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: PS.postRecurrence,
    body: Schema.Struct({ ...RecurrenceCreateBody.fields, pin_token: Schema.String }),
    refusals: REFUSALS.pixRecurrenceCreate,
    response: Envelope(PixRecurrence)
  }),
  pixRecurrenceDeactivate: def({
    method: "DELETE",
    path: "/users/pix/scheduled-payments/recurrence/{id}/deactivate",
    wallet: true,
    transaction: true,
    permission: PS.deactivateRecurrence,
    refusals: REFUSALS.pixRecurrenceDeactivate,
    response: Envelope(PixRecurrence)
  }),
  // Pix Automático (features §7 automatic authorizations and payments): schema/api-pix-automatic.ts
  ...pixAutomaticApi,
  // automatic withdrawals (features §2 automatic-withdraw): schema/api-pix-withdraw.ts
  ...pixWithdrawApi
} as const satisfies Record<string, EndpointDef>
