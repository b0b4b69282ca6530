/**
 * The Pix directory's rules as pure functions (spec features §3, §4 claim states and the 7-day window,
 * §5 "confirmation code: 5 digits", §9; docs/decisions.md D-pix-claim-states, D-pix-claim-expiry,
 * D-pix-claim-kinds, D-pix-key-code): the transitions each side may make, which claim a key allows,
 * the deadline and the code's form.
 */
import { describe, expect, it } from "vitest"
import {
  CLAIM_WINDOW_MS,
  claimDeadline,
  claimKindFor,
  claimMovesKey,
  isKeyCode,
  needsConfirmation,
  nextClaimStatus,
  type ClaimAction,
  type ClaimStatus
} from "./pix-claims.ts"

const STATUSES: ReadonlyArray<ClaimStatus> = ["opened", "confirmed", "auto_confirmed", "denied", "canceled"]
const ACTIONS: ReadonlyArray<ClaimAction> = ["approve", "reject", "cancel", "expire"]

describe("features §4 claim transitions (D-pix-claim-states)", () => {
  it("features §4 from opened: the donor approves (confirmed) or rejects (denied), the claimer cancels (canceled)", () => {
    expect(nextClaimStatus("ownership", "opened", "approve", "donor")).toBe("confirmed")
    expect(nextClaimStatus("portability", "opened", "approve", "donor")).toBe("confirmed")
    expect(nextClaimStatus("ownership", "opened", "reject", "donor")).toBe("denied")
    expect(nextClaimStatus("portability", "opened", "cancel", "claimer")).toBe("canceled")
  })

  it("features §4 the wrong side is refused: the claimer neither approves nor rejects, the donor does not cancel, no person expires a claim", () => {
    expect(nextClaimStatus("ownership", "opened", "approve", "claimer")).toBeNull()
    expect(nextClaimStatus("ownership", "opened", "reject", "claimer")).toBeNull()
    expect(nextClaimStatus("ownership", "opened", "cancel", "donor")).toBeNull()
    expect(nextClaimStatus("ownership", "opened", "expire", "donor")).toBeNull()
    expect(nextClaimStatus("ownership", "opened", "approve", "clock")).toBeNull()
  })

  it("features §4 an ended claim refuses every action of every side", () => {
    for (const s of STATUSES.filter((x) => x !== "opened")) {
      for (const a of ACTIONS) for (const r of ["claimer", "donor", "clock"] as const) expect(nextClaimStatus("ownership", s, a, r)).toBeNull()
    }
  })

  it("features §4 D-pix-claim-expiry: with no reply in 7 days an ownership claim moves the key (auto confirmed), a portability is canceled", () => {
    expect(nextClaimStatus("ownership", "opened", "expire", "clock")).toBe("auto_confirmed")
    expect(nextClaimStatus("portability", "opened", "expire", "clock")).toBe("canceled")
    expect(STATUSES.filter(claimMovesKey)).toEqual(["confirmed", "auto_confirmed"])
  })

  it("features §4 §9 the deadline is 7 days after the claim opened", () => {
    expect(CLAIM_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000)
    expect(claimDeadline("2026-03-01T12:00:00.000Z")).toBe("2026-03-08T12:00:00.000Z")
  })
})

describe("D-pix-claim-kinds which claim a key allows", () => {
  it("D-pix-claim-kinds the holder's own key (same document) is ported, whatever its type", () => {
    for (const t of ["cpf", "cnpj", "email", "phone", "random"] as const) expect(claimKindFor(t, true)).toBe("portability")
  })
  it("D-pix-claim-kinds someone else's e-mail or phone is claimed; their CPF, CNPJ or random key never", () => {
    expect(claimKindFor("email", false)).toBe("ownership")
    expect(claimKindFor("phone", false)).toBe("ownership")
    expect(claimKindFor("cpf", false)).toBeNull()
    expect(claimKindFor("cnpj", false)).toBeNull()
    expect(claimKindFor("random", false)).toBeNull()
  })
})

describe("features §3 §5 the key confirmation code (D-pix-key-code)", () => {
  it("features §5 a code is exactly 5 digits", () => {
    expect(["12345", "00000"].map(isKeyCode)).toEqual([true, true])
    expect(["1234", "123456", "12a45", " 12345", ""].map(isKeyCode)).toEqual([false, false, false, false, false])
  })
  it("features §3 only e-mail and phone keys are confirmed by a code", () => {
    expect((["cpf", "cnpj", "email", "phone", "random"] as const).filter(needsConfirmation)).toEqual(["email", "phone"])
  })
})
