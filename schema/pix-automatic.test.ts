/**
 * Rules of Pix Automático (spec features §3 maximum value, §4 statuses, actions, "cancels scheduled
 * payments except the one due today", approve by QR code; issue 13 the days ahead): rule ids PA-TRANSITIONS,
 * PA-MAX, PA-ABOVE-MAX, PA-CANCEL-TODAY, PA-QR and PA-AHEAD (dates as São Paulo days).
 */
import { describe, expect, it } from "vitest"
import { Schema } from "effect"
import {
  AutomaticAuthorization,
  PA,
  automaticAheadItems,
  automaticQrId,
  canDo,
  chargeFailure,
  encodeAutomaticQr,
  maxValueError,
  paymentsCancelledWith,
  statusAfter,
  type AuthorizationStatus
} from "./pix-automatic.ts"
import { PS } from "./pix-schedule.ts"
import { PW } from "./pix-withdraw.ts"
import { ROLE_ACTIONS, SCHEDULE_ACT, SCHEDULE_READ } from "./permissions.ts"
import { decodePixCopyPaste, encodePixCopyPaste, crc16ccitt } from "./pix-brcode.ts"
import { recurrenceDates } from "./schedule.ts"
import { saoPauloDateKey } from "./holidays.ts"
import { Prng } from "../sandbox/prng.ts"

const STATUSES: ReadonlyArray<AuthorizationStatus> = ["PENDING", "ACTIVE", "CANCELLED", "EXPIRED", "REFUSED"]

describe("PA-TRANSITIONS features §4 authorization statuses", () => {
  it("PA-TRANSITIONS approve and reject answer only a pending request; cancel and change of the maximum only an active one", () => {
    const allowed = (a: Parameters<typeof canDo>[1]) => STATUSES.filter((s) => canDo(s, a))
    expect(allowed("approve")).toEqual(["PENDING"])
    expect(allowed("reject")).toEqual(["PENDING"])
    expect(allowed("cancel")).toEqual(["ACTIVE"])
    expect(allowed("changeMax")).toEqual(["ACTIVE"])
    expect([statusAfter("approve"), statusAfter("reject"), statusAfter("cancel")]).toEqual(["ACTIVE", "REFUSED", "CANCELLED"])
  })
  it("PA-TRANSITIONS features §4 cancellation is irreversible: from CANCELLED no action is possible", () => {
    for (const a of ["approve", "reject", "cancel", "changeMax"] as const) expect(canDo("CANCELLED", a)).toBe(false)
  })
})

describe("PA-MAX features §3 the payer's maximum value", () => {
  it("PA-MAX none is allowed; a positive amount at or above the floor and the fixed value is allowed; below is refused", () => {
    const variable = { value: null, floor_max_value: 20_000 }
    expect(maxValueError(variable, null)).toBeNull()
    expect(maxValueError(variable, undefined)).toBeNull()
    expect(maxValueError(variable, 20_000)).toBeNull()
    expect(maxValueError(variable, 19_999)).toBe("PIX_AUTOMATIC_MAX_BELOW_FLOOR")
    expect(maxValueError({ value: 9_990, floor_max_value: null }, 9_989)).toBe("PIX_AUTOMATIC_MAX_BELOW_FLOOR")
    expect(maxValueError({ value: 9_990, floor_max_value: null }, 0)).toBe("VALIDATION_MIN_VALUE")
    expect(maxValueError({ value: null, floor_max_value: null }, 1.5)).toBe("VALIDATION_MIN_VALUE")
  })
  it("PA-ABOVE-MAX features §4 a charge above the maximum fails with its reason; at the maximum or without one it runs", () => {
    expect(chargeFailure(3_001, 3_000)).toBe("ABOVE_MAXIMUM_VALUE")
    expect(chargeFailure(3_000, 3_000)).toBeNull()
    expect(chargeFailure(1_000_000, null)).toBeNull()
  })
})

describe("PA-CANCEL-TODAY features §4 cancelling keeps today's payment", () => {
  it("PA-CANCEL-TODAY only scheduled payments after today (São Paulo day) are cancelled; today's and past ones stay", () => {
    const today = "2026-03-10"
    const ps = [
      { id: "a", status: "SCHEDULED" as const, payment_date: "2026-03-10" },
      { id: "b", status: "SCHEDULED" as const, payment_date: "2026-03-11" },
      { id: "c", status: "EXECUTED" as const, payment_date: "2026-03-03" },
      { id: "d", status: "FAILED" as const, payment_date: "2026-03-17" },
      { id: "e", status: "SCHEDULED" as const, payment_date: "2026-04-10" }
    ]
    expect(paymentsCancelledWith(ps, today).map((p) => p.id)).toEqual(["b", "e"])
  })
  it("PA-CANCEL-TODAY 'today' is the São Paulo day: 01:30 UTC on the 11th is still the 10th (UTC-3)", () => {
    expect(saoPauloDateKey(new Date("2026-03-11T01:30:00Z"))).toBe("2026-03-10")
  })
})

