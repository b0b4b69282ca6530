/**
 * `npm run bench:compare -- <ref> [name…] [--rounds N]` (issue 33 item 7; docs/decisions.md
 * D-bench-compare): the named benchmarks on the reference commit and on the working tree,
 * alternately, in one run, and each figure's median on both sides with the ratio working/ref.
 *
 * - The reference is checked out in a temporary git worktree (removed at the end; --keep-worktree
 *   keeps it). Its node_modules is the working tree's, linked entry by entry, when package-lock.json
 *   is the same (its own node_modules/.vite stays its own); otherwise (or --npm-ci) `npm ci` there.
 * - Each side is built once (`npm run build`; the working tree only when a source is newer than its
 *   dist/, scripts/build-state.mjs) and every run passes --no-build, so the app served is the same
 *   build in every round.
 * - Each run is that side's own runner (`npm run bench -- NAME --no-build` in that side's folder):
 *   its own bench code, its own dist/ and databases — both seeded during the comparison (the working tree's in a
 *   temporary folder, BENCH_DATA_DIR), so both hold rows of the same days. Runs are one at a time and wait for the
 *   benchmark ports to be free, so the two sides' servers never clash.
 * - Results are read from a folder per run (BENCH_RESULTS_DIR); a reference older than that option
 *   writes to its worktree's bench/results, read by time.
 * - Rounds alternate which side goes first. Prints the table and writes
 *   bench/results/compare-<timestamp>.json; exits 1 when any run failed or gave no figure.
 */
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import {
  COMPARE_USAGE,
  DEFAULT_ROUNDS,
  addSamples,
  figureProblem,
  formatTable,
  parseCompareArgs,
  sidesInRound,
  stamp,
  summarize,
  type CompareArgs,
  type ReportedResult,
  type Samples,
  type Side
} from "./compare-lib.ts"

const root = resolve(import.meta.dirname, "..")
/** What bench/lib.ts startApp listens on (app 5391–5399, sandbox 4391–4399): a run starts when they are free. */
const BENCH_PORTS = [...Array.from({ length: 9 }, (_, i) => 5391 + i), ...Array.from({ length: 9 }, (_, i) => 4391 + i)]
/** Not linked into the reference's node_modules: caches a tool writes for its own root. */
const NOT_LINKED = new Set([".vite", ".vite-temp", ".cache", ".tmp"])

let args: CompareArgs
try {
  args = parseCompareArgs(process.argv.slice(2))
} catch (e) {
  console.error(`bench:compare: ${e instanceof Error ? e.message : String(e)}\n${COMPARE_USAGE}`)
  process.exit(2)
}

const git = (...a: string[]): string => {
  const r = spawnSync("git", a, { cwd: root, encoding: "utf8" })
  if (r.status !== 0) throw new Error(`git ${a.join(" ")}: ${r.stderr.trim()}`)
  return r.stdout.trim()
}
const log = (s: string) => console.log(`[compare] ${s}`)

const refSha = (() => {
  try {
    return git("rev-parse", "--verify", `${args.ref}^{commit}`)
  } catch {
    console.error(`bench:compare: ${args.ref} is not a commit here`)
    process.exit(2)
  }
})()
const headSha = git("rev-parse", "HEAD")
const dirty = git("status", "--porcelain", "--untracked-files=no") !== ""
const labels = { ref: `${args.ref} (${refSha.slice(0, 7)})`, working: `${headSha.slice(0, 7)}${dirty ? "+changes" : ""}` }

const { benches } = (await import("./benches.ts")) as { benches: Record<string, unknown> }
const names = args.names.length ? args.names : Object.keys(benches)
const unknown = names.filter((n) => !(n in benches))
if (unknown.length) {
  console.error(`bench:compare: unknown benchmark(s) ${unknown.join(", ")}; known: ${Object.keys(benches).join(", ")}`)
  process.exit(2)
}
if (args.rounds < DEFAULT_ROUNDS) log(`note: ${args.rounds} round(s) — fewer than ${DEFAULT_ROUNDS}; fine for a check, not a comparison to quote`)

const tmp = mkdtempSync(join(tmpdir(), "bench-compare-"))
const refRoot = join(tmp, "ref")
let worktreeAdded = false
let current: ReturnType<typeof spawn> | undefined

const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return
  try {
    process.kill(-pid, "SIGTERM") // the runner and everything it started (serve.mjs, the sandbox, Chromium, Vite)
  } catch {
    /* already gone */
  }
}

