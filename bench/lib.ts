/**
 * Benchmark plumbing (DESIGN "Benchmark names and results"): a real Chromium driven by Playwright,
 * a Vite server for the bench pages, percentiles, and the result file + one summary line.
 */
import { mkdirSync, writeFileSync, existsSync } from "node:fs"
import { cpus, totalmem } from "node:os"
import { resolve } from "node:path"
import { chromium, type Browser, type Page } from "@playwright/test"

export const root = resolve(import.meta.dirname, "..")

export interface Result {
  name: string
  figures: Record<string, number>
  budgets: Record<string, { limit: number; kind: "max" | "min"; figure: string }>
}

export function percentile(xs: ReadonlyArray<number>, p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  if (!s.length) return NaN
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))
  return s[i] ?? NaN
}

/**
 * Where results are written: bench/results, or `BENCH_RESULTS_DIR` (bench:compare gives each run its
 * own folder, so a comparison neither reads nor overwrites another run's files).
 */
export const resultsDir = (): string => process.env.BENCH_RESULTS_DIR ?? resolve(root, "bench/results")

/** Every result reported in this process, in order: run.ts fails a benchmark that reported none (issue 33 item 7). */
export const reported: Result[] = []

export function report(r: Result): boolean {
  reported.push(r)
  mkdirSync(resultsDir(), { recursive: true })
  const met = Object.values(r.budgets).every((b) => {
    const v = r.figures[b.figure]
    return v !== undefined && (b.kind === "max" ? v <= b.limit : v >= b.limit)
  })
  const out = {
    name: r.name,
    figures: r.figures,
    budgets: r.budgets,
    met,
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? "", memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version }
  }
  writeFileSync(resolve(resultsDir(), `${r.name}.json`), JSON.stringify(out, null, 2))
  const figs = Object.entries(r.figures)
    .map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(2)}`)
    .join(" ")
  console.log(`${r.name}: ${figs} (budget ${Object.keys(r.budgets).length ? (met ? "met" : "missed") : "none"})`)
  return met
}

/**
 * The limits a page figure chases, measured in the same page and run (issue 33 item 6), so a figure compares across
 * machines 3–5× apart: `frame`, one frame (the median interval of 30 animation frames at rest: the paint limit of a
 * keystroke, a scroll, a redraw); `scan`, a plain pass over `rows` Int32 values compared with a bound and counted
 * (the median of 7: the least a filter over that many rows does, the filter limit).
 */
export async function pageLimits(page: Page, rows: number): Promise<{ frame: number; scan: number }> {
  await page.bringToFront()
  // a string, not a function: tsx names the functions it compiles (`__name`), which the page does not have
  return page.evaluate(`(async (n) => {
    const ts = []
    await new Promise((done) => {
      function tick(t) {
        ts.push(t)
        if (ts.length > 30) done()
        else requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
    function mid(xs) { return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] }
    const frame = mid(ts.slice(1).map((t, i) => t - ts[i]))
    const a = new Int32Array(n)
    for (let i = 0; i < n; i++) a[i] = ((i * 2654435761) >>> 8) & 0xffff
    const took = []
    let sink = 0
    for (let k = 0; k < 7; k++) {
      const t0 = performance.now()
      let c = 0
      for (let i = 0; i < n; i++) if (a[i] > 32768) c++
      took.push(performance.now() - t0)
      sink += c
    }
    globalThis.__limitSink = sink
    return { frame: frame, scan: mid(took) }
  })(${rows})`)
}

/** The figures, then each limit (`<limit>_limit_ms`) and a figure's ratio to its limit (`<figure>_to_<limit>`). */
export function withLimits(
  figures: Readonly<Record<string, number>>,
  limits: Readonly<Record<string, number>>,
  pairs: ReadonlyArray<readonly [figure: string, limit: string]>
): Record<string, number> {
  const out: Record<string, number> = { ...figures }
  for (const [name, v] of Object.entries(limits)) out[`${name}_limit_ms`] = Math.round(v * 100) / 100
  for (const [f, l] of pairs) {
    const v = figures[f]
    const lim = limits[l]
    if (v !== undefined && lim !== undefined && lim > 0) out[`${f}_to_${l}`] = Math.round((v / lim) * 100) / 100
  }
  return out
}

export async function launch(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      "--enable-precise-memory-info",
      "--js-flags=--expose-gc"
    ]
  })
}

/** A Vite dev server rooted at the project, so bench pages import project modules directly. */
export async function benchServer(port = 5290): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import("vite")
  const server = await createServer({
    root,
    configFile: resolve(root, "vite.config.ts"),
    server: { port, strictPort: false, host: "127.0.0.1" },
    logLevel: "warn"
  })
  await server.listen()
  const addr = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`
  return { url: addr.replace(/\/$/, ""), close: () => server.close() }
}

let built = false
/**
 * The built app + a sandbox on its own ports (scripts/serve.mjs). The database for a size is
 * seeded once and reused (`.data/bench-<size>.sqlite`, or in BENCH_DATA_DIR: bench:compare's working side); `fresh`
 * makes a new one.
 */
export async function startApp(
  size: "small" | "100k" | "1m",
  opts: { fresh?: boolean; appPort?: number; apiPort?: number } = {}
): Promise<{ url: string; api: string; stop: () => void }> {
  const { spawn } = await import("node:child_process")
  const appPort = opts.appPort ?? 5391
  const apiPort = opts.apiPort ?? 4391
  const args = [
    resolve(root, "scripts/serve.mjs"),
    "--app-port",
    String(appPort),
    "--api-port",
    String(apiPort),
    "--db",
    resolve(process.env["BENCH_DATA_DIR"] ?? resolve(root, ".data"), `bench-${size}.sqlite`),
    "--size",
    size,
    "--admin",
    "--fixed-code",
    "--harness" // the engine harness page (off unless asked: issue 30)
  ]
  if (opts.fresh) args.push("--fresh")
  // the built app must be the current source: build once per `npm run bench` (skip: --no-build)
  // --no-build serves dist/ as it is (bench:compare builds each side once, so no run rebuilds it mid-comparison)
  if (process.argv.includes("--no-build")) {
    if (existsSync(resolve(root, "dist/index.html"))) args.push("--no-build")
  } else if (!built) args.push("--build")
  built = true
  // another run's server on these ports would answer the health checks below in place of ours
  const taken = async (u: string): Promise<boolean> =>
    fetch(u).then(
      () => true,
      () => false
    )
  if ((await taken(`http://127.0.0.1:${apiPort}/health`)) || (await taken(`http://127.0.0.1:${appPort}/`))) {
    throw new Error(`ports ${appPort}/${apiPort} are in use (another benchmark run?)`)
  }
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, SANDBOX_QUIET: "1" } })
  const url = `http://127.0.0.1:${appPort}`
  let exited: number | null = null
  child.on("exit", (code) => {
    exited = code ?? -1
  })
  // a benchmark that throws before its `finally` (the browser failed to launch) must not leave the
  // servers holding the ports for the next run
  const killOnExit = (): void => {
    if (exited === null) child.kill("SIGTERM")
  }
  process.on("exit", killOnExit)
  const until = Date.now() + 300_000
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${apiPort}/health`)
      if (r.ok && (await fetch(`${url}/`)).ok) break
    } catch {
      /* not yet */
    }
    if (exited !== null) throw new Error(`app did not start (serve.mjs exited ${exited}; ports ${appPort}/${apiPort} in use?)`)
    if (Date.now() > until) {
      child.kill()
      throw new Error("app did not start")
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    url,
    api: `http://127.0.0.1:${apiPort}`,
    stop: () => {
      process.off("exit", killOnExit)
      child.kill("SIGTERM")
    }
  }
}

interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  }>
  readonly samples?: ReadonlyArray<number>
  readonly timeDeltas?: ReadonlyArray<number>
}

/** A CDP session on the engine's SharedWorker (Target.sendMessageToTarget: Playwright gives no page for it). */
async function sharedWorkerSession(browser: Browser): Promise<{ send: (method: string, params?: object) => Promise<unknown>; detach: () => Promise<void> }> {
  const cdp = await browser.newBrowserCDPSession()
  const { targetInfos } = await cdp.send("Target.getTargets")
  const worker = targetInfos.find((t) => t.type === "shared_worker")
  if (!worker) throw new Error("no shared worker")
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId: worker.targetId, flatten: false })
  let next = 0
  const waiting = new Map<number, { ok: (r: unknown) => void; fail: (e: unknown) => void }>()
  cdp.on("Target.receivedMessageFromTarget", (e) => {
    if (e.sessionId !== sessionId) return
    const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown }
    const w = m.id === undefined ? undefined : waiting.get(m.id)
    if (!w) return
    waiting.delete(m.id as number)
    if (m.error) w.fail(new Error(JSON.stringify(m.error)))
    else w.ok(m.result)
  })
  const send = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((ok, fail) => {
      const id = ++next
      waiting.set(id, { ok, fail })
      cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail)
    })
  return { send, detach: () => cdp.detach() }
}

