/**
 * The authentication area's SQL (spec core §4 session, §5, §7 "Authentication" and "Sign-up"; issue 30 items 4 and 5,
 * D-sessions, D-signin-lock; issue 29 item 7: the area's statements beside its routes, docs/decisions.md
 * D-sandbox-by-area): sessions and their refresh tokens, the per-client, per-address and per-user counts of wrong
 * attempts, e-mailed codes, temporary and PIN tokens, QR-code sessions, sign-ups and the user a sign-up makes. The tables
 * are created by sandbox/db.ts; a session's liveness as every call checks it is sandbox/http.ts `sessionLive`.
 */
import type { DB } from "../../db.ts"
import type { UserRow } from "../../repo.ts"

// ── sessions and refresh tokens (issue 30 item 4) ──

/** A new session (refresh-token family) of a user, started at `createdMs` (real time). */
export const insertSession = (db: DB, id: string, userId: string, createdMs: number): void => {
  db.prepare("INSERT INTO sessions (id, user_id, created_ms, revoked_ms, revoked_reason) VALUES (?, ?, ?, NULL, NULL)").run(id, userId, createdMs)
}

/** A refresh token (by its hash) of a session. */
export const insertRefreshToken = (db: DB, hash: string, userId: string, expiresMs: number, sessionId: string): void => {
  db.prepare("INSERT INTO refresh_tokens (token_hash, user_id, expires_ms, revoked) VALUES (?, ?, ?, 0)").run(hash, userId, expiresMs)
  db.prepare("INSERT INTO refresh_family (token_hash, session_id) VALUES (?, ?)").run(hash, sessionId)
}

/** A live session revoked with every refresh token of its family. */
export const revokeSessionRows = (db: DB, sessionId: string, atMs: number, reason: string): void => {
  db.prepare("UPDATE sessions SET revoked_ms = ?, revoked_reason = ? WHERE id = ? AND revoked_ms IS NULL").run(atMs, reason, sessionId)
  db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE token_hash IN (SELECT token_hash FROM refresh_family WHERE session_id = ?)").run(sessionId)
}

/** A user's live sessions. */
export const liveSessionIdsOf = (db: DB, userId: string): string[] =>
  (db.prepare("SELECT id FROM sessions WHERE user_id = ? AND revoked_ms IS NULL").all(userId) as Array<{ id: string }>).map((r) => r.id)

/** A user's refresh tokens from before sessions existed (of no family) revoked. */
export const revokeFamilylessTokens = (db: DB, userId: string): void => {
  db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ? AND token_hash NOT IN (SELECT token_hash FROM refresh_family)").run(userId)
}

/** A refresh token by its hash, with its session (null for one of no family). */
export const refreshTokenOf = (db: DB, hash: string): { user_id: string; expires_ms: number; revoked: number; session_id: string | null } | undefined =>
  db
    .prepare(
      "SELECT r.user_id, r.expires_ms, r.revoked, f.session_id FROM refresh_tokens r LEFT JOIN refresh_family f ON f.token_hash = r.token_hash WHERE r.token_hash = ?"
    )
    .get(hash) as { user_id: string; expires_ms: number; revoked: number; session_id: string | null } | undefined

/** A refresh token rotated out (on use). */
export const revokeRefreshToken = (db: DB, hash: string): void => {
  db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE token_hash = ?").run(hash)
}

/** The session of a refresh token, by its hash. */
export const sessionOfRefreshToken = (db: DB, hash: string): { session_id: string } | undefined =>
  db.prepare("SELECT session_id FROM refresh_family WHERE token_hash = ?").get(hash) as { session_id: string } | undefined

// ── per-client wrong attempts (issue 30 item 5) ──

/** A client's wrong attempts of a kind in its current window. */
export const clientAttemptsOf = (db: DB, client: string, kind: string): { failures: number; window_start_ms: number } | undefined =>
  db.prepare("SELECT failures, window_start_ms FROM client_attempts WHERE client = ? AND kind = ?").get(client, kind) as
    { failures: number; window_start_ms: number } | undefined

