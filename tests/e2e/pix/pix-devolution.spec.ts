/**
 * Devolution of a received Pix (spec features §1, §2 pay/{id}/devolution, §7; issue 12): from the Pix
 * home's received list Ana opens a payment, returns part of it with a double click on the confirmation —
 * one command, one PIN step, one REFUND row in the sandbox's ledger, the balance down once — and the page
 * then shows what is left; an amount over what is left is refused with its message; pt and en, axe.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

test("features §1 §2 issue 12: a devolution clicked twice returns the money once; over what is left is refused (pt, en, axe)", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const before = await ledger(page, anaW)

  await go(page, "/banking/pix")
  await page.getByTestId("pix-received-devolve").first().click()
  const info = page.getByTestId("pix-devolution-info")
  await expect(info).toBeVisible({ timeout: 20_000 })
  const available = Number(await info.getAttribute("data-available"))
  expect(available).toBeGreaterThan(100)
  const url = page.url()

  // more than is left: refused before anything is sent, what was typed kept
  await page.getByTestId("pix-devolution-amount").fill(((available + 1) / 100).toFixed(2).replace(".", ","))
  await page.getByTestId("pix-devolution-review").click()
  await expect(page.getByTestId("pix-devolution-form-error")).toContainText("Você pode devolver no máximo")

  await page.getByTestId("pix-devolution-amount").fill("1,00")
  await page.getByTestId("pix-devolution-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Devolver" }).dblclick()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-devolution-result")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 })
  const commandId = (await page.getByTestId("pix-devolution-result").getAttribute("data-command-id")) ?? ""
  await expect(info).toHaveAttribute("data-available", String(available - 100), { timeout: 20_000 })
  await saveShot(page, `pix-devolution-pt.png`, { fullPage: true })
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([])

  // a reload afterwards applies nothing more
  await page.reload()
  await expect(info).toHaveAttribute("data-available", String(available - 100), { timeout: 20_000 })
  const after = await ledger(page, anaW)
  expect(balanceOf(after, "BRL")).toBe(balanceOf(before, "BRL") - 100)
  expect(after.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })])
  expect(after.statement_rows - before.statement_rows).toBe(1)

  await go(page, url.replace("/banking/", "/en/banking/"))
  await expect(page.getByRole("heading", { name: "Return a received Pix" })).toBeVisible({ timeout: 20_000 })
  await saveShot(page, `pix-devolution-en.png`, { fullPage: true })
})
