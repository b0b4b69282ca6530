/**
 * Page object of /auth/login (spec core §2.1): the e-mail + password step, the code step, the
 * QR tab. The sandbox accepts the fixed code 000000 (DESIGN "The sandbox users API").
 */
import { expect } from "@playwright/test"
import { byTestId } from "./page-object.ts"

export const PASSWORD = "Senha@123"
export const FIXED_CODE = "000000"
export const PIN = "1234"

export class LoginPage extends byTestId({
  root: "login-page",
  email: "login-email",
  password: "login-password",
  submit: "login-submit",
  code: "login-code",
  codeSubmit: "login-code-submit",
  error: "login-error"
}) {
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
