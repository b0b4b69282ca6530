/**
 * TED over real HTTP (spec features §1/§9 "TED available on business days from 09:00 to 16:00", §2
 * Banking: TED pay (post-banking-ted) and receive, §3 "TED and banks", §7 "TED and banks", §8; issue 14;
 * D-ted-*): the bank directory and its search, the window by the sandbox clock, a TED at 08:59 refused
 * with the next opening in the message and one at 09:00 sent (one debit, idempotent by
 * transaction-uuid), a TED to a seeded wallet's account credited once and live, a TED scheduled for
 * the next window run once when the clock reaches it, refusals (balance, fields, PIN), contacts, the
 * admin's incoming TED, and permissions per wallet.
 */
import { afterAll, beforeAll, afterEach, describe, expect, it } from "vitest"
import { randomUUID } from "node:crypto"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { spDateKey } from "../../sandbox/time.ts"
import { addBankBusinessDays } from "../../schema/holidays.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena] = await cl.loginAll(["ana", "bruno", "helena"] as const)
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})
afterEach(() => {
  sb.admin.setClockOffset(0)
})

/** The next bank business day after today (São Paulo), so the clock only moves forward. */
const day = addBankBusinessDays(spDateKey(Date.now()), 1)
/** Moves the sandbox clock to `hhmm` São Paulo of `d`. */
const clockAt = (hhmm: string, d = day): void => {
  sb.admin.setClockOffset(Date.parse(`${d}T${hhmm}:00-03:00`) - Date.now())
}
const brl = (wallet: string): number => sb.admin.ledger(wallet).balances.find((b) => b.currency_symbol === "BRL")!.balance
const to = {
  bank_code: "341",
  agency: "1234",
  account: "567890",
  digit: "1",
  account_type: "checking" as const,
  document: "529.982.247-25",
  name: "Maria da Silva"
}

describe("features §3 §7 TED and banks: the bank directory", () => {
  it("features §3 /users/banking/banks lists real banks with code and ISPB, searched by name or code; ted/banks adds the sandbox's bank", async () => {
    const all = (await cl.ok("banks", { as: ana })).data
    expect(all.length).toBeGreaterThanOrEqual(15)
    expect(all.find((b) => b.code === "001")).toEqual({ code: "001", ispb: "00000000", name: "Banco do Brasil S.A." })
    expect(all.some((b) => b.code === "999")).toBe(false)
    expect((await cl.ok("banks", { as: ana, query: { search: "itau" } })).data.map((b) => b.code)).toEqual(["341"])
    expect((await cl.ok("tedBanks", { as: ana, wallet: W.anaMain, query: { search: "237" } })).data.map((b) => b.ispb)).toEqual(["60746948"])
    expect((await cl.ok("tedBanks", { as: ana, wallet: W.anaMain, query: { search: "sandbox" } })).data.map((b) => b.code)).toEqual(["999"])
  })

  it("core §7 /users/users/banking/accounts answers each wallet's own account at the sandbox bank", async () => {
    const a = (await cl.ok("bankingAccount", { as: ana, wallet: W.anaMain })).data
    const b = (await cl.ok("bankingAccount", { as: bruno, wallet: W.brunoMatrix })).data
    expect([a.bank_code, a.agency, b.bank_code]).toEqual(["999", "0001", "999"])
    expect(a.account).not.toBe(b.account)
  })
})

