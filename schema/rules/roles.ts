/**
 * Roles (spec core §5 role rule, core §6). Public entry: schema/validation.ts.
 */
import { Schema } from "effect"
import { ruleCheck, ValidationMessage } from "./messages.ts"

/* ------------------------------------------------------------------------------------------ */
/* Roles                                                                                        */
/* ------------------------------------------------------------------------------------------ */

export const ROLES = ["ROOT", "ADMIN", "CLIENT", "APPROVER"] as const
export type Role = (typeof ROLES)[number]

/**
 * spec core §5 role rule, core §6 — APPROVER must come with ADMIN or CLIENT. Unknown role names
 * make the set invalid; an empty set breaks no rule and is valid.
 */
export function isValidRoleSet(roles: readonly string[]): boolean {
  if (!Array.isArray(roles)) return false
  const known: readonly string[] = ROLES
  if (!roles.every((r) => known.includes(r))) return false
  return !roles.includes("APPROVER") || roles.includes("ADMIN") || roles.includes("CLIENT")
}

/** The roles a member may be given: every role but ROOT, the owner's. */
export const GRANTABLE_ROLES: ReadonlyArray<Role> = ROLES.filter((r) => r !== "ROOT")
/**
 * The roles a body grants (an invitation, a member's change): at least one (VALIDATION_REQUIRED), each a grantable role
 * (VALIDATION_ROLES). APPROVER without ADMIN or CLIENT is the catalogue's ROLE_APPROVER_NEEDS_BASE, the route's.
 */
export const GrantedRoles = Schema.Array(Schema.String).check(
  ruleCheck((a: ReadonlyArray<string>) => a.length > 0, ValidationMessage.required),
  ruleCheck((a: ReadonlyArray<string>) => a.every((t) => (GRANTABLE_ROLES as ReadonlyArray<string>).includes(t)), ValidationMessage.roles)
)
