/**
 * `pix-confirm-to-optimistic` (issue 12 "PIN confirmed → balance and statement show the pending
 * payment: p95 ≤ 16 ms"): in the harness page (the app's own worker), a Pix by key is submitted
 * through the outbox (`v1.pix.payByKey`); when the engine asks for the PIN the answer is given and
 * the clock starts; it stops at the first frame after both live queries the views read show the
 * payment pending — the wallet's BRL balance lowered by the amount (`walletAccounts`, pendingDelta)
 * and the command's pending statement row (`commands`, pendingRows). Each round waits for the
 * previous payment to settle.
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

export async function pixConfirmToOptimistic(n = 30): Promise<void> {
  const app = await startApp("small", { fresh: true, appPort: 5395, apiPort: 4395 })
  const browser = await launch()
  try {
    const page = await browser.newPage()
    await openHarness(page, app.url)
    const cl = new SandboxClient(app.api)
    const walletId = (await cl.admin("seed")).data.wallets["anaMain"] ?? ""
    await page.evaluate(
      async ({ walletId }) => {
        const h = window.harness
        await h.signIn("ana@example.com")
        h.watch("accounts", { kind: "walletAccounts", walletId })
        h.watch("commands", { kind: "commands" })
        // the PIN ask is state (the pinAsks live query), not an event: the bench answers the ask its command shows
        h.watch("asks", { kind: "pinAsks" })
        while (!Array.isArray(h.snaps.accounts) || (h.snaps.accounts as unknown[]).length === 0) await new Promise((r) => setTimeout(r, 20))
      },
      { walletId }
    )
    const times: number[] = []
    for (let i = 0; i < n; i++) {
      const amount = 101 + i
      const ms = await page.evaluate(
        async ({ walletId, amount }) => {
          const h = window.harness
          type Acc = { currency_symbol: string; pendingDelta?: number }
          type Cmd = { id: string; state: string; pendingRows?: ReadonlyArray<{ amount: number }> }
          const engine = h.engine as unknown as {
            submit(w: string, body: unknown): Promise<string>
            answerPin(id: string, a: { pin: string }): void
          }
          const cmds = () => (h.snaps.commands as Cmd[] | undefined) ?? []
          // the previous payment settled: nothing open, no pending balance left
          const brl = () => (h.snaps.accounts as Acc[]).find((a) => a.currency_symbol === "BRL")
          while (cmds().some((c) => c.state === "created" || c.state === "awaiting-pin" || c.state === "sending") || (brl()?.pendingDelta ?? 0) !== 0)
            await new Promise((r) => setTimeout(r, 10))
          const id = await engine.submit(walletId, { name: "v1.pix.payByKey", payload: { key: "bruno@example.com", amount, description: "bench" } })
          const asked = () => ((h.snaps.asks as ReadonlyArray<{ commandId: string }> | undefined) ?? []).some((a) => a.commandId === id)
          while (!asked()) await new Promise((r) => setTimeout(r, 0))
          // from the PIN confirmed to the payment shown
          const t0 = performance.now()
          engine.answerPin(id, { pin: "1234" })
          const shown = () =>
            (brl()?.pendingDelta ?? 0) <= -amount &&
            (cmds()
              .find((c) => c.id === id)
              ?.pendingRows?.some((r) => r.amount === amount) ??
              false)
          while (!shown()) await new Promise((r) => setTimeout(r, 0))
          await new Promise((r) => requestAnimationFrame(() => r(null)))
          return performance.now() - t0
        },
        { walletId, amount }
      )
      times.push(ms)
    }
    const round = (x: number) => Math.round(x * 10) / 10
    report({
      name: "pix-confirm-to-optimistic",
      figures: { p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)), n: times.length },
      budgets: { p95: { figure: "p95_ms", limit: 16, kind: "max" } }
    })
  } finally {
    await browser.close()
    app.stop()
  }
}
