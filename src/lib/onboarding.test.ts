/** spec core §4 "Onboarding": status reading, completeness, requirement and the open areas. */
import { describe, expect, it } from "vitest"
import { applyStatus, isOnboardingComplete, isOnboardingRequired, isOpenWhileIncomplete, mayLoadWalletAccounts, statusAfterFetch } from "./onboarding.ts"

describe("core §4 onboarding status", () => {
  it("takes the four values, ignores others, clears on empty", () => {
    expect(applyStatus(null, "finished")).toBe("finished")
    expect(applyStatus("pending", "weird")).toBe("pending")
    expect(applyStatus("pending", "")).toBeNull()
    expect(applyStatus("pending", null)).toBeNull()
  })
  it("is incomplete when the call fails and pending when it returns no status", () => {
    expect(statusAfterFetch("finished", { ok: false })).toBe("incomplete")
    expect(statusAfterFetch(null, { ok: true, status: null })).toBe("pending")
    expect(statusAfterFetch(null, { ok: true, status: "expired" })).toBe("expired")
  })
  it("counts expired as complete only for a natural person", () => {
    expect(isOnboardingComplete("finished", "LEGAL_PERSON")).toBe(true)
    expect(isOnboardingComplete("expired", "NATURAL_PERSON")).toBe(true)
    expect(isOnboardingComplete("expired", "LEGAL_PERSON")).toBe(false)
    expect(isOnboardingComplete("pending", "NATURAL_PERSON")).toBe(false)
  })
  it("is not required on a wallet the user does not own", () => {
    expect(isOnboardingRequired("owner-1", "user-2")).toBe(false)
    expect(isOnboardingRequired("user-2", "user-2")).toBe(true)
  })
  it("does not load wallet accounts while pending or incomplete", () => {
    expect(mayLoadWalletAccounts("pending")).toBe(false)
    expect(mayLoadWalletAccounts("incomplete")).toBe(false)
    expect(mayLoadWalletAccounts("finished")).toBe(true)
  })
  it("keeps wallets, my-account, banking home, gateway and create-pin open", () => {
    for (const p of [
      "/control-panel/wallets",
      "/control-panel/wallets/w1",
      "/control-panel/my-account/my-data",
      "/banking/home",
      "/gateway/metrics",
      "/auth/create-pin"
    ]) {
      expect(isOpenWhileIncomplete(p), p).toBe(true)
    }
    for (const p of ["/banking/pix", "/banking/statements", "/banking/coins", "/control-panel/security/change-password", "/sports-betting/history-bet"]) {
      expect(isOpenWhileIncomplete(p), p).toBe(false)
    }
  })
})
