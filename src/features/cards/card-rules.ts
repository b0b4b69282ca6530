/**
 * Pure rules of the cards pages (spec features §4 card states, §5 activation digits and card
 * password, §9 at most 5 virtual cards; core §5 "card numbers grouped by 4"): what a card shows,
 * which actions its state allows, how many virtual cards count towards the limit, and the
 * statement filter that selects one card's purchases.
 */
import type { Card } from "../../../schema/cards.ts"

export type { Card }
/** A synced card row, maybe with a pending command's overlay (sync/commands/cards.ts). */
export type CardView = Card & { readonly pending_action?: string; readonly pendingCommand?: string }

/** core §5: digits in groups of 4. */
export const groupBy4 = (digits: string): string => digits.replace(/\D/g, "").replace(/(\d{4})(?=\d)/g, "$1 ")

/** The masked number: 3 hidden groups and the last four (or four hidden ones while unknown). */
export const maskedNumber = (lastFour: string | null): string => `•••• •••• •••• ${lastFour ?? "••••"}`

export const isReplaced = (c: Pick<Card, "replaced_by">): boolean => c.replaced_by !== null

/** features §9: the cards that count towards the virtual limit (not deleted, not replaced by a new copy). */
export const virtualCount = (cards: ReadonlyArray<Pick<Card, "virtual" | "status" | "replaced_by">>): number =>
  cards.filter((c) => c.virtual && c.status !== "cancelled" && c.replaced_by === null).length

export interface CardActions {
  readonly activate: boolean
  readonly block: boolean
  readonly unblock: boolean
  readonly reveal: boolean
  readonly password: boolean
  readonly newCopy: boolean
  readonly remove: boolean
  readonly track: boolean
}

/** features §4: which actions a card's state allows (a pending command disables them all). */
export const cardActions = (c: CardView): CardActions => {
  const busy = c.pending_action !== undefined
  const live = c.status !== "cancelled" && !busy
  const replaced = isReplaced(c)
  return {
    activate: live && c.status === "pending",
    block: live && (c.status === "activated" || c.status === "pending"),
    unblock: live && c.status === "blocked" && !replaced,
    reveal: live && c.status === "activated",
    password: live && c.status === "activated",
    newCopy: live && !replaced,
    remove: live,
    track: !c.virtual && c.status !== "cancelled"
  }
}

/** features §5: activation and the card password are 4 digits. */
export const fourDigits = (s: string): boolean => /^\d{4}$/.test(s)

/** The text that selects one card's purchases in the statement (the sandbox writes it in the description). */
export const cardFilterText = (lastFour: string): string => `•••• ${lastFour}`
