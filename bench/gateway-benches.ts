/**
 * Gateway benchmarks over 1M transactions (issue 16; spec features §2 gateway, §3 Transaction and
 * Dashboard aggregate), in Chromium through the harness page (harness/engine.html: the real
 * SharedWorker, real IndexedDB, the sandbox over HTTP), signed in as the seeded company (Bruno:
 * 800k rows on the matrix, 200k on the branch, sandbox/areas/gateway/db.ts gatewaySizes):
 * - `gateway-sync-1m`: sign-in → every gateway wallet's table local (seconds ≤ 15);
 * - `gateway-filter-1m`: a filter across matrix + branch (text, statuses, kinds, period, amounts)
 *   answered by the worker's table projection — its own `tookMs` (p95 ≤ 16 ms);
 * - `gateway-metrics-1m`: the metrics page's query (since issue 31 item 4 the per day × code series,
 *   `daySeries`, from which the page sums its type × status lines and its charts; before, "code"
 *   groups) over the chosen wallets and interval recomputed after a change of interval or
 *   wallets — from the change to the answer in the page (p95 ≤ 50 ms);
 * - `gateway-keystroke-1m`: Bruno types into the filter of /gateway/transactions/deposits (both
 *   wallets, 1M rows local): keystroke → table repainted (p95 ≤ 33 ms), measured exactly as
 *   `statements-keystroke-1m` is (bench/statements-benches.ts `measureKeystrokes`);
 * - `gateway-metrics-chart-1m`: the metrics page's charts redrawn after a filter change (issue 31 item 4;
 *   p95 ≤ 50 ms), from the input event to the paint (`gatewayMetricsChart`).
 */
import type { Page } from "@playwright/test"
import { writeFileSync } from "node:fs"
import { collectInSharedWorker, launch, pageLimits, percentile, profileSharedWorker, profileSummary, report, startApp, withLimits } from "./lib.ts"
import { measureKeystrokes, openStatements, type BigTablePage, type KeystrokeTarget } from "./statements-benches.ts"
import "../harness/types.ts"

const openHarness = async (page: Page, url: string) => {
  await page.addInitScript("window.__name = (f) => f")
  await page.goto(`${url}/harness/engine.html`)
  await page.waitForFunction(() => window.harness !== undefined)
}
const round = (x: number) => Math.round(x * 10) / 10

/** Sign in as the company and wait until its gateway tables are local; seconds, rows, wallet ids. */
async function syncGateway(page: Page): Promise<{ seconds: number; rows: number; walletIds: string[]; ms: Record<string, number>; others: string[] }> {
  return page.evaluate(async () => {
    const h = window.harness
    const t0 = performance.now()
    await h.signIn("bruno@example.com")
    h.watch("progress", { kind: "syncProgress" })
    for (;;) {
      const lists = Object.entries(
        (h.snaps.progress as { lists?: Record<string, { state: string; done: number; ms?: Record<string, number> }> } | undefined)?.lists ?? {}
      ).filter(([k]) => k.startsWith("gateway_transactions"))
      const rows = lists.reduce((n, [, l]) => n + l.done, 0)
      if (lists.length >= 2 && rows >= 999_000 && lists.every(([, l]) => l.state === "done")) {
        const seconds = (performance.now() - t0) / 1000
        const walletIds = lists.map(([k]) => k.split(/[:|]/)[1] ?? "")
        // where the pull's time went, summed over the wallets' pulls (they run side by side)
        const ms: Record<string, number> = {}
        for (const [, l] of lists) for (const [step, v] of Object.entries(l.ms ?? {})) ms[step] = (ms[step] ?? 0) + v
        const others = Object.entries((h.snaps.progress as { lists?: Record<string, { done: number }> } | undefined)?.lists ?? {})
          .filter(([k, l]) => !k.startsWith("gateway_transactions") && l.done > 1000)
          .map(([k, l]) => `${k}=${l.done}`)
        return { seconds, rows, walletIds, ms, others }
      }
      await new Promise((r) => setTimeout(r, 20))
    }
  })
}

/**
 * `gateway-reopen-1m` (issue 33 item 2, every table reopens from its image): once the gateway table's image is
 * written after the sync, the tab reloads (its session stays, core §9) and the engine starts again from the local
 * store; timed from the reload to the gateway table answering a text search over all its rows (`loadedRows`), with
 * the table's rows read from the image and its own read time (open.tablesMs) beside.
 */
