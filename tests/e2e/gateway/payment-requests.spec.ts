/**
 * Gateway payment requests (assisted payments) end to end (issue 16 "a payment request without an
 * invoice is refused with its message"; spec features §2 gateway payments, §3 "Payment request", §5
 * "invoice required"), in a real Chromium against the built app and the sandbox, as the seeded company
 * (bruno, matrix wallet): the form refuses a request without an invoice with the catalogue's message and
 * keeps everything typed; with the invoice (and the social contract) the files upload with progress
 * (sync/uploads), the request appears in the list and in the sandbox once, and a status set by the back
 * office shows live. pt and en, axe clean, screenshots.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Browser, type Page } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { go } from "../pages/navigation.ts"
import { signInToHome } from "../pages/sign-in.ts"

async function open(browser: Browser, baseURL: string, prefix: "" | "/en" = ""): Promise<{ page: Page; sb: Sandbox; close: () => Promise<void> }> {
  const sb = new Sandbox(baseURL)
  const context = await browser.newContext({
    baseURL,
    locale: prefix === "/en" ? "en-US" : "pt-BR",
    timezoneId: "America/Sao_Paulo",
    viewport: { width: 1280, height: 900 }
  })
  const page = await context.newPage()
  await signInToHome(page, "bruno@example.com", { prefix })
  await go(page, `${prefix}/gateway/payments`)
  await expect(page.getByTestId("payment-requests-page")).toBeVisible({ timeout: 30_000 })
  return { page, sb, close: () => context.close() }
}

async function axeSerious(page: Page): Promise<ReadonlyArray<string>> {
  const r = await new AxeBuilder({ page }).analyze()
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)
}

/** A PDF-looking file of `kb` KiB (over 256 KiB goes in several parts, so progress moves). */
const pdf = (name: string, kb: number) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(kb * 1024, 0x41)])
})

test("features §5 without an invoice the request is refused with its message and nothing typed is lost; with it the files upload with progress and the request is listed once", async ({
  browser,
  baseURL
}) => {
  const { page, sb, close } = await open(browser, baseURL ?? "")
  const matrix = await sb.walletId("brunoMatrix")
  const bruno = await sb.login("bruno@example.com")
  const name = `Fornecedora Teste ${Date.now() % 100000}`
  await expect(page.getByTestId("pr-row").first()).toBeVisible({ timeout: 30_000 })

  await page.getByTestId("pr-beneficiary").fill(name)
  await page.getByTestId("pr-document").pressSequentially("11222333000181")
  await expect(page.getByTestId("pr-document")).toHaveValue("11.222.333/0001-81")
  await page.getByTestId("pr-bank").selectOption("341")
  await page.getByTestId("pr-account-type").selectOption("savings")
  await page.getByTestId("pr-amount").fill("1.234,56")
  await page.getByTestId("pr-pix-key").fill("fornecedor@example.com")
  await page.getByTestId("pr-submit").click()
  await expect(page.getByTestId("pr-invoice-error")).toHaveText("A nota fiscal é obrigatória: anexe o arquivo da nota.")
  // nothing typed is lost, nothing was sent
  await expect(page.getByTestId("pr-beneficiary")).toHaveValue(name)
  await expect(page.getByTestId("pr-document")).toHaveValue("11.222.333/0001-81")
  await expect(page.getByTestId("pr-bank")).toHaveValue("341")
  await expect(page.getByTestId("pr-amount")).toHaveValue("1.234,56")
  await expect(page.getByTestId("pr-pix-key")).toHaveValue("fornecedor@example.com")
  const listed = async () =>
    (await sb.client.ok("paymentRequests", { as: bruno, wallet: matrix, query: { page_size: 100 } })).data.data.filter((r) => r.beneficiary_name === name)
  expect(await listed()).toHaveLength(0)
  await saveShot(page, `gateway-payment-requests-refused-pt.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])

  await page.getByTestId("pr-file-invoice").setInputFiles(pdf("nota-fiscal.pdf", 700))
  await page.getByTestId("pr-file-social_contract").setInputFiles(pdf("contrato-social.pdf", 300))
  await expect(page.getByTestId("pr-invoice-error")).toHaveCount(0)
  await page.getByTestId("pr-submit").click()
  const upload = page.getByTestId("pr-upload").filter({ hasText: name })
  await expect(upload).toBeVisible({ timeout: 10_000 })
  await expect(upload.getByTestId("pr-upload-progress")).toHaveAttribute("data-pct", "100", { timeout: 30_000 })
  await expect(upload).toHaveAttribute("data-status", "done", { timeout: 20_000 })
  const row = page.getByTestId("pr-row").filter({ hasText: name })
  await expect(row).toHaveCount(1, { timeout: 20_000 })
  await expect(row).toHaveAttribute("data-status", "pending_review", { timeout: 20_000 })
  await expect(row).toContainText("Em análise")
  await expect(row).toContainText("nota-fiscal.pdf")
  await expect(row).toContainText("contrato-social.pdf")
  const server = await listed()
  expect(server).toHaveLength(1)
  expect(server[0]).toMatchObject({
    document: "11222333000181",
    bank_code: "341",
    account_type: "savings",
    via: "pix",
    pix_key: "fornecedor@example.com",
    amount: 123_456
  })
  // the back office approves it: the list follows live
  await sb.client.admin("paymentRequestMove", { body: { id: server[0]!.id, status: "approved" } })
  await expect(row).toHaveAttribute("data-status", "approved", { timeout: 20_000 })
  await expect(row).toContainText("Aprovada")
  await saveShot(page, `gateway-payment-requests-pt.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await close()
})

test("features §2 the payment requests page in English: via account, the masks and the messages; axe clean", async ({ browser, baseURL }) => {
  const { page, close } = await open(browser, baseURL ?? "", "/en")
  await expect(page.getByRole("heading", { name: "Payment requests", level: 1 })).toBeVisible()
  await page.getByRole("radio", { name: "Agency and account" }).check()
  await page.getByTestId("pr-agency").fill("12a345")
  await expect(page.getByTestId("pr-agency")).toHaveValue("1234")
  await page.getByTestId("pr-document").pressSequentially("11144477736")
  await page.getByTestId("pr-submit").click()
  await expect(page.getByTestId("pr-invoice-error")).toHaveText("The invoice is required: attach the invoice file.")
  await expect(page.getByText("Invalid CPF or CNPJ")).toBeVisible()
  await expect(page.getByTestId("pr-document")).toHaveValue("111.444.777-36")
  await expect(page.getByTestId("pr-row").first()).toBeVisible({ timeout: 30_000 })
  await saveShot(page, `gateway-payment-requests-en.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  await close()
})
