import { describe, expect, it } from "vitest"
import { Schema } from "effect"
import { StatementEntry } from "./entities.ts"
import { isStatementEntry } from "./fast-guards.ts"

const base = {
  id: "a1",
  wallet_id: "w1",
  operation_id: "op1",
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
  type: "PIX_IN",
  direction: "in",
  status: "completed",
  currency_symbol: "BRL",
  amount: 1234,
  balance_after: 99999,
  description: "Pix recebido",
  counterparty_name: "Maria",
  counterparty_document: "123.456.789-09",
  end_to_end_id: null,
  transaction_uuid: "t"
}
const bad: ReadonlyArray<unknown> = [undefined, null, 1, "x", 1.5, -0.5, "", "NOPE", {}, [], true, "not a date", Number.NaN]

describe("D-fast-guard isStatementEntry agrees with Schema.is(StatementEntry)", () => {
  const is = Schema.is(StatementEntry)
  it("on a valid row, on garbage, and on every single-field corruption", () => {
    expect(isStatementEntry(base)).toBe(true)
    expect(is(base)).toBe(true)
    for (const g of bad) expect(isStatementEntry(g)).toBe(is(g))
    for (const key of Object.keys(base)) {
      for (const v of bad) {
        const row = { ...base, [key]: v }
        expect(isStatementEntry(row), `${key}=${String(v)}`).toBe(is(row))
      }
      const { [key]: _gone, ...missing } = base as Record<string, unknown>
      expect(isStatementEntry(missing), `missing ${key}`).toBe(is(missing))
    }
  })
})
