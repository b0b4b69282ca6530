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
import { Schema } from "effect"
import { MalformedResponse } from "../../schema/errors.ts"
import { CompactPageHead } from "../../schema/common.ts"
import type { ApiClient } from "../api/client.ts"
import type { UserDb } from "../store/db.ts"
import { PullError, runApi } from "./puller.ts"
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
  /**
   * The compact wire format (D-compact-pages), when the table can take it: the columns of a
   * compact row (the order `toCompact` writes), a check per cell, and the cursor after a compact
   * row. The pull then asks `format=compact`, keeps each page's rows as the text that came and
   * hands the projection arrays, never objects; a server that answers objects is still read.
   */
  readonly compact?: {
    readonly columns: ReadonlyArray<string>
    readonly isCell: ReadonlyArray<(u: unknown) => boolean>
    readonly cursorAfter: (row: ReadonlyArray<unknown>) => string
  }
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
const pageNumbers = { page: Schema.Int, page_size: Schema.Int, page_total: Schema.Int, total: Schema.Int }
const decodeEnvelope = Schema.decodeUnknownExit(Schema.Struct({ data: Schema.Struct({ ...pageNumbers, data: Schema.Array(Schema.Unknown) }) }))
/** A compact page's head: the page numbers and the column names (its rows follow, last). */
const decodeCompactHead = Schema.decodeUnknownExit(CompactPageHead)
const ROWS_KEY = ',"rows":'

/**
 * The cursor after a compact page's last row, read from the page's text alone (its rows are last: `…,[…]]}}`), or null
 * when it cannot be read so. Not a check: the parsed page's own cursor is the one that counts (P9's early ask).
 */
export function lastRowCursor<R>(text: string, spec: TableSync<R>): string | null {
  const c = spec.compact
  if (!c || !text.endsWith("]]}}")) return null
  const end = text.length - 3
  const at = text.lastIndexOf("],[", end - 1)
  if (at < 0) return null
  try {
    const row: unknown = JSON.parse(text.slice(at + 2, end))
    return Array.isArray(row) && row.length === c.columns.length ? c.cursorAfter(row) : null
  } catch {
    return null
  }
}

/** One page as the pull reads it: compact arrays (with the text they came as, when it can be kept) or row objects. */
type PageRows<R> =
  | { readonly compact: true; readonly total: number; readonly rows: ReadonlyArray<ReadonlyArray<unknown>>; readonly text: string | null }
  | { readonly compact: false; readonly total: number; readonly rows: ReadonlyArray<R> }

/**
 * Reads a page's text (D-compact-pages). A compact page is `{"data":{page numbers,"columns":[…],"rows":[…]}}`
 * with `rows` last: its head is parsed alone and its rows text is parsed as is, so the very text
 * that was checked is what the chunk keeps. Columns in another order are put in ours (the text is
 * then not kept); a missing column, a row of another length or a cell that fails its check is a
 * MalformedResponse. Anything else is read as the contract's envelope of row objects.
 */
export function readPage<R>(text: string, spec: TableSync<R>, path: string): PageRows<R> | MalformedResponse {
  const bad = (message: string) => new MalformedResponse({ path, message })
  const c = spec.compact
  const at = c ? text.indexOf(ROWS_KEY) : -1
  if (c && at > 0 && text.endsWith("}}")) {
    let head: ReturnType<typeof decodeCompactHead> | null = null
    try {
      head = decodeCompactHead(JSON.parse(text.slice(0, at) + "}}"))
    } catch {
      head = null
    }
    if (head?._tag === "Success") {
      const rowsText = text.slice(at + ROWS_KEY.length, text.length - 2)
      let parsed: unknown
      try {
        parsed = JSON.parse(rowsText)
      } catch {
        return bad(`${spec.name} rows: not JSON`)
      }
      if (!Array.isArray(parsed)) return bad(`${spec.name} rows: not a list`)
      const theirs = head.value.data.columns
      let rows = parsed as ReadonlyArray<ReadonlyArray<unknown>>
      let keep: string | null = rowsText
      const same = theirs.length === c.columns.length && c.columns.every((col, i) => theirs[i] === col)
      if (!same) {
        const from = c.columns.map((col) => theirs.indexOf(col))
        if (from.some((i) => i < 0)) return bad(`${spec.name} columns: ${c.columns.filter((_, i) => (from[i] as number) < 0).join(", ")} missing`)
        const width = theirs.length
        const out: unknown[][] = []
        for (const r of rows) {
          if (!Array.isArray(r) || r.length !== width) return bad(`${spec.name} row`)
          out.push(from.map((i) => r[i]))
        }
        rows = out
        keep = null
      }
      const n = c.columns.length
      const checks = c.isCell
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k]
        if (!Array.isArray(r) || r.length !== n) return bad(`${spec.name} row`)
        for (let i = 0; i < n; i++) if (!(checks[i] as (u: unknown) => boolean)(r[i])) return bad(`${spec.name} row: ${c.columns[i] as string}`)
      }
      return { compact: true, total: head.value.data.total, rows, text: keep }
    }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return bad("not JSON")
  }
  const env = decodeEnvelope(json)
  if (env._tag !== "Success") return bad("paged envelope")
  const rows = env.value.data.data
  // A4 on the hot path: each row by the equivalent fast guard (D-fast-guard)
  for (const r of rows) if (!spec.isRow(r)) return bad(`${spec.name} row`)
  return { compact: false, total: env.value.data.total, rows: rows as ReadonlyArray<R> }
}
const seqId = (walletId: string, seq: number) => `${walletId}|${String(seq).padStart(10, "0")}`

