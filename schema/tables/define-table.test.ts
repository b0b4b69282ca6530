/**
 * Q6 table description (issue 11, sync/SPEC.md Q6): enum widths come from the literal counts —
 * any count packs (17 statuses, 20 currencies) and round-trips over many generated rows — and
 * the statement description gives the code layout the projection has always used.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { bitsFor, compileCodeLayout, decodeCode, defineTable, encodeCode, enumOf } from "./define-table.ts"
import { statementTable } from "./statement.ts"

const names = (prefix: string, n: number): ReadonlyArray<string> => Array.from({ length: n }, (_, i) => `${prefix}${i}`)

describe("Q6 table description: enum widths from literal counts", () => {
  it("Q6 bitsFor is the least width holding n values", () => {
    for (let n = 1; n <= 300; n++) {
      const w = bitsFor(n)
      expect(1 << w).toBeGreaterThanOrEqual(n)
      if (n > 2) expect(1 << (w - 1)).toBeLessThan(n)
    }
    expect(() => bitsFor(0)).toThrow(RangeError)
  })

  it("Q6 17 statuses and 20 currencies pack and round-trip over generated rows", () => {
    const layout = compileCodeLayout([
      { key: "kind", literals: names("k", 4) },
      { key: "status", literals: names("s", 17) },
      { key: "direction", literals: ["in", "out"] },
      { key: "currency", literals: names("c", 20) }
    ])
    expect(enumOf(layout, "status").bits).toBe(5)
    expect(enumOf(layout, "currency").bits).toBe(5)
    expect(layout.bits).toBe(2 + 5 + 1 + 5)
    const g = new Prng(11)
    const seen = new Set<number>()
    for (let i = 0; i < 5000; i++) {
      const row = layout.enums.map((e) => g.pick(e.literals))
      const code = encodeCode(layout, row)
      expect(code).toBeGreaterThanOrEqual(0)
      expect(code).toBeLessThan(layout.space)
      expect(decodeCode(layout, code)).toEqual(row)
      seen.add(code)
    }
    expect(seen.size).toBeGreaterThan(1000)
    expect(encodeCode(layout, ["k0", "s99", "in", "c0"])).toBe(-1)
  })

  it("Q6 the statement description keeps ((type·4 + status)·2 + direction)·8 + currency", () => {
    const l = statementTable.layout
    expect([enumOf(l, "type").shift, enumOf(l, "status").shift, enumOf(l, "direction").shift, enumOf(l, "currency_symbol").shift]).toEqual([6, 4, 3, 0])
    expect(l.space).toBeLessThanOrEqual(0xffff)
  })

  it("Q6 a description whose sums name an unknown status is refused", () => {
    expect(() => defineTable({ ...statementTable, sums: { ...statementTable.sums, counted: ["nope"] } })).toThrow(RangeError)
  })
})