/** One more wrong attempt of a kind for a client at `nowMs`: a window older than `windowMs` starts a fresh count. */
export const countClientFailure = (db: DB, client: string, kind: string, nowMs: number, windowMs: number): void => {
  db.prepare(
    `INSERT INTO client_attempts (client, kind, failures, window_start_ms) VALUES (?, ?, 1, ?) ON CONFLICT(client, kind) DO UPDATE SET
         failures = CASE WHEN window_start_ms + ? <= excluded.window_start_ms THEN 1 ELSE failures + 1 END,
         window_start_ms = CASE WHEN window_start_ms + ? <= excluded.window_start_ms THEN excluded.window_start_ms ELSE window_start_ms END`
  ).run(client, kind, nowMs, windowMs, windowMs)
}

// ── e-mailed codes ──

export interface CodeRow {
  id: string
  kind: string
  user_id: string | null
  email: string | null
  code: string
  purpose: string | null
  attempts: number
  state: string
  expires_ms: number
}

/** The most wrong attempts spent on the open codes of a kind sent to an address, live at `nowMs`. */
export const spentOnOpenCodes = (db: DB, kind: string, email: string, nowMs: number): number =>
  (
    db
      .prepare("SELECT coalesce(max(attempts), 0) AS n FROM codes WHERE kind = ? AND email = ? AND state = 'open' AND expires_ms > ?")
      .get(kind, email, nowMs) as {
      n: number
    }
  ).n

/** A new open code, created at `createdMs`. */
export const insertCode = (db: DB, row: CodeRow, createdMs: number): void => {
  db.prepare(
    "INSERT INTO codes (id, kind, user_id, email, code, purpose, attempts, state, expires_ms, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)"
  ).run(row.id, row.kind, row.user_id, row.email, row.code, row.purpose, row.attempts, row.expires_ms, createdMs)
}

/** A wrong code counted on it and on every open code of its kind for its address live at `nowMs`. */
export const countCodeFailure = (db: DB, row: CodeRow, nowMs: number): void => {
  db.prepare("UPDATE codes SET attempts = attempts + 1 WHERE id = ? OR (kind = ? AND email = ? AND state = 'open' AND expires_ms > ?)").run(
    row.id,
    row.kind,
    row.email,
    nowMs
  )
}

export const markCodeUsed = (db: DB, id: string): void => {
  db.prepare("UPDATE codes SET state = 'used' WHERE id = ?").run(id)
}

export const declineCode = (db: DB, id: string): void => {
  db.prepare("UPDATE codes SET state = 'declined' WHERE id = ?").run(id)
}

export const codeById = (db: DB, id: string, kind: string): CodeRow | undefined =>
  db.prepare("SELECT * FROM codes WHERE id = ? AND kind = ?").get(id, kind) as CodeRow | undefined

/** A code sent again: a new one, a new expiry, the attempts kept. */
export const resendCode = (db: DB, id: string, code: string, expiresMs: number): void => {
  db.prepare("UPDATE codes SET code = ?, expires_ms = ? WHERE id = ?").run(code, expiresMs, id)
}

// ── temporary tokens and their wrong attempts ──

/** A user's temporary token, replacing any equal one; the user's count of wrong ones starts again. */
export const insertTemporaryToken = (db: DB, token: string, userId: string, expiresMs: number): void => {
  db.prepare("DELETE FROM temp_token_attempts WHERE user_id = ?").run(userId)
  db.prepare("INSERT OR REPLACE INTO short_tokens (token, kind, user_id, expires_ms, used) VALUES (?, 'temp', ?, ?, 0)").run(token, userId, expiresMs)
}

/** A user's wrong temporary tokens in a row. */
export const temporaryTokenFailures = (db: DB, userId: string): number =>
  (db.prepare("SELECT failures FROM temp_token_attempts WHERE user_id = ?").get(userId) as { failures: number } | undefined)?.failures ?? 0

export const temporaryTokenOf = (db: DB, userId: string, token: string): { expires_ms: number; used: number } | undefined =>
  db.prepare("SELECT expires_ms, used FROM short_tokens WHERE kind = 'temp' AND user_id = ? AND token = ?").get(userId, token) as
    { expires_ms: number; used: number } | undefined

