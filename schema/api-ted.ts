/**
 * The TED contract (spec features §7 "TED and banks": /users/v2/banking/ted, /users/banking/ted-split,
 * /users/banking/ted/banks, /users/banking/banks, /users/banking/contacts, /users/users/banking/accounts
 * — methods and payloads not shown: ours, docs/decisions.md D-ted-contract). Spread into `api`
 * (schema/api.ts); the user's own account (/users/users/banking/accounts) is already `bankingAccount`
 * there. Also the sandbox's admin calls of the area: an incoming TED and running the scheduled ones.
 */
import { Schema } from "effect"
import { Envelope, Ok, Paged } from "./common.ts"
import { StatementEntry } from "./entities.ts"
import { P } from "./permissions.ts"
import { Bank } from "./banks.ts"
import { TedContact, TedDestinationBody, TedSendBody, TedTransfer, TedWindow } from "./ted.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"

const optStr = Schema.optionalKey(Schema.String)
const Page = { page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr }

export const tedApi = {
  /** The bank directory (features §3): every bank with code and ISPB; `search` by name or code. */
  banks: def({
    method: "GET",
    path: "/users/banking/banks",
    query: Schema.Struct({ search: optStr }),
    response: Envelope(Schema.Array(Bank))
  }),
  /** The banks a TED may go to (the directory and the sandbox's bank), searched by name or code. */
  tedBanks: def({
    method: "GET",
    path: "/users/banking/ted/banks",
    wallet: true,
    permission: P.postTed,
    query: Schema.Struct({ search: optStr }),
    response: Envelope(Schema.Array(Bank))
  }),
  /** The window now by the business clock (D-ted-window): open, or when it opens. */
  tedWindow: def({ method: "GET", path: "/users/v2/banking/ted/window", response: Envelope(TedWindow) }),
  /** The wallet's sent and scheduled TEDs. */
  tedTransfers: def({
    method: "GET",
    path: "/users/v2/banking/ted",
    wallet: true,
    permission: P.getTed,
    query: Schema.Struct(Page),
    response: Envelope(Paged(TedTransfer))
  }),
  /** Send now (in the window) or, when closed and asked, schedule for the next opening; else TED_OUTSIDE_HOURS. */
  tedSend: def({
    method: "POST",
    path: "/users/v2/banking/ted",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postTed,
    body: TedSendBody,
    refusals: REFUSALS.tedSend,
    response: Envelope(TedTransfer)
  }),
  tedContacts: def({
    method: "GET",
    path: "/users/banking/contacts",
    wallet: true,
    permission: P.getTed,
    query: Schema.Struct(Page),
    response: Envelope(Paged(TedContact))
  }),
  tedContactCreate: def({
    method: "POST",
    path: "/users/banking/contacts",
    wallet: true,
    transaction: true,
    permission: P.postTed,
    body: TedDestinationBody,
    refusals: REFUSALS.tedContactCreate,
    response: Envelope(TedContact)
  }),
  tedContactDelete: def({
    method: "DELETE",
    path: "/users/banking/contacts/{id}",
    wallet: true,
    transaction: true,
    permission: P.postTed,
    refusals: REFUSALS.tedContactDelete,
    response: Ok
  })
} as const satisfies Record<string, EndpointDef>

export const tedAdminApi = {
  /** A TED from another bank arrives to a wallet (TED_IN, live). */
  tedIncoming: def({
    method: "POST",
    path: "/__admin/ted/incoming",
    auth: false,
    body: Schema.Struct({
      wallet_id: Schema.String,
      amount: Schema.Int,
      payer_name: optStr,
      payer_document: optStr,
      bank_code: optStr
    }),
    response: Envelope(StatementEntry)
  }),
  /** Runs the scheduled TEDs whose time the sandbox clock has reached (also runs on its own). */
  tedRunSchedules: def({
    method: "POST",
    path: "/__admin/ted/run-schedules",
    auth: false,
    response: Envelope(Schema.Struct({ ran: Schema.Array(Schema.String) }))
  })
} as const satisfies Record<string, EndpointDef>
