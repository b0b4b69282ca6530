/**
 * Automatic withdrawals end to end (spec features §2 automatic-withdraw — get-user-withdraw-settings; issue 13
 * "a sweep of the balance above a threshold to an own account at a set time, with its settings page";
 * docs/decisions.md "Automatic withdrawals (issue 13)"): on her reserve wallet (the other suites use the main
 * one), Ana finds the empty state, types wrong values (a negative amount, an impossible time, someone else's
 * CPF) and sees why in Portuguese with what she typed kept, then sets a daily sweep at 13:00 keeping all but
 * R$ 12,34 (PIN step). The days ahead count it. The sandbox clock passes 13:00: the execution appears and the
 * balance the page shows drops to the amount kept, live, without a reload; a second tick at the same time
 * sweeps nothing more (ledger). English page; axe without serious violations; screenshots. The clock and the
 * sweep are put back at the end.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect as baseExpect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { Shell } from "../pages/shell.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

// generous waits: the suite shares a 2-core machine; nothing here measures speed
const expect = baseExpect.configure({ timeout: 30_000 })

const DAY = 86_400_000
/** A São Paulo calendar day `n` days from today (UTC-3). */
const spDay = (n: number): string => new Date(Date.now() - 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10)
/** The sandbox clock at a São Paulo wall time `n` days from today. */
const clockAt = async (page: Page, n: number, hhmmss: string): Promise<void> => {
  const r = await page.request.post("/__admin/clock", { data: { offset_ms: Date.parse(`${spDay(n)}T${hhmmss}-03:00`) - Date.now() } })
  expect(r.status()).toBe(200)
}
const resetClock = async (page: Page): Promise<void> => {
  await page.request.post("/__admin/clock", { data: { offset_ms: 0 } })
}
const brlText = (cents: number): string =>
  `R$ ${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${String(cents % 100).padStart(2, "0")}`

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze()
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)
}

