#!/usr/bin/env node
// `npm test`: every suite — type check, lint, format check and the app build (side by side: each is one thread),
// unit, integration and component tests (vitest), then the end-to-end suite in a real Chromium
// (Playwright, two workers, each with its own sandbox; no retries). It closes with the time of each phase and one
// line a reader can trust, summed from the runners' own JSON reports: "tests: N passed, N failed".
//   node scripts/test.mjs [phase…]   runs only the phases named (typecheck lint format vitest build e2e)
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { stripVTControlCharacters } from "node:util"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const out = resolve(root, "test-results")
mkdirSync(out, { recursive: true })
for (const f of ["vitest.json", "playwright.json"]) rmSync(resolve(out, f), { force: true })
const node = process.execPath
const bin = (p) => resolve(root, "node_modules", p)
// no Playwright trace in the suite (about a tenth of the end-to-end CPU: DOM snapshots and screencast frames at every
// step of every test); a failing spec is run again alone with its trace: `npx playwright test <spec>` (config default)
const env = { ...process.env, PW_JSON: `${out}/playwright.json`, E2E_TRACE: process.env.E2E_TRACE ?? "off" }

/**
 * Groups run one after the other; the phases of a group run side by side (their output printed whole, in order). A
 * phase marked `carry` starts with its group but is waited for with the next one: the lint outlasts the type check,
 * format check and build by about 40 s on one core, and vitest starts in that gap instead of leaving the other core idle.
 */
const groups = [
  [
    ["typecheck", [bin("typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit"]],
    ["lint", [bin("eslint/bin/eslint.js"), ".", "--max-warnings=0"], { carry: true }],
    ["format", [bin("prettier/bin/prettier.cjs"), "--check", ".", "--log-level", "warn"]],
    ["build", [bin("vite/bin/vite.js"), "build", "--logLevel", "warn"]]
  ],
  [["vitest", [bin("vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/vitest.json`]]],
  [["e2e", [bin("@playwright/test/cli.js"), "test"]]]
]
const only = process.argv.slice(2)
const fmt = (ms) => {
  const s = Math.round(ms / 1000)
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s} s`
}

/** One phase: alone it prints as it goes; beside others its output is kept and printed when it ends. */
const run = (name, argv, alone) =>
  new Promise((done) => {
    const t0 = Date.now()
    const child = spawn(node, argv, { cwd: root, env, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] })
    const chunks = []
    if (!alone) for (const s of [child.stdout, child.stderr]) s.on("data", (b) => chunks.push(b))
    child.on("close", (code) => done({ name, code, ms: Date.now() - t0, output: Buffer.concat(chunks).toString() }))
  })

const started = Date.now()
const times = []
let failedStep = null
let carried = []
for (const group of groups) {
  const phases = group.filter(([name]) => !only.length || only.includes(name))
  if (!phases.length && !carried.length) continue
  // a group of one phase prints as it goes (a carried phase beside it is kept and printed when it ends)
  const live = phases.length === 1 ? phases[0][0] : null
  if (live) console.log(`\n── npm test: ${live} ──`)
  const now = phases.map(([name, argv, o]) => ({ carry: o?.carry === true && group !== groups.at(-1), p: run(name, argv, name === live) }))
  const results = [...(await Promise.all(now.filter((x) => !x.carry).map((x) => x.p))), ...(await Promise.all(carried))]
  carried = now.filter((x) => x.carry).map((x) => x.p)
  for (const r of results) {
    if (r.name !== live) {
      console.log(`\n── npm test: ${r.name} ──`)
      if (r.output.trim()) process.stdout.write(r.output.endsWith("\n") ? r.output : `${r.output}\n`)
    }
    times.push(`${r.name} ${fmt(r.ms)}`)
    if (r.code !== 0) {
      failedStep ??= r.name
      console.error(`── ${r.name} failed (exit ${r.code}) ──`)
    }
  }
  // a test runner that fails still lets the next suites run (every failure is seen at once); a check that fails stops
  if (failedStep !== null && results.some((r) => r.code !== 0 && r.name !== "vitest" && r.name !== "e2e")) break
}

let passed = 0,
  failed = 0,
  skipped = 0,
  flaky = 0
const read = (f) => {
  try {
    return JSON.parse(readFileSync(f, "utf8"))
  } catch {
    return null
  }
}
const v = existsSync(`${out}/vitest.json`) ? read(`${out}/vitest.json`) : null
if (v) {
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
}
const p = existsSync(`${out}/playwright.json`) ? read(`${out}/playwright.json`) : null
if (p?.stats) {
  passed += p.stats.expected ?? 0
  failed += p.stats.unexpected ?? 0
  flaky = p.stats.flaky ?? 0
  skipped += p.stats.skipped ?? 0
}
// with no retries nothing can pass on a second try; a flaky count here means a retry crept back into the config
const flakyTitles = []
const walk = (s) => {
  for (const sp of s.specs ?? []) for (const t of sp.tests ?? []) if (t.status === "flaky") flakyTitles.push(`${s.file ?? ""} › ${sp.title}`)
  for (const c of s.suites ?? []) walk(c)
}
for (const s of p?.suites ?? []) walk(s)
for (const t of flakyTitles) console.log(`flaky (failed once, passed on retry): ${t}`)
// the failures again, last: CI shows the end of a long log, and a failure printed minutes earlier is lost in it
const failures = []
for (const f of v?.testResults ?? []) {
  // a file that fails to load or whose hook throws fails with no failed assertion
  if (f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"))
    failures.push(`vitest ${f.name.replace(`${root}/`, "")}\n    ${(f.message ?? "").split("\n")[0].slice(0, 400)}`)
  for (const a of f.assertionResults ?? [])
    if (a.status === "failed")
      failures.push(`vitest ${f.name.replace(`${root}/`, "")} › ${a.fullName ?? a.title}\n    ${(a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 400)}`)
}
const walkFailed = (s) => {
  for (const sp of s.specs ?? [])
    for (const t of sp.tests ?? [])
      if (t.status === "unexpected") {
        const err = t.results?.at(-1)?.error?.message ?? ""
        failures.push(
          `e2e ${sp.file ?? s.file ?? ""}:${sp.line ?? ""} › ${sp.title}\n    ${stripVTControlCharacters(err).split("\n").slice(0, 3).join(" ").slice(0, 400)}`
        )
      }
  for (const c of s.suites ?? []) walkFailed(c)
}
for (const s of p?.suites ?? []) walkFailed(s)
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join("\n")}`)
if (flaky > 0 && failedStep === null) failedStep = "e2e (flaky)"
if (failedStep && failed === 0) failed = 1 // a step that is not a test runner failed (typecheck, lint, format, build)
console.log(`\ntime: ${times.join(" · ")} · total ${fmt(Date.now() - started)}`)
console.log(`tests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ""}${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failedStep ? 1 : 0)