async function gatewayReopen(page: Page, rows: number, walletIds: ReadonlyArray<string>): Promise<void> {
  const waited = await page.evaluate(async (want) => {
    const h = window.harness
    const until = performance.now() + 180_000
    const saved = (): number =>
      (h.snaps.progress as { image?: { tables?: Record<string, { rows: number }> } } | undefined)?.image?.tables?.["gateway_transactions"]?.rows ?? 0
    while (saved() < want && performance.now() < until) await new Promise((r) => setTimeout(r, 50))
    return { saved: saved(), problems: JSON.stringify((h.snaps.progress as { problems?: unknown } | undefined)?.problems ?? []) }
  }, rows)
  // not written: what the engine noted (EN1) says why
  if (waited.saved < rows) console.error(`gateway-reopen-1m: no image within 180 s; the engine noted: ${waited.problems}`)
  const t0 = Date.now()
  await page.reload({ waitUntil: "commit" })
  await page.waitForFunction(() => window.harness !== undefined)
  const s = await page.evaluate(
    async ({ want, walletIds }) => {
      const h = window.harness
      h.watch("gw", { kind: "table", table: "gateway_transactions", query: { walletIds, text: "silva", limit: 60 }, sums: true })
      h.watch("progress", { kind: "syncProgress" })
      for (;;) {
        const v = h.snaps.gw as { loadedRows: number } | undefined
        if (v && v.loadedRows >= want) break
        await new Promise((r) => setTimeout(r, 5))
      }
      const at = Date.now() - (performance.now() - (h.stamps.gw ?? performance.now()))
      for (let i = 0; i < 400 && !(h.snaps.progress as { open?: { tablesMs?: unknown } } | undefined)?.open?.tablesMs; i++)
        await new Promise((r) => setTimeout(r, 25))
      const open = (h.snaps.progress as { open?: { tablesMs?: Record<string, number>; tablesImageRows?: Record<string, number> } } | undefined)?.open
      const problems = JSON.stringify((h.snaps.progress as { problems?: unknown } | undefined)?.problems ?? [])
      return { at, ms: open?.tablesMs?.["gateway_transactions"] ?? -1, imageRows: open?.tablesImageRows?.["gateway_transactions"] ?? -1, problems }
    },
    { want: rows, walletIds }
  )
  if (s.imageRows <= 0) console.error(`gateway-reopen-1m: the table was not read from its image; the engine noted: ${s.problems}`)
  report({
    name: "gateway-reopen-1m",
    figures: { seconds_to_interactive: round((s.at - t0) / 1000), table_load_ms: s.ms, image_rows: s.imageRows, rows },
    budgets: { s: { figure: "seconds_to_interactive", limit: 2, kind: "max" } }
  })
}

/**
 * Waits (at most 180 s) until the gateway table's reopen image holds `rows` rows; `rows` 0 when it was not written.
 * Meanwhile a trivial live query (the connection's) is asked every 20 ms and answered: `maxWaitMs`, the longest such
 * ask, is the longest the engine's thread was held between the sync's end and the image written (the write among it:
 * one ~1 s task before the image was written a part per task; a keystroke's answer waits as long).
 */
async function imageWritten(page: Page, rows: number): Promise<{ rows: number; maxWaitMs: number }> {
  const saved = await page.evaluate(async (want) => {
    const h = window.harness
    h.watch("progress", { kind: "syncProgress" })
    const until = performance.now() + 180_000
    const n = (): number =>
      (h.snaps.progress as { image?: { tables?: Record<string, { rows: number }> } } | undefined)?.image?.tables?.["gateway_transactions"]?.rows ?? 0
    let maxWaitMs = 0
    while (n() < want && performance.now() < until) {
      const t = performance.now()
      await new Promise<void>((done) => {
        let off: (() => void) | null = null
        let answered = false
        off = h.engine.subscribe({ kind: "connection" }, () => {
          if (answered) return
          answered = true
          done()
          setTimeout(() => off?.(), 0)
        })
      })
      maxWaitMs = Math.max(maxWaitMs, performance.now() - t)
      await new Promise((r) => setTimeout(r, 20))
    }
    return { rows: n(), maxWaitMs }
  }, rows)
  if (saved.rows < rows) console.error(`(the gateway image was not written within 180 s: ${saved.rows} rows)`)
  return { rows: saved.rows >= rows ? saved.rows : 0, maxWaitMs: saved.maxWaitMs }
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const h = window.harness
    for (let i = 0, calm = 0; calm < 5 && i < 400; i++) {
      const t = performance.now()
      h.watch(`probe${i}`, { kind: "connection" })
      while (h.snaps[`probe${i}`] === undefined) await new Promise((r) => setTimeout(r, 1))
      calm = performance.now() - t < 30 ? calm + 1 : 0
      await new Promise((r) => setTimeout(r, 200))
    }
  })
}

