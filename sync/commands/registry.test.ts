/**
 * The command registry (sync/SPEC.md C1, C5, C7): one object per command; bodies are validated
 * against their definition, sensitivity and optimistic effects come from it.
 */
import { describe, expect, it } from "vitest"
import { lists } from "../../schema/lists.ts"
import { api } from "../../schema/api.ts"
import { commandDef, commandDefs, decodeCommandBody, isSensitive } from "./registry.ts"
import { accountCommands } from "./account.ts"

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
    expect(def?.balance?.(p)).toEqual([
      { currency: "BRL", delta: -10_000 },
      { currency: "BTC", delta: 18_022 }
    ])
    expect(def?.pendingRows?.(p).map((r) => [r.key, r.type, r.direction, r.currency_symbol, r.amount])).toEqual([
      ["out", "CONVERSION_OUT", "out", "BRL", 10_000],
      ["in", "CONVERSION_IN", "in", "BTC", 18_022]
    ])
    expect(def?.reflectedBy).toBe("statement")
  })

  it("C7 a decision overlays the approval request it decides", () => {
    const cmd = { id: "c", user_id: "u", wallet_id: "w", created_at: "", body: { name: "v1.approval.reject", payload: { request_id: "r1" } } }
    expect(commandDef("v1.approval.reject")?.overlay?.({ request_id: "r1" }, cmd)).toEqual([
      { list: "approval_requests", id: "r1", patch: { pendingDecision: "reject" } }
    ])
  })

  it("C7 every refresh names a synced list of the registry (schema/lists.ts)", () => {
    for (const d of commandDefs) for (const l of d.refresh ?? []) expect(Object.keys(lists), `${d.name} refreshes ${l}`).toContain(l)
  })

  it("C2 issue 11: the control panel's actions are commands on transaction endpoints (idempotent by their id), none asks for the PIN", () => {
    const cmd = (name: string, payload: unknown) => ({ id: "c1", user_id: "u", wallet_id: "w", created_at: "", body: { name, payload } })
    const names = accountCommands.map((d) => d.name)
    expect(names).toEqual(
      expect.arrayContaining([
        "v1.wallet.create",
        "v1.wallet.update",
        "v1.wallet.delete",
        "v1.wallet.leave",
        "v1.invitation.create",
        "v1.invitation.accept",
        "v1.invitation.decline",
        "v1.invitation.cancel",
        "v1.permission.update",
        "v1.permission.remove",
        "v1.approval.saveSetting",
        "v1.approval.deleteSetting"
      ])
    )
    for (const d of accountCommands) expect(d.sensitive).toBe(false)
    for (const id of [
      "walletCreate",
      "walletUpdate",
      "walletDelete",
      "invitationCreate",
      "invitationAccept",
      "invitationDecline",
      "invitationCancel",
      "permissionUpdate",
      "permissionRemove",
      "permissionRemoveByUser",
      "approvalSettingCreate",
      "approvalSettingUpdate",
      "approvalSettingDelete"
    ] as const) {
      expect((api[id] as { transaction?: boolean }).transaction, id).toBe(true)
    }
    // a deletion hides the row at once; a rename patches it; making default alone changes no name
    expect(commandDef("v1.wallet.delete")?.overlay?.({ id: "w2" }, cmd("v1.wallet.delete", { id: "w2" }))).toEqual([
      { list: "wallets", id: "w2", remove: true }
    ])
    expect(commandDef("v1.wallet.update")?.overlay?.({ id: "w2", name: "Viagens" }, cmd("v1.wallet.update", {}))).toEqual([
      { list: "wallets", id: "w2", patch: { name: "Viagens" } }
    ])
    expect(commandDef("v1.wallet.update")?.overlay?.({ id: "w2", default: true }, cmd("v1.wallet.update", {}))).toEqual([])
    expect(decodeCommandBody({ name: "v1.approval.saveSetting", payload: { min_value: 10.5, approvers: 2 } })._tag).toBe("Failure") // money is integer cents
    expect(decodeCommandBody({ name: "v1.wallet.update", payload: { id: "w", default: false } })._tag).toBe("Failure")
  })
})
