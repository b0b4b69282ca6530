/**
 * How the engine pulls a synced list of the registry (schema/lists.ts; sync/SPEC.md P1): the one
 * generic puller (sync/pullers/puller.ts) gets a `ListSpec` made from the list's description —
 * its endpoint and query, the page shape, the store kind (the list's name) and the wallet copy.
 * Statements are a table, pulled by sync/pullers/statements.ts instead.
 */
import { listDef, type AnyListDef, type PageShape } from "../schema/lists.ts"
import type { Notification } from "../schema/entities.ts"
import type { EndpointId } from "../schema/api.ts"
import { pagedExtract, type ListSpec, type PageOut } from "./pullers/puller.ts"

const extractors: Record<PageShape, (resp: unknown) => PageOut> = {
  paged: pagedExtract,
  notifications: (resp) => {
    const r = resp as { data: Notification[]; pagination: { page: number; total: number; total_pages: number } }
    return { rows: r.data as unknown as Record<string, unknown>[], page: r.pagination.page, pageTotal: r.pagination.total_pages, total: r.pagination.total }
  },
  single: (resp) => ({ rows: [(resp as { data: Record<string, unknown> }).data], page: 1, pageTotal: 1, total: 1 })
}

/** The pull of one list's copy (`walletId` "" for user lists). */
export const listSpec = (name: string, walletId: string): ListSpec => {
  const def = listDef(name)
  if (def === undefined) throw new Error(`no synced list "${name}"`)
  return specOf(name, def, def.scope === "wallet" ? walletId : "")
}

const specOf = (name: string, def: AnyListDef, walletId: string): ListSpec => ({
  list: name,
  kind: name,
  endpoint: def.endpoint as EndpointId,
  walletId,
  pageSize: def.pageSize ?? 100,
  ...(def.query ? { query: def.query } : {}),
  extract: extractors[def.page ?? "paged"],
  idOf: (row) => def.id(row)
})
