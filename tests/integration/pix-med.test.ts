/**
 * MED — contesting a sent Pix — over real HTTP (issue 32 item 1; docs/decisions.md D-pix-med): the 80-day
 * window on the business clock, one contest per Pix, only a Pix sent, a reason required, the block of
 * min(amount, what the receiver has free) enforced by the ledger, the decision after 7 days with the
 * devolution in the ledger exactly once however often the clock passes, the defence closed after the
 * analysis, the list on both sides and nowhere else, notifications to both. The tests that move the
 * clock forward come last: the clock stamps rows strictly increasing, so after a jump forward later rows
 * are stamped in that future.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { medBlockedOf } from "../../sandbox/areas/pix-med/db.ts"
import { MED_ANALYSIS_DAYS, MED_WINDOW_DAYS } from "../../schema/pix-med.ts"

const DAY = 86_400_000
let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena] = (await Promise.all(["ana", "bruno", "helena"].map((u) => cl.login(`${u}@example.com`)))) as [Session, Session, Session]
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

const brl = (w: string): number => sb.admin.ledger(w).balances.find((b) => b.currency_symbol === "BRL")!.balance

/** Ana pays Bruno by key; the Pix's end-to-end id. */
const anaPaysBruno = async (amount: number): Promise<string> => {
  const r = await cl.ok("pixPayByKey", {
    as: ana,
    wallet: W.anaMain,
    tx: true,
    body: { key: "bruno@example.com", amount, description: "", pin_token: await cl.pinToken(ana) }
  })
  return r.data.end_to_end_id!
}

const open = async (e2e: string, reason = "fraud", tx: string | boolean = true, description = "Golpe do falso parente") =>
  cl.raw("pixMedContestOpen", {
    as: ana,
    wallet: W.anaMain,
    tx,
    body: { end_to_end_id: e2e, reason, description, pin_token: await cl.pinToken(ana) }
  })

