/**
 * Pix scheduling end to end (spec features §2 scheduled-pix and recurrence-pix, §4 cancel by
 * operation id, days 29–31, above the maximum value, §5/§9 up to 60 days ahead; issue 13): Ana
 * schedules a Pix 10 days ahead to Bruno's key (decoded to him before confirming, PIN step), the
 * sandbox clock moves past the date twice, the payment executes once and her statement shows it
 * live; another one cancelled before its date never executes (ledger). A monthly recurrence from 31
 * January lists 28/29 February and 31 March. Pages in pt and en, axe without serious violations.
 * The sandbox clock is shared by the suite: every test puts it back at the end.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect as baseExpect, test, saveShot } from "../fixtures.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

// generous waits: the suite shares a 2-core machine; nothing here measures speed
const expect = baseExpect.configure({ timeout: 30_000 })

/** Sign in (fixed e-mail code) and land on the banking home, tour closed. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInToHome(page, email)
}

const DAY = 86_400_000
/** A São Paulo calendar day `n` days from now (UTC-3, no daylight saving). */
const spDay = (n: number): string => new Date(Date.now() - 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10)
const show = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`
/** Moves the sandbox's business clock to noon (São Paulo) of the day `n` days from today. */
const clockToDay = async (page: Page, n: number): Promise<void> => {
  const r = await page.request.post("/__admin/clock", { data: { offset_ms: Date.parse(`${spDay(n)}T15:00:00Z`) - Date.now() } })
  expect(r.status()).toBe(200)
}
const resetClock = async (page: Page): Promise<void> => {
  await page.request.post("/__admin/clock", { data: { offset_ms: 0 } })
}

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze()
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)
}

async function lookUp(page: Page, key: string): Promise<void> {
  await page.getByTestId("schedule-key").fill(key)
  await page.getByTestId("schedule-key-lookup").click()
  await expect(page.getByTestId("schedule-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
}

async function schedule(page: Page, amount: string, date: string, description: string): Promise<void> {
  await lookUp(page, "bruno@example.com")
  await page.getByTestId("schedule-amount").fill(amount)
  await page.getByTestId("schedule-date").fill(date)
  await page.getByTestId("schedule-description").fill(description)
  await page.getByTestId("schedule-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Agendar" }).click()
  await new PinPrompt(page).answer()
}

test("features §2/§4/§9 issue 13: a Pix scheduled 10 days ahead executes once when the clock passes its date twice; a cancelled one never runs", async ({
  page
}) => {
  try {
    await signIn(page, "ana@example.com")
    const { wallets } = await seed(page)
    const anaW = wallets["anaMain"] as string
    const brunoW = wallets["brunoMatrix"] as string
    await go(page, "/banking/pix/scheduled-pix")
    await expect(page.getByTestId("pix-schedule-scheduled")).toBeVisible()

    // features §5: today is not a schedule; typed values stay
    await lookUp(page, "bruno@example.com")
    await page.getByTestId("schedule-amount").fill("87,65")
    await page.getByTestId("schedule-date").fill(spDay(0))
    await page.getByTestId("schedule-review").click()
    await expect(page.getByText("A data deve ser a partir de amanhã.")).toBeVisible()
    await expect(page.getByTestId("schedule-amount")).toHaveValue(/87,65/)
    await page.getByTestId("schedule-date").fill(spDay(61))
    await page.getByTestId("schedule-review").click()
    await expect(page.getByText("A data não pode ser mais de 60 dias a partir de hoje.")).toBeVisible()

    const payDay = spDay(10)
    await schedule(page, "87,65", payDay, "Agendado e2e")
    const row = page.locator(`[data-testid=scheduled-row][data-date="${payDay}"][data-amount="8765"]:not([data-id^="pending:"])`)
    await expect(row).toHaveCount(1, { timeout: 40_000 })
    await expect(row).toHaveAttribute("data-status", "scheduled")
    // the days ahead count it on its day
    await expect(page.locator(`[data-testid=ahead-day][data-date="${payDay}"]`)).toHaveAttribute("data-outflow", /^[1-9]\d*$/)

    // another one, cancelled before its date
    const cancelDay = spDay(5)
    await schedule(page, "11,11", cancelDay, "Cancelado e2e")
    const toCancel = page.locator(`[data-testid=scheduled-row][data-date="${cancelDay}"][data-amount="1111"]:not([data-id^="pending:"])`)
    await expect(toCancel).toHaveCount(1, { timeout: 40_000 })
    await toCancel.getByTestId("scheduled-cancel").click()
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancelar agendamento" }).click()
    await expect(toCancel).toHaveAttribute("data-status", "canceled", { timeout: 40_000 })
    await saveShot(page, `pix-scheduled-pt.png`, { fullPage: true })
    expect(await seriousAxe(page)).toEqual([])

    const operationId = (await row.getAttribute("data-operation-id")) ?? ""
    expect(operationId).not.toBe("")
    const before = [await ledger(page, anaW), await ledger(page, brunoW)]

    // the statement, live: the banking home's latest rows
    await go(page, "/banking/home")
    await expect(page.getByTestId("home-days-ahead")).toBeVisible()
    await clockToDay(page, 9)
    expect((await ledger(page, anaW)).statement_rows).toBe(before[0]!.statement_rows)
    // past the cancelled one's date and the payment's, twice
    await clockToDay(page, 10)
    await clockToDay(page, 11)
    await resetClock(page)
    await clockToDay(page, 11)
    await expect(page.getByTestId("activity-row").filter({ hasText: "Agendado e2e" })).toHaveCount(1, { timeout: 40_000 })
    await expect(page.getByTestId("activity-row").filter({ hasText: "Cancelado e2e" })).toHaveCount(0)
    const after = [await ledger(page, anaW), await ledger(page, brunoW)]
    expect(after[0]!.statement_rows - before[0]!.statement_rows).toBe(1)
    expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 8_765)
    expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
    expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 8_765)

    // the scheduled list shows it paid (from the home's days-ahead card: no reload)
    await page.getByTestId("home-days-ahead-open").click()
    await expect(page.locator(`[data-testid=scheduled-row][data-operation-id="${operationId}"]`)).toHaveAttribute("data-status", "executed", {
      timeout: 40_000
    })
    await expect(toCancel).toHaveAttribute("data-status", "canceled")
  } finally {
    await resetClock(page)
  }
})

test("features §4 days 29–31: a monthly recurrence from 31 January lists 28/29 February and 31 March; above the maximum it is warned (pt, en; axe)", async ({
  page
}) => {
  await signIn(page, "ana@example.com")
  await go(page, "/banking/pix/recurrence-pix")
  await expect(page.getByTestId("pix-schedule-recurrence")).toBeVisible()
  const now = spDay(0)
  const year = Number(now.slice(0, 4)) + (now.slice(5) >= "01-30" ? 1 : 0)
  const start = `${year}-01-31`
  const feb = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? `${year}-02-29` : `${year}-02-28`
  const expected = [start, feb, `${year}-03-31`].map(show)

  await lookUp(page, "bruno@example.com")
  await page.getByTestId("recurrence-value").fill("50,00")
  await page.getByTestId("recurrence-max").fill("40,00")
  await expect(page.getByTestId("recurrence-above-max")).toHaveText("Valor acima do máximo permitido para Pix recorrente.")
  await page.getByTestId("recurrence-max").fill("60,00")
  await expect(page.getByTestId("recurrence-above-max")).toHaveCount(0)
  await page.getByTestId("recurrence-frequency").selectOption("MONTHLY")
  await page.getByTestId("recurrence-start").fill(start)
  await page.getByTestId("recurrence-description").fill("Mensalidade")
  await expect(page.getByTestId("recurrence-preview")).toContainText(expected.join(""))
  await page.getByTestId("recurrence-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Criar" }).click()
  await new PinPrompt(page).answer()
  const row = page.locator(`[data-testid=recurrence-row]:not([data-id^="pending:"])`).filter({ hasText: "Mensalidade" }).first()
  await expect(row).toHaveAttribute("data-status", "active", { timeout: 40_000 })
  await expect(row.getByTestId("recurrence-next")).toHaveText(expected.join(", "))
  await saveShot(page, `pix-recurrence-pt.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])

  // English
  await go(page, "/en/banking/pix/recurrence-pix")
  await expect(page.getByRole("heading", { name: "Recurring Pix" })).toBeVisible()
  await expect(page.locator(`[data-testid=recurrence-row]`).filter({ hasText: "Mensalidade" }).first().getByTestId("recurrence-next")).toHaveText(
    expected.join(", ")
  )
  await saveShot(page, `pix-recurrence-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await go(page, "/en/banking/pix/scheduled-pix")
  await expect(page.getByRole("heading", { name: "Scheduled Pix" })).toBeVisible()
  await expect(page.getByTestId("ahead-calendar")).toBeVisible()
  await saveShot(page, `pix-scheduled-en.png`, { fullPage: true })
  expect(await seriousAxe(page)).toEqual([])
  await go(page, "/en/banking/pix/automatic-withdraw")
  await expect(page.getByTestId("withdraw-settings")).toContainText("Current settings") // built: pix-withdraw.spec.ts
  expect(await seriousAxe(page)).toEqual([])
})
