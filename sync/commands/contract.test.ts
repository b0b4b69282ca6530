/**
 * Commands derived from the contract (issue 29 item 3; docs/decisions.md D-commands-from-contract; sync/SPEC.md C9,
 * C5, PN6): a command names its endpoint, its PIN step is the endpoint's, a command without its own payload stores
 * the endpoint's body without pin_token, and the transport alone writes the pin_token — into the very request the
 * PIN was bound to.
 */
import { readdirSync, readFileSync } from "node:fs"
import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { api, type EndpointId } from "../../schema/api.ts"
import type { Command } from "../../schema/commands.ts"
import type { ApiClient } from "../api/client.ts"
import { endpointSensitive } from "./define.ts"
import { commandDef, commandDefs, decodeCommandBody } from "./registry.ts"
import { makeTransport, requestOfSend } from "./transport.ts"

const cmdOf = (name: string, payload: unknown): Command => ({ id: "cmd-1", user_id: "u", wallet_id: "w", created_at: "", body: { name, payload } })

const recorder = () => {
  const calls: Array<{ id: string; args: Record<string, unknown> }> = []
  const client = {
    call: (id: string, args: Record<string, unknown>) => {
      calls.push({ id, args })
      return Effect.succeed({ data: {} })
    }
  } as unknown as ApiClient
  return { client, calls }
}

describe("commands from the contract (D-commands-from-contract)", () => {
  it("C9 C5 every command names endpoints of the contract and asks for the PIN exactly when they are sensitive", () => {
    for (const d of commandDefs) {
      expect(d.endpoints.length, d.name).toBeGreaterThan(0)
      for (const e of d.endpoints) {
        expect(Object.keys(api), d.name).toContain(e)
        expect(d.sensitive, `${d.name} → ${e}`).toBe(endpointSensitive(e))
      }
    }
  })

  it("C9 an endpoint is sensitive exactly when its body carries pin_token (what the transport fills)", () => {
    for (const [id, d] of Object.entries(api)) {
      const fields = (d as { body?: { fields?: Record<string, unknown> } }).body?.fields
      expect(endpointSensitive(id as EndpointId), id).toBe(fields !== undefined && "pin_token" in fields)
    }
  })

  it("C9 an upload's call asks no PIN (its body names files not sent yet: no PIN binding could cover it)", () => {
    for (const d of commandDefs.filter((x) => x.upload !== undefined)) expect(d.sensitive, d.name).toBe(false)
    for (const d of commandDefs) expect(d.upload === undefined, d.name).toBe(d.request !== undefined)
  })

  it("C9 C1 a command without its own payload stores its endpoint's body without pin_token", () => {
    expect(decodeCommandBody({ name: "v1.pix.payByKey", payload: { key: "a@b.co", amount: 100, description: "" } })._tag).toBe("Success")
    expect(decodeCommandBody({ name: "v1.pix.payByKey", payload: { key: "a@b.co", amount: 100, description: "", pin_token: "x" } })).toMatchObject({
      _tag: "Success",
      success: { payload: { key: "a@b.co", amount: 100, description: "" } }
    })
    const body = api.pixPayByKey.body
    const { pin_token: _pin, ...fields } = body.fields
    const asBody = Schema.decodeUnknownResult(Schema.Struct(fields))
    for (const p of [{ key: "k", amount: 1, description: "d" }, { key: "k", amount: 1.5, description: "d" }, { key: "k" }])
      expect(decodeCommandBody({ name: "v1.pix.payByKey", payload: p })._tag, JSON.stringify(p)).toBe(asBody(p)._tag)
    // an endpoint without a body: the payload is empty
    expect(decodeCommandBody({ name: "v1.pixWithdraw.disable", payload: {} })._tag).toBe("Success")
  })

  it("C9 no command's file writes pin_token: the transport alone puts it in the body", () => {
    const dir = new URL(".", import.meta.url)
    const machinery = ["define.ts", "transport.ts", "registry.ts"]
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts") && !machinery.includes(n)))
      expect(readFileSync(new URL(f, dir), "utf8"), f).not.toMatch(/pin_token\s*:/)
  })

  it("C9 PN6 the transport sends the request the PIN is bound to, with the pin_token added to a sensitive command's body only", async () => {
    const cases: Array<[string, unknown]> = [
      ["v1.pix.payByKey", { key: "a@b.co", amount: 100, description: "d" }],
      [
        "v1.pix.payByAccount",
        { bank_code: "1", agency: "2", account: "3", digit: "4", account_type: "payment", document: "5", amount: 6, description: "7", beneficiary_name: "B" }
      ],
      ["v1.approval.reject", { request_id: "r1", reason: "no" }],
      ["v1.approval.approve", { request_id: "r1" }],
      ["v1.pixAutomatic.approve", { id: "a1" }],
      ["v1.pix.payByQrCode", { code: "c", kind: "dynamic_due", amount: 1, description: "d", beneficiary_name: "B" }],
      ["v1.cards.block", { card_id: "k" }],
      ["v1.approval.saveSetting", { id: "s1", min_value: 100, approvers: 2 }],
      ["v1.notification.read", { id: "n1" }]
    ]
    for (const [name, payload] of cases) {
      const def = commandDef(name)!
      const cmd = cmdOf(name, payload)
      const { client, calls } = recorder()
      await Effect.runPromise(makeTransport(client, () => "u").send(cmd, def.sensitive ? "pt-1" : null))
      const bound = requestOfSend(cmd)!
      const sent = calls[0]!
      expect(sent.id, name).toBe(bound.endpoint)
      expect(sent.args["params"], name).toEqual(bound.params)
      if (def.sensitive) expect(sent.args["body"], name).toEqual({ ...(bound.body as object), pin_token: "pt-1" })
      else expect(sent.args["body"], name).toEqual(bound.body)
      expect(JSON.stringify(bound.body ?? {}), name).not.toContain("pin_token")
    }
    // a display field stays out of the body; a chosen endpoint is the one sent
    expect(requestOfSend(cmdOf("v1.pix.payByAccount", cases[1]![1]))?.body).not.toHaveProperty("beneficiary_name")
    expect(requestOfSend(cmdOf("v1.pix.payByQrCode", cases[5]![1]))?.endpoint).toBe("pixPayByQrDynamicDue")
  })

  it("C2 a transaction or wallet call carries the command's wallet and id; a plain call (a notification read) goes as a view makes it", async () => {
    const { client, calls } = recorder()
    const t = makeTransport(client, () => "u")
    await Effect.runPromise(t.send(cmdOf("v1.cards.block", { card_id: "k" }), null))
    await Effect.runPromise(t.send(cmdOf("v1.notification.read", { id: "n1" }), null))
    expect(calls[0]!.args).toMatchObject({ walletId: "w", transactionUuid: "cmd-1", noDedup: true })
    expect(calls[1]!.args).toEqual({ params: { id: "n1" }, body: { read: true } })
  })
})
