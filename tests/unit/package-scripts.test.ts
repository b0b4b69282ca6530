/**
 * The README's two commands (`npm start`, `npm test`) and the bench run scripts that exist: a
 * script that names a missing file fails here, not on a newcomer's fresh machine.
 */
import { existsSync, readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const scripts = (JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts

describe("package.json scripts (README: npm start, npm test)", () => {
  it("start and test are defined", () => {
    expect(scripts.start).toBeDefined()
    expect(scripts.test).toBeDefined()
  })
  for (const [name, cmd] of Object.entries(scripts)) {
    const files = [...cmd.matchAll(/(?:^|\s)(?:node|tsx)\s+(?:--\S+\s+)*([\w./-]+\.(?:mjs|js|ts))/g)].map((m) => m[1] as string)
    if (files.length === 0) continue
    it(`"${name}" runs files that exist: ${files.join(", ")}`, () => {
      for (const f of files) expect(existsSync(resolve(root, f)), f).toBe(true)
    })
  }
})
