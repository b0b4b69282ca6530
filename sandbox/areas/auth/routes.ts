/**
 * Authentication and sign-up calls (spec core §4 session, §7 "Authentication" and "Sign-up",
 * §9 constants): e-mail + password → a 6-digit login code printed on the console (the sandbox's
 * e-mail; a fixed code is accepted when configured), tokens, refresh rotation, password change
 * and recovery, QR-code session (300 s), one-time codes → temporary tokens, PIN verification →
 * pin_token (120 s) with a lock after 5 wrong PINs in a row (429 ATTEMPTS_EXCEEDED).
 * Sessions (issue 30 item 4, docs/decisions.md D-sessions): each sign-in is a session — one refresh-token family whose
 * access tokens carry its id — revoked by logout, by a password change (the others) or reset (all) and by a reused
 * refresh token (the whole family). Throttles (item 5): per account and per client, for passwords, codes and PINs; a
 * sign-in lock the owner lifts with an e-mailed code.
 */
import type { Context, Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bearerClaims, bind, Reply, sessionLive, type Req } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { userByEmail, type UserRow } from "../../repo.ts"
import { hashSecret, numericCode, opaqueToken, sha256, signAccessToken, verifySecret } from "../../tokens.ts"
import { isValidCnpj, isValidCpf, phoneDigits } from "../../../schema/validation.ts"
import type { EndpointId } from "../../../schema/api.ts"
import { createOwnWallet } from "../wallets/routes.ts"
import {
  activateQrSession,
  clearPinAttempts,
  clearSigninAttempts,
  clientAttemptsOf,
  codeById as codeRowById,
  confirmSignup,
  countClientFailure,
  countCodeFailure,
  countSignupFailure,
  declineCode,
  dropExpiredShortTokens,
  insertCode,
  insertPinToken,
  insertQrSession,
  insertRefreshToken,
  insertSession,
  insertSignedUpUser,
  insertSignup,
  insertTemporaryToken,
  isDocumentTaken,
  isPhoneTaken,
  liveSessionIdsOf,
  markCodeUsed,
  pinAttemptsOf,
  qrSessionOf,
  refreshTokenOf,
  resendCode,
  revokeFamilylessTokens,
  revokeRefreshToken,
  revokeSessionRows,
  sessionOfRefreshToken,
  setPasswordHash,
  setPinAttempts,
  setSigninAttempts,
  setSignupCode,
  setTemporaryTokenFailures,
  signinAttemptsOf,
  signinFailuresOf,
  signupById,
  spendTemporaryTokenRow,
  spentOnOpenCodes,
  temporaryTokenFailures,
  temporaryTokenOf,
  updateSignup,
  useQrSession,
  voidTemporaryTokens,
  type CodeRow,
  type SignupRow
} from "./db.ts"

const CODE_TTL_MS = 5 * 60_000 // core §5 temporary token / codes: 5 minutes (our choice for codes)
const QR_TTL_MS = 300_000 // core §9 session QR code expiry 300 seconds
const PIN_TOKEN_TTL_S = 120
const REFRESH_TTL_MS = 12 * 3_600_000
const MAX_CODE_ATTEMPTS = 5
const MAX_PIN_FAILURES = 5
const MAX_SIGNIN_FAILURES = 5
const OK = { data: { ok: true } } as const

/** A new session (refresh-token family) of a user: a sign-in (issue 30 item 4). */
const newSession = (ctx: Ctx, userId: string): string => {
  const id = randomUUID()
  insertSession(ctx.db, id, userId, ctx.clock.real())
  return id
}

/** Tokens of a session: a new one at sign-in, the same one at a refresh (the family); the access token carries its id (`sid`). */
export const issueTokens = (
  ctx: Ctx,
  userId: string,
  sessionId: string = newSession(ctx, userId)
): { access_token: string; refresh_token: string; expires_in: number } => {
  const access = signAccessToken(ctx.secret, userId, ctx.clock.real(), ctx.cfg.accessTokenTtlS, sessionId)
  const refresh = opaqueToken()
  const hash = sha256(refresh)
  insertRefreshToken(ctx.db, hash, userId, ctx.clock.real() + REFRESH_TTL_MS, sessionId)
  return { access_token: access, refresh_token: refresh, expires_in: ctx.cfg.accessTokenTtlS }
}

