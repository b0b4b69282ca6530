/**
 * Automatic withdrawals' commands (spec features §2 automatic-withdraw; issue 13; docs/decisions.md "Automatic
 * withdrawals (issue 13)"): saving asks for the PIN and turning off does not (C5); both are transaction
 * endpoints (C2: the command id is the transaction-uuid); while pending the wallet's settings record shows what
 * was saved, or shows it off (C7); money in whole cents (C1).
 */
import { describe, expect, it } from "vitest"
import { api } from "../../schema/api.ts"
import { commandDef, decodeCommandBody } from "./registry.ts"

const body = {
  threshold: 100_000,
  time: "18:00",
  frequency: "BUSINESS_DAYS",
  weekday: null,
  bank_code: "341",
  agency: "1234",
  account: "56789",
  digit: "0",
  account_type: "checking",
  document: "52998224725",
  name: "Ana Souza"
}
const cmd = (name: string, payload: unknown) => ({ id: "c1", user_id: "u", wallet_id: "w1", created_at: "2026-01-01T00:00:00.000Z", body: { name, payload } })

describe("automatic withdrawals commands (issue 13)", () => {
  it("C5 C2 save asks for the PIN, turning off does not; both are transaction endpoints", () => {
    expect(commandDef("v1.pixWithdraw.save")?.sensitive).toBe(true)
    expect(commandDef("v1.pixWithdraw.disable")?.sensitive).toBe(false)
    expect(api.withdrawSettingsSave.transaction && api.withdrawSettingsSave.sensitive).toBe(true)
    expect(api.withdrawSettingsDisable.transaction).toBe(true)
  })
  it("C1 the payload is decoded: whole cents only, a known frequency", () => {
    expect(decodeCommandBody({ name: "v1.pixWithdraw.save", payload: body })._tag).toBe("Success")
    expect(decodeCommandBody({ name: "v1.pixWithdraw.save", payload: { ...body, threshold: 10.5 } })._tag).toBe("Failure")
    expect(decodeCommandBody({ name: "v1.pixWithdraw.save", payload: { ...body, frequency: "HOURLY" } })._tag).toBe("Failure")
  })
  it("C7 while pending, the wallet's settings record shows the saved settings (bank from the directory), or off", () => {
    const save = commandDef("v1.pixWithdraw.save")!.overlay!(body, cmd("v1.pixWithdraw.save", body))
    expect(save).toHaveLength(1)
    expect(save[0]).toMatchObject({
      list: "pix_withdraw_settings",
      id: "w1",
      patch: { configured: true, enabled: true, threshold: 100_000, time: "18:00", weekday: null }
    })
    expect((save[0]!.patch as { destination: { bank_name: string } }).destination.bank_name).toBe("Itaú Unibanco S.A.")
    expect(commandDef("v1.pixWithdraw.disable")!.overlay!({}, cmd("v1.pixWithdraw.disable", {}))).toEqual([
      { list: "pix_withdraw_settings", id: "w1", patch: { enabled: false } }
    ])
  })
})
