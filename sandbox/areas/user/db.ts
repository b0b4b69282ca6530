/**
 * The profile's SQL (spec core §4 onboarding, features §2 PIN; issue 29 item 7: the area's statements beside its
 * routes). Users are read through sandbox/repo.ts (userById, userByEmail); here the profile's own writes.
 */
import type { DB } from "../../db.ts"

/** The onboarding's answers, the address and the onboarding status, at once. */
export const saveOnboarding = (db: DB, userId: string, onboarding: unknown, address: unknown, status: string | null, at: string): void => {
  db.prepare("UPDATE users SET onboarding_json = ?, address_json = ?, onboarding_status = ?, updated_at = ? WHERE id = ?").run(
    JSON.stringify(onboarding),
    JSON.stringify(address),
    status,
    at,
    userId
  )
}

/** The PIN's hash (sandbox/tokens.ts hashSecret), first set or changed. */
export const savePinHash = (db: DB, userId: string, pinHash: string, at: string): void => {
  db.prepare("UPDATE users SET pin_hash = ?, updated_at = ? WHERE id = ?").run(pinHash, at, userId)
}
