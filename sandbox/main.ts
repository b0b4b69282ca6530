/**
 * The sandbox CLI (DESIGN "The sandbox users API"; sandbox/README.md "Start"):
 *   tsx sandbox/main.ts [--port 4010] [--host 127.0.0.1] [--db .data/sandbox.sqlite] [--size small|100k|1m]
 *                       [--alive] [--admin] [--resettable] [--fixed-code] [--quiet] [--reset] [--check-responses]
 *                       [--app-origin ORIGIN[,ORIGIN]] [--public-url URL]
 * CORS answers only the app's origins (`--app-origin`; default the app of scripts/serve.mjs on 5173); signed URLs are
 * built on `--public-url`, the sandbox's own URL or an app origin, never on the request's Host (issue 30).
 * The admin routes (/__admin/*: fault switches, clock, ledger) are off unless `--admin` asks for them.
 * Creates and seeds the database when the file does not exist (data survives restarts), then
 * prints the URL, the seeded sign-ins and whether the fixed login code is on. The fixed code `000000` (sign-in and
 * sign-up only; never a password reset or a temporary token) is off unless `--fixed-code` asks for it (issue 30).
 */
import { existsSync, mkdirSync, rmSync } from "node:fs"
import { dirname } from "node:path"
import { startSandbox } from "./server.ts"
import { SEED_PASSWORD, SEED_PIN, type SeedSize } from "./seed.ts"
import { isSeeded, openDb } from "./db.ts"

const args = process.argv.slice(2)
const flag = (name: string): boolean => args.includes(`--${name}`)
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
if (flag("help")) {
  console.log(
    "tsx sandbox/main.ts [--port 4010] [--host 127.0.0.1] [--db .data/sandbox.sqlite] [--size small|100k|1m] [--alive] [--admin] [--resettable] [--fixed-code] [--quiet] [--reset] [--app-origin http://localhost:5173,http://127.0.0.1:5173] [--public-url URL]"
  )
  process.exit(0)
}
const port = Number(opt("port") ?? process.env["SANDBOX_PORT"] ?? "4010")
const dbPath = opt("db") ?? process.env["SANDBOX_DB"] ?? ".data/sandbox.sqlite"
const size = (opt("size") ?? process.env["SANDBOX_SIZE"] ?? "small") as SeedSize
if (!["small", "100k", "1m"].includes(size)) {
  console.error(`unknown --size ${size} (small | 100k | 1m)`)
  process.exit(2)
}
if (dbPath !== ":memory:") {
  mkdirSync(dirname(dbPath), { recursive: true })
  let wipe = flag("reset")
  if (!wipe && existsSync(dbPath)) {
    // a file left by an interrupted seed starts over
    const probe = openDb(dbPath)
    wipe = !isSeeded(probe)
    probe.close()
  }
  if (wipe) for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(f, { force: true })
}
const fresh = dbPath === ":memory:" || !existsSync(dbPath)
const admin = flag("admin") || process.env["SANDBOX_ADMIN"] === "1"
// issue 30: the app's origins CORS answers (comma-separated; default the app of scripts/serve.mjs) and the public base of signed URLs
const appOrigins = opt("app-origin")
  ?.split(",")
  .map((s) => s.trim())
  .filter((s) => s !== "")
const publicUrl = opt("public-url")
const t0 = performance.now()
if (fresh) console.log(`[sandbox] seeding ${dbPath} (${size})…`)
const sb = await startSandbox({
  port,
  hostname: opt("host") ?? "127.0.0.1",
  dbPath,
  seed: {
    size,
    onProgress: (rows, total) => {
      if (total > 10_000 && rows % 200_000 < 50_000) process.stdout.write(`\r[sandbox]   ${rows} / ${total} statement rows`)
    }
  },
  log: !flag("quiet"),
  fixedCode: flag("fixed-code") ? "000000" : null,
  admin,
  alive: flag("alive"),
  resettable: flag("resettable"),
  checkResponses: flag("check-responses") ? true : false,
  ...(appOrigins !== undefined ? { appOrigins } : {}),
  ...(publicUrl !== undefined ? { publicUrl } : {})
})
if (fresh) console.log(`\n[sandbox] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
console.log(`[sandbox] users API at ${sb.url}  (db ${dbPath})`)
if (admin) console.log(`[sandbox] WARNING: /__admin/* is open without authentication (fault switches, clock, ledger). Start without --admin to hide it.`)
console.log(`[sandbox] sign in with any of these (password ${SEED_PASSWORD}; PIN ${SEED_PIN} unless noted):`)
for (const [who, note] of [
  ["ana", "natural person, green server, owner of 2 wallets"],
  ["bruno", "company (CNPJ), matrix + branch gateway wallets"],
  ["carla", "APPROVER+CLIENT on Ana's main wallet"],
  ["diego", "APPROVER+ADMIN on Ana's main wallet"],
  ["helena", "CLIENT on Ana's main wallet (no approvals)"],
  ["eva", "no PIN, onboarding pending"],
  ["fabio", "onboarding incomplete"],
  ["gabi", "onboarding expired"]
] as const)
  console.log(`  ${`${who}@example.com`.padEnd(20)} ${note}`)
console.log(
  flag("fixed-code")
    ? "[sandbox] login codes are printed here; --fixed-code: 000000 is also accepted at sign-in and sign-up (demo only; never for a password reset or a PIN)."
    : "[sandbox] login codes are printed here (the fixed code is off; --fixed-code turns it on for a demo)."
)
if (flag("alive")) console.log("[sandbox] alive: an incoming Pix or a notification on Ana's main wallet every 5 s")

const stop = async (): Promise<void> => {
  await sb.close()
  process.exit(0)
}
process.on("SIGINT", () => void stop())
process.on("SIGTERM", () => void stop())
