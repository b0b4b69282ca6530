/**
 * The command registry (sync/SPEC.md C1, C5, C7): one object per command; bodies are validated
 * against their definition, sensitivity and optimistic effects come from it.
 */
import { describe, expect, it } from "vitest"
import { commandDef, commandDefs, decodeCommandBody, isSensitive } from "./registry.ts"

describe("command registry", () => {
  it("C1 every command has a unique versioned name", () => {
    const names = commandDefs.map((d) => d.name)
    expect(new Set(names).size).toBe(names.length)
    for (const n of names) expect(n).toMatch(/^v\d+\.[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/)
  })

  it("C1 a body is accepted only with a registered name and a payload its Schema decodes", () => {
    expect(decodeCommandBody({ name: "v1.pix.payByKey", payload: { key: "a@b.co", amount: 100, description: "" } })._tag).toBe("Success")
    expect(decodeCommandBody({ name: "v1.pix.payByKey", payload: { key: "a@b.co", amount: 1.5, description: "" } })._tag).toBe("Failure") // money is integer cents
    expect(decodeCommandBody({ name: "v1.pix.payByKey", payload: { key: "a@b.co" } })._tag).toBe("Failure")
    expect(decodeCommandBody({ name: "v9.nothing.here", payload: {} })._tag).toBe("Failure")
    expect(decodeCommandBody(null)._tag).toBe("Failure")
  })

  it("C5 sensitivity is the definition's; an unknown name is not sensitive (it is refused before any send)", () => {
    for (const d of commandDefs) expect(isSensitive(d.name)).toBe(d.sensitive)
    expect(isSensitive("v9.nothing.here")).toBe(false)
  })

  it("C7 a conversion moves both balances and shows its two legs as pending rows", () => {
    const def = commandDef("v1.coins.convert")
    const p = { quote_id: "q", side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 10_000, expected_to_amount: 18_022 }
    expect(def?.balance?.(p)).toEqual([{ currency: "BRL", delta: -10_000 }, { currency: "BTC", delta: 18_022 }])
    expect(def?.pendingRows?.(p).map((r) => [r.key, r.type, r.direction, r.currency_symbol, r.amount])).toEqual([
      ["out", "CONVERSION_OUT", "out", "BRL", 10_000], ["in", "CONVERSION_IN", "in", "BTC", 18_022]
    ])
    expect(def?.reflectedBy).toBe("statement")
  })

  it("C7 a decision overlays the approval request it decides", () => {
    const cmd = { id: "c", user_id: "u", wallet_id: "w", created_at: "", body: { name: "v1.approval.reject", payload: { request_id: "r1" } } }
    expect(commandDef("v1.approval.reject")?.overlay?.({ request_id: "r1" }, cmd)).toEqual([
      { list: "approval_requests", id: "r1", patch: { pendingDecision: "reject" } }
    ])
  })
})
