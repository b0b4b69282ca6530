/**
 * The receipt after a money movement (issue 31 item 1): Ana pays a Pix; its "done" screen offers the
 * receipt, which shows the amount, the payer and receiver and the end-to-end id, and downloads as a PDF
 * made in the browser whose text holds the amount and the end-to-end id the users API recorded. The same
 * receipt from the statement row in English says it in English, in the page and in the PDF. A boleto paid
 * offers the same receipt (the one view, the one PDF writer), its line as the receiver's, authenticated once
 * the server has generated its receipt (polled every 2 s), and copied as text where files cannot be shared;
 * where they can (Web Share API, stubbed as a phone's browser), a Pix received's receipt is shared as a PDF.
 * While the server's receipt cannot be had, the receipt is a local copy and says so.
 */
import { readFileSync } from "node:fs"
import AxeBuilder from "@axe-core/playwright"
import { expect, test, saveShot } from "../fixtures.ts"
import type { Page } from "../test.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"
import { apiStatement, seed, StatementsPage } from "../statements/pages.ts"
import { pdfText } from "../../support/pdf-text.ts"
import { BilletPay, slip } from "../billet/billet-pages.ts"
import { Sandbox } from "../pages/sandbox.ts"

/** The PDF the receipt's download button saves, as text. */
async function downloadedPdf(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("receipt-dialog").getByTestId("receipt-download").click()])
  const bytes = readFileSync(await file.path())
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
  return { name: file.suggestedFilename(), text: await pdfText(new Uint8Array(bytes)) }
}

test("issue 31 item 1: after a Pix the receipt downloads as a PDF holding the amount and the end-to-end id (pt, then en from the statement)", async ({
  page
}) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string

  await go(page, "/banking/pix/pay")
  await page.getByTestId("pix-key").fill("bruno@example.com")
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
  await page.getByTestId("pix-amount").fill("123,45")
  await page.getByTestId("pix-description").fill("Almoço")
  await page.getByTestId("pix-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  const result = page.getByTestId("pix-pay-result")
  await expect(result).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  const commandId = (await result.getAttribute("data-command-id")) ?? ""

  // what the users API recorded for this command: its one PIX_OUT row and end-to-end id
  const rows = (await apiStatement(page, anaW, { type: "PIX_OUT" })) as unknown as ReadonlyArray<{
    transaction_uuid: string | null
    end_to_end_id: string | null
  }>
  const mine = rows.filter((r) => r.transaction_uuid === commandId)
  expect(mine).toHaveLength(1)
  const e2e = mine[0]?.end_to_end_id ?? ""
  expect(e2e).toMatch(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/)

  // the end of the flow: the receipt, authenticated by the server once its Pix receipt arrives
  await result.getByTestId("receipt-open").click()
  const dialog = page.getByTestId("receipt-dialog")
  await expect(dialog.getByTestId("receipt-view")).toHaveAttribute("data-local", "false", { timeout: 20_000 })
  await expect(dialog.getByTestId("receipt-amount")).toHaveText("R$ 123,45")
  await expect(dialog.getByTestId("receipt-kind")).toHaveText("Pix enviado")
  await expect(dialog.getByTestId("receipt-line-e2e")).toHaveText(e2e)
  await expect(dialog.getByTestId("receipt-line-receiver-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
  await expect(dialog.getByTestId("receipt-line-receiver-account")).toHaveText("bruno@example.com")
  await expect(dialog.getByTestId("receipt-line-description")).toHaveText("Almoço")
  await expect(dialog.getByTestId("receipt-line-authentication")).toHaveText(/^[0-9A-F]{4}(\.[0-9A-F]{4}){7}$/)
  await expect(dialog.getByTestId("receipt-local")).toHaveCount(0)
  // headless Chromium cannot share files: the text copy is offered instead
  await expect(dialog.getByTestId("receipt-copy")).toBeVisible()
  await saveShot(page, "receipt-pix-pt.png")
  const axe = await new AxeBuilder({ page }).include('[data-testid="receipt-dialog"]').analyze()
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([])

  const pt = await downloadedPdf(page)
  expect(pt.name).toMatch(/^comprovante-.+\.pdf$/)
  expect(pt.text).toContain("R$ 123,45")
  expect(pt.text).toContain(e2e)
  expect(pt.text).toContain("Comprovante")
  expect(pt.text).toContain("Pix enviado")

  // printing shows the receipt alone
  await page.emulateMedia({ media: "print" })
  await expect(page.getByTestId("receipt-print-copy")).toBeVisible()
  await expect(page.locator("header").first()).toBeHidden()
  await page.emulateMedia({ media: "screen" })
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()

  // the same movement's receipt from its statement row, in English
  await go(page, "/en/banking/statements")
  const st = new StatementsPage(page)
  await expect(st.root).toBeVisible({ timeout: 30_000 })
  await st.type.selectOption("PIX_OUT")
  await st.text.fill("Almoço")
  await expect(st.rows.first()).toBeVisible()
  await st.rows.first().click()
  await expect(dialog.getByTestId("receipt-view")).toHaveAttribute("data-local", "false", { timeout: 20_000 })
  await expect(dialog.getByTestId("receipt-amount")).toHaveText("R$123.45")
  await expect(dialog.getByTestId("receipt-kind")).toHaveText("Pix sent")
  await expect(dialog.getByTestId("receipt-line-e2e")).toHaveText(e2e)
  await expect(dialog).toContainText("End-to-end ID")
  // the key the payment named comes from the synced Pix statement (the account statement does not carry it)
  await expect(dialog.getByTestId("receipt-line-receiver-account")).toHaveText("bruno@example.com")
  await saveShot(page, "receipt-pix-en.png")
  const en = await downloadedPdf(page)
  expect(en.name).toMatch(/^receipt-.+\.pdf$/)
  expect(en.text).toContain("R$123.45")
  expect(en.text).toContain(e2e)
  expect(en.text).toContain("Receipt")
  expect(en.text).toContain("Pix sent")
})

test("issue 31 item 1: a boleto paid offers the same receipt at the end of its flow, with its line, as a PDF", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  const pay = new BilletPay(page)
  await pay.open()
  await pay.decode(await slip(page, "01"))
  await expect(pay.charged).toHaveAttribute("data-value", "15000", { timeout: 60_000 })
  await pay.review.click()
  await pay.dialog.getByRole("button", { name: "Pagar" }).click()
  await new PinPrompt(page).answer()
  await expect(pay.result).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  await pay.result.getByTestId("receipt-open").click()
  const dialog = page.getByTestId("receipt-dialog")
  await expect(dialog.getByTestId("receipt-kind")).toHaveText("Pagamento de boleto")
  await expect(dialog.getByTestId("receipt-view")).toHaveAttribute("data-local", "false", { timeout: 20_000 })
  await expect(dialog.getByTestId("receipt-amount")).toHaveText("R$ 150,00")
  const line = await dialog.getByTestId("receipt-line-receiver-account").innerText()
  expect(line.replace(/\D/g, "")).toHaveLength(47)
  await saveShot(page, "receipt-billet-pt.png")
  const pdf = await downloadedPdf(page)
  expect(pdf.text).toContain("R$ 150,00")
  expect(pdf.text).toContain(line)
  expect(pdf.text).toContain("Pagamento de boleto")

  // where files cannot be shared, the same lines go to the clipboard as text
  await page.evaluate(() => {
    Object.defineProperty(navigator.clipboard, "writeText", {
      configurable: true,
      value: (text: string) => {
        ;(window as unknown as { copied: string }).copied = text
        return Promise.resolve()
      }
    })
  })
  await dialog.getByTestId("receipt-copy").click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied ?? "")).toContain(`Linha digitável: ${line}`)
  const copied = await page.evaluate(() => (window as unknown as { copied: string }).copied)
  expect(copied).toContain("Comprovante — Pagamento de boleto")
  expect(copied).toContain("Valor: R$ 150,00")
})

