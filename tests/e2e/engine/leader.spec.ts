/**
 * Where SharedWorker is missing (workers/leader.ts, sync/SPEC.md W1–W3): the tabs elect one that
 * runs the engine in a dedicated worker for all of them. Real Chromium, real IndexedDB, the
 * built harness page and a running sandbox; SharedWorker is removed before any page script runs.
 */
import { expect, test, type Page } from "../test.ts"

import { openHarness as open, signInAndSync } from "./harness-steps.ts"
const total = (page: Page) => page.evaluate(() => (window.harness.snaps.stmts as { total: number } | undefined)?.total ?? -1)

test.describe("engine without SharedWorker", () => {
  test("W1 one tab leads and W2 relays a second tab's live queries; W3 when the leader's tab closes the other tab takes over", async ({ context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(window, "SharedWorker", { value: undefined, configurable: true })
    })
    const a = await context.newPage()
    await open(a)
    expect(await a.evaluate(() => typeof SharedWorker)).toBe("undefined")
    const { walletId } = await signInAndSync(a, "ana@example.com")

    // the second tab never signs in: it is served by the leader's engine through the relay
    const b = await context.newPage()
    await open(b)
    for (const p of [a, b]) {
      await p.evaluate((w) => window.harness.watch("stmts", { kind: "statements", query: { walletIds: [w], text: "Pagador Eleito", limit: 10 } }), walletId)
      await expect.poll(() => total(p), { timeout: 10_000 }).toBe(0)
    }
    expect((await a.request.post("/__admin/pix-in", { data: { wallet_id: walletId, amount: 1111, payer_name: "Pagador Eleito" } })).ok()).toBe(true)
    for (const p of [a, b]) await expect.poll(() => total(p), { timeout: 10_000 }).toBe(1)

    // the leader's tab goes away: b is granted the lock, starts the engine from the local store
    await a.close()
    expect((await b.request.post("/__admin/pix-in", { data: { wallet_id: walletId, amount: 2222, payer_name: "Pagador Eleito" } })).ok()).toBe(true)
    await expect.poll(() => total(b), { timeout: 20_000 }).toBe(2)
  })
})
