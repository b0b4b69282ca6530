// Whether the built app (dist/) is older than what the checkout holds (issue 28 item 9): `npm start` and the
// end-to-end suite rebuild when any source of the app is newer than dist/index.html, so after an edit or a
// `git pull` they never serve the old app. A walk over the app's sources' times takes a few milliseconds.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

/** What `vite build` reads: the app's folders and the files that configure the build. */
const SOURCES = ["src", "workers", "sync", "schema", "locales", "public", "index.html", "vite.config.ts", "package-lock.json", "tsconfig.json"]

const newest = (path) => {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let m = 0
  for (const e of readdirSync(path, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue
    m = Math.max(m, newest(join(path, e.name)))
  }
  return m
}

/** The reason to build, or null when dist/ is newer than every source. */
export function staleReason(root) {
  const built = resolve(root, "dist/index.html")
  if (!existsSync(built)) return "no build yet"
  const at = statSync(built).mtimeMs
  for (const s of SOURCES) if (newest(resolve(root, s)) > at) return `${s} changed since the last build`
  return null
}

/** Builds the app when it is stale (or when `force`); exits the process when the build fails. */
export function buildIfStale(root, { force = false } = {}) {
  const why = force ? "asked for (--build)" : staleReason(root)
  if (why === null) return false
  console.log(`[serve] building the app (vite build): ${why}…`)
  const r = spawnSync(process.execPath, [resolve(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" })
  if (r.status !== 0) process.exit(r.status ?? 1)
  return true
}
