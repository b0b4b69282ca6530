/**
 * The Pix limits and favored-contacts contract (spec features §7 "Limits": GET /users/limits/users
 * (query limit_type_id), GET /users/limits/types (size 100), GET /users/limits/users/by-limit-type-tag/{tag};
 * "trusted contacts /users/pix/trusted-contacts (methods not shown)"). The change request (POST
 * /users/limits/users) and the contacts' methods are ours (docs/decisions.md "Pix limits and contacts").
 * Spread into `api` (schema/api.ts).
 */
import { Schema } from "effect"
import { Envelope, Ok } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { LimitTypesPage, PL, UserLimit, UserLimitChangeBody, UserLimitsPage } from "./pix-limits.ts"
import { PixContact, PixContactCreateBody, PixContactsPage } from "./pix-contacts.ts"

const optStr = Schema.optionalKey(Schema.String)
const PageQ = { page: optStr, page_size: optStr, sort: optStr, order: optStr }

export const pixLimitsApi = {
  limitTypes: def({
    method: "GET",
    path: "/users/limits/types",
    wallet: true,
    permission: PL.getLimits,
    query: Schema.Struct(PageQ),
    response: Envelope(LimitTypesPage)
  }),
  userLimits: def({
    method: "GET",
    path: "/users/limits/users",
    wallet: true,
    permission: PL.getLimits,
    query: Schema.Struct({ ...PageQ, limit_type_id: optStr }),
    response: Envelope(UserLimitsPage)
  }),
  userLimitByTag: def({
    method: "GET",
    path: "/users/limits/users/by-limit-type-tag/{tag}",
    wallet: true,
    permission: PL.getLimits,
    response: Envelope(UserLimit)
  }),
  userLimitChange: def({
    method: "POST",
    path: "/users/limits/users",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: PL.postLimits,
    body: Schema.Struct({ ...UserLimitChangeBody.fields, pin_token: Schema.String }),
    refusals: REFUSALS.userLimitChange,
    response: Envelope(UserLimit)
  }),
  pixContacts: def({
    method: "GET",
    path: "/users/pix/trusted-contacts",
    wallet: true,
    permission: PL.getContacts,
    query: Schema.Struct(PageQ),
    response: Envelope(PixContactsPage)
  }),
  pixContactCreate: def({
    method: "POST",
    path: "/users/pix/trusted-contacts",
    wallet: true,
    transaction: true,
    permission: PL.postContacts,
    body: PixContactCreateBody,
    refusals: REFUSALS.pixContactCreate,
    response: Envelope(PixContact)
  }),
  pixContactDelete: def({
    method: "DELETE",
    path: "/users/pix/trusted-contacts/{id}",
    wallet: true,
    transaction: true,
    permission: PL.deleteContacts,
    refusals: REFUSALS.pixContactDelete,
    response: Ok
  })
} as const satisfies Record<string, EndpointDef>