/** The filters a reconciling merchant types, across both wallets (features §2 gateway transactions). */
const FILTERS: ReadonlyArray<Record<string, unknown>> = [
  { text: "silva" },
  { text: "sil" },
  { text: "s" },
  { text: "maria souza" },
  { text: "E6070" },
  { text: "123" },
  { statuses: ["paid"] },
  { statuses: ["pending", "on_hold"] },
  { types: ["deposit"] },
  { types: ["refund", "return"] },
  { text: "lima", statuses: ["paid"] },
  { minAmount: 10_000, maxAmount: 500_000 },
  { text: "oliveira", minAmount: 5_000 },
  { days: 7 },
  { days: 30, types: ["deposit"] },
  { days: 1 },
  { text: "ltda", days: 30 },
  { text: "0001" }
]

export async function gatewayBenches(which: ReadonlyArray<"sync" | "filter" | "metrics">): Promise<void> {
  const app = await startApp("1m", { appPort: 5398, apiPort: 4398 })
  const browser = await launch()
  try {
    const page = await (await browser.newContext()).newPage()
    await openHarness(page, app.url)
    const sync = await syncGateway(page)
    if (sync.others.length) console.log(`(other lists pulled meanwhile: ${sync.others.join(" ")})`)
    if (which.includes("sync")) {
      const steps = Object.fromEntries(Object.entries(sync.ms).map(([k, v]) => [`${k}_s`, round(v / 1000)]))
      report({
        name: "gateway-sync-1m",
        figures: { seconds: round(sync.seconds), rows: sync.rows, rows_per_s: Math.round(sync.rows / sync.seconds), ...steps },
        budgets: { seconds: { figure: "seconds", limit: 15, kind: "max" } }
      })
      await gatewayReopen(page, sync.rows, sync.walletIds)
    }
    if (!which.includes("filter") && !which.includes("metrics")) return
    // the table's reopen image is written once after its sync (issue 33 item 2: ~1 s of the worker's thread and
    // ~400 MB cloned into IndexedDB for a million rows); the filters are timed after it, as the steady state they
    // measure (at 2b733f4 no gateway image was written, and filters timed over the write ran 2–3× slower: GC)
    const image = which.includes("sync") ? null : await imageWritten(page, sync.rows)
    if (image) console.log(`(the engine's longest hold while the gateway image was written: ${round(image.maxWaitMs)} ms)`)
    // BENCH_GC=1: a full collection in the worker before the filters (is a first ask's time the collector's?)
    if (process.env.BENCH_GC) await collectInSharedWorker(browser)
    await settle(page)
    if (which.includes("filter")) {
      // BENCH_WORKER_PROFILE=file: the engine's SharedWorker profiled over the filters (where a filter's time goes)
      const workerProfile = process.env.BENCH_WORKER_PROFILE ? await profileSharedWorker(browser) : null
      const took = await page.evaluate(
        async ({ walletIds, filters }) => {
          const h = window.harness
          const now = Date.now()
          const out: number[] = []
          for (let round = 0; round < 3; round++) {
            for (let i = 0; i < filters.length; i++) {
              const { days, ...f } = filters[i] as { days?: number } & Record<string, unknown>
              const query = { walletIds, ...f, ...(days ? { from: now - days * 86_400_000, to: now } : {}), limit: 60, sort: { by: "created_at", dir: "desc" } }
              const name = `f${round}_${i}`
              h.watch(name, { kind: "table", table: "gateway_transactions", query, sums: true })
              while (h.snaps[name] === undefined) await new Promise((r) => setTimeout(r, 1))
              out.push((h.snaps[name] as { tookMs: number }).tookMs)
            }
          }
          return out
        },
        { walletIds: sync.walletIds, filters: FILTERS }
      )
      if (workerProfile && process.env.BENCH_WORKER_PROFILE) {
        const p = await workerProfile.stop()
        writeFileSync(process.env.BENCH_WORKER_PROFILE, JSON.stringify(p))
        console.log(`(worker profile over the filters: ${process.env.BENCH_WORKER_PROFILE})\n${profileSummary(p)}`)
      }
      // the slowest filters by their worst of three rounds (where the p95 comes from)
      const worst = FILTERS.map((f, i) => ({ f: JSON.stringify(f), ms: Math.max(...[0, 1, 2].map((r) => took[r * FILTERS.length + i] ?? 0)) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
      console.log(`(slowest filters: ${worst.map((w) => `${w.f} ${round(w.ms)} ms`).join("; ")})`)
      const median = FILTERS.map(
        (f, i) =>
          `${JSON.stringify(f)} ${round(
            percentile(
              [0, 1, 2].map((r) => took[r * FILTERS.length + i] ?? 0),
              50
            )
          )}`
      )
      console.log(`(each filter, median of 3 rounds, ms: ${median.join("; ")})`)
      report({
        name: "gateway-filter-1m",
        // the first round apart: each filter asked for the first time (the later rounds may be answered from the match cache, Q4)
        figures: withLimits(
          {
            p50_ms: round(percentile(took, 50)),
            p95_ms: round(percentile(took, 95)),
            max_ms: round(Math.max(...took)),
            first_round_p50_ms: round(percentile(took.slice(0, FILTERS.length), 50)),
            first_round_max_ms: round(Math.max(...took.slice(0, FILTERS.length))),
            queries: took.length,
            rows: sync.rows,
            // the longest a trivial ask waited between the sync's end and the image written (see imageWritten)
            ...(image ? { image_write_max_wait_ms: round(image.maxWaitMs) } : {})
          },
          await pageLimits(page, sync.rows),
          [["p95_ms", "scan"]]
        ),
        budgets: { p95: { figure: "p95_ms", limit: 16, kind: "max" } }
      })
    }
    if (which.includes("metrics")) {
      const ms = await page.evaluate(
        async ({ walletIds }) => {
          const h = window.harness
          const day = 86_400_000
          const now = Date.now()
          const out: number[] = []
          // the metrics page's query after each change: interval (7, 30, 90 days, shifted) × wallets (both, matrix, branch)
          const choices = [walletIds, walletIds.slice(0, 1), walletIds.slice(1)]
          for (let i = 0; i < 30; i++) {
            const span = [7, 30, 90][i % 3] as number
            const end = now - (i % 5) * day
            // the page's one query since issue 31 item 4: the per day × code series, from which it sums its type × status lines
            const query = { walletIds: choices[Math.floor(i / 3) % 3], from: end - span * day, to: end, limit: 0 }
            const name = `m${i}`
            const t0 = performance.now()
            h.watch(name, { kind: "table", table: "gateway_transactions", query, daySeries: true })
            while (h.snaps[name] === undefined) await new Promise((r) => setTimeout(r, 0))
            out.push(performance.now() - t0)
          }
          return out
        },
        { walletIds: sync.walletIds }
      )
      report({
        name: "gateway-metrics-1m",
        figures: {
          p50_ms: round(percentile(ms, 50)),
          p95_ms: round(percentile(ms, 95)),
          max_ms: round(Math.max(...ms)),
          recomputes: ms.length,
          rows: sync.rows
        },
        budgets: { p95: { figure: "p95_ms", limit: 50, kind: "max" } }
      })
    }
  } finally {
    await browser.close()
    app.stop()
  }
}

const GATEWAY_PAGE: BigTablePage = {
  email: "bruno@example.com",
  via: { path: "/gateway/transactions/deposits" },
  pageTestId: "gateway-page",
  listPrefix: "gateway_transactions",
  minRows: 999_000,
  tableTestId: "gateway-table"
}
const GATEWAY_KEYS: KeystrokeTarget = {
  input: "gateway-text",
  table: "gateway-table",
  row: "gateway-row",
  count: null,
  words: ["silva", "oliveira", "lt", "maria", "ped-0"]
}

export async function gatewayKeystroke(): Promise<void> {
  const app = await startApp("1m", { appPort: 5399, apiPort: 4399 })
  const browser = await launch()
  try {
    const { page, syncSeconds, rows, phases } = await openStatements(browser, app.url, GATEWAY_PAGE)
    // BENCH_TRACE=file: a Chromium trace of the keystrokes (as statements-keystroke-1m)
    const trace = process.env.BENCH_TRACE
    const recs = await measureKeystrokes(page, { target: GATEWAY_KEYS, browser, ...(trace ? { trace } : {}) })
    const ms = recs.map((r) => r.ms)
    // the slowest keystrokes (where the p95 comes from): the text after the key, to rows painted, and the worker's share
    const slow = [...recs].sort((a, b) => b.ms - a.ms).slice(0, 6)
    console.log(
      `(slowest keystrokes: ${slow.map((r) => `"${r.text}" ${round(r.ms)} ms (commit ${round(r.commitMs)}, worker ${round(r.workerMs)})`).join("; ")})`
    )
    const worker = recs.map((r) => r.workerMs).filter((x) => Number.isFinite(x))
    report({
      name: "gateway-keystroke-1m",
      figures: withLimits(
        {
          p50_ms: round(percentile(ms, 50)),
          p95_ms: round(percentile(ms, 95)),
          max_ms: round(Math.max(...ms)),
          full_p50_ms: round(
            percentile(
              recs.map((r) => r.fullMs),
              50
            )
          ),
          full_p95_ms: round(
            percentile(
              recs.map((r) => r.fullMs),
              95
            )
          ),
          ...(worker.length ? { worker_p50_ms: round(percentile(worker, 50)), worker_p95_ms: round(percentile(worker, 95)) } : {}),
          keystrokes: recs.length,
          rows,
          sync_seconds: round(syncSeconds),
          ...phases
        },
        await pageLimits(page, rows),
        [
          ["p95_ms", "frame"],
          ["p95_ms", "scan"]
        ]
      ),
      budgets: { p95: { figure: "p95_ms", limit: 33, kind: "max" } }
    })
  } finally {
    await browser.close()
    app.stop()
  }
}

const METRICS_PAGE: BigTablePage = {
  email: "bruno@example.com",
  via: { path: "/gateway/metrics" },
  pageTestId: "gateway-page",
  listPrefix: "gateway_transactions",
  minRows: 999_000,
  // the day chart's frame: data-state "ready" once it shows the answer of the filter on screen
  tableTestId: "metrics-chart-days"
}

/**
 * `gateway-metrics-chart-1m` (issue 31 item 4: "the gateway's metrics chart over 1M rows redraws within
 * 50 ms p95 after a filter change"): Bruno on /gateway/metrics with matrix + branch local (1M rows);
 * each change of the filter — the interval's start, a wallet ticked or unticked, the transaction type —
 * is timed in the page from the input event's own time (`timeStamp`) to the paint after the last DOM
 * change of the charts once the day chart shows the new filter's answer (its `data-key` moved and its
 * `data-state` is "ready"): the worker's per day × code series (one walk over the period), its way
 * to the tab, the sums of metrics-series.ts and recharts drawing the three charts. The type changes
 * redraw from the answer already in the page (no worker). 4 changes of warm-up, then 30 measured.
 */
export async function gatewayMetricsChart(): Promise<void> {
  const app = await startApp("1m", { appPort: 5402, apiPort: 4402 })
  const browser = await launch()
  try {
    const { page, syncSeconds, rows, phases } = await openStatements(browser, app.url, METRICS_PAGE)
    await page.evaluate(() => {
      interface Cur {
        t0: number
        prevKey: string | undefined
        matched: boolean
        matchedAt: number
        dirty: boolean
        painted: number
      }
      const st: { cur: Cur | null; records: number[]; detail: Array<{ commit: number; worker: number; key: string }> } = { cur: null, records: [], detail: [] }
      const frame = (): HTMLElement | null => document.querySelector('[data-testid="metrics-chart-days"]')
      const onEvent = (e: Event): void => {
        if (st.cur && st.cur.t0 === 0) st.cur.t0 = e.timeStamp
      }
      for (const ev of ["input", "change", "click"]) document.addEventListener(ev, onEvent, { capture: true })
      // the frame after which nothing more changed in the charts: its paint is the redraw's end
      const settle = (c: Cur): void => {
        requestAnimationFrame(() => {
          if (st.cur !== c) return
          if (c.dirty) {
            c.dirty = false
            settle(c)
          } else if (c.painted > 0) {
            st.records.push(c.painted - c.t0)
            const f = frame()
            st.detail.push({ commit: c.matchedAt - c.t0, worker: Number(f?.dataset["tookMs"] ?? NaN), key: f?.dataset["key"] ?? "" })
            st.cur = null
          } else settle(c)
        })
      }
      const charts = document.querySelector('[data-testid="metrics-charts"]')
      if (!charts) throw new Error("no metrics charts")
      new MutationObserver(() => {
        const c = st.cur
        if (!c || c.t0 === 0) return
        const f = frame()
        if (!c.matched) {
          if (!f || f.dataset["key"] === c.prevKey || f.dataset["state"] !== "ready") return
          c.matched = true
          c.matchedAt = performance.now()
          settle(c)
        }
        c.dirty = true
        requestAnimationFrame(() => {
          const ch = new MessageChannel()
          ch.port1.onmessage = () => {
            c.painted = performance.now()
          }
          ch.port2.postMessage(null)
        })
      }).observe(charts, { subtree: true, childList: true, attributes: true, characterData: true })
      Object.assign(window, {
        __mc: st.records,
        __mcDetail: st.detail,
        __arm: () => {
          st.cur = { t0: 0, prevKey: frame()?.dataset["key"], matched: false, matchedAt: 0, dirty: false, painted: 0 }
        }
      })
    })
    const day = 86_400_000
    const spDay = (ms: number): string => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10)
    const starts = [6, 13, 29, 20, 2].map((n) => spDay(Date.now() - n * day))
    const kinds = ["deposit", "withdrawal", "all", "refund", "all"]
    const branch = page.getByTestId("gateway-wallets").getByRole("checkbox").nth(1)
    let n = 0
    const change = async (i: number): Promise<void> => {
      await page.evaluate(() => (window as unknown as { __arm: () => void }).__arm())
      if (i % 3 === 0) await page.getByTestId("metrics-start").fill(starts[(i / 3) % starts.length] as string)
      else if (i % 3 === 1) await branch.click()
      else await page.getByTestId("metrics-kind").selectOption(kinds[Math.floor(i / 3) % kinds.length] as string)
      n++
      await page.waitForFunction((want) => (window as unknown as { __mc: number[] }).__mc.length >= want, n, { polling: 20, timeout: 30_000 })
      // the server's aggregate the table is checked against (a fetch after each interval or wallet change) is not what is timed
      await page.waitForTimeout(400)
    }
    await page.bringToFront()
    for (let i = 0; i < 4; i++) await change(i) // warm-up (JIT)
    const warm = n
    for (let i = 4; i < 34; i++) await change(i)
    const ms = (await page.evaluate(() => (window as unknown as { __mc: number[] }).__mc)).slice(warm)
    const detail = (await page.evaluate(() => (window as unknown as { __mcDetail: Array<{ commit: number; worker: number; key: string }> }).__mcDetail)).slice(
      warm
    )
    // where the slowest redraws' time went: to the commit that showed the new answer (worker, transfer, React), then to the paint
    const slow = ms
      .map((v, k) => ({ v, ...(detail[k] ?? { commit: NaN, worker: NaN, key: "" }) }))
      .sort((a, b) => b.v - a.v)
      .slice(0, 6)
    console.log(`(slowest redraws: ${slow.map((x) => `${round(x.v)} ms (commit ${round(x.commit)}, worker ${x.worker}) ${x.key}`).join("; ")})`)
    const engine = detail.map((x) => x.worker).filter((x) => Number.isFinite(x))
    const worker = ms.filter((_, k) => (k + warm) % 3 !== 2)
    report({
      name: "gateway-metrics-chart-1m",
      figures: withLimits(
        {
          p50_ms: round(percentile(ms, 50)),
          p95_ms: round(percentile(ms, 95)),
          max_ms: round(Math.max(...ms)),
          worker_changes_p95_ms: round(percentile(worker, 95)),
          commit_p50_ms: round(
            percentile(
              detail.map((x) => x.commit),
              50
            )
          ),
          engine_p95_ms: round(percentile(engine, 95)),
          changes: ms.length,
          rows,
          sync_seconds: round(syncSeconds),
          ...phases
        },
        await pageLimits(page, rows),
        [["p95_ms", "frame"]]
      ),
      budgets: { p95: { figure: "p95_ms", limit: 50, kind: "max" } }
    })
  } finally {
    await browser.close()
    app.stop()
  }
}
