/**
 * The message keys of the validation rules (spec core §5: VALIDATION_<RULE>) and the one way a rule becomes an Effect
 * Schema check whose failure message is its key (D-rules-on-contract): the sandbox answers that key in a 422's `fields`,
 * a view shows it inline. Public entry: schema/validation.ts.
 */
import { Schema } from "effect"

/* ------------------------------------------------------------------------------------------ */
/* Message keys                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** spec core §5 — message keys VALIDATION_<RULE>; the last group serves features §5 and §9. */
export const ValidationMessage = {
  required: "VALIDATION_REQUIRED",
  email: "VALIDATION_EMAIL",
  password: "VALIDATION_PASSWORD",
  strongPassword: "VALIDATION_STRONG_PASSWORD",
  confirmed: "VALIDATION_CONFIRMED",
  length: "VALIDATION_LENGTH",
  min: "VALIDATION_MIN",
  max: "VALIDATION_MAX",
  min_value: "VALIDATION_MIN_VALUE",
  max_value: "VALIDATION_MAX_VALUE",
  numeric: "VALIDATION_NUMERIC",
  validCPF: "VALIDATION_VALID_CPF",
  validCNPJ: "VALIDATION_VALID_CNPJ",
  validDocument: "VALIDATION_VALID_DOCUMENT",
  date_within_days: "VALIDATION_DATE_WITHIN_DAYS",
  no_special_characters: "VALIDATION_NO_SPECIAL_CHARACTERS",
  no_emoji: "VALIDATION_NO_EMOJI",
  required_if: "VALIDATION_REQUIRED_IF",
  // features §5 / §9 and core §5 "other formats"
  pin: "VALIDATION_PIN",
  temporary_token: "VALIDATION_TEMPORARY_TOKEN",
  key_code: "VALIDATION_KEY_CODE",
  card_password: "VALIDATION_CARD_PASSWORD",
  zip: "VALIDATION_ZIP",
  pix_key: "VALIDATION_PIX_KEY",
  boleto_line: "VALIDATION_BOLETO_LINE",
  money: "VALIDATION_MONEY",
  date: "VALIDATION_DATE",
  date_range: "VALIDATION_DATE_RANGE",
  same_month: "VALIDATION_SAME_MONTH",
  roles: "VALIDATION_ROLES"
} as const

export type ValidationKey = (typeof ValidationMessage)[keyof typeof ValidationMessage]
export type RuleResult = true | ValidationKey

/** An Effect Schema check that fails with the rule's VALIDATION_<RULE> key as its message. */
export const ruleCheck = <T>(ok: (value: T) => boolean, key: ValidationKey) => Schema.makeFilter((value: T) => ok(value) || key, { message: key })

/** Whether a Schema issue's message is a rule's key (else the sandbox says VALIDATION_FORMAT or VALIDATION_REQUIRED). */
export const isValidationKey = (message: string): message is ValidationKey => /^VALIDATION_[A-Z_]+$/.test(message)
