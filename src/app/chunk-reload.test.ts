/** spec core §2.1: a failed chunk load triggers a full page reload (once). */
import { describe, expect, it } from "vitest"
import { isChunkLoadError } from "./chunk-reload.ts"

describe("core §2.1 failed chunk load", () => {
  it("recognises the browsers' chunk-load failures", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true)
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true)
    expect(isChunkLoadError(new Error("boom"))).toBe(false)
  })
})
