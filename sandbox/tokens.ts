/**
 * Credentials of the sandbox (spec core §4 session, §7 authentication): HS256 JWT-shaped access
 * tokens signed with node:crypto (claim `id` = user id, `exp`), opaque refresh tokens stored
 * hashed, scrypt password and PIN hashes, random numeric codes.
 */
import { createHash, createHmac, randomBytes, randomInt, scryptSync, timingSafeEqual } from "node:crypto"

const b64url = (b: Buffer | string): string => Buffer.from(b).toString("base64url")

export interface AccessClaims {
  readonly id: string
  readonly exp: number
  readonly iat: number
  /** The session (refresh-token family) the token belongs to (issue 30 item 4); tokens without one are refused. */
  readonly sid?: string
}

export const signAccessToken = (secret: Buffer, userId: string, nowMs: number, ttlS: number, sid?: string): string => {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))
  const iat = Math.floor(nowMs / 1000)
  const payload = b64url(
    JSON.stringify({ id: userId, sub: userId, iat, exp: iat + ttlS, jti: randomBytes(6).toString("hex"), ...(sid !== undefined ? { sid } : {}) })
  )
  const sig = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url")
  return `${header}.${payload}.${sig}`
}

/** The claims of a valid, unexpired token, or null. */
export const verifyAccessToken = (secret: Buffer, token: string, nowMs: number): AccessClaims | null => {
  const parts = token.split(".")
  if (parts.length !== 3) return null
  const [h, p, s] = parts as [string, string, string]
  const expected = createHmac("sha256", secret).update(`${h}.${p}`).digest()
  let given: Buffer
  try {
    given = Buffer.from(s, "base64url")
  } catch {
    return null
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Partial<AccessClaims>
    if (typeof claims.id !== "string" || typeof claims.exp !== "number") return null
    if (claims.exp * 1000 <= nowMs) return null
    return { id: claims.id, exp: claims.exp, iat: claims.iat ?? 0, ...(typeof claims.sid === "string" ? { sid: claims.sid } : {}) }
  } catch {
    return null
  }
}

export const sha256 = (s: string): string => createHash("sha256").update(s).digest("hex")

export const opaqueToken = (bytes = 32): string => randomBytes(bytes).toString("base64url")

/** scrypt with a cost low enough for a sandbox (N = 2^12): sign-ins in tests stay fast. */
export const hashSecret = (plain: string, salt: string = randomBytes(8).toString("hex")): string =>
  `s1$${salt}$${scryptSync(plain, salt, 32, { N: 4096, r: 8, p: 1 }).toString("hex")}`

export const verifySecret = (plain: string, stored: string | null): boolean => {
  if (stored === null) return false
  const [tag, salt, hash] = stored.split("$")
  if (tag !== "s1" || salt === undefined || hash === undefined) return false
  const got = scryptSync(plain, salt, 32, { N: 4096, r: 8, p: 1 })
  const want = Buffer.from(hash, "hex")
  return got.length === want.length && timingSafeEqual(got, want)
}

/** n random digits (crypto), e.g. the 6-digit login code. */
export const numericCode = (n: number): string => {
  let s = ""
  for (let i = 0; i < n; i++) s += String(randomInt(10))
  return s
}

/** Stable JSON with sorted keys (the idempotency request hash). */
export const stableJson = (v: unknown): string => {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null"
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`
  const o = v as Record<string, unknown>
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(",")}}`
}
