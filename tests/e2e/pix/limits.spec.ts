/**
 * Pix limits (spec features §2 limit, §3 Limit day and night, §5, §8; issue 12) on the sandbox clock:
 * at 21:00 São Paulo Helena's night limit (R$ 1.000,00, the BCB default for a natural person) stops a Pix
 * above what is left with a message saying which limit and how much is left — before the PIN, nothing
 * debited (the sandbox's ledger) —, what she paid in the night shows as used; a raise she asks for is shown
 * pending and takes effect only once the clock has moved 24 h, and then the same Pix goes through once.
 * Pages in pt and en, axe-clean. The clock is shared by the suite: every test puts it back.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

const sandbox = (page: Page): Sandbox => new Sandbox(new URL(page.url()).origin)
/** The business clock at `hm` São Paulo time, `days` days from today (São Paulo). */
const clockAt = async (page: Page, hm: string, days = 0): Promise<void> => {
  const day = new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)
  await sandbox(page).client.admin("clock", { body: { offset_ms: Date.parse(`${day}T${hm}:00-03:00`) - Date.now() } })
}
const resetClock = async (page: Page): Promise<void> => {
  await sandbox(page).client.admin("clock", { body: { offset_ms: 0 } })
}
/** The session ends 5 min after sign-in unless renewed (core §9): renew it, as a user would, on a slow machine. */
const keepSession = async (page: Page): Promise<void> => {
  const b = page.getByRole("button", { name: /^(Continuar sessão|Continue session)$/ })
  if (await b.isVisible()) await b.click()
}
const axeSerious = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

/** A Pix tab, inside the app (no reload while the clock is moved). */
const tab = async (page: Page, name: string): Promise<void> => {
  await page.getByRole("navigation", { name: "Seções do Pix" }).getByRole("link", { name, exact: true }).click()
}
/** Pay by key up to the review (a fresh form: through the limits tab), the key decoded, the amount typed. */
const payUpToReview = async (page: Page, key: string, amount: string): Promise<void> => {
  await keepSession(page)
  await tab(page, "Limites")
  await tab(page, "Pagar")
  await page.getByTestId("pix-key").fill(key)
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).not.toBeEmpty({ timeout: 20_000 })
  await page.getByTestId("pix-amount").fill(amount)
  await page.getByTestId("pix-review").click()
}

const brlPt = (cents: number): string => `R$ ${(cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2 })}`
const othersCard = (page: Page) => page.locator('[data-testid="pix-limit-card"][data-tag="pix_others"]')

