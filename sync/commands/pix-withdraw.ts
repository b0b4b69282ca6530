/**
 * Commands of automatic withdrawals (spec features §2 automatic-withdraw; issue 13): save the settings
 * (turns the sweep on; PIN — money will leave later) and turn it off (protective: no PIN, as
 * D-pix-schedule). Both endpoints are idempotent by the `transaction-uuid` (the command id), so a lost
 * answer is sent again under the same key (reconcileBySameKey). While pending, the wallet's settings
 * record shows what was saved, or shows it off (overlay on `pix_withdraw_settings`, whose id is the wallet's).
 */
import { defineCommand, reconcileBySameKey } from "./define.ts"
import { destinationOf } from "../../schema/pix-withdraw.ts"

export const pixWithdrawCommands = [
  defineCommand({
    name: "v1.pixWithdraw.save",
    // the payload is the contract's body (the settings)
    endpoint: "withdrawSettingsSave",
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "pix_withdraw_settings",
        id: cmd.wallet_id,
        patch: {
          configured: true,
          enabled: true,
          threshold: p.threshold,
          time: p.time,
          frequency: p.frequency,
          weekday: p.frequency === "WEEKLY" ? p.weekday : null,
          destination: destinationOf(p),
          active_since: cmd.created_at
        }
      }
    ],
    refresh: ["pix_withdraw_settings"]
  }),
  defineCommand({
    name: "v1.pixWithdraw.disable",
    // no body: its payload is empty
    endpoint: "withdrawSettingsDisable",
    reconcile: reconcileBySameKey,
    overlay: (_p, cmd) => [{ list: "pix_withdraw_settings", id: cmd.wallet_id, patch: { enabled: false } }],
    refresh: ["pix_withdraw_settings"]
  })
] as const
