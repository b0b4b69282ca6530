/**
 * The statements view in the real built app with the 1M-row sandbox (DESIGN budgets, "Benchmark
 * names and results": `statements-keystroke-1m`, `statements-scroll-1m`). Ana signs in through
 * the UI (e-mail + password, then the fixed e-mail code), opens /banking/statements from the
 * menu (no reload: the SharedWorker engine keeps its state) and waits until her statement is
 * entirely local; only then are keystrokes or frames measured, inside the page.
 */
import type { Browser, Page } from "@playwright/test"
import { launch, percentile, profilePageIfAsked, profileSharedWorker, profileSummary, pageLimits, report, startApp, traceIfAsked, withLimits } from "./lib.ts"

import "../harness/types.ts"

const EMAIL = "ana@example.com"
const PASSWORD = "Senha@123" // tests/e2e/pages/login-page.ts
const CODE = "000000" // the sandbox's fixed e-mail code
const round = (x: number): number => Math.round(x * 100) / 100

/**
 * Close the guided tour a page opens 300 ms after arrival (tests/e2e/pages/shell.ts), however
 * late a busy page shows it: until no tour has been seen for 1.5 s.
 */
async function dismissTour(page: Page): Promise<void> {
  const tour = page.getByTestId("tour")
  let since = Date.now()
  const until = Date.now() + 30_000
  while (Date.now() - since < 1500 && Date.now() < until) {
    if (await tour.isVisible()) {
      await tour
        .getByRole("button")
        .first()
        .click({ timeout: 5000 })
        .catch(() => undefined) // "skip"
      since = Date.now()
    }
    await page.waitForTimeout(150)
  }
}

/**
 * Sign in through the UI, open the statement and wait until every statement list of the user is
 * pulled (the engine's syncProgress, read from a harness tab on the same SharedWorker, which is
 * closed again before anything is measured), the engine's work after the pull is over (its
 * projection image stored, the worker answering at once) and the table answers. What is measured
 * is the statement with 1M rows local and the engine at rest; the seconds right after the first
 * sync, while the worker compacts and stores the projection, are not.
 */
/** Where a benchmark opens a big table: who signs in, how the page is reached, which synced lists make it. */
export interface BigTablePage {
  readonly email: string
  /** The menu item clicked from the banking home, or a path opened by URL (the SharedWorker keeps its state). */
  readonly via: { readonly menu: string } | { readonly path: string }
  readonly pageTestId: string
  /** The progress keys of the table's synced lists (`statements:` or `gateway_transactions`). */
  readonly listPrefix: string
  /** The rows those lists hold together once pulled (the 1M sandbox). */
  readonly minRows: number
  readonly tableTestId: string
  /** Set when the page reports sync progress that must go before measuring. */
  readonly syncTestId?: string
}
export const STATEMENTS_PAGE: BigTablePage = {
  email: EMAIL,
  via: { menu: "menu-statements" },
  pageTestId: "statements-page",
  listPrefix: "statements:",
  minRows: 900_000,
  tableTestId: "statement-table",
  syncTestId: "statement-sync"
}