test("features §2 issue 13: automatic withdrawal set up in pt (bad input explained, typed kept; PIN), swept once when the clock passes its time, live; en; axe", async ({
  page
}) => {
  try {
    await signInToHome(page, "ana@example.com")
    const { wallets } = await seed(page)
    const reserve = wallets["anaReserve"] as string
    await new Shell(page).switchWallet("Reserva")
    // money above what will be kept, whatever the wallet held
    expect((await page.request.post("/__admin/pix-in", { data: { wallet_id: reserve, amount: 50_000 } })).ok()).toBe(true)
    const before = balanceOf(await ledger(page, reserve), "BRL")
    const keep = before - 1_234
    await clockAt(page, 2, "12:00:00")

    await go(page, "/banking/pix/automatic-withdraw")
    const settings = page.getByTestId("withdraw-settings")
    await expect(settings).toContainText("Saque automático desligado")
    await expect(page.getByTestId("withdraw-executions")).toContainText("Nenhum saque automático ainda.")
    await page.getByTestId("withdraw-setup").click()
    const form = page.getByTestId("withdraw-form")
    const ownDocument = await page.getByTestId("withdraw-document").inputValue()
    expect(ownDocument).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/)

    // wrong values: explained in Portuguese, what was typed stays
    await page.getByTestId("withdraw-threshold-input").fill("-5,00")
    await page.getByTestId("withdraw-time").fill("2575")
    await page.getByTestId("withdraw-document").fill("11144477735")
    await page.getByTestId("withdraw-review").click()
    await expect(form).toContainText("Informe um valor de R$ 0,00 ou mais")
    await expect(form).toContainText("Horário inválido: use HH:MM, de 00:00 a 23:59")
    await expect(form).toContainText("Escolha o banco")
    await expect(form).toContainText("A conta de destino do saque automático deve ser sua")
    await expect(page.getByTestId("withdraw-threshold-input")).toHaveValue("-5,00")
    await expect(page.getByTestId("withdraw-time")).toHaveValue("25:75")
    await expect(page.getByTestId("withdraw-document")).toHaveValue("111.444.777-35")
    await saveShot(page, `pix-withdraw-errors-pt.png`, { fullPage: true })

    // the right ones: a daily sweep at 13:00 keeping all but R$ 12,34, to Ana's account at Itaú
    await page.getByTestId("withdraw-threshold-input").fill(brlText(keep).slice(3))
    await page.getByTestId("withdraw-time").fill("1300")
    await expect(page.getByTestId("withdraw-time")).toHaveValue("13:00")
    await page.getByTestId("withdraw-frequency").selectOption("DAILY")
    await page.getByTestId("withdraw-bank").selectOption("341")
    await page.getByTestId("withdraw-agency").fill("1234")
    await page.getByTestId("withdraw-account").fill("567890")
    await page.getByTestId("withdraw-digit").fill("1")
    await page.getByTestId("withdraw-document").fill(ownDocument)
    await page.getByTestId("withdraw-review").click()
    const dialog = page.getByTestId("confirm-dialog")
    await expect(dialog).toContainText(`Manter ${brlText(keep)} na carteira`)
    await expect(dialog).toContainText("Todos os dias às 13:00")
    await dialog.getByRole("button", { name: "Salvar" }).click()
    await new PinPrompt(page).answer()
    const status = page.getByTestId("withdraw-status")
    await expect(status).toHaveAttribute("data-pending", "false", { timeout: 40_000 })
    await expect(status).toHaveText("Ligado")
    await expect(page.getByTestId("withdraw-threshold")).toHaveText(brlText(keep))
    await expect(page.getByTestId("withdraw-destination")).toContainText("341 · Itaú Unibanco S.A.")
    await expect(page.getByTestId("withdraw-next")).toContainText("Próximo saque:")
    await expect(page.getByTestId("withdraw-next-amount")).toContainText("seriam enviados R$ 12,34")
    await saveShot(page, `pix-withdraw-pt.png`, { fullPage: true })
    expect(await seriousAxe(page)).toEqual([])

    // the days ahead count the coming sweep (tabs: no reload)
    await page.getByRole("navigation", { name: "Agendamentos Pix" }).getByRole("link", { name: "Agendados" }).click()
    await expect(page.locator(`[data-testid=ahead-day][data-outflow="1234"]`)).toHaveCount(1)
    await page.getByRole("navigation", { name: "Agendamentos Pix" }).getByRole("link", { name: "Saque automático" }).click()

    // the clock passes 13:00: swept once, shown live
    await clockAt(page, 2, "12:59:00")
    await expect(page.getByTestId("withdraw-execution")).toHaveCount(0)
    await clockAt(page, 2, "13:00:30")
    const row = page.getByTestId("withdraw-execution")
    await expect(row).toHaveCount(1, { timeout: 40_000 })
    await expect(row).toHaveAttribute("data-status", "done")
    await expect(row).toContainText("R$ 12,34")
    await expect(row).toContainText("Enviado")
    await expect(page.getByTestId("withdraw-next-amount")).toContainText(`nada seria enviado`)
    await expect(page.getByTestId("withdraw-next-amount")).toContainText(brlText(keep))
    expect(balanceOf(await ledger(page, reserve), "BRL")).toBe(keep)
    // the same time again: nothing more
    await clockAt(page, 2, "13:00:30")
    await clockAt(page, 2, "18:00:00")
    expect(balanceOf(await ledger(page, reserve), "BRL")).toBe(keep)
    await expect(row).toHaveCount(1)
    await saveShot(page, `pix-withdraw-done-pt.png`, { fullPage: true })

    // English
    await go(page, "/en/banking/pix/automatic-withdraw")
    await expect(page.getByRole("heading", { name: "Automatic withdrawal", level: 1 })).toBeVisible()
    await expect(page.getByTestId("withdraw-status")).toHaveText("On")
    await expect(page.getByTestId("withdraw-when")).toHaveText("Every day at 13:00 (Brasília time)")
    await expect(page.getByTestId("withdraw-execution")).toContainText("Sent")
    await saveShot(page, `pix-withdraw-en.png`, { fullPage: true })
    expect(await seriousAxe(page)).toEqual([])

    // turned off: no PIN, the settings stay
    const keptText = await page.getByTestId("withdraw-threshold").textContent()
    expect(keptText?.replace(/\D/g, "")).toBe(String(keep))
    await page.getByTestId("withdraw-disable").click()
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Turn off" }).click()
    await expect(page.getByTestId("withdraw-status")).toHaveText("Off", { timeout: 40_000 })
    await expect(page.getByTestId("withdraw-threshold")).toHaveText(keptText ?? "")
  } finally {
    await resetClock(page)
    // whatever happened, the sweep is left off (a retry starts from the empty state)
    const sb = new Sandbox(new URL(page.url()).origin)
    const ana = await sb.login("ana@example.com").catch(() => null)
    if (ana !== null) await sb.client.ok("withdrawSettingsDisable", { as: ana, wallet: await sb.walletId("anaReserve"), tx: true }).catch(() => undefined)
  }
})
