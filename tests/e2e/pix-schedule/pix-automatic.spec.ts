/**
 * Pix Automático end to end (spec features §2 automatic-pix, §3 on-screen fields, §4 approve, approve by
 * QR code, cancel, maximum value, automatic payments; issue 13): three synthetic merchants request
 * authorizations (the sandbox's admin route); Ana approves one by its composite BR Code and one by id,
 * then cancels it; a third she approves with a maximum below what the merchant charges. The sandbox clock
 * moves past the charge dates twice: the QR one's charge runs once (one statement row with its operation
 * id; the home's statement shows it live), the cancelled one's never does, the third fails with its reason
 * shown. The days ahead count the coming debit. Pages in pt and en, axe without serious violations.
 * The sandbox clock is shared by the suite: the test puts it back at the end.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect as baseExpect, test, saveShot } from "../fixtures.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Shell } from "../pages/shell.ts"
import { seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

// generous waits: the suite shares a 2-core machine; nothing here measures speed
const expect = baseExpect.configure({ timeout: 30_000 })

async function signIn(page: Page, email: string): Promise<void> {
  await signInToHome(page, email)
}

const DAY = 86_400_000
const spDay = (n: number): string => new Date(Date.now() - 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10)
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

interface Made {
  readonly authorization: { readonly id: string }
  readonly qr_code: string
}
/** A synthetic merchant requests an authorization (the sandbox's admin route). */
async function merchantRequest(page: Page, body: Record<string, unknown>): Promise<Made> {
  const r = await page.request.post("/__admin/pix-automatic/requests", { data: body })
  expect(r.status()).toBe(201)
  return ((await r.json()) as { data: Made }).data
}
async function statementRows(page: Page, operationId: string): Promise<{ statement_rows: number; amount_total: number }> {
  const r = await page.request.get(`/__admin/pix-automatic/statement-rows?operation_id=${encodeURIComponent(operationId)}`)
  return ((await r.json()) as { data: { statement_rows: number; amount_total: number } }).data
}