/**
 * Revokes a session (issue 30 item 4): every refresh token of its family, and so every access token carrying its id
 * (sandbox/http.ts `authenticate` refuses them from the next call); its open live streams are closed.
 */
export const revokeSession = (ctx: Ctx, sessionId: string, reason: string): void => {
  revokeSessionRows(ctx.db, sessionId, ctx.clock.real(), reason)
  for (const conn of [...ctx.sse]) if (conn.sessionId === sessionId) conn.close()
}

/** Revokes every live session of a user but `keep` (the caller's own at a password change; none at a reset). */
export const revokeUserSessions = (ctx: Ctx, userId: string, keep: string | null, reason: string): number => {
  let n = 0
  for (const id of liveSessionIdsOf(ctx.db, userId))
    if (id !== keep) {
      revokeSession(ctx, id, reason)
      n++
    }
  // refresh tokens from before sessions existed belong to no family: they go too
  revokeFamilylessTokens(ctx.db, userId)
  return n
}

/** What a per-client limit counts (issue 30 item 5): wrong passwords, wrong codes (e-mailed codes, temporary tokens), wrong PINs. */
export type AttemptKind = "password" | "code" | "pin"

/** The client of a request: the address it connects from (a sandbox trusts no forwarding header). */
const clientOf = (c: Context): string =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? "unknown"

/**
 * Per-client limit (issue 30 item 5, D-sessions): a client that sent `clientAttemptLimit` wrong ones of a kind within
 * `clientWindowS` — across every account, so password spraying is bounded — is refused that kind (429
 * REQUEST_LIMIT_REACHED, Retry-After) until the window ends, the secret not even checked.
 */
export const clientGate = <K extends EndpointId>(req: Req<K>, kind: AttemptKind): void => {
  const { ctx } = req
  const now = ctx.clock.real()
  const row = clientAttemptsOf(ctx.db, clientOf(req.c), kind)
  const end = (row?.window_start_ms ?? 0) + ctx.cfg.clientWindowS * 1000
  if (row !== undefined && end > now && row.failures >= ctx.cfg.clientAttemptLimit)
    throw new ApiError(429, "REQUEST_LIMIT_REACHED", `too many wrong ${kind} attempts from this client`, undefined, Math.ceil((end - now) / 1000))
}
/** Counts a wrong one of a kind for the request's client (kept after the request's own error rolls back). */
export const clientFailed = <K extends EndpointId>(req: Req<K>, kind: AttemptKind): void => {
  const { ctx } = req
  const client = clientOf(req.c)
  const now = ctx.clock.real()
  const windowMs = ctx.cfg.clientWindowS * 1000
  req.after(() => countClientFailure(ctx.db, client, kind, now, windowMs))
}

/**
 * Sends a code "by e-mail": prints it and remembers it for the admin codes endpoint — under the address (the last one
 * sent) and, given its id, under `code:<id>` (that code exactly: devices of one user signing in at once each read their
 * own, which matters now that the codes sent to an address share one count of wrong attempts, D-sessions).
 */
const sendCode = (ctx: Ctx, label: string, email: string, code: string, id?: string): void => {
  ctx.codes.set(email.toLowerCase(), code)
  if (id !== undefined) ctx.codes.set(`code:${id}`, code)
  ctx.say(`[sandbox] ${label} for ${email}: ${code}`)
}

/**
 * The wrong attempts already spent on the live codes of a kind sent to an address (issue 30 item 5): the codes of a kind
 * open for one address share one count (a wrong code counts on each of them) and a new code starts from it, so asking
 * again (signing in again with the right password, a new one-time code, a new recovery or unlock code) is no new set of
 * guesses, while two devices signing in at once each keep a working code; at the limit a new code is refused until
 * those codes expire (429 ATTEMPTS_EXCEEDED).
 */
const spentOnCodes = (ctx: Ctx, kind: string, email: string): number => spentOnOpenCodes(ctx.db, kind, email.trim().toLowerCase(), ctx.clock.real())
const checkCodeBudget = (ctx: Ctx, kind: string, email: string): void => {
  if (spentOnCodes(ctx, kind, email) >= MAX_CODE_ATTEMPTS)
    throw new ApiError(429, "ATTEMPTS_EXCEEDED", "ask again once the codes already sent expire", undefined, Math.ceil(CODE_TTL_MS / 1000))
}

