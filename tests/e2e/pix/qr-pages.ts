/**
 * Page steps shared by the Pix-by-code suites (pix-qr.spec.ts, staged-approval.clock.spec.ts): Bruno signed in in
 * his own browser context, a code made on his receive page, and a reviewed code paid with the PIN.
 */
import type { Browser, Page } from "@playwright/test"
import { expect } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"

export const openBruno = async (browser: Browser): Promise<{ bruno: Page; close: () => Promise<void> }> => {
  const ctx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })
  const bruno = await ctx.newPage()
  await signInToHome(bruno, "bruno@example.com")
  return { bruno, close: () => ctx.close() }
}

/** Bruno makes a code on his receive page; its copy-and-paste text. */
export const makeCode = async (bruno: Page, o: { dynamic?: boolean; amount: string; description?: string }): Promise<string> => {
  await go(bruno, "/banking/pix/receive")
  await expect(bruno.getByTestId("pix-qr-key").locator("option[value='bruno@example.com']")).toHaveCount(1, { timeout: 30_000 })
  if (o.dynamic) await bruno.getByTestId("pix-qr-kind").selectOption("dynamic_instant")
  await bruno.getByTestId("pix-qr-key").selectOption("bruno@example.com")
  await bruno.getByTestId("pix-qr-amount").fill(o.amount)
  if (o.description) await bruno.getByTestId("pix-qr-description").fill(o.description)
  await bruno.getByTestId("pix-qr-create").click()
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "active", { timeout: 20_000 })
  await expect(bruno.getByTestId("pix-qr-image")).toBeVisible()
  return bruno.getByTestId("pix-qr-emv").inputValue()
}

export const payReviewed = async (page: Page): Promise<string> => {
  await page.getByTestId("pix-code-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-code-result")).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  return (await page.getByTestId("pix-code-result").getAttribute("data-command-id")) ?? ""
}