test("issue 31 item 1: where the browser can share files, a Pix received's receipt is shared as a PDF through the Web Share API", async ({ page }) => {
  // a browser that shares PDF files (a phone's): what it is handed is kept for the test to read
  await page.addInitScript(() => {
    const shared: Array<{ name: string; type: string; bytes: number[] }> = []
    Object.assign(window, { shared })
    Object.defineProperty(navigator, "canShare", {
      configurable: true,
      value: (d: ShareData) => Array.isArray(d.files) && d.files.length > 0 && d.files.every((f) => f.type === "application/pdf")
    })
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (d: ShareData) => {
        for (const f of d.files ?? []) shared.push({ name: f.name, type: f.type, bytes: Array.from(new Uint8Array(await f.arrayBuffer())) })
      }
    })
  })
  await signInToHome(page, "ana@example.com")
  const st = new StatementsPage(page)
  await st.open()
  await st.type.selectOption("PIX_IN")
  await expect(st.rows.first()).toBeVisible()
  await st.rows.first().click()
  const dialog = page.getByTestId("receipt-dialog")
  await expect(dialog.getByTestId("receipt-kind")).toHaveText("Pix recebido")
  await expect(dialog.getByTestId("receipt-view")).toHaveAttribute("data-local", "false", { timeout: 20_000 })
  await expect(dialog.getByTestId("receipt-copy")).toHaveCount(0)
  const amount = await dialog.getByTestId("receipt-amount").innerText()
  const e2e = await dialog.getByTestId("receipt-line-e2e").innerText()
  await dialog.getByTestId("receipt-share").click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(1)
  const [file] = await page.evaluate(() => (window as unknown as { shared: Array<{ name: string; type: string; bytes: number[] }> }).shared)
  expect(file?.type).toBe("application/pdf")
  expect(file?.name).toMatch(/^comprovante-.+\.pdf$/)
  const text = await pdfText(Uint8Array.from(file?.bytes ?? []))
  expect(text).toContain(amount)
  expect(text).toContain(e2e)
  expect(text).toContain("Pix recebido")
})

test("issue 31 item 1: while the server's receipt cannot be had, the receipt made from the local data says it is a local copy, on screen and in its PDF", async ({
  page,
  baseURL
}) => {
  await signInToHome(page, "ana@example.com")
  const st = new StatementsPage(page)
  await st.open()
  await st.type.selectOption("PIX_IN")
  await expect(st.rows.first()).toBeVisible()
  // the bank's receipt calls fail (the Pix receipt and the operation's): its authentication code never arrives
  await new Sandbox(baseURL ?? "").client.admin("faults", { body: { error_rate: { "/users/v2/pix/receipt": 1, "/users/operations/": 1 }, status: 503 } })
  await st.rows.first().click()
  const dialog = page.getByTestId("receipt-dialog")
  await expect(dialog.getByTestId("receipt-view")).toHaveAttribute("data-local", "true")
  await expect(dialog.getByTestId("receipt-local")).toHaveText(/^Cópia local/)
  await expect(dialog.getByTestId("receipt-line-authentication")).toHaveText("aguardando o servidor")
  const e2e = await dialog.getByTestId("receipt-line-e2e").innerText()
  expect(e2e).toMatch(/^E/)
  await saveShot(page, "receipt-local-pt.png")
  const pdf = await downloadedPdf(page)
  expect(pdf.text).toContain("Cópia local")
  expect(pdf.text).toContain(e2e)
  await new Sandbox(baseURL ?? "").client.admin("resetFaults", {})
})
