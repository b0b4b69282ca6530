/**
 * The sandbox's `--alive` traffic (issue 12 "the `--alive` mode also sends Pix between seeded users"): over a short
 * run, Bruno pays Ana by key — each such Pix is one PIX_OUT on Bruno's matrix and one PIX_IN on Ana's main wallet
 * with the same end-to-end id, and the balances move by the same amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"

let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false, alive: true, alivePeriodMs: 5 })
})
afterAll(async () => {
  await sb?.close()
})

describe("alive mode", () => {
  it("sends Pix between seeded users, each a debit and a credit once", async () => {
    const W = sb.admin.seedInfo()!.wallets
    const rows = (w: string, type: string) =>
      sb.db.prepare("SELECT amount, end_to_end_id FROM statements WHERE wallet_id = ? AND type = ?").all(w, type) as Array<{
        amount: number
        end_to_end_id: string | null
      }>
    const outBefore = rows(W.brunoMatrix, "PIX_OUT").length
    for (let i = 0; i < 200 && rows(W.brunoMatrix, "PIX_OUT").length < outBefore + 3; i++) await new Promise((r) => setTimeout(r, 20))
    const outs = rows(W.brunoMatrix, "PIX_OUT").slice(outBefore)
    expect(outs.length).toBeGreaterThanOrEqual(3)
    const ins = new Map(rows(W.anaMain, "PIX_IN").map((r) => [r.end_to_end_id, r.amount]))
    for (const o of outs) expect(ins.get(o.end_to_end_id), String(o.end_to_end_id)).toBe(Math.abs(o.amount))
  })
})
