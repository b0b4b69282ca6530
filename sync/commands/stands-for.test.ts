/**
 * sync/SPEC.md C7: an added row of a pending command steps aside once the synced row it stands for is in
 * the list (its stream hint can come before the command's answer), so a favored contact or a TED
 * contact is never listed twice (the e2e pix/contacts suite saw "Adicionando…" beside the synced
 * contact on a loaded machine); another key or account does not stand for it.
 */
import { describe, expect, it } from "vitest"
import { layOverlays } from "../outbox/optimistic.ts"
import { commandDef } from "./registry.ts"

const cmd = (name: string, payload: unknown) => ({ id: "c9", user_id: "u", wallet_id: "w", created_at: "2026-11-25T10:00:00.000Z", body: { name, payload } })
const shown = (name: string, payload: unknown, rows: ReadonlyArray<Record<string, unknown>>) =>
  layOverlays(
    rows,
    (commandDef(name)?.overlay?.(payload as never, cmd(name, payload) as never, "pending") ?? []).map((o) => ({ ...o, commandId: "c9" })),
    (r) => String(r["id"])
  ).map((r) => String(r["id"]))

describe("C7: added rows step aside for the synced row they stand for", () => {
  it("features §2 favored contacts: the contact of the same key", () => {
    const p = { key: "carla@example.com" }
    expect(shown("v1.pix.addContact", p, [])).toEqual(["pending:c9"])
    expect(shown("v1.pix.addContact", p, [{ id: "k1", key: "bruno@example.com" }])).toEqual(["k1", "pending:c9"])
    expect(shown("v1.pix.addContact", p, [{ id: "k2", key: "carla@example.com" }])).toEqual(["k2"])
  })

  it("features §2 TED contacts: the contact of the same bank, agency, account and digit", () => {
    const p = {
      bank_code: "341",
      bank_name: "Itaú",
      ispb: "60701190",
      agency: "0001",
      account: "12345",
      digit: "6",
      account_type: "checking",
      document: "12345678909",
      name: "Maria"
    }
    expect(shown("v1.ted.saveContact", p, [{ id: "t1", ...p, digit: "7" }])).toEqual(["t1", "pending:c9"])
    expect(shown("v1.ted.saveContact", p, [{ id: "t2", ...p }])).toEqual(["t2"])
  })
})
