/**
 * Dependencies honest (issue 29 item 8; docs/decisions.md D-dependencies): a `dependency` is what the
 * app and `npm start` need — imported by the main path (src/, workers/, sync/, schema/, sandbox/, outside
 * tests; vite.config.ts, which `npm start` builds with; scripts/serve.mjs and scripts/build-state.mjs),
 * or needed by `npm start` without an import (listed below with the reason); everything else — test,
 * lint, format and type tools — is a `devDependency`, and the main path imports none of them. A
 * package the main path imports must be declared at all (not reached through another's dependencies).
 */
import { builtinModules } from "node:module"
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import ts from "typescript"

const root = resolve(import.meta.dirname, "../..")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** Dependencies `npm start` needs with no import on the main path, and why. */
export const NEEDED_WITHOUT_IMPORT: Readonly<Record<string, string>> = {
  vite: "scripts/serve.mjs builds the app (scripts/build-state.mjs) and serves it with node_modules/vite/bin/vite.js",
  tsx: "scripts/serve.mjs starts the sandbox with `node --import tsx sandbox/main.ts`",
  dexie: "rxdb 17.6 depends on dexie 4.4.2 exactly; ours pins the same version so the bundle holds one copy (CONTRIBUTING Pitfalls)",
  "workbox-window": "a peer of vite-plugin-pwa: `virtual:pwa-register` (src/lib/pwa.ts) imports it into the app"
}

const MAIN_DIRS = ["src", "workers", "sync", "schema", "sandbox"]
const MAIN_FILES = ["vite.config.ts", "scripts/serve.mjs", "scripts/build-state.mjs"]
const isMainSource = (f: string): boolean => /\.(ts|tsx|mts|mjs)$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith(".d.ts")

const walk = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name.startsWith(".")) return []
    const rel = `${dir}/${e.name}`
    return e.isDirectory() ? walk(rel) : isMainSource(e.name) ? [rel] : []
  })

/** The package a bare specifier names (`@zxing/library/esm/core/X.js` → `@zxing/library`), or null for a relative, node: or virtual one. */
export const packageOf = (spec: string): string | null => {
  if (spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:") || spec.startsWith("virtual:")) return null
  const parts = spec.split("/")
  const name = spec.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string)
  return builtinModules.includes(name) ? null : name
}

const mainFiles = [...MAIN_DIRS.flatMap(walk), ...MAIN_FILES]
/** package → the main-path files importing it (static, dynamic and type imports alike). */
const importers = new Map<string, string[]>()
for (const f of mainFiles)
  for (const i of ts.preProcessFile(readFileSync(join(root, f), "utf8"), true, true).importedFiles) {
    const p = packageOf(i.fileName)
    if (p !== null) importers.set(p, [...new Set([...(importers.get(p) ?? []), f])])
  }

describe("dependencies honest (issue 29 item 8, D-dependencies)", () => {
  it("reads the main path", () => {
    expect(mainFiles).toContain("src/main.tsx")
    expect(importers.get("react")?.length).toBeGreaterThan(10)
  })

  it("every dependency is imported by the main path or needed by npm start (NEEDED_WITHOUT_IMPORT)", () => {
    const unused = Object.keys(pkg.dependencies).filter((d) => !importers.has(d) && !(d in NEEDED_WITHOUT_IMPORT))
    expect(
      unused,
      "move a test or build-only tool to devDependencies, remove what nothing uses, or say in NEEDED_WITHOUT_IMPORT why npm start needs it"
    ).toEqual([])
  })

  it("the main path imports no devDependency and nothing undeclared", () => {
    const wrong = [...importers].flatMap(([p, files]) =>
      p in pkg.dependencies ? [] : [`${p} (${p in pkg.devDependencies ? "a devDependency" : "not declared"}) ← ${files.slice(0, 3).join(", ")}`]
    )
    expect(wrong, "what the app, the sandbox or npm start imports is a dependency: `npm pkg set dependencies.<name>=<range>`").toEqual([])
  })

  it("NEEDED_WITHOUT_IMPORT lists only dependencies", () => {
    expect(Object.keys(NEEDED_WITHOUT_IMPORT).filter((d) => !(d in pkg.dependencies))).toEqual([])
  })

  it("packageOf reads specifiers", () => {
    expect(["react", "@zxing/library/esm/core/X.js", "effect/Schema", "./a.ts", "node:fs", "fs", "virtual:pwa-register"].map(packageOf)).toEqual([
      "react",
      "@zxing/library",
      "effect",
      null,
      null,
      null,
      null
    ])
  })
})
