/**
 * Scheduled Pix and recurrences over real HTTP (spec features §2 scheduled-pix and recurrence-pix,
 * §4 cancel by operation id and deactivate, days 29–31, §5/§9 "up to 60 days ahead (UTC-3)", §7 the
 * calls, §8 recurring Pix above the maximum value; issue 13): permissions, idempotency, the scheduler
 * on the sandbox clock executing a payment exactly once when the clock passes its date twice, a
 * cancelled one never executing, failures with their reason, and a recurrence's occurrences.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { saoPauloDateKey } from "../../schema/holidays.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const DAY = 86_400_000

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena] = (await Promise.all(["ana", "bruno", "helena"].map((u) => cl.login(`${u}@example.com`)))) as [Session, Session, Session]
  W = sb.admin.seedInfo()!.wallets
})
afterEach(() => {
  sb.admin.setClockOffset(0)
})
afterAll(async () => {
  await sb?.close()
})

const dateIn = (days: number): string => saoPauloDateKey(new Date(Date.now() + days * DAY))
const brl = (walletId: string): number => sb.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")?.balance ?? 0
/** Moves the sandbox clock to noon (São Paulo) of the day `days` from today. */
const clockTo = (days: number): void => {
  const noon = Date.parse(`${dateIn(days)}T15:00:00Z`)
  sb.admin.setClockOffset(noon - Date.now())
}

