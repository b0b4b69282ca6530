/**
 * Test projects: `unit` (pure code, next to the sources and under tests/unit) and
 * `integration` (the engine and the sandbox over real HTTP; each file starts its own sandbox).
 * End-to-end tests run in Playwright (playwright.config.ts), not here.
 */
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // no wall-clock limits in unit tests (house rule): the projection tests over 10k rows take 6 s on a loaded 2-core machine
          testTimeout: 60_000,
          include: ["schema/**/*.test.ts", "sync/**/*.test.ts", "workers/**/*.test.ts", "src/**/*.test.{ts,tsx}", "sandbox/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node"
        }
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false
        }
      }
    ]
  }
})
