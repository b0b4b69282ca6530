/**
 * Pix Automático over real HTTP (spec features §2 automatic-pix and its permissions, §3 authorization
 * fields, §4 statuses and actions — approve, reject, cancel (irreversible, cancels scheduled payments
 * except the one due today), change maximum value, approve by QR code; automatic payments listed,
 * fetched by Pix payment, cancelled — §7 the calls; issue 13): every new route's shape decoded by its
 * Schema (the client decodes), permissions per wallet, idempotency by transaction-uuid, refused
 * transitions, the seeded merchants' requests, the admin route making one, charges run once on the
 * sandbox clock with their ledger rows, a charge above the maximum failing with its reason.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { saoPauloDateKey } from "../../schema/holidays.ts"
import type { AutomaticAuthorization } from "../../schema/pix-automatic.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session, diego: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const DAY = 86_400_000

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, checkResponses: true })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena, diego] = (await Promise.all(["ana", "bruno", "helena", "diego"].map((u) => cl.login(`${u}@example.com`)))) as [
    Session,
    Session,
    Session,
    Session
  ]
  W = sb.admin.seedInfo()!.wallets
})
afterEach(() => {
  sb.admin.setClockOffset(0)
})
afterAll(async () => {
  await sb?.close()
})

const dateIn = (days: number): string => saoPauloDateKey(new Date(Date.now() + days * DAY))
const brl = (walletId: string): number => sb.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")?.balance ?? 0
/** Statement rows carrying an operation id (exactly-once proofs). */
const rowsOf = (operationId: string): number =>
  (sb.admin.ctx.db.prepare("SELECT count(*) AS n FROM statements WHERE operation_id = ?").get(operationId) as { n: number }).n
const clockTo = (days: number): void => {
  sb.admin.setClockOffset(Date.parse(`${dateIn(days)}T15:00:00Z`) - Date.now())
}

