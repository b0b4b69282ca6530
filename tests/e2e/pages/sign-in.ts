/**
 * Signing a seeded sandbox user in by e-mail code (the sandbox's fixed code) and landing on the
 * banking home with balances shown and the home tour closed: the first steps of most tests.
 */
import type { Page } from "@playwright/test"
import { HomePage } from "./home-page.ts"
import { LoginPage } from "./login-page.ts"
import { Shell } from "./shell.ts"

export interface SignedIn {
  readonly login: LoginPage
  readonly home: HomePage
  readonly shell: Shell
}

export async function signInToHome(page: Page, email: string, o: { prefix?: "" | "/pt" | "/en"; query?: string } = {}): Promise<SignedIn> {
  const login = new LoginPage(page)
  const home = new HomePage(page)
  const shell = new Shell(page)
  await login.open(o.prefix ?? "", o.query ?? "")
  await login.signIn(email)
  await home.expectLoaded()
  await shell.dismissTour()
  return { login, home, shell }
}
