/**
 * Signing in for the gateway payment-request and order suites: the shared steps (tests/e2e/pages) with
 * more patience for the first screens — a company's first sign-in syncs its gateway wallets and lists,
 * which on a loaded machine takes longer than the default 10 s of an expectation. Same checks, longer waits.
 */
import { expect, type Page } from "@playwright/test"
import { HomePage } from "../pages/home-page.ts"
import { LoginPage } from "../pages/login-page.ts"
import { Shell } from "../pages/shell.ts"

export async function signInPatiently(page: Page, email: string, prefix: "" | "/en" = ""): Promise<void> {
  const login = new LoginPage(page)
  await page.goto(`${prefix}/auth/login`)
  await expect(login.root).toBeVisible({ timeout: 30_000 })
  await login.signIn(email)
  await expect(page).toHaveURL(/\/banking\/home$/, { timeout: 40_000 })
  await new HomePage(page).expectLoaded()
  await new Shell(page).dismissTour()
}

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
