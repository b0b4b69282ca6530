/**
 * The sports-betting contract (spec features §7 "Sports betting": /users/endr/ggr-setting,
 * /users/endr/ggr-apportionments, /users/endr/ggr-payments — methods and payloads not shown; §6 the
 * endr permission group: settings list, create, delete, by id, patch; apportionment list by date;
 * payment). Daily reports have no path in the spec: /users/endr/reports is ours. Every call needs
 * the endr permission (core §2.2). Decisions: docs/decisions.md D-betting-contract.
 */
import { Schema } from "effect"
import { Envelope, Ok, Paged } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { P } from "./permissions.ts"
import { Apportionment, BettingReport, GgrCreateBody, GgrPatchBody, GgrPayBody, GgrPayment, GgrSubmission, ReportCreateBody } from "./betting.ts"

const optStr = Schema.optionalKey(Schema.String)
const PageQ = Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, date: optStr })

export const bettingApi = {
  endrReports: def({
    method: "GET",
    path: "/users/endr/reports",
    wallet: true,
    permission: P.endr,
    query: PageQ,
    refusals: REFUSALS.endrReports,
    response: Envelope(Paged(BettingReport))
  }),
  /** A daily report from an uploaded file (a second one for the date is its one change, features §5). */
  endrReportCreate: def({
    method: "POST",
    path: "/users/endr/reports",
    wallet: true,
    transaction: true,
    permission: P.endr,
    body: ReportCreateBody,
    refusals: REFUSALS.endrReportCreate,
    response: Envelope(BettingReport)
  }),
  endrReportCancel: def({
    method: "POST",
    path: "/users/endr/reports/{id}/cancel",
    wallet: true,
    transaction: true,
    permission: P.endr,
    refusals: REFUSALS.endrReportCancel,
    response: Envelope(BettingReport)
  }),
  endrGgrList: def({
    method: "GET",
    path: "/users/endr/ggr-setting",
    wallet: true,
    permission: P.endr,
    query: PageQ,
    refusals: REFUSALS.endrGgrList,
    response: Envelope(Paged(GgrSubmission))
  }),
  endrGgrCreate: def({
    method: "POST",
    path: "/users/endr/ggr-setting",
    wallet: true,
    transaction: true,
    permission: P.endr,
    body: GgrCreateBody,
    refusals: REFUSALS.endrGgrCreate,
    response: Envelope(GgrSubmission)
  }),
  endrGgrById: def({
    method: "GET",
    path: "/users/endr/ggr-setting/{id}",
    wallet: true,
    permission: P.endr,
    refusals: REFUSALS.endrGgrById,
    response: Envelope(GgrSubmission)
  }),
  endrGgrPatch: def({
    method: "PATCH",
    path: "/users/endr/ggr-setting/{id}",
    wallet: true,
    transaction: true,
    permission: P.endr,
    body: GgrPatchBody,
    refusals: REFUSALS.endrGgrPatch,
    response: Envelope(GgrSubmission)
  }),
  endrGgrDelete: def({
    method: "DELETE",
    path: "/users/endr/ggr-setting/{id}",
    wallet: true,
    transaction: true,
    permission: P.endr,
    refusals: REFUSALS.endrGgrDelete,
    response: Ok
  }),
  /** Apportionments, optionally of one calculation date (`date`, features §6 "apportionment list by date"). */
  endrApportionments: def({
    method: "GET",
    path: "/users/endr/ggr-apportionments",
    wallet: true,
    permission: P.endr,
    query: PageQ,
    refusals: REFUSALS.endrApportionments,
    response: Envelope(Paged(Apportionment))
  }),
  endrPayments: def({
    method: "GET",
    path: "/users/endr/ggr-payments",
    wallet: true,
    permission: P.endr,
    query: PageQ,
    refusals: REFUSALS.endrPayments,
    response: Envelope(Paged(GgrPayment))
  }),
  /** Pays an apportionment (its BR Code's amount) from the wallet: PIN (features §2 sensitive). */
  endrPay: def({
    method: "POST",
    path: "/users/endr/ggr-payments",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.endr,
    body: GgrPayBody,
    refusals: REFUSALS.endrPay,
    response: Envelope(GgrPayment)
  })
} as const satisfies Record<string, EndpointDef>
