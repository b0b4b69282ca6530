/**
 * `card-block-to-paint` (issue 15, spec features §4 block): a block command is submitted through
 * the engine (harness page, the app's own worker), and the time is taken from the moment the view
 * learns the command is confirmed to the first frame after the synced `cards` list shows the card
 * blocked with no pending overlay ("blocking…" gone). Between rounds the card is unblocked over HTTP
 * as the sandbox's client (PIN-checked), and the list is let settle back to activated.
 */
import type { Page } from "@playwright/test"
import { SandboxClient } from "../tests/support/sandbox-client.ts"
import { launch, percentile, report, startApp } from "./lib.ts"
import "../harness/types.ts"

const openHarness = async (page: Page, url: string) => {
  await page.addInitScript("window.__name = (f) => f")
  await page.goto(`${url}/harness/engine.html`)
  await page.waitForFunction(() => window.harness !== undefined)
}

export async function cardBlockToPaint(n = 30): Promise<void> {
  const app = await startApp("small", { fresh: true, appPort: 5394, apiPort: 4394 })
  const browser = await launch()
  try {
    const page = await browser.newPage()
    await openHarness(page, app.url)
    const cl = new SandboxClient(app.api)
    const helena = await cl.login("helena@example.com")
    const walletId = (await cl.admin("seed")).data.wallets["helena"] ?? ""
    const cardId = (await cl.ok("cards", { as: helena, wallet: walletId })).data.cards.find((c) => !c.virtual && c.status === "activated")?.id ?? ""
    await page.evaluate(
      async ({ walletId }) => {
        const h = window.harness
        await h.signIn("helena@example.com")
        h.watch("cards", { kind: "list", list: "cards", walletId })
        h.watch("commands", { kind: "commands" })
        while (!Array.isArray(h.snaps.cards) || (h.snaps.cards as unknown[]).length === 0) await new Promise((r) => setTimeout(r, 20))
      },
      { walletId }
    )
    const times: number[] = []
    for (let i = 0; i < n; i++) {
      const ms = await page.evaluate(
        async ({ walletId, cardId }) => {
          const h = window.harness
          type Row = { id: string; status: string; pending_action?: string }
          type Cmd = { id: string; state: string }
          const card = () => (h.snaps.cards as Row[]).find((c) => c.id === cardId)
          while (card()?.status !== "activated" || card()?.pending_action !== undefined) await new Promise((r) => setTimeout(r, 5))
          const engine = h.engine as unknown as { submit(w: string, body: unknown): Promise<string> }
          const id = await engine.submit(walletId, { name: "v1.cards.block", payload: { card_id: cardId } })
          const confirmed = () => (h.snaps.commands as Cmd[] | undefined)?.find((c) => c.id === id)?.state === "confirmed"
          while (!confirmed()) await new Promise((r) => setTimeout(r, 0))
          const t0 = h.stamps["commands"] ?? performance.now()
          while (!(card()?.status === "blocked" && card()?.pending_action === undefined)) await new Promise((r) => setTimeout(r, 0))
          await new Promise((r) => requestAnimationFrame(() => r(null)))
          return performance.now() - t0
        },
        { walletId, cardId }
      )
      times.push(ms)
      await cl.ok("cardUnblock", { as: helena, wallet: walletId, tx: true, params: { id: cardId }, body: { pin_token: await cl.pinToken(helena) } })
    }
    const round = (x: number) => Math.round(x * 10) / 10
    report({
      name: "card-block-to-paint",
      figures: { p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)), n: times.length },
      budgets: { p95: { figure: "p95_ms", limit: 16, kind: "max" } }
    })
  } finally {
    await browser.close()
    app.stop()
  }
}
