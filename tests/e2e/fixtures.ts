/**
 * Playwright fixtures for the suites (tldraw-style page objects): the login page, the shell and the
 * home page, plus `signInAs` that starts a seeded sandbox user signed in (through the API: only the
 * sign-in tests use the login page) and waits for the banking home. The app runs in Portuguese by
 * default (pt-BR browser).
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
  /** Signed in (by the API, tests/e2e/pages/sign-in.ts) on the banking home with balances shown; tours seen unless `tours: "show"`. */
  signInAs: (email: string, o?: { prefix?: "" | "/pt" | "/en"; query?: string; tours?: "skip" | "show" }) => Promise<void>
}

export const test = base.extend<ShellFixtures>({
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
  login: async ({ page }, use) => {
    await use(new LoginPage(page))
  },
  shell: async ({ page }, use) => {
    await use(new Shell(page))
  },
  home: async ({ page }, use) => {
    await use(new HomePage(page))
  },
  signInAs: async ({ page }, use) => {
    await use(async (email, o = {}) => {
      await signInToHome(page, email, o)
    })
  }
})

export { expect }

/** Where screenshots for the issue note go (gitignored). */
export const ARTIFACTS = "tests/e2e/artifacts"

/**
 * A screenshot for looking at what was built (`tests/e2e/artifacts/<name>`), taken when the suite runs with
 * `E2E_SHOTS=1`: looking is a step of its own (CONTRIBUTING), not a cost of every run of `npm test` (124 shots,
 * most of them full pages drawn in software on the 2-core machine).
 */
export async function saveShot(
  target: { screenshot(o: { path: string; fullPage?: boolean }): Promise<unknown> },
  name: string,
  o: { fullPage?: boolean } = {}
): Promise<void> {
  if (!process.env["E2E_SHOTS"]) return
  await target.screenshot({ path: `${ARTIFACTS}/${name}`, ...o })
}