/** A full collection in the engine's SharedWorker (the benchmarks' Chromium runs with --expose-gc). */
export async function collectInSharedWorker(browser: Browser): Promise<void> {
  const w = await sharedWorkerSession(browser)
  try {
    await w.send("Runtime.evaluate", { expression: "gc()" })
  } finally {
    await w.detach()
  }
}

/**
 * BENCH_TRACE=file (or `file`): a Chromium trace of every process (the page and the engine's SharedWorker: tasks, JS
 * samples, user-timing marks, and `extra` categories) from now until `stop()`, which writes it; without a file, nothing
 * is traced and `stop()` does nothing.
 */
export async function traceIfAsked(
  browser: Browser,
  page: Page,
  extra: ReadonlyArray<string> = [],
  file: string | undefined = process.env.BENCH_TRACE
): Promise<{ stop: () => Promise<void> }> {
  if (!file) return { stop: async () => undefined }
  const categories = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "toplevel",
    "blink.user_timing",
    "disabled-by-default-v8.cpu_profiler",
    "v8",
    ...extra
  ]
  await browser.startTracing(page, { path: file, screenshots: false, categories })
  return {
    stop: async () => {
      await browser.stopTracing()
    }
  }
}

/**
 * `BENCH_CPUPROFILE=file`: the page's main thread profiled (a .cpuprofile for DevTools; the build has hidden source
 * maps) from now until `stop()`, which writes the file; without the variable, nothing is profiled and `stop()` does
 * nothing.
 */
export async function profilePageIfAsked(page: Page): Promise<{ stop: () => Promise<void> }> {
  const file = process.env.BENCH_CPUPROFILE
  if (!file) return { stop: async () => undefined }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Profiler.enable")
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
  await cdp.send("Profiler.start")
  return {
    stop: async () => {
      const { profile } = await cdp.send("Profiler.stop")
      writeFileSync(file, JSON.stringify(profile))
      await cdp.detach()
    }
  }
}

/**
 * A CPU profile of the engine's SharedWorker, through the browser's own CDP session (the page's
 * session does not reach a shared worker): attached with `Target.attachToTarget` and driven with
 * `Target.sendMessageToTarget`. `BENCH_WORKER_PROFILE=file` in the keystroke benches.
 */
export async function profileSharedWorker(browser: Browser, intervalUs = 200): Promise<{ stop: () => Promise<CpuProfile> }> {
  const { send, detach } = await sharedWorkerSession(browser)
  await send("Profiler.enable")
  await send("Profiler.setSamplingInterval", { interval: intervalUs })
  await send("Profiler.start")
  return {
    stop: async () => {
      const r = (await send("Profiler.stop")) as { profile: CpuProfile }
      await detach()
      return r.profile
    }
  }
}

/** The functions with the most self time in a CPU profile (the collector shows as "(garbage collector)"). */
export function profileSummary(p: CpuProfile, top = 14): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const samples = p.samples ?? []
  const deltas = p.timeDeltas ?? []
  let all = 0
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i] as number)
    if (!n) continue
    const f = n.callFrame
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop() ?? ""}:${f.lineNumber + 1}`
    const dt = (deltas[i] ?? 0) / 1000
    self.set(key, (self.get(key) ?? 0) + dt)
    if (f.functionName !== "(idle)" && f.functionName !== "(program)") all += dt
  }
  const rows = [...self.entries()]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
  return `busy ${all.toFixed(0)} ms; ` + rows.map(([k, v]) => `${v.toFixed(0)} ms ${k}`).join("; ")
}
