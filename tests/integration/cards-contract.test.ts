/**
 * Contract tests of the cards routes over real HTTP (spec features §7 "Cards", §4 card states,
 * §5 activation by the last four digits and the 4-digit card password, §6 cards only on the
 * default wallet and gated by the wallet's permissions, §9 at most 5 virtual cards) and of the card
 * processor (purchases approved on an activated card, declined otherwise, in the statement).
 * Every endpoint of cardsApi is answered 2xx and decoded by its Schema at least once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type CallOptions, type Session } from "../support/sandbox-client.ts"
import { cardsApi } from "../../schema/api-cards.ts"
import type { EndpointId } from "../../schema/api.ts"
import { luhnValid } from "../../sandbox/areas/cards/db.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, carla: Session, diego: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const hit = new Set<EndpointId>()
const ok = async <K extends EndpointId>(id: K, o: CallOptions = {}) => {
  const r = await cl.ok(id, o)
  hit.add(id)
  return r
}
const plastic = async (wallet: string) => (await cl.admin("cardsOf", { query: { wallet_id: wallet } })).data
const changes = (): number => (sb.db.prepare("SELECT total_changes() AS n").get() as { n: number }).n

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, checkResponses: true })
  cl = new SandboxClient(sb.url)
  ;[ana, carla, diego, helena] = (await Promise.all(["ana", "carla", "diego", "helena"].map((u) => cl.login(`${u}@example.com`)))) as [
    Session,
    Session,
    Session,
    Session
  ]
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

describe("cards contract (features §7)", () => {
  it("features §7 the list is read from data.cards (and the paged envelope): seeded cards in every state, no number or CVV in it", async () => {
    const r = await ok("cards", { as: ana, wallet: W.anaMain })
    expect(r.data.cards).toEqual(r.data.data)
    expect(new Set(r.data.cards.map((c) => c.status))).toEqual(new Set(["pending", "activated", "blocked", "cancelled"].filter((s) => s !== "pending")))
    expect(r.data.cards.some((c) => c.virtual && c.type === 5) && r.data.cards.some((c) => !c.virtual && c.type === 1)).toBe(true)
    expect(JSON.stringify(r)).not.toMatch(/"number"|"cvv"/)
    const d = await ok("cards", { as: diego, wallet: W.diego })
    expect(d.data.cards.map((c) => [c.status, c.last_four])).toEqual([["pending", null]])
  })

  it("features §1 months of purchases: the seeded card purchases name their card", async () => {
    const cards = (await ok("cards", { as: ana, wallet: W.anaMain })).data.cards.filter((c) => c.status === "activated")
    const rows = sb.db
      .prepare("SELECT description, created_at FROM statements WHERE wallet_id = ? AND type = 'CARD_PURCHASE' ORDER BY created_at")
      .all(W.anaMain) as Array<{ description: string; created_at: string }>
    expect(rows.length).toBeGreaterThan(50)
    expect(rows.every((r) => /•••• \d{4}/.test(r.description))).toBe(true)
    for (const c of cards) expect(rows.some((r) => r.description.includes(`•••• ${c.last_four}`))).toBe(true)
    const months = new Set(rows.map((r) => r.created_at.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(3)
  })

  it("features §9 at most 5 virtual cards: the 6th is refused with VIRTUAL_CARD_LIMIT_REACHED and writes nothing; check counts them", async () => {
    expect((await ok("cardCheck", { as: carla, wallet: W.carla })).data).toMatchObject({ virtual_count: 0, virtual_limit: 5, can_request_virtual: true })
    for (let i = 1; i <= 5; i++) {
      const c = await ok("cardVirtual", { as: carla, wallet: W.carla, tx: true, body: { nickname: `Cartão ${i}` } })
      expect(c.data).toMatchObject({ virtual: true, type: 5, status: "activated" })
      expect(c.data.last_four).toMatch(/^\d{4}$/)
    }
    const before = changes()
    const sixth = await cl.err("cardVirtual", { as: carla, wallet: W.carla, tx: true, body: { nickname: "Sexto" } })
    expect([sixth.status, sixth.body.error.key]).toEqual([422, "VIRTUAL_CARD_LIMIT_REACHED"])
    expect(changes()).toBe(before)
    expect((await ok("cardCheck", { as: carla, wallet: W.carla })).data).toMatchObject({ virtual_count: 5, can_request_virtual: false })
    // the English message (both languages)
    const en = await cl.err("cardVirtual", { as: carla, wallet: W.carla, tx: true, body: { nickname: "Sexto" }, headers: { language: "en" } })
    expect(en.body.error.message).toMatch(/limit/i)
  })

  it("core §6 idempotency: the same transaction-uuid answers the first card again and creates one card", async () => {
    const tx = "11111111-2222-4333-8444-555555555555"
    const before = (await plastic(W.helena)).length
    const a = await ok("cardVirtual", { as: helena, wallet: W.helena, tx, body: { nickname: "Idem" } })
    const b = await ok("cardVirtual", { as: helena, wallet: W.helena, tx, body: { nickname: "Idem" } })
    expect(b.data.id).toBe(a.data.id)
    expect((await plastic(W.helena)).length).toBe(before + 1)
    const other = await cl.err("cardVirtual", { as: helena, wallet: W.helena, tx, body: { nickname: "Outro" } })
    expect(other.status).toBe(409)
  })

  it("features §4/§5 activation: a wrong last four is refused and counted, the right one activates; a Luhn-valid number", async () => {
    const [card] = (await ok("cards", { as: diego, wallet: W.diego })).data.cards
    const real = (await plastic(W.diego)).find((p) => p.id === card!.id)!
    expect(luhnValid(real.number)).toBe(true)
    const wrong = real.number.slice(-4) === "0000" ? "1111" : "0000"
    const e = await cl.err("cardUpdate", { as: diego, wallet: W.diego, tx: true, body: { card_id: card!.id, last_four: wrong } })
    expect([e.status, e.body.error.key]).toEqual([422, "CARD_WRONG_LAST_DIGITS"])
    expect((await cl.err("cardUpdate", { as: diego, wallet: W.diego, tx: true, body: { card_id: card!.id, last_four: "12a4" } })).body.error.fields).toEqual({
      last_four: "VALIDATION_FORMAT"
    })
    const after = (await ok("cards", { as: diego, wallet: W.diego })).data.cards[0]!
    expect([after.status, after.attempts_left]).toEqual(["pending", 2])
    const act = await ok("cardUpdate", { as: diego, wallet: W.diego, tx: true, body: { card_id: card!.id, last_four: real.number.slice(-4) } })
    expect([act.data.status, act.data.last_four, act.data.attempts_left]).toEqual(["activated", real.number.slice(-4), 3])
    expect(
      (await cl.err("cardUpdate", { as: diego, wallet: W.diego, tx: true, body: { card_id: card!.id, last_four: real.number.slice(-4) } })).body.error.key
    ).toBe("CARD_INVALID_STATE")
  })

  it("features §4 three wrong activations block the card; unblock with the PIN brings it back to pending", async () => {
    const bruno = await cl.login("bruno@example.com")
    const pending = (await ok("cards", { as: bruno, wallet: W.brunoMatrix })).data.cards.find((c) => c.status === "pending")!
    const real = (await plastic(W.brunoMatrix)).find((p) => p.id === pending.id)!
    const wrong = real.number.slice(-4) === "0000" ? "1111" : "0000"
    const keys: string[] = []
    for (let i = 0; i < 3; i++)
      keys.push((await cl.err("cardUpdate", { as: bruno, wallet: W.brunoMatrix, tx: true, body: { card_id: pending.id, last_four: wrong } })).body.error.key)
    expect(keys).toEqual(["CARD_WRONG_LAST_DIGITS", "CARD_WRONG_LAST_DIGITS", "ATTEMPTS_EXCEEDED"])
    expect((await ok("cards", { as: bruno, wallet: W.brunoMatrix })).data.cards.find((c) => c.id === pending.id)!.status).toBe("blocked")
    const un = await ok("cardUnblock", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      params: { id: pending.id },
      body: { pin_token: await cl.pinToken(bruno) }
    })
    expect([un.data.status, un.data.attempts_left]).toEqual(["pending", 3])
  })

  it("features §4 block ↔ unblock: block needs no PIN and applies once; unblock needs the PIN; a purchase on a blocked card is declined", async () => {
    const cards = (await ok("cards", { as: helena, wallet: W.helena })).data.cards
    const phys = cards.find((c) => !c.virtual && c.status === "activated")!
    const tx = "aaaaaaaa-2222-4333-8444-555555555555"
    const b1 = await ok("cardBlock", { as: helena, wallet: W.helena, tx, params: { id: phys.id } })
    const b2 = await ok("cardBlock", { as: helena, wallet: W.helena, tx, params: { id: phys.id } })
    await ok("cardBlock", { as: helena, wallet: W.helena, tx: true, params: { id: phys.id } }) // a second key: no second block
    expect([b1.data.status, b2.data.status]).toEqual(["blocked", "blocked"])
    expect((await plastic(W.helena)).find((p) => p.id === phys.id)!.events["block"]).toBe(1)
    const ledger = sb.admin.ledger(W.helena)
    expect(ledger.transactions.find((t) => t.transaction_uuid === tx)).toMatchObject({ idempotency_records: 1, endpoint: "cardBlock" })
    const balance = ledger.balances.find((b) => b.currency_symbol === "BRL")!.balance
    const declined = await cl.admin("cardPurchase", { body: { card_id: phys.id, amount: 1234, merchant: "Padaria Real" } })
    expect([declined.data.status, declined.data.type]).toEqual(["failed", "CARD_PURCHASE"])
    expect(declined.data.description).toContain(`•••• ${phys.last_four}`)
    expect(sb.admin.ledger(W.helena).balances.find((b) => b.currency_symbol === "BRL")!.balance).toBe(balance)
    const noPin = await cl.err("cardUnblock", { as: helena, wallet: W.helena, tx: true, params: { id: phys.id }, body: { pin_token: "" } })
    expect(noPin.body.error.key).toBe("PIN_REQUIRED")
    await ok("cardUnblock", { as: helena, wallet: W.helena, tx: true, params: { id: phys.id }, body: { pin_token: await cl.pinToken(helena) } })
    const paid = await cl.admin("cardPurchase", { body: { card_id: phys.id, amount: 1234, merchant: "Padaria Real" } })
    expect(paid.data.status).toBe("completed")
    expect(sb.admin.ledger(W.helena).balances.find((b) => b.currency_symbol === "BRL")!.balance).toBe(balance - 1234)
  })

  it("features §3 number and CVV only after the PIN; card password is 4 digits and must match", async () => {
    const c = (await ok("cards", { as: ana, wallet: W.anaMain })).data.cards.find((x) => x.virtual && x.status === "activated")!
    expect((await cl.err("cardShow", { as: ana, wallet: W.anaMain, params: { id: c.id }, body: { pin_token: "x" } })).body.error.key).toBe("PIN_REQUIRED")
    const d = await ok("cardShow", { as: ana, wallet: W.anaMain, params: { id: c.id }, body: { pin_token: await cl.pinToken(ana) } })
    expect(d.data.number.slice(-4)).toBe(c.last_four)
    expect(d.data.cvv).toMatch(/^\d{3}$/)
    const pin = await cl.pinToken(ana)
    const mismatch = await cl.err("cardPassword", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      params: { id: c.id },
      body: { password: "4821", password_confirmation: "4822", pin_token: pin }
    })
    expect([mismatch.status, mismatch.body.error.key]).toEqual([422, "CARD_PASSWORD_MISMATCH"])
    expect(
      (
        await cl.err("cardPassword", {
          as: ana,
          wallet: W.anaMain,
          tx: true,
          params: { id: c.id },
          body: { password: "48", password_confirmation: "48", pin_token: pin }
        })
      ).body.error.fields
    ).toEqual({ password: "VALIDATION_FORMAT" })
    await ok("cardPassword", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      params: { id: c.id },
      body: { password: "4821", password_confirmation: "4821", pin_token: pin }
    })
  })

  it("features §4 a new copy blocks the current card for good; delete is final; physical delivery is tracked", async () => {
    const cards = (await ok("cards", { as: ana, wallet: W.anaMain })).data.cards
    const phys = cards.find((c) => !c.virtual && c.status === "activated" && c.replaced_by === null)!
    expect((await cl.err("cardRequest", { as: ana, wallet: W.anaMain, tx: true, body: {} })).body.error.key).toBe("PHYSICAL_CARD_ALREADY_EXISTS")
    const fresh = await ok("cardNewVia", { as: ana, wallet: W.anaMain, tx: true, params: { id: phys.id }, body: { pin_token: await cl.pinToken(ana) } })
    expect([fresh.data.status, fresh.data.virtual, fresh.data.last_four]).toEqual(["pending", false, null])
    const old = (await ok("cards", { as: ana, wallet: W.anaMain })).data.cards.find((c) => c.id === phys.id)!
    expect([old.status, old.replaced_by]).toEqual(["blocked", fresh.data.id])
    expect(
      (await cl.err("cardUnblock", { as: ana, wallet: W.anaMain, tx: true, params: { id: phys.id }, body: { pin_token: await cl.pinToken(ana) } })).body.error
        .key
    ).toBe("CARD_INVALID_STATE")
    const track = await ok("cardTrack", { as: ana, wallet: W.anaMain, params: { id: fresh.data.id } })
    expect(track.data.steps.map((s) => s.key)).toEqual(["requested", "produced", "shipped", "out_for_delivery", "delivered"])
    expect(track.data.steps[0]!.done && !track.data.steps[4]!.done).toBe(true)
    expect(track.data.address).not.toBe("")
    const v = (await ok("cards", { as: ana, wallet: W.anaMain })).data.cards.find((c) => c.virtual && c.status === "activated")!
    const del = await ok("cardDelete", { as: ana, wallet: W.anaMain, tx: true, params: { id: v.id }, body: { pin_token: await cl.pinToken(ana) } })
    expect(del.data.status).toBe("cancelled")
    for (const id of ["cardBlock", "cardUnblock", "cardShow", "cardNewVia", "cardDelete"] as const) {
      const r = await cl.err(id, { as: ana, wallet: W.anaMain, tx: true, params: { id: v.id }, body: { pin_token: await cl.pinToken(ana) } })
      expect([id, r.body.error.key]).toEqual([id, "CARD_CANCELLED"])
    }
    expect((await cl.admin("cardPurchase", { body: { card_id: v.id, amount: 500 } })).data.status).toBe("failed")
  })

  it("features §2 request a physical card: delivered to the profile's address, pending until activated", async () => {
    const c = await ok("cardRequest", { as: carla, wallet: W.carla, tx: true, body: {} })
    expect([c.data.status, c.data.type, c.data.card_name]).toEqual(["pending", 1, "CARLA REGINA MENDES"])
    expect((await ok("cardCheck", { as: carla, wallet: W.carla })).data.can_request_physical).toBe(false)
  })

  it("features §6 permissions: a non-default wallet has no cards and refuses actions; a member without the permission is refused", async () => {
    expect((await ok("cards", { as: ana, wallet: W.anaReserve })).data.cards).toEqual([])
    expect((await cl.err("cardVirtual", { as: ana, wallet: W.anaReserve, tx: true, body: { nickname: "x" } })).body.error.key).toBe("CARDS_ONLY_DEFAULT_WALLET")
    // Helena is a CLIENT on Ana's wallet: no card permission
    const card = (await ok("cards", { as: ana, wallet: W.anaMain })).data.cards.find((c) => c.status !== "cancelled")!
    const before = changes()
    for (const id of ["cards", "cardCheck"] as const) expect((await cl.err(id, { as: helena, wallet: W.anaMain })).status).toBe(403)
    expect((await cl.err("cardBlock", { as: helena, wallet: W.anaMain, tx: true, params: { id: card.id } })).body.error.key).toBe("WITHOUT_PERMISSION")
    // Diego is an ADMIN there: the permission, but not his default wallet
    expect((await cl.err("cardBlock", { as: diego, wallet: W.anaMain, tx: true, params: { id: card.id } })).body.error.key).toBe("CARDS_ONLY_DEFAULT_WALLET")
    expect(changes()).toBe(before)
    // another wallet's card is not found from mine
    expect((await cl.err("cardBlock", { as: carla, wallet: W.carla, tx: true, params: { id: card.id } })).body.error.key).toBe("CARD_NOT_FOUND")
  })

  it("every endpoint of cardsApi was answered 2xx and decoded by its response Schema", () => {
    expect(Object.keys(cardsApi).filter((id) => !hit.has(id as EndpointId))).toEqual([])
  })
})
