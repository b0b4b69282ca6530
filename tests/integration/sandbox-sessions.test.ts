/**
 * Issue 30 items 4 and 5 against a real sandbox (docs/decisions.md "D-sessions (issue 30 items 4, 5)"):
 * sessions that can be revoked (logout, password change and reset, refresh-token reuse, the live stream without a
 * token in its URL) and throttles that cannot be turned against the user (per account and per client, a sign-in lock
 * the owner lifts with an e-mailed code, codes whose attempts survive asking again). Every refusal is checked to have
 * changed nothing it should not have.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"

const PASSWORD = "Senha@123"
const wrongOf = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, "0")
const count = (sb: Sandbox, sql: string, ...args: unknown[]): number => (sb.db.prepare(sql).get(...args) as { n: number }).n

/** Whether a session's access token still opens a call (the profile) — 200 — or is refused (401). */
const profileStatus = async (cl: SandboxClient, as: Session): Promise<number> => (await cl.raw("profile", { as })).status
const refreshStatus = async (cl: SandboxClient, refresh: string): Promise<number> => (await cl.raw("refreshToken", { body: { refresh_token: refresh } })).status

describe("issue 30 item 4: sessions can be revoked", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })

  it("issue 30 item 4 logout: POST /users/auth/logout revokes the refresh-token family — the access token, the refresh token and a successor already rotated are all refused; the user's other session goes on", async () => {
    const [a, other] = [await cl.login("ana@example.com"), await cl.login("ana@example.com")]
    const rotated = await cl.ok("refreshToken", { body: { refresh_token: a.refreshToken } })
    const a2: Session = { ...a, accessToken: rotated.data.access_token, refreshToken: rotated.data.refresh_token }
    expect(await profileStatus(cl, a2)).toBe(200)
    await cl.ok("logout", { body: { refresh_token: a2.refreshToken } })
    expect(await profileStatus(cl, a)).toBe(401) // the first access token of the family
    expect(await profileStatus(cl, a2)).toBe(401)
    expect(await refreshStatus(cl, a2.refreshToken)).toBe(401)
    expect(await profileStatus(cl, other)).toBe(200)
    // a second logout with the same token is harmless (the session is already over)
    await cl.ok("logout", { body: { refresh_token: a2.refreshToken } })
    expect(await profileStatus(cl, other)).toBe(200)
  })

  it("issue 30 item 4 logout: a refresh token that names no session (and no bearer token) is refused 401 and revokes nothing", async () => {
    const s = await cl.login("carla@example.com")
    const before = count(sb, "SELECT count(*) AS n FROM sessions WHERE revoked_ms IS NOT NULL")
    const r = await cl.err("logout", { body: { refresh_token: "not-a-token" } })
    expect([r.status, r.body.error.key]).toEqual([401, "NOT_AUTHORIZED"])
    expect(count(sb, "SELECT count(*) AS n FROM sessions WHERE revoked_ms IS NOT NULL")).toBe(before)
    expect(await profileStatus(cl, s)).toBe(200)
    expect(await refreshStatus(cl, s.refreshToken)).toBe(200)
  })

  it("issue 30 item 4 reuse: a refresh token used twice revokes its whole family — the successor it already gave and that successor's access token stop too", async () => {
    const s = await cl.login("diego@example.com")
    const other = await cl.login("diego@example.com")
    const next = await cl.ok("refreshToken", { body: { refresh_token: s.refreshToken } })
    const reused = await cl.err("refreshToken", { body: { refresh_token: s.refreshToken } })
    expect([reused.status, reused.body.error.key]).toEqual([401, "NOT_AUTHORIZED"])
    expect(await refreshStatus(cl, next.data.refresh_token)).toBe(401)
    expect(await profileStatus(cl, { ...s, accessToken: next.data.access_token })).toBe(401)
    expect(await profileStatus(cl, other)).toBe(200) // another sign-in is another family
  })

  it("issue 30 item 4 password change: every other session of the user is refused at its next call (access and refresh); the one that changed it goes on; a wrong current password changes and revokes nothing", async () => {
    const [me, laptop, phone] = [await cl.login("helena@example.com"), await cl.login("helena@example.com"), await cl.login("helena@example.com")]
    const hash = (sb.db.prepare("SELECT password_hash FROM users WHERE email = ?").get("helena@example.com") as { password_hash: string }).password_hash
    const wrong = await cl.err("changePassword", { as: me, body: { current_password: "Errada@123", new_password: "Nova@Senha1" } })
    expect([wrong.status, wrong.body.error.key]).toEqual([422, "INCORRECT_PASSWORD"])
    expect(await profileStatus(cl, laptop)).toBe(200)
    expect((sb.db.prepare("SELECT password_hash FROM users WHERE email = ?").get("helena@example.com") as { password_hash: string }).password_hash).toBe(hash)

    await cl.ok("changePassword", { as: me, body: { current_password: PASSWORD, new_password: "Nova@Senha1" } })
    expect(await profileStatus(cl, laptop)).toBe(401)
    expect(await profileStatus(cl, phone)).toBe(401)
    expect(await refreshStatus(cl, laptop.refreshToken)).toBe(401)
    expect(await profileStatus(cl, me)).toBe(200)
    expect(await refreshStatus(cl, me.refreshToken)).toBe(200)
    // back to the seed's password (other tests sign in with it)
    const again = await cl.login("helena@example.com", "Nova@Senha1")
    await cl.ok("changePassword", { as: again, body: { current_password: "Nova@Senha1", new_password: PASSWORD } })
  })

  it("issue 30 item 4 password reset: the forgotten-password flow ends every session of the user (access and refresh tokens refused)", async () => {
    const [one, two] = [await cl.login("bruno@example.com"), await cl.login("bruno@example.com")]
    const f = await cl.ok("forgotPassword", { body: { email: "bruno@example.com" } })
    const code = await cl.sentCode("bruno@example.com")
    await cl.ok("forgotPasswordUpdate", { params: { id: f.data.id }, body: { code, new_password: PASSWORD } })
    for (const s of [one, two]) {
      expect(await profileStatus(cl, s)).toBe(401)
      expect(await refreshStatus(cl, s.refreshToken)).toBe(401)
    }
    expect(await profileStatus(cl, await cl.login("bruno@example.com"))).toBe(200)
  })

  it("issue 30 item 4 stream: the live stream takes no token in its URL (401), and a stream of a session that is logged out is closed by the sandbox", async () => {
    const s = await cl.login("ana@example.com")
    const inUrl = await fetch(`${sb.url}/users/events/stream?access_token=${encodeURIComponent(s.accessToken)}`)
    expect(inUrl.status).toBe(401)
    await inUrl.body?.cancel()
    const headers: Record<string, string> = { authorization: `Bearer ${s.accessToken}` }
    if (s.serverType === "green") headers["server-type"] = "green"
    const res = await fetch(`${sb.url}/users/events/stream`, { headers })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    await reader.read() // ": connected"
    await cl.ok("logout", { body: { refresh_token: s.refreshToken } })
    let ended = false
    for (let i = 0; i < 50 && !ended; i++) ended = (await reader.read()).done
    expect(ended).toBe(true)
    const again = await fetch(`${sb.url}/users/events/stream`, { headers })
    expect(again.status).toBe(401)
    await again.body?.cancel()
  })
})