function cleanup(): void {
  killGroup(current?.pid)
  if (!worktreeAdded) return rmSync(tmp, { recursive: true, force: true })
  if (args.keepWorktree) return log(`reference worktree kept at ${refRoot} (git worktree remove --force ${refRoot} when done)`)
  // node_modules first: its entries are links into the working tree's, removed as links (rmSync does not follow them)
  rmSync(join(refRoot, "node_modules"), { recursive: true, force: true })
  spawnSync("git", ["worktree", "remove", "--force", refRoot], { cwd: root, stdio: "inherit" })
  spawnSync("git", ["worktree", "prune"], { cwd: root, stdio: "inherit" })
  rmSync(tmp, { recursive: true, force: true })
}
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    log(`${sig}: stopping and removing the reference worktree`)
    cleanup()
    process.exit(130)
  })

/** Runs a command to its end, output shown; throws when it fails. */
function run(cmd: string, a: ReadonlyArray<string>, cwd: string): void {
  const r = spawnSync(cmd, a, { cwd, stdio: "inherit" })
  if (r.status !== 0) throw new Error(`${cmd} ${a.join(" ")} in ${cwd} exited ${r.status ?? r.signal}`)
}

function prepareReference(): void {
  log(`reference ${labels.ref} in a temporary worktree at ${refRoot}`)
  git("worktree", "add", "--detach", refRoot, refSha)
  worktreeAdded = true
  const lock = (dir: string) => (existsSync(join(dir, "package-lock.json")) ? readFileSync(join(dir, "package-lock.json"), "utf8") : "")
  if (!args.npmCi && existsSync(join(root, "node_modules")) && lock(refRoot) === lock(root)) {
    log("package-lock.json is the working tree's: linking its node_modules (no npm ci)")
    mkdirSync(join(refRoot, "node_modules"))
    for (const e of readdirSync(join(root, "node_modules")))
      if (!NOT_LINKED.has(e)) symlinkSync(join(root, "node_modules", e), join(refRoot, "node_modules", e))
  } else {
    log(args.npmCi ? "npm ci (--npm-ci)" : "package-lock.json differs from the working tree's: npm ci in the reference")
    run("npm", ["ci", "--no-audit", "--no-fund"], refRoot)
  }
  log("building the reference (npm run build)")
  run("npm", ["run", "build", "--", "--logLevel", "warn"], refRoot)
}

async function prepareWorking(): Promise<void> {
  const { staleReason } = (await import(pathToFileURL(join(root, "scripts/build-state.mjs")).href)) as { staleReason: (root: string) => string | null }
  const why = staleReason(root)
  if (why === null) return log("working tree: dist/ is newer than every source, used as it is")
  log(`building the working tree (npm run build): ${why}`)
  run("npm", ["run", "build", "--", "--logLevel", "warn"], root)
}

const distTime = (dir: string): number => (existsSync(join(dir, "dist/index.html")) ? statSync(join(dir, "dist/index.html")).mtimeMs : 0)

const portOpen = (port: number): Promise<boolean> =>
  new Promise((ok) => {
    const s = connect({ port, host: "127.0.0.1" })
    s.once("connect", () => (s.destroy(), ok(true)))
    s.once("error", () => ok(false))
  })
async function portsFree(timeoutMs = 60_000): Promise<boolean> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const open = (await Promise.all(BENCH_PORTS.map(portOpen))).some((x) => x)
    if (!open) return true
    if (Date.now() > until) return false
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** The results a run wrote: its own folder, or (a reference without BENCH_RESULTS_DIR) its bench/results files written since it started. */
function readResults(dir: string, sideRoot: string, since: number): ReportedResult[] {
  const read = (folder: string, keep: (f: string) => boolean) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith(".json") && !f.startsWith("compare-") && keep(f))
          .map((f) => JSON.parse(readFileSync(join(folder, f), "utf8")) as ReportedResult)
      : []
  const own = read(dir, () => true)
  if (own.length) return own
  const shared = join(sideRoot, "bench/results")
  return read(shared, (f) => statSync(join(shared, f)).mtimeMs >= since)
}

interface RunRecord {
  side: Side
  round: number
  name: string
  seconds: number
  exit: number | null
  problem: string | null
  results: ReportedResult[]
}

