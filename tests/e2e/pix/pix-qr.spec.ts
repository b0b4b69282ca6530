/**
 * Pix by code (spec features §2 receive, my-qr-codes, pay by copy-and-paste code or QR code, §3, §8;
 * issue 12), two people in two browser contexts: Bruno makes a QR code on his receive page; Ana pays it
 * by copy-and-paste (after a corrupted copy is refused with its message) and, for a dynamic code, by the
 * QR image downloaded from Bruno's page (after an image with no code is refused). Bruno's page shows each
 * code paid without a reload; the sandbox's ledger shows each debit and credit once. Pages in pt and en,
 * axe-clean.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, saveShot } from "../fixtures.ts"
import { makeCode, openBruno, payReviewed } from "./qr-pages.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

test("features §2/§8 issue 12: Ana pays Bruno's static code by copy-and-paste; a corrupted copy is refused; Bruno sees it paid live; ledger once each", async ({
  page,
  browser
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string
  const { bruno, close } = await openBruno(browser)
  const emv = await makeCode(bruno, { amount: "45,67", description: "Pedido 42" })
  await saveShot(bruno, `pix-receive-pt.png`, { fullPage: true })
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]

  await go(page, "/banking/pix/pay?by=code")
  // features §8: one changed character breaks the CRC — said in pt, and what was pasted is kept
  const broken = emv.replace("bruno@", "brunx@")
  await page.getByTestId("pix-code").fill(broken)
  await page.getByTestId("pix-code-continue").click()
  await expect(page.getByTestId("pix-code-error")).toHaveText("Código Pix corrompido: o dígito verificador (CRC) não confere. Copie o código novamente.")
  await expect(page.getByTestId("pix-code")).toHaveValue(broken)
  await page.getByTestId("pix-code").fill(emv)
  await page.getByTestId("pix-code-continue").click()
  await expect(page.getByTestId("pix-code-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText(/45,67/)
  const commandId = await payReviewed(page)
  await saveShot(page, `pix-code-paid-pt.png`)

  // Bruno's open page shows his code paid, no reload
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "paid", { timeout: 20_000 })
  await expect(bruno.getByTestId("pix-qr-paid")).toContainText("45,67")
  await close()

  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 4_567)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 4_567)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
})

test("features §2 §3 issue 12: Ana pays Bruno's dynamic code by the QR image from his page; an image with no code is refused; paid once", async ({
  page,
  browser
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string
  const { bruno, close } = await openBruno(browser)
  await makeCode(bruno, { dynamic: true, amount: "12,34" })
  const src = (await bruno.getByTestId("pix-qr-image").getAttribute("src")) ?? ""
  const png = Buffer.from(src.replace(/^data:image\/png;base64,/, ""), "base64")
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]

  await go(page, "/banking/pix/pay?by=code")
  // an image with no QR code in it
  const blank = await page.getByTestId("pix-code-form").screenshot()
  await page.getByTestId("pix-code-image").setInputFiles({ name: "blank.png", mimeType: "image/png", buffer: blank })
  await expect(page.getByTestId("pix-code-error")).toHaveText("Esta imagem não tem um QR code Pix. Tente uma foto mais nítida.")
  await page.getByTestId("pix-code-image").setInputFiles({ name: "pix.png", mimeType: "image/png", buffer: png })
  await expect(page.getByTestId("pix-code-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 20_000 })
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText(/12,34/)
  const commandId = await payReviewed(page)
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "paid", { timeout: 20_000 })
  await close()

  // the same code again: a dynamic code is paid once
  await page.getByTestId("pix-code-again").click()
  await page.getByTestId("pix-code-image").setInputFiles({ name: "pix.png", mimeType: "image/png", buffer: png })
  await expect(page.getByTestId("pix-code-error")).toHaveText("Este código Pix já foi pago.", { timeout: 20_000 })

  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 1_234)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 1_234)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
})

test("features §2 receive, my-qr-codes, pay by code in pt and en: texts and axe with no serious violation", async ({ page }) => {
  await signInToHome(page, "bruno@example.com")
  await makeCode(page, { amount: "10,00" })
  const serious = async (): Promise<string[]> =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)
  expect(await serious()).toEqual([])
  await go(page, "/banking/pix/my-qr-codes")
  await expect(page.getByTestId("pix-qr-row").first()).toContainText("Aguardando pagamento", { timeout: 30_000 })
  await page.getByTestId("pix-qr-open").first().click()
  await expect(page.getByTestId("pix-qr-image")).toBeVisible()
  expect(await serious()).toEqual([])
  await saveShot(page, `pix-qr-list-pt.png`, { fullPage: true })
  await go(page, "/en/banking/pix/receive")
  await expect(page.getByRole("heading", { name: "Receive with a QR code" })).toBeVisible({ timeout: 30_000 })
  expect(await serious()).toEqual([])
  await saveShot(page, `pix-receive-en.png`, { fullPage: true })
  await go(page, "/en/banking/pix/my-qr-codes")
  await expect(page.getByTestId("pix-qr-row").first()).toContainText("Awaiting payment", { timeout: 30_000 })
  await go(page, "/en/banking/pix/pay?by=code")
  await expect(page.getByTestId("pix-code")).toBeVisible({ timeout: 30_000 })
  await page.getByTestId("pix-code").fill("000201hello")
  await page.getByTestId("pix-code-continue").click()
  await expect(page.getByTestId("pix-code-error")).toHaveText("Invalid Pix code. Check that you copied the whole code.")
  expect(await serious()).toEqual([])
  await saveShot(page, `pix-pay-code-en.png`, { fullPage: true })
})

test("features §3 D-pix-qr-variants: Bruno makes a due-date billing with a discount and a change code; Ana sees each charge broken down and pays; ledger once each (pt, en)", async ({
  page,
  browser
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string
  const { bruno, close } = await openBruno(browser)
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10) // São Paulo's day (UTC-3)

  // a due-date billing due today, R$ 200,00 with R$ 15,00 off until today; a past due date is refused first
  await go(bruno, "/banking/pix/receive")
  await expect(bruno.getByTestId("pix-qr-key").locator("option[value='bruno@example.com']")).toHaveCount(1, { timeout: 30_000 })
  await bruno.getByTestId("pix-qr-kind").selectOption("dynamic_due")
  await bruno.getByTestId("pix-qr-key").selectOption("bruno@example.com")
  await bruno.getByTestId("pix-qr-amount").fill("200,00")
  await bruno.getByTestId("pix-qr-due-date").fill("2020-01-01")
  await bruno.getByTestId("pix-qr-due-fine").fill("2")
  await bruno.getByTestId("pix-qr-due-interest").fill("1")
  await bruno.getByTestId("pix-qr-due-discount").fill("15,00")
  await bruno.getByTestId("pix-qr-due-until").fill(today)
  await bruno.getByTestId("pix-qr-create").click()
  await expect(bruno.getByTestId("pix-qr-error")).toHaveText("Informe um vencimento a partir de hoje.")
  await expect(bruno.getByTestId("pix-qr-amount")).toHaveValue("200,00")
  await bruno.getByTestId("pix-qr-due-date").fill(today)
  await bruno.getByTestId("pix-qr-create").click()
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "active", { timeout: 20_000 })
  await expect(bruno.getByTestId("pix-qr-terms")).toContainText("multa 2")
  await saveShot(bruno, `pix-qr-due-pt.png`, { fullPage: true })
  const dueEmv = await bruno.getByTestId("pix-qr-emv").inputValue()

  // a change code: a purchase of R$ 30,00 and R$ 50,00 change
  await bruno.getByTestId("pix-qr-new").click()
  await bruno.getByTestId("pix-qr-kind").selectOption("dynamic_change")
  await bruno.getByTestId("pix-qr-key").selectOption("bruno@example.com")
  await bruno.getByTestId("pix-qr-amount").fill("30,00")
  await bruno.getByTestId("pix-qr-cash").fill("50,00")
  await bruno.getByTestId("pix-qr-create").click()
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "active", { timeout: 20_000 })
  await expect(bruno.getByTestId("pix-qr-terms")).toHaveText("Compra de R$ 30,00 + troco de R$ 50,00 em dinheiro")
  const changeEmv = await bruno.getByTestId("pix-qr-emv").inputValue()
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]

  await go(page, "/banking/pix/pay?by=code")
  await page.getByTestId("pix-code").fill(dueEmv)
  await page.getByTestId("pix-code-continue").click()
  await expect(page.getByTestId("pix-code-discount")).toHaveText("− R$ 15,00", { timeout: 20_000 })
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText("R$ 185,00")
  await saveShot(page, `pix-code-due-pt.png`, { fullPage: true })
  await payReviewed(page)
  await page.getByTestId("pix-code-again").click()
  await page.getByTestId("pix-code").fill(changeEmv)
  await page.getByTestId("pix-code-continue").click()
  await expect(page.getByTestId("pix-code-cash")).toHaveText("R$ 50,00", { timeout: 20_000 })
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText("R$ 80,00")
  await payReviewed(page)
  await expect(bruno.getByTestId("pix-qr-card")).toHaveAttribute("data-status", "paid", { timeout: 20_000 })
  await close()
  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(balanceOf(after[0]!, "BRL") - balanceOf(before[0]!, "BRL")).toBe(-26_500)
  expect(balanceOf(after[1]!, "BRL") - balanceOf(before[1]!, "BRL")).toBe(26_500)

  // English: the breakdown's words
  await go(page, "/en/banking/pix/receive")
  await page.getByTestId("pix-qr-kind").selectOption("dynamic_due")
  await expect(page.getByTestId("pix-qr-due")).toContainText("Due date and charges")
  await expect(page.getByTestId("pix-qr-kind-hint")).toContainText("A bill in Pix")
  await saveShot(page, `pix-qr-due-en.png`, { fullPage: true })
})
