/**
 * Favored contacts (spec features §2 favored-contacts, favored-contacts/add, pay/pay-with-contact, §7
 * /users/pix/trusted-contacts; issue 12): Ana adds Carla by her e-mail key — decoded to Carla before it is
 * saved; the same key again is refused with its message —, pays her from the contact (the pay-by-key
 * flow pre-filled: one command, one PIN step, one debit and one credit in the sandbox's ledger), then
 * removes her. Pages in pt and en, axe-clean.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

/** The session ends 5 min after sign-in unless renewed (core §9): renew it, as a user would, on a slow machine. */
const keepSession = async (page: Page): Promise<void> => {
  const b = page.getByRole("button", { name: /^(Continuar sessão|Continue session)$/ })
  if (await b.isVisible()) await b.click()
}
const axeSerious = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

test("features §2 favored-contacts issue 12: add a contact by key, pay with it once, remove it (pt, en, axe)", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  const sb = new Sandbox(new URL(page.url()).origin)
  const anaW = await sb.walletId("anaMain")
  const carlaW = await sb.walletId("carla")

  await go(page, "/banking/pix/favored-contacts")
  await expect(page.locator('[data-testid="pix-contact-row"][data-key="bruno@example.com"]')).toBeVisible({ timeout: 60_000 })
  await saveShot(page, `pix-contacts-pt.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])

  await keepSession(page)
  // add Carla: a bad key keeps what was typed; her key is decoded to her before saving
  await page.getByTestId("pix-contact-add-link").click()
  await page.getByTestId("pix-contact-key").fill("carla@")
  await page.getByTestId("pix-contact-lookup").click()
  await expect(page.getByText("Chave Pix inválida. Confira o formato.")).toBeVisible()
  await expect(page.getByTestId("pix-contact-key")).toHaveValue("carla@")
  await page.getByTestId("pix-contact-key").fill("carla@example.com")
  await page.getByTestId("pix-contact-lookup").click()
  await expect(page.getByTestId("pix-contact-decoded-name")).toHaveText("Carla Regina Mendes", { timeout: 20_000 })
  await saveShot(page, `pix-contact-add-pt.png`, { fullPage: true })
  await page.getByTestId("pix-contact-save").click()
  const carla = page.locator('[data-testid="pix-contact-row"][data-key="carla@example.com"]')
  await expect(carla.getByTestId("pix-contact-name")).toHaveText("Carla Regina Mendes", { timeout: 20_000 })
  // the same key again: refused before anything is sent
  await page.getByTestId("pix-contact-add-link").click()
  await page.getByTestId("pix-contact-key").fill("carla@example.com")
  await page.getByTestId("pix-contact-lookup").click()
  await expect(page.getByText("Este contato já está salvo.")).toBeVisible()

  await keepSession(page)
  // pay with the contact: the pay-by-key flow, pre-filled
  const before = [await sb.ledger(anaW), await sb.ledger(carlaW)]
  await page.getByRole("navigation", { name: "Seções do Pix" }).getByRole("link", { name: "Pagar", exact: true }).click()
  await page.getByTestId("pix-by-contact").click()
  await page.locator('[data-testid="pix-contact-choice"][data-key="carla@example.com"]').getByTestId("pix-contact-choose").click()
  await expect(page.getByTestId("pix-key")).toHaveValue("carla@example.com")
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Carla Regina Mendes", { timeout: 20_000 })
  await page.getByTestId("pix-amount").fill("12,34")
  await page.getByTestId("pix-review").click()
  await saveShot(page, `pix-pay-with-contact-pt.png`, { fullPage: true })
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).dblclick()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 })
  const commandId = (await page.getByTestId("pix-pay-result").getAttribute("data-command-id")) ?? ""
  const after = [await sb.ledger(anaW), await sb.ledger(carlaW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 1_234)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 1_234)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)

  await keepSession(page)
  // English pages
  await go(page, "/en/banking/pix/pay/pay-with-contact")
  await expect(page.getByRole("heading", { name: "Choose who to pay" })).toBeVisible({ timeout: 60_000 })
  await saveShot(page, `pix-pay-with-contact-en.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
  // inside the app from here (a reload costs minutes on a busy machine)
  const tabs = page.getByRole("navigation", { name: "Pix sections" })
  await tabs.getByRole("link", { name: "Contacts", exact: true }).click()
  await expect(carla).toBeVisible({ timeout: 60_000 })
  await saveShot(page, `pix-contacts-en.png`, { fullPage: true })
  await page.getByTestId("pix-contact-add-link").click()
  await expect(page.getByRole("heading", { name: "Add a favored contact" })).toBeVisible({ timeout: 60_000 })
  await saveShot(page, `pix-contact-add-en.png`, { fullPage: true })
  await page.getByRole("link", { name: "Back to contacts" }).click()
  await expect(carla).toBeVisible({ timeout: 60_000 })
  await keepSession(page)
  // remove Carla
  await carla.getByTestId("pix-contact-remove").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Remove" }).click()
  await expect(carla).toHaveCount(0, { timeout: 20_000 })
  // the page hides her at once (the delete's overlay); the server has her gone once the command is sent
  const ana = await sb.login("ana@example.com")
  await expect
    .poll(async () => (await sb.client.ok("pixContacts", { as: ana, wallet: anaW })).data.data.some((c) => c.key === "carla@example.com"), { timeout: 20_000 })
    .toBe(false)
})
