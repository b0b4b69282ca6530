/**
 * Boleto over real HTTP (spec features §2 boleto, §3 decoded boleto / payment / scheduled / issued, §4
 * statuses, §5 min/max, §7 "Boleto", §8 "amount below minimum"; issue 14; D-billet-*): decode of every
 * directory slip, pay now (ledger once, idempotent), min/max and expiry refusals, schedule → run on the
 * sandbox clock → confirmed, cancel → canceled and never run, issue (valid line and barcode checked by
 * two independent boleto libraries), pay an issued line between two seeded users (credit once, live
 * hint), the PDF with its ITF barcode, and permissions per wallet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { boleto as independentBoleto } from "boleto-brasileiro-validator"
import { validarBoleto } from "@mrmgomes/boleto-utils"
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

const directory = async () => (await cl.admin("billetDirectory")).data
const lineOf = async (id: string): Promise<string> => (await directory()).find((e) => e.id === id)!.typeable_line
const brl = async (wallet: string): Promise<number> => sb.admin.ledger(wallet).balances.find((b) => b.currency_symbol === "BRL")!.balance

describe("boleto decode (features §3, §5)", () => {
  it("features §3 every directory slip decodes to its beneficiary, bank and amount parts; a barcode decodes like its line", async () => {
    const dir = await directory()
    expect(dir.filter((e) => e.kind === "collection").every((e) => e.typeable_line.length === 48)).toBe(true)
    expect(dir.filter((e) => e.kind !== "collection").every((e) => e.typeable_line.length === 47)).toBe(true)
    for (const e of dir.filter((x) => x.kind !== "issued")) {
      const d = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: e.typeable_line } })).data
      expect(d.charged_amount).toBe(d.original_amount - d.rebate_amount - d.discount_amount + d.fine_amount + d.interest_amount)
      const byBarcode = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: e.barcode } })).data
      expect(byBarcode).toEqual(d)
    }
    const late = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: await lineOf("02") } })).data
    // 200,00 five days late: fine 2 % = 4,00; interest 0.033 %/day × 5 = 0,33
    expect([late.original_amount, late.fine_amount, late.interest_amount, late.charged_amount]).toEqual([20_000, 400, 33, 20_433])
    const disc = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: await lineOf("03") } })).data
    expect([disc.rebate_amount, disc.discount_amount, disc.charged_amount]).toEqual([1_000, 1_500, 27_500])
    const mm = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: await lineOf("04") } })).data
    expect([mm.divergent_amount_type, mm.min_amount, mm.max_amount]).toEqual(["min_max", 5_000, 20_000])
    expect((await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: await lineOf("06") } })).data.expired).toBe(true)
    const bad = await cl.err("billetDecode", { as: ana, wallet: W.anaMain, query: { line: "23790448095616862379336011058009740430000124021" } })
    expect([bad.status, bad.body.error.fields?.["line"]]).toEqual([422, "VALIDATION_BOLETO_LINE"])
  })

  it("issue 14 a due date on a weekend or holiday is payable without charges on the next business day, charged the day after", async () => {
    const line = await lineOf("07")
    const d = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line } })).data
    const next = addBankBusinessDays(d.due_date!, 1)
    const onNext = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line, date: next } })).data
    expect([onNext.fine_amount, onNext.interest_amount, onNext.charged_amount]).toEqual([0, 0, 45_000])
    const after = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line, date: addBankBusinessDays(next, 1) } })).data
    expect(after.fine_amount).toBe(900)
  })
})

describe("boleto payment (features §2 pay, §4, §5, §8)", () => {
  it("features §5 §8 an amount outside min/max is refused with the catalogue's keys; an expired boleto is refused", async () => {
    const mm = await lineOf("04")
    const low = await cl.err("billetPay", { as: ana, wallet: W.anaMain, tx: true, body: { line: mm, amount: 4_999, pin_token: await cl.pinToken(ana) } })
    expect([low.status, low.body.error.key]).toEqual([422, "AMOUNT_BELOW_MINIMUM"])
    const high = await cl.err("billetPay", { as: ana, wallet: W.anaMain, tx: true, body: { line: mm, amount: 20_001, pin_token: await cl.pinToken(ana) } })
    expect([high.status, high.body.error.key]).toEqual([422, "AMOUNT_ABOVE_MAXIMUM"])
    const exp = await cl.err("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line: await lineOf("06"), amount: 12_000, pin_token: await cl.pinToken(ana) }
    })
    expect([exp.status, exp.body.error.key]).toEqual([422, "BILLET_EXPIRED"])
    const fixed = await cl.err("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line: await lineOf("01"), amount: 14_999, pin_token: await cl.pinToken(ana) }
    })
    expect(fixed.body.error.key).toBe("AMOUNT_BELOW_MINIMUM")
    const noPin = await cl.err("billetPay", { as: ana, wallet: W.anaMain, tx: true, body: { line: mm, amount: 6_000, pin_token: "" } })
    expect(noPin.body.error.key).toBe("PIN_REQUIRED")
  })

  it("features §4 pay now: confirmed, one BILLET_PAYMENT row; the same transaction-uuid again pays nothing more", async () => {
    const before = await brl(W.anaMain)
    const tx = "b11e7000-0000-4000-8000-000000000001"
    const body = { line: await lineOf("02"), amount: 20_433, pin_token: await cl.pinToken(ana) }
    const first = await cl.ok("billetPay", { as: ana, wallet: W.anaMain, tx, body })
    const again = await cl.ok("billetPay", { as: ana, wallet: W.anaMain, tx, body })
    expect(first.data.status).toBe("confirmed")
    expect(again.data.id).toBe(first.data.id)
    expect(await brl(W.anaMain)).toBe(before - 20_433)
    expect(sb.admin.ledger(W.anaMain).transactions.filter((t) => t.transaction_uuid === tx)).toEqual([
      expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
    ])
    const list = (await cl.ok("billetPayments", { as: ana, wallet: W.anaMain })).data.data
    expect(list.find((p) => p.id === first.data.id)).toMatchObject({ status: "confirmed", amount: 20_433, payment_date: null })
  })

  it("features §2 scheduled-billet §4: a schedule waits (pending, nothing debited), runs when the clock reaches its day; a cancelled one never runs", async () => {
    const today = spDateKey(Date.now())
    const day = addBankBusinessDays(today, 1)
    const line = await lineOf("01")
    const holiday = "2026-12-25"
    const h = await cl.err("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line, amount: 15_000, payment_date: holiday, pin_token: await cl.pinToken(ana) }
    })
    expect(h.body.error.key).toBe(holiday > today ? "BILLET_DATE_NOT_BUSINESS_DAY" : "BILLET_DATE_INVALID")
    const before = await brl(W.anaMain)
    const a = await cl.ok("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line, amount: 15_000, payment_date: day, pin_token: await cl.pinToken(ana) }
    })
    const b = await cl.ok("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line, amount: 15_000, payment_date: day, pin_token: await cl.pinToken(ana) }
    })
    expect([a.data.status, b.data.status]).toEqual(["pending", "pending"])
    expect(await brl(W.anaMain)).toBe(before)
    const canceled = await cl.ok("billetScheduledCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: b.data.id } })
    expect(canceled.data).toMatchObject({ status: "canceled", banking_billet_payment_id: b.data.id })
    expect(canceled.data.canceled_at).not.toBeNull()
    const twice = await cl.err("billetScheduledCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: b.data.id } })
    expect(twice.body.error.key).toBe("BILLET_NOT_CANCELABLE")
    // the clock reaches the day
    const days = Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000)
    sb.admin.setClockOffset(days * 86_400_000)
    try {
      await cl.admin("billetRunSchedules")
      const sched = (await cl.ok("billetScheduled", { as: ana, wallet: W.anaMain })).data.data
      expect(sched.find((s) => s.id === a.data.id)?.status).toBe("confirmed")
      expect(sched.find((s) => s.id === b.data.id)?.status).toBe("canceled")
      expect(await brl(W.anaMain)).toBe(before - 15_000)
    } finally {
      sb.admin.setClockOffset(0)
    }
  })
})

describe("issued boletos (features §2 receive, manage-billet, §3 issued, §4)", () => {
  it("features §3 issue: a valid 47-digit line and 44-digit barcode, validated by two independent boleto libraries over many issues", async () => {
    const due = addBankBusinessDays(spDateKey(Date.now()), 3)
    for (let i = 0; i < 40; i++) {
      const amount = 100 + i * 123_457
      const r = await cl.ok("billetDepositCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { amount, due_date: due, description: `Pedido ${i}`, payer_name: "Ana Beatriz Souza", payer_document: "529.982.247-25" }
      })
      expect(r.data.typeable_line).toMatch(/^\d{47}$/)
      expect(r.data.barcode).toMatch(/^\d{44}$/)
      expect(independentBoleto(r.data.typeable_line)).toBe(true)
      expect(independentBoleto(r.data.barcode)).toBe(true)
      const v = validarBoleto(r.data.typeable_line)
      expect([v.sucesso, Math.round(v.valor * 100), v.codigoBarras]).toEqual([true, amount, r.data.barcode])
    }
    const bad = await cl.err("billetDepositCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { amount: 5_000, due_date: due, description: "x", payer_name: "Ana", payer_document: "111.111.111-11" }
    })
    expect([bad.status, bad.body.error.fields?.["payer_document"]]).toEqual([422, "VALIDATION_VALID_DOCUMENT"])
  })

  it("issue 14 Ana pays Bruno's issued line: Ana debited once, Bruno credited once (BILLET_DEPOSIT), the boleto RECEIVED; paying it again is refused", async () => {
    const due = addBankBusinessDays(spDateKey(Date.now()), 3)
    const dep = (
      await cl.ok("billetDepositCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { amount: 31_415, due_date: due, description: "Pedido 77", payer_name: "Ana Beatriz Souza", payer_document: "52998224725" }
      })
    ).data
    const d = (await cl.ok("billetDecode", { as: ana, wallet: W.anaMain, query: { line: dep.typeable_line } })).data
    expect([d.beneficiary_name, d.beneficiary_bank_name, d.charged_amount]).toEqual(["Lima & Filhos Comércio de Alimentos Ltda", "Banco Sandbox S.A.", 31_415])
    const [a0, b0] = [sb.admin.ledger(W.anaMain), sb.admin.ledger(W.brunoMatrix)]
    await cl.ok("billetPay", { as: ana, wallet: W.anaMain, tx: true, body: { line: dep.typeable_line, amount: 31_415, pin_token: await cl.pinToken(ana) } })
    const [a1, b1] = [sb.admin.ledger(W.anaMain), sb.admin.ledger(W.brunoMatrix)]
    expect(a1.statement_rows - a0.statement_rows).toBe(1)
    expect(b1.statement_rows - b0.statement_rows).toBe(1)
    expect(b1.balances.find((x) => x.currency_symbol === "BRL")!.balance - b0.balances.find((x) => x.currency_symbol === "BRL")!.balance).toBe(31_415)
    const mine = (await cl.ok("billetDeposits", { as: bruno, wallet: W.brunoMatrix })).data.data.find((x) => x.id === dep.id)
    expect(mine?.status).toBe("RECEIVED")
    const again = await cl.err("billetPay", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { line: dep.typeable_line, amount: 31_415, pin_token: await cl.pinToken(ana) }
    })
    expect(again.body.error.key).toBe("BILLET_ALREADY_PAID")
  })

  it("features §4 cancel an issued boleto; the admin route pays an open one (statement row in the issuer's wallet)", async () => {
    const due = addBankBusinessDays(spDateKey(Date.now()), 2)
    const mk = async (n: number) =>
      (
        await cl.ok("billetDepositCreate", {
          as: bruno,
          wallet: W.brunoMatrix,
          tx: true,
          body: { amount: n, due_date: due, description: "Serviço", payer_name: "Cliente Teste", payer_document: "11222333000181" }
        })
      ).data
    const c = await mk(10_000)
    expect((await cl.ok("billetDepositCancel", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: c.id } })).data.status).toBe("CANCELED")
    const p = await mk(12_345)
    const row = (await cl.admin("billetPayIssued", { body: { line: p.typeable_line } })).data
    expect([row.type, row.direction, row.amount, row.wallet_id]).toEqual(["BILLET_DEPOSIT", "in", 12_345, W.brunoMatrix])
    expect((await cl.err("billetDepositCancel", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: p.id } })).body.error.key).toBe(
      "BILLET_NOT_CANCELABLE"
    )
  })

  it("features §7 the pdf sub-path answers a signed link to a PDF", async () => {
    const dep = (await cl.ok("billetDeposits", { as: bruno, wallet: W.brunoMatrix })).data.data[0]!
    const r = await cl.ok("billetDepositPdf", { as: bruno, wallet: W.brunoMatrix, params: { id: dep.id } })
    const file = await fetch(r.data.url)
    expect(file.headers.get("content-type")).toBe("application/pdf")
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString()
    ).toBe("%PDF-")
    expect((await cl.err("billetDepositPdf", { as: ana, wallet: W.brunoMatrix, params: { id: dep.id } })).status).toBe(403)
  })
})

describe("boleto permissions per wallet (features §2)", () => {
  it("features §2 a client reads the lists of a wallet but cannot pay, schedule-cancel or issue; another user's wallet is refused", async () => {
    expect((await cl.ok("billetPayments", { as: helena, wallet: W.anaMain })).data.total).toBeGreaterThanOrEqual(0)
    expect((await cl.ok("billetDeposits", { as: helena, wallet: W.anaMain })).data.total).toBeGreaterThanOrEqual(0)
    expect(
      (
        await cl.err("billetPay", {
          as: helena,
          wallet: W.anaMain,
          tx: true,
          body: { line: await lineOf("01"), amount: 15_000, pin_token: await cl.pinToken(helena) }
        })
      ).status
    ).toBe(403)
    expect((await cl.err("billetDecode", { as: helena, wallet: W.anaMain, query: { line: await lineOf("01") } })).status).toBe(403)
    expect(
      (
        await cl.err("billetDepositCreate", {
          as: helena,
          wallet: W.anaMain,
          tx: true,
          body: { amount: 1000, due_date: "2030-01-02", description: "x", payer_name: "Abc", payer_document: "52998224725" }
        })
      ).status
    ).toBe(403)
    expect((await cl.err("billetPayments", { as: bruno, wallet: W.anaMain })).status).toBe(403)
    expect(
      (
        await cl.err("billetPay", {
          as: ana,
          wallet: W.anaMain,
          tx: false,
          body: { line: await lineOf("01"), amount: 15_000, pin_token: await cl.pinToken(helena) }
        })
      ).status
    ).toBe(400) // no transaction-uuid
  })
})
