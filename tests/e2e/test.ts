/**
 * The `test` every end-to-end spec uses (issue 28; decisions D-e2e-isolation, which replaced D-e2e-retry and
 * D-e2e-reset): Playwright's, plus
 *
 * - **a sandbox per worker** (`served`, worker scope): each Playwright worker starts its own sandbox and app
 *   server (`scripts/serve.mjs`: its own ports, its own SQLite file under `.data/`, seeded fresh, `--admin
 *   --resettable`), and every test's `baseURL` is that worker's. Two workers never share data.
 * - **a known start** (`fromSeed`, automatic): before each test the worker's sandbox is put back to its seed
 *   (`POST /__admin/reset`, sandbox/reset.ts: every table, the business clock, fault switches, flags, codes;
 *   open streams closed). So a test never meets what another left — a claim that moved a key, a card replaced,
 *   the clock moved days ahead — whatever order the specs run in, and no test is retried (`retries: 0`).
 * - **a checked boundary** (sync/SPEC.md W4): a snapshot or reply the views' half refused because it did not
 *   match its Schema fails the test that saw it, in every context the test opens.
 */
import { spawn } from "node:child_process"
import { request } from "node:http"
import { rmSync } from "node:fs"
import { createServer, type AddressInfo } from "node:net"
import { resolve } from "node:path"
import { test as base, expect, type BrowserContext } from "@playwright/test"

const CONTRACT_BROKEN = "does not match its Schema"
const ROOT = resolve(import.meta.dirname, "../..")

/** A port the system has free now (listen on 0, read it, close). */
const freePort = (): Promise<number> =>
  new Promise((ok, fail) => {
    const s = createServer()
    s.on("error", fail)
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo
      s.close(() => ok(port))
    })
  })

/**
 * An HTTP status over a connection of its own (`agent: false`). The suite's first run on a fresh clone failed a
 * worker's first reset with "fetch failed": fetch kept the connection of the start-up check alive, and the app
 * server closed it as idle (Node's 5 s keep-alive) just as the reset went out on it. No connection is reused here.
 */
const statusOf = (url: string, method: "GET" | "POST" = "GET"): Promise<number> =>
  new Promise((ok, fail) => {
    const req = request(url, { method, agent: false }, (res) => {
      res.resume()
      res.on("end", () => ok(res.statusCode ?? 0))
    })
    req.on("error", fail)
    req.end()
  })

const up = async (url: string, until: number): Promise<boolean> => {
  while (Date.now() < until) {
    try {
      if ((await statusOf(url)) < 500) return true
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

export interface Served {
  readonly url: string
  readonly apiUrl: string
}

export const test = base.extend<{ fromSeed: void; boundaryChecked: void }, { served: Served }>({
  served: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
    async ({}, use, workerInfo) => {
      const [appPort, apiPort] = [await freePort(), await freePort()]
      const db = resolve(ROOT, `.data/e2e-w${workerInfo.parallelIndex}-${apiPort}.sqlite`)
      const child = spawn(
        process.execPath,
        [
          resolve(ROOT, "scripts/serve.mjs"),
          "--app-port",
          String(appPort),
          "--api-port",
          String(apiPort),
          "--db",
          db,
          "--fresh",
          "--size",
          "small",
          "--admin",
          "--fixed-code",
          "--resettable",
          "--harness", // the engine harness page, for tests/e2e/engine (off unless asked: issue 30)
          "--no-build"
        ],
        { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] }
      )
      let err = ""
      child.stderr.on("data", (b: Buffer) => {
        err = (err + b.toString()).slice(-4000)
      })
      const exited = new Promise<void>((r) => child.once("exit", () => r()))
      const url = `http://127.0.0.1:${appPort}`
      const apiUrl = `http://127.0.0.1:${apiPort}`
      // the sandbox seeds in about a second and vite preview starts in about two; a minute is the guard, not the expectation
      const until = Date.now() + 60_000
      if (!(await up(`${apiUrl}/health`, until)) || !(await up(`${url}/`, until))) {
        child.kill("SIGTERM")
        throw new Error(`worker ${workerInfo.parallelIndex}: the sandbox did not come up on ${url}\n${err}`)
      }
      await use({ url, apiUrl })
      child.kill("SIGTERM")
      await exited
      for (const f of [db, `${db}-wal`, `${db}-shm`, `${db}.seed-copy`]) rmSync(f, { force: true })
    },
    { scope: "worker", timeout: 90_000 }
  ],
  baseURL: async ({ served }, use) => {
    await use(served.url)
  },
  fromSeed: [
    async ({ served }, use) => {
      const status = await statusOf(`${served.url}/__admin/reset`, "POST")
      if (status < 200 || status > 299) throw new Error(`sandbox reset before the test: ${status}`)
      await use()
    },
    { auto: true }
  ],
  boundaryChecked: [
    async ({ browser, context }, use) => {
      const broken: string[] = []
      const watch = (c: BrowserContext): void => {
        c.on("console", (m) => {
          if (m.type() === "error" && m.text().includes(CONTRACT_BROKEN)) broken.push(m.text())
        })
      }
      watch(context)
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const c = await newContext(options)
        watch(c)
        return c
      }
      try {
        await use()
      } finally {
        browser.newContext = newContext
      }
      expect(broken, "W4: the engine sent an answer that does not match its Schema").toEqual([])
    },
    { auto: true }
  ]
})

export { expect }
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test"
