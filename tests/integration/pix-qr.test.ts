/**
 * Pix QR codes and paying by code over real HTTP (spec features §2 my-qr-codes, receive, pay by
 * copy-and-paste code; §3 QR code types; §7 /users/pix/deposits/qr-codes, decode/by-qr-code v2,
 * by-qr-code static and dynamic instant-billing; §8; issue 12): shapes decoded by schema/, rules (own
 * key, amount of the code, bad CRC, wrong kind, expired and paid dynamic codes), permissions per
 * wallet, idempotency, and a paid code that settles once between two seeded users and is marked paid.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { decodePixCopyPaste } from "../../schema/pix-brcode.ts"
import { spDateKey } from "../../sandbox/time.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session, carla: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena, carla] = (await Promise.all(["ana", "bruno", "helena", "carla"].map((u) => cl.login(`${u}@example.com`)))) as [
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

const brl = (w: string): number => sb.admin.ledger(w).balances.find((b) => b.currency_symbol === "BRL")!.balance

describe("Pix QR codes (features §2 receive, my-qr-codes, §3, §7)", () => {
  it("features §2 receive: a static code for an own key with amount, description and txid; idempotent; listed; a key of another account refused", async () => {
    const tx = "6c0f7a2e-0000-4000-8000-000000000001"
    const body = { kind: "static" as const, key: "bruno@example.com", amount: 2_500, description: "Pedido 42", txid: "PEDIDO42" }
    const made = await cl.ok("pixQrCodeCreate", { as: bruno, wallet: W.brunoMatrix, tx, body })
    const again = await cl.ok("pixQrCodeCreate", { as: bruno, wallet: W.brunoMatrix, tx, body })
    expect(again.data.id).toBe(made.data.id)
    expect([made.data.status, made.data.request_id, made.data.amount]).toEqual(["active", tx, 2_500])
    expect(decodePixCopyPaste(made.data.emv)).toMatchObject({ key: "bruno@example.com", amountCents: 2_500, txid: "PEDIDO42", description: "Pedido 42" })
    const list = await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })
    expect(list.data.data.filter((q) => q.id === made.data.id)).toHaveLength(1)
    const notOwn = await cl.err("pixQrCodeCreate", { as: bruno, wallet: W.brunoMatrix, tx: true, body: { kind: "static", key: "ana@example.com" } })
    expect([notOwn.status, notOwn.body.error.key]).toEqual([422, "PIX_QR_KEY_NOT_OWN"])
  })

  it("features §2 §6 permissions: a client lists codes but cannot make one; another user's wallet is refused", async () => {
    expect((await cl.ok("pixQrCodes", { as: helena, wallet: W.anaMain })).data.page).toBe(1)
    expect((await cl.err("pixQrCodeCreate", { as: helena, wallet: W.anaMain, tx: true, body: { kind: "static", key: "ana@example.com" } })).status).toBe(403)
    expect((await cl.err("pixQrCodes", { as: ana, wallet: W.brunoMatrix })).status).toBe(403)
  })

  it("issue 12 paying a static code of Bruno's: decoded to him, debits Ana and credits Bruno once, marks the code paid; the amount must be the code's", async () => {
    const made = await cl.ok("pixQrCodeCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { kind: "static", key: "bruno@example.com", amount: 1_990 }
    })
    const code = made.data.emv
    const d = await cl.ok("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code } })
    expect([d.data.kind, d.data.amount, d.data.beneficiary_name, d.data.qr_code_id]).toEqual([
      "static",
      1_990,
      "Lima & Filhos Comércio de Alimentos Ltda",
      made.data.id
    ])
    const wrong = await cl.err("pixPayByQrStatic", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { code, amount: 1_000, description: "", pin_token: await cl.pinToken(ana) }
    })
    expect([wrong.status, wrong.body.error.key]).toEqual([422, "PIX_QR_AMOUNT_MISMATCH"])
    const asDynamic = await cl.err("pixPayByQrDynamic", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { code, amount: 1_990, description: "", pin_token: await cl.pinToken(ana) }
    })
    expect(asDynamic.body.error.key).toBe("PIX_QR_UNSUPPORTED")
    const before = [brl(W.anaMain), brl(W.brunoMatrix), sb.admin.ledger(W.brunoMatrix).statement_rows]
    const tx = "6c0f7a2e-0000-4000-8000-000000000002"
    const body = { code, amount: 1_990, description: "", pin_token: await cl.pinToken(ana) }
    const paid = await cl.ok("pixPayByQrStatic", { as: ana, wallet: W.anaMain, tx, body })
    await cl.ok("pixPayByQrStatic", { as: ana, wallet: W.anaMain, tx, body })
    expect(paid.data.status).toBe("completed")
    expect([brl(W.anaMain) - before[0]!, brl(W.brunoMatrix) - before[1]!, sb.admin.ledger(W.brunoMatrix).statement_rows - before[2]!]).toEqual([
      -1_990, 1_990, 1
    ])
    const row = (await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.find((q) => q.id === made.data.id)
    expect([row?.status, row?.paid_amount, row?.payer_name]).toEqual(["paid", 1_990, expect.any(String)])
  })

  it("features §3 §4 a dynamic instant-billing code is paid once; a second payment is refused; an expired one says so (sandbox clock)", async () => {
    const made = await cl.ok("pixQrCodeCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { kind: "dynamic_instant", key: "bruno@example.com", amount: 500, expires_in: 600 }
    })
    const code = made.data.emv
    expect(decodePixCopyPaste(code).url).toContain(made.data.id)
    expect(made.data.expires_at).not.toBeNull()
    await cl.ok("pixPayByQrDynamic", { as: ana, wallet: W.anaMain, tx: true, body: { code, amount: 500, description: "", pin_token: await cl.pinToken(ana) } })
    const twice = await cl.err("pixPayByQrDynamic", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { code, amount: 500, description: "", pin_token: await cl.pinToken(ana) }
    })
    expect([twice.status, twice.body.error.key]).toEqual([422, "PIX_QR_ALREADY_PAID"])
    const late = await cl.ok("pixQrCodeCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { kind: "dynamic_instant", key: "bruno@example.com", amount: 700, expires_in: 60 }
    })
    sb.admin.setClockOffset(2 * 60_000)
    try {
      const e = await cl.err("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code: late.data.emv } })
      expect([e.status, e.body.error.key]).toEqual([422, "PIX_QR_EXPIRED"])
      const row = (await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.find((q) => q.id === late.data.id)
      expect(row?.status).toBe("expired")
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §8 bad codes: a changed character is a CRC error; text that is no code is invalid", async () => {
    const made = await cl.ok("pixQrCodeCreate", { as: bruno, wallet: W.brunoMatrix, tx: true, body: { kind: "static", key: "bruno@example.com" } })
    const i = made.data.emv.indexOf("bruno")
    const bad = made.data.emv.slice(0, i) + "x" + made.data.emv.slice(i + 1)
    expect((await cl.err("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code: bad } })).body.error.key).toBe("PIX_QR_CRC")
    expect((await cl.err("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code: "hello" } })).body.error.key).toBe("PIX_QR_INVALID")
  })
  describe("features §6 staged approval for a payment by code, as by key and by account (D-pix-staged-code)", () => {
    const approveAll = async (id: string, approvers: number): Promise<void> => {
      for (const a of [carla, ...(approvers > 1 ? [await cl.login("diego@example.com")] : [])]) {
        await cl.ok("approvalApprove", { as: a, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(a) } })
      }
    }
    const daytime = (): void => {
      sb.admin.setClockOffset(Date.parse(`${spDateKey(Date.now())}T12:00:00-03:00`) - Date.now())
    }

    it("a static code at or above the minimum: 202, nothing moves, the request shows the contract's order only; the last approval pays once, with the code's txid, and marks the code paid", async () => {
      daytime()
      try {
        const setting = (await cl.ok("approvalSettings", { as: ana, wallet: W.anaMain })).data.data[0]!
        const amount = setting.min_value + 7
        const made = await cl.ok("pixQrCodeCreate", {
          as: bruno,
          wallet: W.brunoMatrix,
          tx: true,
          body: { kind: "static", key: "bruno@example.com", amount, txid: "PEDIDO42" }
        })
        const before = [brl(W.anaMain), brl(W.brunoMatrix), sb.admin.ledger(W.brunoMatrix).statement_rows]
        const staged = await cl.ok("pixPayByQrStatic", {
          as: ana,
          wallet: W.anaMain,
          tx: true,
          body: { code: made.data.emv, amount, description: "", pin_token: await cl.pinToken(ana) }
        })
        expect(staged.data).toMatchObject({ status: "awaiting_approval", operation_id: null, end_to_end_id: null })
        expect([brl(W.anaMain), brl(W.brunoMatrix), sb.admin.ledger(W.brunoMatrix).statement_rows]).toEqual(before)
        expect((await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.find((q) => q.id === made.data.id)?.status).toBe("active")
        const id = staged.data.approval_request_id!
        const asked = await cl.ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id } })
        expect(Object.keys(asked.data.payment).sort()).toEqual([
          "beneficiary_bank",
          "beneficiary_document",
          "beneficiary_name",
          "description",
          "key",
          "key_type"
        ])
        await approveAll(id, setting.approvers)
        expect([brl(W.anaMain) - before[0]!, brl(W.brunoMatrix) - before[1]!, sb.admin.ledger(W.brunoMatrix).statement_rows - before[2]!]).toEqual([
          -amount,
          amount,
          1
        ])
        const row = (await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.find((q) => q.id === made.data.id)
        expect([row?.status, row?.paid_amount]).toEqual(["paid", amount])
        const ref = sb.db.prepare("SELECT txid FROM pix_out_refs ORDER BY rowid DESC LIMIT 1").get() as { txid: string | null } | undefined
        expect(ref?.txid).toBe("PEDIDO42")
      } finally {
        sb.admin.setClockOffset(0)
      }
    })

    it("a dynamic code that expires while it waits for approval: the last approval is refused PIX_QR_EXPIRED and nothing moves", async () => {
      daytime()
      try {
        const setting = (await cl.ok("approvalSettings", { as: ana, wallet: W.anaMain })).data.data[0]!
        const amount = setting.min_value + 11
        const made = await cl.ok("pixQrCodeCreate", {
          as: bruno,
          wallet: W.brunoMatrix,
          tx: true,
          body: { kind: "dynamic_instant", key: "bruno@example.com", amount, expires_in: 60 }
        })
        const staged = await cl.ok("pixPayByQrDynamic", {
          as: ana,
          wallet: W.anaMain,
          tx: true,
          body: { code: made.data.emv, amount, description: "", pin_token: await cl.pinToken(ana) }
        })
        expect(staged.data.status).toBe("awaiting_approval")
        const before = [brl(W.anaMain), brl(W.brunoMatrix)]
        sb.admin.setClockOffset(Date.parse(`${spDateKey(Date.now())}T12:05:00-03:00`) - Date.now())
        const id = staged.data.approval_request_id!
        const last = setting.approvers > 1 ? await cl.login("diego@example.com") : carla
        if (setting.approvers > 1)
          await cl.ok("approvalApprove", { as: carla, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(carla) } })
        const e = await cl.err("approvalApprove", { as: last, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(last) } })
        expect([e.status, e.body.error.key]).toEqual([422, "PIX_QR_EXPIRED"])
        expect([brl(W.anaMain), brl(W.brunoMatrix)]).toEqual(before)
        expect((await cl.ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id } })).data.status).toBe("started")
        // the refused approval left no decision behind (the call is one transaction)
        const decisions = (sb.db.prepare("SELECT count(*) AS n FROM approval_decisions WHERE request_id = ?").get(id) as { n: number }).n
        expect(decisions).toBe(setting.approvers - 1)
      } finally {
        sb.admin.setClockOffset(0)
      }
    })
  })
  describe("features §3 §7 the other QR code types: due-date billing, withdrawal and change (D-pix-qr-variants)", () => {
    const day = (offset: number): string => spDateKey(Date.now() + offset * 86_400_000)
    const noonOn = (key: string): void => {
      sb.admin.setClockOffset(Date.parse(`${key}T12:00:00-03:00`) - Date.now())
    }

    it("a due-date billing charges the discount before its date, the fine and interest after the due date, and expires after its days after due", async () => {
      noonOn(day(0))
      try {
        const due = { due_date: day(5), days_after_due: 10, fine_bp: 200, interest_bp_month: 100, discount: 1_000, discount_until: day(2) }
        const bad = await cl.err("pixQrCodeCreate", {
          as: bruno,
          wallet: W.brunoMatrix,
          tx: true,
          body: { kind: "dynamic_due", key: "bruno@example.com", amount: 100_000, due: { ...due, due_date: day(-1) } }
        })
        expect([bad.status, bad.body.error.key, bad.body.error.fields?.["due.due_date"]]).toEqual([422, "INCORRECT_DATA", "VALIDATION_DATE"])
        const made = await cl.ok("pixQrCodeCreate", {
          as: bruno,
          wallet: W.brunoMatrix,
          tx: true,
          body: { kind: "dynamic_due", key: "bruno@example.com", amount: 100_000, due }
        })
        expect([made.data.kind, made.data.expires_at, made.data.due?.due_date]).toEqual(["dynamic_due", null, due.due_date])
        const code = made.data.emv
        const early = (await cl.ok("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code } })).data
        expect([early.kind, early.amount, early.charge?.discount]).toEqual(["dynamic_due", 99_000, 1_000])
        noonOn(day(8)) // 3 days late: fine 2 % = 2,000; interest 1 %/month × 3/30 = 100
        const late = (await cl.ok("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code } })).data
        expect(late.charge).toEqual({ original: 100_000, fine: 2_000, interest: 100, discount: 0, total: 102_100, days_late: 3, due_date: due.due_date })
        const asInstant = await cl.err("pixPayByQrDynamic", {
          as: ana,
          wallet: W.anaMain,
          tx: true,
          body: { code, amount: 102_100, description: "", pin_token: await cl.pinToken(ana) }
        })
        expect(asInstant.body.error.key).toBe("PIX_QR_UNSUPPORTED")
        const stale = await cl.err("pixPayByQrDynamicDue", {
          as: ana,
          wallet: W.anaMain,
          tx: true,
          body: { code, amount: 99_000, description: "", pin_token: await cl.pinToken(ana) }
        })
        expect(stale.body.error.key).toBe("PIX_QR_AMOUNT_MISMATCH")
        noonOn(day(16)) // 11 days late, 10 allowed
        const gone = await cl.err("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code } })
        expect(gone.body.error.key).toBe("PIX_QR_EXPIRED")
        expect((await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.find((q) => q.id === made.data.id)?.status).toBe("expired")
      } finally {
        sb.admin.setClockOffset(0)
      }
    })

    it("a due-date billing paid on its due date debits the original once and marks the code paid", async () => {
      noonOn(day(0))
      try {
        const made = await cl.ok("pixQrCodeCreate", {
          as: bruno,
          wallet: W.brunoMatrix,
          tx: true,
          body: {
            kind: "dynamic_due",
            key: "bruno@example.com",
            amount: 2_500,
            due: { due_date: day(0), days_after_due: 0, fine_bp: 0, interest_bp_month: 0, discount: 0, discount_until: null }
          }
        })
        const before = [brl(W.anaMain), brl(W.brunoMatrix)]
        const body = { code: made.data.emv, amount: 2_500, description: "", pin_token: await cl.pinToken(ana) }
        const tx = "6c0f7a2e-0000-4000-8000-0000000000d1"
        await cl.ok("pixPayByQrDynamicDue", { as: ana, wallet: W.anaMain, tx, body })
        await cl.ok("pixPayByQrDynamicDue", { as: ana, wallet: W.anaMain, tx, body })
        expect([brl(W.anaMain) - before[0]!, brl(W.brunoMatrix) - before[1]!]).toEqual([-2_500, 2_500])
        expect((await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.find((q) => q.id === made.data.id)?.status).toBe("paid")
      } finally {
        sb.admin.setClockOffset(0)
      }
    })

    it("withdrawal and change: the payer pays the cash (and the purchase), the cash is capped, a static withdrawal is told from a payment code", async () => {
      const over = await cl.err("pixQrCodeCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { kind: "dynamic_withdrawal", key: "bruno@example.com", amount: 50_001 }
      })
      expect([over.status, over.body.error.fields?.["amount"]]).toEqual([422, "VALIDATION_MAX_VALUE"])
      const noCash = await cl.err("pixQrCodeCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { kind: "dynamic_change", key: "bruno@example.com", amount: 3_000 }
      })
      expect(noCash.body.error.fields?.["cash"]).toBe("VALIDATION_REQUIRED")
      const change = await cl.ok("pixQrCodeCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { kind: "dynamic_change", key: "bruno@example.com", amount: 3_000, cash: 5_000, agent: "AGTEC" }
      })
      const dc = (await cl.ok("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code: change.data.emv } })).data
      expect([dc.kind, dc.amount, dc.cash]).toEqual(["dynamic_change", 8_000, 5_000])
      const st = await cl.ok("pixQrCodeCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { kind: "static_withdrawal", key: "bruno@example.com", amount: 10_000 }
      })
      const same = await cl.ok("pixQrCodeCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { kind: "static", key: "bruno@example.com", amount: 10_000 }
      })
      expect(st.data.emv).not.toBe(same.data.emv)
      const ds = (await cl.ok("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code: st.data.emv } })).data
      expect([ds.kind, ds.amount, ds.cash]).toEqual(["static_withdrawal", 10_000, 10_000])
      const before = brl(W.anaMain)
      await cl.ok("pixPayByQrDynamicChange", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { code: change.data.emv, amount: 8_000, description: "", pin_token: await cl.pinToken(ana) }
      })
      await cl.ok("pixPayByQrStaticWithdrawal", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { code: st.data.emv, amount: 10_000, description: "", pin_token: await cl.pinToken(ana) }
      })
      expect(brl(W.anaMain)).toBe(before - 18_000)
    })
  })
  it("issue 12 seed: Bruno has one code of each kind of features §3; each active one decodes to its kind and amount", async () => {
    const codes = (await cl.ok("pixQrCodes", { as: bruno, wallet: W.brunoMatrix })).data.data.filter((c) => c.id.startsWith("5eed"))
    expect(codes.map((c) => c.kind).sort()).toEqual(["dynamic_change", "dynamic_due", "dynamic_instant", "dynamic_withdrawal", "static", "static_withdrawal"])
    expect(Object.fromEntries(codes.map((c) => [c.kind, c.status]))).toMatchObject({
      static: "paid",
      dynamic_instant: "expired",
      dynamic_due: "active",
      dynamic_change: "active"
    })
    for (const c of codes.filter((x) => x.status === "active")) {
      const d = (await cl.ok("pixDecodeByQrCode", { as: ana, wallet: W.anaMain, query: { code: c.emv } })).data
      expect([d.kind, d.amount], c.kind).toEqual([c.kind, c.kind === "dynamic_due" ? 120_000 : c.amount])
    }
  })
})
