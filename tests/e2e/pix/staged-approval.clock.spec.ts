/**
 * features §6 staged approval from the Pix pay page (issue 12 "staged approval when the wallet's setting
 * applies"): Ana pays R$ 1.500,00 (at or above her main wallet's approval minimum) by key; the receipt says it
 * went for approval and nothing left the account (her balance in the sandbox ledger is unchanged, no statement
 * row), and the request is in the approvers' queue. The same for a code of Bruno's paid by copy-and-paste
 * (D-pix-staged-code): the code stays unpaid on his page. In the "clock" project (*.clock.spec.ts): it sets the
 * sandbox clock to 12:00 São Paulo so the day limit, not the night one, applies whatever the real hour.
 */
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { makeCode, openBruno } from "./qr-pages.ts"
import { go } from "../pages/navigation.ts"

const noonToday = async (page: Page): Promise<void> => {
  const day = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10)
  const r = await page.request.post("/__admin/clock", { data: { offset_ms: Date.parse(`${day}T15:00:00Z`) - Date.now() } })
  expect(r.ok()).toBe(true)
}

test("features §6: a Pix at or above the approval minimum is sent for approval, says so, and moves nothing", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  await noonToday(page)
  const anaW = (await seed(page)).wallets["anaMain"] as string
  const before = await ledger(page, anaW)
  await go(page, "/banking/pix/pay")
  await page.getByTestId("pix-key").fill("bruno@example.com")
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 20_000 })
  await page.getByTestId("pix-amount").fill("1.500,00")
  await page.getByTestId("pix-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  const result = page.locator('[data-testid="pix-pay-result"][data-state="confirmed"]')
  await expect(result).toHaveAttribute("data-outcome", "awaiting_approval", { timeout: 30_000 })
  await expect(result.getByRole("heading")).toHaveText("Pix enviado para aprovação")
  await expect(page.getByTestId("pix-pay-staged")).toContainText("nada saiu da conta ainda")
  await saveShot(page, `pix-staged-pt.png`, { fullPage: true })
  const after = await ledger(page, anaW)
  expect([balanceOf(after, "BRL"), after.statement_rows]).toEqual([balanceOf(before, "BRL"), before.statement_rows])
  // the approvers' queue has it
  await page.getByTestId("pix-pay-staged").getByRole("link").click()
  await expect(page.getByText("R$ 1.500,00").first()).toBeVisible({ timeout: 20_000 })
})

test("features §6 D-pix-staged-code: a code of Bruno's paid at or above the minimum is sent for approval; nothing moves, the code stays active", async ({
  page,
  browser
}) => {
  await signInToHome(page, "ana@example.com")
  await noonToday(page)
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string
  const { bruno, close } = await openBruno(browser)
  const emv = await makeCode(bruno, { amount: "1.600,00" })
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]
  await go(page, "/banking/pix/pay?by=code")
  await page.getByTestId("pix-code").fill(emv)
  await page.getByTestId("pix-code-continue").click()
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText(/1\.600,00/, { timeout: 20_000 })
  await page.getByTestId("pix-code-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  const result = page.locator('[data-testid="pix-code-result"][data-state="confirmed"]')
  await expect(result).toHaveAttribute("data-outcome", "awaiting_approval", { timeout: 30_000 })
  await expect(result.getByRole("heading")).toHaveText("Pix enviado para aprovação")
  await expect(page.getByTestId("pix-code-staged")).toContainText("nada saiu da conta ainda")
  await saveShot(page, `pix-code-staged-pt.png`, { fullPage: true })
  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(after.map((l) => [balanceOf(l, "BRL"), l.statement_rows])).toEqual(before.map((l) => [balanceOf(l, "BRL"), l.statement_rows]))
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "active")
  await close()
})
