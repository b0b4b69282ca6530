/**
 * Pix limits and favored contacts over real HTTP (spec features §2 limit, favored-contacts, §3 Limit,
 * §5, §7 /users/limits/* and /users/pix/trusted-contacts, §8; issue 12): shapes decoded by schema/, the
 * night limit (20:00–06:00 São Paulo on the sandbox clock, R$ 1.000,00 for a natural person) refusing
 * pay by key and by code with what is left and debiting nothing, a raise pending for 24 h, a cut at
 * once, same-ownership payments under their own limit, permissions per wallet, idempotency, hints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { spDateKey } from "../../sandbox/time.ts"
import { RAISE_DELAY_MS } from "../../schema/pix-limits.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena] = (await Promise.all(["ana", "bruno", "helena"].map((u) => cl.login(`${u}@example.com`)))) as [Session, Session, Session]
  W = sb.admin.seedInfo()!.wallets
  sb.admin.pixIn(W.helena, 5_000_000, "Salário")
  sb.admin.pixIn(W.anaReserve, 5_000_000, "Reserva")
})
afterAll(async () => {
  sb?.admin.setClockOffset(0)
  await sb?.close()
})

const brl = (w: string): number => sb.admin.ledger(w).balances.find((b) => b.currency_symbol === "BRL")!.balance
/** Puts the business clock at `hm` São Paulo time, `days` days from today. */
const clockAt = (hm: string, days = 0): void => {
  const day = spDateKey(Date.now() + days * 86_400_000)
  sb.admin.setClockOffset(Date.parse(`${day}T${hm}:00-03:00`) - Date.now())
}
const hintsFor = (list: string, walletId: string): number =>
  (sb.db.prepare("SELECT count(*) AS n FROM events WHERE kind = 'change' AND list = ? AND wallet_id = ?").get(list, walletId) as { n: number }).n
const payKey = async (as: Session, wallet: string, key: string, amount: number, tx: string | boolean = true) =>
  cl.raw("pixPayByKey", { as, wallet, tx, body: { key, amount, description: "", pin_token: await cl.pinToken(as) } })

