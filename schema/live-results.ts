/**
 * What each live query answers with (schema/live.ts LiveQuery; sync/SPEC.md Q1–Q7; issue 11 "query and result
 * Schemas derived from the descriptions"): one Schema per kind, so the answer's shape exists once. The engine
 * builds these values (sync/services/live-queries.ts; their types in sync/results.ts are these Schemas'), the
 * worker sends them, and the view's half of the boundary (workers/client.ts) checks each snapshot against the
 * Schema of the query it subscribed to before a view sees it. A big table's answer is derived from its
 * description's row Schema (`tableResult`), and a synced list's from its registry entry's.
 */
import { Schema } from "effect"
import { LedgerState } from "./ledger.ts"
import { PivotResultView, SavedView } from "./analysis.ts"
import { CommandState } from "./commands.ts"
import { AnyCommandBody } from "./commands.ts"
import { ApprovalRequest, Notification, PendingBalance, Wallet, WalletAccount, WalletInvitation } from "./entities.ts"
import { SessionInfo, type LiveQuery } from "./live.ts"
import { listDef } from "./lists.ts"
import { TABLE_NAMES, tableEntry, type TableName } from "./tables/registry.ts"

/** A statement row as the statement table shows it (a stored row, or a pending command's, C7). */
export const StatementRowView = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  operation_id: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String,
  type: Schema.String,
  direction: Schema.Literals(["in", "out"]),
  status: Schema.String,
  currency_symbol: Schema.String,
  amount: Schema.Number,
  balance_after: Schema.Number,
  description: Schema.String,
  counterparty_name: Schema.String,
  counterparty_document: Schema.String,
  end_to_end_id: Schema.NullOr(Schema.String),
  transaction_uuid: Schema.NullOr(Schema.String),
  /** A row that exists only as a pending command's optimistic effect. */
  pending: Schema.optionalKey(Schema.Boolean)
})

export const GroupTotals = Schema.Struct({
  key: Schema.String,
  count: Schema.Number,
  sumIn: Schema.Number,
  sumOut: Schema.Number,
  /** Counterparty groups: the name, where the key is the document. */
  label: Schema.optionalKey(Schema.String)
})
/** Per currency, when the matches mix currencies (the top-level sums then add different units). */
export const CurrencyTotals = Schema.Struct({ currency: Schema.String, count: Schema.Number, sumIn: Schema.Number, sumOut: Schema.Number })

/** The fields every filtered answer has (statement and tables): counts and sums over the matches, groups, timing. */
const answerFields = {
  total: Schema.Number,
  sumIn: Schema.Number,
  sumOut: Schema.Number,
  net: Schema.Number,
  groups: Schema.optionalKey(Schema.Array(GroupTotals)),
  perWallet: Schema.optionalKey(Schema.Array(GroupTotals)),
  tookMs: Schema.Number,
  loadedRows: Schema.Number,
  /**
   * The characters a filter text must start with (folded) for one of the table's searched identifiers to start with it
   * (sync/SPEC.md Q5b): a text reaching MIN_ID_QUERY that starts with none of them is still a narrowing on the page.
   */
  idLeads: Schema.optionalKey(Schema.String),
  /**
   * The characters that follow the filter's text wherever a row's searched text holds it (sync/SPEC.md Q5b), when the
   * engine says so: a text one character longer whose character is not among them matches no text.
   */
  followers: Schema.optionalKey(Schema.String)
}

export const StatementsResult = Schema.Struct({
  ...answerFields,
  rows: Schema.Array(StatementRowView),
  perCurrency: Schema.optionalKey(Schema.Array(CurrencyTotals)),
  /** An early answer (Q5): the rows are final, total and sums only a lower bound; the full answer follows. */
  partial: Schema.optionalKey(Schema.Literal(true)),
  /** An early answer holding every row of its filter (made on the page, Q5b): its total is the count. */
  complete: Schema.optionalKey(Schema.Literal(true))
})

