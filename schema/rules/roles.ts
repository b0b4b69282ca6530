/**
 * Roles (spec core §5 role rule, core §6). Public entry: schema/validation.ts.
 */

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
