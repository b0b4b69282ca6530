/**
 * The value each live query answers with (schema/live.ts LiveQuery). Shared by the engine
 * (which builds them) and the views (which read them).
 */
import type { ApprovalRequest, Notification, PendingBalance, Wallet, WalletAccount, WalletInvitation } from "../schema/entities.ts"
import type { CommandState } from "../schema/commands.ts"
import type { CommandBody } from "./commands/registry.ts"
import type { UploadView } from "./uploads/board.ts"
export type { UploadView, UploadProgress } from "./uploads/board.ts"
import type { SessionInfo, LiveQuery } from "../schema/live.ts"

export interface Pending<T> { readonly value: T; readonly pending: boolean; readonly commandId?: string }

export interface StatementRowView {
  readonly id: string; readonly wallet_id: string; readonly operation_id: string
  readonly created_at: string; readonly updated_at: string
  readonly type: string; readonly direction: "in" | "out"; readonly status: string; readonly currency_symbol: string
  readonly amount: number; readonly balance_after: number
  readonly description: string; readonly counterparty_name: string; readonly counterparty_document: string
  readonly end_to_end_id: string | null; readonly transaction_uuid: string | null
  /** A row that exists only as a pending command's optimistic effect. */
  readonly pending?: boolean
}
export interface GroupTotals {
  readonly key: string; readonly count: number; readonly sumIn: number; readonly sumOut: number
  /** Counterparty groups: the name, where the key is the document. */
  readonly label?: string
}
/** Per currency, when the matches mix currencies (the top-level sums then add different units). */
export interface CurrencyTotals { readonly currency: string; readonly count: number; readonly sumIn: number; readonly sumOut: number }
export interface StatementsResult {
  readonly total: number; readonly sumIn: number; readonly sumOut: number; readonly net: number
  readonly rows: ReadonlyArray<StatementRowView>
  readonly groups?: ReadonlyArray<GroupTotals>
  readonly perWallet?: ReadonlyArray<GroupTotals>
  readonly perCurrency?: ReadonlyArray<CurrencyTotals>
  readonly tookMs: number
  readonly loadedRows: number
  /** An early answer (Q5): the rows are final, total and sums only a lower bound; the full answer follows. */
  readonly partial?: true
}
/** A table's answer (one live-query message per table): rows as the table's row shape, totals, groups; `intSums` when asked. */
export interface TableResult {
  readonly total: number; readonly sumIn: number; readonly sumOut: number; readonly net: number
  readonly rows: ReadonlyArray<Readonly<Record<string, unknown>>>
  readonly groups?: ReadonlyArray<GroupTotals>
  readonly perWallet?: ReadonlyArray<GroupTotals>
  readonly intSums?: Readonly<Record<string, number>>
  readonly tookMs: number
  readonly loadedRows: number
}
/** The chart's series (features §2 statements: balance and in/out per day, following the filter). */
export interface SeriesPointView {
  readonly key: string; readonly from: number; readonly sumIn: number; readonly sumOut: number; readonly net: number
  /** Closing balance of the selected wallets in the series currency; null before any is known. */
  readonly balance: number | null
}
export interface StatementSeriesView { readonly unit: "day" | "month"; readonly currency: string; readonly points: ReadonlyArray<SeriesPointView>; readonly tookMs: number }
export interface SyncProgress {
  /** When a pull of the user's data last completed (ISO), kept across reloads. */
  readonly syncedAt?: string
  readonly lists: Readonly<Record<string, { readonly done: number; readonly total: number; readonly state: "idle" | "pulling" | "done" | "error" }>>
  /** How the statement projection was loaded at open (S6): rows from the image and from chunks, ms per step. */
  readonly image?: { readonly rows: number; readonly at: string }
  readonly open?: { readonly imageRows: number; readonly chunkRows: number; readonly readImageMs: number; readonly chunksMs: number; readonly optimizeMs: number }
  /** EN1: the last background failures, newest first (at most 10). */
  readonly problems?: ReadonlyArray<EngineProblem>
}
/** A background task of the engine that failed (sync/SPEC.md EN1): where, the catalogue key or error tag, when. */
export interface EngineProblem { readonly where: string; readonly key: string; readonly at: string }

/** The catalogue key of a failure (an ApiError's `key`), else its `_tag`, else its name. */
export const problemKeyOf = (e: unknown): string => {
  if (e !== null && typeof e === "object") {
    const o = e as { key?: unknown; _tag?: unknown; name?: unknown }
    if (typeof o.key === "string") return o.key
    if (typeof o._tag === "string") return o._tag
    if (typeof o.name === "string") return o.name
  }
  return "UNKNOWN_ERROR"
}
export interface CommandView {
  readonly id: string; readonly wallet_id: string; readonly body: CommandBody
  readonly state: CommandState; readonly error_key?: string; readonly created_at: string
  /** The statement rows it will make, shown as pending while it is open (its definition's `pendingRows`, C7). */
  readonly pendingRows?: ReadonlyArray<StatementRowView>
  /** A send started (it may have landed): no longer cancellable (sync/SPEC.md CN1). */
  readonly sent?: true
  /** Confirmed, but the server did something else than its effect (its definition's `outcome`; features §6). */
  readonly outcome?: "awaiting_approval"
}
export interface ConnectionView { readonly online: boolean; readonly stream: "connecting" | "open" | "down" }
export interface WalletAccountView extends WalletAccount { readonly pendingDelta: number }
export interface ApprovalRequestView extends ApprovalRequest { readonly pendingDecision?: "approve" | "reject" }

/**
 * PN5: a PIN prompt the outbox waits on (`lastErrorKey`: the previous attempt's refusal, PN2); `seq` tells
 * one ask of a command from the next (a wrong PIN asks again under the same command id).
 */
export interface PinAskView { readonly seq: number; readonly commandId: string; readonly name: string; readonly lastErrorKey?: string }

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
  approvalRequests: ReadonlyArray<ApprovalRequestView>
  approvalHistory: ReadonlyArray<ApprovalRequest>
  syncProgress: SyncProgress
  commands: ReadonlyArray<CommandView>
  pinAsks: ReadonlyArray<PinAskView>
  connection: ConnectionView
  uploads: ReadonlyArray<UploadView>
}
export type ResultOf<Q extends LiveQuery> = LiveResults[Q["kind"]]