describe("Pix limits (features §2 limit, §3, §7 /users/limits/*)", () => {
  it("features §7 types (size 100), the wallet's limits by type and by tag; a natural person's night default is R$ 1.000,00", async () => {
    const types = await cl.ok("limitTypes", { as: helena, wallet: W.helena, query: { size: 100 } })
    expect(types.data.data.map((t) => t.tag)).toEqual(["pix_others", "pix_same_ownership"])
    const all = await cl.ok("userLimits", { as: helena, wallet: W.helena })
    expect(all.data.data.map((l) => [l.tag, l.day_limit, l.night_limit, l.pending_day_limit, l.pending_night_limit])).toEqual([
      ["pix_others", 2_000_000, 100_000, null, null],
      ["pix_same_ownership", 5_000_000, 5_000_000, null, null]
    ])
    const only = await cl.ok("userLimits", { as: helena, wallet: W.helena, query: { limit_type_id: types.data.data[1]!.id } })
    expect(only.data.data.map((l) => l.tag)).toEqual(["pix_same_ownership"])
    const byTag = await cl.ok("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "pix_others" } })
    expect(byTag.data.night_limit).toBe(100_000)
    expect((await cl.err("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "ted" } })).status).toBe(404)
  })

  it("features §5 issue 12 at 21:00 São Paulo the night limit refuses pay by key and by code with what is left; nothing is debited; by day the day limit applies", async () => {
    clockAt("21:00")
    try {
      const before = brl(W.helena)
      const over = await payKey(helena, W.helena, "bruno@example.com", 100_001)
      expect([over.status, (over.json as { error: { key: string; message: string } }).error.key]).toEqual([422, "PIX_LIMIT_NIGHT_EXCEEDED"])
      expect((over.json as { error: { message: string } }).error.message).toContain("R$ 1.000,00")
      expect(brl(W.helena)).toBe(before)
      expect((await payKey(helena, W.helena, "bruno@example.com", 60_000)).status).toBe(201)
      const row = (await cl.ok("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "pix_others" } })).data
      expect([row.period, row.used]).toEqual(["night", 60_000])
      const left = await payKey(helena, W.helena, "bruno@example.com", 40_001)
      expect((left.json as { error: { message: string } }).error.message).toContain("R$ 400,00")
      // the same limit on a copy-and-paste code
      const code = (
        await cl.ok("pixQrCodeCreate", { as: bruno, wallet: W.brunoMatrix, tx: true, body: { kind: "static", key: "bruno@example.com", amount: 50_000 } })
      ).data.emv
      const byCode = await cl.err("pixPayByQrStatic", {
        as: helena,
        wallet: W.helena,
        tx: true,
        body: { code, amount: 50_000, description: "", pin_token: await cl.pinToken(helena) }
      })
      expect([byCode.status, byCode.body.error.key]).toEqual([422, "PIX_LIMIT_NIGHT_EXCEEDED"])
      expect(brl(W.helena)).toBe(before - 60_000)
      expect((await payKey(helena, W.helena, "bruno@example.com", 40_000)).status).toBe(201)
      // 06:00 the next morning: the day limit, nothing used yet in the day period
      clockAt("06:00", 1)
      const day = (await cl.ok("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "pix_others" } })).data
      expect([day.period, day.used]).toEqual(["day", 0])
      expect((await payKey(helena, W.helena, "bruno@example.com", 150_000)).status).toBe(201)
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §2 limit issue 12 a raise is pending for 24 h on the sandbox clock, a cut applies at once; idempotent; PIN; maximum; hints", async () => {
    clockAt("21:00", 3)
    try {
      const others = (await cl.ok("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "pix_others" } })).data
      const tx = "0d6c8a55-0000-4000-8000-00000000a001"
      const body = { limit_type_id: others.limit_type_id, period: "night" as const, amount: 300_000, pin_token: await cl.pinToken(helena) }
      const raised = await cl.ok("userLimitChange", { as: helena, wallet: W.helena, tx, body })
      const again = await cl.ok("userLimitChange", { as: helena, wallet: W.helena, tx, body })
      expect(again.data).toEqual(raised.data)
      expect([raised.data.night_limit, raised.data.pending_night_limit]).toEqual([100_000, 300_000])
      const delay = Date.parse(raised.data.pending_night_effective_at!) - Date.parse(raised.data.as_of)
      expect(delay).toBeGreaterThan(RAISE_DELAY_MS - 1_000)
      expect(delay).toBeLessThanOrEqual(RAISE_DELAY_MS)
      expect((await payKey(helena, W.helena, "bruno@example.com", 150_000)).status).toBe(422)
      const hints = hintsFor("pix_limits", W.helena)
      clockAt("20:59", 4)
      expect((await cl.ok("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "pix_others" } })).data.night_limit).toBe(100_000)
      clockAt("21:01", 4) // 24 h and a minute after the request
      expect(hintsFor("pix_limits", W.helena)).toBeGreaterThan(hints)
      const after = (await cl.ok("userLimitByTag", { as: helena, wallet: W.helena, params: { tag: "pix_others" } })).data
      expect([after.night_limit, after.pending_night_limit, after.pending_night_effective_at]).toEqual([300_000, null, null])
      expect((await payKey(helena, W.helena, "bruno@example.com", 150_000)).status).toBe(201)
      const cut = await cl.ok("userLimitChange", {
        as: helena,
        wallet: W.helena,
        tx: true,
        body: { ...body, amount: 50_000, pin_token: await cl.pinToken(helena) }
      })
      expect([cut.data.night_limit, cut.data.pending_night_limit]).toEqual([50_000, null])
      const tooMuch = await cl.err("userLimitChange", {
        as: helena,
        wallet: W.helena,
        tx: true,
        body: { ...body, amount: 10_000_001, pin_token: await cl.pinToken(helena) }
      })
      expect([tooMuch.status, tooMuch.body.error.key]).toEqual([422, "PIX_LIMIT_ABOVE_MAXIMUM"])
      const noPin = await cl.err("userLimitChange", { as: helena, wallet: W.helena, tx: true, body: { ...body, pin_token: "" } })
      expect(noPin.body.error.key).toBe("PIN_REQUIRED")
      const noTx = await cl.err("userLimitChange", { as: helena, wallet: W.helena, tx: false, body })
      expect(noTx.status).toBe(400)
      // put it back for the other tests
      await cl.ok("userLimitChange", { as: helena, wallet: W.helena, tx: true, body: { ...body, amount: 100_000, pin_token: await cl.pinToken(helena) } })
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("issue 12 a Pix to an account of the same holder falls under the same-ownership limit, not the night limit for others", async () => {
    clockAt("22:00", 6)
    try {
      expect((await payKey(ana, W.anaReserve, "ana@example.com", 200_000)).status).toBe(201)
      const rows = (await cl.ok("userLimits", { as: ana, wallet: W.anaReserve })).data.data
      expect(rows.map((r) => [r.tag, r.used])).toEqual([
        ["pix_others", 0],
        ["pix_same_ownership", 200_000]
      ])
      expect((await payKey(ana, W.anaReserve, "bruno@example.com", 100_001)).status).toBe(422)
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §6 permissions per wallet: a client reads limits but cannot change them; another user's wallet is refused", async () => {
    const rows = (await cl.ok("userLimits", { as: helena, wallet: W.anaMain })).data.data
    const body = { limit_type_id: rows[0]!.limit_type_id, period: "day" as const, amount: 1_000, pin_token: await cl.pinToken(helena) }
    expect((await cl.err("userLimitChange", { as: helena, wallet: W.anaMain, tx: true, body })).status).toBe(403)
    expect((await cl.err("userLimits", { as: ana, wallet: W.brunoMatrix })).status).toBe(403)
    expect((await cl.err("limitTypes", { as: bruno, wallet: W.anaMain })).status).toBe(403)
  })
})

describe("favored contacts (features §2 favored-contacts, favored-contacts/add, §7 /users/pix/trusted-contacts)", () => {
  it("issue 12 adding by key decodes the holder (name, masked document, bank); idempotent; a duplicate and a bad key are refused; removed once; hints", async () => {
    const seeded = await cl.ok("pixContacts", { as: ana, wallet: W.anaMain })
    expect(seeded.data.data.map((c) => c.key)).toContain("bruno@example.com")
    const tx = "0d6c8a55-0000-4000-8000-00000000c001"
    const hints = hintsFor("pix_contacts", W.anaMain)
    const made = await cl.ok("pixContactCreate", { as: ana, wallet: W.anaMain, tx, body: { key: "carla@example.com" } })
    expect((await cl.ok("pixContactCreate", { as: ana, wallet: W.anaMain, tx, body: { key: "carla@example.com" } })).data).toEqual(made.data)
    const decoded = await cl.ok("pixDecodeByKey", { as: ana, wallet: W.anaMain, query: { key: "carla@example.com" } })
    expect([made.data.name, made.data.document, made.data.bank, made.data.key_type]).toEqual([
      decoded.data.beneficiary_name,
      decoded.data.beneficiary_document,
      "Carteira (Sandbox)",
      "email"
    ])
    expect(made.data.document).toMatch(/^\*\*\*\./)
    expect(hintsFor("pix_contacts", W.anaMain)).toBe(hints + 1)
    const dup = await cl.err("pixContactCreate", { as: ana, wallet: W.anaMain, tx: true, body: { key: "carla@example.com" } })
    expect([dup.status, dup.body.error.key]).toEqual([422, "PIX_CONTACT_ALREADY_EXISTS"])
    const bad = await cl.err("pixContactCreate", { as: ana, wallet: W.anaMain, tx: true, body: { key: "not a key" } })
    expect([bad.status, bad.body.error.fields?.["key"]]).toEqual([422, "VALIDATION_PIX_KEY"])
    const delTx = "0d6c8a55-0000-4000-8000-00000000c002"
    await cl.ok("pixContactDelete", { as: ana, wallet: W.anaMain, tx: delTx, params: { id: made.data.id } })
    await cl.ok("pixContactDelete", { as: ana, wallet: W.anaMain, tx: delTx, params: { id: made.data.id } })
    expect((await cl.err("pixContactDelete", { as: ana, wallet: W.anaMain, tx: true, params: { id: made.data.id } })).status).toBe(404)
    expect((await cl.ok("pixContacts", { as: ana, wallet: W.anaMain })).data.data.some((c) => c.id === made.data.id)).toBe(false)
  })

  it("features §6 permissions per wallet: a client lists contacts but cannot add or remove; another user's wallet is refused", async () => {
    const list = await cl.ok("pixContacts", { as: helena, wallet: W.anaMain })
    expect(list.data.total).toBeGreaterThan(0)
    expect((await cl.err("pixContactCreate", { as: helena, wallet: W.anaMain, tx: true, body: { key: "carla@example.com" } })).status).toBe(403)
    expect((await cl.err("pixContactDelete", { as: helena, wallet: W.anaMain, tx: true, params: { id: list.data.data[0]!.id } })).status).toBe(403)
    expect((await cl.err("pixContacts", { as: bruno, wallet: W.anaMain })).status).toBe(403)
  })
})
