/**
 * Commands of Pix limits and favored contacts (spec features §2 limit, favored-contacts,
 * favored-contacts/add; issue 12): a limit change request (PIN: it widens what may leave the account;
 * a raise is pending for 24 h on the server, a cut applies at once — the list row says which), adding
 * a contact by its Pix key (the server decodes it; shown at once as being added) and removing one
 * (hidden at once). No PIN for contacts: nothing leaves the account (docs/decisions.md "Pix limits and contacts").
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"

export const PixContactRemovePayload = Schema.Struct({ id: Schema.String, name: Schema.String })

export const pixLimitsCommands = [
  defineCommand({
    name: "v1.pix.changeLimit",
    // the payload is the contract's body: limit type, period, amount
    endpoint: "userLimitChange",
    reconcile: reconcileBySameKey,
    refresh: ["pix_limits"]
  }),
  defineCommand({
    name: "v1.pix.addContact",
    endpoint: "pixContactCreate",
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
    endpoint: "pixContactDelete",
    payload: PixContactRemovePayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_contacts", id: p.id, remove: true }],
    refresh: ["pix_contacts"]
  })
] as const
