/**
 * Commands of Pix limits and favored contacts (spec features §2 limit, favored-contacts,
 * favored-contacts/add; issue 12): a limit change request (PIN: it widens what may leave the account;
 * a raise is pending for 24 h on the server, a cut applies at once — the list row says which), adding
 * a contact by its Pix key (the server decodes it; shown at once as being added) and removing one
 * (hidden at once). No PIN for contacts: nothing leaves the account (docs/decisions.md "Pix limits and contacts").
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { PixLimitPeriod } from "../../schema/pix-limits.ts"
import { defineCommand, reconcileBySameKey, sendArgs } from "./define.ts"

export const PixLimitChangePayload = Schema.Struct({ limit_type_id: Schema.String, period: PixLimitPeriod, amount: MinorUnits })
export const PixContactAddPayload = Schema.Struct({ key: Schema.String })
export const PixContactRemovePayload = Schema.Struct({ id: Schema.String, name: Schema.String })

export const pixLimitsCommands = [
  defineCommand({
    name: "v1.pix.changeLimit",
    payload: PixLimitChangePayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) => {
      const p = cmd.body.payload
      return api.call("userLimitChange", {
        ...sendArgs(cmd),
        body: { limit_type_id: p.limit_type_id, period: p.period, amount: p.amount, pin_token: pinToken ?? "" }
      })
    },
    reconcile: reconcileBySameKey,
    refresh: ["pix_limits"]
  }),
  defineCommand({
    name: "v1.pix.addContact",
    payload: PixContactAddPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("pixContactCreate", { ...sendArgs(cmd), body: { key: cmd.body.payload.key } }),
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "pix_contacts",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          key: p.key,
          key_type: "random",
          name: "",
          document: "",
          bank: "",
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        },
        // a key is a contact once (the sandbox refuses a second): the synced contact of the key is this one
        standsFor: (r) => r["key"] === p.key
      }
    ],
    refresh: ["pix_contacts"]
  }),
  defineCommand({
    name: "v1.pix.removeContact",
    payload: PixContactRemovePayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("pixContactDelete", { ...sendArgs(cmd), params: { id: cmd.body.payload.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_contacts", id: p.id, remove: true }],
    refresh: ["pix_contacts"]
  })
] as const
