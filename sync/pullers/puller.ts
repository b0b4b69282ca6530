/**
 * The generic paged-list puller (sync/SPEC.md P1–P6). Every synced list is described by a
 * ListSpec; `pullFull` walks page 1..page_total of the paged shape (spec core §3), bulk-writes
 * each page into `entities`, records a checkpoint after each page (P2), resumes from it after a
 * kill (P3), and after a complete pass removes local rows the server no longer lists (P4).
 * Lists are small (wallets, accounts, notifications, invitations, approval queues), so a full
 * re-pull on every hint also re-reads recent pages and catches status changes (P5).
 */
import { Effect } from "effect"
import type { EndpointId } from "../../schema/api.ts"
import type { ApiError } from "../../schema/errors.ts"
import type { ApiClient } from "../api/client.ts"
import { entityKey, type EntityDoc, type UserDb } from "../store/db.ts"
import type { ProgressBoard } from "./progress.ts"

export interface PageOut {
  rows: ReadonlyArray<Record<string, unknown>>
  page: number
  pageTotal: number
  total: number
}

export interface ListSpec {
  /** Progress and hint name (schema/stream.ts SyncedList). */
  readonly list: string
  /** Entity kind in the store. */
  readonly kind: string
  readonly endpoint: EndpointId
  /** Wallet the list belongs to ("" for user-scoped lists). */
  readonly walletId: string
  readonly pageSize: number
  readonly query?: Readonly<Record<string, string>>
  readonly extract: (resp: unknown) => PageOut
  readonly idOf: (row: Record<string, unknown>) => string
}

/** Extractor for the standard `{ data: { page, page_size, page_total, total, data } }` shape. */
export const pagedExtract = (resp: unknown): PageOut => {
  const d = (resp as { data: { page: number; page_total: number; total: number; data: Record<string, unknown>[] } }).data
  return { rows: d.data, page: d.page, pageTotal: d.page_total, total: d.total }
}

export class PullError extends Error {
  constructor(readonly cause: ApiError) {
    super(cause._tag)
  }
}
export const runApi = async <A>(eff: Effect.Effect<A, ApiError>): Promise<A> => {
  const exit = await Effect.runPromiseExit(eff)
  if (exit._tag === "Success") return exit.value
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
  if (failure && failure._tag === "Fail") throw new PullError(failure.error)
  throw new Error("interrupted or defect in API call")
}

const ckptKey = (s: ListSpec) => `ckpt|${s.kind}|${s.walletId}`
interface Checkpoint {
  nextPage: number
  passStartedAt: string
  completedAt: string | null
}

const toDoc = (s: ListSpec, row: Record<string, unknown>): EntityDoc => {
  const id = s.idOf(row)
  return {
    key: entityKey(s.kind, s.walletId, id),
    kind: s.kind,
    wallet_id: s.walletId,
    id,
    updated_at: typeof row.updated_at === "string" ? row.updated_at : typeof row.created_at === "string" ? row.created_at : "",
    doc: row
  }
}

/**
 * `keep`: rows written during this pass by someone else (an event's inline rows, P11), which the
 * pass's pages may predate: never removed by P4 at its end.
 */
export async function pullFull(
  api: ApiClient,
  db: UserDb,
  progress: ProgressBoard,
  s: ListSpec,
  opts: { readonly keep?: (key: string) => boolean } = {}
): Promise<number> {
  const metaDoc = await db.meta.findOne(ckptKey(s)).exec()
  const prev = (metaDoc?.value ?? null) as Checkpoint | null
  // P3: resume an interrupted pass from its next page; a finished pass starts again at page 1
  const resuming = prev !== null && prev.completedAt === null && prev.nextPage > 1
  let page = resuming ? prev.nextPage : 1
  const passStartedAt = resuming ? prev.passStartedAt : new Date().toISOString()
  const seen = new Set<string>()
  let done = 0
  progress.set(s.list, { state: "pulling" })
  try {
    for (;;) {
      const resp = await runApi(
        api.call(s.endpoint, {
          query: { ...s.query, page: String(page), page_size: String(s.pageSize) },
          ...(s.walletId ? { walletId: s.walletId } : {})
        })
      )
      const out = s.extract(resp)
      const docs = out.rows.map((r) => toDoc(s, r))
      for (const d of docs) seen.add(d.key)
      if (docs.length) await db.entities.bulkUpsert(docs)
      done += docs.length
      progress.set(s.list, { done, total: out.total })
      const last = page >= out.pageTotal || out.rows.length === 0
      // P2: the checkpoint follows each written page
      await db.meta.upsert({
        key: ckptKey(s),
        value: { nextPage: last ? 1 : page + 1, passStartedAt, completedAt: last ? new Date().toISOString() : null } satisfies Checkpoint
      })
      if (last) break
      page++
    }
    if (!resuming) {
      // P4: rows the server no longer lists are removed, only after a complete pass from page 1
      const local = await db.entities.find({ selector: { kind: s.kind, wallet_id: s.walletId } }).exec()
      const gone = local.filter((d) => !seen.has(d.key) && !(opts.keep?.(d.key) ?? false)).map((d) => d.key)
      if (gone.length) await db.entities.bulkRemove(gone)
    }
    progress.set(s.list, { state: "done", done, total: done })
    return done
  } catch (e) {
    progress.set(s.list, { state: "error" })
    throw e
  }
}
