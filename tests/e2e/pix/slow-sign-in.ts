/** Sign-in for the Pix suites: the shared API sign-in (tests/e2e/pages/sign-in.ts), landing on the banking home. */
import type { Page } from "@playwright/test"
import { signInToHome } from "../pages/sign-in.ts"

export async function signInPatiently(page: Page, email: string): Promise<void> {
  await signInToHome(page, email)
}
