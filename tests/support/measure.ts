/**
 * The statement projection at 1M rows, in Node (DESIGN budgets "filter/sort/count/sum over 1M
 * local rows p95 ≤ 30 ms" and "memory of the in-memory projection ≤ 150 bytes per row";
 * benchmark names `filter-1m` and `projection-memory`). The lead wires the same steps into the
 * browser benchmark; this script is the quick check on a developer machine:
 *
 *   npx tsx tests/support/measure.ts [rows=1000000] [order=desc|asc]
 *
 * It prints the bulk-load rate, bytes per row (heap + external delta after GC, and the
 * projection's own estimate), and p50/p95 of 50 varied queries (text only, date only,
 * text+date+amount, type+status, two wallets, sort by amount, group by day), cold and warm,
 * before and after optimize(). Each figure is given in wall time and in this process's CPU
 * time: on a shared machine (other processes runnable, `loadavg` printed) wall time includes
 * waiting for a core, and CPU time is the better estimate of an idle machine. A calibration
 * line (ns per iteration of a trivial loop) lets figures from different machines be compared.
 */
import { cpus, loadavg } from "node:os"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import type { StatementEntry } from "../../schema/entities.ts"
import { benchmarkQueries } from "./bench-queries.ts"
import { StatementProjection } from "../../sync/projections/statement-projection.ts"
import type { StatementQuery } from "../../sync/projections/statement-projection.ts"
import { StatementRowGenerator } from "./test-rows.ts"

setFlagsFromString("--expose-gc")
const gc = runInNewContext("gc") as () => void
// ArrayBuffer backing stores are released by a concurrent sweeper: give it time between GCs
const settle = async (): Promise<void> => {
  for (let i = 0; i < 4; i++) {
    gc()
    await new Promise((r) => setTimeout(r, 50))
  }
}
const used = (): number => {
  const m = process.memoryUsage()
  return m.heapUsed + m.external
}

const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const calibrate = (): string => {
  let acc = 0
  const t = performance.now()
  for (let i = 0; i < 1e8; i++) acc = (acc + i * 7) | 0
  return `${(((performance.now() - t) * 1e6) / 1e8).toFixed(2)} ns/iteration (${acc & 1})`
}
console.log(
  `machine: loadavg ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}, ${cpus().length} cores, calibration ${calibrate()}`
)

const total = Number(process.argv[2] ?? 1_000_000)
const order = (process.argv[3] ?? "desc") === "asc" ? "asc" : "desc"
const CHUNK = 2000
const START = Date.UTC(2024, 0, 1, 3)
const SPAN_DAYS = 730

await settle()
const before = used()
let gen: StatementRowGenerator | null = new StatementRowGenerator({ seed: 42, total, order, start: START, spanDays: SPAN_DAYS })
const walletIds = gen.walletIds
const p = new StatementProjection()
// the engine knows the row count before it loads (an IndexedDB count()), so it reserves
if (process.env["NO_RESERVE"] === undefined) p.reserve(total)
// a few rows kept aside to build queries from (ids, e2e, names, documents)
const samples: StatementEntry[] = []
let loadMs = 0
let loadCpu = 0
for (let done = 0; done < total;) {
  // structuredClone: rows as the worker gets them from IndexedDB (flat strings, fresh objects)
  const chunk = structuredClone(gen.take(CHUNK))
  if (chunk.length === 0) break
  if (samples.length < 64 && done % 15_000 === 0) samples.push(chunk[0] as StatementEntry)
  const t = performance.now()
  const c = cpuMs()
  p.upsertMany(chunk)
  loadMs += performance.now() - t
  loadCpu += cpuMs() - c
  done += chunk.length
}
console.log(
  `load: ${p.size} rows (${order} order, chunks of ${CHUNK}): upsertMany ${loadMs.toFixed(0)} ms wall = ${Math.round(p.size / (loadMs / 1000)).toLocaleString("en")} rows/s; ` +
    `${loadCpu.toFixed(0)} ms CPU = ${Math.round(p.size / (loadCpu / 1000)).toLocaleString("en")} rows/s`
)

const now = START + SPAN_DAYS * 86_400_000
const queries = benchmarkQueries({ walletIds, samples, now, start: START })
const pct = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number
}
const run = (label: string): void => {
  const times: number[] = []
  const cpu: number[] = []
  let matched = 0
  for (const q of queries) {
    const t = performance.now()
    const c = cpuMs()
    const r = p.query(q)
    times.push(performance.now() - t)
    cpu.push(cpuMs() - c)
    matched += r.total
  }
  if (process.env["VERBOSE"])
    times.forEach((t, i) => console.log(`  #${i} ${t.toFixed(2)} ms (CPU ${(cpu[i] as number).toFixed(2)}) ${JSON.stringify(queries[i]).slice(0, 100)}`))
  const worst = times.indexOf(Math.max(...times))
  console.log(
    `${label}: wall p50=${pct(times, 0.5).toFixed(2)} ms p95=${pct(times, 0.95).toFixed(2)} ms max=${Math.max(...times).toFixed(2)} ms; ` +
      `CPU p50=${pct(cpu, 0.5).toFixed(2)} ms p95=${pct(cpu, 0.95).toFixed(2)} ms ` +
      `(query #${worst} ${JSON.stringify(queries[worst]).slice(0, 80)}) — ${matched.toLocaleString("en")} matches over 50 queries`
  )
}

run("queries, cold (first pass: JIT and the lazy orders are built inside)")
run("queries, warm")

gen = null
await settle()
const after = used()
const report = p.memoryReport()
console.log(`memory: heap+external delta ${((after - before) / p.size).toFixed(1)} bytes/row; memoryBytes() ${(p.memoryBytes() / p.size).toFixed(1)} bytes/row`)
console.log(
  `  breakdown (bytes/row): ${Object.entries(report)
    .filter(([k]) => k !== "rows" && k !== "capacity")
    .map(([k, v]) => `${k}=${(v / p.size).toFixed(1)}`)
    .join(" ")} (capacity ${report["capacity"]})`
)

const t = performance.now()
p.optimize()
console.log(`optimize(): ${(performance.now() - t).toFixed(0)} ms`)
run("queries after optimize(), cold")
run("queries after optimize(), warm")
await settle()
const after2 = used()
console.log(
  `memory after optimize(): heap+external delta ${((after2 - before) / p.size).toFixed(1)} bytes/row; memoryBytes() ${(p.memoryBytes() / p.size).toFixed(1)} bytes/row`
)

// a live update stream after the load: single-row upserts and the next query
const live = new StatementRowGenerator({ seed: 43, total: 200, order: "asc", start: now, spanDays: 1 })
const lt: number[] = []
for (let i = 0; i < 50; i++) {
  const tt = performance.now()
  p.upsertMany(live.take(1))
  p.query(queries[i % queries.length] as StatementQuery)
  lt.push(performance.now() - tt)
}
console.log(`live insert + query: wall p50=${pct(lt, 0.5).toFixed(2)} ms p95=${pct(lt, 0.95).toFixed(2)} ms`)
console.log(
  `machine after: loadavg ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`
)
