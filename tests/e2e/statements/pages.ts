/**
 * Page objects of /banking/statements and /banking/coins (issue 5), and the sandbox helpers the
 * suite checks the screens against: the users API with the session's bearer (the same filters
 * as the screen, answered by SQLite) and the admin ledger (exactly-once proofs). The shell's
 * menu, the app's PIN prompt and the sandbox client are the shared ones of tests/e2e/pages/.
 */
import { expect, type Locator, type Page } from "@playwright/test"
import { byTestId } from "../pages/page-object.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox, type Ledger } from "../pages/sandbox.ts"
import { Shell } from "../pages/shell.ts"
import { go } from "../pages/navigation.ts"

export class StatementsPage extends byTestId({
  root: "statements-page",
  text: "filter-text",
  preset: "filter-preset",
  start: "filter-start",
  end: "filter-end",
  type: "filter-type",
  currency: "filter-currency",
  count: "total-count",
  table: "statement-table",
  rows: "statement-row"
}) {
  async open(query = ""): Promise<void> {
    await go(this.page, `/banking/statements${query}`)
    await expect(this.root).toBeVisible({ timeout: 30_000 })
    await expect(this.count).toBeVisible({ timeout: 30_000 })
  }
  /** Through the section menu (no reload: the engine keeps its state). */
  async openFromMenu(): Promise<void> {
    await new Shell(this.page).menuItem("statements").click()
    await expect(this.root).toBeVisible()
    await expect(this.count).toBeVisible({ timeout: 30_000 })
  }
  async total(): Promise<number> {
    return Number(await this.count.getAttribute("data-value"))
  }
  async sum(which: "in" | "out" | "net"): Promise<number> {
    return Number(await this.page.getByTestId(`total-${which}`).getAttribute("data-value"))
  }
  async customRange(start: string, end: string): Promise<void> {
    await this.preset.selectOption("custom")
    await this.start.fill(start)
    await this.end.fill(end)
  }
  wallet(name: string): Locator {
    return this.page.getByTestId("filter-wallets").getByLabel(name)
  }
}

export class CoinsPage extends byTestId({
  root: "coins-page",
  panel: "convert-panel",
  amount: "convert-amount",
  result: "convert-result",
  submit: "convert-submit",
  status: "convert-status"
}) {
  private readonly pin = new PinPrompt(this.page)
  readonly pinPrompt: Locator = this.pin.root
  async openFromMenu(): Promise<void> {
    await new Shell(this.page).menuItem("coins").click()
    await expect(this.root).toBeVisible()
  }
  balance(symbol: string): Locator {
    return this.page.getByTestId(`coins-balance-${symbol}`)
  }
  async balanceValue(symbol: string): Promise<number> {
    return Number(await this.balance(symbol).getAttribute("data-balance"))
  }
  async enterPin(pin: string): Promise<void> {
    await this.pin.answer(pin)
  }
}

// ── the sandbox ─────────────────────────────────────────────────────────────

/** The shared sandbox helper over the origin the page is on (the app's, which proxies /__admin). */
const sandboxOf = (page: Page): Sandbox => new Sandbox(new URL(page.url()).origin)

export interface Seed {
  readonly wallets: Readonly<Record<string, string>>
}
export async function seed(page: Page): Promise<Seed> {
  return { wallets: await sandboxOf(page).seededWallets() }
}

export type { Ledger }
export const ledger = (page: Page, walletId: string): Promise<Ledger> => sandboxOf(page).ledger(walletId)
export const balanceOf = (l: Ledger, symbol: string): number => l.balances.find((b) => b.currency_symbol === symbol)?.balance ?? NaN

export interface ApiRow {
  readonly id: string
  readonly type: string
  readonly direction: "in" | "out"
  readonly status: string
  readonly currency_symbol: string
  readonly amount: number
  readonly description: string
  readonly counterparty_name: string
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
