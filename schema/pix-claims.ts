/**
 * Pix key claims and portability, and the key confirmation code (spec features §3 Pix key, §4 "Pix key"
 * states and the 7-day window, §5 "confirmation code: 5 digits", §7 claims/portabilities, §8 messages,
 * §9 "confirmation: 7 days"; issue 12): the claim row the client syncs (one list, `pix_claims`, each row
 * seen from the wallet that reads it: the claimer's or the donor's side), and the directory's rules as
 * pure functions, shared by the sandbox (which enforces them) and the client (which explains them).
 * What the spec does not show is ours: docs/decisions.md "Pix keys and claims".
 */
import { Schema } from "effect"
import { ruleCheck, ValidationMessage } from "./rules/messages.ts"
import { defineList } from "./list-def.ts"

/** The key types (as schema/pix.ts PixKeyType; not imported from there: pix.ts spreads this file's list). */
type PixKeyType = "cpf" | "cnpj" | "email" | "phone" | "random"

export const DAY = 24 * 60 * 60 * 1000
/** features §4/§9: a claim or a portability must be answered within 7 days. */
export const CLAIM_WINDOW_MS = 7 * DAY
/** features §5: the key confirmation code has 5 digits. */
export const KEY_CODE_LENGTH = 5
/** Ours (D-pix-key-code): a code lives 10 minutes on the sandbox clock; 3 wrong codes drop the key request. */
export const KEY_CODE_TTL_MS = 10 * 60 * 1000
export const KEY_CODE_ATTEMPTS = 3

export const ClaimKind = Schema.Literals(["ownership", "portability"])
export type ClaimKind = typeof ClaimKind.Type
/**
 * features §4: the states a claim is shown in. The directory here answers at once, so of the DICT's
 * intermediate states only `opened` (waiting for the donor) is ever stored; the ends are `confirmed`
 * (the donor agreed: the key moved), `auto_confirmed` (an ownership claim with no reply in 7 days:
 * the key moved), `denied` (the donor kept the key), `canceled` (the claimer gave up, or a portability
 * had no reply in 7 days). D-pix-claim-states.
 */
export const ClaimStatus = Schema.Literals(["opened", "confirmed", "auto_confirmed", "denied", "canceled"])
export type ClaimStatus = typeof ClaimStatus.Type
export const ClaimRole = Schema.Literals(["claimer", "donor"])
export type ClaimRole = typeof ClaimRole.Type
export const ClaimReason = Schema.Literals(["claimer_canceled", "donor_rejected", "expired"])

export const PixClaim = Schema.Struct({
  id: Schema.String,
  kind: ClaimKind,
  key: Schema.String,
  key_type: Schema.Literals(["cpf", "cnpj", "email", "phone", "random"]),
  status: ClaimStatus,
  /** Which side the reading wallet is on. */
  role: ClaimRole,
  /** The other side's name and bank, as the directory shows them. */
  counterparty_name: Schema.String,
  counterparty_bank: Schema.String,
  reason: Schema.NullOr(ClaimReason),
  /** features §4: opened + 7 days on the sandbox clock. */
  deadline: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type PixClaim = typeof PixClaim.Type

export const PixClaimsPage = Schema.Struct({
  page: Schema.Int,
  page_size: Schema.Int,
  page_total: Schema.Int,
  total: Schema.Int,
  data: Schema.Array(PixClaim)
})

export const pixClaimLists = {
  pix_claims: defineList({
    endpoint: "pixClaims",
    row: PixClaim,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.created_at.localeCompare(a.created_at)
  })
}

/** features §4: a claim is open while the donor may still answer. */
export const isOpenClaim = (s: ClaimStatus): boolean => s === "opened"

/** features §4/§9: the answer is due 7 days after the claim was opened. */
export const claimDeadline = (openedAtIso: string): string => new Date(Date.parse(openedAtIso) + CLAIM_WINDOW_MS).toISOString()

export type ClaimAction = "approve" | "reject" | "cancel" | "expire"

/**
 * features §4 actions "claim start and cancel, portability start, approve, reject and cancel": the state
 * an action leads to from `status`, done by `role`; null when the transition is refused. Only an open
 * claim moves; the donor approves or rejects, the claimer cancels; the clock expires (D-pix-claim-expiry:
 * an ownership claim with no reply moves the key, a portability with no reply is canceled).
 */
export const nextClaimStatus = (kind: ClaimKind, status: ClaimStatus, action: ClaimAction, role: ClaimRole | "clock"): ClaimStatus | null => {
  if (!isOpenClaim(status)) return null
  switch (action) {
    case "approve":
      return role === "donor" ? "confirmed" : null
    case "reject":
      return role === "donor" ? "denied" : null
    case "cancel":
      return role === "claimer" ? "canceled" : null
    case "expire":
      return role === "clock" ? (kind === "ownership" ? "auto_confirmed" : "canceled") : null
  }
}

/** Whether a claim's end moved the key to the claimer. */
export const claimMovesKey = (s: ClaimStatus): boolean => s === "confirmed" || s === "auto_confirmed"

/**
 * Which claim a key allows (D-pix-claim-kinds, after the BCB's DICT): portability when the key's holder
 * is the claimer (the same document, another account), an ownership claim when it is someone else's
 * e-mail or phone (CPF, CNPJ and random keys belong to their holder and are never claimed); null: neither.
 */
export const claimKindFor = (keyType: PixKeyType, sameHolder: boolean): ClaimKind | null =>
  sameHolder ? "portability" : keyType === "email" || keyType === "phone" ? "ownership" : null

/** features §5: a key confirmation code is exactly 5 digits. */
export const isKeyCode = (s: string): boolean => new RegExp(`^\\d{${KEY_CODE_LENGTH}}$`).test(s)
/** A body's key code (features §7): its digits once trimmed, VALIDATION_KEY_CODE otherwise (D-rules-on-contract). */
export const KeyCodeString = Schema.String.check(ruleCheck((s: string) => isKeyCode(s.trim()), ValidationMessage.key_code))

/** features §3: e-mail and phone keys are confirmed by a code before they are added. */
export const needsConfirmation = (keyType: PixKeyType): boolean => keyType === "email" || keyType === "phone"
