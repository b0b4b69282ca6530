/**
 * The pay-by-account command (spec features §2 pay by account; sync/SPEC.md C1, C5, C7; D-pix-by-account):
 * its payload decodes only with integer cents and an account type of the three, it asks for the PIN,
 * debits the balance at once and shows its PIX_OUT row pending under the decoded beneficiary's name.
 */
import { describe, expect, it } from "vitest"
import { commandDef, decodeCommandBody, isSensitive } from "./registry.ts"

const payload = {
  bank_code: "999",
  agency: "0001",
  account: "12345678",
  digit: "9",
  account_type: "payment",
  document: "11222333000181",
  amount: 4_321,
  description: "Aluguel",
  beneficiary_name: "Bruno"
}

describe("v1.pix.payByAccount (features §2 pay by account)", () => {
  it("C1 the payload decodes with integer cents and a known account type only", () => {
    expect(decodeCommandBody({ name: "v1.pix.payByAccount", payload })._tag).toBe("Success")
    expect(decodeCommandBody({ name: "v1.pix.payByAccount", payload: { ...payload, amount: 43.21 } })._tag).toBe("Failure")
    expect(decodeCommandBody({ name: "v1.pix.payByAccount", payload: { ...payload, account_type: "salary" } })._tag).toBe("Failure")
    expect(decodeCommandBody({ name: "v1.pix.payByAccount", payload: { ...payload, document: undefined } })._tag).toBe("Failure")
  })

  it("C5 C7 asks for the PIN, debits BRL at once and shows a pending PIX_OUT to the beneficiary, reflected by the statement", () => {
    expect(isSensitive("v1.pix.payByAccount")).toBe(true)
    const def = commandDef("v1.pix.payByAccount")
    expect(def?.balance?.(payload)).toEqual([{ currency: "BRL", delta: -4_321 }])
    expect(def?.pendingRows?.(payload).map((r) => [r.type, r.direction, r.amount, r.counterparty_name])).toEqual([["PIX_OUT", "out", 4_321, "Bruno"]])
    expect(def?.reflectedBy).toBe("statement")
  })
})
