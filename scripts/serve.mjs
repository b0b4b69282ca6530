#!/usr/bin/env node
// Brings up the whole product on one machine: the sandbox users API (SQLite, seeded on first
// start) and the built app served by `vite preview`, which proxies the API paths to the sandbox
// so the browser sees one origin. Used by `npm start`, the Playwright suite and the benchmarks.
//
//   node scripts/serve.mjs [--app-port 5173] [--api-port 4010] [--db .data/sandbox.sqlite]
//                          [--size small|100k|1m] [--alive] [--admin] [--resettable] [--fixed-code] [--harness] [--fresh] [--build] [--no-build] [--dev]
// The app is rebuilt when any of its sources is newer than dist/ (scripts/build-state.mjs), so it always serves what
// the checkout holds; --build forces a build, --no-build serves dist/ as it is (the e2e workers: their suite built it).
// --harness serves the engine harness page /harness/engine.html (the e2e engine specs and the benchmarks; off otherwise).
// --admin opens the sandbox's /__admin/* routes (fault switches, clock, ledger: tests and benchmarks).
// --fixed-code makes the sandbox also accept 000000 at sign-in and sign-up (`npm start`, the demo; issue 30): said below.
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, rmSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { buildIfStale } from "./build-state.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const args = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith("--") ? args[i + 1] : dflt
}
const flag = (name) => args.includes(`--${name}`)

const appPort = Number(opt("app-port", process.env.APP_PORT ?? "5173"))
const apiPort = Number(opt("api-port", process.env.API_PORT ?? "4010"))
const db = resolve(root, opt("db", ".data/sandbox.sqlite"))
const size = opt("size", "small")
const dev = flag("dev")

if (flag("fresh") && existsSync(db)) for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true })
mkdirSync(dirname(db), { recursive: true })

if (!dev && !flag("no-build")) buildIfStale(root, { force: flag("build") })

const children = []
const stopAll = () => {
  for (const c of children) if (!c.killed) c.kill("SIGTERM")
}
process.on("SIGINT", () => {
  stopAll()
  process.exit(130)
})
process.on("SIGTERM", () => {
  stopAll()
  process.exit(143)
})
process.on("exit", stopAll)

const sandboxArgs = ["--import", "tsx", resolve(root, "sandbox/main.ts"), "--port", String(apiPort), "--db", db, "--size", size]
if (flag("alive")) sandboxArgs.push("--alive")
if (flag("admin")) sandboxArgs.push("--admin")
if (flag("fixed-code")) sandboxArgs.push("--fixed-code") // demo sign-ins with 000000 (never a password reset or a PIN)
if (flag("resettable")) sandboxArgs.push("--resettable") // POST /__admin/reset back to the seed (e2e retries)
// issue 30: CORS answers only this app (both local names), and signed URLs are built on it (the same-origin proxy)
sandboxArgs.push("--app-origin", `http://localhost:${appPort},http://127.0.0.1:${appPort}`)
const sandbox = spawn(process.execPath, sandboxArgs, { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: process.env })
children.push(sandbox)
sandbox.on("exit", (code) => {
  console.log(`[serve] sandbox exited (${code})`)
  stopAll()
  process.exit(code ?? 1)
})

const vite = spawn(
  process.execPath,
  [resolve(root, "node_modules/vite/bin/vite.js"), dev ? "dev" : "preview", "--port", String(appPort), "--strictPort", "--host", "127.0.0.1"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    // issue 30: the engine harness page only with --harness (the e2e workers and the benchmarks; vite.config.ts previewGuard)
    env: { ...process.env, API_PORT: String(apiPort), ...(flag("harness") ? { SERVE_HARNESS: "1" } : {}) }
  }
)
children.push(vite)
vite.on("exit", (code) => {
  console.log(`[serve] vite exited (${code})`)
  stopAll()
  process.exit(code ?? 1)
})

const waitFor = async (url, ms) => {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      const r = await fetch(url)
      if (r.status < 500) return true
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return false
}
const apiOk = await waitFor(`http://127.0.0.1:${apiPort}/health`, 600_000)
const appOk = await waitFor(`http://127.0.0.1:${appPort}/`, 60_000)
if (!apiOk || !appOk) {
  console.error("[serve] did not come up")
  stopAll()
  process.exit(1)
}
console.log(`
  App:          http://localhost:${appPort}/        (English: http://localhost:${appPort}/en/auth/login)
  Users API:    http://localhost:${apiPort}/  (sandbox, SQLite at ${db})
  Sign in:      ana@example.com / Senha@123, then the code printed above${flag("fixed-code") ? ", or 000000 (fixed code: ON for this demo, sign-in and sign-up only)" : " (fixed code off; --fixed-code turns it on)"}
  Other users:  bruno@ (company, gateway) · carla@ and diego@ (approvers) · helena@ (client only)
                eva@ (no PIN, onboarding pending) · fabio@ (incomplete) · gabi@ (expired) — same password, PIN 1234
  Stop with Ctrl+C.
`)
