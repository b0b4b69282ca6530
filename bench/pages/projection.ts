/**
 * Browser bench page for the statement projection (DESIGN budgets): builds N generated rows in a
 * real Chromium, then `mode=filter` times 50 varied queries (warm-up pass first), `mode=memory`
 * measures bytes per row, `mode=csv` times a CSV export of every row, `mode=pivot` times the pivot of each of
 * those filters across the 3 wallets (analysis-pivot-1m, issue 32 item 4). Publishes window.__bench.
 */
import { StatementProjection } from "../../sync/projections/statement-projection.ts"
import { StatementRowGenerator } from "../../tests/support/test-rows.ts"
import type { StatementEntry } from "../../schema/entities.ts"
import { benchmarkQueries } from "../../tests/support/bench-queries.ts"
import { TableProjection } from "../../sync/projections/table-projection.ts"
import { gatewayTable, type GatewayTransaction } from "../../schema/tables/gateway.ts"
import { gatewayRows } from "../../sandbox/areas/gateway/rows.ts"
import { Prng } from "../../sandbox/prng.ts"

const params = new URLSearchParams(location.search)
const total = Number(params.get("rows") ?? 1_000_000)
const mode = params.get("mode") ?? "filter"
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN
}
const heap = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0
const publish = (v: unknown) => {
  ;(window as unknown as { __bench: unknown }).__bench = v
}

/** What the heap keeps after a full collection (the bench's Chromium runs with --expose-gc), and before it. */
async function retained(heapBefore: number, rows: number): Promise<Record<string, number>> {
  await new Promise((r) => setTimeout(r, 500))
  const unswept = heap()
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  await new Promise((r) => setTimeout(r, 100))
  gc?.()
  return {
    js_heap_bytes_per_row: Math.round(((heap() - heapBefore) / rows) * 10) / 10,
    js_heap_before_gc_bytes_per_row: Math.round(((unswept - heapBefore) / rows) * 10) / 10,
    gc: gc === undefined ? 0 : 1
  }
}

/**
 * `mode=gateway-memory` (issue 33 item 4, the gateway table): `total` generated gateway rows over two wallets
 * (a matrix and a branch, as the 1m seed), 90 days, into the gateway's table projection as the engine loads them.
 */
async function gatewayMemory(): Promise<void> {
  const heapBefore = heap()
  const p = new TableProjection<GatewayTransaction>(gatewayTable)
  const r = new Prng(42)
  const now = Date.UTC(2026, 10, 1, 12)
  const wallets = ["8f0c2b6e-0000-4000-8000-000000000001", "8f0c2b6e-0000-4000-8000-000000000002"]
  for (let done = 0; done < total;) {
    const n = Math.min(5000, total - done)
    p.upsertMany(gatewayRows(r, wallets[(done / 5000) % 2] as string, n, now, 90, done))
    done += n
  }
  p.optimize()
  const parts: Record<string, number> = {}
  for (const [k, v] of Object.entries(p.memoryReport()))
    if (k !== "total" && k !== "rows" && k !== "capacity") parts[`part_${k}`] = Math.round((v / p.size) * 10) / 10
  publish({ figures: { bytes_per_row: Math.round((p.memoryBytes() / p.size) * 10) / 10, ...parts, ...(await retained(heapBefore, p.size)), rows: p.size } })
}

async function main(): Promise<void> {
  if (mode === "gateway-memory") return gatewayMemory()
  const START = Date.UTC(2024, 0, 1, 3)
  const SPAN_DAYS = 730
  const heapBefore = heap()
  let gen: StatementRowGenerator | null = new StatementRowGenerator({ seed: 42, total, order: "desc", start: START, spanDays: SPAN_DAYS })
  const walletIds = gen.walletIds
  const p = new StatementProjection()
  const samples: StatementEntry[] = []
  let loadMs = 0
  for (let done = 0; done < total;) {
    const chunk = gen.take(5000)
    if (!chunk.length) break
    if (samples.length < 64) samples.push(chunk[0] as StatementEntry)
    const t = performance.now()
    p.upsertMany(chunk)
    loadMs += performance.now() - t
    done += chunk.length
  }
  gen = null
  p.optimize() // what the engine does after its initial load (compacts columns, builds orders)
  if (mode === "memory") {
    publish({ figures: { bytes_per_row: Math.round((p.memoryBytes() / p.size) * 10) / 10, ...(await retained(heapBefore, p.size)), rows: p.size } })
    return
  }
  if (mode === "csv") {
    const t = performance.now()
    let bytes = 0
    for (const c of p.toCsv({}, "pt", ["Data", "Tipo", "Descrição", "Contraparte", "Documento", "Valor", "Situação"])) bytes += c.length
    const secs = (performance.now() - t) / 1000
    publish({ figures: { seconds: Math.round(secs * 1000) / 1000, rows: p.size, mbytes: Math.round(bytes / 1e4) / 100 } })
    return
  }
  const qs = benchmarkQueries({ walletIds, samples, start: START, now: START + SPAN_DAYS * 86_400_000 })
  if (mode === "pivot") {
    // analysis-pivot-1m (issue 32 item 4): the same 50 filters, each over the 3 wallets at once, pivoted — rows
    // and columns cycling through every pair the analysis offers, the comparison's "period" too (a period is
    // given where the filter has none: the last 90 days) — timed from the ask to the answer
    const ROWS = ["counterparty", "type", "wallet", "day", "month"] as const
    const COLS = ["month", "wallet", "type", "none", "period"] as const
    const end = START + SPAN_DAYS * 86_400_000
    const asks = qs.map((q, i) => {
      const cols = COLS[i % COLS.length] as (typeof COLS)[number]
      const rows = ROWS[Math.floor(i / COLS.length) % ROWS.length] as (typeof ROWS)[number]
      const { offset: _o, limit: _l, groupBy: _g, sort: _s, ...filter } = q
      const withPeriod = cols === "period" && (filter.from === undefined || filter.to === undefined) ? { from: end - 90 * 86_400_000, to: end } : {}
      return {
        q: { ...filter, ...withPeriod, walletIds },
        spec: { rows: cols === "period" && (rows === "day" || rows === "month") ? ("counterparty" as const) : rows, cols, rowLimit: 100 }
      }
    })
    for (const a of asks) p.pivot(a.q, a.spec) // warm-up: JIT
    const times: number[] = []
    let cells = 0
    for (const a of asks) {
      const t = performance.now()
      const r = p.pivot(a.q, a.spec)
      times.push(performance.now() - t)
      cells += r.lines.length * r.columns.length
    }
    publish({
      figures: {
        p50_ms: Math.round(pct(times, 0.5) * 100) / 100,
        p95_ms: Math.round(pct(times, 0.95) * 100) / 100,
        max_ms: Math.round(Math.max(...times) * 100) / 100,
        pivots: asks.length,
        wallets: walletIds.length,
        rows: p.size,
        cells_shown: cells
      }
    })
    return
  }
  for (const q of qs) p.query(q) // warm-up: JIT and lazily built orders
  const times: number[] = []
  for (const q of qs) {
    const t = performance.now()
    p.query(q)
    times.push(performance.now() - t)
  }
  publish({
    figures: {
      p50_ms: Math.round(pct(times, 0.5) * 100) / 100,
      p95_ms: Math.round(pct(times, 0.95) * 100) / 100,
      max_ms: Math.round(Math.max(...times) * 100) / 100,
      load_rows_per_s: Math.round(p.size / (loadMs / 1000)),
      queries: qs.length
    }
  })
}
main().catch((e: unknown) => publish({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }))
