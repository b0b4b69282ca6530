/**
 * Devolution of a received Pix over real HTTP (spec features §1, §2 pay/{id}/devolution, §7
 * /users/v2/pix/devolutions; issue 12): full or partial, never more than received (sum of devolutions),
 * within 90 days on the sandbox clock, idempotent by transaction-uuid, permissions per wallet, and the
 * payer (a seeded user) credited once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"

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

/** Ana pays Bruno by key; Bruno's PIX_IN row id (the payment a devolution names). */
const anaPaysBruno = async (amount: number): Promise<string> => {
  const r = await cl.ok("pixPayByKey", {
    as: ana,
    wallet: W.anaMain,
    tx: true,
    body: { key: "bruno@example.com", amount, description: "", pin_token: await cl.pinToken(ana) }
  })
  const row = sb.db.prepare("SELECT id FROM statements WHERE end_to_end_id = ? AND type = 'PIX_IN'").get(r.data.end_to_end_id) as { id: string }
  return row.id
}

describe("Pix devolution (features §1, §2, §7)", () => {
  it("partial then the rest; never more than received; the same transaction-uuid applied once; Ana credited once per devolution", async () => {
    const paymentId = await anaPaysBruno(10_000)
    const info = await cl.ok("pixDevolutionInfo", { as: bruno, wallet: W.brunoMatrix, query: { payment_id: paymentId } })
    expect([info.data.amount, info.data.devolved, info.data.available]).toEqual([10_000, 0, 10_000])
    const before = [brl(W.anaMain), brl(W.brunoMatrix)]
    const tx = "7d0f7a2e-0000-4000-8000-000000000001"
    const body = { payment_id: paymentId, amount: 4_000, description: "Troco", pin_token: await cl.pinToken(bruno) }
    await cl.ok("pixDevolutionCreate", { as: bruno, wallet: W.brunoMatrix, tx, body })
    await cl.ok("pixDevolutionCreate", { as: bruno, wallet: W.brunoMatrix, tx, body }) // a retry: answered, not applied
    const over = await cl.err("pixDevolutionCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { ...body, amount: 6_001, pin_token: await cl.pinToken(bruno) }
    })
    expect([over.status, over.body.error.key]).toEqual([422, "PIX_DEVOLUTION_OVER_RECEIVED"])
    await cl.ok("pixDevolutionCreate", { as: bruno, wallet: W.brunoMatrix, tx: true, body: { ...body, amount: 6_000, pin_token: await cl.pinToken(bruno) } })
    const after = await cl.ok("pixDevolutionInfo", { as: bruno, wallet: W.brunoMatrix, query: { payment_id: paymentId } })
    expect([after.data.devolved, after.data.available, after.data.devolutions.length]).toEqual([10_000, 0, 2])
    expect([brl(W.anaMain) - before[0]!, brl(W.brunoMatrix) - before[1]!]).toEqual([10_000, -10_000])
    const none = await cl.err("pixDevolutionCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { ...body, amount: 1, pin_token: await cl.pinToken(bruno) }
    })
    expect(none.body.error.key).toBe("PIX_DEVOLUTION_OVER_RECEIVED")
  })

  it("features §1 (BCB) 90 days: after them a devolution is refused (sandbox clock)", async () => {
    const paymentId = await anaPaysBruno(500)
    sb.admin.setClockOffset(91 * 86_400_000)
    try {
      const e = await cl.err("pixDevolutionCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { payment_id: paymentId, amount: 100, description: "", pin_token: await cl.pinToken(bruno) }
      })
      expect([e.status, e.body.error.key]).toEqual([422, "PIX_DEVOLUTION_EXPIRED"])
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §2 permissions: a payment of another wallet is not found; a client reads but cannot return; a PIX_OUT is not a payment to return", async () => {
    const paymentId = await anaPaysBruno(300)
    expect((await cl.err("pixDevolutionInfo", { as: ana, wallet: W.anaMain, query: { payment_id: paymentId } })).status).toBe(404)
    expect((await cl.err("pixDevolutionInfo", { as: ana, wallet: W.brunoMatrix, query: { payment_id: paymentId } })).status).toBe(403)
    const anaIn = await (async () => {
      const r = await cl.ok("pixPayByKey", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { key: "ana@example.com", amount: 200, description: "", pin_token: await cl.pinToken(bruno) }
      })
      return (sb.db.prepare("SELECT id FROM statements WHERE end_to_end_id = ? AND type = 'PIX_IN'").get(r.data.end_to_end_id) as { id: string }).id
    })()
    expect((await cl.ok("pixDevolutionInfo", { as: helena, wallet: W.anaMain, query: { payment_id: anaIn } })).data.available).toBe(200)
    expect(
      (
        await cl.err("pixDevolutionCreate", {
          as: helena,
          wallet: W.anaMain,
          tx: true,
          body: { payment_id: anaIn, amount: 100, description: "", pin_token: await cl.pinToken(helena) }
        })
      ).status
    ).toBe(403)
    const out = sb.db.prepare("SELECT id FROM statements WHERE wallet_id = ? AND type = 'PIX_OUT' LIMIT 1").get(W.anaMain) as { id: string }
    expect((await cl.err("pixDevolutionInfo", { as: ana, wallet: W.anaMain, query: { payment_id: out.id } })).status).toBe(404)
  })
})
