/**
 * Accessibility (axe: no serious or critical WCAG 2.1 A/AA violations) of the control-panel
 * security and staged-approval pages (spec features §2), in Portuguese and English, and the
 * queue at 360 px wide without horizontal scroll. Screenshots go to tests/e2e/artifacts/.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { HISTORY, openAs, REQUESTS, Sandbox, SETTINGS } from "./approval-pages.ts"
import { go } from "../pages/navigation.ts"

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])
}

const PAGES: ReadonlyArray<readonly [string, string, string]> = [
  [REQUESTS, "approval-requests-page", "approval-requests"],
  [HISTORY, "approval-history-page", "approval-history"],
  [SETTINGS, "approval-settings-page", "approval-settings"],
  ["/control-panel/security/permissions", "permissions-page", "security-permissions"],
  ["/control-panel/security/update-pin", "update-pin-page", "security-update-pin"],
  ["/control-panel/security/change-password", "change-password-page", "security-change-password"]
]

test("axe (pt, en): approval requests, history, settings; permissions, update PIN, change password", async ({ browser, baseURL }) => {
  const diego = await openAs(browser, baseURL ?? "", "diego@example.com")
  for (const lang of ["pt", "en"] as const) {
    for (const [path, testId, shot] of PAGES) {
      await go(diego.page, `/${lang}${path}`)
      await expect(diego.page.getByTestId(testId)).toBeVisible({ timeout: 20_000 })
      if (testId === "approval-requests-page") await expect(diego.page.getByTestId("approval-live")).toHaveAttribute("data-live", "true", { timeout: 15_000 })
      if (lang === "en") await saveShot(diego.page, `${shot}-en.png`, { fullPage: true })
      await expectNoSeriousViolations(diego.page, `${lang} ${path}`)
    }
  }
  await diego.context.close()
})

test("responsive: the approval queue at 360 px wide has no horizontal scroll", async ({ browser, baseURL }) => {
  const carla = await openAs(browser, baseURL ?? "", "carla@example.com")
  await carla.page.setViewportSize({ width: 360, height: 740 })
  await go(carla.page, REQUESTS)
  await expect(carla.page.getByTestId("approval-requests-page")).toBeVisible({ timeout: 20_000 })
  const id = await new Sandbox(baseURL ?? "").createRequest({ amount: 140_000, description: "Tela estreita e2e", key: "contato@tech-solucoes.com.br" })
  await expect(carla.page.locator(`[data-request-id="${id}"]`)).toBeVisible({ timeout: 10_000 })
  const overflow = await carla.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await saveShot(carla.page, `approval-requests-360-pt.png`, { fullPage: true })
  await carla.context.close()
})
