/**
 * DDA — boletos that find you, over real HTTP (issue 32 item 2; D-dda): a boleto is registered for
 * the payer's document only (issued by a seeded user, or by the admin route) and listed in that
 * holder's default wallet, not another user's; the seed gives Ana one overdue, one due this week and one
 * later; hide is idempotent by its transaction-uuid; a hidden boleto paid from elsewhere shows paid (and
 * cannot be paid twice); the amount due after the due date (fine + interest) against a naive reference
 * over generated inputs; a member without the permission is refused with the catalogue's status and
 * nothing changes; the day-before and due-day notices on the business clock, once each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { Prng } from "../../sandbox/prng.ts"
import { ddaAliveTick } from "../../sandbox/areas/billet/dda-routes.ts"
import { spDateKey, spStartOfDate } from "../../sandbox/time.ts"
import { addBankBusinessDays, isBankBusinessDay, parseIsoDate } from "../../schema/holidays.ts"
import { chargeOn } from "../../schema/billet.ts"
import { ddaRules, type DdaBillet } from "../../schema/billet.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, carla: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
let anaDoc = ""

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, carla, helena] = await cl.loginAll(["ana", "bruno", "carla", "helena"] as const)
  W = sb.admin.seedInfo()!.wallets
  anaDoc = (sb.db.prepare("SELECT document FROM users WHERE email = 'ana@example.com'").get() as { document: string }).document
})
afterAll(async () => {
  await sb?.close()
})

const today = (): string => spDateKey(sb.admin.ctx.clock.now())
const ddaOf = async (as: Session, wallet: string): Promise<ReadonlyArray<DdaBillet>> =>
  (await cl.ok("billetDda", { as, wallet, query: { page_size: "100" } })).data.data
const rowOf = async (id: string): Promise<DdaBillet | undefined> => (await ddaOf(ana, W.anaMain)).find((r) => r.id === id)
const dayDiff = (a: string, b: string): number => Math.round(((parseIsoDate(b) ?? 0) - (parseIsoDate(a) ?? 0)) / 86_400_000)

describe("DDA registration and list (issue 32 item 2)", () => {
  it("issue 32 item 2 BOL-7 D-dda the seed registers one overdue, one due this week and one later boleto for Ana", async () => {
    const rows = (await ddaOf(ana, W.anaMain)).filter((r) => r.status === "open")
    const days = rows.map((r) => dayDiff(today(), r.due_date)).sort((a, b) => a - b)
    expect(days.length).toBeGreaterThanOrEqual(3)
    expect(days.some((d) => d < 0)).toBe(true)
    expect(days.some((d) => d >= 0 && d <= 6)).toBe(true)
    expect(days.some((d) => d > 6)).toBe(true)
    expect(rows.every((r) => Number.isInteger(r.amount) && r.issuer_name !== "" && r.typeable_line.length === 47)).toBe(true)
  })

  it("issue 32 item 2 BOL-7 D-dda a boleto Bruno issues naming Ana's CPF is registered for Ana only: her default wallet lists it, live; not Carla's, not Ana's other wallet", async () => {
    const res = await cl.ok("billetDepositCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: { amount: 31_415, due_date: addBankBusinessDays(today(), 4), description: "Pedido DDA 1", payer_name: "Ana Beatriz Souza", payer_document: anaDoc }
    })
    const mine = (await ddaOf(ana, W.anaMain)).find((r) => r.barcode === res.data.barcode)
    expect(mine).toMatchObject({ status: "open", amount: 31_415, issuer_name: "Lima & Filhos Comércio de Alimentos Ltda", description: "Pedido DDA 1" })
    expect((await ddaOf(carla, W.carla)).some((r) => r.barcode === res.data.barcode)).toBe(false)
    expect((await ddaOf(bruno, W.brunoMatrix)).some((r) => r.barcode === res.data.barcode)).toBe(false)
    expect(await ddaOf(ana, W.anaReserve)).toEqual([])
    // the change hint for Ana's default wallet carries the row (the list is live)
    const hints = sb.db.prepare("SELECT data FROM events WHERE list = 'billet_dda' AND wallet_id = ? ORDER BY seq DESC LIMIT 5").all(W.anaMain) as Array<{
      data: string
    }>
    expect(hints.some((h) => h.data.includes(mine!.id))).toBe(true)
  })

  it("issue 32 item 2 BOL-7 D-dda the admin route registers one for a document; an invalid document is refused", async () => {
    const r = await cl.admin("billetDdaRegister", { body: { payer_document: anaDoc, amount: 5_000, issuer_name: "Emissor Admin Ltda" } })
    expect(r.data).toMatchObject({ status: "open", amount: 5_000, issuer_name: "Emissor Admin Ltda", fine_bp: 200, interest_per_day: 330 })
    expect((await rowOf(r.data.id))?.id).toBe(r.data.id)
    await expect(cl.admin("billetDdaRegister", { body: { payer_document: "12345678900" } })).rejects.toThrow(/422/)
  })
})

describe("DDA from --alive (issue 32 item 2)", () => {
  it("issue 32 item 2 BOL-7 --alive's tick registers a boleto from an outside issuer against Ana's or Bruno's document, listed in their default wallet", async () => {
    const before = (await ddaOf(ana, W.anaMain)).length + (await ddaOf(bruno, W.brunoMatrix)).length
    sb.db.transaction(() => ddaAliveTick(sb.admin.ctx, new Prng(11)))()
    const rows = [...(await ddaOf(ana, W.anaMain)), ...(await ddaOf(bruno, W.brunoMatrix))]
    expect(rows.length).toBe(before + 1)
    const newest = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!
    expect(newest).toMatchObject({ status: "open", fine_bp: 200, interest_per_day: 330 })
    expect(newest.due_date > today()).toBe(true)
  })
})

describe("DDA hide and pay (issue 32 item 2, 'a hidden DDA boleto paid from elsewhere')", () => {
  it("issue 32 item 2 BOL-8 hide is idempotent by its transaction-uuid; hidden then paid from another user's wallet shows paid, and is not paid twice", async () => {
    const r = (await cl.admin("billetDdaRegister", { body: { payer_document: anaDoc, amount: 7_700 } })).data
    const tx = crypto.randomUUID()
    const h1 = await cl.ok("billetDdaHide", { as: ana, wallet: W.anaMain, tx, params: { id: r.id } })
    const h2 = await cl.ok("billetDdaHide", { as: ana, wallet: W.anaMain, tx, params: { id: r.id } })
    expect([h1.data.status, h2.data.status]).toEqual(["hidden", "hidden"])
    expect(h2.data.hidden_at).toBe(h1.data.hidden_at)
    // Carla pays Ana's line (elsewhere: her own wallet)
    sb.admin.pixIn(W.carla, 50_000)
    const before = sb.admin.ledger(W.carla).statement_rows
    const paid = await cl.ok("billetPay", {
      as: carla,
      wallet: W.carla,
      tx: true,
      body: { line: r.typeable_line, amount: 7_700, pin_token: await cl.pinToken(carla) }
    })
    expect(paid.data.status).toBe("confirmed")
    const row = await rowOf(r.id)
    expect(row).toMatchObject({ status: "paid", hidden_at: h1.data.hidden_at })
    expect(row?.paid_at).not.toBeNull()
    // hiding it again leaves it paid; paying it again is refused and moves nothing
    expect((await cl.ok("billetDdaHide", { as: ana, wallet: W.anaMain, params: { id: r.id } })).data.status).toBe("paid")
    const again = await cl.err("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line: r.typeable_line, amount: 7_700, pin_token: await cl.pinToken(ana) }
    })
    expect([again.status, again.body.error.key]).toEqual([422, "BILLET_ALREADY_PAID"])
    expect(sb.admin.ledger(W.carla).statement_rows - before).toBe(1)
  })

  it("issue 32 item 2 BOL-8 an issued boleto hidden by its payer and paid from outside the sandbox shows paid; one cancelled by its issuer shows cancelled", async () => {
    const dep = await cl.ok("billetDepositCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: { amount: 12_000, due_date: addBankBusinessDays(today(), 2), description: "Pedido DDA 2", payer_name: "Ana", payer_document: anaDoc }
    })
    const id = (await ddaOf(ana, W.anaMain)).find((r) => r.barcode === dep.data.barcode)!.id
    await cl.ok("billetDdaHide", { as: ana, wallet: W.anaMain, params: { id } })
    await cl.admin("billetPayIssued", { body: { line: dep.data.typeable_line } })
    expect((await rowOf(id))?.status).toBe("paid")

    const dep2 = await cl.ok("billetDepositCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      body: { amount: 13_000, due_date: addBankBusinessDays(today(), 2), description: "Pedido DDA 3", payer_name: "Ana", payer_document: anaDoc }
    })
    await cl.ok("billetDepositCancel", { as: bruno, wallet: W.brunoMatrix, params: { id: dep2.data.id } })
    expect((await ddaOf(ana, W.anaMain)).find((r) => r.barcode === dep2.data.barcode)?.status).toBe("canceled")
  })

  it("issue 32 item 2 BOL-8 a member without the payment permission (CLIENT) may read the list but hiding is refused 403 WITHOUT_PERMISSION, nothing changed; another holder's boleto is not found", async () => {
    const r = (await cl.admin("billetDdaRegister", { body: { payer_document: anaDoc, amount: 8_800 } })).data
    expect((await ddaOf(helena, W.anaMain)).some((x) => x.id === r.id)).toBe(true)
    const refused = await cl.err("billetDdaHide", { as: helena, wallet: W.anaMain, params: { id: r.id } })
    expect([refused.status, refused.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    const other = await cl.err("billetDdaHide", { as: carla, wallet: W.carla, params: { id: r.id } })
    expect([other.status, other.body.error.key]).toEqual([404, "BILLET_NOT_FOUND"])
    expect(await rowOf(r.id)).toEqual(r)
  })
})

describe("DDA amount after due (issue 32 item 2: fine and interest; D-billet-rules)", () => {
  /** The naive reference: a due date on a weekend or holiday moves to the next business day without charges; then 2 % fine-like bp and interest per calendar day from the printed date. */
  const naive = (amount: number, due: string, fineBp: number, perDay: number, pay: string): number => {
    let effective = due
    while (!isBankBusinessDay(effective)) effective = new Date((parseIsoDate(effective) ?? 0) + 86_400_000).toISOString().slice(0, 10)
    if (pay <= effective) return amount
    const days = dayDiff(due, pay)
    return amount + Math.round((amount * fineBp) / 10_000) + Math.round((amount * perDay * days) / 1_000_000)
  }

  it("issue 32 item 2 BOL-2 BOL-7 the charged amount of 40 generated DDA boletos on generated days equals the naive reference, in the sandbox's decode and in the page's rule", async () => {
    const rng = new Prng(3202)
    for (let i = 0; i < 40; i++) {
      const amount = rng.int(100, 5_000_000)
      const fine = rng.int(0, 200)
      const perDay = rng.int(0, 330)
      const due = new Date((parseIsoDate(today()) ?? 0) - rng.int(0, 25) * 86_400_000).toISOString().slice(0, 10)
      const r = (await cl.admin("billetDdaRegister", { body: { payer_document: anaDoc, amount, due_date: due, fine_bp: fine, interest_per_day: perDay } })).data
      const pay = new Date((parseIsoDate(today()) ?? 0) + rng.int(0, 4) * 86_400_000).toISOString().slice(0, 10)
      const d = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: r.typeable_line, date: pay } })).data
      const want = naive(amount, due, fine, perDay, pay)
      expect({ i, charged: d.charged_amount }).toEqual({ i, charged: want })
      expect(chargeOn(ddaRules(r), pay).charged).toBe(want)
      expect([d.beneficiary_name, d.original_amount]).toEqual([r.issuer_name, amount])
    }
  })
})

