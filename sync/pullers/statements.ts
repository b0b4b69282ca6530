/**
 * The statement puller (sync/SPEC.md P7–P9): the keyset table puller (table.ts) over the
 * statement's GET, its fast row guard (D-fast-guard) and compact rows (store/statement-rows.ts);
 * the statement's chunks are keyed by the wallet id itself.
 */
import type { StatementEntry } from "../../schema/entities.ts"
import { api as contract } from "../../schema/api.ts"
import { isStatementEntry } from "../../schema/fast-guards.ts"
import type { ApiClient } from "../api/client.ts"
import type { UserDb } from "../store/db.ts"
import { cursorAfter, fromCompact, toCompact } from "../store/statement-rows.ts"
import type { ProgressBoard } from "./progress.ts"
import { loadTableChunks, pullTable, TABLE_PAGE_SIZE, type TablePullOptions, type TableSync } from "./table.ts"

export { lastChunk, localStatementCount } from "./table.ts"
export const STATEMENT_PAGE_SIZE = TABLE_PAGE_SIZE
export type StatementPullOptions = TablePullOptions<StatementEntry>

export const statementSync: TableSync<StatementEntry> = {
  name: "statements",
  path: contract.statement.path,
  isRow: isStatementEntry,
  toCompact,
  fromCompact,
  chunkKey: (walletId) => walletId,
  cursorAfter
}

export const pullStatements = (api: ApiClient, db: UserDb, progress: ProgressBoard, walletId: string, o: StatementPullOptions): Promise<number> =>
  pullTable(api, db, progress, statementSync, walletId, o)

/** The stored statement chunks of the given wallets after `after[wallet]`, in order (S6). */
export const loadStatementChunks = (
  db: UserDb,
  walletIds: ReadonlyArray<string>,
  after: Readonly<Record<string, number>>,
  onRows: (compact: ReadonlyArray<ReadonlyArray<unknown>>, walletId: string, seq: number) => void
): Promise<number> => loadTableChunks(db, walletIds, after, onRows)
