/**
 * The automatic withdrawals contract (spec features §2 automatic-withdraw, permission
 * get-user-withdraw-settings; issue 13). The spec names only the permission: the paths, bodies and the
 * change tag are ours (docs/decisions.md "Automatic withdrawals (issue 13)"). Spread into the scheduling
 * contract (schema/api-pix-schedule.ts). Saving moves money later, so it asks for the PIN; turning the sweep
 * off only stops money leaving and does not (as D-pix-schedule). Both are idempotent by transaction-uuid.
 */
import { Schema } from "effect"
import { Envelope, Paged } from "./common.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"
import { PW, WithdrawExecution, WithdrawSettings, WithdrawSettingsBody } from "./pix-withdraw.ts"

const optStr = Schema.optionalKey(Schema.String)
const Page = Schema.Struct({ page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr, status: optStr })
const BASE = "/users/pix/withdraw-settings"

export const pixWithdrawApi = {
  withdrawSettings: def({
    method: "GET",
    path: BASE,
    wallet: true,
    permission: PW.getSettings,
    response: Envelope(WithdrawSettings)
  }),
  /** Saves and turns the sweep on (PIN). */
  withdrawSettingsSave: def({
    method: "PUT",
    path: BASE,
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: PW.putSettings,
    body: Schema.Struct({ ...WithdrawSettingsBody.fields, pin_token: Schema.String }),
    refusals: REFUSALS.withdrawSettingsSave,
    response: Envelope(WithdrawSettings)
  }),
  /** Turns the sweep off; the settings stay, to be turned on again by saving. */
  withdrawSettingsDisable: def({
    method: "DELETE",
    path: BASE,
    wallet: true,
    transaction: true,
    permission: PW.putSettings,
    refusals: REFUSALS.withdrawSettingsDisable,
    response: Envelope(WithdrawSettings)
  }),
  withdrawExecutions: def({
    method: "GET",
    path: `${BASE}/executions`,
    wallet: true,
    permission: PW.getSettings,
    query: Page,
    response: Envelope(Paged(WithdrawExecution))
  })
} as const satisfies Record<string, EndpointDef>
