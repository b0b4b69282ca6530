/** Page object of /banking/home (balances, recent activity, sync). */
import { expect, type Locator } from "@playwright/test"
import { byTestId } from "./page-object.ts"

export class HomePage extends byTestId({ root: "home-page", balances: "home-balances", activity: "home-activity" }) {
  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/banking\/home(\?[^/]*)?$/)
    await expect(this.root).toBeVisible()
    await expect(this.balance("BRL")).toBeVisible({ timeout: 20_000 })
  }
  balance(symbol: string): Locator {
    return this.page.getByTestId(`balance-${symbol}-amount`)
  }
}
