/**
 * issue 31 item 3 "the money input accepts what the screen shows in the current language": an English user
 * pays a Pix by key typing `1,234.56` — the form the screen shows — and R$ 1.234,56 leaves once (the
 * sandbox's ledger: one statement row, one idempotency record, Bruno credited once). Before that, the
 * Portuguese form `1.234,56` is refused in English with the message that shows the expected form, what was
 * typed is kept and nothing is sent. The English manifest is the page's (D-locale-input). Helena pays: her
 * wallet stages no payment for approval (Ana's stages from R$ 1.000,00), and the business clock is set to 10:00
 * São Paulo, inside the day limit's period (the night limit is R$ 1.000,00).
 */
import type { Page } from "@playwright/test"
import { expect, saveShot, test } from "../fixtures.ts"
import { go } from "../pages/navigation.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf } from "../statements/pages.ts"

test.use({ locale: "en-US" })

const sandboxOf = (page: Page): Sandbox => new Sandbox(new URL(page.url()).origin)
/** The business clock at 10:00 São Paulo today: a day-limit period whatever the hour the suite runs. */
const clockAtTen = async (page: Page): Promise<void> => {
  const day = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10)
  await sandboxOf(page).client.admin("clock", { body: { offset_ms: Date.parse(`${day}T10:00:00-03:00`) - Date.now() } })
}

test("issue 31 item 3: an English user pays a Pix typing 1,234.56 and R$ 1.234,56 leaves once; 1.234,56 is refused with the expected form", async ({
  page
}) => {
  await signInToHome(page, "helena@example.com", { prefix: "/en" })
  const sb = sandboxOf(page)
  const payerW = await sb.walletId("helena")
  const brunoW = await sb.walletId("brunoMatrix")
  await sb.client.admin("pixIn", { body: { wallet_id: payerW, amount: 500_000, payer_name: "Salary e2e" } })
  await clockAtTen(page)
  try {
    await payInEnglish(page, sb, payerW, brunoW)
  } finally {
    await sb.client.admin("clock", { body: { offset_ms: 0 } })
  }
})

async function payInEnglish(page: Page, sb: Sandbox, payerW: string, brunoW: string): Promise<void> {
  const before = [await sb.ledger(payerW), await sb.ledger(brunoW)]

  // the page names its manifest in English
  const manifest = await page.locator('link[rel="manifest"]').getAttribute("href")
  expect(manifest).toBe("/manifest-en.webmanifest")
  expect(((await (await page.request.get(manifest ?? "")).json()) as { name: string; start_url: string }).start_url).toBe("/en/")

  await go(page, "/en/banking/pix/pay")
  await page.getByTestId("pix-key").fill("bruno@example.com")
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 20_000 })

  // the Portuguese form in English: refused when the field is left, with the form expected; kept as typed; nothing sent
  const amount = page.getByTestId("pix-amount")
  await amount.fill("1.234,56")
  await page.getByTestId("pix-description").click()
  await expect(page.getByText("Invalid amount (use the format 1,234.56)")).toBeVisible()
  await expect(amount).toHaveAttribute("aria-invalid", "true")
  await expect(amount).toHaveValue("1.234,56")
  await saveShot(page, "pix-amount-wrong-form-en.png", { fullPage: true })
  await page.getByTestId("pix-review").click()
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0)
  await expect(amount).toHaveValue("1.234,56")

  // what the screen shows: 1,234.56
  await amount.fill("1,234.56")
  await page.getByTestId("pix-description").click()
  await expect(page.getByText("Invalid amount (use the format 1,234.56)")).toHaveCount(0)
  await expect(amount).toHaveValue("1,234.56")
  await page.getByTestId("pix-review").click()
  const dialog = page.getByTestId("confirm-dialog")
  await expect(dialog).toContainText("R$1,234.56")
  await saveShot(page, "pix-amount-english-review-en.png", { fullPage: true })
  // a double click on the confirmation sends nothing more: one command, one PIN step
  await dialog.getByRole("button", { name: "Pay" }).dblclick()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 })
  const commandId = (await page.getByTestId("pix-pay-result").getAttribute("data-command-id")) ?? ""
  expect(commandId).not.toBe("")

  const after = [await sb.ledger(payerW), await sb.ledger(brunoW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 123_456)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 123_456)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[0]!.statement_rows - before[0]!.statement_rows).toBe(1)
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
}
