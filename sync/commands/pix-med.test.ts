/**
 * MED's commands (issue 32 item 1; D-pix-med; sync/SPEC.md C5, C7): opening a contest asks the PIN, the
 * defence does not; a contest shows at once as opened (and steps aside when its synced row arrives), a
 * defence on its contest; a body without a reason of the four is refused before anything is sent (C1).
 */
import { describe, expect, it } from "vitest"
import { Schema } from "effect"
import { commandDef, isSensitive } from "./registry.ts"
import { PixMedOpenPayload } from "./pix-med.ts"

const cmd = { id: "c1", user_id: "u", wallet_id: "w", created_at: "2026-11-27T12:00:00.000Z", body: { name: "v1.pixMed.open", payload: {} } }
const p = { end_to_end_id: "E1", reason: "fraud", description: "golpe", amount: 2_500, receiver_name: "Bruno", paid_at: "2026-11-27T11:00:00.000Z" } as const

describe("MED commands (issue 32 item 1)", () => {
  it("C5: opening a contest asks the PIN; the defence does not", () => {
    expect([isSensitive("v1.pixMed.open"), isSensitive("v1.pixMed.defence")]).toEqual([true, false])
  })
  it("C1 issue 32 bad input: a contest without one of the four reasons does not decode", () => {
    expect(() => Schema.decodeUnknownSync(PixMedOpenPayload)({ ...p, reason: "" })).toThrow()
    expect(Schema.decodeUnknownSync(PixMedOpenPayload)(p)).toEqual(p)
  })
  it("C7: the pending contest is shown as opened, with the 7-day deadline, until its synced row arrives", () => {
    const [o] = commandDef("v1.pixMed.open")!.overlay!(p, { ...cmd, body: { name: "v1.pixMed.open", payload: p } })
    expect(o?.row).toMatchObject({ status: "opened", role: "payer", amount: 2_500, deadline: "2026-12-04T12:00:00.000Z" })
    expect(o?.standsFor?.({ end_to_end_id: "E1" })).toBe(true)
    expect(o?.standsFor?.({ end_to_end_id: "E2" })).toBe(false)
    const [d] = commandDef("v1.pixMed.defence")!.overlay!({ contest_id: "k", defence: "ok" }, cmd)
    expect(d).toMatchObject({ list: "pix_med_contests", id: "k", patch: { defence: "ok" } })
  })
})
