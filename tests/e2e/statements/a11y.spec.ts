/**
 * The statements and coins screens in both languages (DESIGN "both languages complete") with
 * no serious or critical axe violations, at desktop width and at 360 px without horizontal
 * scroll; screenshots for the issue note (tests/e2e/artifacts/, gitignored).
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { CoinsPage, StatementsPage } from "./pages.ts"
import { go } from "../pages/navigation.ts"

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])
}

for (const lang of ["pt", "en"] as const) {
  test(`axe and screenshots (${lang}): statements, receipt, coins`, async ({ page, signInAs }) => {
    await signInAs("ana@example.com", { prefix: `/${lang}` })
    const st = new StatementsPage(page)
    await st.openFromMenu()
    await expect(page).toHaveURL(new RegExp(`/${lang}/banking/statements`))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? "Statement" : "Extrato")
    await expect(st.rows.first()).toBeVisible()
    await expect(page.getByTestId("statement-chart")).toBeVisible()
    await saveShot(page, `statements-${lang}.png`, { fullPage: true })
    await expectNoSeriousViolations(page, "statements")
    await st.rows.first().click()
    // the receipt on screen (the dialog), not its print-only copy (D-receipts)
    await expect(page.getByTestId("receipt-view").getByTestId("receipt-body")).toBeVisible({ timeout: 10_000 })
    await expectNoSeriousViolations(page, "receipt")
    await page.keyboard.press("Escape")

    const coins = new CoinsPage(page)
    await coins.openFromMenu()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? "Coins" : "Moedas")
    await expect(page.getByTestId("quote-buy")).toBeVisible()
    await expect(page.getByTestId("trend-chart").first()).toBeVisible()
    await saveShot(page, `coins-${lang}.png`, { fullPage: true })
    await expectNoSeriousViolations(page, "coins")
  })
}

test("responsive: statements and coins at 360 px wide have no horizontal scroll", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInAs("ana@example.com")
  await go(page, "/banking/statements")
  const st = new StatementsPage(page)
  await expect(st.rows.first()).toBeVisible({ timeout: 30_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await saveShot(page, `statements-360-pt.png`, { fullPage: true })
  await saveShot(st.table, `statements-table-360-pt.png`)
  await go(page, "/banking/coins")
  await expect(page.getByTestId("convert-panel")).toBeVisible({ timeout: 30_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
