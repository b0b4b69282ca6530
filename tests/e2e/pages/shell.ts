/**
 * Page object of the default layout's header and panels (spec core §2.4): wallet switcher and
 * its modal, app switcher, section menu, notifications, user panel, language modal, logout,
 * the session banner and the guided tour.
 */
import { expect, type Locator } from "@playwright/test"
import { byTestId } from "./page-object.ts"

export class Shell extends byTestId({
  walletSwitcher: "wallet-switcher",
  walletModal: "wallet-modal",
  sectionNav: "section-nav",
  notificationsButton: "notifications-button",
  notificationsPanel: "notifications-panel",
  userButton: "user-button",
  userPanel: "user-panel",
  languageModal: "language-modal",
  confirmDialog: "confirm-dialog",
  alertDialog: "alert-dialog",
  sessionBanner: "session-banner",
  tour: "tour"
}) {
  /**
   * A first visit's tour (core §4 "Tours": it starts 300 ms after arrival): wait for it, then close it so it covers
   * nothing. Only where a tour is due — the API sign-in (pages/sign-in.ts) marks every tour seen unless asked.
   */
  async dismissTour(): Promise<void> {
    await expect(this.tour).toBeVisible()
    await this.tour.getByRole("button").first().click()
    await expect(this.tour).toBeHidden()
  }

  menuItem(id: string): Locator {
    return this.page.getByTestId(`menu-${id}`)
  }

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
