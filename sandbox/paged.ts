/**
 * The sandbox's one way to page a list it answers whole or from one table (spec core §7 pagination; issue 29 item 7,
 * docs/decisions.md D-sandbox-by-area). The lists the engine pulls — sorted, filtered, keyset pages, compact rows — are
 * `paginate` and `paginateJson` of sandbox/repo.ts; everything else pages here:
 *
 * - `paged`: one table's rows under a WHERE clause, newest first, `page` and `page_size` from the query (default 20, at
 *   most 100), with their count;
 * - `pageArray`: a list already in memory (a wallet's members, permission actions), the same page numbers;
 * - `onePage`: a short list answered whole, page 1 of 1 (keys, contacts, limit types, boletos, TEDs).
 */
import type { DB } from "./db.ts"
import type { PagedOf } from "../schema/common.ts"

/** The page's number (from 1) and size (1 to `max`, `defaultSize` when absent or not a number) a query asks for. */
export const pageOf = (q: { readonly page?: string; readonly page_size?: string }, defaultSize = 20, max = 100): { page: number; size: number } => ({
  page: Math.max(1, Number(q.page ?? "1") || 1),
  size: Math.min(max, Math.max(1, Number(q.page_size ?? String(defaultSize)) || defaultSize))
})

export interface PagedSpec {
  /** One table. */
  readonly from: string
  /** The WHERE clause with `?` placeholders, and its parameters. */
  readonly where: string
  readonly params: ReadonlyArray<unknown>
  /** The ORDER BY clause (default `created_at DESC`). */
  readonly order?: string
}

/** A page of one table's rows (`SELECT *`), each mapped, with the count of every row the WHERE clause keeps. */
export const paged = <R, T>(db: DB, q: { readonly page?: string; readonly page_size?: string }, spec: PagedSpec, map: (row: R) => T): PagedOf<T> => {
  const { page, size } = pageOf(q)
  const total = (db.prepare(`SELECT count(*) AS n FROM ${spec.from} WHERE ${spec.where}`).get(...spec.params) as { n: number }).n
  const rows = db
    .prepare(`SELECT * FROM ${spec.from} WHERE ${spec.where} ORDER BY ${spec.order ?? "created_at DESC"} LIMIT ? OFFSET ?`)
    .all(...spec.params, size, (page - 1) * size) as R[]
  return { page, page_size: size, page_total: Math.ceil(total / size), total, data: rows.map(map) }
}

/** A list held in memory, paged like the others (default 20 a page, at most `max`). */
export const pageArray = <T>(items: ReadonlyArray<T>, q: { readonly page?: string; readonly page_size?: string }, defaultSize = 20, max = 500): PagedOf<T> => {
  const { page, size } = pageOf(q, defaultSize, max)
  return { page, page_size: size, page_total: Math.ceil(items.length / size), total: items.length, data: items.slice((page - 1) * size, page * size) }
}

/** A short list answered whole: page 1 of 1, its size the number of rows (at least 1). */
export const onePage = <T>(rows: ReadonlyArray<T>): { page: number; page_size: number; page_total: number; total: number; data: T[] } => ({
  page: 1,
  page_size: Math.max(rows.length, 1),
  page_total: 1,
  total: rows.length,
  data: [...rows]
})