describe("features §1/§9 the TED window on the sandbox clock", () => {
  it("features §9 at 08:59 the window is closed and opens at 09:00 that day; at 09:00 it is open until 16:00", async () => {
    clockAt("08:59")
    const w = (await cl.ok("tedWindow", { as: ana })).data
    expect([w.open, w.opens_at]).toEqual([false, new Date(`${day}T09:00:00-03:00`).toISOString()])
    clockAt("09:00")
    const o = (await cl.ok("tedWindow", { as: ana })).data
    expect([o.open, o.closes_at]).toEqual([true, new Date(`${day}T16:00:00-03:00`).toISOString()])
  })

  it("features §9 §8 a TED at 08:59 is refused with the opening time (pt and en); at 09:00 it goes through, debited once, idempotent by transaction-uuid", async () => {
    const before = brl(W.anaMain)
    const rows0 = sb.admin.ledger(W.anaMain).statement_rows
    clockAt("08:59")
    const refused = await cl.err("tedSend", { as: ana, wallet: W.anaMain, tx: true, body: { ...to, amount: 12_345, pin_token: await cl.pinToken(ana) } })
    const [y, m, d] = day.split("-")
    expect([refused.status, refused.body.error.key]).toEqual([422, "TED_OUTSIDE_HOURS"])
    expect(refused.body.error.message).toContain(`${d}/${m}/${y} 09:00`)
    expect(refused.body.error.message).toMatch(/próxima janela abre/)
    const en = await cl.err("tedSend", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      headers: { language: "en-US" },
      body: { ...to, amount: 12_345, pin_token: await cl.pinToken(ana) }
    })
    expect(en.body.error.message).toContain(`next window opens at (${d}/${m}/${y} 09:00)`)
    expect([brl(W.anaMain), sb.admin.ledger(W.anaMain).statement_rows]).toEqual([before, rows0])

    clockAt("09:00")
    const tx = randomUUID()
    const a = await cl.ok("tedSend", { as: ana, wallet: W.anaMain, tx, body: { ...to, amount: 12_345, pin_token: await cl.pinToken(ana) } })
    const b = await cl.ok("tedSend", { as: ana, wallet: W.anaMain, tx, body: { ...to, amount: 12_345, pin_token: await cl.pinToken(ana) } })
    expect(b.data).toEqual(a.data)
    expect([a.data.status, a.data.bank_name, a.data.ispb, a.data.document, a.data.scheduled_for]).toEqual([
      "confirmed",
      "Itaú Unibanco S.A.",
      "60701190",
      "52998224725",
      null
    ])
    expect(brl(W.anaMain)).toBe(before - 12_345)
    expect(sb.admin.ledger(W.anaMain).transactions.filter((t) => t.transaction_uuid === tx)).toEqual([
      expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
    ])
    const listed = (await cl.ok("tedTransfers", { as: ana, wallet: W.anaMain })).data.data
    expect(listed.filter((t) => t.id === a.data.id)).toHaveLength(1)
  })

  it("issue 14 a TED to a seeded wallet's account at the sandbox bank credits it once, live (TED_IN hint)", async () => {
    clockAt("10:30")
    const acc = (await cl.ok("bankingAccount", { as: bruno, wallet: W.brunoMatrix })).data
    const [a0, b0] = [brl(W.anaMain), brl(W.brunoMatrix)]
    await cl.ok("tedSend", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: {
        bank_code: "999",
        agency: acc.agency,
        account: acc.account,
        digit: acc.digit,
        account_type: "checking",
        document: "11222333000181",
        name: "Bruno Lima",
        amount: 5_000,
        pin_token: await cl.pinToken(ana)
      }
    })
    expect([a0 - brl(W.anaMain), brl(W.brunoMatrix) - b0]).toEqual([5_000, 5_000])
    const hints = (sb.db.prepare("SELECT data FROM events WHERE list = 'statements' AND wallet_id = ?").all(W.brunoMatrix) as Array<{ data: string }>).map(
      (h) => JSON.parse(h.data) as { rows?: Array<{ type: string; amount: number }> }
    )
    expect(hints.filter((h) => h.rows?.[0]?.type === "TED_IN" && h.rows[0].amount === 5_000)).toHaveLength(1)
    const unknown = await cl.err("tedSend", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: {
        bank_code: "999",
        agency: "0001",
        account: "1",
        digit: "0",
        account_type: "checking",
        document: "11222333000181",
        name: "Ninguém",
        amount: 5_000,
        pin_token: await cl.pinToken(ana)
      }
    })
    expect([unknown.status, unknown.body.error.fields?.["account"]]).toEqual([422, "VALIDATION_TED_ACCOUNT"])
  })

  it("issue 14 outside the window a TED asked to be scheduled waits for the next opening, then runs once when the clock reaches it", async () => {
    clockAt("16:00")
    const before = brl(W.anaMain)
    const s = (
      await cl.ok("tedSend", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { ...to, amount: 777, schedule_if_closed: true, pin_token: await cl.pinToken(ana) }
      })
    ).data
    const next = addBankBusinessDays(day, 1)
    expect([s.status, s.scheduled_for, s.operation_id]).toEqual(["scheduled", new Date(`${next}T09:00:00-03:00`).toISOString(), null])
    expect(brl(W.anaMain)).toBe(before)
    clockAt("08:59", next)
    expect(brl(W.anaMain)).toBe(before)
    clockAt("09:01", next)
    clockAt("09:02", next)
    await cl.admin("tedRunSchedules")
    const after = (await cl.ok("tedTransfers", { as: ana, wallet: W.anaMain })).data.data.find((t) => t.id === s.id)!
    expect([after.status, after.failure_reason]).toEqual(["confirmed", null])
    expect(brl(W.anaMain)).toBe(before - 777)
    expect((sb.db.prepare("SELECT count(*) AS n FROM statements WHERE operation_id = ?").get(after.operation_id) as { n: number }).n).toBe(1)
  })

  it("features §8 refusals: insufficient balance, each bad field with its rule, no PIN", async () => {
    clockAt("11:00")
    const poor = await cl.err("tedSend", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { ...to, amount: brl(W.anaMain) + 1, pin_token: await cl.pinToken(ana) }
    })
    expect([poor.status, poor.body.error.key]).toEqual([422, "INSUFFICIENT_BALANCE"])
    const bad = await cl.err("tedSend", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { ...to, bank_code: "000", document: "123", agency: "12345", amount: 0, pin_token: await cl.pinToken(ana) }
    })
    expect([bad.status, bad.body.error.key, bad.body.error.fields]).toEqual([
      422,
      "INCORRECT_DATA",
      {
        bank_code: "VALIDATION_REQUIRED",
        agency: "VALIDATION_NUMERIC",
        document: "VALIDATION_VALID_DOCUMENT",
        amount: "VALIDATION_MIN_VALUE"
      }
    ])
    const noPin = await cl.err("tedSend", { as: ana, wallet: W.anaMain, tx: true, body: { ...to, amount: 100, pin_token: "" } })
    expect(noPin.body.error.key).toBe("PIN_REQUIRED")
  })
})

