/**
 * The Pix key code, claims and portability contract (spec features §7 "Pix keys and claims": GET, POST,
 * DELETE /users/pix/keys/{id}/code — get (sent again), confirm, cancel —; claims start and cancel,
 * portabilities start, approve, reject, cancel: "paths not shown", ours, one `claims` resource with a
 * `kind`, docs/decisions.md D-pix-claim-paths). Claim actions are key actions: they need the wallet's
 * post-pix-keys permission; the list reads get-pix-keys. Spread into `api` (schema/api.ts).
 */
import { Schema } from "effect"
import { Envelope, Ok } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { P } from "./permissions.ts"
import { PixKey } from "./pix.ts"
import { ClaimKind, KeyCodeString, PixClaim, PixClaimsPage } from "./pix-claims.ts"
import { SentPixKey } from "./rules/pix-keys.ts"

const optStr = Schema.optionalKey(Schema.String)

export const pixClaimsApi = {
  /** Sends a new code for a not-confirmed key (the spec's "get code"); the attempts left are kept. */
  pixKeyCodeResend: def({
    method: "GET",
    path: "/users/pix/keys/{id}/code",
    wallet: true,
    permission: P.postPixKeys,
    refusals: REFUSALS.pixKeyCodeResend,
    response: Envelope(PixKey)
  }),
  pixKeyCodeConfirm: def({
    method: "POST",
    path: "/users/pix/keys/{id}/code",
    wallet: true,
    transaction: true,
    permission: P.postPixKeys,
    body: Schema.Struct({ code: KeyCodeString }),
    refusals: REFUSALS.pixKeyCodeConfirm,
    response: Envelope(PixKey)
  }),
  /** Drops a not-confirmed key request. */
  pixKeyCodeCancel: def({
    method: "DELETE",
    path: "/users/pix/keys/{id}/code",
    wallet: true,
    transaction: true,
    permission: P.postPixKeys,
    refusals: REFUSALS.pixKeyCodeCancel,
    response: Ok
  }),
  pixClaims: def({
    method: "GET",
    path: "/users/pix/claims",
    wallet: true,
    permission: P.getPixKeys,
    query: Schema.Struct({ page: optStr, page_size: optStr }),
    response: Envelope(PixClaimsPage)
  }),
  pixClaimStart: def({
    method: "POST",
    path: "/users/pix/claims/start",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixKeys,
    body: Schema.Struct({ key: SentPixKey, kind: ClaimKind, pin_token: Schema.String }),
    refusals: REFUSALS.pixClaimStart,
    response: Envelope(PixClaim)
  }),
  pixClaimCancel: def({
    method: "DELETE",
    path: "/users/pix/claims/{id}/cancel",
    wallet: true,
    transaction: true,
    permission: P.postPixKeys,
    refusals: REFUSALS.pixClaimCancel,
    response: Envelope(PixClaim)
  }),
  pixClaimApprove: def({
    method: "POST",
    path: "/users/pix/claims/{id}/approve",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixKeys,
    body: Schema.Struct({ pin_token: Schema.String }),
    refusals: REFUSALS.pixClaimApprove,
    response: Envelope(PixClaim)
  }),
  pixClaimReject: def({
    method: "POST",
    path: "/users/pix/claims/{id}/reject",
    wallet: true,
    transaction: true,
    permission: P.postPixKeys,
    refusals: REFUSALS.pixClaimReject,
    response: Envelope(PixClaim)
  })
} as const satisfies Record<string, EndpointDef>
