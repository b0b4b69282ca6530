/**
 * The benchmarks (DESIGN "Benchmark names and results"). Browser figures are measured in a real
 * Chromium on bench pages served by Vite (bench/pages/*), which import the project's own modules.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs"
import { gzipSync } from "node:zlib"
import { resolve } from "node:path"
import { spawnSync } from "node:child_process"
import { benchServer, launch, pageLimits, report, root, withLimits } from "./lib.ts"
import { SHELL_NAMESPACES as SHELL_MESSAGES } from "../locales/namespaces.ts"
import { filterVsServer, latencyBench, syncBench } from "./sync-benches.ts"
import { statementsKeystroke, statementsScroll } from "./statements-benches.ts"
import { pixConfirmToOptimistic } from "./pix-benches.ts"
import { cardBlockToPaint } from "./cards-benches.ts"
import { reportUpload50mb } from "./betting-benches.ts"
import { analysisViewOpen1m } from "./analysis-benches.ts"
import { gatewayBenches, gatewayKeystroke, gatewayMetricsChart } from "./gateway-benches.ts"

type Bench = () => Promise<void>

/**
 * Initial JavaScript of the app shell, gzip (issue 33 item 5: ≤ 200 kB): the entry and its modulepreloads, plus the
 * messages the first paint waits for — the shell's namespaces of Portuguese, loaded as chunks of their own
 * (D-lazy-messages) and found by the build manifest. The messages also print apart.
 */
const shellBundle: Bench = async () => {
  if (!existsSync(resolve(root, "dist/index.html")) || process.argv.includes("--build")) {
    spawnSync(process.execPath, [resolve(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" })
  }
  const html = readFileSync(resolve(root, "dist/index.html"), "utf8")
  const files = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) if (m[1]) files.add(m[1])
  const gz = (f: string): number => gzipSync(readFileSync(resolve(root, "dist", f))).length
  let bytes = 0
  for (const f of files) bytes += gz(f)
  const manifestPath = resolve(root, "dist/.vite/manifest.json")
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file: string }>) : {}
  let messages = 0
  for (const ns of SHELL_MESSAGES) {
    const chunk = manifest[`locales/pt/${ns}.json`]?.file
    if (chunk !== undefined && !files.has(chunk)) messages += gz(chunk)
  }
  const all = readdirSync(resolve(root, "dist/assets")).filter((f) => f.endsWith(".js")).length
  report({
    name: "shell-bundle",
    figures: {
      initial_js_gzip_kb: Math.round((bytes + messages) / 102.4) / 10,
      entry_and_preloads_gzip_kb: Math.round(bytes / 102.4) / 10,
      first_messages_gzip_kb: Math.round(messages / 102.4) / 10,
      initial_files: files.size,
      total_js_files: all
    },
    budgets: { initial: { figure: "initial_js_gzip_kb", limit: 200, kind: "max" } }
  })
}

interface PageResult {
  figures: Record<string, number>
}
/**
 * Run a bench page in Chromium and read what it publishes on window.__bench; `limits`: then the limits of
 * lib.ts `pageLimits` over that many rows in the same page, and each figure's ratio to the limit named with it.
 */
async function runPage(
  page: string,
  params: Record<string, string>,
  limits?: { readonly rows: number; readonly pairs: ReadonlyArray<readonly [string, string]> },
  timeoutMs = 600_000
): Promise<PageResult> {
  const server = await benchServer()
  const browser = await launch()
  try {
    const p = await browser.newPage()
    p.on("console", (m) => {
      if (m.type() === "error") console.error(`[page] ${m.text()}`)
    })
    p.on("pageerror", (e) => console.error(`[page] ${e.message}`))
    const qs = new URLSearchParams(params).toString()
    await p.goto(`${server.url}/bench/pages/${page}?${qs}`, { waitUntil: "commit" })
    await p.waitForFunction(() => (window as unknown as { __bench?: unknown }).__bench !== undefined, undefined, { timeout: timeoutMs, polling: 500 })
    const r = await p.evaluate(() => (window as unknown as { __bench: PageResult | { error: string } }).__bench)
    if ("error" in r) throw new Error(r.error)
    return limits ? { figures: withLimits(r.figures, await pageLimits(p, limits.rows), limits.pairs) } : r
  } finally {
    await browser.close()
    await server.close()
  }
}

