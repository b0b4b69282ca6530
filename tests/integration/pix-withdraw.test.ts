/**
 * Automatic withdrawals over real HTTP (spec features §2 automatic-withdraw — get-user-withdraw-settings; issue 13
 * "a sweep of the balance above a threshold to an own account at a set time"; docs/decisions.md "Automatic
 * withdrawals (issue 13)"): every route's shape decoded by its Schema, permissions per wallet with the catalogue's
 * status, bad input refused with its key and nothing changed, the PIN, idempotency by transaction-uuid, and the
 * sweep on the sandbox clock — once per run instant (a second tick at the same time sweeps nothing), skipped when
 * nothing is above the threshold, failed with the Pix limit's key — with its ledger rows and stream hints.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { saoPauloDateKey } from "../../schema/holidays.ts"
import type { WithdrawSettingsBody } from "../../schema/pix-withdraw.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session, diego: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
let anaDoc: string
const DAY = 86_400_000

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, checkResponses: true })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena, diego] = (await Promise.all(["ana", "bruno", "helena", "diego"].map((u) => cl.login(`${u}@example.com`)))) as [
    Session,
    Session,
    Session,
    Session
  ]
  W = sb.admin.seedInfo()!.wallets
  anaDoc = (sb.admin.ctx.db.prepare("SELECT document FROM users WHERE email = 'ana@example.com'").get() as { document: string }).document
})
afterEach(() => {
  sb.admin.setClockOffset(0)
})
afterAll(async () => {
  await sb?.close()
})

const dateIn = (days: number): string => saoPauloDateKey(new Date(Date.now() + days * DAY))
/** The clock at a São Paulo wall time `days` from today (UTC-3). */
const clockAt = (days: number, hhmm: string): void => {
  sb.admin.setClockOffset(Date.parse(`${dateIn(days)}T${hhmm}:00-03:00`) - Date.now())
}
const brl = (walletId: string): number => sb.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")?.balance ?? 0
const rowsOf = (operationId: string): Array<{ type: string; amount: number }> =>
  sb.admin.ctx.db.prepare("SELECT type, amount FROM statements WHERE operation_id = ?").all(operationId) as Array<{ type: string; amount: number }>
const body = (over: Partial<WithdrawSettingsBody> = {}): WithdrawSettingsBody => ({
  threshold: 100_000,
  time: "13:00",
  frequency: "DAILY",
  weekday: null,
  bank_code: "341",
  agency: "1234",
  account: "567890",
  digit: "1",
  account_type: "checking",
  document: anaDoc,
  name: "Ana Souza",
  ...over
})
const settings = async (as: Session = ana) => (await cl.ok("withdrawSettings", { as, wallet: W.anaMain })).data
const executions = async () => (await cl.ok("withdrawExecutions", { as: ana, wallet: W.anaMain, query: { page_size: 100 } })).data.data

