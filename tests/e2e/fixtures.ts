/**
 * Playwright fixtures for the shell suite (tldraw-style page objects): the login page, the
 * shell and the home page, plus `signInAs` that signs a seeded sandbox user in by e-mail code
 * and waits for the banking home. The app runs in Portuguese by default (pt-BR browser).
 */
import { test as base, expect } from "./test.ts"
import { HomePage } from "./pages/home-page.ts"
import { LoginPage } from "./pages/login-page.ts"
import { Shell } from "./pages/shell.ts"
import { signInToHome } from "./pages/sign-in.ts"

export interface ShellFixtures {
  login: LoginPage
  shell: Shell
  home: HomePage
  /** Sign in (e-mail code) and land on the banking home with balances shown; tours closed. */
  signInAs: (email: string, o?: { prefix?: "" | "/pt" | "/en"; query?: string }) => Promise<void>
}

export const test = base.extend<ShellFixtures>({
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
  login: async ({ page }, use) => { await use(new LoginPage(page)) },
  shell: async ({ page }, use) => { await use(new Shell(page)) },
  home: async ({ page }, use) => { await use(new HomePage(page)) },
  signInAs: async ({ page }, use) => {
    await use(async (email, o = {}) => { await signInToHome(page, email, o) })
  }
})

export { expect }

/** Where screenshots for the issue note go (gitignored). */
export const ARTIFACTS = "tests/e2e/artifacts"
