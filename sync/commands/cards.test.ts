/**
 * The card commands (spec features §2 cards, §4 states; D-cards-block-pin, D-cards-secrets):
 * block asks no PIN, unblock / new copy / delete do; each is sent to its contract endpoint with
 * the command id as transaction-uuid (so a retry lands once) and overlays its card while pending;
 * no command carries a card password or number.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { ApiClient } from "../api/client.ts"
import { cardsCommands } from "./cards.ts"
import { commandDef, decodeCommandBody } from "./registry.ts"
import { makeTransport } from "./transport.ts"

const fakeApi = () => {
  const calls: Array<{ endpoint: string; args: Record<string, unknown> }> = []
  const api = {
    call: (endpoint: string, args: Record<string, unknown>) => {
      calls.push({ endpoint, args })
      return Effect.succeed({ data: {} })
    }
  }
  return { api: api as unknown as ApiClient, calls }
}
const cmdOf = (name: string, payload: unknown) => ({ id: "cmd-1", user_id: "u", wallet_id: "w", created_at: "", body: { name, payload } })

describe("card commands", () => {
  it("D-cards-block-pin: block is not sensitive; unblock, new copy and delete are", () => {
    const sensitive = Object.fromEntries(cardsCommands.map((d) => [d.name, d.sensitive]))
    expect(sensitive).toEqual({
      "v1.cards.requestVirtual": false,
      "v1.cards.requestPhysical": false,
      "v1.cards.activate": false,
      "v1.cards.block": false,
      "v1.cards.unblock": true,
      "v1.cards.newCopy": true,
      "v1.cards.delete": true
    })
  })

  it("core §6: each is sent to its endpoint with the command id as transaction-uuid; sensitive ones carry the pin_token", async () => {
    const expected: Record<string, string> = {
      "v1.cards.requestVirtual": "cardVirtual",
      "v1.cards.requestPhysical": "cardRequest",
      "v1.cards.activate": "cardUpdate",
      "v1.cards.block": "cardBlock",
      "v1.cards.unblock": "cardUnblock",
      "v1.cards.newCopy": "cardNewVia",
      "v1.cards.delete": "cardDelete"
    }
    for (const d of cardsCommands) {
      const payload =
        d.name === "v1.cards.requestVirtual"
          ? { nickname: "x" }
          : d.name === "v1.cards.requestPhysical"
            ? {}
            : d.name === "v1.cards.activate"
              ? { card_id: "k", last_four: "1234" }
              : { card_id: "k" }
      expect(decodeCommandBody({ name: d.name, payload })._tag).toBe("Success")
      const { api, calls } = fakeApi()
      const def = commandDef(d.name)!
      await Effect.runPromise(makeTransport(api, () => "u").send(cmdOf(d.name, payload), d.sensitive ? "pt-1" : null))
      expect(calls.map((c) => c.endpoint)).toEqual([expected[d.name]])
      expect(calls[0]!.args).toMatchObject({ walletId: "w", transactionUuid: "cmd-1", noDedup: true })
      if (d.sensitive) expect(calls[0]!.args["body"]).toMatchObject({ pin_token: "pt-1" })
      if ("card_id" in payload && d.name !== "v1.cards.activate") expect(calls[0]!.args["params"]).toEqual({ id: "k" })
      expect(def.refresh).toEqual(["cards"])
    }
  })

  it("features §4: while pending a card shows what happens to it (blocking…), and a deleted one is hidden", () => {
    const cmd = cmdOf("v1.cards.block", { card_id: "k" })
    expect(commandDef("v1.cards.block")?.overlay?.({ card_id: "k" }, cmd, "pending")).toEqual([
      { list: "cards", id: "k", patch: { pending_action: "blocking" } }
    ])
    // confirmed but not yet pulled: blocked at once, never back to the state before
    expect(commandDef("v1.cards.block")?.overlay?.({ card_id: "k" }, cmd, "confirmed")).toEqual([{ list: "cards", id: "k", patch: { status: "blocked" } }])
    expect(commandDef("v1.cards.unblock")?.overlay?.({ card_id: "k" }, cmd, "pending")).toEqual([
      { list: "cards", id: "k", patch: { pending_action: "unblocking" } }
    ])
    expect(commandDef("v1.cards.delete")?.overlay?.({ card_id: "k" }, cmd, "confirmed")).toEqual([{ list: "cards", id: "k", remove: true }])
  })

  it("D-cards-secrets: no card command accepts a password, a number or a CVV", () => {
    for (const d of cardsCommands) {
      const r = decodeCommandBody({ name: d.name, payload: { card_id: "k", last_four: "1234", nickname: "x", password: "1234", number: "5399", cvv: "123" } })
      expect(r._tag).toBe("Success")
      if (r._tag === "Success") for (const secret of ["password", "number", "cvv"]) expect(Object.keys(r.success.payload as object)).not.toContain(secret)
    }
  })
})
