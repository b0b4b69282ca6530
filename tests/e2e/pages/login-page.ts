/**
 * Page object of /auth/login (spec core §2.1): the e-mail + password step, the code step, the
 * QR tab. The sandbox accepts the fixed code 000000 (DESIGN "The sandbox users API").
 */
import { expect, type Locator, type Page } from "@playwright/test"

export const PASSWORD = "Senha@123"
export const FIXED_CODE = "000000"
export const PIN = "1234"

export class LoginPage {
  readonly root: Locator
  readonly email: Locator
  readonly password: Locator
  readonly submit: Locator
  readonly code: Locator
  readonly codeSubmit: Locator
  readonly error: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId("login-page")
    this.email = page.getByTestId("login-email")
    this.password = page.getByTestId("login-password")
    this.submit = page.getByTestId("login-submit")
    this.code = page.getByTestId("login-code")
    this.codeSubmit = page.getByTestId("login-code-submit")
    this.error = page.getByTestId("login-error")
  }

  async open(prefix: "" | "/pt" | "/en" = "", query = ""): Promise<void> {
    await this.page.goto(`${prefix}/auth/login${query}`)
    await expect(this.root).toBeVisible()
  }

  /** E-mail + password, then the code sent "by e-mail". */
  async signIn(email: string, o: { password?: string; code?: string } = {}): Promise<void> {
    await this.email.fill(email)
    await this.password.fill(o.password ?? PASSWORD)
    await this.submit.click()
    await expect(this.code).toBeVisible()
    await this.code.fill(o.code ?? FIXED_CODE)
    await this.codeSubmit.click()
  }
}
