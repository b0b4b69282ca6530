/**
 * Onboarding rules of spec core §4 "Onboarding" as pure functions: how a raw status is read,
 * when onboarding counts as complete, when it is required, and which areas stay open while it
 * is not complete (the onboarding guard).
 */
import type { OnboardingStatus } from "../../schema/entities.ts"

const KNOWN: ReadonlyArray<OnboardingStatus> = ["incomplete", "pending", "finished", "expired"]

/**
 * core §4: the four values are taken; any other non-empty value is ignored (the previous status
 * stays); an empty value clears it.
 */
export function applyStatus(previous: OnboardingStatus | null, raw: string | null | undefined): OnboardingStatus | null {
  if (raw === null || raw === undefined || raw === "") return null
  return (KNOWN as ReadonlyArray<string>).includes(raw) ? (raw as OnboardingStatus) : previous
}

/**
 * core §4: the status after a fetch. A failed call gives incomplete; a success without a status
 * gives pending; a status is read by `applyStatus`.
 * (The spec's "if after fetching it is not finished, it becomes incomplete" is read as set by the
 * later rule, i.e. the fetched value stands; src/README.md "Decisions".)
 */
export function statusAfterFetch(
  previous: OnboardingStatus | null,
  result: { readonly ok: true; readonly status: string | null } | { readonly ok: false }
): OnboardingStatus | null {
  if (!result.ok) return "incomplete"
  if (result.status === null || result.status === "") return "pending"
  return applyStatus(previous, result.status) ?? "pending"
}

/** core §4: a natural person is complete when finished or expired; others only when finished. */
export function isOnboardingComplete(status: OnboardingStatus | null, type: "NATURAL_PERSON" | "LEGAL_PERSON" | null): boolean {
  if (status === "finished") return true
  return status === "expired" && type === "NATURAL_PERSON"
}

/** core §4: onboarding is not required when the current wallet is not owned by the user. */
export function isOnboardingRequired(walletOwnerId: string | null, userId: string | null): boolean {
  if (walletOwnerId === null || userId === null) return true
  return walletOwnerId === userId
}

/** core §4: with status pending or incomplete, wallet accounts are not loaded. */
export function mayLoadWalletAccounts(status: OnboardingStatus | null): boolean {
  return status !== "pending" && status !== "incomplete"
}

/**
 * core §4 onboarding guard: while onboarding is not complete the user may only visit the
 * wallets, my-account, banking home, gateway and create-pin areas (paths without prefix).
 */
export const OPEN_WHILE_INCOMPLETE: ReadonlyArray<string> = [
  "/control-panel/wallets",
  "/control-panel/my-account",
  "/banking/home",
  "/gateway",
  "/auth/create-pin"
]

export function isOpenWhileIncomplete(path: string): boolean {
  if (path === "/" || path === "/control-panel") return true
  return OPEN_WHILE_INCOMPLETE.some((p) => path === p || path.startsWith(`${p}/`))
}
