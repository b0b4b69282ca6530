/**
 * The MED contract (issue 32 item 1; BCB Mecanismo Especial de Devolução self-service; docs/decisions.md
 * D-pix-med). The spec does not show these calls: the paths, bodies and tags are ours. Listing reads the
 * wallet's contests as payer and as receiver (whoever reads the Pix statement); opening one is a
 * transaction with the PIN — it blocks a third party's money and starts a devolution, so it is bound to
 * its command like a payment (schema/pin-binding.ts) — held by whoever may send a Pix; the receiver's
 * defence is a transaction without PIN (no money moves), held by whoever may return a received Pix.
 */
import { Schema } from "effect"
import { Envelope, Paged } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { P } from "./permissions.ts"
import { PixMedContest, PixMedDefenceBody, PixMedOpenBody } from "./pix-med.ts"

const optStr = Schema.optionalKey(Schema.String)
const Page = Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr, status: optStr })
const BASE = "/users/v2/pix/med/contests"

export const pixMedApi = {
  pixMedContests: def({
    method: "GET",
    path: BASE,
    wallet: true,
    permission: P.getPixStatement,
    query: Page,
    response: Envelope(Paged(PixMedContest))
  }),
  /** The payer opens a contest of a Pix this wallet sent (PIN). */
  pixMedContestOpen: def({
    method: "POST",
    path: BASE,
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixByKey,
    body: PixMedOpenBody,
    refusals: REFUSALS.pixMedContestOpen,
    response: Envelope(PixMedContest)
  }),
  /** The receiver answers before the analysis ends. */
  pixMedDefence: def({
    method: "POST",
    path: `${BASE}/{id}/defence`,
    wallet: true,
    transaction: true,
    permission: P.postPixDevolutions,
    body: PixMedDefenceBody,
    refusals: REFUSALS.pixMedDefence,
    response: Envelope(PixMedContest)
  })
} as const satisfies Record<string, EndpointDef>