interface Made {
  readonly authorization: AutomaticAuthorization
  readonly qr_code: string
}
/** The admin route: a merchant requests an authorization (no wallet: a QR code's, journey 2). */
async function request(body: Record<string, unknown>): Promise<Made> {
  const r = await fetch(`${sb.url}/__admin/pix-automatic/requests`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  expect(r.status).toBe(201)
  return ((await r.json()) as { data: Made }).data
}
const auths = async (as: Session = ana) => (await cl.ok("automaticAuthorizations", { as, wallet: W.anaMain, query: { page_size: 100 } })).data.data
const payments = async () => (await cl.ok("automaticPayments", { as: ana, wallet: W.anaMain, query: { page_size: 100 } })).data.data

describe("Pix Automático authorizations (features §3, §4, §7)", () => {
  it("features §3 the seeded merchants' requests carry every field; listed newest first, 20 a page by default", async () => {
    const list = await cl.ok("automaticAuthorizations", { as: ana, wallet: W.anaMain })
    expect(list.data.page_size).toBe(20)
    const rows = list.data.data
    expect(rows.map((r) => r.status).sort()).toEqual(expect.arrayContaining(["ACTIVE", "PENDING", "PENDING", "REFUSED"]))
    const gym = rows.find((r) => r.contract_description === "Plano mensal academia")!
    expect(gym).toMatchObject({ journey: "JOURNEY_1", frequency: "MONTHLY", value: 9_990, status: "PENDING", payment_max_value: null, cancellation_id: null })
    expect(gym.beneficiary_document).toMatch(/^\d{14}$/)
    expect(gym.owner_document).toMatch(/^\d{11}$/)
    expect(gym.contract_number).toMatch(/^CT-/)
    const energy = rows.find((r) => r.contract_description === "Conta de energia")!
    expect([energy.value, energy.floor_max_value]).toEqual([null, 20_000])
    const one = await cl.ok("automaticAuthorization", { as: ana, wallet: W.anaMain, params: { id: gym.id } })
    expect(one.data).toEqual(gym)
  })

  it("features §2 §6 permissions: a client reads but may not act; an admin member acts; another user's wallet is refused", async () => {
    const [pending] = (await auths()).filter((r) => r.status === "PENDING")
    expect((await cl.ok("automaticAuthorizations", { as: helena, wallet: W.anaMain })).data.data.length).toBeGreaterThan(0)
    expect((await cl.ok("automaticPayments", { as: helena, wallet: W.anaMain })).data.page).toBe(1)
    expect((await cl.err("automaticAuthorizationReject", { as: helena, wallet: W.anaMain, tx: true, params: { id: pending!.id } })).status).toBe(403)
    expect((await cl.err("automaticAuthorizationCancel", { as: helena, wallet: W.anaMain, tx: true, params: { id: pending!.id } })).status).toBe(403)
    expect((await cl.err("automaticAuthorizations", { as: bruno, wallet: W.anaMain })).status).toBe(403)
    // an authorization of Ana's wallet is not found through Bruno's
    expect((await cl.err("automaticAuthorization", { as: bruno, wallet: W.brunoMatrix, params: { id: pending!.id } })).status).toBe(404)
    // diego is ADMIN of Ana's main wallet: he may change an active authorization's maximum (PIN)
    const active = (await auths()).find((r) => r.status === "ACTIVE")!
    const r = await cl.ok("automaticAuthorizationMaxValue", {
      as: diego,
      wallet: W.anaMain,
      tx: true,
      params: { id: active.id },
      body: { payment_max_value: 5_000, pin_token: await cl.pinToken(diego) }
    })
    expect(r.data.payment_max_value).toBe(5_000)
  })

  it("features §4 approve (PIN) is idempotent by transaction-uuid; approving, rejecting or cancelling from a status that does not allow it is refused", async () => {
    const made = await request({ wallet_id: W.anaMain, start_date: dateIn(15), value: 2_500, contract_description: "Idempotente" })
    const id = made.authorization.id
    expect(made.authorization.status).toBe("PENDING")
    // features §2: sensitive — without a PIN token it is refused
    expect(
      (await cl.err("automaticAuthorizationApprove", { as: ana, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: "" } })).body.error.key
    ).toBe("PIN_REQUIRED")
    const tx = "a0a0a0a0-0000-4000-8000-000000000013"
    const first = await cl.ok("automaticAuthorizationApprove", {
      as: ana,
      wallet: W.anaMain,
      tx,
      params: { id },
      body: { payment_max_value: 3_000, pin_token: await cl.pinToken(ana) }
    })
    expect(first.data).toMatchObject({ status: "ACTIVE", payment_max_value: 3_000 })
    expect(first.data.recurrence_created_at).not.toBeNull()
    const again = await cl.ok("automaticAuthorizationApprove", {
      as: ana,
      wallet: W.anaMain,
      tx,
      params: { id },
      body: { payment_max_value: 3_000, pin_token: await cl.pinToken(ana) }
    })
    expect(again.data).toEqual(first.data)
    // a new key: the transition is refused (already active)
    const e = await cl.err("automaticAuthorizationApprove", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      params: { id },
      body: { pin_token: await cl.pinToken(ana) }
    })
    expect([e.status, e.body.error.key]).toEqual([422, "PIX_AUTOMATIC_INVALID_STATUS"])
    expect((await cl.err("automaticAuthorizationReject", { as: ana, wallet: W.anaMain, tx: true, params: { id } })).body.error.key).toBe(
      "PIX_AUTOMATIC_INVALID_STATUS"
    )
    // cancelled: irreversible — approving, cancelling again or changing the maximum are refused
    expect((await cl.ok("automaticAuthorizationCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id } })).data.cancellation_id).not.toBeNull()
    for (const [ep, body] of [
      ["automaticAuthorizationApprove", { pin_token: await cl.pinToken(ana) }],
      ["automaticAuthorizationMaxValue", { payment_max_value: 9_000, pin_token: await cl.pinToken(ana) }]
    ] as const) {
      const x = await cl.err(ep, { as: ana, wallet: W.anaMain, tx: true, params: { id }, body })
      expect([x.status, x.body.error.key]).toEqual([422, "PIX_AUTOMATIC_INVALID_STATUS"])
    }
    expect((await cl.err("automaticAuthorizationCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id } })).body.error.key).toBe(
      "PIX_AUTOMATIC_INVALID_STATUS"
    )
  })

  it("features §3 PA-MAX the maximum value may not be below the merchant's floor nor the fixed value; reject answers a pending request", async () => {
    const made = await request({ wallet_id: W.anaMain, start_date: dateIn(20), floor_max_value: 10_000, charge_amount: 8_000, contract_description: "Piso" })
    const e = await cl.err("automaticAuthorizationApprove", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      params: { id: made.authorization.id },
      body: { payment_max_value: 9_999, pin_token: await cl.pinToken(ana) }
    })
    expect([e.status, e.body.error.key, e.body.error.fields?.["payment_max_value"]]).toEqual([
      422,
      "PIX_AUTOMATIC_MAX_BELOW_FLOOR",
      "PIX_AUTOMATIC_MAX_BELOW_FLOOR"
    ])
    const r = await cl.ok("automaticAuthorizationReject", { as: ana, wallet: W.anaMain, tx: true, params: { id: made.authorization.id } })
    expect(r.data.status).toBe("REFUSED")
  })

  it("features §4 approve by QR code: the composite BR Code is read with the Pix decoder, previewed, approved once; another wallet may not take it", async () => {
    const made = await request({ start_date: dateIn(8), value: 1_990, contract_description: "Por QR" })
    expect(made.authorization.journey).toBe("JOURNEY_2")
    expect(made.qr_code).toMatch(/^000201/)
    // not listed anywhere until someone approves it
    expect((await auths()).some((a) => a.id === made.authorization.id)).toBe(false)
    const preview = await cl.ok("automaticAuthorizationByQr", { as: ana, wallet: W.anaMain, query: { qr_code: made.qr_code } })
    expect(preview.data).toMatchObject({ id: made.authorization.id, status: "PENDING", value: 1_990 })
    // a code that is not an authorization, and a corrupted one
    const plain = await cl.err("automaticAuthorizationByQr", {
      as: ana,
      wallet: W.anaMain,
      query: { qr_code: made.qr_code.replace("80", "81").slice(0, -4) + "0000" }
    })
    expect(plain.status).toBe(422)
    const ok = await cl.ok("automaticAuthorizationApproveByQr", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { qr_code: made.qr_code, pin_token: await cl.pinToken(ana) }
    })
    expect(ok.data).toMatchObject({ id: made.authorization.id, status: "ACTIVE" })
    expect((await auths()).find((a) => a.id === made.authorization.id)?.status).toBe("ACTIVE")
    const taken = await cl.err("automaticAuthorizationApproveByQr", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { qr_code: made.qr_code, pin_token: await cl.pinToken(bruno) }
    })
    expect(taken.body.error.key).toBe("PIX_AUTOMATIC_QR_TAKEN")
  })
})

describe("Pix Automático charges on the sandbox clock (features §4)", () => {
  it("issue 13 an approved authorization is charged on its date once when the clock passes it twice (ledger), fetched by its Pix payment", async () => {
    const made = await request({ wallet_id: W.anaMain, frequency: "WEEKLY", start_date: dateIn(3), value: 1_234, contract_description: "Semanal" })
    const id = made.authorization.id
    await cl.ok("automaticAuthorizationApprove", { as: ana, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(ana) } })
    // the merchant charges up to 10 days ahead: days 3 and 10
    const mine = async () => (await payments()).filter((p) => p.authorization_id === id)
    expect((await mine()).map((p) => [p.payment_date, p.status])).toEqual([
      [dateIn(10), "SCHEDULED"],
      [dateIn(3), "SCHEDULED"]
    ])
    const before = brl(W.anaMain)
    clockTo(2)
    expect(brl(W.anaMain)).toBe(before)
    clockTo(3)
    clockTo(4)
    sb.admin.setClockOffset(0)
    clockTo(4)
    expect(brl(W.anaMain)).toBe(before - 1_234)
    const paid = (await mine()).find((p) => p.payment_date === dateIn(3))!
    expect(paid.status).toBe("EXECUTED")
    expect(rowsOf(paid.operation_id)).toBe(1)
    // features §4 fetched by Pix payment: by its operation id and its end-to-end id
    expect((await cl.ok("automaticPaymentByPix", { as: ana, wallet: W.anaMain, params: { id: paid.operation_id } })).data.id).toBe(paid.id)
    expect((await cl.ok("automaticPaymentByPix", { as: ana, wallet: W.anaMain, params: { id: paid.end_to_end_id! } })).data.id).toBe(paid.id)
  })

  it("features §4 PA-CANCEL-TODAY cancelling an authorization cancels its scheduled payments except the one due today: that one runs, later ones never do", async () => {
    const made = await request({ wallet_id: W.anaMain, frequency: "WEEKLY", start_date: dateIn(0), value: 555, contract_description: "Hoje" })
    const id = made.authorization.id
    await cl.ok("automaticAuthorizationApprove", { as: ana, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(ana) } })
    const mine = async () => (await payments()).filter((p) => p.authorization_id === id)
    expect((await mine()).map((p) => p.payment_date).sort()).toEqual([dateIn(0), dateIn(7)])
    const before = brl(W.anaMain)
    const pendingToday = (await mine()).find((p) => p.payment_date === dateIn(0))!.status
    await cl.ok("automaticAuthorizationCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id } })
    const now = await mine()
    expect(now.find((p) => p.payment_date === dateIn(7))?.status).toBe("CANCELLED")
    expect(now.find((p) => p.payment_date === dateIn(0))?.status).not.toBe("CANCELLED")
    clockTo(1)
    clockTo(30)
    const end = await mine()
    expect(end.find((p) => p.payment_date === dateIn(0))?.status).toBe("EXECUTED")
    expect(end.map((p) => p.payment_date).sort()).toEqual([dateIn(0), dateIn(7)])
    // today's charge ran exactly once, into one statement row carrying its operation id (it may have run before the cancel, on the real-time tick)
    const today = end.find((p) => p.payment_date === dateIn(0))!
    expect(rowsOf(today.operation_id)).toBe(1)
    expect(rowsOf(end.find((p) => p.payment_date === dateIn(7))!.operation_id)).toBe(0)
    expect(pendingToday === "EXECUTED" || brl(W.anaMain) <= before - 555).toBe(true)
  })

  it("features §4 PA-ABOVE-MAX a charge above the payer's maximum value fails with its reason; a scheduled charge can be cancelled once", async () => {
    const made = await request({
      wallet_id: W.anaMain,
      start_date: dateIn(2),
      floor_max_value: 1_000,
      charge_amount: 5_000,
      contract_description: "Acima do máximo"
    })
    await cl.ok("automaticAuthorizationApprove", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      params: { id: made.authorization.id },
      body: { payment_max_value: 3_000, pin_token: await cl.pinToken(ana) }
    })
    const charge = (await payments()).find((p) => p.authorization_id === made.authorization.id)!
    const before = brl(W.anaMain)
    clockTo(2)
    const failed = (await payments()).find((p) => p.id === charge.id)!
    expect([failed.status, failed.failure_reason]).toEqual(["FAILED", "ABOVE_MAXIMUM_VALUE"])
    expect(brl(W.anaMain)).toBe(before)
    // cancelling one charge of another authorization
    const other = await request({ wallet_id: W.anaMain, start_date: dateIn(5), value: 700, contract_description: "Cancelar um" })
    await cl.ok("automaticAuthorizationApprove", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      params: { id: other.authorization.id },
      body: { pin_token: await cl.pinToken(ana) }
    })
    const c = (await payments()).find((p) => p.authorization_id === other.authorization.id)!
    expect((await cl.err("automaticPaymentCancel", { as: helena, wallet: W.anaMain, tx: true, params: { id: c.id } })).status).toBe(403)
    expect((await cl.ok("automaticPaymentCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: c.id } })).data.status).toBe("CANCELLED")
    expect((await cl.err("automaticPaymentCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: c.id } })).body.error.key).toBe(
      "UNABLE_TO_PERFORM_ACTION"
    )
    const b2 = brl(W.anaMain)
    clockTo(6)
    expect((await payments()).find((p) => p.id === c.id)?.status).toBe("CANCELLED")
    expect(brl(W.anaMain)).toBe(b2)
  })

  it("features §4 a pending request not answered by its deadline expires", async () => {
    const made = await request({ wallet_id: W.anaMain, start_date: dateIn(30), value: 100, contract_description: "Expira" })
    clockTo(8)
    const r = await cl.ok("automaticAuthorization", { as: ana, wallet: W.anaMain, params: { id: made.authorization.id } })
    expect(r.data.status).toBe("EXPIRED")
  })
})
