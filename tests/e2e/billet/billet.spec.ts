/**
 * Boleto (spec features §2 boleto, §3, §4, §5, §8; issue 14), in a real browser against the sandbox:
 * Bruno issues a boleto and Ana, in her own browser, pays its typed line — decoded to Bruno before
 * anything is paid, a double click on the confirmation sends one command, one PIN step — and Bruno's
 * open list shows it received without a reload; the ledger shows each movement once. A reload in
 * the middle of a payment pays once. A schedule is made and cancelled. A wrong check digit, an amount
 * outside min/max and an expired slip show their messages in pt and en. Pages axe-clean.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { balanceOf, ledger, seed, spDate } from "../statements/pages.ts"
import { addBankBusinessDays } from "../../../schema/holidays.ts"
import { BilletPay, BilletReceive, slip } from "./billet-pages.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"

const seriousAxe = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

test("issue 14 features §2 §4: Bruno issues a boleto, Ana pays its line, Bruno sees it received live; each movement once in the ledger", async ({
  page,
  browser
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string

  // Bruno, in his own browser, issues a boleto to Ana
  const brunoCtx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })
  const bruno = await brunoCtx.newPage()
  await signInToHome(bruno, "bruno@example.com")
  const due = addBankBusinessDays(spDate(Date.now()), 3)
  const receive = new BilletReceive(bruno)
  const line = await receive.issue({ amount: "250,00", due, description: "Pedido 9001", payer: "Ana Beatriz Souza", document: "52998224725" })
  await expect(bruno.getByTestId("billet-barcode")).toHaveAttribute("data-digits", /^\d{44}$/)
  await saveShot(bruno, `billet-issued-pt.png`, { fullPage: true })
  expect(await seriousAxe(bruno)).toEqual([])
  // his issued list, open, watching
  await go(bruno, "/banking/billet/manage-billet")
  const row = bruno.locator(`[data-testid="billet-deposit-row"][data-line="${line}"]`)
  await expect(row.first()).toHaveAttribute("data-status", "CREATED_PENDING", { timeout: 60_000 })
  expect(await seriousAxe(bruno)).toEqual([])
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]

  // Ana types the line: the slip is decoded to Bruno before anything is paid
  const pay = new BilletPay(page)
  await pay.open()
  await pay.decode(line)
  await expect(pay.beneficiary).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 60_000 })
  await expect(pay.charged).toHaveAttribute("data-value", "25000")
  await pay.review.click()
  await saveShot(page, `billet-pay-review-pt.png`, { fullPage: true })
  // a double click on the confirmation: one command, one PIN step
  await pay.dialog.getByRole("button", { name: "Pagar" }).dblclick()
  await new PinPrompt(page).answer()
  await expect(pay.result).toHaveAttribute("data-state", "confirmed", { timeout: 60_000 })
  await expect(page.getByTestId("billet-receipt")).toContainText("R$ 250,00")
  await saveShot(page, `billet-paid-pt.png`, { fullPage: true })
  const commandId = await pay.commandId()

  // Bruno's open list shows it received, no reload
  await expect(row.first()).toHaveAttribute("data-status", "RECEIVED", { timeout: 60_000 })
  await brunoCtx.close()

  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 25_000)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 25_000)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[0]!.statement_rows - before[0]!.statement_rows).toBe(1)
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
})

test("issue 14 features §4: a reload in the middle of a payment pays once; a schedule is listed and cancelled", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const pay = new BilletPay(page)
  await pay.open()
  await pay.decode(await slip(page, "01"))
  await expect(pay.charged).toHaveAttribute("data-value", "15000", { timeout: 60_000 })
  await pay.review.click()
  await pay.dialog.getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  await expect(pay.result).toHaveAttribute("data-command-id", /.+/)
  const commandId = await pay.commandId()
  await page.reload()
  // sync/outbox P4: the pin_token is never stored, so a payment the reload caught before it was sent asks
  // the PIN again (a loaded machine may not have sent it yet); either way it lands once
  const prompt = new PinPrompt(page)
  await expect
    .poll(
      async () => {
        if (await prompt.root.isVisible()) await prompt.answer()
        return (await ledger(page, anaW)).transactions.filter((x) => x.transaction_uuid === commandId)
      },
      { timeout: 60_000 }
    )
    .toEqual([expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })])
  await go(page, "/banking/billet")
  await expect(page.getByTestId("billet-payment-row").first()).toHaveAttribute("data-status", "confirmed", { timeout: 60_000 })

  // schedule the same slip for the next business day, then cancel it
  const day = addBankBusinessDays(spDate(Date.now()), 1)
  await pay.open()
  await pay.decode(await slip(page, "01"))
  await page.getByRole("radio", { name: "Agendar para um dia útil" }).check()
  await pay.date.fill("2099-12-25")
  await pay.review.click()
  await expect(pay.formError).toHaveText("Escolha um dia útil: a data cai em fim de semana ou feriado bancário.")
  await pay.date.fill(day)
  await pay.review.click()
  await pay.dialog.getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  await expect(pay.result).toHaveAttribute("data-state", "confirmed", { timeout: 60_000 })
  await expect(pay.result).toContainText("Pagamento agendado")
  await go(page, "/banking/billet/scheduled-billet")
  const pending = page
    .getByTestId("billet-scheduled-row")
    .filter({ has: page.getByTestId("billet-scheduled-cancel") })
    .first()
  await expect(pending).toHaveAttribute("data-status", "pending", { timeout: 60_000 })
  const id = (await pending.getAttribute("data-id")) ?? ""
  await saveShot(page, `billet-scheduled-pt.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await pending.getByTestId("billet-scheduled-cancel").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancelar agendamento" }).click()
  await expect(page.locator(`[data-testid="billet-scheduled-row"][data-id="${id}"]`)).toHaveAttribute("data-status", "canceled", { timeout: 60_000 })
})

test("features §5 §8 issue 14: a wrong check digit, an amount outside min/max and an expired slip show their messages (pt, en; axe)", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  const pay = new BilletPay(page)
  await pay.open()
  const mm = await slip(page, "04")
  const wrong = mm.slice(0, 9) + String((Number(mm[9]) + 1) % 10) + mm.slice(10)
  await pay.decode(wrong)
  await expect(page.getByText("O dígito verificador do 1º campo está errado: confira os 10 primeiros dígitos.")).toBeVisible()
  await expect(pay.line).not.toHaveValue("") // what was typed is kept
  await pay.decode(mm)
  await expect(page.getByTestId("billet-range")).toHaveText("de R$ 50,00 a R$ 200,00", { timeout: 60_000 })
  await pay.amount.fill("40,00")
  await pay.review.click()
  await expect(pay.formError).toHaveText("Valor abaixo do mínimo.")
  await pay.amount.fill("250,00")
  await pay.review.click()
  await expect(pay.formError).toHaveText("Valor acima do máximo.")
  await saveShot(page, `billet-minmax-pt.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await pay.decode(await slip(page, "06"))
  await expect(pay.expired).toHaveText("Este boleto passou da data limite e não pode mais ser pago.", { timeout: 60_000 })

  await pay.open("/en")
  await pay.decode(wrong)
  await expect(page.getByText("Check digit of the 1st field is wrong: check the first 10 digits.")).toBeVisible()
  await pay.decode(mm)
  await expect(page.getByTestId("billet-range")).toHaveText(/50\.00.*200\.00/, { timeout: 60_000 })
  await pay.amount.fill("40.00")
  await pay.review.click()
  await expect(pay.formError).toHaveText("Amount below the minimum.")
  await pay.amount.fill("250.00")
  await pay.review.click()
  await expect(pay.formError).toHaveText("Amount above the maximum.")
  await saveShot(page, `billet-minmax-en.png`, { fullPage: true })
  await pay.decode(await slip(page, "06"))
  await expect(pay.expired).toHaveText("This bank slip is past its limit date and can no longer be paid.", { timeout: 60_000 })
  expect(await seriousAxe(page)).toEqual([])
})
