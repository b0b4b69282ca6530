/**
 * Browser bench page `filter-vs-rxdb-100k` (DESIGN budgets "the same filter: local vs RxDB `find`
 * over the same rows … local ≥ 50× faster"): N generated statement rows (sync/projections/
 * test-rows.ts) stored one row per document in an RxDB collection on the free Dexie storage (as
 * the project creates its database: sync/store/db.ts) and loaded into a StatementProjection
 * (optimize() after the load, as the engine does). Then the 10 filters of `filter-vs-server`
 * (bench/sync-benches.ts) both ways, each answering the count and the first 20 rows by
 * created_at desc: locally one `query()`; through RxDB a `count()` and a sorted, limited `find()`,
 * a text filter being `$regex` (option i) over description, counterparty name and document, type
 * and status equalities. The collection has indexes on created_at and on type/status + created_at,
 * so RxDB gets its best plan. Publishes window.__bench.
 *
 * RxDB keeps the results of a query it already ran (its query cache) until the collection
 * changes, so each filter is timed through RxDB once, after a warm-up with other queries; the
 * projection answers from scratch every time, so it is timed 5 times per filter (median).
 */
import { createRxDatabase, type RxJsonSchema } from "rxdb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import { StatementProjection, type StatementQuery } from "../../sync/projections/statement-projection.ts"
import { StatementRowGenerator } from "../../tests/support/test-rows.ts"
import type { StatementEntry, StatementStatus, StatementType } from "../../schema/entities.ts"

const params = new URLSearchParams(location.search)
const total = Number(params.get("rows") ?? 100_000)
const publish = (v: unknown) => {
  ;(window as unknown as { __bench: unknown }).__bench = v
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor((s.length - 1) / 2)] ?? NaN
}
const r2 = (x: number) => Math.round(x * 100) / 100

type RowDoc = StatementEntry
const schema: RxJsonSchema<RowDoc> = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: { type: "string", maxLength: 40 },
    wallet_id: { type: "string", maxLength: 40 },
    operation_id: { type: "string" },
    created_at: { type: "string", maxLength: 30 },
    updated_at: { type: "string" },
    type: { type: "string", maxLength: 30 },
    direction: { type: "string" },
    status: { type: "string", maxLength: 20 },
    currency_symbol: { type: "string" },
    amount: { type: "number" },
    balance_after: { type: "number" },
    description: { type: "string" },
    counterparty_name: { type: "string" },
    counterparty_document: { type: "string" },
    end_to_end_id: { type: ["string", "null"] },
    transaction_uuid: { type: ["string", "null"] }
  },
  required: [
    "id",
    "wallet_id",
    "operation_id",
    "created_at",
    "updated_at",
    "type",
    "direction",
    "status",
    "currency_symbol",
    "amount",
    "balance_after",
    "description",
    "counterparty_name",
    "counterparty_document",
    "end_to_end_id",
    "transaction_uuid"
  ],
  indexes: ["created_at", ["type", "created_at"], ["status", "created_at"]]
}

/** The filters of `filter-vs-server` (bench/sync-benches.ts). */
const FILTERS: ReadonlyArray<Filter> = [
  { text: "silva" },
  { text: "mercado" },
  { type: "PIX_IN" },
  { status: "pending" },
  { text: "ana", type: "PIX_OUT" },
  { text: "tarifa" },
  { text: "maria" },
  { type: "FEE" },
  { text: "aluguel" },
  { status: "failed" }
]

type Filter = { text?: string; type?: StatementType; status?: StatementStatus }
/** The same filter for the projection: the count and the first 20 rows by created_at desc. */
const localQuery = (f: Filter): StatementQuery => ({
  ...(f.text ? { text: f.text } : {}),
  ...(f.type ? { types: [f.type] } : {}),
  ...(f.status ? { statuses: [f.status] } : {}),
  sort: { by: "created_at", dir: "desc" },
  limit: 20
})

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
function selectorOf(f: Filter): Record<string, unknown> {
  const sel: Record<string, unknown> = {}
  if (f.type) sel.type = f.type
  if (f.status) sel.status = f.status
  if (f.text) {
    const re = { $regex: escapeRegex(f.text), $options: "i" }
    sel.$or = [{ description: re }, { counterparty_name: re }, { counterparty_document: re }]
  }
  return sel
}

async function main(): Promise<void> {
  const START = Date.UTC(2024, 0, 1, 3)
  const gen = new StatementRowGenerator({ seed: 42, total, order: "desc", start: START, spanDays: 730 })
  const db = await createRxDatabase({
    name: `benchrx${Date.now()}`,
    storage: getRxStorageDexie(),
    multiInstance: false,
    eventReduce: true,
    allowSlowCount: true
  })
  const cols = await db.addCollections({ rows: { schema } })
  const col = cols.rows
  const p = new StatementProjection()
  let insertMs = 0
  let loadMs = 0
  for (let done = 0; done < total;) {
    const chunk = gen.take(2000)
    if (!chunk.length) break
    let t = performance.now()
    const res = await col.bulkInsert(chunk.map((r) => ({ ...r })))
    insertMs += performance.now() - t
    if (res.error.length) throw new Error(`bulkInsert: ${res.error.length} errors, first ${JSON.stringify(res.error[0]).slice(0, 300)}`)
    t = performance.now()
    p.upsertMany(chunk)
    loadMs += performance.now() - t
    done += chunk.length
  }
  const t = performance.now()
  p.optimize()
  loadMs += performance.now() - t

  // warm-up: JIT, the projection's orders, Dexie's connection and indexes — with queries not timed below
  const warm: ReadonlyArray<Filter> = [{ text: "souza" }, { type: "TED_IN" }, { status: "reverted" }]
  for (const f of warm) {
    p.query(localQuery(f))
    await col.count({ selector: selectorOf(f) }).exec()
    await col.find({ selector: selectorOf(f), sort: [{ created_at: "desc" }], limit: 20 }).exec()
  }

  const local: number[] = []
  const rx: number[] = []
  const rows: Array<Record<string, unknown>> = []
  let mismatches = 0
  for (const f of FILTERS) {
    const q = localQuery(f)
    const times: number[] = []
    let lr = p.query(q)
    for (let i = 0; i < 5; i++) {
      const a = performance.now()
      lr = p.query(q)
      times.push(performance.now() - a)
    }
    const l = median(times)
    const a = performance.now()
    const count = await col.count({ selector: selectorOf(f) }).exec()
    const docs = await col.find({ selector: selectorOf(f), sort: [{ created_at: "desc" }], limit: 20 }).exec()
    const r = performance.now() - a
    local.push(l)
    rx.push(r)
    // the projection's text search also folds accents and matches id prefixes: say where they differ
    if (count !== lr.total) mismatches++
    rows.push({ filter: f, local_ms: r2(l), rxdb_ms: r2(r), local_total: lr.total, rxdb_total: count, first_same: docs[0]?.id === lr.rows[0]?.id })
  }
  await db.remove()
  const lp = median(local)
  const rp = median(rx)
  console.log(JSON.stringify(rows))
  publish({
    figures: {
      local_p50_ms: r2(lp),
      rxdb_p50_ms: r2(rp),
      ratio: r2(rp / Math.max(lp, 0.01)),
      rxdb_insert_rows_per_s: Math.round(total / (insertMs / 1000)),
      projection_load_rows_per_s: Math.round(total / (loadMs / 1000)),
      count_mismatches: mismatches,
      rows: p.size
    },
    filters: rows
  })
}
main().catch((e: unknown) => publish({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }))
