/** spec core §4 "Session timer" and §9 constants: deadline, countdown, limits. */
import { describe, expect, it } from "vitest"
import { formatCountdown } from "./countdown.ts"
import { AUTO_RENEW_MS, LOGOUT_REDIRECT_DELAY_MS, SESSION_LIMIT_MS, SESSION_WARNING_MS, sessionDeadline, shouldAutoRenew, uploadRunning } from "./session.ts"

describe("core §4 session timer", () => {
  it("uses the constants of core §9", () => {
    expect(SESSION_LIMIT_MS).toBe(300_000)
    expect(SESSION_WARNING_MS).toBe(3_600_000)
    expect(AUTO_RENEW_MS).toBe(60_000)
    expect(LOGOUT_REDIRECT_DELAY_MS).toBe(1000)
  })
  it("ends at the token expiry, at most 300000 ms after the start", () => {
    const now = Date.now()
    expect(sessionDeadline({ userId: "u", accessToken: "a", refreshToken: "r", expiresAt: now + 10_000 })).toBe(now + 10_000)
    expect(sessionDeadline({ userId: "u", accessToken: "a", refreshToken: "r", expiresAt: now + 10_000_000 })).toBeLessThanOrEqual(
      Date.now() + SESSION_LIMIT_MS
    )
  })
  it("counts down as MM:SS", () => {
    expect(formatCountdown(300_000)).toBe("05:00")
    expect(formatCountdown(61_001)).toBe("01:02")
    expect(formatCountdown(0)).toBe("00:00")
    expect(formatCountdown(-5)).toBe("00:00")
    expect(formatCountdown(3_600_000)).toBe("60:00")
  })
})

describe("core §4 session timer: auto-renewal while an XML upload runs", () => {
  const STATES = ["created", "awaiting-pin", "sending", "confirmed", "rejected", "failed", "cancelled"] as const
  it("an upload runs only while its command is created or sending and not paused", () => {
    for (const state of STATES)
      for (const paused of [false, true]) {
        expect(uploadRunning([{ state, paused }])).toBe(!paused && (state === "created" || state === "sending"))
      }
    expect(uploadRunning(null)).toBe(false)
    expect(
      uploadRunning([
        { state: "confirmed", paused: false },
        { state: "sending", paused: false }
      ])
    ).toBe(true)
  })
  it("renews under 60 s left only, and only with an upload running (checked against the rule as written, over a grid)", () => {
    const running = [{ state: "sending", paused: false }]
    const idle = [{ state: "sending", paused: true }]
    for (let left = -2_000; left <= 120_000; left += 997) {
      expect(shouldAutoRenew(left, running)).toBe(left > 0 && left < 60_000)
      expect(shouldAutoRenew(left, idle)).toBe(false)
      expect(shouldAutoRenew(left, [])).toBe(false)
    }
    expect(shouldAutoRenew(59_999, running)).toBe(true)
    expect(shouldAutoRenew(60_000, running)).toBe(false)
  })
})
