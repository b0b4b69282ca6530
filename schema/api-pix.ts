/**
 * The Pix keys contract (spec features §7 "Pix keys and claims": GET/POST /users/v3/pix/keys — the
 * list read from data.data —, DELETE /users/v4/pix/keys/{id}). Spread into `api` (schema/api.ts).
 * The bodies and answers the spec does not show are ours (docs/decisions.md D-pix-keys).
 */
import { Schema } from "effect"
import { Envelope, Ok } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { P } from "./permissions.ts"
import { PixKey, PixKeyCreateBody, PixKeysPage } from "./pix.ts"

const optStr = Schema.optionalKey(Schema.String)

export const pixApi = {
  pixKeys: def({
    method: "GET", path: "/users/v3/pix/keys", wallet: true, permission: P.getPixKeys,
    query: Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr }),
    response: Envelope(PixKeysPage)
  }),
  pixKeyCreate: def({
    method: "POST", path: "/users/v3/pix/keys", wallet: true, transaction: true, sensitive: true, permission: P.postPixKeys,
    body: Schema.Struct({ ...PixKeyCreateBody.fields, pin_token: Schema.String }), response: Envelope(PixKey)
  }),
  pixKeyDelete: def({
    method: "DELETE", path: "/users/v4/pix/keys/{id}", wallet: true, transaction: true, sensitive: true, permission: P.deletePixKeys,
    body: Schema.Struct({ pin_token: Schema.String }), response: Ok
  })
} as const satisfies Record<string, EndpointDef>
