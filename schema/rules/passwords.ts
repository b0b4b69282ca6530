/**
 * Passwords (spec core §5 password, strongPassword): the length rule, the strong rule, its checklist and strength
 * meter, and the Schema of a body's new password. Public entry: schema/validation.ts.
 */
import { Schema } from "effect"
import { charCount, hasMinLength } from "./codes.ts"
import { ruleCheck, ValidationMessage } from "./messages.ts"

/* ------------------------------------------------------------------------------------------ */
/* Passwords                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export interface StrongPasswordChecks {
  readonly minLength: boolean
  readonly lowercase: boolean
  readonly uppercase: boolean
  readonly digit: boolean
  readonly special: boolean
}

/** spec core §5 strongPassword — each criterion for a live checklist. Special = not a letter, digit or whitespace. */
export function strongPasswordChecks(s: string): StrongPasswordChecks {
  const v = typeof s === "string" ? s : ""
  return {
    minLength: charCount(v) >= 8,
    lowercase: /\p{Ll}/u.test(v),
    uppercase: /\p{Lu}/u.test(v),
    digit: /[0-9]/.test(v),
    special: /[^\p{L}\p{N}\s]/u.test(v)
  }
}

/** spec core §5 password — at least 8 characters. */
export function isValidPassword(s: string): boolean {
  return hasMinLength(s, 8)
}

/** spec core §5 strongPassword — at least 8 characters with uppercase, lowercase, digit and special character. */
export function isStrongPassword(s: string): boolean {
  const c = strongPasswordChecks(s)
  return c.minLength && c.lowercase && c.uppercase && c.digit && c.special
}

export type PasswordStrength = "weak" | "average" | "good" | "strong"

/**
 * spec core §5 strongPassword strength levels. Score = number of satisfied criteria among
 * length ≥ 8, lowercase, uppercase, digit, special, plus 1 bonus for length ≥ 12 (0..6).
 * Thresholds: "strong" when all five required criteria hold (= isStrongPassword, so the meter
 * never says strong for a password the rule rejects); otherwise score ≥ 4 "good",
 * score 3 "average", score ≤ 2 "weak".
 */
export function passwordStrength(s: string): PasswordStrength {
  const c = strongPasswordChecks(s)
  const base = [c.minLength, c.lowercase, c.uppercase, c.digit, c.special].filter(Boolean).length
  if (base === 5) return "strong"
  const score = base + (charCount(typeof s === "string" ? s : "") >= 12 ? 1 : 0)
  if (score >= 4) return "good"
  if (score === 3) return "average"
  return "weak"
}

export const strongPasswordCheck = ruleCheck(isStrongPassword, ValidationMessage.strongPassword)
export const StrongPasswordString = Schema.String.check(strongPasswordCheck)
/** The longest password the sandbox hashes (issue 30, D-sandbox-trust). */
export const PASSWORD_MAX_LENGTH = 256
/** The sign-in's password: only its length is judged (VALIDATION_PASSWORD), so an over-long one is never hashed. */
export const SignInPassword = Schema.String.check(ruleCheck((s: string) => s.length <= PASSWORD_MAX_LENGTH, ValidationMessage.password))
