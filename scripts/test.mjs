#!/usr/bin/env node
// `npm test`: every suite, in order — type check, lint, unit + integration (vitest), the app
// build, then the end-to-end suite in a real Chromium (Playwright). It closes with one line a
// reader can trust, summed from the runners' own JSON reports:  "tests: N passed, N failed".
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const out = resolve(root, "test-results")
mkdirSync(out, { recursive: true })
const node = process.execPath
const bin = (p) => resolve(root, "node_modules", p)
const steps = [
  ["typecheck", [bin("typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit"]],
  ["lint", [bin("eslint/bin/eslint.js"), ".", "--max-warnings=0"]],
  ["vitest", [bin("vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/vitest.json`]],
  ["build", [bin("vite/bin/vite.js"), "build", "--logLevel", "warn"]],
  ["e2e", [bin("@playwright/test/cli.js"), "test"]]
]
const only = process.argv.slice(2)
let failedStep = null
for (const [name, argv] of steps) {
  if (only.length && !only.includes(name)) continue
  console.log(`\n── npm test: ${name} ──`)
  const r = spawnSync(node, argv, { cwd: root, stdio: "inherit", env: { ...process.env, PW_JSON: `${out}/playwright.json` } })
  if (r.status !== 0) { failedStep = name; console.error(`── ${name} failed (exit ${r.status}) ──`); if (name !== "vitest" && name !== "e2e") break }
}

let passed = 0, failed = 0, skipped = 0, flaky = 0
const read = (f) => { try { return JSON.parse(readFileSync(f, "utf8")) } catch { return null } }
const v = existsSync(`${out}/vitest.json`) ? read(`${out}/vitest.json`) : null
if (v) { passed += v.numPassedTests ?? 0; failed += v.numFailedTests ?? 0; skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0) }
const p = existsSync(`${out}/playwright.json`) ? read(`${out}/playwright.json`) : null
if (p?.stats) { passed += p.stats.expected ?? 0; failed += p.stats.unexpected ?? 0; flaky = p.stats.flaky ?? 0; skipped += p.stats.skipped ?? 0 }
// D-e2e-retry: a test that failed once and passed on its retry is named, so it is looked at, not forgotten
const flakyTitles = []
const walk = (s) => { for (const sp of s.specs ?? []) for (const t of sp.tests ?? []) if (t.status === "flaky") flakyTitles.push(`${s.file ?? ""} › ${sp.title}`); for (const c of s.suites ?? []) walk(c) }
for (const s of p?.suites ?? []) walk(s)
for (const t of flakyTitles) console.log(`flaky (failed once, passed on retry): ${t}`)
if (failedStep && failed === 0) failed = 1 // a step that is not a test runner failed (typecheck, lint, build)
console.log(`\ntests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ""}${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failedStep ? 1 : 0)
