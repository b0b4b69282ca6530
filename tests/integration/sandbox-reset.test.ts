/**
 * D-e2e-reset (sandbox/reset.ts): a sandbox started `resettable` puts every table, the business clock and the
 * switches back to the seed on `POST /__admin/reset`, so a retried end-to-end test starts where the suite expects;
 * a sandbox started without it has no such route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { admin, signIn } from "../support/engine-helpers.ts"

let sb: Sandbox
let plain: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false, resettable: true })
  plain = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false })
}, 120_000)
afterAll(async () => {
  await sb.close()
  await plain.close()
})

type Ledger = { data: { balances: Array<{ currency_symbol: string; balance: number }>; statement_rows: number; transactions: unknown[] } }
type Health = { data: { clock_offset_ms: number; statement_rows: number } }

describe("D-e2e-reset", () => {
  it("puts rows, balances, the clock and the fault switches back to the seed; writes work after it", async () => {
    const url = sb.url.replace(/\/$/, "")
    const wallet = sb.admin.seedInfo()!.wallets.anaMain
    const before = (await admin(url, `ledger?wallet_id=${wallet}`)) as Ledger
    const health0 = (await admin(url, "health")) as Health
    // what a test does: money moves, the clock goes days ahead, faults are switched on
    await admin(url, "pix-in", { wallet_id: wallet, amount: 12_345, payer_name: "Antes do reset" })
    await admin(url, "clock", { offset_ms: 3 * 86_400_000 })
    await admin(url, "faults", { latency_ms: 50 })
    const moved = (await admin(url, `ledger?wallet_id=${wallet}`)) as Ledger
    expect(moved.data.statement_rows).toBe(before.data.statement_rows + 1)

    const r = (await admin(url, "reset", {})) as { data: { ok: boolean; tables: number } }
    expect(r.data.ok).toBe(true)
    expect(r.data.tables).toBeGreaterThan(20)
    expect(await admin(url, `ledger?wallet_id=${wallet}`)).toEqual(before)
    const health = (await admin(url, "health")) as Health
    expect(health.data.clock_offset_ms).toBe(0)
    expect(health.data.statement_rows).toBe(health0.data.statement_rows)
    expect(((await admin(url, "reset-faults", {})) as { data: { latency_ms: number } }).data.latency_ms).toBe(0)

    // the seeded users sign in, and a write lands once on the restored tables
    await signIn(url, "ana@example.com")
    await admin(url, "pix-in", { wallet_id: wallet, amount: 100, payer_name: "Depois do reset" })
    expect(((await admin(url, `ledger?wallet_id=${wallet}`)) as Ledger).data.statement_rows).toBe(before.data.statement_rows + 1)
  }, 120_000)

  it("a sandbox not started resettable has no reset route", async () => {
    const res = await fetch(`${plain.url.replace(/\/$/, "")}/__admin/reset`, { method: "POST" })
    expect(res.status).toBe(404)
  })
})