const contestsOf = (e2e: string): number => (sb.db.prepare("SELECT count(*) AS n FROM pix_med_contests WHERE end_to_end_id = ?").get(e2e) as { n: number }).n
const notesOf = (userId: string, title: string): number =>
  (sb.db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND title = ?").get(userId, title) as { n: number }).n

describe("MED — contest a sent Pix (issue 32 item 1)", () => {
  it("issue 32: opens with a reason; blocks the whole amount when the receiver has it; both sides list it; idempotent by transaction-uuid; notifications to both", async () => {
    const e2e = await anaPaysBruno(2_500)
    const blockedBefore = medBlockedOf(sb.db, W.brunoMatrix)
    const tx = "5a1f0d3e-0000-4000-8000-0000000000a1"
    const first = await open(e2e, "scam", tx)
    expect(first.status).toBe(201)
    const again = await open(e2e, "scam", tx) // a retry of the same command: answered, not applied twice
    expect(again.status).toBe(201)
    expect(contestsOf(e2e)).toBe(1)
    const c = (first.json as { data: { id: string; status: string; blocked_amount: number; amount: number; role: string } }).data
    expect([c.status, c.amount, c.blocked_amount, c.role]).toEqual(["opened", 2_500, 2_500, "payer"])
    expect(medBlockedOf(sb.db, W.brunoMatrix) - blockedBefore).toBe(2_500)
    const payerList = await cl.ok("pixMedContests", { as: ana, wallet: W.anaMain })
    const receiverList = await cl.ok("pixMedContests", { as: bruno, wallet: W.brunoMatrix })
    expect(payerList.data.data.find((r) => r.id === c.id)?.role).toBe("payer")
    expect(receiverList.data.data.find((r) => r.id === c.id)).toMatchObject({ role: "receiver", blocked_amount: 2_500, reason: "scam" })
    // wallet-scoped and permission-checked: Helena (CLIENT on Ana's wallet, not a member of Bruno's) reads Ana's side only
    expect((await cl.ok("pixMedContests", { as: helena, wallet: W.anaMain })).data.data.find((r) => r.id === c.id)?.role).toBe("payer")
    expect((await cl.err("pixMedContests", { as: helena, wallet: W.brunoMatrix })).status).toBe(403)
    // and may not open one (opening is held with paying by key, which a CLIENT holds; the defence is ADMIN's)
    expect((await cl.err("pixMedDefence", { as: helena, wallet: W.anaMain, tx: true, params: { id: c.id }, body: { defence: "x" } })).status).toBe(403)
    expect(notesOf(ana.userId, "Contestação de Pix aberta")).toBeGreaterThanOrEqual(1)
    expect(notesOf(bruno.userId, "Pix contestado")).toBeGreaterThanOrEqual(1)
    // worded in the user's language by the client (a message key and its values, D-approval-quorum)
    const msg = sb.db
      .prepare("SELECT message_json FROM notifications WHERE user_id = ? AND title = 'Pix contestado' ORDER BY created_at DESC LIMIT 1")
      .get(bruno.userId) as {
      message_json: string
    }
    expect(JSON.parse(msg.message_json)).toMatchObject({ key: "medOpenedReceiver", params: { amount: 2_500 } })
  })

  it("issue 32 bad input: twice for one Pix → 422 PIX_MED_ALREADY_CONTESTED, nothing changed", async () => {
    const e2e = await anaPaysBruno(700)
    expect((await open(e2e)).status).toBe(201)
    const blocked = medBlockedOf(sb.db, W.brunoMatrix)
    const second = await cl.err("pixMedContestOpen", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { end_to_end_id: e2e, reason: "fraud", description: "", pin_token: await cl.pinToken(ana) }
    })
    expect([second.status, second.body.error.key]).toEqual([422, "PIX_MED_ALREADY_CONTESTED"])
    expect([contestsOf(e2e), medBlockedOf(sb.db, W.brunoMatrix)]).toEqual([1, blocked])
  })

  it("issue 32 bad input: a Pix received is refused (PIX_MED_NOT_SENT); no reason → 422 with the field; a stranger's Pix → 404; nothing written", async () => {
    const e2e = await anaPaysBruno(300)
    const received = await cl.err("pixMedContestOpen", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { end_to_end_id: e2e, reason: "fraud", description: "", pin_token: await cl.pinToken(bruno) }
    })
    expect([received.status, received.body.error.key]).toEqual([422, "PIX_MED_NOT_SENT"])
    const noReason = await cl.err("pixMedContestOpen", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { end_to_end_id: e2e, reason: "", description: "", pin_token: await cl.pinToken(ana) }
    })
    expect([noReason.status, noReason.body.error.key, noReason.body.error.fields?.["reason"]]).toEqual([422, "INCORRECT_DATA", "VALIDATION_REQUIRED"])
    const tooLong = await cl.err("pixMedContestOpen", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { end_to_end_id: e2e, reason: "fraud", description: "x".repeat(141), pin_token: await cl.pinToken(ana) }
    })
    expect(tooLong.body.error.fields?.["description"]).toBe("VALIDATION_MAX")
    const unknown = await cl.err("pixMedContestOpen", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { end_to_end_id: "E99999999202601010000xxxxxxxxxxx", reason: "fraud", description: "", pin_token: await cl.pinToken(ana) }
    })
    expect(unknown.status).toBe(404)
    expect(contestsOf(e2e)).toBe(0)
  })

  it("issue 32: the block is min(amount, what the receiver has free), and the ledger refuses a debit into it", async () => {
    const e2e = await anaPaysBruno(5_000)
    // leave Bruno 1,200 cents free: the test moves his balance directly (a test aid, not a ledger movement)
    const balance = brl(W.brunoMatrix)
    const free = 1_200
    const blockedNow = medBlockedOf(sb.db, W.brunoMatrix)
    sb.db.prepare("UPDATE wallet_accounts SET balance = ? WHERE wallet_id = ? AND currency_symbol = 'BRL'").run(blockedNow + free, W.brunoMatrix)
    try {
      const r = await open(e2e, "coercion")
      expect(r.status).toBe(201)
      expect((r.json as { data: { blocked_amount: number } }).data.blocked_amount).toBe(free)
      // Bruno cannot pay out of the blocked money: everything he has is blocked
      const spend = await cl.err("pixPayByKey", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { key: "ana@example.com", amount: 1, description: "", pin_token: await cl.pinToken(bruno) }
      })
      expect(spend.body.error.key).toBe("INSUFFICIENT_BALANCE")
    } finally {
      sb.db.prepare("UPDATE wallet_accounts SET balance = ? WHERE wallet_id = ? AND currency_symbol = 'BRL'").run(balance, W.brunoMatrix)
    }
  })

  it(`issue 32: the ${MED_WINDOW_DAYS}-day window on the business clock — a day before its end accepted, a minute after refused (PIX_MED_EXPIRED)`, async () => {
    const inside = await anaPaysBruno(110)
    const outside = await anaPaysBruno(120)
    const paidAt = (e2e: string) =>
      Date.parse(
        (sb.db.prepare("SELECT created_at FROM statements WHERE end_to_end_id = ? AND type = 'PIX_OUT'").get(e2e) as { created_at: string }).created_at
      )
    try {
      sb.admin.setClockOffset(paidAt(outside) + MED_WINDOW_DAYS * DAY + 60_000 - Date.now())
      const late = await cl.err("pixMedContestOpen", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { end_to_end_id: outside, reason: "fraud", description: "", pin_token: await cl.pinToken(ana) }
      })
      expect([late.status, late.body.error.key]).toEqual([422, "PIX_MED_EXPIRED"])
      expect(contestsOf(outside)).toBe(0)
      sb.admin.setClockOffset(paidAt(inside) + (MED_WINDOW_DAYS - 1) * DAY - Date.now())
      const ok = await cl.ok("pixMedContestOpen", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { end_to_end_id: inside, reason: "fraud", description: "", pin_token: await cl.pinToken(ana) }
      })
      expect([ok.data.status, ok.data.blocked_amount]).toEqual(["opened", 110])
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it(`issue 32: after ${MED_ANALYSIS_DAYS} days accepted — the blocked amount back to the payer through the ledger exactly once, however often the clock passes; the defence after the end is refused`, async () => {
    const e2e = await anaPaysBruno(4_321)
    const r = await open(e2e, "fraud")
    const id = (r.json as { data: { id: string } }).data.id
    const openedAt = Date.parse((sb.db.prepare("SELECT created_at FROM pix_med_contests WHERE id = ?").get(id) as { created_at: string }).created_at)
    // a defence before the end is taken (fraud: it does not change the decision)
    const def = await cl.ok("pixMedDefence", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id }, body: { defence: "Vendi o produto e entreguei." } })
    expect(def.data.defence).toBe("Vendi o produto e entreguei.")
    try {
      sb.admin.setClockOffset(openedAt + MED_ANALYSIS_DAYS * DAY - 60_000 - Date.now())
      expect((await cl.ok("pixMedContests", { as: ana, wallet: W.anaMain })).data.data.find((c) => c.id === id)?.status).toBe("under_analysis")
      sb.admin.setClockOffset(openedAt + MED_ANALYSIS_DAYS * DAY + 60_000 - Date.now())
      sb.admin.setClockOffset(openedAt + MED_ANALYSIS_DAYS * DAY + 2 * DAY - Date.now()) // the clock passes again
      const c = (await cl.ok("pixMedContests", { as: ana, wallet: W.anaMain })).data.data.find((x) => x.id === id)!
      expect([c.status, c.returned_amount, c.refusal_reason]).toEqual(["accepted", 4_321, null])
      // exactly once in the ledger: one REFUND in to Ana and one out of Bruno, of the blocked amount (other seeded
      // schedules also run when the clock jumps, so balances are not compared here)
      const legs = sb.db
        .prepare("SELECT wallet_id, direction, amount FROM statements WHERE type = 'REFUND' AND end_to_end_id = ? ORDER BY direction")
        .all(c.devolution_end_to_end_id)
      expect(legs).toEqual([
        { wallet_id: W.anaMain, direction: "in", amount: 4_321 },
        { wallet_id: W.brunoMatrix, direction: "out", amount: 4_321 }
      ])
      expect(notesOf(ana.userId, "Contestação aceita")).toBeGreaterThanOrEqual(1)
      const late = await cl.err("pixMedDefence", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id }, body: { defence: "Tarde demais" } })
      expect([late.status, late.body.error.key]).toEqual([422, "PIX_MED_DEFENCE_CLOSED"])
      // the payer cannot send the receiver's defence
      expect((await cl.err("pixMedDefence", { as: ana, wallet: W.anaMain, tx: true, params: { id }, body: { defence: "x" } })).status).toBe(404)
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("D-pix-med decision rule: an operational failure answered with a defence is refused with its reason, and the block is lifted", async () => {
    const e2e = await anaPaysBruno(999)
    const r = await open(e2e, "operational_failure")
    const id = (r.json as { data: { id: string; created_at: string } }).data.id
    await cl.ok("pixMedDefence", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id }, body: { defence: "O valor era devido." } })
    const before = [brl(W.anaMain), brl(W.brunoMatrix)]
    const openedAt = Date.parse((r.json as { data: { created_at: string } }).data.created_at)
    try {
      sb.admin.setClockOffset(openedAt + MED_ANALYSIS_DAYS * DAY + 60_000 - Date.now())
      const c = (await cl.ok("pixMedContests", { as: bruno, wallet: W.brunoMatrix })).data.data.find((x) => x.id === id)!
      expect([c.status, c.refusal_reason, c.returned_amount]).toEqual(["refused", "receiver_defence", 0])
      expect([brl(W.anaMain), brl(W.brunoMatrix)]).toEqual(before)
      expect(sb.db.prepare("SELECT count(*) AS n FROM pix_med_contests WHERE id = ? AND status IN ('opened','under_analysis')").get(id)).toEqual({ n: 0 })
    } finally {
      sb.admin.setClockOffset(0)
    }
  })
})
