/**
 * Pix by account (spec features §2 pay "by account", §7 decode/by-account and by-account/instant-billing,
 * §8; issue 12; D-pix-by-account), two people in two browser contexts: Bruno reads his own bank, agency,
 * account and CNPJ on his receive page; Ana searches the bank, types them with a wrong document first —
 * the catalogue's message, everything typed kept —, then his own; the account decodes to him, the same
 * confirm step and PIN as by key send it once; Bruno's open Pix page shows the money without a reload and
 * the sandbox's ledger shows each movement once. The pay page in pt and en, axe-clean. Also the "when"
 * choice of pay by key (issue 13, D-pix-pay-when): scheduled for a date, the receipt links to scheduled-pix.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

const seriousAxe = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

/** Fills the account form (bank chosen from the search). */
async function fillAccount(
  page: Page,
  a: { bank: string; option: RegExp; agency: string; account: string; digit: string; type: string; document: string }
): Promise<void> {
  await page.getByTestId("pix-account-bank").fill(a.bank)
  await page.getByRole("option", { name: a.option }).click()
  await page.getByTestId("pix-account-agency").fill(a.agency)
  await page.getByTestId("pix-account-number").fill(a.account)
  await page.getByTestId("pix-account-digit").fill(a.digit)
  await page.getByTestId("pix-account-type").selectOption(a.type)
  await page.getByTestId("pix-account-document").fill(a.document)
}

test("features §2/§7 issue 12: Ana pays Bruno by account; a wrong document keeps what was typed; Bruno sees it live; each movement once", async ({
  page,
  browser
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string

  // Bruno, in his own browser: his account for a Pix by account, then his Pix page
  const brunoCtx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })
  const bruno = await brunoCtx.newPage()
  await signInToHome(bruno, "bruno@example.com")
  await go(bruno, "/banking/pix/receive")
  await expect(bruno.getByTestId("pix-own-number")).toHaveText(/^\d{8}-\d$/, { timeout: 30_000 })
  await expect(bruno.getByTestId("pix-own-holder")).toContainText("/0001-")
  await saveShot(bruno, `pix-own-account-pt.png`, { fullPage: true })
  const [account, digit] = ((await bruno.getByTestId("pix-own-number").textContent()) ?? "").split("-") as [string, string]
  const agency = (await bruno.getByTestId("pix-own-agency").textContent()) ?? ""
  const cnpj = ((await bruno.getByTestId("pix-own-holder").textContent()) ?? "").split(" · ").pop() ?? ""
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]
  await go(bruno, "/banking/pix")
  await expect(bruno.getByTestId("pix-balance")).toHaveAttribute("data-balance", String(balanceOf(before[1]!, "BRL")), { timeout: 60_000 })

  await go(page, "/banking/pix/pay")
  await page.getByTestId("pix-by-account").click()
  // a document that is not the holder's (Ana's own CPF shape, valid check digits): the catalogue's message, nothing lost
  await fillAccount(page, { bank: "sandbox", option: /999 · Banco Sandbox/, agency, account, digit, type: "payment", document: "529.982.247-25" })
  await page.getByTestId("pix-account-continue").click()
  await expect(page.getByTestId("pix-account-error")).toHaveText("Conta e documento não relacionados: o CPF ou CNPJ não é o do titular da conta.")
  await expect(page.getByTestId("pix-account-number")).toHaveValue(account)
  await expect(page.getByTestId("pix-account-document")).toHaveValue("529.982.247-25")
  await expect(page.getByTestId("pix-account-bank")).toHaveValue(/999 · Banco Sandbox/)
  await saveShot(page, `pix-account-not-related-pt.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])

  await page.getByTestId("pix-account-document").fill(cnpj)
  await page.getByTestId("pix-account-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
  // by account: "now" only (the scheduling routes carry a key: D-pix-pay-when)
  await expect(page.getByTestId("pix-when")).toHaveCount(0)
  await page.getByTestId("pix-amount").fill("76,54")
  await page.getByTestId("pix-description").fill("Aluguel")
  await page.getByTestId("pix-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  await saveShot(page, `pix-account-paid-pt.png`)
  const commandId = (await page.getByTestId("pix-pay-result").getAttribute("data-command-id")) ?? ""

  // Bruno's page shows the money without a reload
  await expect(bruno.getByTestId("pix-balance")).toHaveAttribute("data-balance", String(balanceOf(before[1]!, "BRL") + 7_654), { timeout: 20_000 })
  await brunoCtx.close()

  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 7_654)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 7_654)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)

  // English: an unknown account at another bank, its message, the form as typed
  await go(page, "/en/banking/pix/pay?by=account")
  await fillAccount(page, { bank: "itau", option: /341 · Itaú/, agency: "1234", account: "11111", digit: "1", type: "checking", document: "529.982.247-25" })
  await page.getByTestId("pix-account-continue").click()
  await expect(page.getByTestId("pix-account-error")).toHaveText("Account not found at this bank. Check the bank, branch, account and digit.")
  await expect(page.getByTestId("pix-account-number")).toHaveValue("11111")
  await saveShot(page, `pix-account-not-found-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
})

