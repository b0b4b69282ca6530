/**
 * Accessibility (axe) of the main screens with no serious or critical violations, and the
 * screenshots of the issue note in both languages (tests/e2e/artifacts/, gitignored).
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])
}

for (const lang of ["pt", "en"] as const) {
  test(`axe and screenshots (${lang}): login, banking home, user panel, wallet modal`, async ({ page, login, signInAs, shell }) => {
    await login.open(`/${lang}`)
    await saveShot(page, `login-${lang}.png`)
    await expectNoSeriousViolations(page, "login")

    await signInAs("ana@example.com", { prefix: `/${lang}` })
    await expect(page.getByTestId("activity-row").first()).toBeVisible({ timeout: 20_000 })
    await saveShot(page, `banking-home-${lang}.png`, { fullPage: true })
    await expectNoSeriousViolations(page, "home")

    await shell.openUserPanel()
    await expect(page.getByTestId("panel-balance-BRL")).toBeVisible()
    await saveShot(page, `user-panel-${lang}.png`)
    await expectNoSeriousViolations(page, "user panel")
    await page.keyboard.press("Escape")

    await shell.openWalletModal()
    await saveShot(page, `wallet-modal-${lang}.png`)
    await expectNoSeriousViolations(page, "wallet modal")
  })
}

test("responsive: the banking home at 360 px wide has no horizontal scroll", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInAs("ana@example.com")
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await saveShot(page, `banking-home-360-pt.png`, { fullPage: true })
})
