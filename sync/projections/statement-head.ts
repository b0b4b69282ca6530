/**
 * The statement's reopen head (sync/SPEC.md S6; issue 33 item 2 "the first page with its totals answers from a
 * small head of the image before the rest is read"). Written beside the image, from the same projection at the
 * same moment: per wallet its newest rows (up to HEAD_ROWS, a complete suffix by date: every row created at or
 * after the wallet's `cutoff`) as a small projection of their own, and the wallet's whole-statement answer (count,
 * sums, per currency) of the unfiltered query. Reading it costs a few milliseconds where the whole image costs
 * seconds on a 2-core machine, so the statement page and the home paint their first window with its exact totals
 * while the image is still being read.
 *
 * A query is answered from the head only when the answer is exactly the one the whole projection would give
 * (`answerFromHead` returns null otherwise, and the caller answers from the projection being loaded):
 * - **inside the head's dates**: every selected wallet is in the head and the query starts (`from`) at or after each
 *   one's cutoff — the head then holds every row the query can match, so any filter, sort, group or window is exact;
 * - **the unfiltered first pages of one wallet**: no filter but the wallet, newest first, ungrouped, and a window
 *   within the head's rows — the rows from the head, the count and the sums from the wallet's stored answer.
 * The differential test (statement-head.test.ts) checks both against the whole projection over generated queries.
 */
import type { StatementEntry } from "../../schema/entities.ts"
import { StatementProjection, type StatementQuery, type StatementQueryResult } from "./statement-projection.ts"

/** Rows per wallet the head keeps (at most the projection's MAX_LIMIT, one query's window). */
export const HEAD_ROWS = 2_000

/** One wallet's part of the head. */
export interface HeadWallet {
  /** Epoch ms: the head holds every row of this wallet created at or after it (-Infinity is written as null: all of them). */
  readonly cutoff: number | null
  /** The unfiltered query's answer over the whole wallet, without rows. */
  readonly whole: Omit<StatementQueryResult, "rows" | "tookMs" | "partial">
}

export interface StatementHeadImage {
  readonly wallets: Readonly<Record<string, HeadWallet>>
  /** The head's rows as a projection image (StatementProjection.toImage). */
  readonly projection: unknown
  /** The whole projection's identifier leads (sync/SPEC.md Q5b), which the head's answers tell as the projection's do. */
  readonly idLeads?: string
}

export interface StatementHead {
  readonly wallets: ReadonlyMap<string, HeadWallet>
  readonly projection: StatementProjection
  readonly idLeads: string | undefined
}

const NEWEST_FIRST = { by: "created_at", dir: "desc" } as const

/** The head of a projection: each wallet's newest rows and its whole answer (run when the image is written). */
export function headOf(full: StatementProjection, walletIds: Iterable<string>, rowsPerWallet = HEAD_ROWS): StatementHeadImage {
  const head = new StatementProjection()
  const wallets: Record<string, HeadWallet> = {}
  for (const w of walletIds) {
    const newest = full.query({ walletIds: [w], sort: NEWEST_FIRST, limit: rowsPerWallet })
    if (newest.total === 0) continue
    head.upsertMany(newest.rows)
    const last = newest.rows[newest.rows.length - 1] as StatementEntry
    // ties on created_at are ordered by id: rows created at the last row's instant may lie past the window, so the
    // head is complete only strictly after it
    const cutoff = newest.total > newest.rows.length ? Date.parse(last.created_at) + 1 : null
    const { rows: _rows, tookMs: _ms, partial: _p, ...whole } = full.query({ walletIds: [w], limit: 0 })
    wallets[w] = { cutoff, whole }
  }
  head.optimize()
  return { wallets, projection: head.toImage(), idLeads: full.identifierLeads() }
}

/** A head read back, or null when its projection image is not readable by this build. */
export function readHead(image: StatementHeadImage): StatementHead | null {
  const projection = StatementProjection.fromImage(image.projection)
  if (projection === null) return null
  return { wallets: new Map(Object.entries(image.wallets)), projection, idLeads: typeof image.idLeads === "string" ? image.idLeads : undefined }
}

const isUnfiltered = (q: StatementQuery): boolean =>
  (q.text === undefined || q.text.trim() === "") &&
  q.from === undefined &&
  q.to === undefined &&
  (q.types === undefined || q.types.length === 0) &&
  (q.statuses === undefined || q.statuses.length === 0) &&
  q.direction === undefined &&
  q.currency === undefined &&
  q.minAmount === undefined &&
  q.maxAmount === undefined &&
  (q.groupBy === undefined || q.groupBy === "none")

/** The answer the whole projection would give, from the head alone; null when the head cannot know it. */
export function answerFromHead(head: StatementHead, q: StatementQuery): StatementQueryResult | null {
  const ids = q.walletIds !== undefined && q.walletIds.length > 0 ? [...new Set(q.walletIds)] : [...head.wallets.keys()]
  if (ids.length === 0) return null
  const parts = ids.map((w) => head.wallets.get(w))
  if (parts.some((p) => p === undefined)) return null
  const known = parts as HeadWallet[]
  // inside the head's dates: the head holds every row the query can match
  if (q.from !== undefined && known.every((p) => p.cutoff === null || (q.from as number) >= p.cutoff)) return head.projection.query(q)
  // the unfiltered first pages of one wallet, newest first
  const sort = q.sort ?? NEWEST_FIRST
  const only = known[0] as HeadWallet
  if (known.length !== 1 || !isUnfiltered(q) || sort.by !== "created_at" || sort.dir !== "desc") return null
  const offset = q.offset ?? 0
  const limit = q.limit ?? 100
  const held = head.projection.query({ walletIds: ids, limit: 0 }).total
  if (offset + limit > held && only.cutoff !== null) return null
  const window = head.projection.query({ walletIds: ids, sort: NEWEST_FIRST, offset, limit })
  return { ...only.whole, rows: window.rows, tookMs: window.tookMs }
}
