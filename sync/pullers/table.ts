/**
 * The keyset table puller (sync/SPEC.md P7–P9; issue 11 "one keyset puller parameterised by
 * table"): keyset pages (`sort=updated_at&order=asc&after=<updated_at>|<id>`, docs/decisions.md
 * D-sync-cursor) of up to 5,000 rows of one table's GET, each written as one chunk record of the
 * one chunk store (`statement_chunks`, keyed by the table's scope key) together with the cursor
 * that follows it (S3) — so the newest chunk is the checkpoint, and a kill at any point resumes
 * with no gap and no duplicate (P8). The next page is requested while the current one is written
 * (P9). A row whose status changes gets a newer updated_at on the server, so the next incremental
 * pull carries it again and it upserts by id (P5). The statement (pullers/statements.ts) and the
 * gateway transactions are two `TableSync` specs over this code.
 */
import { Effect, Schema } from "effect"
import { MalformedResponse } from "../../schema/errors.ts"
import type { ApiClient } from "../api/client.ts"
import type { UserDb } from "../store/db.ts"
import { runApi } from "./puller.ts"
import type { ProgressBoard } from "./progress.ts"

export const TABLE_PAGE_SIZE = 5000

/** How one table is synced: its keyset GET, its row check, its compact columns and its key in the chunk store. */
export interface TableSync<R> {
  /** The progress board's list name (`<name>:<wallet>`). */
  readonly name: string
  /** The contract path of the keyset GET (wallet-scoped). */
  readonly path: string
  /** A row as the GET sends it (the statement's fast guard; a Schema's `is` otherwise). */
  readonly isRow: (r: unknown) => boolean
  /** Compact row for the chunk store, and back. */
  readonly toCompact: (r: R) => unknown[]
  readonly fromCompact: (a: ReadonlyArray<unknown>) => R
  /** The chunk store's scope key of a wallet's copy (the statement: the wallet id itself). */
  readonly chunkKey: (walletId: string) => string
  readonly cursorAfter: (r: R) => string
}

/** Compact rows by a fixed column order (the table description's keys): an array per row, nulls kept. */
export const compactBy = <R>(columns: ReadonlyArray<string>) => ({
  toCompact: (r: R): unknown[] => columns.map((c) => (r as Record<string, unknown>)[c] ?? null),
  fromCompact: (a: ReadonlyArray<unknown>): R => {
    const o: Record<string, unknown> = {}
    for (let i = 0; i < columns.length; i++) o[columns[i] as string] = a[i] ?? null
    return o as R
  }
})
const decodeEnvelope = Schema.decodeUnknownExit(Schema.Struct({
  data: Schema.Struct({ page: Schema.Int, page_size: Schema.Int, page_total: Schema.Int, total: Schema.Int, data: Schema.Array(Schema.Unknown) })
}))
const seqId = (walletId: string, seq: number) => `${walletId}|${String(seq).padStart(10, "0")}`

export interface TablePullOptions<R> {
  readonly pageSize?: number
  /** Called with each page's rows after they are durably stored (the projection upserts them). */
  readonly onRows: (rows: ReadonlyArray<R>, seq: number) => void
  /** For tests: stop after this many pages, as if the worker were killed. */
  readonly stopAfterPages?: number
  readonly signal?: AbortSignal
}

/** The last chunk of a wallet: its cursor is where the next pull starts, `upto` the rows stored. */
export async function lastChunk(db: UserDb, walletId: string): Promise<{ seq: number; cursor: string; upto: number } | null> {
  const docs = await db.statement_chunks
    .find({ selector: { wallet_id: walletId }, sort: [{ wallet_id: "desc" }, { seq: "desc" }], limit: 1 })
    .exec()
  const d = docs[0]
  return d ? { seq: d.seq, cursor: d.cursor, upto: d.upto >= 0 ? d.upto : await localStatementCount(db, walletId) } : null
}

/** Rows stored for a wallet, by reading every chunk (only for chunks written before `upto`). */
export async function localStatementCount(db: UserDb, walletId: string): Promise<number> {
  const docs = await db.statement_chunks.find({ selector: { wallet_id: walletId } }).exec()
  return docs.reduce((n, d) => n + d.count, 0)
}

