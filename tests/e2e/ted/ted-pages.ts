/**
 * Page objects of /banking/ted (issue 14): pay (bank search → account form → review with the window →
 * confirm → result) and receive (the wallet's own account); the sandbox's business clock set to a
 * São Paulo time of a day, over the app's origin.
 */
import { expect, type Page } from "@playwright/test"
import { byTestId } from "../pages/page-object.ts"
import { go } from "../pages/navigation.ts"

export interface TedInput {
  readonly bank: string
  readonly bankOption: string | RegExp
  readonly agency: string
  readonly account: string
  readonly digit: string
  readonly type: "checking" | "savings" | "payment" | "salary"
  readonly document: string
  readonly name: string
  readonly amount: string
}

export class TedPay extends byTestId({
  form: "ted-form",
  bank: "ted-bank",
  agency: "ted-agency",
  account: "ted-account",
  digit: "ted-digit",
  type: "ted-account-type",
  document: "ted-document",
  name: "ted-name",
  amount: "ted-amount",
  reviewButton: "ted-review-button",
  formError: "ted-form-error",
  review: "ted-review",
  window: "ted-window",
  confirm: "ted-confirm",
  result: "ted-result",
  error: "ted-error",
  retry: "ted-retry",
  again: "ted-again"
}) {
  async open(prefix = ""): Promise<void> {
    await go(this.page, `${prefix}/banking/ted/pay`)
    await expect(this.form).toBeVisible({ timeout: 60_000 })
  }
  async fill(o: TedInput): Promise<void> {
    await this.bank.fill(o.bank)
    await this.page.getByRole("option", { name: o.bankOption }).click()
    await this.agency.fill(o.agency)
    await this.account.fill(o.account)
    await this.digit.fill(o.digit)
    await this.type.selectOption(o.type)
    await this.document.fill(o.document)
    await this.name.fill(o.name)
    await this.amount.fill(o.amount)
  }
  async commandId(): Promise<string> {
    return (await this.result.getAttribute("data-command-id")) ?? ""
  }
}

/** Moves the sandbox's business clock to `hhmm` São Paulo of `day` (YYYY-MM-DD). */
export async function clockAt(page: Page, day: string, hhmm: string): Promise<void> {
  const r = await page.request.post("/__admin/clock", { data: { offset_ms: Date.parse(`${day}T${hhmm}:00-03:00`) - Date.now() } })
  expect(r.ok()).toBe(true)
}
export async function resetClock(page: Page): Promise<void> {
  await page.request.post("/__admin/clock", { data: { offset_ms: 0 } })
}