const newCode = (ctx: Ctx, kind: string, user: { id: string | null; email: string }, purpose: string | null, label: string): CodeRow => {
  const email = user.email.trim().toLowerCase()
  const spent = spentOnCodes(ctx, kind, email) // issue 30 item 5: the count of the address's open codes of this kind
  const row: CodeRow = {
    id: randomUUID(),
    kind,
    user_id: user.id,
    email,
    code: numericCode(6),
    purpose,
    attempts: spent,
    state: "open",
    expires_ms: ctx.clock.real() + CODE_TTL_MS
  }
  insertCode(ctx.db, row, ctx.clock.real())
  if (user.id !== null) sendCode(ctx, label, user.email, row.code, row.id)
  return row
}

/**
 * Whether a typed code is the one sent. The sandbox's fixed code (off unless started with `--fixed-code`) stands in
 * only where a flow says `fixed: true` — signing in and signing up; never for a password reset or a temporary token,
 * which stands in for the PIN (issue 30, D-sandbox-trust).
 */
const codeMatches = (ctx: Ctx, expected: string, given: string, fixed: boolean): boolean =>
  given === expected || (fixed && ctx.cfg.fixedCode !== null && given === ctx.cfg.fixedCode)

/** Checks a code row; a wrong code counts an attempt that survives the error (core §8 incorrect code, attempts exceeded). */
const useCode = <K extends EndpointId>(req: Req<K>, row: CodeRow | undefined, given: string, fixed: boolean): CodeRow => {
  const { ctx } = req
  if (row === undefined || row.state !== "open") throw new ApiError(422, "INCORRECT_CODE", "unknown or used code")
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw new ApiError(429, "ATTEMPTS_EXCEEDED", undefined, undefined, Math.ceil(CODE_TTL_MS / 1000))
  if (row.expires_ms <= ctx.clock.real()) throw new ApiError(422, "INCORRECT_CODE", "code expired")
  clientGate(req, "code")
  if (!codeMatches(ctx, row.code, given.trim(), fixed) || row.user_id === null) {
    // issue 30 item 5: counted on every open code of this kind for the address (one count, however many were sent)
    const now = ctx.clock.real()
    req.after(() => countCodeFailure(ctx.db, row, now))
    clientFailed(req, "code")
    if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) throw new ApiError(429, "ATTEMPTS_EXCEEDED", undefined, undefined, Math.ceil(CODE_TTL_MS / 1000))
    throw new ApiError(422, "INCORRECT_CODE")
  }
  markCodeUsed(ctx.db, row.id)
  return row
}

const codeById = (ctx: Ctx, id: string, kind: string): CodeRow | undefined => codeRowById(ctx.db, id, kind)

/** A 6-digit temporary token (core §5, features §5), valid 5 minutes, single use; a new one starts a fresh count of wrong ones. */
const issueTemporaryToken = (ctx: Ctx, userId: string): string => {
  const token = numericCode(6)
  insertTemporaryToken(ctx.db, token, userId, ctx.clock.real() + CODE_TTL_MS)
  return token
}

/**
 * Spends a temporary token of the user, or refuses it: 422 INCORRECT_CODE for a wrong one, counted (the count survives
 * the error); the fifth wrong one in a row voids the user's open temporary tokens and answers 429 ATTEMPTS_EXCEEDED, as
 * does every try until a new token is issued from an e-mailed code (issue 30 "wrong temporary tokens are never limited").
 */
