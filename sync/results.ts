/**
 * The value each live query answers with (schema/live.ts LiveQuery): the types of the Schemas of
 * schema/live-results.ts, where each shape is written once. Shared by the engine (which builds them) and
 * the views (which read them).
 */
import type { ApprovalRequest, Notification, PendingBalance, Wallet, WalletInvitation } from "../schema/entities.ts"
import type { CommandBody } from "./commands/registry.ts"
import type * as S from "../schema/live-results.ts"
export type UploadView = typeof S.UploadView.Type
export type UploadProgress = typeof S.UploadProgress.Type
import type { SessionInfo, LiveQuery } from "../schema/live.ts"
import type { PivotResultView, SavedView } from "../schema/analysis.ts"

export interface Pending<T> {
  readonly value: T
  readonly pending: boolean
  readonly commandId?: string
}

export type StatementRowView = typeof S.StatementRowView.Type
export type GroupTotals = typeof S.GroupTotals.Type
/** Per currency, when the matches mix currencies (the top-level sums then add different units). */
export type CurrencyTotals = typeof S.CurrencyTotals.Type
export type StatementsResult = typeof S.StatementsResult.Type
/** A table's answer (one live-query message per table): rows as the table's row shape, totals, groups; `intSums` when asked. */
export type TableResult = typeof S.TableResult.Type
export type SeriesPointView = typeof S.SeriesPointView.Type
export type CodeSeriesView = typeof S.CodeSeriesView.Type
export type StatementSeriesView = typeof S.StatementSeriesView.Type
export type SyncProgress = typeof S.SyncProgress.Type
/** A background task of the engine that failed (sync/SPEC.md EN1): where, the catalogue key or error tag, when. */
export type EngineProblem = typeof S.EngineProblem.Type

/** The catalogue key of a failure (an ApiError's `key`), else its `_tag`, else its name. */
export const problemKeyOf = (e: unknown): string => {
  if (e !== null && typeof e === "object") {
    const o = e as { key?: unknown; _tag?: unknown; name?: unknown; cause?: unknown }
    // a puller's error carries the API's tagged error as its cause (sync/pullers/puller.ts PullError)
    if (o.cause !== null && typeof o.cause === "object" && ("key" in o.cause || "_tag" in o.cause)) return problemKeyOf(o.cause)
    if (typeof o.key === "string") return o.key
    if (typeof o._tag === "string") return o._tag
    if (typeof o.name === "string") return o.name
  }
  return "UNKNOWN_ERROR"
}
/** A command as the views see it, its body typed by the command registry (sync/commands/registry.ts). */
export type CommandView = Omit<typeof S.CommandView.Type, "body"> & { readonly body: CommandBody }
export type ConnectionView = typeof S.ConnectionView.Type
export type WalletAccountView = typeof S.WalletAccountView.Type
export type ApprovalRequestView = typeof S.ApprovalRequestView.Type
/** PN5: a PIN prompt the outbox waits on. */
export type PinAskView = typeof S.PinAskView.Type

export interface LiveResults {
  session: SessionInfo | null
  wallets: ReadonlyArray<Wallet>
  list: ReadonlyArray<unknown>
  walletAccounts: ReadonlyArray<WalletAccountView>
  pendingBalance: PendingBalance | null
  permissionActions: ReadonlyArray<string>
  notifications: ReadonlyArray<Notification>
  unreadCount: number
  invitations: ReadonlyArray<WalletInvitation>
  statements: StatementsResult
  statementSeries: StatementSeriesView
  table: TableResult
  pivot: PivotResultView
  savedViews: ReadonlyArray<SavedView>
  approvalRequests: ReadonlyArray<ApprovalRequestView>
  approvalHistory: ReadonlyArray<ApprovalRequest>
  syncProgress: SyncProgress
  commands: ReadonlyArray<CommandView>
  pinAsks: ReadonlyArray<PinAskView>
  connection: ConnectionView
  uploads: ReadonlyArray<UploadView>
}
export type ResultOf<Q extends LiveQuery> = LiveResults[Q["kind"]]