export async function pullTable<R>(api: ApiClient, db: UserDb, progress: ProgressBoard, spec: TableSync<R>, walletId: string, o: TablePullOptions<R>): Promise<number> {
  const pageSize = o.pageSize ?? TABLE_PAGE_SIZE
  const list = `${spec.name}:${walletId}`
  const key = spec.chunkKey(walletId)
  const start = await lastChunk(db, key)
  let seq = start ? start.seq + 1 : 0
  let cursor = start?.cursor ?? ""
  const already = start?.upto ?? 0
  let done = 0
  let pages = 0
  progress.set(list, { state: "pulling", done: already })

  // A4 on the hot path: the envelope by its Schema, each row by the equivalent fast guard (D-fast-guard)
  const fetchPage = (after: string) =>
    runApi(api.raw("GET", spec.path, {
      walletId,
      query: { sort: "updated_at", order: "asc", page: "1", page_size: String(pageSize), ...(after ? { after } : {}) }
    }).pipe(Effect.flatMap((json) => {
      const env = decodeEnvelope(json)
      if (env._tag !== "Success") return Effect.fail(new MalformedResponse({ path: spec.path, message: "paged envelope" }))
      const rows = env.value.data.data
      for (const r of rows) if (!spec.isRow(r)) return Effect.fail(new MalformedResponse({ path: spec.path, message: `${spec.name} row` }))
      return Effect.succeed({ data: { ...env.value.data, data: rows as ReadonlyArray<R> } })
    })))

  try {
    let next = fetchPage(cursor)
    let totalEstimate = -1
    for (;;) {
      const resp = await next
      const rows = resp.data.data
      if (totalEstimate < 0) totalEstimate = already + resp.data.total
      const last = rows[rows.length - 1]
      const more = rows.length === pageSize && last !== undefined
      const nextCursor = last ? spec.cursorAfter(last) : cursor
      // P9: ask for the next page before writing this one
      if (more && !(o.stopAfterPages !== undefined && pages + 1 >= o.stopAfterPages) && !o.signal?.aborted) next = fetchPage(nextCursor)
      if (rows.length) {
        await db.statement_chunks.insert({ id: seqId(key, seq), wallet_id: key, seq, cursor: nextCursor, count: rows.length, rows: rows.map(spec.toCompact), upto: already + done + rows.length })
        o.onRows(rows, seq)
        seq++
        cursor = nextCursor
        done += rows.length
      }
      pages++
      progress.set(list, { done: already + done, total: Math.max(totalEstimate, already + done) })
      if (!more || o.signal?.aborted) break
      if (o.stopAfterPages !== undefined && pages >= o.stopAfterPages) return done
    }
    progress.set(list, { state: "done", done: already + done, total: already + done })
    return done
  } catch (e) {
    progress.set(list, { state: "error" })
    throw e
  }
}

/**
 * Load the stored chunks of the given wallets, in order, into a consumer (the projection) —
 * for each wallet only the chunks after `after[wallet]` (S6: what the image already holds).
 * Read a few chunks at a time, so memory holds one batch of rows, not the whole statement.
 */
export async function loadTableChunks(
  db: UserDb, walletIds: ReadonlyArray<string>, after: Readonly<Record<string, number>>,
  onRows: (compact: ReadonlyArray<ReadonlyArray<unknown>>, walletId: string, seq: number) => void,
  chunkKey: (walletId: string) => string = (w) => w
): Promise<number> {
  let n = 0
  const batch = 20
  for (const walletId of walletIds) {
    let from = (after[walletId] ?? -1) + 1
    for (;;) {
      const docs = await db.statement_chunks.find({ selector: { wallet_id: chunkKey(walletId), seq: { $gte: from } }, sort: [{ wallet_id: "asc" }, { seq: "asc" }], limit: batch }).exec()
      for (const d of docs) { onRows(d.rows, walletId, d.seq); n += d.count; from = d.seq + 1 }
      if (docs.length < batch) break
    }
  }
  return n
}