export const setTemporaryTokenFailures = (db: DB, userId: string, failures: number): void => {
  db.prepare("INSERT INTO temp_token_attempts (user_id, failures) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET failures = excluded.failures").run(
    userId,
    failures
  )
}

/** Every temporary token of a user voided. */
export const voidTemporaryTokens = (db: DB, userId: string): void => {
  db.prepare("UPDATE short_tokens SET used = 1 WHERE kind = 'temp' AND user_id = ?").run(userId)
}

/** A temporary token spent; the user's count of wrong ones forgotten. */
export const spendTemporaryTokenRow = (db: DB, userId: string, token: string): void => {
  db.prepare("UPDATE short_tokens SET used = 1 WHERE kind = 'temp' AND user_id = ? AND token = ?").run(userId, token)
  db.prepare("DELETE FROM temp_token_attempts WHERE user_id = ?").run(userId)
}

// ── PIN attempts and PIN tokens ──

/** A user's wrong PINs in a row and the lock's end (real time; 0 without a lock). */
export const pinAttemptsOf = (db: DB, userId: string): { failures: number; locked_until_ms: number } | undefined =>
  db.prepare("SELECT failures, locked_until_ms FROM pin_attempts WHERE user_id = ?").get(userId) as { failures: number; locked_until_ms: number } | undefined

/** A user's failed PIN attempts forgotten (and any lock with them). */
export const clearPinAttempts = (db: DB, userId: string): void => {
  db.prepare("DELETE FROM pin_attempts WHERE user_id = ?").run(userId)
}

export const setPinAttempts = (db: DB, userId: string, failures: number, lockedUntilMs: number): void => {
  db.prepare(
    "INSERT INTO pin_attempts (user_id, failures, locked_until_ms) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET failures = excluded.failures, locked_until_ms = excluded.locked_until_ms"
  ).run(userId, failures, lockedUntilMs)
}

/** A PIN token, bound to one command when `binding` names its id or hash (D-pin-binding). */
export const insertPinToken = (
  db: DB,
  token: string,
  userId: string,
  expiresMs: number,
  binding: { command_id: string | null; payload_hash: string | null } | null
): void => {
  db.prepare("INSERT INTO short_tokens (token, kind, user_id, expires_ms, used) VALUES (?, 'pin', ?, ?, 0)").run(token, userId, expiresMs)
  if (binding !== null)
    db.prepare("INSERT INTO pin_token_bindings (token, command_id, payload_hash) VALUES (?, ?, ?)").run(token, binding.command_id, binding.payload_hash)
}

/** Short tokens expired before `beforeMs` dropped, PIN tokens' bindings first. */
export const dropExpiredShortTokens = (db: DB, beforeMs: number): void => {
  db.prepare("DELETE FROM pin_token_bindings WHERE token IN (SELECT token FROM short_tokens WHERE kind = 'pin' AND expires_ms < ?)").run(beforeMs)
  db.prepare("DELETE FROM short_tokens WHERE expires_ms < ?").run(beforeMs)
}

// ── sign-in attempts (D-signin-lock) ──

/** An address's wrong passwords, its next allowed try and its lock's end (real time). */
export const signinAttemptsOf = (db: DB, email: string): { failures: number; next_try_ms: number; locked_until_ms: number } | undefined =>
  db.prepare("SELECT failures, next_try_ms, locked_until_ms FROM signin_attempts WHERE email = ?").get(email) as
    { failures: number; next_try_ms: number; locked_until_ms: number } | undefined

/** An address's wrong passwords and its lock's end (real time). */
export const signinFailuresOf = (db: DB, email: string): { failures: number; locked_until_ms: number } | undefined =>
  db.prepare("SELECT failures, locked_until_ms FROM signin_attempts WHERE email = ?").get(email) as { failures: number; locked_until_ms: number } | undefined

export const setSigninAttempts = (db: DB, email: string, failures: number, nextTryMs: number, lockedUntilMs: number): void => {
  db.prepare(
    "INSERT INTO signin_attempts (email, failures, next_try_ms, locked_until_ms) VALUES (?, ?, ?, ?) ON CONFLICT(email) DO UPDATE SET failures = excluded.failures, next_try_ms = excluded.next_try_ms, locked_until_ms = excluded.locked_until_ms"
  ).run(email, failures, nextTryMs, lockedUntilMs)
}

