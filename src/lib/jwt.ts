/**
 * Reading the claims of an access token (spec core §3 "Session: userId … decoded from the id
 * claim of the access token"). No signature check: the server checks tokens; the client only
 * needs the user id.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split(".")[1]
  if (!part) return null
  try {
    const b64 = part
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(part.length / 4) * 4, "=")
    const bin = atob(b64)
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0))
    const v: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The `id` claim (string or number) of an access token, or null ("User ID not found"). */
export function userIdOfToken(token: string): string | null {
  const p = decodeJwtPayload(token)
  const id = p?.["id"]
  if (typeof id === "string" && id !== "") return id
  if (typeof id === "number") return String(id)
  return null
}
