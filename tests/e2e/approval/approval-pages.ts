/**
 * Page objects and helpers of the control-panel security and staged-approval suite (spec
 * features §2 "Control panel security", §3–§6 staged approval): signing a seeded user in, in a
 * browser context of their own, on Ana's shared wallet; the live queue, the history, the
 * settings and the app's PIN prompt; and a typed sandbox client (sandbox/test-client.ts) over
 * the same origin for what a test does as another user or as the sandbox's admin.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test"
import { SandboxClient, type Session } from "../../../sandbox/test-client.ts"
import type { Ledger } from "../../../schema/api-admin.ts"
import { HomePage } from "../pages/home-page.ts"
import { LoginPage, PIN } from "../pages/login-page.ts"
import { Shell } from "../pages/shell.ts"

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
  browser: Browser, baseURL: string, email: string, o: { wallet?: WalletKey | null } = {}
): Promise<{ context: BrowserContext; page: Page; shell: Shell }> {
  const key = o.wallet === undefined ? "anaMain" : o.wallet
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  if (key !== null) {
    const walletId = await new Sandbox(baseURL).walletId(key)
    await context.addInitScript((id) => { if (localStorage.getItem("pref:walletToken") === null) localStorage.setItem("pref:walletToken", id) }, walletId)
  }
  const page = await context.newPage()
  const login = new LoginPage(page)
  const home = new HomePage(page)
  const shell = new Shell(page)
  await login.open()
  await login.signIn(email)
  await home.expectLoaded()
  await shell.dismissTour()
  if (key !== null && !((await shell.walletSwitcher.textContent()) ?? "").includes(WALLETS[key])) {
    await shell.switchWallet(WALLETS[key])
    await home.expectLoaded()
    await shell.dismissTour()
  }
  if (key !== null) await expect(shell.walletSwitcher).toContainText(WALLETS[key])
  return { context, page, shell }
}

/** The app's global PIN prompt (src/ui/pin-prompt.tsx), asked by the engine for sensitive commands. */
export class PinPrompt {
  readonly root: Locator
  readonly input: Locator
  readonly confirm: Locator
  readonly cancel: Locator
  constructor(readonly page: Page) {
    this.root = page.getByTestId("pin-prompt")
    this.input = this.root.locator("input")
    this.confirm = this.root.getByRole("button", { name: /^(Confirmar|Confirm)$/ })
    this.cancel = this.root.getByRole("button", { name: /^(Cancelar|Cancel)$/ })
  }
  async answer(pin = PIN): Promise<void> {
    await expect(this.root).toBeVisible()
    await this.input.fill(pin)
    await this.confirm.click()
  }
}

/** /control-panel/security/approval/requests: the live queue. */
export class RequestsPage {
  readonly root: Locator
  readonly cards: Locator
  readonly search: Locator
  readonly min: Locator
  readonly max: Locator
  readonly live: Locator
  readonly pin: PinPrompt
  constructor(readonly page: Page) {
    this.root = page.getByTestId("approval-requests-page")
    this.cards = page.getByTestId("approval-request")
    this.search = page.getByTestId("queue-search")
    this.min = page.getByTestId("queue-min")
    this.max = page.getByTestId("queue-max")
    this.live = page.getByTestId("approval-live")
    this.pin = new PinPrompt(page)
  }
  async open(): Promise<void> {
    await this.page.goto(REQUESTS)
    await expect(this.root).toBeVisible({ timeout: 20_000 })
    await expect(this.live).toHaveAttribute("data-live", "true", { timeout: 20_000 })
  }
  card(requestId: string): Locator { return this.page.locator(`[data-testid="approval-request"][data-request-id="${requestId}"]`) }
  progress(requestId: string): Locator { return this.card(requestId).getByTestId("approval-progress") }
  figure(id: "summary-count" | "summary-total" | "summary-mine" | "summary-shown"): Locator { return this.page.getByTestId(id) }
  async approve(requestId: string, pin = PIN): Promise<void> {
    await this.card(requestId).getByTestId("approval-approve").click()
    await this.pin.answer(pin)
  }
}

/** /control-panel/security/approval/history. */
export class HistoryPage {
  readonly root: Locator
  readonly rows: Locator
  constructor(readonly page: Page) {
    this.root = page.getByTestId("approval-history-page")
    this.rows = page.getByTestId("history-row")
  }
  async open(): Promise<void> {
    await this.page.goto(HISTORY)
    await expect(this.root).toBeVisible({ timeout: 20_000 })
  }
  row(requestId: string): Locator { return this.page.locator(`[data-testid="history-row"][data-request-id="${requestId}"]`) }
}

/** /control-panel/security/approval/settings. */
export class SettingsPage {
  readonly root: Locator
  readonly current: Locator
  readonly form: Locator
  readonly minInput: Locator
  readonly approversInput: Locator
  readonly submit: Locator
  constructor(readonly page: Page) {
    this.root = page.getByTestId("approval-settings-page")
    this.current = page.getByTestId("setting-current")
    this.form = page.getByTestId("setting-form")
    this.minInput = page.getByTestId("setting-min-input")
    this.approversInput = page.getByTestId("setting-approvers-input")
    this.submit = page.getByTestId("setting-submit")
  }
  async open(): Promise<void> {
    await this.page.goto(SETTINGS)
    await expect(this.root).toBeVisible({ timeout: 20_000 })
  }
}

/** The sandbox over the app's origin (the preview server proxies /users and /__admin). */
export class Sandbox {
  readonly client: SandboxClient
  private wallets: Record<string, string> | null = null
  constructor(baseURL: string) { this.client = new SandboxClient(baseURL) }
  async walletId(key = "anaMain"): Promise<string> {
    this.wallets ??= { ...(await this.client.admin("seed")).data.wallets }
    const id = this.wallets[key]
    if (id === undefined) throw new Error(`no seeded wallet ${key}`)
    return id
  }
  login(email: string): Promise<Session> { return this.client.login(email) }
  /** A request on Ana's wallet, made as `requestedBy` (admin endpoint). */
  async createRequest(o: { amount: number; description: string; requestedBy?: string; key?: string }): Promise<string> {
    const r = await this.client.admin("approvalRequestCreate", {
      body: { wallet_id: await this.walletId(), amount: o.amount, requested_by: o.requestedBy ?? "ana@example.com", description: o.description, ...(o.key ? { key: o.key } : {}) }
    })
    return r.data.id
  }
  async ledger(): Promise<Ledger> {
    return (await this.client.admin("ledger", { query: { wallet_id: await this.walletId() } })).data
  }
}
