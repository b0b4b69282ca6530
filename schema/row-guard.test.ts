/**
 * D-row-guard: the compiled row check (schema/row-guard.ts) agrees with `Schema.is` — the
 * independent reference — for every table the keyset sync pulls (schema/tables/registry.ts) and
 * for the statement entry, on generated valid rows, on garbage, on every single-field corruption
 * (wrong type, null, empty string, float money, unknown literal, unparseable date, missing field)
 * and with extra fields; a schema it cannot compile falls back to `Schema.is` itself.
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Prng } from "../sandbox/prng.ts"
import { gatewayRows } from "../sandbox/areas/gateway/rows.ts"
import { pixStatementRowOf } from "../sandbox/areas/pix-statement/rows.ts"
import { generateRows } from "../tests/support/test-rows.ts"
import { StatementEntry } from "./entities.ts"
import { rowGuard, rowGuardCompiles } from "./row-guard.ts"
import { TABLE_NAMES, tableEntry } from "./tables/registry.ts"

const NOW = Date.parse("2026-11-20T15:00:00.000Z")
const statementRows = generateRows(200, { seed: 5 }).rows
const samples: Record<string, ReadonlyArray<Record<string, unknown>>> = {
  gateway_transactions: gatewayRows(new Prng(9), "w-1", 200, NOW, 30),
  pix_statement: statementRows.map((e) => pixStatementRowOf(e)),
  statement: statementRows
}
const schemas: Record<string, Schema.Top> = {
  ...Object.fromEntries(TABLE_NAMES.map((n) => [n, tableEntry(n).row as unknown as Schema.Top])),
  statement: StatementEntry as unknown as Schema.Top
}
const BAD: ReadonlyArray<unknown> = [undefined, null, 0, 1.5, -1, Number.NaN, "", "x", "NOPE", "not a date", "2026-13-45", true, {}, [], ["a"]]

describe("D-row-guard: the compiled row check equals Schema.is", () => {
  it("every registered table has a sample generator here (a new table must add one)", () => {
    for (const n of TABLE_NAMES) expect(samples[n], n).toBeDefined()
  })

  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: compiles, and agrees on valid rows, garbage, single-field corruptions and extra fields`, () => {
      expect(rowGuardCompiles(schema)).toBe(true)
      const fast = rowGuard(schema)
      const is = Schema.is(schema)
      const rows = samples[name] ?? []
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) {
        expect(is(r)).toBe(true)
        expect(fast(r)).toBe(true)
      }
      for (const g of BAD) expect(fast(g), `garbage ${JSON.stringify(g)}`).toBe(is(g))
      const g = new Prng(name.length)
      for (let i = 0; i < 40; i++) {
        const base = rows[g.int(0, rows.length - 1)] as Record<string, unknown>
        for (const key of Object.keys(base)) {
          for (const v of BAD) {
            const row = { ...base, [key]: v }
            expect(fast(row), `${key}=${JSON.stringify(v)}`).toBe(is(row))
          }
          const { [key]: _gone, ...missing } = base
          expect(fast(missing), `missing ${key}`).toBe(is(missing))
        }
        expect(fast({ ...base, extra: 1 })).toBe(is({ ...base, extra: 1 }))
      }
    })
  }

  it("falls back to Schema.is where it cannot compile (an optional or transformed field)", () => {
    const S = Schema.Struct({ a: Schema.String, b: Schema.optional(Schema.Int), c: Schema.NumberFromString })
    expect(rowGuardCompiles(S)).toBe(false)
    const fast = rowGuard(S)
    const is = Schema.is(S)
    for (const v of [{ a: "x", c: 1 }, { a: "x", b: 1.5, c: 1 }, { a: "x", c: "1" }, { a: 1, c: 1 }, null]) expect(fast(v)).toBe(is(v))
  })
})
