/**
 * Pix (spec features §2 Pix, §5, §7, §8, §9; issue 12), two people in two browser contexts: Ana pays
 * Bruno by his e-mail key — the key is decoded to him before the amount, the PIN step sends it once —
 * and Bruno's open Pix page shows the money arrive without a reload; the sandbox's ledger shows the
 * debit and the credit once each. My keys: "n of max", a random key registered and deleted, the key
 * over the limit refused with its message; pages in pt and en, axe-clean.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { balanceOf, ledger, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

test("features §2/§7 issue 12: Ana pays Bruno by key; Bruno sees it arrive live; each movement once in the ledger", async ({ page, browser }) => {
  await signInToHome(page, "ana@example.com")
  const { wallets } = await seed(page)
  const anaW = wallets["anaMain"] as string
  const brunoW = wallets["brunoMatrix"] as string
  const before = [await ledger(page, anaW), await ledger(page, brunoW)]

  // Bruno, in his own browser, watching his Pix page
  const brunoCtx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })
  const bruno = await brunoCtx.newPage()
  await signInToHome(bruno, "bruno@example.com")
  await go(bruno, "/banking/pix")
  await expect(bruno.getByTestId("pix-balance")).toHaveAttribute("data-balance", String(balanceOf(before[1]!, "BRL")), { timeout: 60_000 })

  await go(page, "/banking/pix/pay")
  await page.getByTestId("pix-key").fill("nao é chave")
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByText("Chave Pix inválida. Confira o formato.")).toBeVisible()
  await page.getByTestId("pix-key").fill("bruno@example.com")
  await page.getByTestId("pix-key-continue").click()
  await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
  await page.getByTestId("pix-amount").fill("123,45")
  await page.getByTestId("pix-description").fill("Almoço")
  await page.getByTestId("pix-review").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
  // a double click on the confirmation sends nothing more: one command, one PIN step
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 20_000 })
  await saveShot(page, `pix-paid-pt.png`)
  const commandId = (await page.getByTestId("pix-pay-result").getAttribute("data-command-id")) ?? ""

  // Bruno's page shows the money without a reload
  await expect(bruno.getByTestId("pix-balance")).toHaveAttribute("data-balance", String(balanceOf(before[1]!, "BRL") + 12_345), { timeout: 20_000 })
  await saveShot(bruno, `pix-received-pt.png`)
  await brunoCtx.close()

  const after = [await ledger(page, anaW), await ledger(page, brunoW)]
  expect(balanceOf(after[0]!, "BRL")).toBe(balanceOf(before[0]!, "BRL") - 12_345)
  expect(balanceOf(after[1]!, "BRL")).toBe(balanceOf(before[1]!, "BRL") + 12_345)
  expect(after[0]!.transactions.filter((x) => x.transaction_uuid === commandId)).toEqual([
    expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })
  ])
  expect(after[1]!.statement_rows - before[1]!.statement_rows).toBe(1)
})

test("features §2 my-keys, §8, §9: n of max, a random key registered and deleted, the key over the limit refused (pt, en; axe)", async ({ page }) => {
  await signInToHome(page, "ana@example.com")
  await go(page, "/banking/pix/my-keys")
  // the maximum comes with the account's first sync, which a loaded machine takes its time over
  await expect(page.getByTestId("pix-keys-count")).toHaveText("4 de 5 chaves", { timeout: 30_000 })
  await expect(page.getByTestId("pix-key-row")).toHaveCount(4)
  await page.getByTestId("pix-key-type").selectOption("random")
  await page.getByTestId("pix-key-register").click()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-keys-count")).toHaveText("5 de 5 chaves")
  await expect(page.getByTestId("pix-key-row").filter({ has: page.getByTestId("pix-key-delete") })).toHaveCount(5, { timeout: 20_000 })
  // the 6th: refused before anything is sent, with the catalogue's message
  await page.getByTestId("pix-key-register").click()
  await expect(page.getByRole("alert").filter({ hasText: "Limite de chaves Pix atingido." })).toBeVisible()
  await saveShot(page, `pix-keys-pt.png`, { fullPage: true })
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([])
  // delete the random key again
  const random = page.getByTestId("pix-key-row").filter({ hasText: "Aleatória" }).last()
  await random.getByTestId("pix-key-delete").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Excluir" }).click()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-key-row")).toHaveCount(4, { timeout: 20_000 })
  // English
  await go(page, "/en/banking/pix/my-keys")
  await expect(page.getByTestId("pix-keys-count")).toHaveText("4 of 5 keys")
  await saveShot(page, `pix-keys-en.png`, { fullPage: true })
})
