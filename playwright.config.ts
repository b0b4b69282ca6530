/**
 * End-to-end tests in a real Chromium against the built app and a running sandbox
 * (DEVELOPERS "Real parts, really run"). Uses Debian's Chromium at /usr/bin/chromium when
 * present (no browser download works here), otherwise a browser Playwright already has.
 */
import { defineConfig } from "@playwright/test"
import { existsSync } from "node:fs"

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 5183)
const API_PORT = Number(process.env.E2E_API_PORT ?? 4020)
const CLOCK_SUITES = ["**/pix-schedule/**", "**/ted/*.spec.ts", "**/*.clock.spec.ts"]

export default defineConfig({
  testDir: "tests/e2e",
  // scratch specs are local measuring aids (1M rows), not part of the suite: speed is measured by `npm run bench`
  testIgnore: ["**/scratch-*.spec.ts"],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one retry: a test that passes only on its second run is reported as flaky in the closing line of
  // `npm test` (scripts/test.mjs) and in the JSON report, never hidden (decisions: D-e2e-retry)
  retries: 1,
  reporter: [["list"], ["json", { outputFile: process.env.PW_JSON ?? "test-results/playwright.json" }]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"]
    }
  },
  // Suites that move the sandbox clock ahead (scheduled Pix, the TED window) run after the rest: the clock only goes
  // forward, so later suites would see rows stamped days ahead and the approval cut-off run.
  projects: [
    { name: "main", testIgnore: CLOCK_SUITES },
    { name: "clock", testMatch: CLOCK_SUITES, dependencies: ["main"] }
  ],
  webServer: {
    command: `node scripts/serve.mjs --app-port ${APP_PORT} --api-port ${API_PORT} --db .data/e2e-${API_PORT}.sqlite --fresh --size small --admin --resettable`,
    url: `http://127.0.0.1:${APP_PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe"
  }
})
