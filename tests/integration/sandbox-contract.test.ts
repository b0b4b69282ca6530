/**
 * Contract tests of the sandbox users API: every endpoint of schema/api.ts answers 2xx with a
 * body its response Schema decodes (spec core §7, features §7), plus the call rules of core §6–§8
 * (bearer, server-type, wallet-uuid, language, 422 with fields) and the auth flows of core §4/§7.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type CallOptions, type Session } from "../support/sandbox-client.ts"
import { api, type EndpointId } from "../../schema/api.ts"
import { pixApi } from "../../schema/api-pix.ts"
import { pixScheduleApi } from "../../schema/api-pix-schedule.ts"
import { cardsApi } from "../../schema/api-cards.ts"
import { billetApi } from "../../schema/api-billet.ts"
import { storageApi } from "../../schema/api-storage.ts"
import { bettingApi } from "../../schema/api-betting.ts"
import { gatewayApi } from "../../schema/api-gateway.ts"
import { tedApi } from "../../schema/api-ted.ts"
import { pixLimitsApi } from "../../schema/api-pix-limits.ts"
import { pixClaimsApi } from "../../schema/api-pix-claims.ts"
import { pixStatementApi } from "../../schema/api-pix-statement.ts"
import { pixMedApi } from "../../schema/api-pix-med.ts"
import { isValidCnpj, isValidCpf } from "../../schema/validation.ts"

let sb: Sandbox
let cl: SandboxClient
const hit = new Set<EndpointId>()
let ana: Session, bruno: Session, carla: Session, diego: Session, helena: Session, eva: Session, fabio: Session, gabi: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

/** Calls an endpoint expecting 2xx, decoding with its Schema, and records the endpoint as covered. */
const ok = async <K extends EndpointId>(id: K, o: CallOptions = {}) => {
  const r = await cl.ok(id, o)
  hit.add(id)
  return r
}

beforeAll(async () => {
  // the fixed code on (sign-up below types it); never accepted by a password reset or a temporary token (issue 30)
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, exportMs: 300, receiptMs: 200, checkResponses: true, fixedCode: "000000" })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, carla, diego, helena, eva, fabio, gabi] = (await Promise.all(
    ["ana", "bruno", "carla", "diego", "helena", "eva", "fabio", "gabi"].map((u) => cl.login(`${u}@example.com`))
  )) as [Session, Session, Session, Session, Session, Session, Session, Session]
  W = sb.admin.seedInfo()!.wallets
  for (const id of ["signin", "sessionSignin", "profile", "verifyPin"] as const) hit.add(id)
})
afterAll(async () => {
  await sb?.close()
})

