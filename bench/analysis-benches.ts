/**
 * `analysis-view-open-1m` (issue 32 item 4: "a saved view opens within 100 ms of navigation with 1M rows
 * local"): Ana signs in to the built app with the 1M sandbox, her statement entirely local (waited for as
 * statements-keystroke-1m waits, bench/statements-benches.ts `openStatements`), saves three views of
 * her two wallets from the analysis page (each a different pivot), then, from the banking home, opens one saved
 * view at a time by navigation (the router's push, as a link or the views' menu does) and times, in the page,
 * from the navigation to the frame after the view's pivot is shown with its answer (the pivot table
 * `data-state="ready"`, the view's name shown). Between two opens the page rests 2.5 s on the home, so the
 * views' client cache (2 s) is gone and each open asks the worker afresh. `analysis-pivot-1m` is a projection
 * bench (bench/pages/projection.ts `mode=pivot`, bench/benches.ts).
 */
import type { Browser, Page } from "@playwright/test"
import { launch, percentile, profilePageIfAsked, report, startApp, traceIfAsked } from "./lib.ts"
import { openSignedIn } from "../tests/e2e/pages/sign-in.ts"
import "../harness/types.ts"

const round = (x: number) => Math.round(x * 10) / 10
const OPENS = Number(process.env.BENCH_OPENS ?? 24)

/**
 * Ana signed in through the API (the two calls the login page makes, tests/e2e/pages/sign-in.ts; the login
 * page's own flow is timed by no benchmark) on her statement, and every list of hers pulled, the projection's
 * image stored and the worker at rest — the wait of statements-benches.ts `openStatements`, from a harness tab on
 * the same SharedWorker.
 */
async function openStatementLocal(browser: Browser, url: string): Promise<{ page: Page; rows: number }> {
  const ctx = await browser.newContext({ baseURL: url, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  await ctx.addInitScript("window.__name = (f) => f")
  const page = await ctx.newPage()
  page.on("pageerror", (e) => console.error(`[page] ${e.message}`))
  await openSignedIn(page, "ana@example.com", { path: "/banking/statements?session_ms=7200000" })
  await page.getByTestId("statements-page").waitFor({ timeout: 120_000 })
  const h = await ctx.newPage()
  await h.goto(`${url}/harness/engine.html`)
  await h.waitForFunction(() => window.harness !== undefined)
  const rows = await h.evaluate(async () => {
    const hs = window.harness
    hs.watch("progress", { kind: "syncProgress" })
    let quietSince = 0
    let rows = 0
    for (;;) {
      await new Promise((r) => setTimeout(r, 250))
      const p = hs.snaps.progress as { lists: Record<string, { state: string; done: number }> } | undefined
      const lists = Object.entries(p?.lists ?? {})
        .filter(([k]) => k.startsWith("statements:"))
        .map(([, v]) => v)
      const all = lists.reduce((n, l) => n + l.done, 0)
      const busy = Object.values(p?.lists ?? {}).some((l) => l.state === "pulling")
      if (!(lists.length > 0 && all > 900_000 && lists.every((l) => l.state === "done") && !busy)) {
        quietSince = 0
        continue
      }
      if (quietSince === 0) quietSince = performance.now()
      if (performance.now() - quietSince > 5000) {
        rows = all
        break
      }
    }
    const until = performance.now() + 60_000
    while (performance.now() < until) {
      const p = hs.snaps.progress as { image?: { rows: number } } | undefined
      if ((p?.image?.rows ?? 0) >= rows) break
      await new Promise((r) => setTimeout(r, 250))
    }
    for (let i = 0, calm = 0; calm < 5 && i < 400; i++) {
      const t = performance.now()
      hs.watch(`probe${i}`, { kind: "connection" })
      while (hs.snaps[`probe${i}`] === undefined) await new Promise((r) => setTimeout(r, 1))
      calm = performance.now() - t < 30 ? calm + 1 : 0
      await new Promise((r) => setTimeout(r, 200))
    }
    return rows
  })
  await h.close()
  await page.locator('[data-testid="statement-table"][data-state="ready"]').waitFor({ timeout: 60_000 })
  return { page, rows }
}

/** The router's navigation (history push + popstate, tests/e2e/pages/navigation.ts `go`), timed in the page until `ready()` holds and a frame has passed. */
async function timedNavigation(page: Page, path: string, name: string | null): Promise<number> {
  return page.evaluate(
    async ({ path, name }) => {
      const ready = (): boolean => {
        if (name === null) return document.querySelector('[data-testid="home-page"]') !== null
        const pivot = document.querySelector('[data-testid="analysis-pivot"][data-state="ready"]')
        const shown = document.querySelector('[data-testid="analysis-view-current"]')?.textContent ?? ""
        return pivot !== null && shown.includes(name)
      }
      performance.mark(name === null ? "home" : "open")
      const t0 = performance.now()
      // BENCH_VERBOSE: when each step first showed (the page, its wallets known, the pivot's skeleton or table)
      const marks: Record<string, number> = {}
      const mark = (k: string, on: boolean): void => {
        if (on && marks[k] === undefined) {
          marks[k] = Math.round(performance.now() - t0)
          performance.mark(`open:${k}`)
        }
      }
      ;(window as unknown as { __marks: unknown }).__marks = marks
      await new Promise<void>((done) => {
        const check = (): boolean => {
          mark("page", document.querySelector('[data-testid="analysis-page"]') !== null)
          mark("view", document.querySelector('[data-testid="analysis-page"]:not([aria-busy])') !== null)
          mark("table", document.querySelector('[data-testid="analysis-pivot"]') !== null)
          mark("pivot", document.querySelector('[data-testid="analysis-pivot"][data-state="ready"]') !== null)
          mark("named", name !== null && (document.querySelector('[data-testid="analysis-view-current"]')?.textContent ?? "").includes(name))
          if (!ready()) return false
          obs.disconnect()
          requestAnimationFrame(() =>
            setTimeout(() => {
              performance.mark(name === null ? "home-shown" : "shown")
              done()
            }, 0)
          )
          return true
        }
        const obs = new MutationObserver(() => {
          check()
        })
        obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
        window.history.pushState({}, "", path)
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }))
        check()
      })
      return performance.now() - t0
    },
    { path, name }
  )
}