test("features §3 §5 §8 issue 12: at 21:00 São Paulo a Pix over the night limit is stopped with what is left; nothing is debited; used shows (pt, en, axe)", async ({
  page
}) => {
  await signInToHome(page, "helena@example.com")
  const sb = sandbox(page)
  const helenaW = await sb.walletId("helena")
  await sb.client.admin("pixIn", { body: { wallet_id: helenaW, amount: 500_000, payer_name: "Salário e2e" } })
  // English first, on the real clock
  await go(page, "/en/banking/pix/limit")
  await expect(othersCard(page).getByTestId("pix-limit-night")).toHaveText("R$1,000.00", { timeout: 60_000 })
  await saveShot(page, `pix-limits-en.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await go(page, "/banking/pix/limit")
  await expect(othersCard(page)).toHaveAttribute("data-night", "100000", { timeout: 60_000 })
  try {
    // 21:00 São Paulo: the page follows the clock without a reload
    await clockAt(page, "21:00")
    await expect(othersCard(page)).toHaveAttribute("data-period", "night", { timeout: 30_000 })
    await expect(othersCard(page).getByTestId("pix-limit-night")).toHaveText("R$ 1.000,00")
    await saveShot(page, `pix-limits-pt.png`, { fullPage: true })

    const before = await sb.ledger(helenaW)
    const used = Number(await othersCard(page).getAttribute("data-used"))
    await payUpToReview(page, "bruno@example.com", "1.500,00")
    const warning = page.getByTestId("pix-form-error")
    await expect(warning).toContainText("limite noturno")
    await expect(warning).toContainText(`restam ${brlPt(100_000 - used)}`)
    await expect(page.getByTestId("pix-amount")).toHaveValue("1.500,00") // what was typed is kept
    await expect(page.getByTestId("confirm-dialog")).toHaveCount(0)
    await saveShot(page, `pix-limit-refused-pt.png`, { fullPage: true })
    expect(await sb.ledger(helenaW)).toMatchObject({ statement_rows: before.statement_rows, balances: before.balances })

    // R$ 100 goes through; the night then has R$ 100 less left, and the pages say so
    await page.getByTestId("pix-amount").fill("100,00")
    await page.getByTestId("pix-review").click()
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
    await new PinPrompt(page).answer()
    await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 })
    const after = await sb.ledger(helenaW)
    expect(balanceOf(after, "BRL")).toBe(balanceOf(before, "BRL") - 10_000)
    expect(after.statement_rows - before.statement_rows).toBe(1)
    await keepSession(page)
    await tab(page, "Limites")
    await expect(othersCard(page)).toHaveAttribute("data-used", String(used + 10_000), { timeout: 30_000 })
    await expect(othersCard(page).getByTestId("pix-limit-available")).toHaveText(brlPt(90_000 - used))
    await payUpToReview(page, "bruno@example.com", "1.000,00")
    await expect(page.getByTestId("pix-form-error")).toContainText(`restam ${brlPt(90_000 - used)}`)
  } finally {
    await resetClock(page)
  }
})
test("features §2 limit issue 12: a raised night limit is pending and applies only after the clock moves 24 h; then the Pix goes through once", async ({
  page
}) => {
  await signInToHome(page, "helena@example.com")
  const sb = sandbox(page)
  const helenaW = await sb.walletId("helena")
  await sb.client.admin("pixIn", { body: { wallet_id: helenaW, amount: 300_000, payer_name: "Salário e2e" } })
  await go(page, "/banking/pix/limit")
  await expect(othersCard(page)).toHaveAttribute("data-night", "100000", { timeout: 60_000 })
  try {
    await clockAt(page, "21:00")
    await expect(othersCard(page)).toHaveAttribute("data-period", "night", { timeout: 30_000 })
    await keepSession(page)
    await page.getByTestId("pix-limit-period").selectOption("night")
    await page.getByTestId("pix-limit-amount").fill("2.000,00")
    await page.getByTestId("pix-limit-submit").click()
    await expect(page.getByTestId("confirm-dialog")).toContainText("daqui a 24 horas")
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirmar" }).click()
    await new PinPrompt(page).answer()
    const pending = othersCard(page).getByTestId("pix-limit-pending")
    await expect(pending).toContainText("R$ 2.000,00", { timeout: 20_000 })
    await expect(othersCard(page)).toHaveAttribute("data-night", "100000")
    await saveShot(page, `pix-limit-pending-pt.png`, { fullPage: true })

    // still the old limit: the Pix of R$ 1.500 is stopped
    await payUpToReview(page, "bruno@example.com", "1.500,00")
    await expect(page.getByTestId("pix-form-error")).toContainText("limite noturno")

    // 22 h later (the next day period): still pending; 24 h and a minute later: in force, shown without a reload
    await tab(page, "Limites")
    await clockAt(page, "19:00", 1)
    await expect(othersCard(page)).toHaveAttribute("data-period", "day", { timeout: 30_000 })
    await expect(othersCard(page)).toHaveAttribute("data-night", "100000")
    await expect(pending).toHaveCount(1)
    await clockAt(page, "21:01", 1)
    await expect(othersCard(page)).toHaveAttribute("data-night", "200000", { timeout: 30_000 })
    await expect(pending).toHaveCount(0)

    const before = await sb.ledger(helenaW)
    await payUpToReview(page, "bruno@example.com", "1.500,00")
    await expect(page.getByTestId("pix-form-error")).toHaveCount(0)
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
    await new PinPrompt(page).answer()
    await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 })
    const commandId = (await page.getByTestId("pix-pay-result").getAttribute("data-command-id")) ?? ""
    const after = await sb.ledger(helenaW)
    expect(balanceOf(after, "BRL")).toBe(balanceOf(before, "BRL") - 150_000)
    expect(after.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })])

    // back to the default: a cut applies at once
    await keepSession(page)
    await tab(page, "Limites")
    await page.getByTestId("pix-limit-period").selectOption("night")
    await page.getByTestId("pix-limit-amount").fill("1.000,00")
    await page.getByTestId("pix-limit-submit").click()
    await expect(page.getByTestId("confirm-dialog")).toContainText("Vale na hora")
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirmar" }).click()
    await new PinPrompt(page).answer()
    await expect(othersCard(page)).toHaveAttribute("data-night", "100000", { timeout: 20_000 })
  } finally {
    await resetClock(page)
  }
})