describe("PA-QR features §4 approve by QR code: the composite BR Code", () => {
  it("PA-QR the code made for an authorization reads back with the Pix decoder: GUI-only template 26, template 80 with the location, valid CRC", () => {
    const code = encodeAutomaticQr({ id: "3b2f6a1e-0000-4000-8000-00000000abcd", merchantName: "Academia Corpo em Forma Ltda", merchantCity: "São Paulo" })
    const d = decodePixCopyPaste(code)
    expect(d.key).toBeUndefined()
    expect(d.url).toBeUndefined()
    expect(d.recurrenceUrl).toBe("pix.sandbox.local/rec/3b2f6a1e-0000-4000-8000-00000000abcd")
    expect(d.merchantCity).toBe("Sao Paulo")
    expect(code.slice(-4)).toBe(crc16ccitt(code.slice(0, -4)))
    expect(automaticQrId(code)).toEqual({ ok: true, id: "3b2f6a1e-0000-4000-8000-00000000abcd", merchantName: "Academia Corpo em Forma L" })
  })
  it("PA-QR the BCB's published journey-2 example decodes: its recurrence location is read from template 80", () => {
    // from the public examples of the BCB's Pix Automático layout (a GUI-only 26 and an 80 with 25 = location)
    const body =
      "00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002"
    const code = `${body}6304${crc16ccitt(`${body}6304`)}`
    expect(decodePixCopyPaste(code).recurrenceUrl).toBe("pix.example.com/rec/2353c790eefb11eaadc10242ac120002")
  })
  it("PA-QR an ordinary Pix code carries no authorization; a corrupted composite code is refused by its CRC", () => {
    const plain = encodePixCopyPaste({ key: "bruno@example.com", merchantName: "Bruno", merchantCity: "Sao Paulo", amountCents: 1000 })
    expect(automaticQrId(plain)).toEqual({ ok: false, error: "PIX_AUTOMATIC_QR_NOT_AUTOMATIC" })
    const code = encodeAutomaticQr({ id: "3b2f6a1e-0000-4000-8000-00000000abcd", merchantName: "X", merchantCity: "Y" })
    expect(automaticQrId(code.replace("abcd", "abce"))).toEqual({ ok: false, error: "PIX_QR_CRC" })
    expect(automaticQrId("not a code")).toEqual({ ok: false, error: "PIX_QR_INVALID" })
  })
})

