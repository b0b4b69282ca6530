/**
 * The boleto contract (spec features §7 "Boleto": /users/banking/billet-payments with decode,
 * scheduled and cancel sub-paths; /users/banking/billet-deposits with a pdf sub-path; methods not
 * shown: ours, docs/decisions.md D-billet-contract). Spread into `api` (schema/api.ts). Also the
 * sandbox's admin calls of the area: the directory of payable slips and a payment of an issued
 * boleto from outside (issue 14).
 */
import { Schema } from "effect"
import { Envelope, Paged } from "./common.ts"
import { StatementEntry, StorageFileUrl } from "./entities.ts"
import { P } from "./permissions.ts"
import {
  BILLET_DEPOSIT_MIN,
  BilletDeposit,
  BoletoLineString,
  BilletDepositBody,
  BilletPayBody,
  BilletPayment,
  DdaBillet,
  DecodedBillet,
  ScheduledBilletPayment
} from "./billet.ts"
import { DocumentString } from "./rules/documents.ts"
import { atLeast, CalendarDateString, withinRange } from "./rules/money-dates.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"

const optStr = Schema.optionalKey(Schema.String)
const Page = { page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr }

export const billetApi = {
  /** features §3 decoded boleto: `line` (47/48 digits) or a 44-digit barcode; `date` the day to charge for (default today). */
  billetDecode: def({
    method: "GET",
    path: "/users/banking/billet-payments/decode",
    wallet: true,
    permission: P.postBilletPayment,
    query: Schema.Struct({ line: BoletoLineString, date: Schema.optionalKey(CalendarDateString) }),
    refusals: REFUSALS.billetDecode,
    response: Envelope(DecodedBillet)
  }),
  billetPayments: def({
    method: "GET",
    path: "/users/banking/billet-payments",
    wallet: true,
    permission: P.getBilletPayments,
    query: Schema.Struct(Page),
    response: Envelope(Paged(BilletPayment))
  }),
  /** Pay now (debited at once) or schedule (`payment_date`, a business day ahead). */
  billetPay: def({
    method: "POST",
    path: "/users/banking/billet-payments",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postBilletPayment,
    body: BilletPayBody,
    refusals: REFUSALS.billetPay,
    response: Envelope(BilletPayment)
  }),
  billetScheduled: def({
    method: "GET",
    path: "/users/banking/billet-payments/scheduled",
    wallet: true,
    permission: P.getBilletScheduled,
    query: Schema.Struct(Page),
    response: Envelope(Paged(ScheduledBilletPayment))
  }),
  /** features §4 "scheduled boleto payments can be cancelled": pending → canceled. */
  billetScheduledCancel: def({
    method: "POST",
    path: "/users/banking/billet-payments/scheduled/{id}/cancel",
    wallet: true,
    transaction: true,
    permission: P.cancelBilletScheduled,
    refusals: REFUSALS.billetScheduledCancel,
    response: Envelope(ScheduledBilletPayment)
  }),
  billetDeposits: def({
    method: "GET",
    path: "/users/banking/billet-deposits",
    wallet: true,
    permission: P.getBilletDeposits,
    query: Schema.Struct(Page),
    response: Envelope(Paged(BilletDeposit))
  }),
  billetDepositCreate: def({
    method: "POST",
    path: "/users/banking/billet-deposits",
    wallet: true,
    transaction: true,
    permission: P.postBilletDeposit,
    body: BilletDepositBody,
    refusals: REFUSALS.billetDepositCreate,
    response: Envelope(BilletDeposit)
  }),
  billetDepositCancel: def({
    method: "POST",
    path: "/users/banking/billet-deposits/{id}/cancel",
    wallet: true,
    transaction: true,
    permission: P.postBilletDeposit,
    refusals: REFUSALS.billetDepositCancel,
    response: Envelope(BilletDeposit)
  }),
  /** The slip as a PDF with its ITF barcode: answered as a signed download link (like exports). */
  billetDepositPdf: def({
    method: "GET",
    path: "/users/banking/billet-deposits/{id}/pdf",
    wallet: true,
    permission: P.getBilletDeposits,
    response: Envelope(StorageFileUrl)
  }),
  /**
   * DDA (issue 32 item 2, D-dda): the boletos registered against the wallet holder's document (CPF or
   * CNPJ), shown in the holder's default wallet. Ours: the spec has no DDA call.
   */
  billetDda: def({
    method: "GET",
    path: "/users/banking/billet-payments/dda",
    wallet: true,
    permission: P.getBilletPayments,
    query: Schema.Struct(Page),
    response: Envelope(Paged(DdaBillet))
  }),
  /** Hides a DDA boleto from "To pay" (open → hidden; idempotent; a paid one stays paid). No PIN: no money moves. */
  billetDdaHide: def({
    method: "POST",
    path: "/users/banking/billet-payments/dda/{id}/hide",
    wallet: true,
    transaction: true,
    permission: P.postBilletPayment,
    refusals: REFUSALS.billetDdaHide,
    response: Envelope(DdaBillet)
  })
} as const satisfies Record<string, EndpointDef>

export const BilletDirectoryEntry = Schema.Struct({
  id: Schema.String,
  label: Schema.String,
  kind: Schema.Literals(["bank", "collection", "issued"]),
  typeable_line: Schema.String,
  barcode: Schema.String
})

export const billetAdminApi = {
  /** Payable slips for today's sandbox clock: synthetic bank and collection slips with every amount rule, and the issued ones. */
  billetDirectory: def({
    method: "GET",
    path: "/__admin/billets/directory",
    auth: false,
    response: Envelope(Schema.Array(BilletDirectoryEntry))
  }),
  /** An issued boleto paid by someone outside the sandbox (credits the issuer, live). */
  billetPayIssued: def({
    method: "POST",
    path: "/__admin/billets/pay",
    auth: false,
    body: Schema.Struct({ line: BoletoLineString, payer_name: Schema.optionalKey(Schema.String) }),
    response: Envelope(StatementEntry)
  }),
  /** DDA (issue 32 item 2): a boleto from an outside issuer registered against a document (defaults: an invented issuer, R$ 100–900, due in 5 days, 2 % + 0.033 %/day). */
  billetDdaRegister: def({
    method: "POST",
    path: "/__admin/billets/dda",
    auth: false,
    body: Schema.Struct({
      payer_document: DocumentString,
      issuer_name: Schema.optionalKey(Schema.String),
      issuer_document: Schema.optionalKey(Schema.String),
      description: Schema.optionalKey(Schema.String),
      amount: Schema.optionalKey(Schema.Int.check(atLeast(BILLET_DEPOSIT_MIN))),
      due_date: Schema.optionalKey(CalendarDateString),
      /** At most 2 % (200 basis points) and 0.33 %/day (330 per 100,000). */
      fine_bp: Schema.optionalKey(Schema.Int.check(withinRange(0, 200))),
      interest_per_day: Schema.optionalKey(Schema.Int.check(withinRange(0, 330)))
    }),
    response: Envelope(DdaBillet)
  }),
  /** Runs the scheduled payments due by the sandbox clock now (also runs on its own every few seconds). */
  billetRunSchedules: def({
    method: "POST",
    path: "/__admin/billets/run-schedules",
    auth: false,
    response: Envelope(Schema.Struct({ ran: Schema.Array(Schema.String) }))
  })
} as const satisfies Record<string, EndpointDef>
