/**
 * Page objects and helpers of the control-panel security and staged-approval suite (spec
 * features §2 "Control panel security", §3–§6 staged approval): signing a seeded user in, in a
 * browser context of their own, on Ana's shared wallet; the live queue, the history and the
 * settings; and the approval requests a test makes through the sandbox. The sign-in, the shell,
 * the app's PIN prompt and the sandbox client are the shared ones of tests/e2e/pages/.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test"
import { PIN } from "../pages/login-page.ts"
import { byTestId } from "../pages/page-object.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox as SeededSandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import type { Shell } from "../pages/shell.ts"
import { go } from "../pages/navigation.ts"

export { PIN }
export const REQUESTS = "/control-panel/security/approval/requests"
export const HISTORY = "/control-panel/security/approval/history"
export const SETTINGS = "/control-panel/security/approval/settings"

/** The seeded wallets a test may open (schema of /__admin/seed): key → the name the switcher shows. */
export const WALLETS = { anaMain: "Conta Principal", anaReserve: "Reserva" } as const
export type WalletKey = keyof typeof WALLETS

/**
 * A browser context of its own (pt-BR, São Paulo time) with the user signed in. With a wallet,
 * that wallet is the remembered current wallet before the app starts (core §4 "Use the stored
 * wallet token if it matches a loaded wallet"), so no switch and reload are needed; the
 * switcher is the fallback.
 */
export async function openAs(
  browser: Browser,
  baseURL: string,
  email: string,
  o: { wallet?: WalletKey | null } = {}
): Promise<{ context: BrowserContext; page: Page; shell: Shell }> {
  const key = o.wallet === undefined ? "anaMain" : o.wallet
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  if (key !== null) {
    const walletId = await new Sandbox(baseURL).walletId(key)
    await context.addInitScript((id) => {
      if (localStorage.getItem("pref:walletToken") === null) localStorage.setItem("pref:walletToken", id)
    }, walletId)
  }
  const page = await context.newPage()
  const { home, shell } = await signInToHome(page, email)
  if (key !== null && !((await shell.walletSwitcher.textContent()) ?? "").includes(WALLETS[key])) {
    await shell.switchWallet(WALLETS[key])
    await home.expectLoaded()
  }
  if (key !== null) await expect(shell.walletSwitcher).toContainText(WALLETS[key])
  return { context, page, shell }
}

/** /control-panel/security/approval/requests: the live queue. */
export class RequestsPage extends byTestId({
  root: "approval-requests-page",
  cards: "approval-request",
  search: "queue-search",
  min: "queue-min",
  max: "queue-max",
  live: "approval-live"
}) {
  readonly pin = new PinPrompt(this.page)
  async open(): Promise<void> {
    await go(this.page, REQUESTS)
    await expect(this.root).toBeVisible({ timeout: 20_000 })
    await expect(this.live).toHaveAttribute("data-live", "true", { timeout: 20_000 })
  }
  card(requestId: string): Locator {
    return this.page.locator(`[data-testid="approval-request"][data-request-id="${requestId}"]`)
  }
  progress(requestId: string): Locator {
    return this.card(requestId).getByTestId("approval-progress")
  }
  figure(id: "summary-count" | "summary-total" | "summary-mine" | "summary-shown"): Locator {
    return this.page.getByTestId(id)
  }
  async approve(requestId: string, pin = PIN): Promise<void> {
    await this.card(requestId).getByTestId("approval-approve").click()
    await this.pin.answer(pin)
  }
}

/** /control-panel/security/approval/history. */
export class HistoryPage extends byTestId({ root: "approval-history-page", rows: "history-row" }) {
  async open(): Promise<void> {
    await go(this.page, HISTORY)
    await expect(this.root).toBeVisible({ timeout: 20_000 })
  }
  row(requestId: string): Locator {
    return this.page.locator(`[data-testid="history-row"][data-request-id="${requestId}"]`)
  }
}

/** /control-panel/security/approval/settings. */
export class SettingsPage extends byTestId({
  root: "approval-settings-page",
  current: "setting-current",
  form: "setting-form",
  minInput: "setting-min-input",
  approversInput: "setting-approvers-input",
  submit: "setting-submit"
}) {
  async open(): Promise<void> {
    await go(this.page, SETTINGS)
    await expect(this.root).toBeVisible({ timeout: 20_000 })
  }
}

/** The shared sandbox helper (tests/e2e/pages/sandbox.ts) and the approval requests this suite makes. */
export class Sandbox extends SeededSandbox {
  /** A request on Ana's wallet, made as `requestedBy` (admin endpoint). */
  async createRequest(o: { amount: number; description: string; requestedBy?: string; key?: string }): Promise<string> {
    const r = await this.client.admin("approvalRequestCreate", {
      body: {
        wallet_id: await this.walletId(),
        amount: o.amount,
        requested_by: o.requestedBy ?? "ana@example.com",
        description: o.description,
        ...(o.key ? { key: o.key } : {})
      }
    })
    return r.data.id
  }
}
