/**
 * issue 31 item 4 "pictures" end to end, in a real Chromium against the built app and the sandbox:
 * the chart pages render with data in pt and en — the gateway metrics (volume and count by day and
 * status, count by status, fees and seller share), the GRR history by month, the days ahead (projected
 * balance, negative days marked), card spending over time — each with its table alternative, keyboard
 * focus on its points and no serious axe violation; and a deposit the sandbox makes while the metrics
 * are open moves the chart without a reload (the engine's live query answers again).
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"

async function axeSerious(page: Page): Promise<ReadonlyArray<string>> {
  const r = await new AxeBuilder({ page }).analyze()
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)
}

/** A chart drawn: its frame has points and its SVG is painted inside its plot. */
async function drawn(page: Page, testId: string): Promise<void> {
  await expect(page.getByTestId(testId)).toHaveAttribute("data-points", /^[1-9]\d*$/, { timeout: 30_000 })
  await expect(page.getByTestId(`${testId}-plot`).locator("svg.chart-svg")).toBeVisible({ timeout: 15_000 })
}

/** Keyboard focus on the plot, the last point: its values are written under the chart. */
async function focusLast(page: Page, testId: string): Promise<string> {
  await page.getByTestId(`${testId}-plot`).focus()
  await page.keyboard.press("End")
  const detail = page.getByTestId(`${testId}-detail`)
  await expect(detail).toHaveAttribute("data-index", /^\d+$/)
  return (await detail.textContent()) ?? ""
}

test("issue 31 item 4 gateway metrics charts render with data in pt and en; a deposit made meanwhile moves the chart live, no reload", async ({
  browser,
  baseURL
}) => {
  const sb = new Sandbox(baseURL ?? "")
  const wallets = await sb.seededWallets()
  const context = await browser.newContext({ baseURL: baseURL ?? "", locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInToHome(page, "bruno@example.com")
  await go(page, "/gateway/metrics")
  for (const id of ["metrics-chart-days", "metrics-chart-status", "metrics-chart-fees"]) await drawn(page, id)
  await expect(page.getByRole("slider", { name: "Volume por dia, por situação, e quantidade" })).toBeVisible()
  const days = page.getByTestId("metrics-chart-days")
  await expect(days).toHaveAttribute("data-state", "ready")
  // the charts' numbers are the table's: the type × status lines checked against the server. Read the chart's figures
  // only then: "ready" is the answer over the rows local so far, and the gateway's pull may still be adding rows (a run
  // read 82 deposits, then saw 279 once the pull ended, and waited in vain for 83)
  await expect(page.getByTestId("metrics-check")).toHaveText("Os totais locais conferem com o servidor", { timeout: 30_000 })
  const count = Number(await days.getAttribute("data-count"))
  const volume = Number(await days.getAttribute("data-volume"))
  expect(count).toBeGreaterThan(0)
  const today = await focusLast(page, "metrics-chart-days")
  expect(today).toMatch(/\d{2}\/\d{2}\/\d{4}/)
  expect(today).toContain("Quantidade:")
  await saveShot(page, "charts-gateway-metrics-pt.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])

  // live: a deposit arrives at the branch while the page is open
  await sb.client.admin("gatewayArrive", { body: { wallet_id: wallets["brunoBranch"], value: 98_765, reference: `PED-CHART-${Date.now() % 100000}` } })
  await expect(days).toHaveAttribute("data-count", String(count + 1), { timeout: 20_000 })
  await expect(days).toHaveAttribute("data-volume", String(volume + 98_765))
  await expect(page.getByTestId("metrics-check")).toHaveText("Os totais locais conferem com o servidor", { timeout: 30_000 })

  // the table alternative of the status chart
  await page.getByTestId("metrics-chart-status-toggle").click()
  await expect(page.getByTestId("metrics-chart-status-table")).toBeVisible()
  await expect(page.getByTestId("metrics-chart-status-table")).toContainText("Pago")

  await go(page, "/en/gateway/metrics")
  for (const id of ["metrics-chart-days", "metrics-chart-status", "metrics-chart-fees"]) await drawn(page, id)
  await expect(page.getByRole("slider", { name: "Volume per day, by status, and count" })).toBeVisible()
  await expect(page.getByTestId("metrics-chart-days")).toHaveAttribute("data-count", String(count + 1))
  expect(await focusLast(page, "metrics-chart-fees")).toContain("Seller share:")
  await saveShot(page, "charts-gateway-metrics-en.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await context.close()
})

test("issue 31 item 4 GGR history by month renders with data in pt and en, with its table alternative", async ({ browser, baseURL }) => {
  const sb = new Sandbox(baseURL ?? "")
  const walletId = await sb.walletId("brunoMatrix")
  const context = await browser.newContext({ baseURL: baseURL ?? "", locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  await context.addInitScript((id) => {
    if (localStorage.getItem("pref:walletToken") === null) localStorage.setItem("pref:walletToken", id)
  }, walletId)
  const page = await context.newPage()
  await signInToHome(page, "bruno@example.com")
  await go(page, "/sports-betting/history-ggr")
  await drawn(page, "ggr-chart")
  await expect(page.getByRole("slider", { name: "GGR por mês" })).toBeVisible()
  const rows = await page.getByTestId("ggr-row").count()
  await expect(page.getByTestId("ggr-chart")).toHaveAttribute("data-points", String(rows))
  expect(await focusLast(page, "ggr-chart")).toContain("Valor total: R$")
  await saveShot(page, "charts-ggr-pt.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await go(page, "/en/sports-betting/history-ggr")
  await drawn(page, "ggr-chart")
  await page.getByTestId("ggr-chart-toggle").click()
  await expect(page.getByTestId("ggr-chart-table").getByRole("row")).toHaveCount(rows + 1)
  await expect(page.getByRole("button", { name: "Show as a chart" })).toBeVisible()
  await saveShot(page, "charts-ggr-en.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await context.close()
})

test("issue 31 item 4 the days ahead as a balance line and card spending over time render with data in pt and en", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL ?? "", locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInToHome(page, "ana@example.com")
  await go(page, "/banking/pix/scheduled-pix")
  await drawn(page, "ahead-chart")
  await expect(page.getByTestId("ahead-chart")).toHaveAttribute("data-points", "61")
  await expect(page.getByRole("slider", { name: "Os próximos 60 dias, com as saídas agendadas e o saldo previsto" })).toBeVisible()
  await page.getByTestId("ahead-chart-plot").focus()
  await expect(page.getByTestId("ahead-chart-detail")).toContainText("Saldo previsto: R$")
  await saveShot(page, "charts-days-ahead-pt.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await go(page, "/banking/cards/statements")
  await drawn(page, "card-spending-chart")
  await saveShot(page, "charts-card-spending-pt.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])

  await go(page, "/en/banking/pix/scheduled-pix")
  await drawn(page, "ahead-chart")
  await expect(page.getByRole("slider", { name: "The next 60 days, with the scheduled outflows and the projected balance" })).toBeVisible()
  await page.getByTestId("ahead-chart-toggle").click()
  await expect(page.getByTestId("ahead-chart-table")).toBeVisible()
  await expect(page.getByTestId("ahead-day")).toHaveCount(61)
  await saveShot(page, "charts-days-ahead-en.png", { fullPage: true })
  await go(page, "/en/banking/cards/statements")
  await drawn(page, "card-spending-chart")
  expect(await focusLast(page, "card-spending-chart")).toContain("Spent: R$")
  await saveShot(page, "charts-card-spending-en.png", { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await context.close()
})
