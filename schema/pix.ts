/**
 * Pix keys (spec features §2 my-keys, §3 Pix key: id, type, status; §4 key states "not confirmed",
 * "added"; §5 key rules; §9 "current of maximum"): the key row the client syncs and the synced list.
 */
import { Schema } from "effect"
import { defineList } from "./list-def.ts"
import { keyOfItsType } from "./rules/pix-keys.ts"
import { pixQrLists } from "./pix-qr.ts"
import { pixClaimLists } from "./pix-claims.ts"

export const PixKeyType = Schema.Literals(["cpf", "cnpj", "email", "phone", "random"])
export type PixKeyType = typeof PixKeyType.Type
export const PixKeyStatus = Schema.Literals(["not_confirmed", "added"])

export const PixKey = Schema.Struct({
  id: Schema.String,
  key: Schema.String,
  key_type: PixKeyType,
  status: PixKeyStatus,
  created_at: Schema.String,
  updated_at: Schema.String,
  /** A not-confirmed e-mail or phone key: when its code expires and how many tries are left (D-pix-key-code). */
  code_expires_at: Schema.optionalKey(Schema.NullOr(Schema.String)),
  attempts_left: Schema.optionalKey(Schema.NullOr(Schema.Int))
})
export type PixKey = typeof PixKey.Type

/** The page of keys (list read from data.data, features §7) with the account's limit (features §9 "current of maximum"). */
export const PixKeysPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(PixKey),
  limit: Schema.Int
})

/** The key checked by its type (`keyOfItsType`); a body spreading these fields adds that check again. */
export const PixKeyCreateBody = Schema.Struct({
  key_type: PixKeyType,
  /** The key itself; none for a random key (the directory makes it). */
  key: Schema.optionalKey(Schema.String)
}).check(keyOfItsType)

export const pixLists = {
  pix_keys: defineList({
    endpoint: "pixKeys",
    row: PixKey,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => a.created_at.localeCompare(b.created_at)
  }),
  ...pixQrLists,
  ...pixClaimLists
}