async function runOnce(side: Side, round: number, name: string): Promise<RunRecord> {
  const sideRoot = side === "ref" ? refRoot : root
  const dir = join(tmp, "results", `${round}-${side}-${name}`)
  mkdirSync(dir, { recursive: true })
  if (!(await portsFree())) log(`warning: a benchmark port (${BENCH_PORTS[0]}–${BENCH_PORTS.at(-1)}) is still in use (another benchmark run?)`)
  log(`round ${round + 1}/${args.rounds} · ${side} ${side === "ref" ? labels.ref : labels.working} · ${name}`)
  const since = Date.now() - 1000
  const t0 = performance.now()
  const exit = await new Promise<number | null>((ok) => {
    const child = spawn("npm", ["run", "--silent", "bench", "--", name, "--no-build"], {
      cwd: sideRoot,
      stdio: "inherit",
      detached: true, // its own process group: whatever it leaves running is ended with it
      // the working tree's databases seeded in this comparison, as the reference's are in its new worktree: a database
      // kept from a day before holds rows a day older, and a page's "last n days" held 0.5 % fewer of them than the
      // reference's (gateway-keystroke-1m: 688,813 rows against 692,462)
      env: { ...process.env, BENCH_RESULTS_DIR: dir, ...(side === "working" ? { BENCH_DATA_DIR: join(tmp, "working-data") } : {}) }
    })
    current = child
    child.on("exit", (code, signal) => ok(code ?? (signal ? 128 : 1)))
    child.on("error", () => ok(1))
  })
  killGroup(current?.pid)
  current = undefined
  const results = readResults(dir, sideRoot, since)
  const problem = exit !== 0 ? `exit code ${exit}${results.length ? "" : ", no result"}` : figureProblem(results)
  return { side, round, name, seconds: (performance.now() - t0) / 1000, exit, problem, results }
}

const startedAt = new Date()
const records: RunRecord[] = []
const warnings: string[] = []
let failed = false
try {
  prepareReference()
  await prepareWorking()
  const workingDist = distTime(root)
  const samples: Record<Side, Samples> = { ref: {}, working: {} }
  for (let round = 0; round < args.rounds; round++)
    for (const name of names)
      for (const side of sidesInRound(round)) {
        if (side === "working" && distTime(root) !== workingDist) {
          const w = `round ${round + 1}: the working tree's dist/ was rebuilt during the comparison (by another command); later working runs serve that build`
          warnings.push(w)
          log(`warning: ${w}`)
        }
        const rec = await runOnce(side, round, name)
        records.push(rec)
        addSamples(samples[side], rec.results)
        if (rec.problem) log(`FAILED ${side} ${name} round ${round + 1}: ${rec.problem}`)
      }
  const rows = summarize(samples.ref, samples.working)
  const failures = records.filter((r) => r.problem)
  failed = failures.length > 0
  console.log(
    `\nbench:compare ${labels.ref} against the working tree ${labels.working}: ${names.join(", ")}; ${args.rounds} round(s) each, medians; working/ref < 1 is lower on the working tree\n`
  )
  console.log(formatTable(rows, labels))
  for (const w of warnings) console.log(`warning: ${w}`)
  if (failed) {
    console.error(`\nbench:compare: ${failures.length} run(s) failed or gave no figure:`)
    for (const f of failures) console.error(`  ${f.side} ${f.name} round ${f.round + 1}: ${f.problem}`)
  }
  const file = resolve(root, `bench/results/compare-${stamp(startedAt)}.json`)
  mkdirSync(resolve(root, "bench/results"), { recursive: true })
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: startedAt.toISOString(),
        ref: { spec: args.ref, sha: refSha },
        working: { head: headSha, uncommitted_changes: dirty },
        names,
        rounds: args.rounds,
        rows: rows.map((r) => ({
          figure: r.figure,
          ref_median: Number.isFinite(r.ref) ? r.ref : null,
          working_median: Number.isFinite(r.working) ? r.working : null,
          ratio: Number.isFinite(r.ratio) ? r.ratio : null,
          ref_values: r.refValues,
          working_values: r.workingValues
        })),
        runs: records.map((r) => ({
          side: r.side,
          round: r.round + 1,
          name: r.name,
          seconds: Math.round(r.seconds * 10) / 10,
          exit: r.exit,
          problem: r.problem
        })),
        warnings
      },
      null,
      2
    )
  )
  console.log(`\nwritten ${file}`)
} catch (e) {
  failed = true
  console.error(`bench:compare: ${e instanceof Error ? e.message : String(e)}`)
} finally {
  cleanup()
}
process.exit(failed ? 1 : 0)
