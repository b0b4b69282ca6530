/**
 * The Pix scheduling commands (sync/SPEC.md C1, C5, C7; spec features §4 cancel by operation id,
 * deactivate; issue 13): creating asks for the PIN, cancelling and deactivating do not
 * (D-pix-schedule); while pending, a new schedule shows as a row and a cancel as its new status.
 */
import { describe, expect, it } from "vitest"
import { commandDef, decodeCommandBody } from "./registry.ts"

const cmd = (name: string, payload: unknown) => ({ id: "c1", user_id: "u", wallet_id: "w", created_at: "2026-11-25T10:00:00.000Z", body: { name, payload } })

describe("Pix scheduling commands (issue 13)", () => {
  it("C1 C5 a schedule is validated (integer cents) and needs the PIN; cancel and deactivate do not", () => {
    const p = { key: "bruno@example.com", key_type: "email", beneficiary_name: "B", amount: 100, description: "", payment_date: "2026-12-05" }
    expect(decodeCommandBody({ name: "v1.pixSchedule.create", payload: p })._tag).toBe("Success")
    expect(decodeCommandBody({ name: "v1.pixSchedule.create", payload: { ...p, amount: 1.5 } })._tag).toBe("Failure")
    expect(commandDef("v1.pixSchedule.create")?.sensitive).toBe(true)
    expect(commandDef("v1.pixSchedule.createRecurrence")?.sensitive).toBe(true)
    expect(commandDef("v1.pixSchedule.cancel")?.sensitive).toBe(false)
    expect(commandDef("v1.pixSchedule.deactivateRecurrence")?.sensitive).toBe(false)
  })

  it("C7 a pending schedule is a new row of scheduled_pix; a pending cancel shows the row cancelled", () => {
    const p = { key: "bruno@example.com", key_type: "email", beneficiary_name: "B", amount: 100, description: "", payment_date: "2026-12-05" }
    const o = commandDef("v1.pixSchedule.create")?.overlay?.(p, cmd("v1.pixSchedule.create", p))
    expect(o?.[0]).toMatchObject({ list: "scheduled_pix", id: "pending:c1", row: { status: "scheduled", amount: 100, payment_date: "2026-12-05" } })
    const c = { id: "s1", operation_id: "op1" }
    expect(commandDef("v1.pixSchedule.cancel")?.overlay?.(c, cmd("v1.pixSchedule.cancel", c))).toEqual([
      { list: "scheduled_pix", id: "s1", patch: { status: "canceled" } }
    ])
  })
})
