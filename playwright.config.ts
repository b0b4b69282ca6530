/**
 * End-to-end tests in a real Chromium against the built app and a running sandbox (DEVELOPERS "Real parts,
 * really run"; issue 28). Each worker starts its own sandbox and app server, and each test starts from the seed
 * (tests/e2e/test.ts; decisions D-e2e-isolation). No retries: a test that passes only on a second try is a
 * failing test. Uses Debian's Chromium at /usr/bin/chromium when present (no browser download works here),
 * otherwise a browser Playwright already has.
 */
import { defineConfig, type Project } from "@playwright/test"
import { readdirSync } from "node:fs"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium.ts"

const executablePath = CHROMIUM_PATH

/**
 * `E2E_SHUFFLE=<seed>`: the spec files in an order drawn from the seed, one project each (the runner takes projects
 * in the order given), to show that no test depends on what ran before it (issue 28 item 3). Unset: one project.
 */
const shuffled = (seed: number): Project[] => {
  const files = readdirSync("tests/e2e", { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".spec.ts") && !f.includes("scratch-"))
    .sort()
  let s = seed >>> 0 || 1
  const next = (): number => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 2 ** 32
  }
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[files[i], files[j]] = [files[j] as string, files[i] as string]
  }
  return files.map((f) => ({ name: f, testMatch: f }))
}
const SHUFFLE = process.env.E2E_SHUFFLE

export default defineConfig({
  testDir: "tests/e2e",
  // scratch specs are local measuring aids (1M rows), not part of the suite: speed is measured by `npm run bench`
  testIgnore: ["**/scratch-*.spec.ts"],
  // builds the app once when its sources are newer than dist/ (scripts/build-state.mjs); the workers serve dist/
  globalSetup: "./tests/e2e/global-setup.ts",
  // a two-person flow signs two people in and syncs both accounts on a 2-core machine shared with two browsers
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"], ["json", { outputFile: process.env.PW_JSON ?? "test-results/playwright.json" }]],
  outputDir: "test-results/e2e",
  ...(SHUFFLE ? { projects: shuffled(Number(SHUFFLE)) } : {}),
  use: {
    // the service worker precaches every area (84 files) in each new context: only the offline suite needs it
    // (tests/e2e/offline, `serviceWorkers: "allow"`); reduced motion stops spinners and shimmers repainting
    serviceWorkers: "block",
    reducedMotion: "reduce",
    // `npm test` runs with E2E_TRACE=off (scripts/test.mjs); alone, a spec keeps the trace of a failure
    trace: (process.env.E2E_TRACE ?? "retain-on-failure") as "off" | "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [...CHROMIUM_ARGS]
    }
  }
})
