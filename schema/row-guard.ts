/**
 * A row check compiled once from a row Schema's AST, equal to `Schema.is(schema)` and an order of
 * magnitude faster (issue 16 `gateway-sync-1m`; docs/decisions.md D-fast-guard, D-row-guard): the
 * keyset sync checks up to a million rows per table, and `Schema.is` over the gateway's 21-field
 * struct costs 10–14 µs a row here. The compiler knows the AST nodes a synced row is made of —
 * a struct of required fields without transformations, strings, numbers, booleans, null,
 * literals and unions of those — and runs each node's own checks (`Schema.isNonEmpty`, `Int`,
 * `makeFilter`…) through the check's `run`, so a rule is never restated here. Any other node
 * (optional or transformed fields, records, classes, filter groups) makes it fall back to
 * `Schema.is` for the whole row: never a weaker check. schema/row-guard.test.ts proves it agrees
 * with `Schema.is` for every registered table on generated rows, garbage and single-field
 * corruptions.
 */
import { Schema, SchemaAST as AST } from "effect"

type Guard = (u: unknown) => boolean

interface CheckLike {
  readonly _tag: string
  readonly run?: (input: unknown, ast: AST.AST, options: object) => unknown
}
const NO_OPTIONS = {}

/** The node's own checks as one guard, or null when one is not a plain filter. */
function checksOf(ast: AST.AST): Guard | null | "none" {
  const checks = (ast as { readonly checks?: ReadonlyArray<CheckLike> }).checks
  if (checks === undefined || checks.length === 0) return "none"
  const runs: Array<(u: unknown) => unknown> = []
  for (const c of checks) {
    if (c._tag !== "Filter" || typeof c.run !== "function") return null
    const run = c.run
    runs.push((u) => run(u, ast, NO_OPTIONS))
  }
  return (u) => {
    for (let i = 0; i < runs.length; i++) if ((runs[i] as (u: unknown) => unknown)(u) !== undefined) return false
    return true
  }
}

function compile(ast: AST.AST): Guard | null {
  if ((ast as { readonly encoding?: unknown }).encoding !== undefined) return null
  const ctx = (ast as { readonly context?: { readonly isOptional?: boolean } }).context
  if (ctx?.isOptional === true) return null
  const checks = checksOf(ast)
  if (checks === null) return null
  const base = compileBase(ast)
  if (base === null) return null
  if (checks === "none") return base
  return (u) => base(u) && checks(u)
}

function compileBase(ast: AST.AST): Guard | null {
  switch (ast._tag) {
    case "String":
      return (u) => typeof u === "string"
    case "Number":
      return (u) => typeof u === "number"
    case "Boolean":
      return (u) => typeof u === "boolean"
    case "Null":
      return (u) => u === null
    case "Literal": {
      const lit = (ast as AST.Literal).literal
      return (u) => u === lit
    }
    case "Union": {
      const types = (ast as AST.Union).types
      if (types.every((t) => t._tag === "Literal" && (t as { readonly checks?: ReadonlyArray<unknown> }).checks === undefined)) {
        const set = new Set<unknown>(types.map((t) => (t as AST.Literal).literal))
        return (u) => set.has(u)
      }
      const gs: Guard[] = []
      for (const t of types) {
        const g = compile(t)
        if (g === null) return null
        gs.push(g)
      }
      return (u) => {
        for (let i = 0; i < gs.length; i++) if ((gs[i] as Guard)(u)) return true
        return false
      }
    }
    case "Objects": {
      const o = ast as AST.Objects
      if (o.indexSignatures.length > 0) return null
      const keys: PropertyKey[] = []
      const gs: Guard[] = []
      for (const p of o.propertySignatures) {
        const g = compile(p.type)
        if (g === null) return null
        keys.push(p.name)
        gs.push(g)
      }
      return (u) => {
        if (typeof u !== "object" || u === null || Array.isArray(u)) return false
        const r = u as Record<PropertyKey, unknown>
        for (let i = 0; i < keys.length; i++) {
          const k = keys[i] as PropertyKey
          if (!Object.hasOwn(r, k) || !(gs[i] as Guard)(r[k])) return false
        }
        return true
      }
    }
    default:
      return null
  }
}

/** `Schema.is(schema)`, compiled to plain checks where the AST allows it (see the header). */
export function rowGuard<S extends Schema.Top>(schema: S): (u: unknown) => u is S["Type"] {
  const g = compile(schema.ast)
  return (g ?? Schema.is(schema)) as (u: unknown) => u is S["Type"]
}

/** Whether the compiled path is used (false: `Schema.is` itself), for the tests and the decisions. */
export const rowGuardCompiles = (schema: Schema.Top): boolean => compile(schema.ast) !== null
