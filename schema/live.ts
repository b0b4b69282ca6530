/**
 * The live queries a view may watch and the session it hands the engine (sync/SPEC.md Q3, W1–W3):
 * shapes shared by the engine (sync/) and the worker boundary (workers/protocol.ts), so the engine
 * needs nothing of workers/. Each answers with a snapshot now and on every change.
 */
import { TABLE_NAMES } from "./tables/registry.ts"
import { PivotSpecMsg } from "./analysis.ts"
import { Schema } from "effect"

/** Statement filters handed to the worker's projection (sync/projections). */
export const StatementQueryMsg = Schema.Struct({
  walletIds: Schema.optionalKey(Schema.Array(Schema.String)),
  text: Schema.optionalKey(Schema.String),
  from: Schema.optionalKey(Schema.Number),
  to: Schema.optionalKey(Schema.Number),
  types: Schema.optionalKey(Schema.Array(Schema.String)),
  statuses: Schema.optionalKey(Schema.Array(Schema.String)),
  direction: Schema.optionalKey(Schema.Literals(["in", "out"])),
  currency: Schema.optionalKey(Schema.String),
  minAmount: Schema.optionalKey(Schema.Number),
  maxAmount: Schema.optionalKey(Schema.Number),
  sort: Schema.optionalKey(Schema.Struct({ by: Schema.Literals(["created_at", "amount"]), dir: Schema.Literals(["asc", "desc"]) })),
  offset: Schema.optionalKey(Schema.Number),
  limit: Schema.optionalKey(Schema.Number),
  groupBy: Schema.optionalKey(Schema.Literals(["day", "type", "wallet", "counterparty", "none"]))
})
export type StatementQueryMsg = typeof StatementQueryMsg.Type

/**
 * The big synced tables a view may query (schema/tables/*: one live-query message per table, its
 * query the table projection's TableQuery; issue 11/16). `sums`: also the extra ints' totals over
 * the matches (gateway: fee, seller_share).
 */
export { TABLE_NAMES } from "./tables/registry.ts"
export const TableQueryMsg = Schema.Struct({
  walletIds: Schema.optionalKey(Schema.Array(Schema.String)),
  text: Schema.optionalKey(Schema.String),
  from: Schema.optionalKey(Schema.Number),
  to: Schema.optionalKey(Schema.Number),
  types: Schema.optionalKey(Schema.Array(Schema.String)),
  statuses: Schema.optionalKey(Schema.Array(Schema.String)),
  direction: Schema.optionalKey(Schema.String),
  currency: Schema.optionalKey(Schema.String),
  minAmount: Schema.optionalKey(Schema.Number),
  maxAmount: Schema.optionalKey(Schema.Number),
  sort: Schema.optionalKey(Schema.Struct({ by: Schema.Literals(["created_at", "amount"]), dir: Schema.Literals(["asc", "desc"]) })),
  offset: Schema.optionalKey(Schema.Number),
  limit: Schema.optionalKey(Schema.Number),
  groupBy: Schema.optionalKey(Schema.Literals(["day", "type", "wallet", "counterparty", "code", "none"]))
})
export type TableQueryMsg = typeof TableQueryMsg.Type

/** What a view may watch. Each answers with a snapshot now and on every change. */
export const LiveQuery = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("session") }),
  Schema.Struct({ kind: Schema.Literal("wallets") }),
  // any synced list of the registry (schema/lists.ts), with the pending commands' overlays (C7);
  // `walletId` for wallet lists (default: the current wallet)
  Schema.Struct({ kind: Schema.Literal("list"), list: Schema.String, walletId: Schema.optionalKey(Schema.String) }),
  Schema.Struct({ kind: Schema.Literal("walletAccounts"), walletId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("pendingBalance"), walletId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("permissionActions"), walletId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("notifications"), limit: Schema.Number }),
  Schema.Struct({ kind: Schema.Literal("unreadCount") }),
  Schema.Struct({ kind: Schema.Literal("invitations"), direction: Schema.Literals(["received", "sent"]) }),
  // early: the first answer of this query may come in two snapshots, the window's rows first
  // (`partial`, totals a lower bound) and then the full answer (sync/SPEC.md Q5)
  Schema.Struct({ kind: Schema.Literal("statements"), query: StatementQueryMsg, early: Schema.optionalKey(Schema.Boolean) }),
  Schema.Struct({ kind: Schema.Literal("statementSeries"), query: StatementQueryMsg, unit: Schema.Literals(["day", "month", "auto"]) }),
  Schema.Struct({
    kind: Schema.Literal("table"),
    table: Schema.Literals(TABLE_NAMES),
    query: TableQueryMsg,
    sums: Schema.optionalKey(Schema.Boolean),
    early: Schema.optionalKey(Schema.Boolean),
    // also the per day × code series of the matches (`daySeries`: count, amount, extra ints; issue 31 item 4 charts)
    daySeries: Schema.optionalKey(Schema.Boolean)
  }),
  // issue 32 item 4 (sync/SPEC.md Q11): a filter of the statement ("statement") or a table, pivoted rows × columns
  Schema.Struct({
    kind: Schema.Literal("pivot"),
    source: Schema.Literals(["statement", ...TABLE_NAMES]),
    query: TableQueryMsg,
    pivot: PivotSpecMsg
  }),
  // issue 32 item 4 (Q12): this user's saved analysis views, kept in the local store
  Schema.Struct({ kind: Schema.Literal("savedViews") }),
  Schema.Struct({ kind: Schema.Literal("approvalRequests"), walletId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("approvalHistory"), walletId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("syncProgress") }),
  Schema.Struct({ kind: Schema.Literal("commands") }),
  // PN5: the PIN prompts open now (every tab shows them; one that connects late still gets them)
  Schema.Struct({ kind: Schema.Literal("pinAsks") }),
  Schema.Struct({ kind: Schema.Literal("connection") }),
  // upload commands with their progress and pause switch (DESIGN "Uploads are commands too")
  Schema.Struct({ kind: Schema.Literal("uploads") })
])
export type LiveQuery = typeof LiveQuery.Type

export const SessionInfo = Schema.Struct({
  userId: Schema.String,
  accessToken: Schema.String,
  refreshToken: Schema.String,
  expiresAt: Schema.Number
})
export type SessionInfo = typeof SessionInfo.Type
