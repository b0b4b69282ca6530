/**
 * spec core §1 switchable features with this build's defaults (src/config/features.ts): automatic
 * payments off — no menu entry, and their routes answer with a translated "not available
 * in this configuration" page; statements, coin trends and cards on.
 */
import { expect, test } from "../fixtures.ts"

test("core §1: a feature that is off leaves the menu and its route says so, in pt and en", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com")
  await expect(shell.menuItem("home")).toBeVisible()
  await expect(shell.menuItem("cards")).toBeVisible()
  const off = page.getByTestId("feature-off-page")

  // features §2 Pix automatic-pix holds the automatic payments (off); the rest of Pix is on
  await page.goto("/banking/pix/automatic-pix")
  await expect(off).toHaveAttribute("data-feature", "automaticPayments")
  await expect(off).toContainText("Pagamentos automáticos")
  await expect(off).toContainText("Não disponível nesta configuração")

  await page.goto("/en/banking/pix/automatic-pix")
  await expect(off).toHaveAttribute("data-feature", "automaticPayments")
  await expect(off).toContainText("Not available in this configuration")

  await page.goto("/banking/pix")
  await expect(page.getByTestId("pix-page")).toBeVisible()

  await page.goto("/pt/banking/pix/automatic-pix")
  await off.getByRole("link").click()
  await expect(page).toHaveURL(/\/pt\/banking\/home$/)
})

test("core §1: statements, coin trends, cards and billets are on in this build", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com")
  await expect(shell.menuItem("billet")).toBeVisible()
  await expect(page.getByTestId("see-all-statements")).toBeVisible()
  await expect(shell.menuItem("statements")).toBeVisible()
  await shell.menuItem("coins").click()
  await expect(page.getByTestId("trend-chart").first()).toBeVisible()
  await expect(page.getByTestId("trends")).not.toHaveAttribute("data-sample", "true")
  await expect(page.getByTestId("trends-sample-note")).toHaveCount(0)
})