describe("issue 30 item 5: throttling that cannot be turned against the user", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    // the fixed code is on, to show it never lifts a lock
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0, fixedCode: "000000" })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const signin = (email: string, password: string) => cl.raw("signin", { body: { email, password } })
  const keyOf = (r: { json: unknown }): string => (r.json as { error: { key: string } }).error.key

  it("issue 30 item 5 lock: knowing an e-mail locks its sign-in (5 wrong passwords), but the owner lifts it with the e-mailed code — not with a wrong code, not with the fixed code — and signs in", async () => {
    const email = "carla@example.com"
    for (let i = 0; i < 5; i++) await signin(email, "Errada@123")
    const locked = await signin(email, PASSWORD)
    expect([locked.status, keyOf(locked)]).toEqual([429, "SIGNIN_LOCKED"])

    const u = await cl.ok("signinUnlock", { body: { email } })
    const code = await cl.sentCode(email)
    const wrong = await cl.err("signinUnlockConfirm", { params: { id: u.data.id }, body: { code: wrongOf(code) } })
    expect([wrong.status, wrong.body.error.key]).toEqual([422, "INCORRECT_CODE"])
    const fixed = await cl.err("signinUnlockConfirm", { params: { id: u.data.id }, body: { code: "000000" } })
    expect([fixed.status, fixed.body.error.key]).toEqual([422, "INCORRECT_CODE"])
    expect(keyOf(await signin(email, PASSWORD))).toBe("SIGNIN_LOCKED") // refused tries lifted nothing

    await cl.ok("signinUnlockConfirm", { params: { id: u.data.id }, body: { code } })
    expect((await signin(email, PASSWORD)).status).toBe(200)
    // single use: the same code does not lift a second lock
    for (let i = 0; i < 5; i++) await signin(email, "Errada@123")
    const reused = await cl.err("signinUnlockConfirm", { params: { id: u.data.id }, body: { code } })
    expect([reused.status, reused.body.error.key]).toEqual([422, "INCORRECT_CODE"])
    expect(keyOf(await signin(email, PASSWORD))).toBe("SIGNIN_LOCKED")
    // a password reset (the e-mailed code again) lifts it too
    const f = await cl.ok("forgotPassword", { body: { email } })
    await cl.ok("forgotPasswordUpdate", { params: { id: f.data.id }, body: { code: await cl.sentCode(email), new_password: PASSWORD } })
    expect((await signin(email, PASSWORD)).status).toBe(200)
  })

  it("issue 30 item 5 lock: asking to unlock an unknown address answers the same shape and e-mails nothing; its id lifts nothing", async () => {
    const before = sb.admin.ctx.codes.size
    const u = await cl.ok("signinUnlock", { body: { email: "nobody-here@example.com" } })
    expect(u.data.id).toMatch(/[0-9a-f-]{36}/)
    expect(sb.admin.ctx.codes.has("nobody-here@example.com")).toBe(false)
    expect(sb.admin.ctx.codes.size).toBe(before)
    const r = await cl.err("signinUnlockConfirm", { params: { id: u.data.id }, body: { code: "123456" } })
    expect([r.status, r.body.error.key]).toEqual([422, "INCORRECT_CODE"])
    const bad = await cl.err("signinUnlock", { body: { email: "not an e-mail" } })
    expect([bad.status, bad.body.error.key]).toEqual([422, "INCORRECT_DATA"])
  })

  it("issue 30 item 5 codes: signing in two devices at once gives each a working code (single use)", async () => {
    const email = "ana@example.com"
    const a = await cl.ok("signin", { body: { email, password: PASSWORD } })
    const codeA = await cl.sentCode(email)
    const b = await cl.ok("signin", { body: { email, password: PASSWORD } })
    const codeB = await cl.sentCode(email)
    await cl.ok("sessionSignin", { body: { otp_id: b.data.otp_id, code: codeB } })
    await cl.ok("sessionSignin", { body: { otp_id: a.data.otp_id, code: codeA } })
    const again = await cl.err("sessionSignin", { body: { otp_id: a.data.otp_id, code: codeA } })
    expect([again.status, again.body.error.key]).toEqual([422, "INCORRECT_CODE"])
    // at the same instant too (each reads its own code, as the soak's devices do)
    const both = await cl.loginAll(["helena", "helena", "helena", "helena"])
    expect(new Set(both.map((x) => x.refreshToken)).size).toBe(4)
  })

  it("issue 30 item 5 codes: signing in again with the right password mints no fresh five guesses — the codes sent to the address share one count, the 5th wrong (on any) is 429 and kills them all, and so is a new sign-in", async () => {
    const email = "diego@example.com"
    const first = await cl.ok("signin", { body: { email, password: PASSWORD } })
    const code1 = await cl.sentCode(email)
    for (let i = 0; i < 3; i++) expect((await cl.err("sessionSignin", { body: { otp_id: first.data.otp_id, code: wrongOf(code1) } })).status).toBe(422)
    const second = await cl.ok("signin", { body: { email, password: PASSWORD } })
    const code2 = await cl.sentCode(email)
    expect((await cl.err("sessionSignin", { body: { otp_id: second.data.otp_id, code: wrongOf(code2) } })).status).toBe(422)
    const fifth = await cl.err("sessionSignin", { body: { otp_id: first.data.otp_id, code: wrongOf(code1) } })
    expect([fifth.status, fifth.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    const firstDead = await cl.err("sessionSignin", { body: { otp_id: first.data.otp_id, code: code1 } })
    expect(firstDead.status).toBe(429)
    const sessions = sb.db.prepare("SELECT count(*) AS n FROM sessions").get() as { n: number }
    const third = await signin(email, PASSWORD)
    expect([third.status, keyOf(third)]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    expect(third.headers.get("retry-after")).not.toBeNull()
    const dead = await cl.err("sessionSignin", { body: { otp_id: second.data.otp_id, code: code2 } })
    expect(dead.status).toBe(429)
    expect((sb.db.prepare("SELECT count(*) AS n FROM sessions").get() as { n: number }).n).toBe(sessions.n) // no session was made
  })

  it("issue 30 item 5 codes: a new one-time code (POST /users/auth/otp again) keeps the wrong attempts of the one it replaces", async () => {
    const [ana] = await cl.loginAll(["ana"])
    const o1 = await cl.ok("otp", { as: ana, body: { purpose: "pin" } })
    const c1 = await cl.sentCode("ana@example.com")
    for (let i = 0; i < 4; i++) expect((await cl.err("otpVerify", { as: ana, params: { id: o1.data.otp_id }, body: { code: wrongOf(c1) } })).status).toBe(422)
    const o2 = await cl.ok("otp", { as: ana, body: { purpose: "pin" } })
    const c2 = await cl.sentCode("ana@example.com")
    const fifth = await cl.err("otpVerify", { as: ana, params: { id: o2.data.otp_id }, body: { code: wrongOf(c2) } })
    expect([fifth.status, fifth.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    const more = await cl.err("otp", { as: ana, body: { purpose: "pin" } })
    expect([more.status, more.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    expect(count(sb, "SELECT count(*) AS n FROM short_tokens WHERE kind = 'temp' AND user_id = ?", ana.userId)).toBe(0)
  })

  it("issue 30 item 5 codes: a sign-up code resent keeps its attempts (the 6th try is 429 even with the new code)", async () => {
    const s = await cl.ok("signup", { body: { name: "Teste Reenvio", email: "reenvio@example.com", phone_number: "11912345678", recaptcha_token: "test-ok" } })
    for (let i = 0; i < 4; i++)
      expect((await cl.err("signupConfirm", { params: { id: s.data.id }, body: { code: "111111", password: PASSWORD, document: "52998224725" } })).status).toBe(
        422
      )
    await cl.ok("signupSendCode", { params: { id: s.data.id } })
    const code = await cl.sentCode("reenvio@example.com")
    expect(
      (await cl.err("signupConfirm", { params: { id: s.data.id }, body: { code: wrongOf(code), password: PASSWORD, document: "52998224725" } })).status
    ).toBe(422)
    const sixth = await cl.err("signupConfirm", { params: { id: s.data.id }, body: { code, password: PASSWORD, document: "52998224725" } })
    expect([sixth.status, sixth.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    expect(count(sb, "SELECT count(*) AS n FROM users WHERE email = ?", "reenvio@example.com")).toBe(0)
  })

  it("issue 30 item 5 password change: a wrong current password counts in the account's throttle (slowed, then locked like sign-in)", async () => {
    const [bruno] = await cl.loginAll(["bruno"])
    const keys: string[] = []
    for (let i = 0; i < 5; i++)
      keys.push((await cl.err("changePassword", { as: bruno, body: { current_password: "Errada@123", new_password: "Nova@Senha1" } })).body.error.key)
    expect(keys).toEqual(["INCORRECT_PASSWORD", "INCORRECT_PASSWORD", "INCORRECT_PASSWORD", "INCORRECT_PASSWORD", "SIGNIN_LOCKED"])
    const right = await cl.err("changePassword", { as: bruno, body: { current_password: PASSWORD, new_password: "Nova@Senha1" } })
    expect([right.status, right.body.error.key]).toEqual([429, "SIGNIN_LOCKED"])
    expect((await cl.raw("profile", { as: bruno })).status).toBe(200) // the session itself goes on
    const u = await cl.ok("signinUnlock", { body: { email: "bruno@example.com" } })
    await cl.ok("signinUnlockConfirm", { params: { id: u.data.id }, body: { code: await cl.sentCode("bruno@example.com") } })
    expect((await signin("bruno@example.com", PASSWORD)).status).toBe(200)
  })
})

describe("issue 30 item 5: per-client limits (password spraying, code and PIN guessing across accounts)", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0, clientAttemptLimit: 4, clientWindowS: 600 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const keyOf = (r: { json: unknown }): string => (r.json as { error: { key: string } }).error.key

  it("issue 30 item 5 per client: wrong passwords spread over many accounts (one each, under every account's own limit) stop the client — 429 REQUEST_LIMIT_REACHED with Retry-After, even for a right password, nothing recorded; the window passes and it may try again", async () => {
    const sessions: Session[] = await cl.loginAll(["helena"]) // a PIN test below needs a session made before the limit
    const victims = ["ana", "bruno", "carla", "diego"]
    for (const v of victims) expect(keyOf(await cl.raw("signin", { body: { email: `${v}@example.com`, password: "Errada@123" } }))).toBe("INVALID_CREDENTIALS")
    const stored = count(sb, "SELECT count(*) AS n FROM signin_attempts")
    const codes = count(sb, "SELECT count(*) AS n FROM codes")
    for (const email of ["eva@example.com", "ana@example.com"]) {
      const r = await cl.raw("signin", { body: { email, password: PASSWORD } })
      expect([r.status, keyOf(r)]).toEqual([429, "REQUEST_LIMIT_REACHED"])
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0)
    }
    expect(count(sb, "SELECT count(*) AS n FROM signin_attempts")).toBe(stored)
    expect(count(sb, "SELECT count(*) AS n FROM codes")).toBe(codes)
    // passwords only: the client's PIN and code budgets are their own
    expect((await cl.raw("verifyPin", { as: sessions[0]!, body: { pin: "1234" } })).status).toBe(200)
    // the window (600 s) passes: moved, not slept through (a 2 s window slept through ended early on a loaded machine)
    sb.admin.passRealTime(600_000)
    expect((await cl.raw("signin", { body: { email: "ana@example.com", password: PASSWORD } })).status).toBe(200)
  })

  it("issue 30 item 5 per client: wrong PINs over several users' sessions (each under its own 5-in-a-row lock) stop the client's PIN tries; each account keeps its own count", async () => {
    sb.admin.passRealTime(600_000) // a fresh window
    const users = await cl.loginAll(["ana", "bruno", "carla", "diego"])
    for (const u of users) expect((await cl.err("verifyPin", { as: u, body: { pin: "9999" } })).body.error.key).toBe("INCORRECT_PIN")
    const r = await cl.err("verifyPin", { as: users[0], body: { pin: "1234" } })
    expect([r.status, r.body.error.key]).toEqual([429, "REQUEST_LIMIT_REACHED"])
    expect(count(sb, "SELECT count(*) AS n FROM short_tokens WHERE kind = 'pin' AND user_id = ?", users[0].userId)).toBe(0)
    expect(count(sb, "SELECT max(failures) AS n FROM pin_attempts")).toBe(1)
  })

  it("issue 30 item 5 per client: wrong e-mailed codes over several accounts stop the client's code tries (the right code too), without spending the accounts' own attempts", async () => {
    sb.admin.passRealTime(600_000)
    const emails = ["ana", "bruno", "carla", "diego"].map((n) => `${n}@example.com`)
    const otps: string[] = []
    for (const email of emails) otps.push((await cl.ok("signin", { body: { email, password: PASSWORD } })).data.otp_id)
    for (let i = 0; i < 4; i++)
      expect((await cl.err("sessionSignin", { body: { otp_id: otps[i]!, code: wrongOf(await cl.sentCode(emails[i]!)) } })).status).toBe(422)
    const right = await cl.err("sessionSignin", { body: { otp_id: otps[0]!, code: await cl.sentCode(emails[0]!) } })
    expect([right.status, right.body.error.key]).toEqual([429, "REQUEST_LIMIT_REACHED"])
    expect(count(sb, "SELECT max(attempts) AS n FROM codes WHERE kind = 'signin' AND state = 'open'")).toBe(1)
  })
})