test("features §2/§4 issue 13: approved by QR code → charged once on its date; approved then cancelled → never charged; above the maximum → fails with its reason (pt, en; axe)", async ({
  page
}) => {
  try {
    await signIn(page, "ana@example.com")
    const { wallets } = await seed(page)
    const anaW = wallets["anaMain"] as string
    const qr = await merchantRequest(page, { merchant: 2, start_date: spDay(5), value: 4_321, contract_description: "E2E por QR" })
    const toCancel = await merchantRequest(page, { wallet_id: anaW, merchant: 0, start_date: spDay(6), value: 1_111, contract_description: "E2E cancelada" })
    const above = await merchantRequest(page, {
      wallet_id: anaW,
      merchant: 1,
      start_date: spDay(7),
      floor_max_value: 1_000,
      charge_amount: 5_000,
      contract_description: "E2E acima do máximo"
    })

    await go(page, "/banking/pix/automatic-pix")
    await expect(page.getByTestId("pix-schedule-automatic")).toBeVisible()
    const row = (id: string) => page.locator(`[data-testid=automatic-row][data-id="${id}"]`)
    // the merchants' requests arrive live in the pending list, with the fields of features §3
    await expect(row(toCancel.authorization.id)).toHaveAttribute("data-status", "PENDING")
    await expect(row(above.authorization.id).getByTestId("automatic-details")).toContainText("E2E acima do máximo")
    await expect(row(above.authorization.id).getByTestId("automatic-details")).toContainText("variável; máximo de pelo menos R$ 10,00")

    // approve by QR code: a bad code is refused with the typed text kept
    await page.getByTestId("automatic-qr-code").fill("000201abc")
    await page.getByTestId("automatic-qr-read").click()
    await expect(page.getByTestId("automatic-qr-form")).toContainText("Código Pix inválido. Confira se copiou o código inteiro.")
    await expect(page.getByTestId("automatic-qr-code")).toHaveValue("000201abc")
    await page.getByTestId("automatic-qr-code").fill(qr.qr_code)
    await page.getByTestId("automatic-qr-read").click()
    const dialog = page.getByTestId("automatic-max-dialog")
    await expect(dialog).toContainText("StreamFlix Entretenimento Ltda")
    await expect(dialog).toContainText("R$ 43,21")
    await dialog.getByTestId("automatic-max-confirm").click()
    await new PinPrompt(page).answer()
    await expect(row(qr.authorization.id)).toHaveAttribute("data-status", "ACTIVE", { timeout: 40_000 })

    // approve one by id, then cancel it (irreversible: the confirmation says so)
    await row(toCancel.authorization.id).getByTestId("automatic-approve").click()
    await dialog.getByTestId("automatic-max-confirm").click()
    await new PinPrompt(page).answer()
    await expect(row(toCancel.authorization.id)).toHaveAttribute("data-status", "ACTIVE", { timeout: 40_000 })
    await row(toCancel.authorization.id).getByTestId("automatic-cancel").click()
    await expect(page.getByTestId("confirm-dialog")).toContainText("não pode ser desfeito")
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancelar autorização" }).click()
    await expect(row(toCancel.authorization.id)).toHaveAttribute("data-status", "CANCELLED", { timeout: 40_000 })

    // approve the variable one with a maximum below the merchant's floor (refused, typed kept), then below its charge
    await row(above.authorization.id).getByTestId("automatic-approve").click()
    await dialog.getByTestId("automatic-max-value").fill("5,00")
    await dialog.getByTestId("automatic-max-confirm").click()
    await expect(dialog).toContainText("O valor máximo não pode ser menor que o mínimo exigido pelo recebedor.")
    await expect(dialog.getByTestId("automatic-max-value")).toHaveValue(/5,00/)
    await dialog.getByTestId("automatic-max-value").fill("30,00")
    await dialog.getByTestId("automatic-max-confirm").click()
    await new PinPrompt(page).answer()
    await expect(row(above.authorization.id)).toHaveAttribute("data-status", "ACTIVE", { timeout: 40_000 })
    await expect(row(above.authorization.id).getByTestId("automatic-max")).toHaveText("R$ 30,00")

    // the merchants' charges (made up to 10 days ahead), live
    const pay = (authId: string) => page.locator(`[data-testid=automatic-payment-row][data-authorization="${authId}"]`)
    await expect(pay(qr.authorization.id)).toHaveAttribute("data-status", "SCHEDULED")
    await expect(pay(toCancel.authorization.id)).toHaveAttribute("data-status", "CANCELLED")
    await expect(pay(above.authorization.id)).toHaveAttribute("data-status", "SCHEDULED")
    await saveShot(page, `pix-automatic-pt.png`, { fullPage: true })
    expect(await seriousAxe(page)).toEqual([])
    const operationId = (await pay(qr.authorization.id).getAttribute("data-operation-id")) ?? ""
    const cancelledOp = (await pay(toCancel.authorization.id).getAttribute("data-operation-id")) ?? ""

    // the days ahead count the coming automatic debit on its day (scheduled-pix, no reload)
    await page.getByRole("navigation", { name: "Agendamentos Pix" }).getByRole("link", { name: "Agendados" }).click()
    await expect(page.locator(`[data-testid=ahead-day][data-date="${spDay(5)}"]`)).toHaveAttribute("data-outflow", /^[1-9]\d*$/)

    // the clock passes the dates twice (the home through the menu: no reload)
    await new Shell(page).menuItem("home").click()
    await expect(page.getByTestId("home-days-ahead")).toBeVisible()
    await clockToDay(page, 4)
    expect((await statementRows(page, operationId)).statement_rows).toBe(0)
    await clockToDay(page, 5)
    await clockToDay(page, 8)
    await resetClock(page)
    await clockToDay(page, 8)
    expect(await statementRows(page, operationId)).toMatchObject({ statement_rows: 1, amount_total: 4_321 })
    expect((await statementRows(page, cancelledOp)).statement_rows).toBe(0)
    // the statement, live: the banking home's latest rows
    await expect(page.getByTestId("activity-row").filter({ hasText: "E2E por QR" })).toHaveCount(1, { timeout: 40_000 })
    await expect(page.getByTestId("activity-row").filter({ hasText: "E2E cancelada" })).toHaveCount(0)

    await page.getByRole("link", { name: "Ver agendamentos" }).click()
    await page.getByRole("navigation", { name: "Agendamentos Pix" }).getByRole("link", { name: "Pix Automático" }).click()
    await expect(pay(qr.authorization.id)).toHaveAttribute("data-status", "EXECUTED", { timeout: 40_000 })
    await expect(pay(toCancel.authorization.id)).toHaveAttribute("data-status", "CANCELLED")
    await expect(pay(above.authorization.id)).toHaveAttribute("data-status", "FAILED", { timeout: 40_000 })
    await expect(pay(above.authorization.id).getByTestId("automatic-payment-failure")).toHaveText("Cobrança acima do valor máximo autorizado.")

    // English
    await go(page, "/en/banking/pix/automatic-pix")
    await expect(page.getByRole("heading", { name: "Pix Automático" })).toBeVisible({ timeout: 90_000 })
    await expect(pay(above.authorization.id).getByTestId("automatic-payment-failure")).toHaveText("Charge above the authorized maximum value.")
    await saveShot(page, `pix-automatic-en.png`, { fullPage: true })
    expect(await seriousAxe(page)).toEqual([])
  } finally {
    await resetClock(page)
  }
})