test("issue 13 D-pix-pay-when: pay by key scheduled for a date from the pay flow; nothing leaves now; the receipt links to scheduled-pix (pt, en)", async ({
  page
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const before = await ledger(page, anaW)
  await go(page, "/en/banking/pix/pay")
  await page.getByTestId("pix-key").fill("bruno@example.com")
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
  await page.getByTestId("pix-amount").fill("12.34")
  await page.getByRole("radio", { name: "On a date" }).click()
  // day 61 is refused before the PIN
  const dayIn = (n: number): string => new Date(Date.now() - 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10)
  await page.getByTestId("pix-when-date").fill(dayIn(61))
  await page.getByTestId("pix-review").click()
  await expect(page.getByTestId("pix-form-error")).toHaveText("Choose a date from tomorrow up to 60 days ahead.")
  await page.getByTestId("pix-when-date").fill(dayIn(10))
  await saveShot(page, `pix-pay-when-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await page.getByTestId("pix-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Schedule" }).click()
  await new PinPrompt(page).answer()
  const result = page.getByTestId("pix-pay-result")
  await expect(result).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  await expect(result).toHaveAttribute("data-when", "date")
  const day = dayIn(10)
  await expect(page.getByTestId("pix-pay-scheduled")).toContainText(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`)
  await saveShot(page, `pix-pay-scheduled-en.png`)
  // nothing moved now
  expect(balanceOf(await ledger(page, anaW), "BRL")).toBe(balanceOf(before, "BRL"))
  await page.getByTestId("pix-pay-scheduled-link").click()
  await expect(page).toHaveURL(/\/en\/banking\/pix\/scheduled-pix/)
  const row = page.getByTestId("scheduled-row").and(page.locator(`[data-amount="1234"][data-date="${day}"][data-status="scheduled"]`))
  await expect(row).toHaveCount(1, { timeout: 20_000 })
  // cancelled again, so the clock suites that run later find no extra payment of Ana's on that day
  await row.getByTestId("scheduled-cancel").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancel schedule" }).click()
  await expect(page.getByTestId("scheduled-row").and(page.locator(`[data-amount="1234"][data-date="${day}"][data-status="canceled"]`))).toHaveCount(1, {
    timeout: 20_000
  })
  // Portuguese: the three choices
  await go(page, "/banking/pix/pay")
  await page.getByTestId("pix-key").fill("bruno@example.com")
  await page.getByTestId("pix-key-continue").click()
  await page.getByRole("radio", { name: "Repetir" }).click()
  await expect(page.getByTestId("pix-when-frequency")).toBeVisible()
  await saveShot(page, `pix-pay-repeat-pt.png`, { fullPage: true })
})
