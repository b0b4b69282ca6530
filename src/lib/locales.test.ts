/**
 * DESIGN "Conventions": both languages complete. Same keys in pt and en for every namespace;
 * every ERROR_KEYS key (core §8) and every VALIDATION_* key (core §5) translated; every literal
 * key the views use exists; interpolation parameters match between the languages.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ERROR_KEYS } from "../../schema/errors.ts"
import { ValidationMessage } from "../../schema/validation.ts"
import { NAMESPACES } from "../../locales/index.ts"
import { resources } from "../../locales/bundled.ts"

type Tree = { readonly [k: string]: string | Tree }

function flatten(t: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === "string") out.set(key, v)
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv)
  }
  return out
}

const flat = (lang: "pt" | "en", ns: string): Map<string, string> => flatten((resources[lang] as unknown as Record<string, Tree>)[ns] ?? {})

const params = (s: string): string[] => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? "").sort()

describe("locales (DESIGN Conventions: both languages complete)", () => {
  it("has a file per namespace in both languages", () => {
    for (const lang of ["pt", "en"] as const) {
      expect(Object.keys(resources[lang]).sort()).toEqual([...NAMESPACES].sort())
    }
  })

  it.each([...NAMESPACES])("namespace %s has exactly the same keys in pt and en, none empty", (ns) => {
    const pt = flat("pt", ns)
    const en = flat("en", ns)
    expect([...pt.keys()].sort()).toEqual([...en.keys()].sort())
    for (const [k, v] of [...pt, ...en]) expect(v.trim(), `${ns}:${k}`).not.toBe("")
  })

  it.each([...NAMESPACES])("namespace %s uses the same {{parameters}} in both languages", (ns) => {
    const pt = flat("pt", ns)
    const en = flat("en", ns)
    for (const [k, v] of pt) expect(params(en.get(k) ?? ""), `${ns}:${k}`).toEqual(params(v))
  })

  it("translates every ERROR_KEYS key (spec core §8) in both languages", () => {
    for (const lang of ["pt", "en"] as const) {
      const errors = flat(lang, "errors")
      for (const key of ERROR_KEYS) expect(errors.has(key), `${lang} errors:${key}`).toBe(true)
    }
  })

  it("translates every VALIDATION_* key (spec core §5) in both languages", () => {
    for (const lang of ["pt", "en"] as const) {
      const v = flat(lang, "validation")
      for (const key of Object.values(ValidationMessage)) expect(v.has(key), `${lang} validation:${key}`).toBe(true)
    }
  })

  it('has every literal key used by the views (t("ns:key"))', () => {
    const files: string[] = []
    const walk = (dir: string): void => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f)
        if (statSync(p).isDirectory()) walk(p)
        else if (/\.tsx?$/.test(f) && !f.endsWith(".test.ts")) files.push(p)
      }
    }
    walk(join(import.meta.dirname, ".."))
    const missing: string[] = []
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z]+):([^"]+)"/g)) {
        const [, ns, key] = m
        if (!ns || !key) continue
        // i18next plurals: a key used with `count` is found as key_one / key_other
        const keys = flat("pt", ns)
        if (!keys.has(key) && !(keys.has(`${key}_one`) && keys.has(`${key}_other`))) missing.push(`${ns}:${key} (${file})`)
      }
    }
    expect(missing).toEqual([])
  })
})