export const spendTemporaryToken = <K extends EndpointId>(req: Req<K>, userId: string, token: string): void => {
  const { ctx } = req
  const failures = temporaryTokenFailures(ctx.db, userId)
  if (failures >= MAX_CODE_ATTEMPTS) throw new ApiError(429, "ATTEMPTS_EXCEEDED", "ask for a new code", undefined, Math.ceil(CODE_TTL_MS / 1000))
  clientGate(req, "code")
  const row = temporaryTokenOf(ctx.db, userId, token)
  if (row === undefined || row.used === 1 || row.expires_ms <= ctx.clock.real()) {
    clientFailed(req, "code")
    const now = failures + 1
    req.after(() => {
      setTemporaryTokenFailures(ctx.db, userId, now)
      if (now >= MAX_CODE_ATTEMPTS) voidTemporaryTokens(ctx.db, userId)
    })
    if (now >= MAX_CODE_ATTEMPTS) throw new ApiError(429, "ATTEMPTS_EXCEEDED", "ask for a new code", undefined, Math.ceil(CODE_TTL_MS / 1000))
    throw new ApiError(422, "INCORRECT_CODE", `${MAX_CODE_ATTEMPTS - now} attempts left`)
  }
  spendTemporaryTokenRow(ctx.db, userId, token)
}

/** A locked PIN (5 wrong in a row) refuses every way to a PIN token until the lock runs out (429 ATTEMPTS_EXCEEDED, Retry-After). */
export const checkPinLock = (ctx: Ctx, userId: string): { failures: number; locked_until_ms: number } | undefined => {
  const now = ctx.clock.real()
  const row = pinAttemptsOf(ctx.db, userId)
  if (row !== undefined && row.locked_until_ms > now) {
    throw new ApiError(429, "ATTEMPTS_EXCEEDED", undefined, undefined, Math.ceil((row.locked_until_ms - now) / 1000))
  }
  return row
}

/**
 * PIN check with the lock of 5 wrong PINs in a row (our reading of core §8 "number of attempts
 * exceeded"): attempts 1–4 answer 422 INCORRECT_PIN, the 5th and every try during the lock 429
 * ATTEMPTS_EXCEEDED with Retry-After. A right PIN resets the count.
 */
export const checkPin = <K extends EndpointId>(req: Req<K>, user: UserRow, pin: string): void => {
  const { ctx } = req
  const now = ctx.clock.real()
  const row = checkPinLock(ctx, user.id)
  if (user.pin_hash === null) throw new ApiError(422, "PIN_REQUIRED", "create a PIN first")
  clientGate(req, "pin") // issue 30 item 5: per client too, across accounts
  if (verifySecret(pin, user.pin_hash)) {
    clearPinAttempts(ctx.db, user.id)
    return
  }
  clientFailed(req, "pin")
  // a lock that ran out starts a fresh count
  const previous = row === undefined || (row.locked_until_ms !== 0 && row.locked_until_ms <= now) ? 0 : row.failures
  const failures = previous + 1
  const locked = failures >= MAX_PIN_FAILURES
  req.after(() => setPinAttempts(ctx.db, user.id, locked ? 0 : failures, locked ? now + ctx.cfg.pinLockS * 1000 : 0))
  if (locked) throw new ApiError(429, "ATTEMPTS_EXCEEDED", undefined, undefined, ctx.cfg.pinLockS)
  throw new ApiError(422, "INCORRECT_PIN", `${MAX_PIN_FAILURES - failures} attempts left`)
}

/**
 * Sign-in throttle (core §8 "number of attempts exceeded"; docs/decisions.md D-signin-lock): per
 * e-mail, known or not (no account enumeration). Wrong passwords 1–2 answer 422; after the 3rd and
 * the 4th the next try must wait `signinDelayS` × 1, × 2 (an earlier one is 429 SIGNIN_SLOW_DOWN,
 * the password not even checked); the 5th locks the e-mail for `signinLockS` (429 SIGNIN_LOCKED,
 * also for the right password). A right password outside a lock clears the count.
 */
