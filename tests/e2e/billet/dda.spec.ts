/**
 * DDA — boletos that find you (issue 32 item 2, "a boleto issued by one user appears in the other's
 * 'To pay' and is paid once"; D-dda), in a real browser against the sandbox, in pt and en: Bruno, in
 * his own browser (context A), issues a boleto naming Ana's CPF; Ana's "To pay" (context B), open and
 * watching, shows it without a reload, with its issuer and amount; the home counts the boletos due this
 * week like the list; "Pay now" opens the pay flow with the line filled in and decoded; one PIN step;
 * the ledger shows the payment once on each side and the row reads paid; "Schedule" opens the flow set to
 * schedule on the boleto's due date.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { balanceOf, ledger, seed, spDate } from "../statements/pages.ts"
import { addBankBusinessDays, bankBusinessDayOnOrAfter } from "../../../schema/holidays.ts"
import { ddaDueThisWeek } from "../../../schema/billet.ts"
import { BilletPay, BilletReceive } from "./billet-pages.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"

const seriousAxe = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

const TEXT = {
  pt: {
    prefix: "" as const,
    amount: "123,45",
    shown: /^R\$\s?123,45$/,
    pay: "Pagar",
    showAll: "Mostrar pagos, ocultos e cancelados",
    week: /boletos? vence/,
    paid: "Pago"
  },
  en: {
    prefix: "/en" as const,
    amount: "234,56",
    shown: /^R\$\s?234\.56$/,
    pay: "Pay",
    showAll: "Show paid, hidden and cancelled",
    week: /boletos? (is|are) due this week/,
    paid: "Paid"
  }
}

for (const lang of ["pt", "en"] as const) {
  test(`issue 32 item 2 BOL-7 BOL-8 BOL-9 (${lang}): a boleto Bruno issues to Ana's CPF appears live in her "To pay", the home counts it, and it is paid once`, async ({
    page,
    browser
  }) => {
    const x = TEXT[lang]
    await signInToHome(page, "ana@example.com", { prefix: x.prefix })
    const { wallets } = await seed(page)
    const anaW = wallets["anaMain"] as string
    const brunoW = wallets["brunoMatrix"] as string
    const sandbox = new Sandbox(new URL(page.url()).origin)
    const anaSession = await sandbox.login("ana@example.com")
    const anaDoc = (await sandbox.client.ok("profile", { as: anaSession })).data.document

    // Ana's "To pay", open and watching
    await go(page, `${x.prefix}/banking/billet/to-pay`)
    await expect(page.getByTestId("billet-dda-row").first()).toBeVisible({ timeout: 60_000 })
    expect(await seriousAxe(page)).toEqual([])

    // Bruno, in his own browser, issues a boleto naming Ana's CPF
    const brunoCtx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })
    const bruno = await brunoCtx.newPage()
    await signInToHome(bruno, "bruno@example.com")
    const due = addBankBusinessDays(spDate(Date.now()), 2)
    const line = await new BilletReceive(bruno).issue({
      amount: x.amount,
      due,
      description: `Pedido DDA ${lang}`,
      payer: "Ana Beatriz Souza",
      document: anaDoc
    })
    await brunoCtx.close()

    // it appears in Ana's list without a reload, with its issuer and amount
    const row = page.locator(`[data-testid="billet-dda-row"][data-line="${line}"]`)
    await expect(row).toHaveAttribute("data-status", "open", { timeout: 60_000 })
    await expect(row).toContainText("Lima & Filhos Comércio de Alimentos Ltda")
    await expect(row.getByTestId("billet-dda-amount")).toHaveText(x.shown)
    await saveShot(page, `billet-dda-${lang}.png`, { fullPage: true })

    // the home counts what is due this week, as the list has it
    const rows = (await sandbox.client.ok("billetDda", { as: anaSession, wallet: anaW, query: { page_size: "100" } })).data.data
    const week = ddaDueThisWeek(rows, spDate(Date.now()))
    await go(page, `${x.prefix}/banking/home`)
    await expect(page.getByTestId("home-dda")).toHaveAttribute("data-due-week", String(week), { timeout: 60_000 })
    await expect(page.getByTestId("home-dda-link")).toHaveText(x.week)
    await page.getByTestId("home-dda-link").click()
    await expect(row).toBeVisible({ timeout: 60_000 })

    const before = [await ledger(page, anaW), await ledger(page, brunoW)]
    // Pay now: the pay flow with the line filled in and decoded
    await row.getByTestId("billet-dda-pay").click()
    const pay = new BilletPay(page)
    await expect(pay.beneficiary).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 60_000 })
    const cents = Math.round(Number(x.amount.replace(",", ".")) * 100)
    await expect(pay.charged).toHaveAttribute("data-value", String(cents))
    await pay.review.click()
    await pay.dialog.getByRole("button", { name: x.pay, exact: true }).dblclick()
    await new PinPrompt(page).answer()
    await expect(pay.result).toHaveAttribute("data-state", "confirmed", { timeout: 60_000 })
    const commandId = await pay.commandId()

    // once in the ledger, on each side
    const after = [await ledger(page, anaW), await ledger(page, brunoW)]
    expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - cents)
    expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + cents)
    expect(after[0]!.transactions.filter((t) => t.transaction_uuid === commandId)).toEqual([
      expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
    ])
    expect(after[0]!.statement_rows - before[0]!.statement_rows).toBe(1)
    expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)

    // the row reads paid (kept behind the switch, not lost)
    await go(page, `${x.prefix}/banking/billet/to-pay`)
    await expect(page.getByTestId("billet-dda-row").first()).toBeVisible({ timeout: 60_000 })
    await expect(row).toHaveCount(0)
    await page.getByRole("checkbox", { name: x.showAll }).check()
    await expect(row).toHaveAttribute("data-status", "paid", { timeout: 60_000 })
    await expect(row).toContainText(x.paid)

    // Schedule opens the same flow set to schedule, on the boleto's (business) due date
    const later = rows
      .filter((r) => r.status === "open" && r.typeable_line !== line && r.due_date > spDate(Date.now()))
      .sort((a, b) => a.due_date.localeCompare(b.due_date))[0]!
    await page.locator(`[data-testid="billet-dda-row"][data-id="${later.id}"]`).getByTestId("billet-dda-schedule").click()
    await expect(pay.beneficiary).toHaveText(later.issuer_name, { timeout: 60_000 })
    await expect(pay.date).toHaveValue(bankBusinessDayOnOrAfter(later.due_date))
  })
}
