/**
 * Favored (trusted) Pix contacts (spec features §1 "Keep favored (trusted) contacts", §2 favored-contacts,
 * favored-contacts/add, pay/pay-with-contact, §7 /users/pix/trusted-contacts — methods not shown; issue 12):
 * the contact row the client syncs — the key's holder as the directory decoded it when it was added —,
 * the add body and the synced list. Choices: docs/decisions.md "Pix limits and contacts".
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { PixKeyType } from "./pix.ts"
import { SentPixKey } from "./rules/pix-keys.ts"

export const PixContact = Schema.Struct({
  id: Schema.String,
  key: Schema.String,
  key_type: PixKeyType,
  name: Schema.String,
  /** Masked as the decode call shows it (a CPF's middle digits only). */
  document: Schema.String,
  bank: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type PixContact = typeof PixContact.Type

export const PixContactsPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(PixContact)
})

/** Adding a contact: the key only — the server decodes it and stores who holds it. */
/** A contact's key: valid once trimmed (SentPixKey, VALIDATION_PIX_KEY; D-rules-on-contract). */
export const PixContactCreateBody = Schema.Struct({ key: SentPixKey })

export const pixContactsLists = {
  pix_contacts: defineList({
    endpoint: "pixContacts",
    row: PixContact,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => a.name.localeCompare(b.name, "pt-BR") || a.key.localeCompare(b.key),
    pageSize: 100
  })
}