export async function openStatements(
  browser: Browser,
  url: string,
  where: BigTablePage = STATEMENTS_PAGE
): Promise<{ page: Page; syncSeconds: number; rows: number; phases: SyncPhases }> {
  const ctx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  // tsx keeps function names with an `__name` helper that page.evaluate'd code must find
  await ctx.addInitScript("window.__name = (f) => f")
  const page = await ctx.newPage()
  page.on("pageerror", (e) => console.error(`[page] ${e.message}`))
  // BENCH_PHASES=1: each keystroke's messages to and from the engine timed (measureKeystrokes prints them)
  if (process.env.BENCH_PHASES) await ctx.addInitScript(PHASES_SCRIPT)
  // ?session_ms= (src/lib/session.ts): a 2 h inactivity limit, so the session outlives the long first sync
  await page.goto(`${url}/auth/login?session_ms=7200000`)
  await page.getByTestId("login-email").fill(where.email)
  await page.getByTestId("login-password").fill(PASSWORD)
  const t0 = Date.now()
  await page.getByTestId("login-submit").click()
  await page.getByTestId("login-code").fill(CODE)
  await page.getByTestId("login-code-submit").click()
  await page.waitForURL(/\/banking\/home$/, { timeout: 60_000 })
  await dismissTour(page)
  if ("menu" in where.via) await page.getByTestId(where.via.menu).click()
  else await page.goto(`${url}${where.via.path}`)
  await page.getByTestId(where.pageTestId).waitFor()
  await dismissTour(page)

  const h = await ctx.newPage()
  for (const p of [page, h]) {
    p.on("crash", () => console.error(`[bench] page crashed: ${p.url()}`))
    p.on("close", () => {
      if (process.env.BENCH_VERBOSE) console.error(`[bench] page closed: ${p.url()}`)
    })
  }
  h.on("pageerror", (e) => console.error(`[harness] ${e.message}`))
  h.on("console", (m) => {
    if (m.type() === "error") console.error(`[harness] ${m.text()}`)
  })
  await h.goto(`${url}/harness/engine.html`)
  await h.waitForFunction(() => window.harness !== undefined)
  const tHarness = Date.now()
  const waited = await h.evaluate(
    async ({ prefix, want }) => {
      const hs = window.harness
      hs.watch("progress", { kind: "syncProgress" })
      const t0 = performance.now()
      let quietSince = 0
      let rows = 0
      let tableAt = 0
      const doneAt: Record<string, number> = {}
      const firstSeen: Record<string, [number, number]> = {}
      for (;;) {
        await new Promise((r) => setTimeout(r, 250))
        const p = hs.snaps.progress as { lists: Record<string, { state: string; done: number }> } | undefined
        const lists = Object.entries(p?.lists ?? {})
          .filter(([k]) => k.startsWith(prefix))
          .map(([, v]) => v)
        const all = lists.reduce((n, l) => n + l.done, 0)
        for (const [k, l] of Object.entries(p?.lists ?? {})) {
          if (l.state === "done" && doneAt[k] === undefined) doneAt[k] = performance.now() - t0
          if (l.state === "pulling" && l.done > 0 && firstSeen[k] === undefined) firstSeen[k] = [performance.now() - t0, l.done]
        }
        if (tableAt === 0 && lists.length > 0 && all > want && lists.every((l) => l.state === "done")) tableAt = performance.now() - t0
        // and every other list and table of the user at rest too (Ana's Pix statement is a few hundred thousand rows
        // pulled after her statement: typing or scrolling while it pulls measures the pull, not the page)
        const busy = Object.values(p?.lists ?? {}).some((l) => l.state === "pulling")
        const done = lists.length > 0 && all > want && lists.every((l) => l.state === "done") && !busy
        if (!done) {
          quietSince = 0
          continue
        }
        if (quietSince === 0) quietSince = performance.now()
        // nothing pulling for 5 s: the other wallets' (small) statements and the other lists, pulled after, are in too
        if (performance.now() - quietSince > 5000) {
          rows = lists.reduce((n, l) => n + l.done, 0)
          break
        }
      }
      const listsAt = quietSince - t0
      // after the pulls the engine compacts the projection (optimize) and stores its image (S6), a
      // few seconds of worker time: wait for the image it reports, then for a worker that answers a
      // trivial live query at once five times in a row
      // (the image of this page's own list: the statement's, or its table's — a gateway user's statement is too small
      // to have one, and waiting for it ran to this 60 s limit: 60 of the gateway benches' 80 sync seconds until 2026-11-28)
      const table = prefix.startsWith("statements") ? null : prefix.replace(/:$/, "")
      const until = performance.now() + 60_000
      while (performance.now() < until) {
        const p = hs.snaps.progress as { image?: { rows: number; tables?: Record<string, { rows: number }> } } | undefined
        const imaged = table === null ? (p?.image?.rows ?? 0) : (p?.image?.tables?.[table]?.rows ?? 0)
        if (imaged >= rows) break
        await new Promise((r) => setTimeout(r, 250))
      }
      const imageAt = performance.now() - t0
      for (let i = 0, calm = 0; calm < 5 && i < 400; i++) {
        const t = performance.now()
        hs.watch(`probe${i}`, { kind: "connection" })
        while (hs.snaps[`probe${i}`] === undefined) await new Promise((r) => setTimeout(r, 1))
        calm = performance.now() - t < 30 ? calm + 1 : 0
        await new Promise((r) => setTimeout(r, 200))
      }
      // each big list's pull times (sync/pullers/table.ts: waiting on the network, parsing, storing, projecting)
      const pulls: Record<string, unknown> = {}
      const last = hs.snaps.progress as { lists: Record<string, { done: number; ms?: unknown }> } | undefined
      for (const [k, l] of Object.entries(last?.lists ?? {})) if (l.done > 1000) pulls[k] = { done: l.done, ms: l.ms }
      return { rows, tableAt, listsAt, imageAt, doneAt, pulls, firstSeen }
    },
    { prefix: where.listPrefix, want: where.minRows }
  )
  const syncSeconds = (Date.now() - t0) / 1000
  const rows = waited.rows
  const at = (ms: number): number => Math.round((tHarness - t0 + ms) / 10) / 100
  // where the whole account's sync went: this page's table done, every list at rest (before the 5 s of quiet), the image stored
  const phases: SyncPhases = { table_seconds: at(waited.tableAt), lists_seconds: at(waited.listsAt), image_seconds: at(waited.imageAt) }
  if (process.env.BENCH_VERBOSE) console.log(`  pulls: ${JSON.stringify(waited.pulls)}`)
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  first seen pulling (s, rows): ${Object.entries(waited.firstSeen)
        .map(([k, [t, n]]) => `${k} ${at(t)} ${n}`)
        .join(", ")}`
    )
  if (process.env.BENCH_VERBOSE) console.log(`  harness at ${((tHarness - t0) / 1000).toFixed(2)} s`)
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  lists done at (s): ${Object.entries(waited.doneAt)
        .sort((a, b) => a[1] - b[1])
        .map(([k, v]) => `${k} ${at(v)}`)
        .join(", ")}`
    )
  await h.close()
  await page.locator(`[data-testid="${where.tableTestId}"][data-state="ready"]`).waitFor({ timeout: 60_000 })
  if (where.syncTestId) await page.getByTestId(where.syncTestId).waitFor({ state: "detached", timeout: 60_000 })
  await page.waitForTimeout(1000)
  return { page, syncSeconds, rows, phases }
}
/** When the parts of the whole account's first sync were in, seconds from the sign-in (openStatements). */
export interface SyncPhases {
  readonly table_seconds: number
  readonly lists_seconds: number
  readonly image_seconds: number
}

