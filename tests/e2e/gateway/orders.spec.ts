/**
 * Gateway orders with refund end to end (issue 16 "a refund lands once"; spec features §2 gateway
 * orders, §7 orders and orders-refunds; D-gateway-orders), in a real Chromium against the built app and
 * the sandbox, as the seeded company (bruno, matrix wallet): an order refunded through the dialog with
 * the PIN step, confirm clicked twice, lands once — one refund, one refund row in the gateway table, one
 * statement row under one transaction-uuid (the sandbox's ledger) — and shows once in the refunds list; a
 * refund over the order's value is refused by the form with its message. pt and en, axe clean.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { go } from "../pages/navigation.ts"
import { signInToHome } from "../pages/sign-in.ts"

async function axeSerious(page: Page): Promise<ReadonlyArray<string>> {
  const r = await new AxeBuilder({ page }).analyze()
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)
}

test("features §2 a refund with the PIN, confirm clicked twice, lands once and shows once among the refunds", async ({ browser, baseURL }) => {
  const sb = new Sandbox(baseURL ?? "")
  const context = await browser.newContext({ baseURL: baseURL ?? "", locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInToHome(page, "bruno@example.com")
  const matrix = await sb.walletId("brunoMatrix")
  const before = await sb.ledger(matrix)
  await go(page, "/gateway/orders")
  const paid = page.getByTestId("order-row").and(page.locator('[data-status="paid"]'))
  await expect(paid.first()).toBeVisible({ timeout: 30_000 })
  await saveShot(page, `gateway-orders-pt.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  const row = paid.first()
  const reference = (await row.getAttribute("data-reference")) ?? ""
  const order = page.getByTestId("order-row").and(page.locator(`[data-reference="${reference}"]`))

  // over the value: refused by the form with the catalogue's message, nothing sent
  await order.getByTestId("order-refund").click()
  const dialog = page.getByTestId("refund-dialog")
  await expect(dialog).toBeVisible()
  await dialog.getByTestId("refund-amount").fill("999.999,00")
  await dialog.getByTestId("refund-confirm").click()
  await expect(dialog).toContainText("O valor do estorno passa do valor do pedido.")
  await expect(dialog.getByTestId("refund-amount")).toHaveValue("999.999,00")
  await saveShot(page, `gateway-orders-refund-dialog-pt.png`, { fullPage: true })
  await dialog.getByRole("button", { name: "Voltar" }).click()

  // the whole order, confirm clicked twice
  await order.getByTestId("order-refund").click()
  await expect(dialog).toBeVisible()
  await dialog.getByTestId("refund-confirm").dblclick()
  await new PinPrompt(page).answer()
  await expect(order).toHaveAttribute("data-status", "refunded", { timeout: 20_000 })
  await expect(order).toContainText("Estornado")

  const orderId = (await sb.client.ok("gatewayOrders", { as: await sb.login("bruno@example.com"), wallet: matrix, query: { page_size: 100 } })).data.data.find(
    (o) => o.reference === reference
  )!.id
  const proof = await sb.client.admin("orderRefundsOf", { query: { order_id: orderId } })
  expect([proof.data.refunds.length, proof.data.refund_rows]).toEqual([1, 1])
  const after = await sb.ledger(matrix)
  const fresh = after.transactions.filter((t) => !before.transactions.some((b) => b.transaction_uuid === t.transaction_uuid) && t.statement_rows > 0)
  expect(fresh.map((t) => [t.statement_rows, t.idempotency_records])).toEqual([[1, 1]])
  const brl = (l: typeof before) => l.balances.find((b) => b.currency_symbol === "BRL")!.balance
  expect(brl(before) - brl(after)).toBe(proof.data.order.value)

  // once in the refunds list of the gateway table
  await go(page, "/gateway/transactions/refunds")
  await page.getByTestId("gateway-text").fill(reference)
  await expect(page.getByTestId("gateway-total-count")).toHaveText("1", { timeout: 20_000 })
  await expect(page.getByTestId("gateway-row")).toHaveCount(1)
  await context.close()
})

test("features §2 the orders page in English, axe clean", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL ?? "", locale: "en-US", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInToHome(page, "bruno@example.com", { prefix: "/en" })
  await go(page, "/en/gateway/orders")
  await expect(page.getByTestId("order-row").first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole("columnheader", { name: "Refunded" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Orders" })).toBeVisible()
  await page.getByTestId("order-refund").first().click()
  await expect(page.getByTestId("refund-dialog")).toContainText("The PIN will be asked.")
  await saveShot(page, `gateway-orders-en.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await context.close()
})