describe("features §3 TED contacts and incoming TEDs", () => {
  it("issue 14 a contact is saved once per account (saving again updates it), listed, deleted; each change is a ted_contacts hint", async () => {
    const c = (await cl.ok("tedContactCreate", { as: ana, wallet: W.anaMain, tx: true, body: to })).data
    expect([c.bank_name, c.document, c.name]).toEqual(["Itaú Unibanco S.A.", "52998224725", "Maria da Silva"])
    const again = (await cl.ok("tedContactCreate", { as: ana, wallet: W.anaMain, tx: true, body: { ...to, name: "Maria S. Souza" } })).data
    expect(again.id).toBe(c.id)
    const list = (await cl.ok("tedContacts", { as: ana, wallet: W.anaMain })).data.data
    expect(list.filter((x) => x.account === to.account).map((x) => x.name)).toEqual(["Maria S. Souza"])
    await cl.ok("tedContactDelete", { as: ana, wallet: W.anaMain, tx: true, params: { id: c.id } })
    expect((await cl.ok("tedContacts", { as: ana, wallet: W.anaMain })).data.data.some((x) => x.id === c.id)).toBe(false)
    expect((await cl.err("tedContactDelete", { as: ana, wallet: W.anaMain, tx: true, params: { id: c.id } })).status).toBe(404)
    const n = (sb.db.prepare("SELECT count(*) AS n FROM events WHERE list = 'ted_contacts' AND wallet_id = ?").get(W.anaMain) as { n: number }).n
    expect(n).toBe(3)
  })

  it("issue 14 an incoming TED by the admin route is one TED_IN row in the receiver's statement", async () => {
    const b0 = sb.admin.ledger(W.brunoMatrix)
    const row = (await cl.admin("tedIncoming", { body: { wallet_id: W.brunoMatrix, amount: 4_321, payer_name: "Empresa X", bank_code: "237" } })).data
    expect([row.type, row.direction, row.amount, row.counterparty_name]).toEqual(["TED_IN", "in", 4_321, "Empresa X"])
    const b1 = sb.admin.ledger(W.brunoMatrix)
    expect(b1.statement_rows - b0.statement_rows).toBe(1)
    expect(brl(W.brunoMatrix)).toBe(b0.balances.find((b) => b.currency_symbol === "BRL")!.balance + 4_321)
  })
})

describe("features §2 TED permissions per wallet", () => {
  it("features §2 a CLIENT on Ana's wallet reads TEDs, contacts and the account but cannot send, search TED banks or save contacts; a send needs a transaction-uuid", async () => {
    clockAt("11:00")
    expect((await cl.ok("tedTransfers", { as: helena, wallet: W.anaMain })).data.total).toBeGreaterThanOrEqual(0)
    expect((await cl.ok("tedContacts", { as: helena, wallet: W.anaMain })).data.total).toBeGreaterThanOrEqual(0)
    expect((await cl.ok("bankingAccount", { as: helena, wallet: W.anaMain })).data.bank_code).toBe("999")
    expect(
      (await cl.err("tedSend", { as: helena, wallet: W.anaMain, tx: true, body: { ...to, amount: 100, pin_token: await cl.pinToken(helena) } })).status
    ).toBe(403)
    expect((await cl.err("tedBanks", { as: helena, wallet: W.anaMain })).status).toBe(403)
    expect((await cl.err("tedContactCreate", { as: helena, wallet: W.anaMain, tx: true, body: to })).status).toBe(403)
    expect((await cl.err("tedSend", { as: ana, wallet: W.anaMain, tx: false, body: { ...to, amount: 100, pin_token: await cl.pinToken(ana) } })).status).toBe(
      400
    )
  })
})