// ── statements-keystroke-1m ─────────────────────────────────────────────────

export interface KeyRecord {
  key: string
  text: string
  ms: number
  fullMs: number
  commitMs: number
  workerMs: number
  total: number
  sentMs?: number
  earlyMs?: number
  answerMs?: number
  /** When the table first showed this key's rows (before its paint): narrowed on the page, or the worker's. */
  rowsMs?: number
}

/**
 * BENCH_PHASES: the times of the engine messages (the subscribe out, the snapshots in, partial or
 * not), on `window.__phases`, to tell a keystroke's React time from the worker's.
 */
const PHASES_SCRIPT = `(() => {
  const log = []; window.__phases = log
  const post = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (m, ...rest) { if (m && m.t === "subscribe") log.push({ t: performance.now(), k: "sent" }); return post.call(this, m, ...rest) }
  const desc = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage")
  Object.defineProperty(MessagePort.prototype, "onmessage", { configurable: true, get() { return desc.get.call(this) }, set(f) {
    desc.set.call(this, f && function (e) { const d = e.data; if (d && d.t === "snapshot" && d.value && typeof d.value === "object" && "rows" in d.value) log.push({ t: performance.now(), k: d.value.partial ? "early" : "answer" }); return f.call(this, e) })
  } })
})()`

