/**
 * Sign-in for the Pix suites on a busy machine (issue 12 e2e): the shared page objects wait 10 s for each
 * step; when the machine is loaded a first sign-in can take longer, so one more try is made (a fresh login
 * page). Only the waiting changes: the same steps, the same seeded user, the same fixed code.
 */
import type { Page } from "@playwright/test"
import { signInToHome } from "../pages/sign-in.ts"
import { Shell } from "../pages/shell.ts"

export async function signInPatiently(page: Page, email: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await signInToHome(page, email)
      return
    } catch (e) {
      if (attempt >= 3) throw e
      // the session may have been made after all: the home opens from here
      await page.goto("/banking/home").catch(() => undefined)
      if (/\/banking\/home$/.test(page.url())) {
        try { await page.getByTestId("home-page").waitFor({ timeout: 30_000 }); await new Shell(page).dismissTour(); return } catch { /* sign in again */ }
      }
    }
  }
}