/** Per day × code of a table's matches, every status (sync/projections table-series.ts codeSeries; issue 31 item 4 charts). */
export const CodeSeriesView = Schema.Struct({
  days: Schema.Array(Schema.String),
  keys: Schema.Array(Schema.String),
  /** cell = day × keys.length + key */
  count: Schema.Array(Schema.Number),
  amount: Schema.Array(Schema.Number),
  ints: Schema.Record(Schema.String, Schema.Array(Schema.Number)),
  tookMs: Schema.Number
})

/** A table's answer, its rows of the table's row Schema (schema/tables/registry.ts); `intSums` and `daySeries` when asked. */
export const tableResult = <R extends Schema.Top>(row: R) =>
  Schema.Struct({
    ...answerFields,
    rows: Schema.Array(row),
    intSums: Schema.optionalKey(Schema.Record(Schema.String, Schema.Number)),
    daySeries: Schema.optionalKey(CodeSeriesView),
    /** An early answer (Q5), as the statement's: the rows are final, the counts and sums follow in the full answer. */
    partial: Schema.optionalKey(Schema.Literal(true)),
    /** An early answer holding every row of its filter (made on the page, Q5b): its total is the count. */
    complete: Schema.optionalKey(Schema.Literal(true))
  })
/** Any table's answer, rows as plain records (what the engine builds before the table is known). */
export const TableResult = tableResult(Schema.Record(Schema.String, Schema.Unknown))
const tableResults = new Map<TableName, Schema.Top>(TABLE_NAMES.map((n) => [n, tableResult(tableEntry(n).row as unknown as Schema.Top)] as const))

/** The chart's series (features §2 statements: balance and in/out per day, following the filter). */
export const SeriesPointView = Schema.Struct({
  key: Schema.String,
  from: Schema.Number,
  sumIn: Schema.Number,
  sumOut: Schema.Number,
  net: Schema.Number,
  /** Closing balance of the selected wallets in the series currency; null before any is known. */
  balance: Schema.NullOr(Schema.Number)
})
export const StatementSeriesView = Schema.Struct({
  unit: Schema.Literals(["day", "month"]),
  currency: Schema.String,
  points: Schema.Array(SeriesPointView),
  tookMs: Schema.Number
})

/** A background task of the engine that failed (sync/SPEC.md EN1): where, the catalogue key or error tag, when. */
export const EngineProblem = Schema.Struct({ where: Schema.String, key: Schema.String, at: Schema.String })
export const SyncProgress = Schema.Struct({
  /** When a pull of the user's data last completed (ISO), kept across reloads. */
  syncedAt: Schema.optionalKey(Schema.String),
  lists: Schema.Record(
    Schema.String,
    Schema.Struct({ done: Schema.Number, total: Schema.Number, state: Schema.Literals(["idle", "pulling", "done", "error"]) })
  ),
  /** How the statement projection was loaded at open (S6): rows from the image and from chunks, ms per step. */
  image: Schema.optionalKey(
    Schema.Struct({
      rows: Schema.Number,
      at: Schema.String,
      /** issue 33 item 2: each big table's last image written (rows, when). */
      tables: Schema.optionalKey(Schema.Record(Schema.String, Schema.Struct({ rows: Schema.Number, at: Schema.String })))
    })
  ),
  open: Schema.optionalKey(
    Schema.Struct({
      imageRows: Schema.Number,
      chunkRows: Schema.Number,
      readImageMs: Schema.Number,
      chunksMs: Schema.Number,
      optimizeMs: Schema.Number,
      tablesMs: Schema.optionalKey(Schema.Record(Schema.String, Schema.Number)),
      tablesImageRows: Schema.optionalKey(Schema.Record(Schema.String, Schema.Number))
    })
  ),
  /** EN1: the last background failures, newest first (at most 10). */
  problems: Schema.optionalKey(Schema.Array(EngineProblem)),
  /** issue 30 item 8: per wallet, its statement's last check against the server's ledger. */
  ledger: Schema.optionalKey(Schema.Record(Schema.String, LedgerState))
})