describe("automatic withdrawals (features §2 automatic-withdraw, issue 13)", () => {
  it("features §2 permissions: get-user-withdraw-settings reads; a client may read but not change; another user's wallet is refused", async () => {
    const first = await settings()
    expect(first).toMatchObject({ id: W.anaMain, configured: false, enabled: false, destination: null })
    expect((await settings(helena)).configured).toBe(false)
    expect((await cl.ok("withdrawExecutions", { as: helena, wallet: W.anaMain })).data.page_size).toBe(20)
    const pin = await cl.pinToken(helena)
    const e = await cl.err("withdrawSettingsSave", { as: helena, wallet: W.anaMain, tx: true, body: { ...body(), pin_token: pin } })
    expect([e.status, e.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    expect((await cl.err("withdrawSettingsDisable", { as: helena, wallet: W.anaMain, tx: true })).status).toBe(403)
    const b = await cl.err("withdrawSettings", { as: bruno, wallet: W.anaMain })
    expect(b.status).toBe(403)
    expect((await settings()).configured).toBe(false)
  })

  it("bad input is refused with the catalogue's key and changes nothing; without the PIN it is refused", async () => {
    const pin = await cl.pinToken(ana)
    const cases: Array<[Partial<WithdrawSettingsBody>, string, string, string]> = [
      [{ threshold: -1 }, "INCORRECT_DATA", "threshold", "VALIDATION_MIN_VALUE"],
      [{ time: "25:61" }, "INCORRECT_DATA", "time", "VALIDATION_DATE"],
      [{ frequency: "WEEKLY", weekday: null }, "INCORRECT_DATA", "weekday", "VALIDATION_REQUIRED"],
      [{ bank_code: "999" }, "INCORRECT_DATA", "bank_code", "VALIDATION_REQUIRED"],
      [{ document: "11144477735" }, "WITHDRAW_DESTINATION_NOT_OWN", "document", "WITHDRAW_DESTINATION_NOT_OWN"]
    ]
    for (const [over, key, field, fieldKey] of cases) {
      const e = await cl.err("withdrawSettingsSave", { as: ana, wallet: W.anaMain, tx: true, body: { ...body(over), pin_token: pin } })
      expect([e.status, e.body.error.key, e.body.error.fields?.[field]], JSON.stringify(over)).toEqual([422, key, fieldKey])
    }
    const noPin = await cl.err("withdrawSettingsSave", { as: ana, wallet: W.anaMain, tx: true, body: { ...body(), pin_token: "" } })
    expect(noPin.body.error.key).toBe("PIN_REQUIRED")
    expect((await settings()).configured).toBe(false)
    // turning off what was never set: not found
    expect((await cl.err("withdrawSettingsDisable", { as: ana, wallet: W.anaMain, tx: true })).status).toBe(404)
  })

  it("saving is idempotent by transaction-uuid (a retry lands once); an admin member may save; turning off keeps the settings", async () => {
    const pin = await cl.pinToken(ana)
    const tx = "b0b0b0b0-0000-4000-8000-000000000013"
    const first = await cl.ok("withdrawSettingsSave", { as: ana, wallet: W.anaMain, tx, body: { ...body({ threshold: 5_000 }), pin_token: pin } })
    expect(first.data).toMatchObject({ configured: true, enabled: true, threshold: 5_000, time: "13:00", frequency: "DAILY", weekday: null })
    expect(first.data.destination).toMatchObject({ bank_code: "341", bank_name: "Itaú Unibanco S.A.", ispb: "60701190", document: anaDoc })
    const again = await cl.ok("withdrawSettingsSave", { as: ana, wallet: W.anaMain, tx, body: { ...body({ threshold: 5_000 }), pin_token: pin } })
    expect(again.data).toEqual(first.data)
    expect((await settings()).updated_at).toBe(first.data.updated_at)
    const off = await cl.ok("withdrawSettingsDisable", { as: ana, wallet: W.anaMain, tx: true })
    expect(off.data).toMatchObject({ configured: true, enabled: false, threshold: 5_000 })
    // diego is ADMIN of Ana's wallet: he may set it (the destination is still the holder's, Ana's)
    const dpin = await cl.pinToken(diego)
    const d = await cl.ok("withdrawSettingsSave", {
      as: diego,
      wallet: W.anaMain,
      tx: true,
      body: { ...body({ frequency: "WEEKLY", weekday: 3 }), pin_token: dpin }
    })
    expect(d.data).toMatchObject({ enabled: true, frequency: "WEEKLY", weekday: 3 })
    await cl.ok("withdrawSettingsDisable", { as: ana, wallet: W.anaMain, tx: true })
  })

  it("the sweep on the clock: at the set time it sends the excess once (debit, PIX_OUT row, stream hints); a second tick at the same time does not sweep again; then nothing above → skipped; above the Pix limit → failed", async () => {
    const seq0 = (sb.admin.ctx.db.prepare("SELECT coalesce(max(seq), 0) AS s FROM events").get() as { s: number }).s
    clockAt(2, "12:00")
    const pin = await cl.pinToken(ana)
    const balance = brl(W.anaMain)
    expect(balance).toBeGreaterThan(12_345)
    await cl.ok("withdrawSettingsSave", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { ...body({ threshold: balance - 12_345, time: "13:00" }), pin_token: pin }
    })
    clockAt(2, "12:59")
    expect(await executions()).toEqual([])
    clockAt(2, "13:00")
    const [done] = await executions()
    expect(done).toMatchObject({
      status: "done",
      amount: 12_345,
      balance_before: balance,
      threshold: balance - 12_345,
      reason: null,
      bank_name: "Itaú Unibanco S.A."
    })
    expect(done!.run_at).toBe(new Date(Date.parse(`${dateIn(2)}T13:00:00-03:00`)).toISOString())
    expect(brl(W.anaMain)).toBe(balance - 12_345)
    expect(rowsOf(done!.operation_id!)).toEqual([{ type: "PIX_OUT", amount: 12_345 }])
    expect((await settings()).last_run_at).toBe(done!.run_at)
    // the same instant again, and later that day: nothing more
    clockAt(2, "13:00")
    clockAt(2, "20:00")
    expect((await executions()).length).toBe(1)
    expect(brl(W.anaMain)).toBe(balance - 12_345)
    // the next day, at the threshold: skipped, nothing moves
    clockAt(3, "13:05")
    const [skipped] = await executions()
    expect(skipped).toMatchObject({ status: "skipped", amount: 0, reason: "NOTHING_ABOVE_THRESHOLD", operation_id: null })
    expect(brl(W.anaMain)).toBe(balance - 12_345)
    // above the same-holder Pix limit (R$ 50.000,00 for a person, D "Pix limits"): failed with its key, nothing moves
    sb.admin.pixIn(W.anaMain, 6_000_000)
    const before = brl(W.anaMain)
    clockAt(4, "13:01")
    const [failed] = await executions()
    expect(failed).toMatchObject({ status: "failed", amount: 6_000_000, reason: "PIX_LIMIT_DAY_EXCEEDED", operation_id: null })
    expect(brl(W.anaMain)).toBe(before)
    expect((await executions()).length).toBe(3)
    // the stream hints that keep open tabs live (the lists, the balance, the statements)
    const hints = (
      sb.admin.ctx.db.prepare("SELECT DISTINCT list FROM events WHERE seq > ? AND wallet_id = ?").all(seq0, W.anaMain) as Array<{ list: string | null }>
    ).map((r) => r.list)
    expect(hints).toEqual(expect.arrayContaining(["pix_withdraw_executions", "pix_withdraw_settings", "wallet_accounts", "statements", "pix_statement"]))
    await cl.ok("withdrawSettingsDisable", { as: ana, wallet: W.anaMain, tx: true })
    clockAt(5, "14:00")
    expect((await executions()).length).toBe(3)
  })
})
