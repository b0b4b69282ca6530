/**
 * spec core §1 switchable features with this build's defaults (src/config/features.ts): every area
 * built so far is on — automatic payments (issue 13), statements, coin trends, cards and billets. A flag
 * switched off answers its routes with the "not available in this configuration" page (unit-tested in
 * src/app/feature-gate.test.ts: no flag is off in this build's defaults).
 */
import { expect, test } from "../fixtures.ts"
import { go } from "../pages/navigation.ts"

test("core §1: automatic payments are on in this build (issue 13): automatic-pix opens its page, in pt and en (the off page: src/app/feature-gate.test.ts)", async ({
  page,
  signInAs,
  shell
}) => {
  await signInAs("ana@example.com")
  await expect(shell.menuItem("home")).toBeVisible()
  await go(page, "/banking/pix/automatic-pix")
  await expect(page.getByTestId("pix-schedule-automatic")).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("feature-off-page")).toHaveCount(0)
  await go(page, "/en/banking/pix/automatic-pix")
  await expect(page.getByRole("heading", { name: "Pix Automático" })).toBeVisible({ timeout: 30_000 })
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
