/**
 * Page objects of /banking/billet (issue 14): pay (line → decoded slip → amount/when → review →
 * confirm), receive (issue form and the issued boleto), the lists; and the sandbox's directory of
 * payable slips (admin route), read over the app's origin.
 */
import { expect, type Page } from "@playwright/test"
import { byTestId } from "../pages/page-object.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { go } from "../pages/navigation.ts"

export class BilletPay extends byTestId({
  line: "billet-line",
  lookUp: "billet-line-continue",
  beneficiary: "billet-beneficiary",
  charged: "billet-charged",
  amount: "billet-amount",
  date: "billet-date",
  review: "billet-review",
  formError: "billet-form-error",
  expired: "billet-expired",
  result: "billet-pay-result",
  dialog: "confirm-dialog"
}) {
  async open(prefix = ""): Promise<void> {
    await go(this.page, `${prefix}/banking/billet/pay`)
    await expect(this.line).toBeVisible({ timeout: 60_000 })
  }
  async decode(line: string): Promise<void> {
    await this.line.fill(line)
    await this.lookUp.click()
  }
  async commandId(): Promise<string> {
    return (await this.result.getAttribute("data-command-id")) ?? ""
  }
}

export class BilletReceive extends byTestId({
  amount: "billet-issue-amount",
  due: "billet-issue-due",
  description: "billet-issue-description",
  payer: "billet-issue-payer",
  document: "billet-issue-document",
  submit: "billet-issue-submit",
  issued: "billet-issued",
  line: "billet-issued-line"
}) {
  async issue(o: { amount: string; due: string; description: string; payer: string; document: string }): Promise<string> {
    await go(this.page, "/banking/billet/receive")
    await this.amount.fill(o.amount)
    await this.due.fill(o.due)
    await this.description.fill(o.description)
    await this.payer.fill(o.payer)
    await this.document.fill(o.document)
    await this.submit.click()
    await expect(this.line).toHaveAttribute("data-line", /^\d{47}$/, { timeout: 60_000 })
    return (await this.line.getAttribute("data-line")) ?? ""
  }
}

/** The sandbox's payable slips (synthetic ids 01–07 bank, 11–13 collection), for today's sandbox clock. */
export async function directory(page: Page): Promise<ReadonlyArray<{ id: string; typeable_line: string; barcode: string }>> {
  return (await new Sandbox(new URL(page.url()).origin).client.admin("billetDirectory")).data
}
export const slip = async (page: Page, id: string): Promise<string> => {
  const e = (await directory(page)).find((x) => x.id === id)
  if (e === undefined) throw new Error(`no slip ${id}`)
  return e.typeable_line
}
