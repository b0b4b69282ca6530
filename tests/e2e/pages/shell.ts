/**
 * Page object of the default layout's header and panels (spec core §2.4): wallet switcher and
 * its modal, app switcher, section menu, notifications, user panel, language modal, logout,
 * the session banner and the guided tour.
 */
import { expect, type Locator, type Page } from "@playwright/test"

export class Shell {
  readonly walletSwitcher: Locator
  readonly walletModal: Locator
  readonly sectionNav: Locator
  readonly notificationsButton: Locator
  readonly notificationsPanel: Locator
  readonly userButton: Locator
  readonly userPanel: Locator
  readonly languageModal: Locator
  readonly confirmDialog: Locator
  readonly alertDialog: Locator
  readonly sessionBanner: Locator
  readonly tour: Locator

  constructor(readonly page: Page) {
    this.walletSwitcher = page.getByTestId("wallet-switcher")
    this.walletModal = page.getByTestId("wallet-modal")
    this.sectionNav = page.getByTestId("section-nav")
    this.notificationsButton = page.getByTestId("notifications-button")
    this.notificationsPanel = page.getByTestId("notifications-panel")
    this.userButton = page.getByTestId("user-button")
    this.userPanel = page.getByTestId("user-panel")
    this.languageModal = page.getByTestId("language-modal")
    this.confirmDialog = page.getByTestId("confirm-dialog")
    this.alertDialog = page.getByTestId("alert-dialog")
    this.sessionBanner = page.getByTestId("session-banner")
    this.tour = page.getByTestId("tour")
  }

  /** The tour of a page starts 300 ms after arrival; close it so it covers nothing. */
  async dismissTour(): Promise<void> {
    await this.page.waitForTimeout(450)
    if (await this.tour.isVisible()) await this.tour.getByRole("button").first().click()
    await expect(this.tour).toBeHidden()
  }

  menuItem(id: string): Locator { return this.page.getByTestId(`menu-${id}`) }

  async unreadCount(): Promise<number> {
    return Number(await this.notificationsButton.getAttribute("data-unread"))
  }

  async openUserPanel(): Promise<void> {
    await this.userButton.click()
    await expect(this.userPanel).toBeVisible()
  }

  async openWalletModal(): Promise<void> {
    await this.walletSwitcher.click()
    await expect(this.walletModal).toBeVisible()
  }

  /** Pick a wallet by name in the modal and confirm; the page reloads (core §2.4). */
  async switchWallet(name: string): Promise<void> {
    await this.openWalletModal()
    await this.walletModal.getByTestId("wallet-search").fill(name)
    await this.walletModal.getByTestId("wallet-option").filter({ hasText: name }).first().click()
    await Promise.all([this.page.waitForEvent("load"), this.walletModal.getByTestId("wallet-modal-select").click()])
  }

  async chooseLanguage(label: RegExp): Promise<void> {
    await this.openUserPanel()
    await this.page.getByTestId("open-language").click()
    await expect(this.languageModal).toBeVisible()
    await this.languageModal.getByLabel(label).click()
    await this.languageModal.getByTestId("language-apply").click()
    await expect(this.languageModal).toBeHidden()
  }

  async logout(): Promise<void> {
    await this.openUserPanel()
    await this.page.getByTestId("logout").click()
    await expect(this.confirmDialog).toBeVisible()
  }
}
