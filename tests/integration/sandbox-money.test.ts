/**
 * Money moves exactly once (spec core §6 transaction-uuid; DESIGN "Commands": the command id is
 * the idempotency key, 409 means "may have completed"), the PIN step (features §2, core §8
 * attempts exceeded), conversions (features §5, §6), staged approval (features §3–§5: N
 * approvals pay once, one decision per approver, a reproval ends it, the 23:59:59 cut-off) and
 * the fault switches that exercise the client's reconciliation.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { spCutoffOf } from "../../sandbox/time.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, carla: Session, diego: Session, helena: Session, fabio: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

const brl = (walletId: string): number => sb.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")!.balance
const txRows = (walletId: string, tx: string): number => sb.admin.ledger(walletId).transactions.find((t) => t.transaction_uuid === tx)?.statement_rows ?? 0

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, pinLockS: 60 })
  cl = new SandboxClient(sb.url)
  ;[ana, carla, diego, helena, fabio] = await cl.loginAll(["ana", "carla", "diego", "helena", "fabio"])
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

describe("idempotency (core §6 transaction-uuid)", () => {
  it("spec core §6 a repeated transaction-uuid answers the first result and applies once (sequential and concurrent)", async () => {
    const tx = randomUUID()
    const before = brl(W.anaMain)
    const body = { key: "+5511987650000", amount: 2_345, description: "Marmita", pin_token: await cl.pinToken(ana) }
    const first = await cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx, body })
    expect(first.status).toBe(201)
    const again = await Promise.all([1, 2, 3].map(() => cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx, body })))
    for (const r of again) {
      expect(r.status).toBe(201)
      expect(r.json).toEqual(first.json)
      expect(r.headers.get("idempotent-replay")).toBe("true")
    }
    expect(brl(W.anaMain)).toBe(before - 2_345)
    expect(txRows(W.anaMain, tx)).toBe(1)
  })

  it("spec core §6 the same key with a different request is 409 CONFLICT_MAY_HAVE_COMPLETED; a missing key is 400", async () => {
    const tx = randomUUID()
    await cl.ok("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx,
      body: { key: "+5511987650000", amount: 100, description: "a", pin_token: await cl.pinToken(ana) }
    })
    const other = await cl.err("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx,
      body: { key: "+5511987650000", amount: 200, description: "a", pin_token: await cl.pinToken(ana) }
    })
    expect(other.status).toBe(409)
    expect(other.body.error.key).toBe("CONFLICT_MAY_HAVE_COMPLETED")
    const none = await cl.err("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx: false,
      body: { key: "+5511987650000", amount: 100, description: "a", pin_token: await cl.pinToken(ana) }
    })
    expect(none.status).toBe(400)
  })

  it("DESIGN faults: a 504 after commit, then the retry with the same key gets the committed result; nothing applies twice", async () => {
    const tx = randomUUID()
    const before = brl(W.anaMain)
    const body = { key: "+5511987650000", amount: 777, description: "Retry", pin_token: await cl.pinToken(ana) }
    await cl.admin("faults", { body: { fault_after_commit_rate: { "/users/v2/pix": 1 } } })
    const r1 = await cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx, body })
    expect(r1.status).toBe(504)
    // the connection dropped after commit: the client sees a network error, not an answer
    await cl.admin("faults", { body: { after_commit_mode: "drop" } })
    const tx2 = randomUUID()
    // a PIN authorises one command (issue 30 item 3): the second command has its own token; the replays below need none
    await expect(cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx: tx2, body: { ...body, pin_token: await cl.pinToken(ana) } })).rejects.toThrow()
    // while the fault lasts, a replay's answer is lost the same way (the network keeps dropping), and applies nothing
    await expect(cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx: tx2, body })).rejects.toThrow()
    expect(txRows(W.anaMain, tx2)).toBe(1)
    await cl.admin("resetFaults")
    for (const key of [tx, tx2]) {
      const again = await cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx: key, body })
      expect(again.status).toBe(201)
      expect(again.headers.get("idempotent-replay")).toBe("true")
      expect(txRows(W.anaMain, key)).toBe(1)
    }
    expect(brl(W.anaMain)).toBe(before - 2 * 777)
  })

  it("DESIGN faults: failures before the handler apply nothing; 429 bursts carry Retry-After", async () => {
    const before = brl(W.anaMain)
    await cl.admin("faults", { body: { error_rate: { "/users/v2/pix": 1 }, status: 503 } })
    const r = await cl.raw("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "+5511987650000", amount: 100, description: "x", pin_token: await cl.pinToken(ana) }
    })
    expect(r.status).toBe(503)
    expect(brl(W.anaMain)).toBe(before)
    await cl.admin("faults", { body: { error_rate: {}, burst_429: { count: 2, retry_after_s: 3 } } })
    const a = await cl.err("profile", { as: ana })
    const b = await cl.err("profile", { as: ana })
    expect([a.status, b.status]).toEqual([429, 429])
    expect(a.headers.get("retry-after")).toBe("3")
    await cl.ok("profile", { as: ana })
    await cl.admin("resetFaults")
  })
})

describe("PIN step (features §2, core §8)", () => {
  it("spec features §2 a sensitive call without a valid pin_token is 422 PIN_REQUIRED (another user's token too)", async () => {
    const q = await cl.ok("spotQuote", { as: ana, wallet: W.anaMain, query: { base: "BTC", quote: "BRL" } })
    const body = { quote_id: q.data.quote_id, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 10_000 }
    expect((await cl.err("convert", { as: ana, wallet: W.anaMain, tx: true, body })).body.error.key).toBe("PIN_REQUIRED")
    expect((await cl.err("convert", { as: ana, wallet: W.anaMain, tx: true, body: { ...body, pin_token: await cl.pinToken(carla) } })).body.error.key).toBe(
      "PIN_REQUIRED"
    )
  })

  it("spec core §8 wrong PIN: 422 INCORRECT_PIN four times, the 5th is 429 ATTEMPTS_EXCEEDED with Retry-After; the lock ends", async () => {
    for (let i = 0; i < 4; i++) {
      const r = await cl.err("verifyPin", { as: fabio, body: { pin: "9999" } })
      expect(r.status).toBe(422)
      expect(r.body.error.key).toBe("INCORRECT_PIN")
    }
    const fifth = await cl.err("verifyPin", { as: fabio, body: { pin: "9999" } })
    expect(fifth.status).toBe(429)
    expect(fifth.body.error.key).toBe("ATTEMPTS_EXCEEDED")
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await cl.err("verifyPin", { as: fabio, body: { pin: "1234" } })).status).toBe(429)
    // the lock (60 s) ends: its time passed, not slept through (a 2 s lock could end before the 6th try on a loaded machine)
    sb.admin.passRealTime(60_000)
    await cl.pinToken(fabio)
  })
})

describe("conversion (features §5, §6)", () => {
  it("spec features §6 a conversion moves both balances once and writes CONVERSION_OUT/IN with the transaction-uuid", async () => {
    const l0 = sb.admin.ledger(W.anaMain)
    const q = await cl.ok("spotQuote", { as: ana, wallet: W.anaMain, query: { base: "BRL", quote: "ETH" } })
    expect(q.data.base).toBe("ETH")
    const tx = randomUUID()
    const body = { quote_id: q.data.quote_id, side: "buy", from_currency: "BRL", to_currency: "ETH", amount: 250_000, pin_token: await cl.pinToken(ana) }
    const c = await cl.ok("convert", { as: ana, wallet: W.anaMain, tx, body })
    await cl.ok("convert", { as: ana, wallet: W.anaMain, tx, body })
    const l1 = sb.admin.ledger(W.anaMain)
    const bal = (l: typeof l0, c: string) => l.balances.find((b) => b.currency_symbol === c)!.balance
    expect(bal(l1, "BRL")).toBe(bal(l0, "BRL") - 250_000)
    expect(bal(l1, "ETH")).toBe(bal(l0, "ETH") + c.data.to_amount)
    expect(c.data.iof_amount).toBe(950) // 38 bps of R$ 2.500,00
    expect(txRows(W.anaMain, tx)).toBe(2)
    const rows = await cl.ok("statement", { as: ana, wallet: W.anaMain, query: { type: "CONVERSION_OUT,CONVERSION_IN", page_size: 2 } })
    expect(rows.data.data.map((r) => r.transaction_uuid)).toEqual([tx, tx])
  })

  it("spec features §5/§6 conversion rules: default wallet only, locked currencies, minimum, balance, expired quote", async () => {
    const pin = await cl.pinToken(ana)
    const quote = async () => (await cl.ok("spotQuote", { as: ana, wallet: W.anaMain, query: { base: "BTC", quote: "BRL" } })).data.quote_id
    const conv = (wallet: string, body: object) =>
      cl.err("convert", { as: ana, wallet, tx: true, body: { side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 10_000, pin_token: pin, ...body } })
    expect((await conv(W.anaReserve, { quote_id: await quote() })).body.error.key).toBe("CONVERSION_ONLY_DEFAULT_WALLET")
    expect((await conv(W.anaMain, { quote_id: await quote(), to_currency: "EUR" })).body.error.key).toBe("CURRENCY_NOT_CONVERTIBLE")
    expect((await cl.err("spotQuote", { as: ana, wallet: W.anaMain, query: { base: "USD", quote: "BRL" } })).body.error.key).toBe("CURRENCY_NOT_CONVERTIBLE")
    expect((await conv(W.anaMain, { quote_id: await quote(), amount: 999 })).body.error.key).toBe("AMOUNT_BELOW_MINIMUM")
    expect((await conv(W.anaMain, { quote_id: await quote(), side: "sell", from_currency: "BTC", to_currency: "BRL", amount: 10 ** 12 })).body.error.key).toBe(
      "INSUFFICIENT_BALANCE"
    )
    const old = await quote()
    sb.admin.setClockOffset(31_000)
    expect((await conv(W.anaMain, { quote_id: old })).body.error.key).toBe("QUOTE_EXPIRED")
    sb.admin.setClockOffset(0)
    expect(
      (
        await cl.err("convert", {
          as: carla,
          wallet: W.anaMain,
          tx: true,
          body: { quote_id: old, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 10_000, pin_token: await cl.pinToken(carla) }
        })
      ).status
    ).toBe(403)
  })
})

describe("staged approval (features §3–§5)", () => {
  const payBig = async (amount: number, tx = randomUUID()): Promise<{ id: string; tx: string }> => {
    const r = await cl.ok("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx,
      body: { key: "11222333000181", amount, description: "Equipamentos", pin_token: await cl.pinToken(ana) }
    })
    expect(r.data.status).toBe("awaiting_approval")
    return { id: r.data.approval_request_id!, tx }
  }
  const decide = (as: Session, id: string, verb: "approvalApprove" | "approvalReprove") =>
    cl.pinToken(as).then((pin) => cl.raw(verb, { as, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: pin } }))

  it("spec features §4 reaching N approvals pays once; the same approver cannot decide twice; the requester cannot approve", async () => {
    const before = brl(W.anaMain)
    const { id, tx } = await payBig(150_000)
    expect(brl(W.anaMain)).toBe(before) // held for approval, not paid
    const req = await cl.ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id } })
    expect(req.data.required_approvals).toBe(2)
    const cutoff = spCutoffOf(Date.parse(req.data.created_at))
    expect(Date.parse(req.data.expires_at)).toBe(cutoff)
    expect((await decide(carla, id, "approvalApprove")).status).toBe(200)
    const twice = await decide(carla, id, "approvalApprove")
    expect((twice.json as { error: { key: string } }).error.key).toBe("APPROVAL_ALREADY_DECIDED")
    expect((await decide(ana, id, "approvalApprove")).status).toBe(403)
    expect(brl(W.anaMain)).toBe(before)
    const last = await decide(diego, id, "approvalApprove")
    expect(last.status).toBe(200)
    const done = (last.json as { data: { status: string; operation_id: string } }).data
    expect(done.status).toBe("finished")
    expect(done.operation_id).toBeTruthy()
    expect(brl(W.anaMain)).toBe(before - 150_000)
    expect(txRows(W.anaMain, tx)).toBe(1)
    const closed = await decide(ana, id, "approvalReprove")
    expect((closed.json as { error: { key: string } }).error.key).toBe("APPROVAL_REQUEST_CLOSED")
    const row = await cl.ok("pixReceipt", { as: ana, wallet: W.anaMain, params: { id: done.operation_id } })
    expect(row.data.entry?.amount).toBe(150_000)
  })

  it("spec features §4 concurrent final approvals still pay once", async () => {
    const before = brl(W.anaMain)
    const { id } = await payBig(110_000)
    // two approvers, both deciding at the same moment; then a third approver with permission (owner is the requester)
    await cl.ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT", "APPROVER"] } })
    const results = await Promise.all([decide(carla, id, "approvalApprove"), decide(diego, id, "approvalApprove"), decide(helena, id, "approvalApprove")])
    await cl.ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT"] } })
    expect(results.filter((r) => r.status === 200).length).toBe(2)
    expect(brl(W.anaMain)).toBe(before - 110_000)
  })

  it("spec features §4 a reproval ends the request; later approvals are refused", async () => {
    const before = brl(W.anaMain)
    const { id } = await payBig(120_000)
    const r = await decide(diego, id, "approvalReprove")
    expect((r.json as { data: { status: string } }).data.status).toBe("reproved")
    const late = await decide(carla, id, "approvalApprove")
    expect((late.json as { error: { key: string } }).error.key).toBe("APPROVAL_REQUEST_CLOSED")
    expect(brl(W.anaMain)).toBe(before)
  })

  it("spec features §6 Helena (CLIENT only) cannot see another's approval request nor decide it, but reads the history", async () => {
    const { id } = await payBig(130_000)
    expect((await cl.ok("approvalRequests", { as: helena, wallet: W.anaMain })).data.data.some((r) => r.id === id)).toBe(false) // D-approval-quorum: her own only
    expect((await decide(helena, id, "approvalApprove")).status).toBe(403)
    await cl.ok("approvalHistory", { as: helena, wallet: W.anaMain })
  })

  it("spec features §4, §9 the cut-off at 23:59:59 UTC-3 cancels started requests (timer and admin run)", async () => {
    const { id } = await payBig(140_000)
    const created = Date.parse((await cl.ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id } })).data.created_at)
    // move the business clock to 1.2 s before today's cut-off: the server's timer fires by itself
    sb.admin.setClockOffset(spCutoffOf(created) - Date.now() - 1200)
    // waited for, not slept through: a loaded machine may run the 1.2 s timer late (a guard of 20 s, not a limit)
    let status = ""
    for (const until = Date.now() + 20_000; status !== "canceled" && Date.now() < until; await new Promise((r) => setTimeout(r, 100)))
      status = (await cl.ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id } })).data.status
    expect(status).toBe("canceled")
    const late = await decide(carla, id, "approvalApprove")
    expect((late.json as { error: { key: string } }).error.key).toBe("APPROVAL_REQUEST_CLOSED")
    sb.admin.setClockOffset(0)
    const other = await cl.admin("approvalRequestCreate", { body: { wallet_id: W.anaMain, amount: 200_000 } })
    expect(other.data.status).toBe("started")
    const run = await cl.admin("runCutoff", { body: { all: true } })
    expect(run.data.canceled).toContain(other.data.id)
    const queue = await cl.ok("approvalRequests", { as: carla, wallet: W.anaMain })
    expect(queue.data.total).toBe(0)
  })
})
