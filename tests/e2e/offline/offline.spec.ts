/**
 * Offline (issue 18; DESIGN "Offline"; docs/decisions.md D-offline): within a live session the app
 * opens with no network — a reload and a new tab — and shows the last synced data (statement,
 * balances, approval queue) with when it was synced; a command made offline waits in the outbox,
 * shown as waiting for the connection, can be cancelled, and one left to wait is applied exactly
 * once when the network returns (the sandbox's ledger).
 */
import { expect, test, saveShot } from "../fixtures.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { balanceOf, CoinsPage, ledger, seed, StatementsPage } from "../statements/pages.ts"

// the app opens offline through its service worker (blocked elsewhere in the suite: playwright.config.ts)
test.use({ serviceWorkers: "allow" })

test("issue 18: offline, a reload and a new tab open the app with the local statement, balances and queue, and say since when", async ({
  page,
  context,
  signInAs
}) => {
  await signInAs("ana@example.com")
  // a request in Ana's approval queue (other suites may have decided the seeded ones), seen online first
  const { wallets } = await seed(page)
  await new Sandbox(new URL(page.url()).origin).client.admin("approvalRequestCreate", {
    body: { wallet_id: wallets["anaMain"], amount: 250_000, description: "Offline" }
  })
  await page.goto("/control-panel/security/approval/requests")
  await expect(page.getByTestId("approval-request").first()).toBeVisible({ timeout: 20_000 })
  const st = new StatementsPage(page)
  await page.goto("/banking/statements")
  await expect(st.root).toBeVisible()
  await expect(page.getByTestId("statement-row").first()).toBeVisible({ timeout: 30_000 })
  const firstRow = await page.getByTestId("statement-row").first().textContent()
  // the service worker controls the page before the network goes: it precaches every area first, which took more
  // than 30 s once on a loaded CI machine (a first attempt failed there, its retry passed)
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 75_000 })

  await context.setOffline(true)
  await page.reload()
  await expect(st.root).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("statement-row").first()).toHaveText(firstRow ?? "", { timeout: 30_000 })
  await expect(page.getByTestId("offline-banner")).toBeVisible()
  await expect(page.getByTestId("offline-synced-at")).toContainText(/sincronizados pela última vez em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  await saveShot(page, `offline-statement-pt.png`)

  // a new tab (opened from this one, so it carries the tab's session, core §9), still offline: the banking home with the balances
  const [tab] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate(() => {
      window.open("/banking/home", "_blank")
    })
  ])
  await expect(tab.getByTestId("offline-banner")).toBeVisible({ timeout: 30_000 })
  await expect(tab.getByTestId("balance-BRL-amount")).toContainText(/R\$/)
  // the approval queue from the local copy
  await tab.goto("/control-panel/security/approval/requests")
  await expect(tab.getByTestId("offline-banner")).toBeVisible({ timeout: 30_000 })
  await expect(tab.getByTestId("approval-request").first()).toBeVisible()
  await saveShot(tab, `offline-queue-pt.png`)
  await tab.close()
  await context.setOffline(false)
})

test("issue 18 RT7 CN1: a conversion made offline waits, is shown as waiting and cancellable; another is applied once when the network returns", async ({
  page,
  context,
  signInAs
}) => {
  await signInAs("ana@example.com")
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  await expect(page.getByTestId("quote-iof")).toBeVisible()
  const { wallets } = await seed(page)
  const main = wallets["anaMain"] as string
  const before = await ledger(page, main)

  await context.setOffline(true)
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-online", "false")
  const convertOffline = async (amount: string): Promise<void> => {
    await coins.amount.fill(amount)
    await coins.submit.click()
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirmar" }).click()
    await coins.enterPin("1234")
  }
  // the first: waiting, then cancelled by the user — nothing reaches the sandbox
  await convertOffline("50,00")
  const pending = page.getByTestId("pending-command")
  await expect(pending).toHaveCount(1)
  await expect(pending).toContainText("Aguardando conexão")
  await saveShot(page, `offline-pending-pt.png`)
  await pending.getByTestId("pending-cancel").click()
  await expect(pending).toHaveCount(0)
  // the second waits for the network
  await convertOffline("100,00")
  await expect(pending).toHaveCount(1)
  expect((await ledger(page, main)).transactions.length).toBe(before.transactions.length)

  await context.setOffline(false)
  await expect(coins.status).toHaveAttribute("data-state", "confirmed", { timeout: 60_000 })
  const commandId = (await coins.status.getAttribute("data-command-id")) ?? ""
  const after = await ledger(page, main)
  expect(after.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([expect.objectContaining({ statement_rows: 2, idempotency_records: 1 })])
  expect(after.transactions.length).toBe(before.transactions.length + 1)
  expect(balanceOf(after, "BRL")).toBe(balanceOf(before, "BRL") - 10_000)
})