/**
 * Keystroke → table repainted. Budget p95 ≤ 33 ms (DESIGN "Budgets": statements and gateway, 1M
 * rows; issue 16 holds the statement to it too): two frames for the worker's filter, the React
 * commit and the paint.
 *
 * Two times per key: `ms` (p50_ms/p95_ms), until the table shows this filter's rows — its early
 * answer (data-state "partial", sync/SPEC.md Q5) or the full one; and `fullMs` (full_p50_ms /
 * full_p95_ms), until its count and totals are in too (data-state "ready").
 *
 * In the page: t0 is the keydown's `timeStamp` (the input event's own time, so time the event
 * waited for a busy main thread counts); t1 is the first task after the frame that paints the
 * table answering this keystroke — the table's `data-text` equals the trimmed field and its
 * `data-state` is "ready" (count known, rows in view loaded), seen by a MutationObserver, then
 * requestAnimationFrame (that frame) and a MessageChannel message (runs after its paint). A
 * keystroke that leaves the query as it was (a trailing space) is answered by the frame after
 * it; one that gives the same rows still waits for the engine's answer to the new text.
 * Keys are pressed one at a time: the next 100 ms after the previous one was painted.
 */
export async function statementsKeystroke(): Promise<void> {
  const app = await startApp("1m", { appPort: 5394, apiPort: 4394 })
  const browser = await launch()
  try {
    const { page, syncSeconds, rows, phases } = await openStatements(browser, app.url)
    const trace = process.env.BENCH_TRACE
    const recs = await measureKeystrokes(page, trace ? { browser, trace } : { browser })
    const ms = recs.map((r) => r.ms)
    const worker = recs.map((r) => r.workerMs).filter((x) => Number.isFinite(x))
    report({
      name: "statements-keystroke-1m",
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
          commit_p50_ms: round(
            percentile(
              recs.map((r) => r.commitMs),
              50
            )
          ),
          worker_p50_ms: round(percentile(worker, 50)),
          worker_p95_ms: round(percentile(worker, 95)),
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

/** Type the keystrokes into the statement filter of `page` (open, statement local) and time each. */
/** The filter field, table, row and count of the page a keystroke benchmark types into. */
export interface KeystrokeTarget {
  readonly input: string
  readonly table: string
  readonly row: string
  /** An element whose text carries the worker's "… ms", or null. */
  readonly count: string | null
  /** The words typed (a document prefix from the first row is typed as well). */
  readonly words: readonly [string, string, string, string, string]
}
export const STATEMENT_KEYS: KeystrokeTarget = {
  input: "filter-text",
  table: "statement-table",
  row: "statement-row",
  count: "statement-count",
  words: ["silva", "mercado", "li", "maria", "pix"]
}

export async function measureKeystrokes(
  page: Page,
  o: { browser?: Browser; trace?: string; gapMs?: number; target?: KeystrokeTarget } = {}
): Promise<KeyRecord[]> {
  const target = o.target ?? STATEMENT_KEYS
  // a document prefix from the first row shown (digits of its counterparty document)
  const doc = await page.locator(`[data-testid="${target.row}"]`).evaluateAll((els) => {
    for (const el of els) {
      const m = /·\s*([\d./-]{11,})/.exec(el.textContent ?? "")
      if (m?.[1]) return m[1].replace(/\D/g, "").slice(0, 6)
      const d = /\b(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})\b/.exec(el.textContent ?? "")
      if (d?.[1]) return d[1].replace(/\D/g, "").slice(0, 6)
    }
    return "123456"
  })
  await page.evaluate(
    (tg) => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${tg.input}"]`)
      if (!input) throw new Error("no filter field")
      const table = (): HTMLElement | null => document.querySelector(`[data-testid="${tg.table}"]`)
      interface Cur {
        key: string
        t0: number
        started: boolean
        rows: number
        rowsPainted: number
        ready: number
      }
      const records: KeyRecord[] = []
      let cur: Cur | null = null
      const observer = new MutationObserver(() => check())
      const finish = (c: Cur): void => {
        const t1 = performance.now()
        const tb = table()
        const summary = tg.count === null ? "" : (document.querySelector(`[data-testid="${tg.count}"]`)?.textContent ?? "")
        const ms = /([\d.,]+)\s*ms/.exec(summary)
        performance.measure(`key ${c.key} → ${input.value}`, { start: c.t0, end: t1 })
        const rec: KeyRecord = {
          key: c.key,
          text: input.value,
          ms: (c.rowsPainted || t1) - c.t0,
          fullMs: t1 - c.t0,
          commitMs: c.ready - c.t0,
          workerMs: ms?.[1] ? Number(ms[1].replace(",", ".")) : Number(tb?.dataset.tookMs ?? NaN),
          total: Number(tb?.dataset.total ?? NaN),
          rowsMs: c.rows - c.t0
        }
        const phases = (window as unknown as { __phases?: Array<{ t: number; k: string }> }).__phases
        if (phases) {
          const at = (k: string): number | undefined => {
            const p = phases.find((x) => x.t >= c.t0 && x.k === k)
            return p ? p.t - c.t0 : undefined
          }
          const [sent, early, answer] = [at("sent"), at("early"), at("answer")]
          if (sent !== undefined) rec.sentMs = sent
          if (early !== undefined) rec.earlyMs = early
          if (answer !== undefined) rec.answerMs = answer
          phases.length = 0
        }
        records.push(rec)
        observer.disconnect()
        cur = null
      }
      const check = (): void => {
        const c = cur
        if (!c || !c.started || c.ready) return
        const tb = table()
        if (!tb || tb.dataset.text !== input.value.trim()) return
        const st = tb.dataset.state
        if (!c.rows && (st === "partial" || st === "ready")) {
          c.rows = performance.now()
          requestAnimationFrame(() => {
            const ch = new MessageChannel()
            ch.port1.onmessage = () => {
              c.rowsPainted = performance.now()
            }
            ch.port2.postMessage(null)
          })
        }
        if (st !== "ready") return
        c.ready = performance.now()
        requestAnimationFrame(() => {
          const ch = new MessageChannel()
          ch.port1.onmessage = () => finish(c)
          ch.port2.postMessage(null)
        })
      }
      document.addEventListener(
        "keydown",
        (e) => {
          if (e.target !== input || cur) return
          cur = { key: e.key, t0: e.timeStamp, started: false, rows: 0, rowsPainted: 0, ready: 0 }
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
        },
        { capture: true }
      )
      // the field's value is new from its `input` event on (a key that changes nothing has none: keyup)
      const start = (): void => {
        if (cur) {
          cur.started = true
          check()
        }
      }
      document.addEventListener(
        "input",
        (e) => {
          if (e.target === input) start()
        },
        { capture: true }
      )
      document.addEventListener(
        "keyup",
        (e) => {
          if (e.target === input) start()
        },
        { capture: true }
      )
      Object.assign(window, { __ks: records })
    },
    { input: target.input, table: target.table, count: target.count }
  )

  const [w1, w2, w3, w4, w5] = target.words
  const keys: string[] = [
    ...w1,
    ...Array<string>(w1.length).fill("Backspace"),
    ...w2,
    " ",
    ...w3,
    "CLEAR",
    ...doc,
    "Backspace",
    "Backspace",
    "CLEAR",
    ...w4,
    "Backspace",
    "Backspace",
    ..."cos",
    "CLEAR",
    ...w5,
    "CLEAR"
  ]
  const input = page.getByTestId(target.input)
  await page.bringToFront() // a page in the background gets no animation frames
  await input.click()
  let n = 0
  const press = async (k: string): Promise<void> => {
    if (k === "CLEAR") {
      await input.selectText() // no key event; the Backspace that clears is measured
      await page.keyboard.press("Backspace")
    } else await page.keyboard.press(k)
    n++
    await page.waitForFunction((want) => (window as unknown as { __ks: unknown[] }).__ks.length >= want, n, { polling: 20, timeout: 30_000 })
    await page.waitForTimeout(o.gapMs ?? 100)
  }
  // warm-up, not measured: the first keystrokes after the page opened compile the code paths (JIT)
  for (const k of [..."xyz", "CLEAR"]) await press(k)
  await page.evaluate(() => {
    ;(window as unknown as { __ks: unknown[] }).__ks.length = 0
  })
  n = 0
  // start from rest: the warm-up's last filter also brought the chart's series (asked once typing
  // pauses; in the worker up to ~2 s over 1M rows), which must not be running under the first keys
  await page.waitForTimeout(4000)
  // a Chromium trace of the keystrokes (every process, JS samples), to see what costs time
  const tracing = o.trace && o.browser ? await traceIfAsked(o.browser, page, [], o.trace) : null
  // BENCH_CPUPROFILE=file: the page's main thread profiled over the keystrokes
  const profile = await profilePageIfAsked(page)
  // BENCH_WORKER_PROFILE=file: the engine's SharedWorker profiled over the keystrokes (where its answers' time goes, the collector's share)
  const workerProfile = process.env.BENCH_WORKER_PROFILE && o.browser ? await profileSharedWorker(o.browser) : null
  for (const k of keys) await press(k)
  if (workerProfile && process.env.BENCH_WORKER_PROFILE) {
    const p = await workerProfile.stop()
    const { writeFileSync } = await import("node:fs")
    writeFileSync(process.env.BENCH_WORKER_PROFILE, JSON.stringify(p))
    console.log(`(engine worker over the keystrokes: ${profileSummary(p)})`)
  }
  await profile.stop()
  await tracing?.stop()
  const recs = await page.evaluate(() => (window as unknown as { __ks: KeyRecord[] }).__ks)
  if (recs.length !== keys.length) throw new Error(`${keys.length} keystrokes, ${recs.length} recorded`)
  const phase = (r: KeyRecord): string =>
    r.sentMs === undefined
      ? ""
      : `, subscribe sent ${r.sentMs.toFixed(1)}, early in ${r.earlyMs?.toFixed(1) ?? "-"}, answer in ${r.answerMs?.toFixed(1) ?? "-"}`
  if (process.env.BENCH_VERBOSE || process.env.BENCH_PHASES)
    for (const r of recs)
      console.log(
        `  ${JSON.stringify(r.key)} → "${r.text}": ${r.ms.toFixed(1)} ms (rows ${r.rowsMs?.toFixed(1) ?? "-"}, full ${r.fullMs.toFixed(1)}, commit ${r.commitMs.toFixed(1)}, worker ${r.workerMs}, total ${r.total}${phase(r)})`
      )
  return recs
}

// ── statements-scroll-1m ────────────────────────────────────────────────────

export interface ScrollResult {
  intervals: number[]
  /** The same intervals per phase of the scroll: wheel (60 px a frame), fling (600 px), jumps. */
  phases: Record<string, number[]>
  idle: number[]
  blankFrames: number
  /** Blank frames by the phase whose scroll they showed, and how many long jumps were made. */
  blankByPhase: Record<string, number>
  jumps: number
  longTasks: number[]
  loafs: Array<{ duration: number; blocking: number; scripts: Array<{ invoker: string; source: string; duration: number }>; styleLayout: number }>
  rowsSeen: number
}

/**
 * Frames while the table scrolls through the million rows. In the page, for about 5.5 s, every
 * animation frame moves the scroller: 2 s at 60 px a frame (a steady wheel), 2 s at 600 px a frame
 * (a fast fling), then 1.5 s of long jumps (every 6th frame to a random place in the list, as a
 * dragged scrollbar does) with steady scrolling between. The figures are the intervals between
 * consecutive requestAnimationFrame timestamps (p50, p95, frames over 16.7 ms counted as the
 * frames they cover); frames that showed placeholder rows (the worker's window not there yet) are
 * counted apart, and the long animation frames / long tasks observed say what cost the time.
 * Budget: the p95 frame is on time: one frame at 60 Hz, 16.7 ms, which requestAnimationFrame
 * timestamps report as 16.6–16.8 (a dropped frame shows as 33 ms), so the limit is 17.5 ms
 * (DESIGN "a virtualised table that scrolls a million rows").
 */
export async function statementsScroll(): Promise<void> {
  const app = await startApp("1m", { appPort: 5395, apiPort: 4395 })
  const browser = await launch()
  try {
    const { page, syncSeconds, rows, phases } = await openStatements(browser, app.url)
    // BENCH_TRACE=file: a Chromium trace of the scroll (every thread), to see what a late frame did
    const tracing = await traceIfAsked(browser, page, ["disabled-by-default-devtools.timeline.invalidationTracking"])
    const r = await measureScroll(page)
    await tracing.stop()
    const iv = r.intervals
    const dropped = iv.reduce((n, x) => n + Math.max(0, Math.round(x / (1000 / 60)) - 1), 0)
    const top = summarizeLoafs(r.loafs)
    if (process.env.BENCH_VERBOSE) {
      console.log(
        `  idle frames p50 ${percentile(r.idle, 50).toFixed(1)} p95 ${percentile(r.idle, 95).toFixed(1)}; long tasks ${r.longTasks.length} (${Math.round(r.longTasks.reduce((a, b) => a + b, 0))} ms)`
      )
      for (const [k, v] of top) console.log(`  long frames: ${k}: ${v.toFixed(0)} ms`)
      for (const [k, v] of Object.entries(r.phases))
        console.log(`  ${k}: ${v.length} frames, p50 ${percentile(v, 50).toFixed(1)} p95 ${percentile(v, 95).toFixed(1)} max ${Math.max(...v).toFixed(1)}`)
    }
    report({
      name: "statements-scroll-1m",
      figures: withLimits(
        {
          frame_p95_ms: round(percentile(iv, 95)),
          frame_p50_ms: round(percentile(iv, 50)),
          frame_max_ms: round(Math.max(...iv)),
          frames: iv.length,
          dropped_frames: dropped,
          blank_frames: r.blankFrames,
          // where they were: a long jump (a dragged scrollbar) lands where no row was asked yet, shown for a frame
          // as placeholders until the worker's window is in; the wheel and the fling ask ahead of the view
          blank_frames_wheel: r.blankByPhase.wheel ?? 0,
          blank_frames_fling: r.blankByPhase.fling ?? 0,
          blank_frames_jumps: r.blankByPhase.jumps ?? 0,
          jumps: r.jumps,
          idle_frame_p95_ms: round(percentile(r.idle, 95)),
          long_tasks: r.longTasks.length,
          long_task_ms: Math.round(r.longTasks.reduce((a, b) => a + b, 0)),
          long_frame_script_ms: Math.round(r.loafs.reduce((n, l) => n + l.scripts.reduce((m, s) => m + s.duration, 0), 0)),
          long_frame_layout_ms: Math.round(r.loafs.reduce((n, l) => n + l.styleLayout, 0)),
          rows,
          sync_seconds: round(syncSeconds),
          ...phases
        },
        await pageLimits(page, rows),
        [["frame_p95_ms", "frame"]]
      ),
      budgets: { frame_p95: { figure: "frame_p95_ms", limit: 17.5, kind: "max" } }
    })
  } finally {
    await browser.close()
    app.stop()
  }
}

/** Where the long animation frames spent their script time: invoker (source) → ms, largest first. */
export function summarizeLoafs(loafs: ScrollResult["loafs"]): Array<[string, number]> {
  const by = new Map<string, number>()
  for (const l of loafs) {
    for (const s of l.scripts) {
      const k = `${s.invoker} (${s.source.replace(/^.*\//, "")})`
      by.set(k, (by.get(k) ?? 0) + s.duration)
    }
    by.set("style, layout, paint", (by.get("style, layout, paint") ?? 0) + l.styleLayout)
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, 10)
}

export async function measureScroll(page: Page): Promise<ScrollResult> {
  await page.bringToFront() // a page in the background gets no animation frames
  await page.getByTestId("statement-scroller").waitFor()
  return page.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('[data-testid="statement-scroller"]')
    if (!el) throw new Error("no scroller")
    // an animation frame, or after 2 s without one (page hidden, renderer stalled) the time then,
    // so that a stall shows as one very long frame instead of hanging the benchmark
    const frame = (): Promise<number> =>
      new Promise((r) => {
        const id = setTimeout(() => r(performance.now()), 2000)
        requestAnimationFrame((t) => {
          clearTimeout(id)
          r(t)
        })
      })
    // a baseline: frames of the page at rest
    const idle: number[] = []
    let prev = await frame()
    for (let i = 0; i < 60; i++) {
      const t = await frame()
      idle.push(t - prev)
      prev = t
    }

    const longTasks: number[] = []
    const loafs: ScrollResult["loafs"] = []
    const lt = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) longTasks.push(e.duration)
    })
    lt.observe({ type: "longtask" })
    interface Loaf extends PerformanceEntry {
      blockingDuration: number
      styleAndLayoutStart: number
      scripts: Array<{ invoker: string; sourceURL: string; duration: number }>
    }
    let lo: PerformanceObserver | null = null
    if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
      lo = new PerformanceObserver((l) => {
        for (const e of l.getEntries() as Loaf[]) {
          const end = e.startTime + e.duration
          loafs.push({
            duration: e.duration,
            blocking: e.blockingDuration,
            scripts: e.scripts.map((s) => ({ invoker: s.invoker, source: s.sourceURL, duration: s.duration })),
            styleLayout: e.styleAndLayoutStart > 0 ? end - e.styleAndLayoutStart : 0
          })
        }
      })
      lo.observe({ type: "long-animation-frame" })
    }

    const max = el.scrollHeight - el.clientHeight
    let seed = 7
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const intervals: number[] = []
    const phases: Record<string, number[]> = {}
    let blankFrames = 0
    const blankByPhase: Record<string, number> = { wheel: 0, fling: 0, jumps: 0 }
    let jumps = 0
    let lastPhase = "wheel"
    const seen = new Set<string>()
    // the position is kept here, not read back: reading scrollTop after the page changed the DOM
    // would force a layout in this script, which the page itself would not pay
    let top = el.scrollTop
    const t0 = await frame()
    prev = t0
    for (let i = 0; ; i++) {
      const t = await frame()
      intervals.push(t - prev)
      const elapsed = t - t0
      const ph = elapsed < 2000 ? "wheel" : elapsed < 4000 ? "fling" : "jumps"
      ;(phases[ph] ??= []).push(t - prev)
      prev = t
      if (elapsed > 5500) break
      // what the previous frame showed: placeholders (rows not there yet) and how many rows
      if (el.querySelector('[role="row"][aria-busy="true"]')) {
        blankFrames++
        blankByPhase[lastPhase] = (blankByPhase[lastPhase] ?? 0) + 1
      }
      lastPhase = ph
      const first = el.querySelector('[data-testid="statement-row"]')?.getAttribute("data-id")
      if (first) seen.add(first)
      if (elapsed < 2000) top += 60
      else if (elapsed < 4000) top += 600
      else if (i % 6 === 0) {
        top = Math.floor(rnd() * max)
        jumps++
      } else top += 60
      if (top >= max) top = 0
      el.scrollTop = top
    }
    lt.disconnect()
    lo?.disconnect()
    return { intervals, phases, idle, blankFrames, blankByPhase, jumps, longTasks, loafs, rowsSeen: seen.size }
  })
}
