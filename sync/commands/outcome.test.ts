/**
 * features §6 staged approval: a Pix payment the server answers 202 `awaiting_approval` is confirmed with the
 * outcome "awaiting_approval" (its view says so and it keeps no optimistic debit: nothing moved), read from the
 * answer as an envelope or as its data; a completed payment has no outcome. Pay by key and by account both read it.
 */
import { describe, expect, it } from "vitest"
import { pixPaymentOutcome } from "./define.ts"
import { commandDef } from "./registry.ts"

describe("features §6: the outcome of a staged Pix payment", () => {
  it("reads awaiting_approval from the envelope or its data; anything else is no outcome", () => {
    expect(pixPaymentOutcome({ data: { status: "awaiting_approval", approval_request_id: "r1" } })).toBe("awaiting_approval")
    expect(pixPaymentOutcome({ status: "awaiting_approval" })).toBe("awaiting_approval")
    for (const r of [{ data: { status: "completed" } }, { status: "completed" }, null, undefined, "awaiting_approval", {}])
      expect(pixPaymentOutcome(r)).toBeNull()
  })

  it("pay by key and pay by account read it, and pull the approval requests once confirmed", () => {
    for (const name of ["v1.pix.payByKey", "v1.pix.payByAccount"]) {
      const def = commandDef(name)
      expect(def?.outcome?.({ data: { status: "awaiting_approval" } }), name).toBe("awaiting_approval")
      expect(def?.refresh, name).toContain("approval_requests")
    }
  })
})