describe("PA-AHEAD issue 13 the days ahead count automatic debits", () => {
  const auth = (o: Partial<Parameters<typeof automaticAheadItems>[0][number]> = {}) => ({
    id: "a1",
    status: "ACTIVE" as const,
    frequency: "MONTHLY" as const,
    start_date: "2026-01-31",
    end_date: null,
    value: 5_000,
    payment_max_value: null,
    ...o
  })
  it("PA-AHEAD a fixed-value active authorization's occurrences in the 60 days, month ends falling on the last day; charged dates counted once", () => {
    const items = automaticAheadItems([auth()], [{ authorization_id: "a1", payment_date: "2026-02-28", amount: 5_000, status: "SCHEDULED" }], "2026-02-01")
    expect(items.map((i) => i.date).sort()).toEqual(["2026-02-28", "2026-03-31"])
    expect(items.every((i) => i.amount === -5_000)).toBe(true)
  })
  it("PA-AHEAD cancelled, pending, variable and above-maximum authorizations add nothing; a charge above the maximum is not counted (it would fail)", () => {
    const today = "2026-02-01"
    expect(automaticAheadItems([auth({ status: "CANCELLED" }), auth({ id: "a2", status: "PENDING" }), auth({ id: "a3", value: null })], [], today)).toEqual([])
    expect(automaticAheadItems([auth({ payment_max_value: 4_000 })], [], today)).toEqual([])
    expect(
      automaticAheadItems(
        [auth({ value: null, payment_max_value: 4_000 })],
        [{ authorization_id: "a1", payment_date: "2026-02-10", amount: 4_500, status: "SCHEDULED" }],
        today
      )
    ).toEqual([])
    expect(
      automaticAheadItems(
        [auth({ value: null, payment_max_value: 4_000 })],
        [{ authorization_id: "a1", payment_date: "2026-02-10", amount: 3_500, status: "SCHEDULED" }],
        today
      )
    ).toEqual([{ date: "2026-02-10", amount: -3_500 }])
  })
  it("PA-AHEAD matches a naive computation over random authorizations and charges", () => {
    const r = new Prng(13)
    const freqs = ["WEEKLY", "MONTHLY", "ANNUALLY"] as const
    for (let round = 0; round < 50; round++) {
      const today = `2026-${String(1 + r.int(0, 11)).padStart(2, "0")}-${String(1 + r.int(0, 27)).padStart(2, "0")}`
      const last = new Date(Date.parse(`${today}T00:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10)
      const auths = Array.from({ length: 1 + r.int(0, 5) }, (_, i) => {
        const start = new Date(Date.parse(`${today}T00:00:00Z`) + (r.int(0, 89) - 20) * 86_400_000).toISOString().slice(0, 10)
        return auth({
          id: `a${i}`,
          status: r.int(0, 3) === 0 ? "CANCELLED" : "ACTIVE",
          frequency: freqs[r.int(0, 2)]!,
          start_date: start,
          end_date: r.int(0, 2) === 0 ? new Date(Date.parse(`${start}T00:00:00Z`) + r.int(0, 119) * 86_400_000).toISOString().slice(0, 10) : null,
          value: r.int(0, 2) === 0 ? null : 100 + r.int(0, 9999),
          payment_max_value: r.int(0, 1) === 0 ? null : 100 + r.int(0, 9999)
        })
      })
      const pays = auths.flatMap((a) =>
        recurrenceDates({ start: a.start_date, frequency: a.frequency, count: 3 })
          .filter(() => r.int(0, 1) === 0)
          .map((d) => ({
            authorization_id: a.id,
            payment_date: d,
            amount: a.value ?? 100 + r.int(0, 9999),
            status: (["SCHEDULED", "EXECUTED", "CANCELLED"] as const)[r.int(0, 2)]!
          }))
      )
      // naive: every charge still scheduled within its maximum; every fixed-value active occurrence from today to the window's last day not charged
      const naive: Array<{ date: string; amount: number }> = []
      for (const p of pays) {
        const max = auths.find((a) => a.id === p.authorization_id)!.payment_max_value
        if (p.status === "SCHEDULED" && (max === null || p.amount <= max)) naive.push({ date: p.payment_date, amount: -p.amount })
      }
      for (const a of auths) {
        if (a.status !== "ACTIVE" || a.value === null || (a.payment_max_value !== null && a.value > a.payment_max_value)) continue
        for (const d of recurrenceDates({ start: a.start_date, frequency: a.frequency, count: 200 })) {
          if (d < today || d > last || (a.end_date !== null && d > a.end_date)) continue
          if (pays.some((p) => p.authorization_id === a.id && p.payment_date === d)) continue
          naive.push({ date: d, amount: -a.value })
        }
      }
      const key = (x: { date: string; amount: number }) => `${x.date}|${x.amount}`
      expect(automaticAheadItems(auths, pays, today).map(key).sort()).toEqual(naive.map(key).sort())
    }
  })
})

describe("features §2 permissions of the scheduling pages", () => {
  it("features §2 the role grants name the tags the contract checks; CLIENT reads every scheduling list, ADMIN also acts", () => {
    expect([...SCHEDULE_READ].sort()).toEqual([PS.getPixPayments, PS.getRecurrences, PA.getAuthorizations, PA.getPayments, PS.getWithdrawSettings].sort())
    expect([...SCHEDULE_ACT].sort()).toEqual(
      [
        PS.deletePixPayments,
        PS.postRecurrence,
        PS.deactivateRecurrence,
        PA.manageAuthorizations,
        PA.cancelAuthorizations,
        PA.cancelPayments,
        PW.putSettings
      ].sort()
    )
    expect(PS.getAutomaticAuthorizations).toBe(PA.getAuthorizations)
    expect(PS.getAutomaticPayments).toBe(PA.getPayments)
    for (const t of SCHEDULE_READ) expect(ROLE_ACTIONS.CLIENT).toContain(t)
    for (const t of [...SCHEDULE_READ, ...SCHEDULE_ACT]) expect(ROLE_ACTIONS.ADMIN).toContain(t)
    for (const t of SCHEDULE_ACT) expect(ROLE_ACTIONS.CLIENT).not.toContain(t)
  })
  it("features §3 an authorization with every field decodes; a missing field is refused", () => {
    const row = {
      id: "x",
      journey: "JOURNEY_1",
      frequency: "MONTHLY",
      start_date: "2026-01-01",
      end_date: null,
      value: 100,
      floor_max_value: null,
      payment_max_value: null,
      beneficiary_ispb: "60701190",
      beneficiary_document: "11222333000181",
      beneficiary_name: "M",
      owner_document: "52998224725",
      debtor_document: "52998224725",
      debtor_name: "D",
      contract_number: "CT-1",
      contract_description: "C",
      recurrence_created_at: null,
      request_created_at: "2026-01-01T00:00:00Z",
      request_expiration_date: "2026-01-08",
      status: "PENDING",
      cancellation_id: null,
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z"
    }
    expect(Schema.decodeUnknownSync(AutomaticAuthorization)(row).status).toBe("PENDING")
    const { contract_number: _c, ...missing } = row
    expect(() => Schema.decodeUnknownSync(AutomaticAuthorization)(missing)).toThrow()
  })
})