export interface TablePullOptions<R> {
  readonly pageSize?: number
  /** Called with each page's rows while their chunk is written (P12; the projection upserts them). */
  readonly onRows: (rows: ReadonlyArray<R>, seq: number) => void
  /** Told once, at the first page, how many rows the pull will bring (the server's total): the projection makes room for them at once. */
  readonly onTotal?: (rows: number) => void
  /** A compact page's rows, in `spec.compact.columns` order (without it, onRows gets them as objects). */
  readonly onCompactRows?: (rows: ReadonlyArray<ReadonlyArray<unknown>>, seq: number) => void
  /** For tests: stop after this many pages, as if the worker were killed. */
  readonly stopAfterPages?: number
  readonly signal?: AbortSignal
}

/**
 * The stored chunk of a wallet with the largest `seq`, read by its place rather than by a descending sort: RxDB's Dexie
 * storage walks an index only upwards, so `sort: desc, limit: 1` read every chunk of the wallet, rows and all, to keep
 * the last one (0.46 s of the worker for the 200 chunks of a 1M-row statement, at every pull's start and every ledger
 * check: `npx tsx` probe of the account sync, 5 calls 1.85 s). n chunks with distinct seqs have a largest seq of at
 * least n − 1, so the chunks from seq n − 1 up, in ascending order, end with it: one chunk when the seqs run 0…n−1.
 */
export async function lastChunkDoc(db: UserDb, walletId: string) {
  const n = await db.statement_chunks.count({ selector: { wallet_id: walletId } }).exec()
  if (n === 0) return null
  const docs = await db.statement_chunks.find({ selector: { wallet_id: walletId, seq: { $gte: n - 1 } }, sort: [{ wallet_id: "asc" }, { seq: "asc" }] }).exec()
  return docs.at(-1) ?? null
}

/** The last chunk of a wallet: its cursor is where the next pull starts, `upto` the rows stored. */
export async function lastChunk(db: UserDb, walletId: string): Promise<{ seq: number; cursor: string; upto: number } | null> {
  const d = await lastChunkDoc(db, walletId)
  return d ? { seq: d.seq, cursor: d.cursor, upto: d.upto >= 0 ? d.upto : await localStatementCount(db, walletId) } : null
}

/** Rows stored for a wallet, by reading every chunk (only for chunks written before `upto`). */
export async function localStatementCount(db: UserDb, walletId: string): Promise<number> {
  const docs = await db.statement_chunks.find({ selector: { wallet_id: walletId } }).exec()
  return docs.reduce((n, d) => n + d.count, 0)
}

