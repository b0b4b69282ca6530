/**
 * Payments gateway end to end (issue 16 "What it must show"; spec features §2 "/gateway", §3
 * Transaction (gateway) and Dashboard aggregate, §4 statuses), in a real Chromium against the
 * built app and the sandbox, as the seeded company (bruno: matrix + branch gateway wallets):
 * deposits filtered across matrix and branch by status and period, totals equal the sandbox's own
 * sums for the same filter; a text filter finds one transaction and its receipt; a deposit
 * created through the admin route appears live in the open list; the metrics agree with the
 * server's aggregate; pt and en; axe finds no serious violation.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Browser, type Page } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { formatBrl } from "../../../schema/format.ts"
import { go } from "../pages/navigation.ts"

const DEPOSITS = "/gateway/transactions/deposits"
const spDate = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10)

async function openGateway(browser: Browser, baseURL: string): Promise<{ page: Page; sb: Sandbox; close: () => Promise<void> }> {
  const sb = new Sandbox(baseURL)
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInToHome(page, "bruno@example.com")
  return { page, sb, close: () => context.close() }
}

async function axeSerious(page: Page): Promise<ReadonlyArray<string>> {
  const r = await new AxeBuilder({ page }).analyze()
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)
}

test("features §2/§3: bruno filters deposits of matrix and branch by status and period; totals equal the sandbox's sums", async ({ browser, baseURL }) => {
  const { page, sb, close } = await openGateway(browser, baseURL ?? "")
  const wallets = await sb.seededWallets()
  await go(page, DEPOSITS)
  await expect(page.getByTestId("gateway-page")).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId("gateway-wallets").getByRole("checkbox")).toHaveCount(2, { timeout: 20_000 })
  await page.getByTestId("gateway-status").selectOption("paid")
  await page.getByTestId("gateway-period").selectOption("7")
  // the sandbox's own answer for the same filter, both wallets
  const bruno = await sb.client.login("bruno@example.com")
  const now = Date.now()
  let count = 0
  let value = 0
  let fee = 0
  let seller = 0
  for (const w of [wallets["brunoMatrix"] as string, wallets["brunoBranch"] as string]) {
    const r = await sb.client.ok("gatewayDeposits", {
      as: bruno,
      wallet: w,
      query: { status: "paid", start_date: spDate(now - 6 * 86_400_000), end_date: spDate(now), page_size: 5000 }
    })
    count += r.data.total
    value += r.data.data.reduce((a, t) => a + t.value, 0)
    fee += r.data.data.reduce((a, t) => a + t.fee, 0)
    seller += r.data.data.reduce((a, t) => a + t.seller_share, 0)
  }
  expect(count).toBeGreaterThan(0)
  await expect(page.getByTestId("gateway-total-count")).toHaveText(String(count), { timeout: 30_000 })
  await expect(page.getByTestId("gateway-total-value")).toHaveText(formatBrl(value, "pt"), { timeout: 10_000 })
  // D-gateway-sums: the fee and seller-share totals of the same rows (paid: a counted status)
  await expect(page.getByTestId("gateway-total-fee")).toHaveText(formatBrl(fee, "pt"), { timeout: 10_000 })
  await expect(page.getByTestId("gateway-total-seller")).toHaveText(formatBrl(seller, "pt"), { timeout: 10_000 })
  // text: one transaction by its reference, and its receipt
  const first = page.getByTestId("gateway-row").first().getByRole("button")
  const reference = (await first.textContent()) ?? ""
  await page.getByTestId("gateway-text").fill(reference)
  await expect(page.getByTestId("gateway-row")).toHaveCount(1, { timeout: 10_000 })
  await page.getByTestId("gateway-row").first().getByRole("button").click()
  await expect(page.getByTestId("gateway-receipt")).toContainText(reference)
  await expect(page.getByTestId("gateway-receipt")).toContainText("End-to-end")
  await saveShot(page, `gateway-receipt-pt.png`, { fullPage: true })
  await page.keyboard.press("Escape")
  expect(await axeSerious(page)).toEqual([])
  await close()
})

test("features §2 live: a deposit created by the sandbox appears in the open list without a reload", async ({ browser, baseURL }) => {
  const { page, sb, close } = await openGateway(browser, baseURL ?? "")
  const wallets = await sb.seededWallets()
  await go(page, DEPOSITS)
  await expect(page.getByTestId("gateway-row").first()).toBeVisible({ timeout: 30_000 })
  const reference = `PED-LIVE-${Date.now() % 100000}`
  await page.getByTestId("gateway-text").fill(reference)
  await expect(page.getByTestId("gateway-total-count")).toHaveText("0", { timeout: 10_000 })
  await sb.client.admin("gatewayArrive", { body: { wallet_id: wallets["brunoBranch"], value: 98_765, reference, payer_name: "Cliente Ao Vivo" } })
  await expect(page.getByTestId("gateway-total-count")).toHaveText("1", { timeout: 20_000 })
  await expect(page.getByTestId("gateway-row")).toContainText("Cliente Ao Vivo")
  await close()
})

test("features §2 metrics in pt and en: local totals agree with the server's aggregate; the interval limit is enforced; axe clean", async ({
  browser,
  baseURL
}) => {
  const { page, close } = await openGateway(browser, baseURL ?? "")
  await go(page, "/gateway/metrics")
  await expect(page.getByTestId("metrics-row").first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("metrics-check")).toHaveText("Os totais locais conferem com o servidor", { timeout: 30_000 })
  await saveShot(page, `gateway-metrics-pt.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await page.getByTestId("metrics-start").fill("2026-01-01")
  await page.getByTestId("metrics-end").fill("2026-03-01")
  await expect(page.getByTestId("metrics-error")).toHaveText("O intervalo pode ter no máximo 31 dias")
  await go(page, "/en/gateway/metrics")
  await expect(page.getByTestId("metrics-check")).toHaveText("Local totals match the server", { timeout: 30_000 })
  // at least one wallet (features §2): both unticked, the message; ticked again, the table
  await page.getByTestId("gateway-wallets").getByRole("checkbox").nth(0).click()
  await page.getByTestId("gateway-wallets").getByRole("checkbox").nth(1).click()
  await expect(page.getByTestId("metrics-error")).toHaveText("Select at least one wallet")
  await page.getByTestId("gateway-wallets").getByRole("checkbox").nth(0).click()
  await expect(page.getByTestId("metrics-row").first()).toBeVisible()
  await saveShot(page, `gateway-metrics-en.png`, { fullPage: true })
  await go(page, `/en${DEPOSITS}`)
  await expect(page.getByTestId("gateway-row").first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole("columnheader", { name: "Payer / receiver" })).toBeVisible()
  await saveShot(page, `gateway-deposits-en.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await close()
})