const filter1m: Bench = async () => {
  const r = await runPage("projection.html", { rows: "1000000", mode: "filter" }, { rows: 1_000_000, pairs: [["p95_ms", "scan"]] })
  report({ name: "filter-1m", figures: r.figures, budgets: { p95: { figure: "p95_ms", limit: 30, kind: "max" } } })
}
/** issue 32 item 4: the pivot of 50 filters over 1M rows across 3 wallets (bench/pages/projection.ts `mode=pivot`). */
const analysisPivot1m: Bench = async () => {
  const r = await runPage("projection.html", { rows: "1000000", mode: "pivot" }, { rows: 1_000_000, pairs: [["p95_ms", "scan"]] })
  report({ name: "analysis-pivot-1m", figures: r.figures, budgets: { p95: { figure: "p95_ms", limit: 50, kind: "max" } } })
}
/**
 * issue 33 item 4 "JS heap ≤ 150 B per row for the statement and the gateway table": 1M rows of each, in a page of
 * its own; the heap kept after a full collection (`js_heap_bytes_per_row`, the budget), what it held before that
 * collection (the generator's rows not yet swept) and the projection's own count (`bytes_per_row`) print beside it.
 */
const projectionMemory: Bench = async () => {
  const st = await runPage("projection.html", { rows: "1000000", mode: "memory" })
  const gw = await runPage("projection.html", { rows: "1000000", mode: "gateway-memory" })
  const figures: Record<string, number> = {}
  for (const [k, v] of Object.entries(st.figures)) figures[`statement_${k}`] = v
  for (const [k, v] of Object.entries(gw.figures)) figures[`gateway_${k}`] = v
  report({
    name: "projection-memory",
    figures,
    budgets: {
      statement: { figure: "statement_js_heap_bytes_per_row", limit: 150, kind: "max" },
      gateway: { figure: "gateway_js_heap_bytes_per_row", limit: 150, kind: "max" }
    }
  })
}
/** The same 10 filters as filter-vs-server, locally and through an RxDB `find` over the same 100k rows (bench/pages/rxdb.ts). */
const filterVsRxdb100k: Bench = async () => {
  const r = await runPage("rxdb.html", { rows: "100000" })
  if (process.env.BENCH_VERBOSE) for (const f of (r as PageResult & { filters?: unknown[] }).filters ?? []) console.log(`  ${JSON.stringify(f)}`)
  report({ name: "filter-vs-rxdb-100k", figures: r.figures, budgets: { ratio: { figure: "ratio", limit: 50, kind: "min" } } })
}
const csvExport100k: Bench = async () => {
  const r = await runPage("projection.html", { rows: "100000", mode: "csv" })
  report({ name: "csv-export-100k", figures: r.figures, budgets: {} })
}

const daysAheadRecompute: Bench = async () => {
  const r = await runPage("days-ahead.html", { items: "1000" }, { rows: 1000, pairs: [["p95_ms", "frame"]] })
  report({ name: "days-ahead-recompute", figures: r.figures, budgets: { p95: { figure: "p95_ms", limit: 16, kind: "max" } } })
}

export const benches: Record<string, Bench> = {
  "shell-bundle": shellBundle,
  "filter-1m": filter1m,
  "projection-memory": projectionMemory,
  "csv-export-100k": csvExport100k,
  "sync-100k": () => syncBench("100k", false),
  "sync-1m": () => syncBench("1m", true), // also reports reopen-1m
  "reopen-1m": () => syncBench("1m", true),
  "stream-to-paint": () => latencyBench("stream-to-paint"),
  "approval-queue-latency": () => latencyBench("approval-queue-latency"),
  "filter-vs-server": filterVsServer,
  "filter-vs-rxdb-100k": filterVsRxdb100k,
  "statements-keystroke-1m": statementsKeystroke,
  "statements-scroll-1m": statementsScroll,
  "days-ahead-recompute": daysAheadRecompute,
  "card-block-to-paint": () => cardBlockToPaint(),
  "report-upload-50mb": reportUpload50mb,
  "gateway-sync-1m": () => gatewayBenches(["sync"]),
  "gateway-filter-1m": () => gatewayBenches(["filter"]),
  "gateway-metrics-1m": () => gatewayBenches(["metrics"]),
  "gateway-keystroke-1m": gatewayKeystroke,
  "gateway-metrics-chart-1m": gatewayMetricsChart,
  "pix-confirm-to-optimistic": () => pixConfirmToOptimistic(),
  "analysis-pivot-1m": analysisPivot1m,
  "analysis-view-open-1m": analysisViewOpen1m
}
