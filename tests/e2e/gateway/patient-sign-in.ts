/**
 * Helpers of the gateway payment-request and order suites: moving inside the running app as a link does.
 */
import { expect, type Page } from "@playwright/test"

/**
 * Goes to a path inside the running app as a link does (history push + popstate, which the router
 * follows), not by reloading it: a reload restarts the engine from the local store, which a loaded
 * machine makes slow and which these suites do not test.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to)
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, "\\/")}$`))
}
