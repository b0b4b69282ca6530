/**
 * The engine in a real Chromium: the real SharedWorker, real IndexedDB, the built app's harness
 * page (harness/engine.html) and a running sandbox. Rule ids from sync/SPEC.md.
 */
import { expect, test, type Page } from "../test.ts"

import { openHarness as open, signInAndSync } from "./harness-steps.ts"
const userDbs = (page: Page, userId: string) =>
  page.evaluate(
    async (id) => (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => n.includes(`bank-u-${id.toLowerCase().replace(/[^a-z0-9]/g, "")}`)),
    userId
  )

test.describe("engine in the browser", () => {
  test("S1 Q1 P6 sync fills real IndexedDB; L5 a live update reaches two tabs at once; S4 logout wipes", async ({ context }) => {
    const a = await context.newPage()
    await open(a)
    // the default wallet's statement is synced into the projection
    const { userId, walletId } = await signInAndSync(a, "ana@example.com")
    expect((await userDbs(a, userId)).length).toBeGreaterThan(0)

    // a second tab shares the same engine (SharedWorker): no second sign-in
    const b = await context.newPage()
    await open(b)
    for (const p of [a, b]) {
      await p.evaluate((w) => window.harness.watch("stmts", { kind: "statements", query: { walletIds: [w], text: "Pagadora Dois Abas", limit: 10 } }), walletId)
      await p.waitForFunction(() => (window.harness.snaps.stmts as { total: number } | undefined)?.total === 0)
    }
    const r = await a.request.post("/__admin/pix-in", { data: { wallet_id: walletId, amount: 4321, payer_name: "Pagadora Dois Abas" } })
    expect(r.ok()).toBe(true)
    await Promise.all([a, b].map((p) => p.waitForFunction(() => (window.harness.snaps.stmts as { total: number }).total === 1, undefined, { timeout: 10_000 })))

    // S4: logout in one tab wipes the user's databases; the other tab is told
    await a.evaluate(() => window.harness.engine.signOut("logout"))
    await expect.poll(() => userDbs(a, userId), { timeout: 10_000 }).toEqual([])
    await b.waitForFunction(() => window.harness.sessionEvents.includes("signedOut"))
  })
})