describe("DDA notices on the business clock (issue 32 item 2: the day before and on the due day)", () => {
  it("issue 32 item 2 BOL-9 D-dda a notice the day before and one on the due day, from 08:00 São Paulo, once each; none for a hidden one", async () => {
    const due = addBankBusinessDays(today(), 10)
    const r = (await cl.admin("billetDdaRegister", { body: { payer_document: anaDoc, amount: 4_321, due_date: due, issuer_name: "Aviso Teste Ltda" } })).data
    const hidden = (await cl.admin("billetDdaRegister", { body: { payer_document: anaDoc, amount: 1_234, due_date: due, issuer_name: "Oculto Teste Ltda" } }))
      .data
    await cl.ok("billetDdaHide", { as: ana, wallet: W.anaMain, params: { id: hidden.id } })
    const notes = (who: string): Array<{ title: string }> =>
      sb.db.prepare("SELECT title FROM notifications WHERE user_id = ? AND description LIKE ? ORDER BY created_at").all(ana.userId, `${who}%`) as Array<{
        title: string
      }>
    const dayBefore = new Date((parseIsoDate(due) ?? 0) - 86_400_000).toISOString().slice(0, 10)
    const at = (date: string, hour: number): void => sb.admin.setClockOffset(spStartOfDate(date) + hour * 3_600_000 - Date.now())
    try {
      at(dayBefore, 7)
      expect(notes("Aviso Teste")).toEqual([])
      at(dayBefore, 9)
      at(dayBefore, 10)
      expect(notes("Aviso Teste").map((n) => n.title)).toEqual(["Boleto vence amanhã"])
      at(due, 9)
      at(due, 15)
      expect(notes("Aviso Teste").map((n) => n.title)).toEqual(["Boleto vence amanhã", "Boleto vence hoje"])
      // worded by the client in the user's language from a message key and its values (D-approval-quorum's mechanism)
      const keys = sb.db
        .prepare("SELECT message_json FROM notifications WHERE user_id = ? AND description LIKE 'Aviso Teste%' ORDER BY created_at")
        .all(ana.userId) as Array<{ message_json: string }>
      expect(keys.map((k) => JSON.parse(k.message_json) as unknown)).toEqual([
        { key: "ddaDueTomorrow", params: { issuer: "Aviso Teste Ltda", amount: 4_321, description: r.description, date: due.split("-").reverse().join("/") } },
        { key: "ddaDueToday", params: { issuer: "Aviso Teste Ltda", amount: 4_321, description: r.description, date: due.split("-").reverse().join("/") } }
      ])
      expect(notes("Oculto Teste")).toEqual([])
      expect((await rowOf(r.id))?.status).toBe("open")
    } finally {
      sb.admin.setClockOffset(0)
    }
  })
})