/** An address's wrong passwords forgotten (and any lock with them). */
export const clearSigninAttempts = (db: DB, email: string): void => {
  db.prepare("DELETE FROM signin_attempts WHERE email = ?").run(email)
}

// ── QR-code sessions ──

export interface QrSessionRow {
  token: string
  expires_ms: number
  activated_by: string | null
  used: number
}

export const qrSessionOf = (db: DB, token: string): QrSessionRow | undefined =>
  db.prepare("SELECT * FROM qr_sessions WHERE token = ?").get(token) as QrSessionRow | undefined

export const insertQrSession = (db: DB, token: string, expiresMs: number): void => {
  db.prepare("INSERT INTO qr_sessions (token, expires_ms, activated_by, used) VALUES (?, ?, NULL, 0)").run(token, expiresMs)
}

export const useQrSession = (db: DB, token: string): void => {
  db.prepare("UPDATE qr_sessions SET used = 1 WHERE token = ?").run(token)
}

export const activateQrSession = (db: DB, token: string, userId: string): void => {
  db.prepare("UPDATE qr_sessions SET activated_by = ? WHERE token = ?").run(userId, token)
}

// ── users ──

export const setPasswordHash = (db: DB, userId: string | null, hash: string, at: string): void => {
  db.prepare("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?").run(hash, at, userId)
}

export const isPhoneTaken = (db: DB, phone: string): boolean => db.prepare("SELECT 1 FROM users WHERE phone_number = ?").get(phone) !== undefined

export const isDocumentTaken = (db: DB, document: string): boolean => db.prepare("SELECT 1 FROM users WHERE document = ?").get(document) !== undefined

/** A user made by a confirmed sign-up: blue server, no PIN, onboarding pending. */
export const insertSignedUpUser = (
  db: DB,
  u: Pick<UserRow, "id" | "email" | "password_hash" | "name" | "full_name" | "phone_number" | "type" | "document" | "onboarding_json">,
  at: string
): void => {
  db.prepare(
    `INSERT INTO users (id, email, password_hash, name, full_name, phone_number, type, document, server_type, referral_link, pin_hash,
       onboarding_status, onboarding_json, address_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'blue', NULL, NULL, 'pending', ?, NULL, ?, ?)`
  ).run(u.id, u.email, u.password_hash, u.name, u.full_name, u.phone_number, u.type, u.document, u.onboarding_json, at, at)
}

// ── sign-ups ──

export interface SignupRow {
  id: string
  name: string
  email: string
  phone_number: string
  state: string
  code: string
  code_expires_ms: number
  attempts: number
  user_id: string | null
}

export const signupById = (db: DB, id: string): SignupRow | undefined => db.prepare("SELECT * FROM signups WHERE id = ?").get(id) as SignupRow | undefined

/** A new sign-up, its code not sent yet. */
export const insertSignup = (db: DB, id: string, name: string, email: string, phone: string, at: string): void => {
  db.prepare(
    "INSERT INTO signups (id, name, email, phone_number, state, code, code_expires_ms, attempts, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'code_sent', '', 0, 0, NULL, ?, ?)"
  ).run(id, name, email, phone, at, at)
}

/** A sign-up's code, new, with its expiry (the attempts kept). */
export const setSignupCode = (db: DB, id: string, code: string, expiresMs: number): void => {
  db.prepare("UPDATE signups SET code = ?, code_expires_ms = ? WHERE id = ?").run(code, expiresMs, id)
}

export const updateSignup = (db: DB, id: string, name: string, phone: string, at: string): void => {
  db.prepare("UPDATE signups SET name = ?, phone_number = ?, updated_at = ? WHERE id = ?").run(name, phone, at, id)
}

/** A wrong sign-up code counted. */
export const countSignupFailure = (db: DB, id: string): void => {
  db.prepare("UPDATE signups SET attempts = attempts + 1 WHERE id = ?").run(id)
}

export const confirmSignup = (db: DB, id: string, userId: string, at: string): void => {
  db.prepare("UPDATE signups SET state = 'confirmed', user_id = ?, updated_at = ? WHERE id = ?").run(userId, at, id)
}
