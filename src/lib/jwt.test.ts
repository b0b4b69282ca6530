/** spec core §3 "Session: userId … decoded from the id claim of the access token". */
import { describe, expect, it } from "vitest"
import { userIdOfToken } from "./jwt.ts"
import { sessionFromTokens } from "./session.ts"

const b64url = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString("base64url")
const jwt = (payload: unknown): string => `${b64url({ alg: "HS256" })}.${b64url(payload)}.sig`

describe("core §3 session user id", () => {
  it("reads the id claim", () => {
    expect(userIdOfToken(jwt({ id: "u-ána", exp: 1 }))).toBe("u-ána")
    expect(userIdOfToken(jwt({ id: 42 }))).toBe("42")
  })
  it("gives null without an id claim or on garbage", () => {
    expect(userIdOfToken(jwt({ sub: "x" }))).toBeNull()
    expect(userIdOfToken("not-a-token")).toBeNull()
  })
  it("builds the session from the tokens (expiry from expires_in)", () => {
    const s = sessionFromTokens({ access_token: jwt({ id: "u1" }), refresh_token: "r", expires_in: 300 }, 1000)
    expect(s).toEqual({ userId: "u1", accessToken: jwt({ id: "u1" }), refreshToken: "r", expiresAt: 301_000 })
  })
  it("refuses a token without user id (core §7 'User ID not found')", () => {
    expect(() => sessionFromTokens({ access_token: jwt({}), refresh_token: "r", expires_in: 300 })).toThrow("USER_ID_NOT_FOUND")
  })
})