export async function analysisViewOpen1m(): Promise<void> {
  const app = await startApp("1m", { appPort: 5396, apiPort: 4396 })
  const browser = await launch()
  try {
    const { page, rows } = await openStatementLocal(browser, app.url)
    const wallets = await page.evaluate(async () => {
      const r = await fetch("/__admin/seed")
      return ((await r.json()) as { data: { wallets: Record<string, string> } }).data.wallets
    })
    const w = `${wallets["anaMain"]},${wallets["anaReserve"]}`
    const views = [
      { name: "Bench contrapartes por mês", q: `w=${w}&p=12m&r=counterparty&c=month&m=net` },
      { name: "Bench tipos por carteira", q: `w=${w}&p=90d&r=type&c=wallet&m=count` },
      { name: "Bench meses por tipo", q: `w=${w}&p=all&r=month&c=type&m=in` }
    ]
    // save them from the analysis page (the first visit also loads its code)
    const saved: Array<{ name: string; path: string }> = []
    for (const v of views) {
      await page.evaluate((path) => {
        window.history.pushState({}, "", path)
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }))
      }, `/banking/statements/analysis?${v.q}`)
      await page.locator('[data-testid="analysis-pivot"][data-state="ready"]').waitFor({ timeout: 120_000 })
      await page.getByTestId("analysis-view-name").fill(v.name)
      await page.getByTestId("analysis-view-save").click()
      await page.getByTestId("analysis-view-current").filter({ hasText: v.name }).waitFor()
      const u = new URL(page.url())
      saved.push({ name: v.name, path: `${u.pathname}${u.search}` })
    }
    const ms: number[] = []
    // BENCH_TRACE=file: a Chromium trace of the opens (the page's and the engine worker's threads; each open between the
    // user-timing marks "open" and "shown")
    const tracing = await traceIfAsked(browser, page)
    // BENCH_CPUPROFILE=file: the page's main thread profiled over the opens
    const profile = await profilePageIfAsked(page)
    for (let i = 0; i < OPENS; i++) {
      // from the banking home: the statement page's own work (its chart's series, a scan of every row) is not timed
      await timedNavigation(page, "/banking/home", null)
      await page.waitForTimeout(2500)
      const v = saved[i % saved.length] as { name: string; path: string }
      ms.push(await timedNavigation(page, v.path, v.name))
      if (process.env.BENCH_VERBOSE)
        console.log(
          `  ${v.name}: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __marks: unknown }).__marks))} → ${ms[ms.length - 1]?.toFixed(1)}`
        )
    }
    await tracing.stop()
    await profile.stop()
    if (process.env.BENCH_VERBOSE) console.log(`  opens: ${ms.map((x) => x.toFixed(1)).join(" ")}`)
    report({
      name: "analysis-view-open-1m",
      figures: {
        p50_ms: round(percentile(ms, 50)),
        p95_ms: round(percentile(ms, 95)),
        max_ms: round(Math.max(...ms)),
        opens: ms.length,
        views: saved.length,
        rows
      },
      budgets: { p95: { figure: "p95_ms", limit: 100, kind: "max" } }
    })
  } finally {
    await browser.close()
    app.stop()
  }
}