describe("sandbox contract: authentication (core §4, §7)", () => {
  it("spec core §7 sign-in: printed code and fixed code both work; a wrong code is 422 INCORRECT_CODE", async () => {
    const s = await ok("signin", { body: { email: "carla@example.com", password: "Senha@123" } })
    const wrong = await cl.err("sessionSignin", { body: { otp_id: s.data.otp_id, code: "999999" } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.key).toBe("INCORRECT_CODE")
    const code = (await cl.admin("codes", { query: { email: "carla@example.com" } })).data.code
    expect(code).toMatch(/^\d{6}$/)
    const t = await ok("sessionSignin", { body: { otp_id: s.data.otp_id, code: code! } })
    expect(t.data.expires_in).toBe(300)
    const [, payload] = t.data.access_token.split(".")
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { id: string; exp: number }
    expect(claims.id).toBe(carla.userId)
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(290)
    const bad = await cl.err("signin", { body: { email: "carla@example.com", password: "nope" } })
    expect(bad.body.error.key).toBe("INVALID_CREDENTIALS")
  })

  it("spec core §4 refresh: the refresh token rotates on use and the old one is refused", async () => {
    const s = await cl.login("helena@example.com")
    const r1 = await ok("refreshToken", { body: { refresh_token: s.refreshToken } })
    expect(r1.data.refresh_token).not.toBe(s.refreshToken)
    const again = await cl.err("refreshToken", { body: { refresh_token: s.refreshToken } })
    expect(again.status).toBe(401)
  })

  it("issue 30 items 4, 5 logout and sign-in unlock answer by the contract (their rules: tests/integration/sandbox-sessions.test.ts)", async () => {
    const s = await cl.login("helena@example.com")
    await ok("logout", { body: { refresh_token: s.refreshToken } })
    expect((await cl.err("refreshToken", { body: { refresh_token: s.refreshToken } })).status).toBe(401)
    const u = await ok("signinUnlock", { body: { email: "helena@example.com" } })
    await ok("signinUnlockConfirm", { params: { id: u.data.id }, body: { code: await cl.sentCode("helena@example.com") } })
  })

  it("spec core §6–§8 headers: 401 without/with a bad token, 400 without server-type for green users, English messages on en-US", async () => {
    expect((await cl.err("profile")).status).toBe(401)
    const bad = await cl.err("profile", { headers: { authorization: "Bearer a.b.c" } })
    expect(bad.status).toBe(401)
    expect(bad.body.error.key).toBe("NOT_AUTHORIZED")
    const noType = await cl.err("wallets", { as: ana, noServerType: true })
    expect(noType.status).toBe(400)
    expect(noType.body.error.key).toBe("INVALID_REQUEST")
    // the profile call is exempt: it is how a client learns its user's server type
    await ok("profile", { as: ana, noServerType: true })
    const en = await cl.err("walletAccounts", { as: helena, wallet: W.brunoMatrix, headers: { language: "en-US" } })
    expect(en.status).toBe(403)
    expect(en.body.error.message).toMatch(/permission/i)
    const pt = await cl.err("walletAccounts", { as: helena, wallet: W.brunoMatrix })
    expect(pt.body.error.message).toMatch(/permissão/i)
    expect((await cl.err("walletAccounts", { as: helena })).status).toBe(400)
    expect((await cl.err("walletAccounts", { as: helena, wallet: "00000000-0000-4000-8000-000000000000" })).status).toBe(404)
  })

  it("spec core §8 422: a bad body gets INCORRECT_DATA with fields and a message", async () => {
    const r = await cl.err("walletCreate", { as: bruno, body: { name: 42 } })
    expect(r.status).toBe(422)
    expect(r.body.error.key).toBe("INCORRECT_DATA")
    expect(r.body.error.fields).toEqual({ name: "VALIDATION_FORMAT" })
    expect(r.body.error.message.length).toBeGreaterThan(5)
    const missing = await cl.err("signin", { body: {} })
    expect(missing.body.error.fields).toEqual({ email: "VALIDATION_REQUIRED", password: "VALIDATION_REQUIRED" })
  })

  it("spec core §7 QR session: pending until activated, then signs in once; 300 s validity", async () => {
    const t = await ok("qrSessionToken")
    expect(t.data.expires_in).toBe(300)
    const pending = await cl.err("sessionSignin", { body: { session_token: t.data.session_token } })
    expect(pending.body.error.key).toBe("QR_SESSION_PENDING")
    await ok("qrSessionActivate", { as: diego, body: { session_token: t.data.session_token } })
    const tokens = await ok("sessionSignin", { body: { session_token: t.data.session_token } })
    const p = await ok("profile", { as: { ...diego, accessToken: tokens.data.access_token } })
    expect(p.data.email).toBe("diego@example.com")
    const reuse = await cl.err("sessionSignin", { body: { session_token: t.data.session_token } })
    expect(reuse.body.error.key).toBe("QR_SESSION_EXPIRED")
  })

  it("spec core §7 one-time codes: create, resend, verify → temporary token → pin_token", async () => {
    const o = await ok("otp", { as: fabio, body: { purpose: "pin" } })
    const o2 = await ok("otpCreate", { as: fabio, body: { purpose: "pin" } })
    await ok("otpResend", { as: fabio, params: { id: o2.data.otp_id } })
    expect((await cl.err("otpVerify", { as: fabio, params: { id: o.data.otp_id }, body: { code: "000000" } })).body.error.key).toBe("INCORRECT_CODE") // issue 30
    const v = await ok("otpVerify", { as: fabio, params: { id: o2.data.otp_id }, body: { code: await cl.sentCode("fabio@example.com") } })
    expect(v.data.temporary_token).toMatch(/^\d{6}$/)
    const pt = await ok("verifyPin", { as: fabio, body: { temporary_token: v.data.temporary_token } })
    expect(pt.data.expires_in).toBe(120)
    const reused = await cl.err("verifyPin", { as: fabio, body: { temporary_token: v.data.temporary_token } })
    expect(reused.body.error.key).toBe("INCORRECT_CODE")
  })

  it("spec core §7 password: change (wrong current → 422 INCORRECT_PASSWORD), recovery with code, decline", async () => {
    const wrong = await cl.err("changePassword", { as: gabi, body: { current_password: "x", new_password: "Nova@Senha1" } })
    expect(wrong.body.error.key).toBe("INCORRECT_PASSWORD")
    const weak = await cl.err("changePassword", { as: gabi, body: { current_password: "Senha@123", new_password: "fraca" } })
    expect(weak.body.error.fields).toEqual({ new_password: "VALIDATION_STRONG_PASSWORD" })
    await ok("changePassword", { as: gabi, body: { current_password: "Senha@123", new_password: "Nova@Senha1" } })
    await cl.login("gabi@example.com", "Nova@Senha1")
    const f = await ok("forgotPassword", { body: { email: "gabi@example.com" } })
    expect((await cl.err("forgotPasswordUpdate", { params: { id: f.data.id }, body: { code: "000000", new_password: "Senha@123" } })).body.error.key).toBe(
      "INCORRECT_CODE"
    ) // issue 30: never the fixed code
    await ok("forgotPasswordUpdate", { params: { id: f.data.id }, body: { code: await cl.sentCode("gabi@example.com"), new_password: "Senha@123" } })
    gabi = await cl.login("gabi@example.com")
    const f2 = await ok("forgotPassword", { body: { email: "gabi@example.com" } })
    await ok("forgotPasswordDecline", { params: { id: f2.data.id } })
    const after = await cl.err("forgotPasswordUpdate", {
      params: { id: f2.data.id },
      body: { code: await cl.sentCode("gabi@example.com"), new_password: "Senha@1234" }
    })
    expect(after.status).toBe(422)
  })

  it("spec core §7 sign-up: reCAPTCHA, code, confirm creates a user with onboarding pending and no PIN", async () => {
    const bad = await cl.err("signup", { body: { name: "Iara Lopes", email: "iara@example.com", phone_number: "+5511912345678", recaptcha_token: "nope" } })
    expect(bad.body.error.key).toBe("RECAPTCHA_ERROR")
    const s = await ok("signup", { body: { name: "Iara Lopes", email: "iara@example.com", phone_number: "+5511912345678", recaptcha_token: "test-ok" } })
    await ok("signupPatch", { params: { id: s.data.id }, body: { name: "Iara Souza Lopes" } })
    expect((await ok("signupGet", { params: { id: s.data.id } })).data.state).toBe("code_sent")
    await ok("signupSendCode", { params: { id: s.data.id } })
    const badDoc = await cl.err("signupConfirm", { params: { id: s.data.id }, body: { code: "000000", password: "Senha@123", document: "11111111111" } })
    expect(badDoc.body.error.key).toBe("INVALID_DOCUMENT")
    const c = await ok("signupConfirm", { params: { id: s.data.id }, body: { code: "000000", password: "Senha@123", document: "529.982.247-25" } })
    expect(c.data.state).toBe("confirmed")
    const iara = await cl.login("iara@example.com")
    expect((await ok("onboarding", { as: iara })).data.status).toBe("pending")
    expect((await ok("hasPin", { as: iara })).data.has_pin).toBe(false)
  })
})

describe("sandbox contract: user (core §3–§5, §7)", () => {
  it("spec core §3 seeded users: valid CPF/CNPJ, types, server types", async () => {
    const a = await ok("profile", { as: ana })
    expect(a.data.type).toBe("NATURAL_PERSON")
    expect(a.data.server_type).toBe("green")
    expect(isValidCpf(a.data.document)).toBe(true)
    const b = await ok("profile", { as: bruno })
    expect(b.data.type).toBe("LEGAL_PERSON")
    expect(isValidCnpj(b.data.document)).toBe(true)
  })

  it("spec core §4 onboarding: statuses as seeded; expired returns to finished after a profile update", async () => {
    expect((await ok("onboarding", { as: eva })).data.status).toBe("pending")
    expect((await ok("onboarding", { as: fabio })).data.status).toBe("incomplete")
    expect((await ok("onboarding", { as: gabi })).data.status).toBe("expired")
    const bad = await cl.err("onboardingUpdate", {
      as: gabi,
      body: {
        address: {
          zip_code: "123",
          street: "",
          number: 10,
          complement: null,
          neighborhood: "Centro",
          city: "São Paulo",
          federative_unit: "XX",
          country: "Brasil"
        },
        occupation_cbo: 2124,
        occupation_income: 500000
      }
    })
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(["address.federative_unit", "address.street", "address.zip_code"])
    const upd = await ok("onboardingUpdate", {
      as: gabi,
      body: {
        address: {
          zip_code: "01310-100",
          street: "Avenida Paulista",
          number: 1000,
          complement: null,
          neighborhood: "Bela Vista",
          city: "São Paulo",
          federative_unit: "SP",
          country: "Brasil"
        },
        occupation_cbo: 3940,
        occupation_income: 500000
      }
    })
    expect(upd.data.status).toBe("finished")
    expect((await ok("address", { as: gabi })).data?.zip_code).toBe("01310-100")
  })

  it("spec core §4 PIN: has-pin, add only once, update with the current PIN", async () => {
    expect((await ok("hasPin", { as: eva })).data.has_pin).toBe(false)
    expect((await cl.err("addPin", { as: eva, body: { pin: "12a4" } })).body.error.fields).toEqual({ pin: "VALIDATION_PIN" })
    await ok("addPin", { as: eva, body: { pin: "4321" } })
    expect((await cl.err("addPin", { as: eva, body: { pin: "4321" } })).body.error.key).toBe("PIN_ALREADY_EXISTS")
    await ok("updatePin", { as: eva, body: { current_pin: "4321", new_pin: "1234" } })
    await cl.pinToken(eva, "1234")
  })

  it("spec core §5 occupations and zip lookup", async () => {
    const o = await ok("occupations", { as: ana, query: { search: "analista", page: 1, page_size: 30 } })
    expect(o.data.occupations.length).toBeGreaterThan(0)
    const z = await ok("zipLookup", { params: { cep: "01310100" } })
    expect(z.cep).toBe("01310-100")
  })
})

describe("sandbox contract: wallets and sharing (core §3, §6, §7)", () => {
  it("spec core §7 wallets: list, get, create (unique name), update, gateway check, accounts, pending balance, banking account", async () => {
    const list = await ok("wallets", { as: ana })
    expect(list.data.data.map((w) => w.id).sort()).toEqual([W.anaMain, W.anaReserve].sort())
    const carlaWallets = await ok("wallets", { as: carla })
    const shared = carlaWallets.data.data.find((w) => w.id === W.anaMain)
    expect(shared?.permission_types).toEqual(["APPROVER", "CLIENT"])
    expect(shared?.default).toBe(false)
    const main = await ok("walletGet", { as: ana, params: { id: W.anaMain } })
    expect(main.data.default).toBe(true)
    expect(main.data.permission_types).toEqual(["ROOT"])
    const dup = await cl.err("walletCreate", { as: ana, body: { name: "reserva" } })
    expect(dup.body.error.key).toBe("WALLET_NAME_ALREADY_EXISTS")
    const created = await ok("walletCreate", { as: ana, body: { name: "Viagens" } })
    await ok("walletUpdate", { as: ana, params: { id: created.data.id }, body: { name: "Viagens 2027" } })
    const matrix = await ok("walletGet", { as: bruno, params: { id: W.brunoMatrix } })
    expect(matrix.data.is_matrix).toBe(true)
    expect(matrix.data.branches.map((b) => b.id)).toEqual([W.brunoBranch])
    const gw = await ok("checkGatewayWallets", { as: bruno, body: { wallets_ids: [W.brunoMatrix, W.brunoBranch, W.anaMain] } })
    expect(gw.data.wallets_ids).toEqual([W.brunoMatrix, W.brunoBranch])
    const acc = await ok("walletAccounts", { as: ana, wallet: W.anaMain, query: { page_size: 100 } })
    expect(acc.data.data.map((a) => a.currency_symbol)).toEqual(["BRL", "BTC", "ETH", "USDT"])
    expect(acc.data.data.map((a) => a.currency_decimal)).toEqual([2, 8, 8, 6])
    const brl = await ok("walletAccounts", { as: ana, wallet: W.anaMain, query: { currency_symbol: "BRL" } })
    expect(brl.data.total).toBe(1)
    expect((await ok("pendingBalance", { as: ana, wallet: W.anaMain })).data.pending_balance).toBe(150_000)
    expect((await ok("bankingAccount", { as: ana, wallet: W.anaMain })).data.agency).toBe("0001")
    await ok("walletDelete", { as: ana, params: { id: created.data.id } })
  })

  it("spec features §4 wallet deletion: refused with a balance, refused as the last own wallet, owner only", async () => {
    expect((await cl.err("walletDelete", { as: ana, params: { id: W.anaReserve } })).body.error.key).toBe("WALLET_HAS_BALANCE")
    expect((await cl.err("walletDelete", { as: carla, params: { id: W.carla } })).body.error.key).toBe("NO_OTHER_OWN_WALLET")
    expect((await cl.err("walletDelete", { as: carla, params: { id: W.anaMain } })).status).toBe(403)
  })

  it("spec core §4 invitations: every state; accept/decline only when SENT; older than 7 days reads EXPIRED; role rule", async () => {
    const received = await ok("invitationsReceived", { as: ana })
    expect(received.data.data.map((i) => i.state)).toContain("EXPIRED")
    const sent = await ok("invitationsSent", { as: ana, wallet: W.anaMain })
    expect(new Set(sent.data.data.map((i) => i.state))).toEqual(new Set(["ACCEPTED", "SENT", "DECLINED", "CANCELLED"]))
    const role = await cl.err("invitationCreate", {
      as: ana,
      wallet: W.anaReserve,
      body: { wallet_id: W.anaReserve, email: "eva@example.com", permission_types: ["APPROVER"] }
    })
    expect(role.body.error.key).toBe("ROLE_APPROVER_NEEDS_BASE")
    const inv = await ok("invitationCreate", {
      as: ana,
      wallet: W.anaReserve,
      body: { wallet_id: W.anaReserve, email: "eva@example.com", permission_types: ["CLIENT"] }
    })
    const acc = await ok("invitationAccept", { as: eva, body: { invite_id: inv.data.invite_id } })
    expect(acc.data.state).toBe("ACCEPTED")
    expect((await cl.err("invitationAccept", { as: eva, body: { invite_id: inv.data.invite_id } })).body.error.key).toBe("INVITATION_NOT_PENDING")
    const evaWallets = await ok("wallets", { as: eva })
    expect(evaWallets.data.data.some((w) => w.id === W.anaReserve)).toBe(true)
    const toHelena = (await ok("invitationsReceived", { as: helena })).data.data.find((i) => i.state === "SENT")!
    expect((await ok("invitationDecline", { as: helena, body: { invite_id: toHelena.invite_id } })).data.state).toBe("DECLINED")
    const pendingSent = (await ok("invitationsSent", { as: ana, wallet: W.anaMain })).data.data.find((i) => i.state === "SENT")!
    expect((await ok("invitationCancel", { as: ana, params: { id: pendingSent.invite_id } })).data.state).toBe("CANCELLED")
    expect((await cl.err("invitationCancel", { as: ana, params: { id: pendingSent.invite_id } })).body.error.key).toBe("INVITATION_NOT_PENDING")
  })

  it("spec core §6 permissions: actions (* for owners, by role otherwise), users, update, remove, unlink", async () => {
    expect((await ok("permissionActions", { as: ana, wallet: W.anaMain })).data.data).toEqual([{ tag: "*" }])
    const h = await ok("permissionActions", { as: helena, wallet: W.anaMain, query: { page_size: 100 } })
    expect(h.data.data.map((a) => a.tag)).toContain("api-users-get-statement")
    expect(h.data.data.map((a) => a.tag)).not.toContain("api-users-get-all-assisted-payments")
    const users = await ok("permissionUsers", { as: ana, wallet: W.anaMain })
    expect(users.data.data.map((u) => u.email)).toEqual(
      expect.arrayContaining(["ana@example.com", "carla@example.com", "diego@example.com", "helena@example.com"])
    )
    const up = await ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT", "APPROVER"] } })
    expect(up.data.permission_types).toEqual(["CLIENT", "APPROVER"])
    await ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT"] } })
    expect((await cl.err("permissionRemove", { as: ana, wallet: W.anaMain, query: { user_id: ana.userId } })).body.error.key).toBe("CANNOT_REMOVE_OWNER")
    await ok("permissionRemoveByUser", { as: eva, params: { userId: eva.userId }, query: { wallet_id: W.anaReserve } })
    expect((await cl.err("walletAccounts", { as: eva, wallet: W.anaReserve })).status).toBe(403)
    await ok("invitationCreate", { as: ana, wallet: W.anaReserve, body: { wallet_id: W.anaReserve, email: "eva@example.com", permission_types: ["CLIENT"] } })
    const again = (await ok("invitationsReceived", { as: eva })).data.data.find((i) => i.state === "SENT" && i.wallet_id === W.anaReserve)!
    await ok("invitationAccept", { as: eva, body: { invite_id: again.invite_id } })
    await ok("permissionRemove", { as: ana, wallet: W.anaReserve, query: { user_id: eva.userId } })
  })
})

describe("sandbox contract: coins, notifications, statements, Pix, approval (features §7)", () => {
  it("spec core §9 currencies; spot quote; conversion on the default wallet; trends sample; portfolio", async () => {
    const cur = await ok("currencies", { as: ana })
    expect(
      cur.data
        .filter((c) => !c.convertible)
        .map((c) => c.symbol)
        .sort()
    ).toEqual(["BRZ", "EUR", "USD"])
    const q = await ok("spotQuote", { as: ana, wallet: W.anaMain, query: { base: "BTC", quote: "BRL" } })
    expect(q.data.price_buy).toBeGreaterThan(q.data.price_sell)
    expect(q.data.iof_bps).toBe(38)
    const conv = await ok("convert", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { quote_id: q.data.quote_id, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 100_000, pin_token: await cl.pinToken(ana) }
    })
    expect(conv.data.to_amount).toBeGreaterThan(0)
    const t = await ok("trends", { as: ana })
    expect(t.data.length).toBeGreaterThanOrEqual(3)
    expect(t.data.every((s) => s.points.length === 2)).toBe(true)
    const p = await ok("portfolioStatements", { as: ana, wallet: W.anaMain })
    expect(p.data.data[0]?.id).toBe(conv.data.id)
  })

  it("spec core §4, §7 notifications: paged 20 desc, {data, pagination}, mark read, unread count", async () => {
    const n = await ok("notifications", { as: ana, query: { page: 1, sort: "created_at", order: "desc" } })
    expect(n.data.length).toBe(20)
    expect(n.pagination.total_per_page).toBe(20)
    const dates = n.data.map((x) => x.created_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    const before = (await ok("unreadCount", { as: ana })).data.count
    const unread = n.data.find((x) => !x.read)!
    expect((await ok("notificationRead", { as: ana, params: { id: unread.id }, body: { read: true } })).data.read).toBe(true)
    expect((await ok("unreadCount", { as: ana })).data.count).toBe(before - 1)
  })

  it("issue 30 item 8 statementLedger: per currency, rows and completed sums of a keyset range, opening balance + movements = balance", async () => {
    const whole = await ok("statementLedger", { as: ana, wallet: W.anaMain })
    const rows = sb.db.prepare("SELECT count(*) AS n FROM statements WHERE wallet_id = ?").get(W.anaMain) as { n: number }
    expect(whole.data.currencies.reduce((n, c) => n + c.rows, 0)).toBe(rows.n)
    for (const c of whole.data.currencies) {
      expect(c.opening_balance + c.credits - c.debits).toBe(c.balance)
      expect(c.balance_at_upto).toBe(c.balance)
    }
    const part = await ok("statementLedger", { as: ana, wallet: W.anaMain, query: { upto: whole.data.cursor } })
    expect(part.data.currencies).toEqual(whole.data.currencies)
    expect((await cl.err("statementLedger", { as: ana, wallet: W.anaMain, query: { upto: "not a cursor" } })).body.error.fields).toEqual({
      upto: "VALIDATION_FORMAT"
    })
  })

  it("spec features §7 statements: list, one row, export job → file URL, receipts", async () => {
    const s = await ok("statement", { as: ana, wallet: W.anaMain })
    expect(s.data.page_size).toBe(20)
    const first = s.data.data[0]!
    expect((await ok("statementGet", { as: ana, wallet: W.anaMain, params: { id: first.id } })).data.id).toBe(first.id)
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10)
    const e = await ok("statementExportCreate", { as: ana, wallet: W.anaMain, body: { start_date: `${today.slice(0, 8)}01`, end_date: today, format: "csv" } })
    await new Promise((r) => setTimeout(r, 400))
    const done = await ok("statementExportGet", { as: ana, wallet: W.anaMain, params: { id: e.data.id } })
    expect(done.data.status).toBe("completed")
    const url = await ok("storageFileUrl", { as: ana, wallet: W.anaMain, params: { id: done.data.file_id! } })
    expect((await fetch(url.data.url)).status).toBe(200)
    const pixRow = (await ok("statement", { as: ana, wallet: W.anaMain, query: { type: "PIX_IN" } })).data.data[0]!
    const g = await ok("receiptGenerate", { as: ana, wallet: W.anaMain, params: { id: pixRow.operation_id } })
    expect(g.data.status).toBe("PENDING")
    await new Promise((r) => setTimeout(r, 250))
    expect((await ok("receipt", { as: ana, wallet: W.anaMain, params: { id: pixRow.operation_id } })).data.status).toBe("READY")
    expect((await ok("pixReceipt", { as: ana, wallet: W.anaMain, params: { id: pixRow.operation_id } })).data.html).toContain("Comprovante")
  })

  it("spec features §7 Pix by key: decode any valid key; small payment completes, large one awaits approval", async () => {
    const d = await ok("pixDecodeByKey", { as: ana, wallet: W.anaMain, query: { key: "fulano@example.com" } })
    expect(d.data.key_type).toBe("email")
    expect((await cl.err("pixDecodeByKey", { as: ana, wallet: W.anaMain, query: { key: "not a key" } })).body.error.fields).toEqual({
      key: "VALIDATION_PIX_KEY"
    })
    const small = await ok("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "fulano@example.com", amount: 1_500, description: "Café", pin_token: await cl.pinToken(ana) }
    })
    expect(small.data.status).toBe("completed")
    expect(small.data.end_to_end_id).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/)
    const big = await ok("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "fulano@example.com", amount: 150_000, description: "Aluguel", pin_token: await cl.pinToken(ana) }
    })
    expect(big.data.status).toBe("awaiting_approval")
    expect(big.data.approval_request_id).not.toBeNull()
  })

  it("spec features §5 approval settings: one per wallet, approvers 1..100, update, delete, 404", async () => {
    const s = await ok("approvalSettings", { as: ana, wallet: W.anaMain })
    expect(s.data.data[0]).toMatchObject({ min_value: 100_000, approvers: 2 })
    expect((await cl.err("approvalSettingCreate", { as: ana, wallet: W.anaMain, body: { min_value: 1000, approvers: 1 } })).body.error.key).toBe(
      "APPROVAL_SETTING_ALREADY_EXISTS"
    )
    const tooMany = await cl.err("approvalSettingCreate", { as: ana, wallet: W.anaReserve, body: { min_value: 1000, approvers: 101 } })
    expect(tooMany.body.error.fields).toEqual({ approvers: "VALIDATION_MAX_VALUE" })
    expect((await cl.err("approvalSettingCreate", { as: ana, wallet: W.anaReserve, body: { min_value: 1000, approvers: 0 } })).body.error.fields).toEqual({
      approvers: "VALIDATION_MIN_VALUE"
    })
    const c = await ok("approvalSettingCreate", { as: ana, wallet: W.anaReserve, body: { min_value: 5000, approvers: 1 } })
    expect(
      (await ok("approvalSettingUpdate", { as: ana, wallet: W.anaReserve, params: { id: c.data.id }, body: { min_value: 6000, approvers: 3 } })).data.approvers
    ).toBe(3)
    await ok("approvalSettingDelete", { as: ana, wallet: W.anaReserve, params: { id: c.data.id } })
    expect((await cl.err("approvalSettingDelete", { as: ana, wallet: W.anaReserve, params: { id: c.data.id } })).body.error.key).toBe(
      "APPROVAL_SETTING_NOT_FOUND"
    )
  })

  it("spec features §4 approval requests: queue, one, approve, reprove, history", async () => {
    const q = await ok("approvalRequests", { as: carla, wallet: W.anaMain })
    expect(q.data.data.every((r) => r.status === "started")).toBe(true)
    expect(q.data.total).toBeGreaterThanOrEqual(3)
    const [r1, r2] = q.data.data as [(typeof q.data.data)[number], (typeof q.data.data)[number]]
    expect((await ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id: r1.id } })).data.id).toBe(r1.id)
    const a = await ok("approvalApprove", { as: carla, wallet: W.anaMain, tx: true, params: { id: r1.id }, body: { pin_token: await cl.pinToken(carla) } })
    expect(a.data.approvals.map((x) => x.user_id)).toContain(carla.userId)
    const rep = await ok("approvalReprove", {
      as: diego,
      wallet: W.anaMain,
      tx: true,
      params: { id: r2.id },
      body: { pin_token: await cl.pinToken(diego), reason: "Sem orçamento" }
    })
    expect(rep.data.status).toBe("reproved")
    const h = await ok("approvalHistory", { as: helena, wallet: W.anaMain })
    expect(new Set(h.data.data.map((r) => r.status))).toEqual(new Set(["finished", "reproved", "canceled"]))
    expect((await cl.err("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id: "nope" } })).body.error.key).toBe("APPROVAL_REQUEST_NOT_FOUND")
  })

  it("every JSON endpoint of schema/api.ts was answered 2xx and decoded by its response Schema", () => {
    const notJson: EndpointId[] = ["stream", "storageFileDownload"] // SSE and the file body: checked in their own tests
    // covered, the same way (a 2xx decoded by its Schema), by tests/integration/cards-contract.test.ts, pix-keys.test.ts, pix-schedule.test.ts, billet-contract.test.ts, ted-contract.test.ts, betting-contract.test.ts, gateway-contract.test.ts, pix-limits.test.ts, pix-claims.test.ts and pix-statement.test.ts
    const ownFile = new Set<string>([
      ...Object.keys(cardsApi),
      ...Object.keys(pixApi),
      ...Object.keys(pixScheduleApi),
      ...Object.keys(billetApi),
      ...Object.keys(storageApi),
      ...Object.keys(bettingApi),
      ...Object.keys(gatewayApi),
      ...Object.keys(tedApi),
      ...Object.keys(pixLimitsApi),
      ...Object.keys(pixClaimsApi),
      ...Object.keys(pixStatementApi),
      ...Object.keys(pixMedApi) // tests/integration/pix-med.test.ts
    ])
    const missing = (Object.keys(api) as EndpointId[]).filter((id) => !notJson.includes(id) && !hit.has(id) && !ownFile.has(id))
    expect(missing).toEqual([])
  })
})