describe("scheduled Pix (features §2, §4, §5, §7, §9)", () => {
  it("features §5 §9 a date from tomorrow up to 60 days ahead is accepted; today and the 61st day are refused, what was sent named", async () => {
    for (const [d, ok] of [
      [0, false],
      [1, true],
      [60, true],
      [61, false]
    ] as const) {
      const body = { key: "bruno@example.com", amount: 100, description: "", payment_date: dateIn(d), pin_token: await cl.pinToken(ana) }
      if (ok) expect((await cl.ok("scheduledPixCreate", { as: ana, wallet: W.anaMain, tx: true, body })).data.status).toBe("scheduled")
      else {
        const e = await cl.err("scheduledPixCreate", { as: ana, wallet: W.anaMain, tx: true, body })
        expect([e.status, e.body.error.fields?.["payment_date"]]).toEqual([422, "VALIDATION_DATE_WITHIN_DAYS"])
      }
    }
  })

  it("features §2 §6 permissions: a client of the wallet lists scheduled payments and recurrences (ROLE_ACTIONS: CLIENT reads); another user's wallet is refused", async () => {
    expect((await cl.ok("scheduledPixList", { as: helena, wallet: W.anaMain })).data.page_size).toBe(20)
    expect((await cl.err("scheduledPixList", { as: bruno, wallet: W.anaMain })).status).toBe(403)
    expect((await cl.ok("pixRecurrences", { as: helena, wallet: W.anaMain })).data.page).toBeGreaterThanOrEqual(1)
    const list = await cl.ok("scheduledPixList", { as: ana, wallet: W.anaMain, query: { sort: "created_at", order: "desc", page_size: 20 } })
    expect(list.data.page_size).toBe(20)
    const created = list.data.data.map((r) => r.created_at)
    expect(created).toEqual([...created].sort().reverse())
  })

  it("issue 13 the scheduler executes a payment once when the clock passes its date twice: rows on both sides, the operation id kept", async () => {
    const tx = "7c1e1f00-0000-4000-8000-000000000013"
    const body = { key: "bruno@example.com", amount: 4_321, description: "Aluguel", payment_date: dateIn(10), pin_token: await cl.pinToken(ana) }
    const first = await cl.ok("scheduledPixCreate", { as: ana, wallet: W.anaMain, tx, body })
    // idempotent by transaction-uuid: the same schedule, not a second one
    const again = await cl.ok("scheduledPixCreate", { as: ana, wallet: W.anaMain, tx, body })
    expect(again.data.id).toBe(first.data.id)
    expect(first.data.beneficiary_name).toBe("Lima & Filhos Comércio de Alimentos Ltda")
    // the day before: not yet (what other tests scheduled for earlier days runs now)
    clockTo(9)
    expect((await cl.ok("scheduledPixList", { as: ana, wallet: W.anaMain })).data.data.find((r) => r.id === first.data.id)?.status).toBe("scheduled")
    const [a0, b0, rows0] = [brl(W.anaMain), brl(W.brunoMatrix), sb.admin.ledger(W.brunoMatrix).statement_rows]
    clockTo(10)
    clockTo(11)
    sb.admin.setClockOffset(0)
    clockTo(11)
    expect(brl(W.anaMain)).toBe(a0 - 4_321)
    expect(brl(W.brunoMatrix)).toBe(b0 + 4_321)
    expect(sb.admin.ledger(W.brunoMatrix).statement_rows).toBe(rows0 + 1)
    const row = (await cl.ok("scheduledPixList", { as: ana, wallet: W.anaMain })).data.data.find((r) => r.id === first.data.id)
    expect(row?.status).toBe("executed")
    const out = sb.db.prepare("SELECT count(*) AS n FROM statements WHERE operation_id = ?").get(first.data.operation_id) as { n: number }
    expect(out.n).toBe(1)
    // core §7 stream: the change hint names the list with the executed row inline (what keeps the client's list live)
    const hints = (sb.db.prepare("SELECT data FROM events WHERE list = 'scheduled_pix' AND wallet_id = ?").all(W.anaMain) as Array<{ data: string }>)
      .map((e) => JSON.parse(e.data) as { ids: string[]; rows?: Array<{ status: string }> })
      .filter((h) => h.ids.includes(first.data.id))
    expect(hints.map((h) => h.rows?.[0]?.status)).toEqual(["scheduled", "executed"])
  })

  it("features §4 a payment cancelled by its operation id before its date never executes; a second cancel is refused, a repeat answers the same", async () => {
    const s = await cl.ok("scheduledPixCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "bruno@example.com", amount: 999, description: "", payment_date: dateIn(5), pin_token: await cl.pinToken(ana) }
    })
    expect((await cl.err("pixPaymentCancelByOperation", { as: helena, wallet: W.anaMain, tx: true, params: { id: s.data.operation_id } })).status).toBe(403)
    const tx = "7c1e1f00-0000-4000-8000-000000000014"
    const c = await cl.ok("pixPaymentCancelByOperation", { as: ana, wallet: W.anaMain, tx, params: { id: s.data.operation_id } })
    expect(c.data.status).toBe("canceled")
    expect((await cl.ok("pixPaymentCancelByOperation", { as: ana, wallet: W.anaMain, tx, params: { id: s.data.operation_id } })).data.status).toBe("canceled")
    expect((await cl.err("pixPaymentCancelByOperation", { as: ana, wallet: W.anaMain, tx: true, params: { id: s.data.operation_id } })).status).toBe(422)
    const rows0 = sb.admin.ledger(W.anaMain).statement_rows
    clockTo(6)
    expect(sb.admin.ledger(W.anaMain).statement_rows).toBe(rows0)
    const out = sb.db.prepare("SELECT count(*) AS n FROM statements WHERE operation_id = ?").get(s.data.operation_id) as { n: number }
    expect(out.n).toBe(0)
  })

  it("issue 13 a payment beyond the balance fails with its reason; a key deleted before the date fails as key gone", async () => {
    const big = await cl.ok("scheduledPixCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "bruno@example.com", amount: brl(W.anaMain) + 1_000_000_00, description: "", payment_date: dateIn(3), pin_token: await cl.pinToken(ana) }
    })
    // a key of the directory that is removed before the payment's date
    const k = await cl.ok("pixKeyCreate", { as: bruno, wallet: W.brunoMatrix, tx: true, body: { key_type: "random", pin_token: await cl.pinToken(bruno) } })
    const gone = await cl.ok("scheduledPixCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: k.data.key, amount: 100, description: "", payment_date: dateIn(3), pin_token: await cl.pinToken(ana) }
    })
    await cl.ok("pixKeyDelete", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: k.data.id }, body: { pin_token: await cl.pinToken(bruno) } })
    const a0 = brl(W.anaMain)
    clockTo(3)
    const rows = (await cl.ok("scheduledPixList", { as: ana, wallet: W.anaMain, query: { page_size: 100 } })).data.data
    expect(rows.find((r) => r.id === big.data.id)).toMatchObject({ status: "failed", failure_reason: "INSUFFICIENT_BALANCE" })
    expect(rows.find((r) => r.id === gone.data.id)).toMatchObject({ status: "failed", failure_reason: "PIX_KEY_NOT_FOUND" })
    expect(brl(W.anaMain)).toBe(a0)
  })
})

