/**
 * Page objects of /banking/statements and /banking/coins (issue 5), and the sandbox helpers the
 * suite checks the screens against: the users API with the session's bearer (the same filters
 * as the screen, answered by SQLite) and the admin ledger (exactly-once proofs).
 */
import { expect, type Locator, type Page } from "@playwright/test"

export class StatementsPage {
  readonly root: Locator
  readonly text: Locator
  readonly preset: Locator
  readonly start: Locator
  readonly end: Locator
  readonly type: Locator
  readonly currency: Locator
  readonly count: Locator
  readonly table: Locator
  readonly rows: Locator
  constructor(readonly page: Page) {
    this.root = page.getByTestId("statements-page")
    this.text = page.getByTestId("filter-text")
    this.preset = page.getByTestId("filter-preset")
    this.start = page.getByTestId("filter-start")
    this.end = page.getByTestId("filter-end")
    this.type = page.getByTestId("filter-type")
    this.currency = page.getByTestId("filter-currency")
    this.count = page.getByTestId("total-count")
    this.table = page.getByTestId("statement-table")
    this.rows = page.getByTestId("statement-row")
  }
  async open(query = ""): Promise<void> {
    await this.page.goto(`/banking/statements${query}`)
    await expect(this.root).toBeVisible({ timeout: 30_000 })
    await expect(this.count).toBeVisible({ timeout: 30_000 })
  }
  /** Through the section menu (no reload: the engine keeps its state). */
  async openFromMenu(): Promise<void> {
    await this.page.getByTestId("menu-statements").click()
    await expect(this.root).toBeVisible()
    await expect(this.count).toBeVisible({ timeout: 30_000 })
  }
  async total(): Promise<number> { return Number(await this.count.getAttribute("data-value")) }
  async sum(which: "in" | "out" | "net"): Promise<number> { return Number(await this.page.getByTestId(`total-${which}`).getAttribute("data-value")) }
  async customRange(start: string, end: string): Promise<void> {
    await this.preset.selectOption("custom")
    await this.start.fill(start)
    await this.end.fill(end)
  }
  wallet(name: string): Locator { return this.page.getByTestId("filter-wallets").getByLabel(name) }
}

export class CoinsPage {
  readonly root: Locator
  readonly panel: Locator
  readonly amount: Locator
  readonly result: Locator
  readonly submit: Locator
  readonly status: Locator
  readonly pinPrompt: Locator
  constructor(readonly page: Page) {
    this.root = page.getByTestId("coins-page")
    this.panel = page.getByTestId("convert-panel")
    this.amount = page.getByTestId("convert-amount")
    this.result = page.getByTestId("convert-result")
    this.submit = page.getByTestId("convert-submit")
    this.status = page.getByTestId("convert-status")
    this.pinPrompt = page.getByTestId("pin-prompt")
  }
  async openFromMenu(): Promise<void> {
    await this.page.getByTestId("menu-coins").click()
    await expect(this.root).toBeVisible()
  }
  balance(symbol: string): Locator { return this.page.getByTestId(`coins-balance-${symbol}`) }
  async balanceValue(symbol: string): Promise<number> { return Number(await this.balance(symbol).getAttribute("data-balance")) }
  async enterPin(pin: string): Promise<void> {
    await expect(this.pinPrompt).toBeVisible()
    await this.pinPrompt.getByLabel("PIN", { exact: true }).fill(pin)
    await this.pinPrompt.getByRole("button", { name: "Confirmar" }).click()
  }
}

// ── the sandbox ─────────────────────────────────────────────────────────────

export interface Seed { readonly wallets: Readonly<Record<string, string>> }
export async function seed(page: Page): Promise<Seed> {
  const r = await page.request.get("/__admin/seed")
  return ((await r.json()) as { data: Seed }).data
}

export interface Ledger {
  readonly balances: ReadonlyArray<{ readonly currency_symbol: string; readonly balance: number }>
  readonly statement_rows: number
  readonly transactions: ReadonlyArray<{ readonly transaction_uuid: string; readonly statement_rows: number; readonly idempotency_records: number }>
}
export async function ledger(page: Page, walletId: string): Promise<Ledger> {
  const r = await page.request.get(`/__admin/ledger?wallet_id=${encodeURIComponent(walletId)}`)
  return ((await r.json()) as { data: Ledger }).data
}
export const balanceOf = (l: Ledger, symbol: string): number => l.balances.find((b) => b.currency_symbol === symbol)?.balance ?? NaN

export interface ApiRow {
  readonly id: string; readonly type: string; readonly direction: "in" | "out"; readonly status: string
  readonly currency_symbol: string; readonly amount: number; readonly description: string; readonly counterparty_name: string
}

/** Every statement row the users API returns for these filters (features §7), walking the pages. */
export async function apiStatement(page: Page, walletId: string, filters: Readonly<Record<string, string>>): Promise<ApiRow[]> {
  const session = await page.evaluate(() => sessionStorage.getItem("session"))
  const token = (JSON.parse(session ?? "{}") as { accessToken?: string }).accessToken ?? ""
  const rows: ApiRow[] = []
  for (let p = 1; ; p++) {
    const qs = new URLSearchParams({ ...filters, page: String(p), page_size: "500" })
    const r = await page.request.get(`/users/v2/reports/operation-statement?${qs}`, {
      headers: { authorization: `Bearer ${token}`, "wallet-uuid": walletId, "server-type": "green" }
    })
    expect(r.status(), await r.text()).toBe(200)
    const body = (await r.json()) as { data: { data: ApiRow[]; page_total: number } }
    rows.push(...body.data.data)
    if (p >= body.data.page_total) break
  }
  return rows
}

/** features §2 totals: sums count completed and pending rows, the count all of them. */
export function totalsOf(rows: ReadonlyArray<ApiRow>): { count: number; sumIn: number; sumOut: number } {
  let sumIn = 0
  let sumOut = 0
  for (const r of rows) {
    if (r.status !== "completed" && r.status !== "pending") continue
    if (r.direction === "in") sumIn += r.amount
    else sumOut += r.amount
  }
  return { count: rows.length, sumIn, sumOut }
}

/** YYYY-MM-DD in São Paulo (UTC-3) of an instant. */
export const spDate = (ms: number): string => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10)
