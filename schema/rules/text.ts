/**
 * Text (spec core §5 email, no_special_characters, no_emoji, max; features §5): e-mail addresses, free text, and the
 * description a payment, a code or a boleto carries — one Schema checked for 140 characters and no emoji, once
 * (D-rules-on-contract). Public entry: schema/validation.ts.
 */
import { Schema } from "effect"
import { hasMaxLength } from "./codes.ts"
import { ruleCheck, ValidationMessage } from "./messages.ts"

/**
 * spec core §5 email — pragmatic address check: ASCII local part (no leading, trailing or double
 * dots, ≤ 64), "@", a domain of at least two labels whose last label is alphabetic (≥ 2), ≤ 254 in total.
 */
export function isValidEmail(s: string): boolean {
  if (typeof s !== "string" || s.length > 254) return false
  const at = s.lastIndexOf("@")
  if (at < 1) return false
  const local = s.slice(0, at)
  const domain = s.slice(at + 1)
  if (local.length > 64) return false
  if (!/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(local)) return false
  const labels = domain.split(".")
  if (labels.length < 2) return false
  if (!labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l))) return false
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? "")
}

/* ------------------------------------------------------------------------------------------ */
/* Free text                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * spec core §5 no_special_characters, features §5 — only letters (Latin, accented included),
 * digits, the plain space (U+0020; no tabs or line breaks) and . , ; : ! ? _ ( ) " / & @ -.
 * Input is NFC-normalised first; combining accents are accepted. Empty text passes.
 */
export function hasNoSpecialCharacters(s: string): boolean {
  if (typeof s !== "string") return false
  return /^(?:[0-9 .,;:!?_()"/&@-]|(?=\p{L})\p{Script=Latin}|[\u0300-\u036f])*$/u.test(s.normalize("NFC"))
}

/**
 * spec core §5 no_emoji — no Extended_Pictographic characters (this includes ©, ® and ™), no
 * regional indicators (flags), skin-tone modifiers, emoji variation selector or keycap mark.
 */
export function hasNoEmoji(s: string): boolean {
  if (typeof s !== "string") return false
  return !/[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u20e3\ufe0f]/u.test(s)
}

/**
 * spec core §5 profile update — occupation search text: accents stripped (NFD), every run of
 * characters other than ASCII letters and digits becomes a single space, trimmed. Case kept.
 */
export function sanitizeOccupationSearch(s: string): string {
  if (typeof s !== "string") return ""
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
}

export const emailCheck = ruleCheck(isValidEmail, ValidationMessage.email)
export const noEmojiCheck = ruleCheck(hasNoEmoji, ValidationMessage.no_emoji)
export const noSpecialCharactersCheck = ruleCheck(hasNoSpecialCharacters, ValidationMessage.no_special_characters)
export const EmailString = Schema.String.check(emailCheck)
/** RFC 5321: no address is longer than 254 characters. */
export const EMAIL_MAX_LENGTH = 254
/** The sign-in's address (issue 30, D-sandbox-trust): only its length is judged (VALIDATION_EMAIL), so an over-long one is never looked up or counted. */
export const SignInEmail = Schema.String.check(ruleCheck((s: string) => s.length <= EMAIL_MAX_LENGTH, ValidationMessage.email))
/** An address typed with spaces or capitals around it (an invitation): valid once trimmed, VALIDATION_EMAIL otherwise. */
export const TypedEmail = Schema.String.check(ruleCheck((s: string) => isValidEmail(s.trim()), ValidationMessage.email))
/** A person's name at sign-up (core §7): at least 3 characters once trimmed, VALIDATION_MIN otherwise. */
export const PersonName = Schema.String.check(ruleCheck((s: string) => s.trim().length >= 3, ValidationMessage.min))
/** core §7 wallets: a wallet's name, at most 60 characters. */
export const WALLET_NAME_MAX = 60
/** A wallet's name, judged trimmed: not blank (VALIDATION_REQUIRED), at most 60 characters (VALIDATION_MAX), no pictograph (VALIDATION_NO_EMOJI). */
export const WalletName = Schema.String.check(
  ruleCheck((s: string) => s.trim() !== "", ValidationMessage.required),
  ruleCheck((s: string) => hasMaxLength(s.trim(), WALLET_NAME_MAX), ValidationMessage.max),
  ruleCheck((s: string) => !/\p{Extended_Pictographic}/u.test(s), ValidationMessage.no_emoji)
)
export const NoEmojiString = Schema.String.check(noEmojiCheck)
export const NoSpecialCharactersString = Schema.String.check(noSpecialCharactersCheck)

/** features §5: a description holds at most 140 characters (code points: an emoji counts as one). */
export const DESCRIPTION_MAX = 140
const descriptionMax = ruleCheck((s: string) => hasMaxLength(s, DESCRIPTION_MAX), ValidationMessage.max)

/**
 * features §5: a description as sent — at most 140 characters (VALIDATION_MAX), then no emoji (VALIDATION_NO_EMOJI);
 * the first rule broken is the field's key.
 */
export const Description = Schema.String.check(descriptionMax, noEmojiCheck)
/** A Pix's description (a payment, a code, a schedule): a Description with no special characters besides (VALIDATION_NO_SPECIAL_CHARACTERS). */
export const PixDescription = Schema.String.check(descriptionMax, noEmojiCheck, noSpecialCharactersCheck)
/** A boleto's description: required (not blank, VALIDATION_REQUIRED), then a Description. */
export const RequiredDescription = Schema.String.check(
  ruleCheck((s: string) => s.trim() !== "", ValidationMessage.required),
  descriptionMax,
  noEmojiCheck
)
