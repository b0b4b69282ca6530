/**
 * The statement puller (sync/SPEC.md P7–P9): the keyset table puller (table.ts) over the
 * statement's GET, its fast row guard (D-fast-guard) and compact rows (store/statement-rows.ts);
 * the statement's chunks are keyed by the wallet id itself. It asks compact pages (D-compact-pages,
 * issue 33 item 1) in the chunk store's column order, so the text that came is the chunk kept and the
 * projection takes the arrays: no row object is made, parsed, converted or cloned into IndexedDB.
 */
import type { Schema } from "effect"
import { StatementEntry } from "../../schema/entities.ts"
import { api as contract } from "../../schema/api.ts"
import { isStatementEntry } from "../../schema/fast-guards.ts"
import { rowGuard } from "../../schema/row-guard.ts"
import type { ApiClient } from "../api/client.ts"
import type { UserDb } from "../store/db.ts"
import { COLUMNS, cursorAfter, fromCompact, toCompact } from "../store/statement-rows.ts"
import type { ProgressBoard } from "./progress.ts"
import { loadTableChunks, pullTable, TABLE_PAGE_SIZE, type TablePullOptions, type TableSync } from "./table.ts"

export { lastChunk, localStatementCount } from "./table.ts"
export const STATEMENT_PAGE_SIZE = TABLE_PAGE_SIZE
export type StatementPullOptions = TablePullOptions<StatementEntry>
/** The transaction_uuid's position in a compact statement row (OP3). */
export const TRANSACTION_UUID_AT = COLUMNS.indexOf("transaction_uuid")
export { COLUMNS as STATEMENT_CHUNK_COLUMNS }

const fields = StatementEntry.fields as unknown as Record<string, Schema.Top>
const UPDATED_AT = COLUMNS.indexOf("updated_at")
const ID = COLUMNS.indexOf("id")

export const statementSync: TableSync<StatementEntry> = {
  name: "statements",
  path: contract.statement.path,
  isRow: isStatementEntry,
  toCompact,
  fromCompact,
  chunkKey: (walletId) => walletId,
  cursorAfter,
  compact: {
    columns: COLUMNS,
    // each cell by its field's Schema compiled to plain checks (D-row-guard): the row Schema, cell by cell
    isCell: COLUMNS.map((c) => rowGuard(fields[c] as Schema.Top)),
    cursorAfter: (a) => `${String(a[UPDATED_AT])}|${String(a[ID])}`
  }
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
