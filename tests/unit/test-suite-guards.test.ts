/**
 * Guards of the suite itself (issue 28): the end-to-end suite runs with no retries and at least two workers, and
 * `npm start` / the e2e suite rebuild the app when a source is newer than the build (scripts/build-state.mjs).
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import config from "../../playwright.config.ts"
// @ts-expect-error a plain ES module of the scripts folder, without types
import { staleReason } from "../../scripts/build-state.mjs"

const stale = staleReason as (root: string) => string | null

describe("issue 28: the end-to-end suite", () => {
  it("retries nothing: a test that passes only on a second try is a failing test", () => {
    expect(config.retries).toBe(0)
  })
  it("runs on at least two workers, test by test", () => {
    expect(Number(config.workers)).toBeGreaterThanOrEqual(2)
    expect(config.fullyParallel).toBe(true)
  })
})

describe("issue 28 item 9: npm start serves what the checkout holds", () => {
  const tree = (): string => {
    const root = mkdtempSync(join(tmpdir(), "build-state-"))
    for (const d of ["src/features/pix", "dist", "locales/pt"]) mkdirSync(join(root, d), { recursive: true })
    writeFileSync(join(root, "src/features/pix/page.tsx"), "x")
    writeFileSync(join(root, "locales/pt/pix.json"), "{}")
    writeFileSync(join(root, "dist/index.html"), "<html>")
    return root
  }
  const at = (path: string, s: number): void => {
    utimesSync(path, s, s)
  }

  it("builds when there is no build", () => {
    const root = mkdtempSync(join(tmpdir(), "build-state-"))
    expect(stale(root)).toBe("no build yet")
  })
  it("serves the build when it is newer than every source", () => {
    const root = tree()
    at(join(root, "src/features/pix/page.tsx"), 1_000)
    at(join(root, "locales/pt/pix.json"), 1_000)
    at(join(root, "dist/index.html"), 2_000)
    expect(stale(root)).toBeNull()
  })
  it("rebuilds when a source deep in a folder, or a message file, is newer than the build", () => {
    const root = tree()
    at(join(root, "dist/index.html"), 2_000)
    at(join(root, "locales/pt/pix.json"), 1_000)
    at(join(root, "src/features/pix/page.tsx"), 3_000)
    expect(stale(root)).toBe("src changed since the last build")
    at(join(root, "src/features/pix/page.tsx"), 1_000)
    at(join(root, "locales/pt/pix.json"), 3_000)
    expect(stale(root)).toBe("locales changed since the last build")
  })
})
