/**
 * The session's life on the client (spec core §4 "Authentication guard", "Session timer",
 * "Logout"; core §9 constants): finishing a sign-in from the tokens, renewing with the refresh
 * token (concurrent renewals share one call), and ending it (logout or expiry) so the engine
 * wipes the user's local data. The inactivity limit is 300000 ms; tests shorten it with
 * `?session_ms=` on any URL (kept for the tab) or the build-time VITE_SESSION_MS.
 */
import { getEngine } from "../../workers/client.ts"
import type { SessionInfo } from "../../workers/protocol.ts"
import type { Tokens } from "../../schema/entities.ts"
import { appStore, currentSession } from "./app-state.ts"
import { userIdOfToken } from "./jwt.ts"

/** core §9: inactivity limit. */
export const SESSION_LIMIT_MS = 300_000
/** core §4: the warning banner shows with less than 1 hour left. */
export const SESSION_WARNING_MS = 3_600_000
/** core §4/§9: with an upload underway and less than 60 s left, renew automatically. */
export const AUTO_RENEW_MS = 60_000
/** core §9: logout redirect delay. */
export const LOGOUT_REDIRECT_DELAY_MS = 1000

const OVERRIDE_KEY = "session_ms"
const RENEWED_KEY = "session:renewedAt"

function ss(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

/** Reads `?session_ms=` once at start and keeps it for the tab. */
export function captureSessionOverride(search: string = globalThis.location?.search ?? ""): void {
  const v = new URLSearchParams(search).get(OVERRIDE_KEY)
  if (v !== null && /^\d+$/.test(v) && Number(v) > 0) ss()?.setItem(OVERRIDE_KEY, v)
}

/** The inactivity limit in force: `?session_ms=`, then VITE_SESSION_MS, else 300000 ms. */
export function sessionLimitMs(): number | null {
  const v = ss()?.getItem(OVERRIDE_KEY) ?? (import.meta.env["VITE_SESSION_MS"] as string | undefined) ?? null
  return v !== null && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null
}

export function markRenewed(at: number = Date.now()): void {
  ss()?.setItem(RENEWED_KEY, String(at))
}
function renewedAt(): number {
  const v = Number(ss()?.getItem(RENEWED_KEY) ?? "")
  return Number.isFinite(v) && v > 0 ? v : Date.now()
}

/**
 * When the session ends: with an override, `limit` after the sign-in or last renewal; otherwise
 * the access token's expiry (300 s in the sandbox, core §9), capped by the 300000 ms limit.
 */
export function sessionDeadline(session: SessionInfo): number {
  const start = renewedAt()
  const override = sessionLimitMs()
  if (override !== null) return start + override
  return Math.min(session.expiresAt, start + SESSION_LIMIT_MS)
}

export function sessionFromTokens(tokens: Tokens, now: number = Date.now()): SessionInfo {
  const userId = userIdOfToken(tokens.access_token)
  if (userId === null) throw Object.assign(new Error("USER_ID_NOT_FOUND"), { key: "USER_ID_NOT_FOUND" })
  if (!tokens.access_token) throw Object.assign(new Error("ACCESS_TOKEN_NOT_FOUND"), { key: "ACCESS_TOKEN_NOT_FOUND" })
  return { userId, accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: now + tokens.expires_in * 1000 }
}

/** After `sessionSignin`: hand the session to the engine and start the clock. */
export async function completeSignIn(tokens: Tokens): Promise<SessionInfo> {
  const session = sessionFromTokens(tokens)
  appStore.reset()
  await getEngine().signedIn(session)
  markRenewed()
  appStore.set({ session })
  return session
}

let renewing: Promise<boolean> | null = null
/** core §4: renew with the refresh token; concurrent renewals are ignored (they share the first). */
export function renewSession(): Promise<boolean> {
  if (renewing) return renewing
  renewing = (async () => {
    const s = currentSession()
    if (!s?.refreshToken) return false
    try {
      const r = await getEngine().call("refreshToken", { body: { refresh_token: s.refreshToken } })
      if (!r.data.access_token) return false // core §8 "Token não retornado"
      const next: SessionInfo = {
        userId: s.userId,
        accessToken: r.data.access_token,
        refreshToken: r.data.refresh_token || s.refreshToken,
        expiresAt: Date.now() + r.data.expires_in * 1000
      }
      await getEngine().signedIn(next)
      markRenewed()
      appStore.set({ session: next })
      return true
    } catch {
      return false
    }
  })().finally(() => {
    renewing = null
  })
  return renewing
}

/** core §4 "Logout": the engine closes and wipes this user's local data; the shell state is cleared. */
export async function endSession(reason: "logout" | "expired"): Promise<void> {
  appStore.reset()
  ss()?.removeItem(RENEWED_KEY)
  ss()?.removeItem("hasPin")
  try {
    await getEngine().signOut(reason)
  } catch {
    /* the engine wipes on its own when it can */
  }
}

// ── Uploads in progress (core §4: auto-renew under 60 s while an XML upload runs) ──
/** An upload as the `uploads` live query shows it (sync/uploads/board.ts UploadView), reduced to what this rule reads. */
export interface UploadLike {
  readonly state: string
  readonly paused: boolean
}
const UPLOAD_RUNNING: ReadonlySet<string> = new Set(["created", "sending"])
/** An upload runs while its command is not terminal (nor waiting for a PIN) and the user has not paused it. */
export const uploadRunning = (uploads: ReadonlyArray<UploadLike> | null | undefined): boolean =>
  (uploads ?? []).some((u) => !u.paused && UPLOAD_RUNNING.has(u.state))
/** core §4 "Session timer": renew by itself when under AUTO_RENEW_MS is left and an upload runs. */
export const shouldAutoRenew = (leftMs: number, uploads: ReadonlyArray<UploadLike> | null | undefined): boolean =>
  leftMs > 0 && leftMs < AUTO_RENEW_MS && uploadRunning(uploads)
