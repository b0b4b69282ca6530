/** Page object of the app's global PIN prompt (src/ui/pin-prompt.tsx), asked by the engine for sensitive commands. */
import { expect } from "@playwright/test"
import { PIN } from "./login-page.ts"
import { byTestId } from "./page-object.ts"

export class PinPrompt extends byTestId({ root: "pin-prompt" }) {
  readonly input = this.root.getByLabel("PIN", { exact: true })
  readonly confirm = this.root.getByRole("button", { name: /^(Confirmar|Confirm)$/ })
  readonly cancel = this.root.getByRole("button", { name: /^(Cancelar|Cancel)$/ })

  /** Wait for the prompt, type the PIN and confirm. */
  async answer(pin = PIN): Promise<void> {
    await expect(this.root).toBeVisible()
    await this.input.fill(pin)
    await this.confirm.click()
  }
}
