/**
 * What a synced list's description holds (sync/SPEC.md P1) and `defineList`, apart from the registry
 * (schema/lists.ts) so that an area's file can describe its lists and the registry can import them.
 */
import type { Schema } from "effect"

/** How a list's pages read: the paged envelope of core §3 (default), notifications' own, or one record. */
export type PageShape = "paged" | "notifications" | "single"

export interface ListDef<Row, E extends string = string> {
  /** The contract call (schema/api.ts) that pages the list: a GET (schema/lists.ts checks the name). */
  readonly endpoint: E
  /** Rows are decoded with it where they arrive untyped (a stream hint's inline rows). */
  readonly row: Schema.Codec<Row, unknown>
  /** "wallet": one copy per wallet, pulled with its `wallet-uuid`; "user": one copy for the user. */
  readonly scope: "user" | "wallet"
  readonly id: (row: Row) => string
  /** The order a view gets the rows in (default: as stored). */
  readonly order?: (a: Row, b: Row) => number
  /** Rows a view gets (default: all): e.g. the approval queue shows only started requests. */
  readonly where?: (row: Row) => boolean
  readonly pageSize?: number
  readonly query?: Readonly<Record<string, string>>
  readonly page?: PageShape
  /**
   * The stream hint that names this list when it is not the list's own key (received and sent
   * invitations share "invitations").
   */
  readonly hint?: string
  /** What the list holds when its pull fails (core §8: the pending balance is then 0). */
  readonly fallback?: () => Row
  /**
   * The permission that reads every row, where the endpoint answers other readers only their own rows (the approval
   * queue: a requester without get-all-assisted-payments reads the requests they made; D-approval-quorum). The
   * stream's wallet-wide hints of the list go only to holders of it (schema/lists.ts `listPermission`); the sandbox
   * addresses a narrower reader's rows to that reader.
   */
  readonly everyRow?: ReadonlyArray<string>
  /** Pulled for the current wallet only (default), or for every wallet the user has. */
  readonly wallets?: "current" | "all"
}

export const defineList = <Row, const E extends string>(def: ListDef<Row, E>): ListDef<Row, E> => def