const throttleSignin = <K extends EndpointId>(req: Req<K>, email: string): void => {
  const { ctx } = req
  const now = ctx.clock.real()
  const row = signinAttemptsOf(ctx.db, email)
  if (row === undefined) return
  if (row.locked_until_ms > now) throw new ApiError(429, "SIGNIN_LOCKED", undefined, undefined, Math.ceil((row.locked_until_ms - now) / 1000))
  if (row.next_try_ms > now) throw new ApiError(429, "SIGNIN_SLOW_DOWN", undefined, undefined, Math.ceil((row.next_try_ms - now) / 1000))
}
function signinFailed<K extends EndpointId>(req: Req<K>, email: string, key: "INVALID_CREDENTIALS" | "INCORRECT_PASSWORD" = "INVALID_CREDENTIALS"): never {
  const { ctx } = req
  const now = ctx.clock.real()
  const row = signinFailuresOf(ctx.db, email)
  // a lock that ran out starts a fresh count
  const failures = (row === undefined || (row.locked_until_ms !== 0 && row.locked_until_ms <= now) ? 0 : row.failures) + 1
  const locked = failures >= MAX_SIGNIN_FAILURES
  const wait = failures >= 3 && !locked ? ctx.cfg.signinDelayS * 1000 * (failures - 2) : 0
  req.after(() => setSigninAttempts(ctx.db, email, locked ? 0 : failures, now + wait, locked ? now + ctx.cfg.signinLockS * 1000 : 0))
  if (locked) throw new ApiError(429, "SIGNIN_LOCKED", undefined, undefined, ctx.cfg.signinLockS)
  throw new ApiError(422, key, `${MAX_SIGNIN_FAILURES - failures} attempts left`)
}

const RECAPTCHA_OK = "sandbox-recaptcha-ok"

