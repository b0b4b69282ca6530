/**
 * /banking/coins against the sandbox (issue 5 "What it must show"; features §2 coins, §3
 * conversion, §5 minimum, §6 "Conversion only on the default wallet", §9 decimals; core §2.4;
 * DESIGN "Commands"): balances with their decimals and the blocked BRL; a conversion refused
 * for a wrong PIN with the catalogue's message, then confirmed with the right PIN, applied once
 * by the sandbox's ledger, the balance moving optimistically (marked pending, also as pending
 * rows of the statement in another tab) and then for real; a cancelled PIN sends nothing; a
 * server rejection shows its translated key; a non-default wallet is not offered conversion.
 */
import { expect, test, saveShot } from "../fixtures.ts"
import { balanceOf, CoinsPage, ledger, seed, StatementsPage } from "./pages.ts"

test("core §9/§2.4: balances per currency with their decimals and the blocked BRL", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  await expect(coins.balance("BRL")).toContainText(/R\$ [\d.]+,\d{2}/)
  await expect(coins.balance("BRL")).toContainText("BLOQUEADO: R$ 1.500,00")
  await expect(coins.balance("BTC")).toContainText(/\d,\d{8} BTC/)
  await expect(coins.balance("ETH")).toContainText(/\d,\d{8} ETH/)
  await expect(coins.balance("USDT")).toContainText(/\d,\d{6} USDT/)
  await expect(page.getByTestId("quote-iof")).toHaveText("0,38%")
  await expect(page.getByTestId("quote-spread")).toContainText("100 bps")
  await expect(page.getByTestId("quote-min")).toHaveText("R$ 10,00")
  await expect(page.getByTestId("trend-chart").first()).toBeVisible()
  await expect(page.getByTestId("portfolio-row").first()).toBeVisible()
  await saveShot(page, `coins-pt.png`, { fullPage: true })
  // features §5: below the minimum is refused before anything is sent
  await coins.amount.fill("5,00")
  await coins.amount.blur()
  await expect(page.getByText("Valor abaixo do mínimo permitido (R$ 10,00)")).toBeVisible()
})

test("features §3/§6, DESIGN Commands: a wrong PIN is refused with the message; the right one converts once and the balances move", async ({
  page,
  signInAs
}) => {
  await signInAs("ana@example.com")
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  const { wallets } = await seed(page)
  const main = wallets["anaMain"] as string
  const before = await ledger(page, main)
  await expect(coins.balance("BRL")).toHaveAttribute("data-balance", String(balanceOf(before, "BRL")))

  await coins.amount.fill("100,00")
  // the estimate comes with the quote: waited for as the user sees it, not read before it arrives (empty: 0)
  await expect(coins.result).not.toHaveAttribute("data-to-amount", "")
  const expected = Number(await coins.result.getAttribute("data-to-amount"))
  expect(expected).toBeGreaterThan(0)
  await coins.submit.click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirmar" }).click()

  // the PIN step: the optimistic effect is on screen, marked pending
  await expect(coins.pinPrompt).toBeVisible()
  await expect(coins.balance("BRL")).toHaveAttribute("data-pending-delta", "-10000")
  await expect(coins.balance("BRL")).toHaveAttribute("data-balance", String(balanceOf(before, "BRL") - 10_000))
  await expect(coins.balance("BRL")).toContainText("Pendente")
  await expect(coins.balance("BTC")).toHaveAttribute("data-pending-delta", String(expected))

  // a second tab of the same browser sees the pending rows in the statement (one engine for every tab)
  const [tab] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate(() => {
      window.open("/banking/statements", "_blank")
    })
  ])
  const st = new StatementsPage(tab)
  await expect(st.root).toBeVisible({ timeout: 30_000 })
  await expect(tab.getByTestId("statement-pending-row")).toHaveCount(1) // the BRL side, under the default BRL filter
  await st.currency.selectOption("")
  await expect(tab.getByTestId("statement-pending-row")).toHaveCount(2)
  await tab.getByTestId("statement-table").scrollIntoViewIfNeeded()
  await saveShot(tab, `statements-pending-rows-pt.png`)
  await tab.close()

  await coins.enterPin("0000")
  await expect(coins.pinPrompt.getByText("PIN incorreto.")).toBeVisible()
  await expect(coins.status).toHaveAttribute("data-error-key", "INCORRECT_PIN")
  await expect(coins.status).toContainText("PIN incorreto.")
  await saveShot(page, `coins-wrong-pin-pt.png`)
  await coins.enterPin("1234")
  await expect(coins.status).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  const commandId = (await coins.status.getAttribute("data-command-id")) ?? ""

  // exactly once: one idempotency record and the two statement rows of the conversion
  const after = await ledger(page, main)
  const tx = after.transactions.filter((x) => x.transaction_uuid === commandId)
  expect(tx).toEqual([expect.objectContaining({ statement_rows: 2, idempotency_records: 1 })])
  expect(balanceOf(after, "BRL")).toBe(balanceOf(before, "BRL") - 10_000)
  expect(balanceOf(after, "BTC")).toBe(balanceOf(before, "BTC") + expected)
  // the confirmed balances, no longer pending
  await expect(coins.balance("BRL")).toHaveAttribute("data-balance", String(balanceOf(after, "BRL")), { timeout: 15_000 })
  await expect(coins.balance("BRL")).toHaveAttribute("data-pending-delta", "0", { timeout: 15_000 })
  await expect(coins.balance("BTC")).toHaveAttribute("data-balance", String(balanceOf(after, "BTC")))
  await expect(page.getByTestId("portfolio-row").first()).toContainText("R$ 100,00")
  await saveShot(page, `coins-converted-pt.png`, { fullPage: true })
})