describe("recurrences (features §3, §4, §7, §8)", () => {
  it("features §4 §8 a recurrence above its maximum value is refused with the warning; below it, its occurrences are scheduled; deactivating cancels them", async () => {
    const above = await cl.err("pixRecurrenceCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: {
        key: "bruno@example.com",
        value: 5_000,
        payment_max_value: 4_000,
        description: "",
        frequency: "MONTHLY",
        start_date: dateIn(2),
        pin_token: await cl.pinToken(ana)
      }
    })
    expect([above.status, above.body.error.key]).toEqual([422, "RECURRING_PIX_ABOVE_MAXIMUM"])
    const r = await cl.ok("pixRecurrenceCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: {
        key: "bruno@example.com",
        value: 1_500,
        payment_max_value: 4_000,
        description: "Academia",
        frequency: "WEEKLY",
        start_date: dateIn(2),
        pin_token: await cl.pinToken(ana)
      }
    })
    const mine = async () =>
      (await cl.ok("scheduledPixList", { as: ana, wallet: W.anaMain, query: { page_size: 100 } })).data.data.filter((s) => s.recurrence_id === r.data.id)
    const made = await mine()
    // weekly from day 2 within 60 days: days 2, 9, …, 58
    expect(made.map((s) => s.payment_date).sort()).toEqual([2, 9, 16, 23, 30, 37, 44, 51, 58].map(dateIn))
    expect((await cl.err("pixRecurrenceDeactivate", { as: helena, wallet: W.anaMain, tx: true, params: { id: r.data.id } })).status).toBe(403)
    const off = await cl.ok("pixRecurrenceDeactivate", { as: ana, wallet: W.anaMain, tx: true, params: { id: r.data.id } })
    expect(off.data.status).toBe("inactive")
    expect((await mine()).every((s) => s.status === "canceled")).toBe(true)
  })

  it("features §4 days 29–31: a monthly recurrence from the 31st schedules on the last day of shorter months as the clock moves", async () => {
    // the next 31st at least two days ahead
    let start = ""
    for (let d = 2; start === ""; d++) if (dateIn(d).endsWith("-31")) start = dateIn(d)
    const r = await cl.ok("pixRecurrenceCreate", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "bruno@example.com", value: 100, description: "", frequency: "MONTHLY", start_date: start, pin_token: await cl.pinToken(ana) }
    })
    expect(r.data.day).toBe(31)
    clockTo(100)
    const dates = (await cl.ok("scheduledPixList", { as: ana, wallet: W.anaMain, query: { page_size: 200 } })).data.data
      .filter((s) => s.recurrence_id === r.data.id)
      .map((s) => s.payment_date)
      .sort()
    // every month-end in the window, each once
    expect(dates.length).toBeGreaterThanOrEqual(3)
    for (const d of dates) {
      const [y, m] = d.split("-").map(Number) as [number, number]
      expect(Number(d.slice(8))).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate())
    }
    expect(new Set(dates).size).toBe(dates.length)
  })
})
