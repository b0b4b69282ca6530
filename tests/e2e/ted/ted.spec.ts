/**
 * TED (spec features §1/§9 "TED available on business days from 09:00 to 16:00", §2 TED pay and
 * receive, §3 "TED and banks", §8; issue 14), in a real browser against the sandbox with its business
 * clock: at 08:59 the review shows the window closed with its opening, and a TED sent anyway is refused
 * with the opening time — nothing in the ledger; at 09:00 the same form (kept) goes through, once in the
 * ledger. A wrong CPF shows its message and keeps what was typed. A TED arriving by the admin route
 * shows live on the receiver's open home. ted/pay and ted/receive in pt and en, axe clean, screenshots.
 * The suite runs with the clock suites (playwright.config.ts) and puts the clock back after each test.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { addBankBusinessDays, saoPauloDateKey } from "../../../schema/holidays.ts"
import { clockAt, resetClock, TedPay } from "./ted-pages.ts"
import { go } from "../pages/navigation.ts"

const seriousAxe = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

/** The next bank business day after today (São Paulo): the clock only moves forward. */
const day = addBankBusinessDays(saoPauloDateKey(new Date()), 1)
const [yy, mm, dd] = day.split("-")
const opening = `${dd}/${mm}/${yy} 09:00`

test.afterEach(async ({ page }) => {
  await resetClock(page)
})

test("features §9 issue 14: a TED at 08:59 is refused with the opening time and one at 09:00 goes through, each once in the ledger", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const pay = new TedPay(page)
  await pay.open()
  await pay.fill({
    bank: "itau",
    bankOption: "341 · Itaú Unibanco S.A.",
    agency: "1234",
    account: "567890",
    digit: "1",
    type: "checking",
    document: "11111111111",
    name: "Maria da Silva",
    amount: "123,45"
  })
  // features §8 / core §5: a wrong CPF has its message; what was typed stays
  await expect(pay.document).toHaveValue("111.111.111-11")
  await pay.reviewButton.click()
  await expect(pay.formError).toBeVisible()
  await expect(
    page
      .getByText("CPF ou CNPJ inválido")
      .or(page.getByText(/inválid/i))
      .first()
  ).toBeVisible()
  await expect(pay.name).toHaveValue("Maria da Silva")
  await pay.document.fill("52998224725")
  await expect(pay.document).toHaveValue("529.982.247-25")
  await saveShot(page, `ted-pay-pt.png`, { fullPage: true })

  // 08:59: the window is shown closed with its opening, before confirming
  const before = await ledger(page, anaW)
  // the sandbox clock runs on from where it is set: set it just before each step that reads it
  await clockAt(page, day, "08:59")
  await pay.reviewButton.click()
  await expect(pay.window).toHaveAttribute("data-open", "false", { timeout: 30_000 })
  await expect(pay.window).toContainText(opening)
  await expect(page.getByText(`Agendar para a próxima janela (${opening})`)).toBeVisible()
  await saveShot(page, `ted-review-closed-pt.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await clockAt(page, day, "08:59")
  await pay.confirm.click()
  await new PinPrompt(page).answer()
  await expect(pay.result).toHaveAttribute("data-state", "rejected", { timeout: 60_000 })
  await expect(pay.error).toHaveAttribute("data-key", "TED_OUTSIDE_HOURS")
  await expect(pay.error).toContainText(`A próxima janela abre em ${opening}`)
  const refusedId = await pay.commandId()
  const mid = await ledger(page, anaW)
  expect(mid.statement_rows).toBe(before.statement_rows)
  expect(balanceOf(mid, "BRL")).toBe(balanceOf(before, "BRL"))
  expect(mid.transactions.filter((x) => x.transaction_uuid === refusedId)).toEqual([])

  // 09:00: the same details (kept) go through
  await clockAt(page, day, "09:00")
  await pay.retry.click()
  await expect(pay.name).toHaveValue("Maria da Silva")
  await pay.reviewButton.click()
  await expect(pay.window).toHaveAttribute("data-open", "true", { timeout: 30_000 })
  await pay.confirm.click()
  await new PinPrompt(page).answer()
  await expect(pay.result).toHaveAttribute("data-state", "confirmed", { timeout: 60_000 })
  await expect(page.getByTestId("ted-receipt")).toContainText("R$ 123,45")
  await saveShot(page, `ted-sent-pt.png`, { fullPage: true })
  const sentId = await pay.commandId()
  const after = await ledger(page, anaW)
  expect(balanceOf(after, "BRL")).toBe(balanceOf(before, "BRL") - 12_345)
  expect(after.statement_rows - before.statement_rows).toBe(1)
  expect(after.transactions.filter((x) => x.transaction_uuid === sentId)).toEqual([expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })])
  // the sent list shows it
  await page.getByTestId("ted-tab-sent").click()
  await expect(page.locator('[data-testid="ted-transfer-row"][data-status="confirmed"]').filter({ hasText: "Maria da Silva" }).first()).toBeVisible({
    timeout: 30_000
  })
})

test("issue 14 features §2 receive: Bruno sees his own account, and a TED arriving by the admin route shows live on his home", async ({ page }) => {
  await signInToHome(page, "bruno@example.com")
  const { wallets } = await seed(page)
  const brunoW = wallets["brunoMatrix"] as string
  await go(page, "/banking/ted/receive")
  await expect(page.getByTestId("ted-receive-bank-value")).toHaveText("999 · Banco Sandbox S.A.", { timeout: 60_000 })
  await expect(page.getByTestId("ted-receive-agency-value")).toHaveText("0001")
  await expect(page.getByTestId("ted-receive-account-value")).toHaveText(/^\d{8}-\d$/)
  await saveShot(page, `ted-receive-pt.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])

  await go(page, "/banking/home")
  await expect(page.getByTestId("home-activity")).toBeVisible({ timeout: 60_000 })
  const before = await ledger(page, brunoW)
  const payer = `Distribuidora Receptora ${Date.now() % 100_000}`
  await new Sandbox(new URL(page.url()).origin).client.admin("tedIncoming", { body: { wallet_id: brunoW, amount: 7_654, payer_name: payer, bank_code: "237" } })
  await expect(page.getByTestId("home-activity")).toContainText(payer, { timeout: 60_000 })
  const after = await ledger(page, brunoW)
  expect(after.statement_rows - before.statement_rows).toBe(1)
  expect(balanceOf(after, "BRL") - balanceOf(before, "BRL")).toBe(7_654)
})

test("issue 14 ted/pay and ted/receive in English, axe clean", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  await clockAt(page, day, "10:00")
  const pay = new TedPay(page)
  await pay.open("/en")
  await expect(page.getByRole("heading", { name: "Destination account" })).toBeVisible()
  await pay.fill({
    bank: "237",
    bankOption: "237 · Banco Bradesco S.A.",
    agency: "0001",
    account: "12345",
    digit: "X",
    type: "savings",
    document: "11222333000181",
    name: "Lima Foods Ltda",
    amount: "50.00"
  })
  await expect(pay.document).toHaveValue("11.222.333/0001-81")
  await saveShot(page, `ted-pay-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await pay.reviewButton.click()
  await expect(pay.window).toHaveAttribute("data-open", "true", { timeout: 30_000 })
  await expect(pay.window).toContainText("The TED window is open now, until 16:00.")
  await saveShot(page, `ted-review-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await go(page, "/en/banking/ted/receive")
  await expect(page.getByRole("heading", { name: "Your details to receive a TED" })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId("ted-receive-agency-value")).toHaveText("0001")
  await saveShot(page, `ted-receive-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
})