export const registerAuthRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "signin", (req) => {
    // issue 30: an address longer than an e-mail can be (RFC 5321: 254) is refused before it is looked up or counted,
    // so the throttle table never stores it; an over-long password is never hashed either (the body's Schema, D-rules-on-contract)
    const email = req.body.email.trim().toLowerCase()
    clientGate(req, "password") // issue 30 item 5: a client spraying passwords over many accounts is stopped too
    throttleSignin(req, email)
    const user = userByEmail(db, req.body.email)
    if (user === undefined || !verifySecret(req.body.password, user.password_hash)) {
      clientFailed(req, "password")
      signinFailed(req, email)
    }
    clearSigninAttempts(db, email)
    checkCodeBudget(ctx, "signin", email) // issue 30 item 5: a right password mints no fresh set of five guesses
    const row = newCode(ctx, "signin", user, "signin", "login code")
    return { data: { otp_id: row.id, expires_in: CODE_TTL_MS / 1000, channel: "email" as const } }
  })

  bind(app, ctx, "sessionSignin", (req) => {
    const b = req.body
    if ("session_token" in b) {
      const s = qrSessionOf(db, b.session_token)
      if (s === undefined || s.used === 1 || s.expires_ms <= ctx.clock.real()) throw new ApiError(422, "QR_SESSION_EXPIRED")
      if (s.activated_by === null) throw new ApiError(422, "QR_SESSION_PENDING")
      useQrSession(db, s.token)
      return { data: issueTokens(ctx, s.activated_by) }
    }
    const row = useCode(req, codeById(ctx, b.otp_id, "signin"), b.code, true)
    if (row.user_id === null) throw new ApiError(422, "USER_ID_NOT_FOUND")
    return { data: issueTokens(ctx, row.user_id) }
  })

  bind(app, ctx, "refreshToken", (req) => {
    const h = sha256(req.body.refresh_token)
    const row = refreshTokenOf(db, h)
    if (row === undefined || row.session_id === null) throw new ApiError(401, "NOT_AUTHORIZED", "refresh token invalid")
    const sessionId = row.session_id
    if (row.revoked === 1) {
      // issue 30 item 4: a rotated-out token shown again means two holders; the whole family is revoked (kept after the 401)
      req.after(() => revokeSession(ctx, sessionId, "refresh-reuse"))
      throw new ApiError(401, "NOT_AUTHORIZED", "refresh token already used: session revoked")
    }
    if (row.expires_ms <= ctx.clock.real() || !sessionLive(ctx, sessionId, row.user_id)) throw new ApiError(401, "NOT_AUTHORIZED", "refresh token invalid")
    revokeRefreshToken(db, h) // rotated on use
    return { data: issueTokens(ctx, row.user_id, sessionId) }
  })

  // Logout (issue 30 item 4): the refresh token (or a live bearer token) names the session; its whole family is revoked.
  bind(app, ctx, "logout", (req) => {
    const fam = sessionOfRefreshToken(db, sha256(req.body.refresh_token))
    const bearer = bearerClaims(ctx, req.c)
    if (fam === undefined && bearer?.sid === undefined) throw new ApiError(401, "NOT_AUTHORIZED", "no session named")
    if (fam !== undefined) revokeSession(ctx, fam.session_id, "logout")
    if (bearer?.sid !== undefined) revokeSession(ctx, bearer.sid, "logout")
    return OK
  })

  bind(app, ctx, "changePassword", (req) => {
    // issue 30 item 5: a password guess is one whichever door it comes through — the sign-in's throttle and the client's limit
    const email = req.user.email.trim().toLowerCase()
    clientGate(req, "password")
    throttleSignin(req, email)
    if (!verifySecret(req.body.current_password, req.user.password_hash)) {
      clientFailed(req, "password")
      signinFailed(req, email, "INCORRECT_PASSWORD")
    }
    setPasswordHash(db, req.user.id, hashSecret(req.body.new_password), ctx.clock.nowIso())
    clearSigninAttempts(db, email)
    // issue 30 item 4: every other session ends (their next call is refused); the one that changed it goes on
    revokeUserSessions(ctx, req.user.id, bearerClaims(ctx, req.c)?.sid ?? null, "password-changed")
    return OK
  })

  // Password recovery (core §2 /auth/forgot-password/{id}, §7): always answers an id, so e-mails cannot be probed.
  bind(app, ctx, "forgotPassword", (req) => {
    checkCodeBudget(ctx, "forgot", req.body.email)
    const user = userByEmail(db, req.body.email)
    const row = newCode(ctx, "forgot", { id: user?.id ?? null, email: req.body.email }, "forgot-password", "password recovery code")
    return { data: { id: row.id } }
  })
  bind(app, ctx, "forgotPasswordUpdate", (req) => {
    const row = codeById(ctx, req.params["id"] ?? "", "forgot")
    if (row === undefined) throw new ApiError(404, "NOT_FOUND")
    const used = useCode(req, row, req.body.code, false) // never the fixed code: it would let anyone reset a password
    setPasswordHash(db, used.user_id, hashSecret(req.body.new_password), ctx.clock.nowIso())
    // issue 30 item 4: a reset ends every session; the e-mailed code proved the owner, so a sign-in lock on the address goes too
    if (used.user_id !== null) revokeUserSessions(ctx, used.user_id, null, "password-reset")
    if (used.email !== null) clearSigninAttempts(db, used.email)
    return OK
  })
  bind(app, ctx, "forgotPasswordDecline", (req) => {
    const row = codeById(ctx, req.params["id"] ?? "", "forgot")
    if (row === undefined) throw new ApiError(404, "NOT_FOUND")
    declineCode(db, row.id)
    return OK
  })

  // Sign-in unlock (issue 30 item 5, D-sessions): the same answer for any address; a code is e-mailed only to an account's
  // owner, and only that code lifts the lock (never the fixed code). Its wrong attempts are counted like every code's.
  bind(app, ctx, "signinUnlock", (req) => {
    const email = req.body.email.trim().toLowerCase()
    checkCodeBudget(ctx, "unlock", email)
    const user = userByEmail(db, email)
    const row = newCode(ctx, "unlock", { id: user?.id ?? null, email }, "signin-unlock", "sign-in unlock code")
    return { data: { id: row.id, expires_in: CODE_TTL_MS / 1000 } }
  })
  bind(app, ctx, "signinUnlockConfirm", (req) => {
    const row = codeById(ctx, req.params["id"] ?? "", "unlock")
    if (row === undefined) throw new ApiError(404, "NOT_FOUND")
    const used = useCode(req, row, req.body.code, false)
    if (used.email !== null) clearSigninAttempts(db, used.email)
    return OK
  })

  // QR-code session (core §7 /auth/session/token and /activate; payloads "not shown": ours)
  bind(app, ctx, "qrSessionToken", () => {
    const token = opaqueToken(24)
    insertQrSession(db, token, ctx.clock.real() + QR_TTL_MS)
    return { data: { session_token: token, qr_payload: `sandbox-session:${token}`, expires_in: QR_TTL_MS / 1000 } }
  })
  bind(app, ctx, "qrSessionActivate", (req) => {
    const s = qrSessionOf(db, req.body.session_token)
    if (s === undefined) throw new ApiError(404, "NOT_FOUND")
    if (s.used === 1 || s.activated_by !== null || s.expires_ms <= ctx.clock.real()) throw new ApiError(422, "QR_SESSION_EXPIRED")
    activateQrSession(db, s.token, req.user.id)
    return OK
  })

  // One-time codes → temporary token (core §7 /users/auth/otp…)
  const createOtp = (req: Req<"otp"> | Req<"otpCreate">) => {
    checkCodeBudget(ctx, "otp", req.user.email) // issue 30 item 5: a new one-time code is no new set of guesses
    const row = newCode(ctx, "otp", req.user, req.body.purpose, `one-time code (${req.body.purpose})`)
    return { data: { otp_id: row.id, expires_in: CODE_TTL_MS / 1000 } }
  }
  bind(app, ctx, "otp", createOtp)
  bind(app, ctx, "otpCreate", createOtp)
  bind(app, ctx, "otpResend", (req) => {
    const row = codeById(ctx, req.params["id"] ?? "", "otp")
    if (row === undefined || row.user_id !== req.user.id) throw new ApiError(404, "NOT_FOUND")
    if (row.state !== "open") throw new ApiError(422, "UNABLE_TO_SEND_OR_VERIFY_CODE", "code already used")
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw new ApiError(429, "ATTEMPTS_EXCEEDED", undefined, undefined, Math.ceil(CODE_TTL_MS / 1000))
    const code = numericCode(6)
    // issue 30: a resend keeps the attempts already spent (a new code is no new set of guesses)
    resendCode(db, row.id, code, ctx.clock.real() + CODE_TTL_MS)
    sendCode(ctx, `one-time code (${row.purpose ?? ""})`, req.user.email, code, row.id)
    return OK
  })
  bind(app, ctx, "otpVerify", (req) => {
    const row = codeById(ctx, req.params["id"] ?? "", "otp")
    if (row === undefined || row.user_id !== req.user.id) throw new ApiError(404, "NOT_FOUND")
    useCode(req, row, req.body.code, false) // never the fixed code: a temporary token stands in for the PIN
    return { data: { temporary_token: issueTemporaryToken(ctx, req.user.id) } }
  })

  // PIN → pin_token (features §2 sensitive operations; core §5 PIN 4 digits, temporary token 6)
  bind(app, ctx, "verifyPin", (req) => {
    const b = req.body
    // issue 30 item 3 (D-pin-binding): the token may be bound to one command — its transaction-uuid and its request's hash
    // (schema/pin-binding.ts); checked and spent by sandbox/http.ts step 9. Checked before the PIN, so a bad binding costs no try.
    // the binding's id and hash, the PIN's 4 digits and the temporary token's 6: the body's Schema (D-rules-on-contract),
    // so a malformed one costs no try either
    if ("pin" in b) {
      checkPin(req, req.user, b.pin)
    } else {
      checkPinLock(ctx, req.user.id) // issue 30: the temporary-token path respects the PIN lock too
      spendTemporaryToken(req, req.user.id, b.temporary_token)
    }
    const token = opaqueToken(24)
    const bound = b.command_id !== undefined || b.payload_hash !== undefined
    insertPinToken(
      db,
      token,
      req.user.id,
      ctx.clock.real() + PIN_TOKEN_TTL_S * 1000,
      bound ? { command_id: b.command_id ?? null, payload_hash: b.payload_hash ?? null } : null
    )
    dropExpiredShortTokens(db, ctx.clock.real() - 3_600_000)
    return { data: { pin_token: token, expires_in: PIN_TOKEN_TTL_S } }
  })

  // Sign-up (core §7): reCAPTCHA must be "sandbox-recaptcha-ok" or start with "test-"
  const signupOf = (id: string): SignupRow => {
    const row = signupById(db, id)
    if (row === undefined) throw new ApiError(404, "NOT_FOUND")
    return row
  }
  const sendSignupCode = (row: { id: string; email: string }): void => {
    const code = numericCode(6)
    // issue 30 item 5: a resend keeps the attempts already spent on this sign-up
    setSignupCode(db, row.id, code, ctx.clock.real() + CODE_TTL_MS)
    sendCode(ctx, "sign-up code", row.email, code)
  }
  bind(app, ctx, "signup", (req) => {
    const b = req.body
    if (b.recaptcha_token !== RECAPTCHA_OK && !b.recaptcha_token.startsWith("test-")) throw new ApiError(422, "RECAPTCHA_ERROR")
    // the name, the e-mail and the phone: the body's Schema (D-rules-on-contract)
    const phone = phoneDigits(b.phone_number)
    if (userByEmail(db, b.email) !== undefined) throw new ApiError(422, "INCORRECT_DATA", "e-mail already registered", { email: "VALIDATION_EMAIL" })
    if (isPhoneTaken(db, phone)) throw new ApiError(422, "PHONE_ALREADY_CONFIRMED")
    const id = randomUUID()
    const at = ctx.clock.nowIso()
    insertSignup(db, id, b.name.trim(), b.email.trim().toLowerCase(), phone, at)
    sendSignupCode({ id, email: b.email })
    return new Reply(201, { data: { id, state: "code_sent" } })
  })
  bind(app, ctx, "signupPatch", (req) => {
    const row = signupOf(req.params["id"] ?? "")
    if (row.state === "confirmed") throw new ApiError(422, "INCORRECT_DATA", "sign-up already confirmed")
    const name = req.body.name?.trim() ?? row.name
    const phone = req.body.phone_number !== undefined ? phoneDigits(req.body.phone_number) : row.phone_number
    updateSignup(db, row.id, name, phone, ctx.clock.nowIso())
    return { data: { id: row.id, state: row.state } }
  })
  bind(app, ctx, "signupGet", (req) => {
    const row = signupOf(req.params["id"] ?? "")
    return { data: { id: row.id, state: row.state } }
  })
  bind(app, ctx, "signupSendCode", (req) => {
    const row = signupOf(req.params["id"] ?? "")
    if (row.state === "confirmed") throw new ApiError(422, "UNABLE_TO_SEND_OR_VERIFY_CODE", "already confirmed")
    sendSignupCode(row)
    return OK
  })
  bind(app, ctx, "signupConfirm", (req) => {
    const row = signupOf(req.params["id"] ?? "")
    if (row.state === "confirmed") throw new ApiError(422, "UNABLE_TO_SEND_OR_VERIFY_CODE", "already confirmed")
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw new ApiError(429, "ATTEMPTS_EXCEEDED", undefined, undefined, 300)
    clientGate(req, "code")
    if (row.code === "" || row.code_expires_ms <= ctx.clock.real() || !codeMatches(ctx, row.code, req.body.code.trim(), true)) {
      req.after(() => countSignupFailure(db, row.id))
      clientFailed(req, "code")
      throw new ApiError(422, "INCORRECT_CODE")
    }
    const doc = req.body.document.replace(/[.\-/\s]/g, "")
    const type = doc.length === 11 ? "NATURAL_PERSON" : "LEGAL_PERSON"
    if (!(doc.length === 11 ? isValidCpf(doc) : isValidCnpj(doc)))
      throw new ApiError(422, "INVALID_DOCUMENT", undefined, { document: "VALIDATION_VALID_DOCUMENT" })
    if (isDocumentTaken(db, doc)) throw new ApiError(422, "INVALID_DOCUMENT", "document already registered")
    if (userByEmail(db, row.email) !== undefined) throw new ApiError(422, "INCORRECT_DATA", "e-mail already registered", { email: "VALIDATION_EMAIL" })
    const id = randomUUID()
    const at = ctx.clock.nowIso()
    insertSignedUpUser(
      db,
      {
        id,
        email: row.email,
        password_hash: hashSecret(req.body.password),
        name: row.name.split(" ")[0] ?? row.name,
        full_name: row.name,
        phone_number: row.phone_number,
        type,
        document: doc,
        onboarding_json: JSON.stringify({
          full_name: row.name,
          pep: false,
          require_accept_migration_terms: false,
          needs_profile_update: false,
          review_status: "in_review"
        })
      },
      at
    )
    createOwnWallet(ctx, id, "Carteira principal", true)
    confirmSignup(db, row.id, id, at)
    return { data: { id: row.id, state: "confirmed" } }
  })
}