export async function pullTable<R>(
  api: ApiClient,
  db: UserDb,
  progress: ProgressBoard,
  spec: TableSync<R>,
  walletId: string,
  o: TablePullOptions<R>
): Promise<number> {
  const pageSize = o.pageSize ?? TABLE_PAGE_SIZE
  const list = `${spec.name}:${walletId}`
  const key = spec.chunkKey(walletId)
  const start = await lastChunk(db, key)
  let seq = start ? start.seq + 1 : 0
  let cursor = start?.cursor ?? ""
  const already = start?.upto ?? 0
  let done = 0
  let pages = 0
  const ms = { wait: 0, parse: 0, store: 0, project: 0 }
  progress.set(list, { state: "pulling", done: already, ms: { ...ms } })

  const fetchPage = (after: string): Promise<string> =>
    runApi(
      api.rawText("GET", spec.path, {
        walletId,
        query: {
          sort: "updated_at",
          order: "asc",
          page: "1",
          page_size: String(pageSize),
          ...(after ? { after } : {}),
          ...(spec.compact ? { format: "compact" } : {})
        }
      })
    )

  let writing: Promise<void> = Promise.resolve()
  try {
    let next = fetchPage(cursor)
    let totalEstimate = -1
    for (;;) {
      let t = performance.now()
      const text = await next
      const t1 = performance.now()
      ms.wait += t1 - t
      // P9: past a full page (a bulk pull), the next page is asked from its last row's cursor read off the text, before
      // this page is parsed and checked — the parse was on the path from one page to the next request (a sixth of a
      // page's time). The parsed page confirms the cursor; a different one (or a last page) leaves the early ask unused.
      const mayGoOn = !(o.stopAfterPages !== undefined && pages + 1 >= o.stopAfterPages) && !o.signal?.aborted
      const early = pages > 0 && mayGoOn ? lastRowCursor(text, spec) : null
      const asked = early !== null ? fetchPage(early) : null
      asked?.catch(() => undefined) // an early ask left unused is dropped; one used is awaited as `next`
      const page = readPage(text, spec, spec.path)
      t = performance.now()
      // parsing and checking run as one pass over the text; the check's share is not told apart
      ms.parse += t - t1
      if (page instanceof MalformedResponse) throw new PullError(page)
      const count = page.rows.length
      if (totalEstimate < 0) {
        totalEstimate = already + page.total
        o.onTotal?.(page.total)
      }
      const nextCursor =
        count === 0
          ? cursor
          : page.compact
            ? (spec.compact as NonNullable<TableSync<R>["compact"]>).cursorAfter(page.rows[count - 1] as ReadonlyArray<unknown>)
            : spec.cursorAfter(page.rows[count - 1] as R)
      const more = count === pageSize
      // P9: ask for the next page before writing this one
      if (more && mayGoOn && !o.signal?.aborted) next = asked !== null && early === nextCursor ? asked : fetchPage(nextCursor)
      if (count > 0) {
        const doc = { id: seqId(key, seq), wallet_id: key, seq, cursor: nextCursor, count, upto: already + done + count }
        const stored = page.compact
          ? page.text !== null
            ? { ...doc, rows: [], text: page.text }
            : { ...doc, rows: page.rows as unknown[][] }
          : { ...doc, rows: page.rows.map(spec.toCompact) }
        // S3, P12: chunks are written one after the other, in order (the newest stored chunk stays the
        // checkpoint); the write of this one runs while its rows are projected and the next page comes
        await writing
        const t2 = performance.now()
        ms.store += t2 - t
        writing = db.statement_chunks.insert(stored).then(() => undefined)
        writing.catch(() => undefined) // awaited below; a failed write fails the pull there
        if (!page.compact) o.onRows(page.rows, seq)
        else if (o.onCompactRows) o.onCompactRows(page.rows, seq)
        else o.onRows(page.rows.map(spec.fromCompact), seq)
        ms.project += performance.now() - t2
        seq++
        cursor = nextCursor
        done += count
      }
      pages++
      progress.set(list, { done: already + done, total: Math.max(totalEstimate, already + done), ms: { ...ms } })
      if (!more || o.signal?.aborted) break
      if (o.stopAfterPages !== undefined && pages >= o.stopAfterPages) {
        await writing
        return done
      }
    }
    const t = performance.now()
    await writing
    ms.store += performance.now() - t
    progress.set(list, { state: "done", done: already + done, total: already + done, ms: { ...ms } })
    return done
  } catch (e) {
    await writing.catch(() => undefined)
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
  db: UserDb,
  walletIds: ReadonlyArray<string>,
  after: Readonly<Record<string, number>>,
  onRows: (compact: ReadonlyArray<ReadonlyArray<unknown>>, walletId: string, seq: number) => void,
  chunkKey: (walletId: string) => string = (w) => w
): Promise<number> {
  let n = 0
  const batch = 20
  for (const walletId of walletIds) {
    let from = (after[walletId] ?? -1) + 1
    for (;;) {
      const docs = await db.statement_chunks
        .find({ selector: { wallet_id: chunkKey(walletId), seq: { $gte: from } }, sort: [{ wallet_id: "asc" }, { seq: "asc" }], limit: batch })
        .exec()
      for (const d of docs) {
        onRows(chunkRows(d), walletId, d.seq)
        n += d.count
        from = d.seq + 1
      }
      if (docs.length < batch) break
    }
  }
  return n
}

/** A stored chunk's compact rows: kept as the page's text (D-compact-pages) or as arrays. */
export const chunkRows = (d: {
  readonly rows: ReadonlyArray<ReadonlyArray<unknown>>
  readonly text?: string | undefined
}): ReadonlyArray<ReadonlyArray<unknown>> => (d.text !== undefined ? (JSON.parse(d.text) as ReadonlyArray<ReadonlyArray<unknown>>) : d.rows)