test("DESIGN Commands: cancelling the PIN sends nothing and the optimistic effect goes away", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  const { wallets } = await seed(page)
  const before = await ledger(page, wallets["anaMain"] as string)
  await page.getByRole("radio", { name: /Vender BTC/ }).click()
  await coins.amount.fill("0,001")
  await coins.submit.click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirmar" }).click()
  await expect(coins.pinPrompt).toBeVisible()
  await expect(coins.balance("BTC")).toHaveAttribute("data-pending-delta", "-100000")
  await coins.pinPrompt.getByRole("button", { name: "Cancelar" }).click()
  await expect(coins.status).toHaveAttribute("data-state", "cancelled")
  await expect(coins.balance("BTC")).toHaveAttribute("data-pending-delta", "0")
  const after = await ledger(page, wallets["anaMain"] as string)
  expect(after.transactions.length).toBe(before.transactions.length)
  expect(balanceOf(after, "BTC")).toBe(balanceOf(before, "BTC"))
})

test("DESIGN Commands: a rejection by the server shows the catalogue's message (expired quote)", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  await coins.amount.fill("50,00")
  await expect(coins.result).not.toHaveAttribute("data-to-amount", "")
  // the sandbox's business clock moves past the quote's validity; the browser's does not
  await page.request.post("/__admin/clock", { data: { offset_ms: 120_000 } })
  try {
    await coins.submit.click()
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirmar" }).click()
    await coins.enterPin("1234")
    await expect(coins.status).toHaveAttribute("data-state", "rejected", { timeout: 20_000 })
    await expect(coins.status).toContainText("A cotação expirou.")
    await expect(coins.balance("BRL")).toHaveAttribute("data-pending-delta", "0")
  } finally {
    await page.request.post("/__admin/clock", { data: { offset_ms: 0 } })
  }
})

test("features §6: a non-default wallet is not offered conversion, and says why", async ({ page, signInAs, shell, home }) => {
  await signInAs("ana@example.com")
  await shell.switchWallet("Reserva")
  await home.expectLoaded()
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  await expect(coins.balance("BRL")).toBeVisible()
  await expect(page.getByTestId("convert-unavailable")).toContainText("apenas na sua carteira padrão")
  await expect(coins.panel).toHaveCount(0)
  await expect(coins.submit).toHaveCount(0)
  await saveShot(page, `coins-non-default-pt.png`, { fullPage: true })
})