export const CommandView = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  body: AnyCommandBody,
  state: CommandState,
  error_key: Schema.optionalKey(Schema.String),
  created_at: Schema.String,
  /** The statement rows it will make, shown as pending while it is open (its definition's `pendingRows`, C7). */
  pendingRows: Schema.optionalKey(Schema.Array(StatementRowView)),
  /** A send started (it may have landed): no longer cancellable (sync/SPEC.md CN1). */
  sent: Schema.optionalKey(Schema.Literal(true)),
  /** Confirmed, but the server did something else than its effect (its definition's `outcome`; features §6). */
  outcome: Schema.optionalKey(Schema.Literal("awaiting_approval"))
})

export const ConnectionView = Schema.Struct({ online: Schema.Boolean, stream: Schema.Literals(["connecting", "open", "down"]) })
export const WalletAccountView = Schema.Struct({ ...WalletAccount.fields, pendingDelta: Schema.Number })
export const ApprovalRequestView = Schema.Struct({ ...ApprovalRequest.fields, pendingDecision: Schema.optionalKey(Schema.Literals(["approve", "reject"])) })
/**
 * PN5: a PIN prompt the outbox waits on (`lastErrorKey`: the previous attempt's refusal, PN2); `seq` tells
 * one ask of a command from the next (a wrong PIN asks again under the same command id).
 */
export const PinAskView = Schema.Struct({ seq: Schema.Number, commandId: Schema.String, name: Schema.String, lastErrorKey: Schema.optionalKey(Schema.String) })
export const UploadProgress = Schema.Struct({
  phase: Schema.Literals(["starting", "sending", "completing", "done"]),
  sentBytes: Schema.Number,
  totalBytes: Schema.Number,
  /** Parts found already on the server when this run began (a resume). */
  resumedParts: Schema.Number,
  partsSentThisRun: Schema.Number
})
export const UploadView = Schema.Struct({
  commandId: Schema.String,
  name: Schema.String,
  fileName: Schema.String,
  state: CommandState,
  error_key: Schema.optionalKey(Schema.String),
  paused: Schema.Boolean,
  progress: Schema.NullOr(UploadProgress),
  created_at: Schema.String,
  meta: Schema.Unknown
})

/** Per kind, the Schema of its answer (the `list` and `table` kinds: see `resultSchemaOf`, which knows which list or table). */
export const LiveResult = {
  session: Schema.NullOr(SessionInfo),
  wallets: Schema.Array(Wallet),
  list: Schema.Array(Schema.Unknown),
  walletAccounts: Schema.Array(WalletAccountView),
  pendingBalance: Schema.NullOr(PendingBalance),
  permissionActions: Schema.Array(Schema.String),
  notifications: Schema.Array(Notification),
  unreadCount: Schema.Number,
  invitations: Schema.Array(WalletInvitation),
  statements: StatementsResult,
  statementSeries: StatementSeriesView,
  table: TableResult,
  pivot: PivotResultView,
  savedViews: Schema.Array(SavedView),
  approvalRequests: Schema.Array(ApprovalRequestView),
  approvalHistory: Schema.Array(ApprovalRequest),
  syncProgress: SyncProgress,
  commands: Schema.Array(CommandView),
  pinAsks: Schema.Array(PinAskView),
  connection: ConnectionView,
  uploads: Schema.Array(UploadView)
} as const satisfies { readonly [K in LiveQuery["kind"]]: Schema.Top }

const listResults = new Map<string, Schema.Top>()
/** The Schema of one query's answer: a list's rows of its registry row Schema, a table's of its description's. */
export const resultSchemaOf = (q: LiveQuery): Schema.Top => {
  if (q.kind === "table") return tableResults.get(q.table) ?? TableResult
  if (q.kind === "list") {
    let s = listResults.get(q.list)
    if (!s) {
      const def = listDef(q.list)
      s = def ? Schema.Array(def.row as Schema.Top) : LiveResult.list
      listResults.set(q.list, s)
    }
    return s
  }
  return LiveResult[q.kind]
}
