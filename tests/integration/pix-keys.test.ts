/**
 * Pix keys and settlement between the sandbox's accounts (spec features §2 my-keys, §5 Pix key
 * rules, §7 "Pix keys and claims", §8, §9 "current of maximum"; issue 12): the contract's shapes,
 * the rules, permissions per wallet, idempotency, and a payment by key that debits the payer and
 * credits the holder exactly once.
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

const doc = (email: string): string => (sb.db.prepare("SELECT document FROM users WHERE email = ?").get(email) as { document: string }).document

describe("Pix keys (features §2, §5, §7, §9)", () => {
  it("features §7 §9 the list is read from data.data with the account's limit: 5 for a person, 20 for a company", async () => {
    const a = await cl.ok("pixKeys", { as: ana, wallet: W.anaMain })
    expect(a.data.data.map((k) => k.key_type).sort()).toEqual(["cpf", "email", "phone", "random"])
    expect(a.data.limit).toBe(5)
    expect((await cl.ok("pixKeys", { as: bruno, wallet: W.brunoMatrix })).data.limit).toBe(20)
  })

  it("features §5 §8 a CPF key must be the holder's own CPF; a taken key is refused; the 6th key is over the limit", async () => {
    const other = doc("carla@example.com")
    const notRelated = await cl.err("pixKeyCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key_type: "cpf", key: other, pin_token: await cl.pinToken(ana) }
    })
    expect([notRelated.status, notRelated.body.error.key]).toEqual([422, "PIX_KEY_DOCUMENT_NOT_RELATED"])
    const taken = await cl.err("pixKeyCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key_type: "email", key: "bruno@example.com", pin_token: await cl.pinToken(ana) }
    })
    expect([taken.status, taken.body.error.key]).toEqual([422, "PIX_KEY_ALREADY_REGISTERED"])
    const bad = await cl.err("pixKeyCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key_type: "email", key: "not an e-mail", pin_token: await cl.pinToken(ana) }
    })
    expect([bad.status, bad.body.error.fields?.["key"]]).toEqual([422, "VALIDATION_PIX_KEY"])
    // the 5th key is accepted (idempotent by transaction-uuid), the 6th refused
    const tx = "5b0f7a2e-0000-4000-8000-000000000001"
    const fifth = await cl.ok("pixKeyCreate", { as: ana, wallet: W.anaMain, tx, body: { key_type: "random", pin_token: await cl.pinToken(ana) } })
    const again = await cl.ok("pixKeyCreate", { as: ana, wallet: W.anaMain, tx, body: { key_type: "random", pin_token: await cl.pinToken(ana) } })
    expect(again.data.id).toBe(fifth.data.id)
    const sixth = await cl.err("pixKeyCreate", { as: ana, wallet: W.anaMain, tx: true, body: { key_type: "random", pin_token: await cl.pinToken(ana) } })
    expect([sixth.status, sixth.body.error.key]).toEqual([422, "PIX_KEY_LIMIT_REACHED"])
    expect((await cl.ok("pixKeys", { as: ana, wallet: W.anaMain })).data.total).toBe(5)
    // delete frees a place
    await cl.ok("pixKeyDelete", { as: ana, wallet: W.anaMain, tx: true, params: { id: fifth.data.id }, body: { pin_token: await cl.pinToken(ana) } })
    expect((await cl.ok("pixKeys", { as: ana, wallet: W.anaMain })).data.total).toBe(4)
  })

  it("features §2 §6 permissions: a client reads the keys but cannot create one; another user's wallet is refused", async () => {
    expect((await cl.ok("pixKeys", { as: helena, wallet: W.anaMain })).data.total).toBeGreaterThan(0)
    expect(
      (await cl.err("pixKeyCreate", { as: helena, wallet: W.anaMain, tx: true, body: { key_type: "random", pin_token: await cl.pinToken(helena) } })).status
    ).toBe(403)
    expect((await cl.err("pixKeys", { as: bruno, wallet: W.anaMain })).status).toBe(403)
  })

  it("issue 12 a payment by a seeded user's key decodes to them, debits the payer and credits the holder exactly once", async () => {
    const decoded = await cl.ok("pixDecodeByKey", { as: ana, wallet: W.anaMain, query: { key: "bruno@example.com" } })
    expect(decoded.data.beneficiary_name).toBe("Lima & Filhos Comércio de Alimentos Ltda")
    const before = [sb.admin.ledger(W.anaMain), sb.admin.ledger(W.brunoMatrix)]
    const tx = "5b0f7a2e-0000-4000-8000-000000000002"
    const body = { key: "bruno@example.com", amount: 12_345, description: "Almoço", pin_token: await cl.pinToken(ana) }
    await cl.ok("pixPayByKey", { as: ana, wallet: W.anaMain, tx, body })
    await cl.ok("pixPayByKey", { as: ana, wallet: W.anaMain, tx, body }) // the same transaction-uuid again: answered, not applied
    const after = [sb.admin.ledger(W.anaMain), sb.admin.ledger(W.brunoMatrix)]
    const brl = (l: (typeof after)[number]) => l.balances.find((b) => b.currency_symbol === "BRL")!.balance
    expect(brl(after[0]!) - brl(before[0]!)).toBe(-12_345)
    expect(brl(after[1]!) - brl(before[1]!)).toBe(12_345)
    expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
    expect(after[0]!.transactions.filter((t) => t.transaction_uuid === tx)).toEqual([expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })])
  })
})
