/**
 * Codes, lengths and formats (spec core §5 "other formats", features §5, §9): PIN, temporary token, Pix key code,
 * card password, zip, character counts, numbers, and the Schemas a request body's codes are. Public entry:
 * schema/validation.ts.
 */
import { Schema } from "effect"
import { onlyDigits } from "./documents.ts"
import { ruleCheck, ValidationMessage } from "./messages.ts"

/* ------------------------------------------------------------------------------------------ */
/* Codes, lengths, formats                                                                      */
/* ------------------------------------------------------------------------------------------ */

function isDigits(s: string, n: number): boolean {
  return typeof s === "string" && s.length === n && /^[0-9]+$/.test(s)
}

/** spec core §5, features §5/§9 — PIN: 4 digits. */
export function isValidPin(s: string): boolean {
  return isDigits(s, 4)
}
/** spec core §5, features §5/§9 — temporary token: 6 digits. */
export function isValidTemporaryToken(s: string): boolean {
  return isDigits(s, 6)
}
/** features §5/§9 — Pix key (and portability/claim) confirmation code: 5 digits. */
export function isValidKeyCode(s: string): boolean {
  return isDigits(s, 5)
}
/** features §5/§9 — card password: 4 digits. */
export function isValidCardPassword(s: string): boolean {
  return isDigits(s, 4)
}
/** features §5 — card activation: the last four digits of the card. */
export function isValidCardLastFour(s: string, cardNumber?: string): boolean {
  if (!isDigits(s, 4)) return false
  return cardNumber === undefined || onlyDigits(cardNumber).endsWith(s)
}
/** spec core §5 profile update, core §9 — zip code exactly 9 characters, #####-###. */
export function isValidZip(s: string): boolean {
  return typeof s === "string" && /^[0-9]{5}-[0-9]{3}$/.test(s)
}

/** Character count in code points (an emoji counts as one). */
export function charCount(s: string): number {
  return typeof s === "string" ? Array.from(s).length : 0
}
/** spec core §5 length — exact character count. */
export function hasLength(s: string, n: number): boolean {
  return charCount(s) === n
}
/** spec core §5 min — at least `n` characters. */
export function hasMinLength(s: string, n: number): boolean {
  return typeof s === "string" && charCount(s) >= n
}
/** spec core §5 max — at most `n` characters. */
export function hasMaxLength(s: string, n: number): boolean {
  return typeof s === "string" && charCount(s) <= n
}

/** spec core §5 numeric — digits only, optionally with a decimal part after a comma or a dot. */
export function isNumeric(s: string): boolean {
  return typeof s === "string" && /^[0-9]+(?:[.,][0-9]+)?$/.test(s)
}

/** A phone number as typed (core §7 sign-up): its digits, without a leading "+", spaces, parentheses or hyphens. */
export const phoneDigits = (p: string): string =>
  p
    .trim()
    .replace(/^\+/, "")
    .replace(/[\s()-]/g, "")
/** A phone number of 10 to 13 digits once its separators go (VALIDATION_NUMERIC). */
export const PhoneString = Schema.String.check(ruleCheck((s: string) => /^\d{10,13}$/.test(phoneDigits(s)), ValidationMessage.numeric))

export const pinCheck = ruleCheck(isValidPin, ValidationMessage.pin)
export const temporaryTokenCheck = ruleCheck(isValidTemporaryToken, ValidationMessage.temporary_token)
export const zipCheck = ruleCheck(isValidZip, ValidationMessage.zip)
/** A 4-digit PIN (a body's `pin`, `new_pin`, `current_pin`): VALIDATION_PIN. */
export const PinString = Schema.String.check(pinCheck)
export const TemporaryTokenString = Schema.String.check(temporaryTokenCheck)
export const ZipString = Schema.String.check(zipCheck)
