/**
 * The one direction of data, checked on the import graph (CONTRIBUTING "Layout and the one
 * direction of data"; issue 11 "lint zones"; docs/decisions.md D-house-import-graph): schema →
 * nothing of ours; sync → schema; workers → sync, schema; src → schema, locales and the client half
 * of workers; sandbox → schema; features never import each other; no import cycle anywhere in
 * schema/, sync/, workers/, src/ or sandbox/. Type-only imports count: a cycle of types is still a
 * knot to untie, and a type that must be shared belongs lower down. Tests (*.test.ts) are outside
 * the layers (they may import tests/support and sandbox/prng.ts) and are not walked.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import ts from "typescript"

const root = resolve(import.meta.dirname, "../..")
const LAYERS = ["schema", "sync", "workers", "src", "sandbox"] as const
type Layer = (typeof LAYERS)[number] | "locales" | "other"

/**
 * What each layer may import (besides itself and packages). Known offender, left failing on purpose:
 * sync/engine.ts imports types from workers/protocol.ts and workers/results.ts; the engine services
 * work (issue 11) removes it. No exception list: a wrong-way import is fixed, not recorded.
 */
const ALLOWED: Record<(typeof LAYERS)[number], ReadonlyArray<Layer>> = {
  schema: [],
  sync: ["schema"],
  workers: ["sync", "schema"],
  src: ["schema", "workers", "locales"],
  sandbox: ["schema"]
}
/** The files of workers/ that run in the page (the rest runs in the worker and loads sync/). */
const WORKERS_CLIENT_HALF = new Set(["workers/client.ts", "workers/protocol.ts", "workers/results.ts", "workers/leader.ts"])

const isSource = (f: string): boolean => /\.(ts|tsx)$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith(".d.ts")

const walk = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`
    return e.isDirectory() ? walk(rel) : isSource(e.name) ? [rel] : []
  })

interface Edge {
  readonly from: string
  readonly to: string
  readonly typeOnly: boolean
}

/** `import type …` / `export type … from` statements: erased at build (verbatimModuleSyntax). */
const typeOnlySpecifiers = (text: string): Set<string> => {
  const out = new Set<string>()
  for (const m of text.matchAll(/^\s*(?:import|export)\s+type\s[^;]*?from\s+["']([^"']+)["']/gms)) out.add(m[1] as string)
  return out
}

const edgesOf = (file: string): Edge[] => {
  const text = readFileSync(join(root, file), "utf8")
  const typeOnly = typeOnlySpecifiers(text)
  const info = ts.preProcessFile(text, true, true)
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => ({ from: file, to: relative(root, resolve(root, dirname(file), spec)).replaceAll("\\", "/"), typeOnly: typeOnly.has(spec) }))
}

const layerOf = (f: string): Layer => {
  const top = f.split("/")[0] as string
  return (LAYERS as ReadonlyArray<string>).includes(top) ? (top as Layer) : top === "locales" ? "locales" : "other"
}
const featureOf = (f: string): string | null => /^src\/features\/([^/]+)\//.exec(f)?.[1] ?? null

const files = LAYERS.flatMap(walk)
const edges = files.flatMap(edgesOf)

/** Every import that breaks a layer rule, as "from → to (rule)". Exported for the checker's own test below. */
export const wrongWayImports = (all: ReadonlyArray<Edge>): string[] => [
  ...new Set(
    all.flatMap((e) => {
      const a = layerOf(e.from)
      const b = layerOf(e.to)
      if (a === "locales" || a === "other") return []
      if (b !== a && !ALLOWED[a].includes(b)) return [`${e.from} → ${e.to} (${a} may import ${ALLOWED[a].join(", ") || "nothing of ours"})`]
      if (a === "src" && b === "workers" && !WORKERS_CLIENT_HALF.has(e.to)) return [`${e.from} → ${e.to} (views use the client half of workers/ only)`]
      if (a === "workers" && WORKERS_CLIENT_HALF.has(e.from) && b === "sync" && !e.typeOnly)
        return [`${e.from} → ${e.to} (the client half of workers/ loads nothing of sync/)`]
      const fa = featureOf(e.from)
      const fb = featureOf(e.to)
      if (fa !== null && fb !== null && fa !== fb) return [`${e.from} → ${e.to} (features never import each other: shared pieces go to src/ui or src/lib)`]
      return []
    })
  )
]

/** The import cycles (each once, as the list of its files), by depth-first search over the files. */
export const cyclesOf = (all: ReadonlyArray<Edge>): string[][] => {
  const next = new Map<string, string[]>()
  for (const e of all) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  const state = new Map<string, "open" | "done">()
  const stack: string[] = []
  const found = new Map<string, string[]>()
  const visit = (f: string): void => {
    state.set(f, "open")
    stack.push(f)
    for (const t of next.get(f) ?? []) {
      const s = state.get(t)
      if (s === "open") {
        const cycle = stack.slice(stack.indexOf(t))
        found.set([...cycle].sort().join(" "), cycle)
      } else if (s === undefined) visit(t)
    }
    stack.pop()
    state.set(f, "done")
  }
  for (const f of [...next.keys()].sort()) if (!state.has(f)) visit(f)
  return [...found.values()]
}

describe("import graph (issue 11 lint zones; CONTRIBUTING one direction of data)", () => {
  it("walks the layers' files and resolves their relative imports", () => {
    expect(files.length).toBeGreaterThan(100)
    expect(edges.some((e) => e.from === "src/main.tsx")).toBe(true)
  })

  it("no import runs the wrong way (schema → nothing; sync → schema; workers → sync, schema; src → schema, workers' client half, locales; sandbox → schema; no feature → another feature)", () => {
    expect(wrongWayImports(edges)).toEqual([])
  })

  it("no import cycle in schema/, sync/, workers/, src/, sandbox/", () => {
    expect(cyclesOf(edges).map((c) => [...c, c[0]].join(" → "))).toEqual([])
  })

  it("the checks catch what they look for (a wrong-way import, a feature → feature import, a cycle, a type-only import)", () => {
    const e = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly })
    expect(wrongWayImports([e("schema/a.ts", "sync/b.ts")])).toHaveLength(1)
    expect(wrongWayImports([e("sync/a.ts", "workers/protocol.ts", true)])).toHaveLength(1)
    expect(wrongWayImports([e("src/features/a/x.tsx", "src/features/b/y.tsx")])).toHaveLength(1)
    expect(wrongWayImports([e("src/features/a/x.tsx", "workers/engine.worker.ts")])).toHaveLength(1)
    expect(wrongWayImports([e("workers/client.ts", "sync/engine.ts")])).toHaveLength(1)
    expect(wrongWayImports([e("workers/client.ts", "sync/engine.ts", true), e("src/features/a/x.tsx", "src/ui/y.tsx"), e("sync/a.ts", "schema/b.ts")])).toEqual(
      []
    )
    expect(cyclesOf([e("a", "b"), e("b", "c"), e("c", "a"), e("c", "d")])).toEqual([["a", "b", "c"]])
    expect(typeOnlySpecifiers('import type { A } from "./a.ts"\nimport { B } from "./b.ts"\nexport type { C } from "./c.ts"')).toEqual(
      new Set(["./a.ts", "./c.ts"])
    )
  })
})
