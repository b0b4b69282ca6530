/** Page object of /banking/home (balances, recent activity, sync). */
import { expect, type Locator, type Page } from "@playwright/test"

export class HomePage {
  readonly root: Locator
  readonly balances: Locator
  readonly activity: Locator
  constructor(readonly page: Page) {
    this.root = page.getByTestId("home-page")
    this.balances = page.getByTestId("home-balances")
    this.activity = page.getByTestId("home-activity")
  }
  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/banking\/home$/)
    await expect(this.root).toBeVisible()
    await expect(this.balance("BRL")).toBeVisible({ timeout: 20_000 })
  }
  balance(symbol: string): Locator { return this.page.getByTestId(`balance-${symbol}-amount`) }
}
