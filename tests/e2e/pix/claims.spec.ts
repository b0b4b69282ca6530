/**
 * Pix key claims and confirmation codes (spec features §2 my-keys, §3, §4 claim states, §5 the 5-digit
 * code, §8 "incorrect code", "Pix key creation limit reached", §9; issue 12; docs/decisions.md "Pix keys
 * and claims"), two people in two browser contexts: Ana types Bruno's phone key, the directory says it is
 * someone else's and offers a claim; she starts it; Bruno's open tab shows the claim against his key
 * without a reload and he approves it; the key moves — Ana's open tab shows it, and paying it decodes to
 * Ana. Ana's open claim fills her 5 places: a 6th key is refused with its message. Then the key goes back
 * to Bruno the normal way: Ana deletes it and Bruno registers it again with its code, a wrong code first
 * (attempts left shown). Pages in pt and en, axe-clean.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"

/** A navigation right after sign-in may be aborted by the app's own redirect to the home: once more then. */
const open = async (page: Page, path: string): Promise<void> => {
  try {
    await go(page, path)
  } catch {
    await go(page, path)
  }
}

const axeSerious = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)

/** The code the sandbox printed for a key (its console, read through the admin endpoint). */
const printedCode = async (page: Page, key: string): Promise<string> => {
  const r = await page.request.get(`${new URL(page.url()).origin}/__admin/codes?email=${encodeURIComponent(`pix-key:${key}`)}`)
  return ((await r.json()) as { data: { code: string | null } }).data.code ?? ""
}

test("features §4 §5 §8 issue 12: Ana claims Bruno's phone key, Bruno approves live, the key moves; the limit and a wrong code show their messages (pt, en; axe)", async ({
  page,
  browser
}) => {
  // the session outlives the slow steps of a loaded machine (src/lib/session.ts `?session_ms=`, kept for the tab)
  await open(page, "/auth/login?session_ms=1800000")
  await signInToHome(page, "ana@example.com")
  await open(page, "/banking/pix/my-keys")
  await expect(page.getByTestId("pix-keys-count")).toHaveText("4 de 5 chaves", { timeout: 30_000 })

  // Bruno, in his own browser, on his keys
  const brunoCtx = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })
  const bruno = await brunoCtx.newPage()
  await open(bruno, "/auth/login?session_ms=1800000")
  await signInToHome(bruno, "bruno@example.com")
  await open(bruno, "/banking/pix/my-keys")
  const brunoPhoneRow = bruno.locator('[data-testid="pix-key-row"][data-key^="+55"]')
  await expect(brunoPhoneRow).toHaveCount(1, { timeout: 30_000 })
  const phone = (await brunoPhoneRow.getAttribute("data-key")) ?? ""

  // Ana types it as a new key: it is someone else's, a claim is offered
  await page.getByTestId("pix-key-type").selectOption("phone")
  await page.getByTestId("pix-key-value").fill(phone)
  await page.getByTestId("pix-key-register").click()
  await new PinPrompt(page).answer()
  const offer = page.getByTestId("pix-key-claim-offer")
  await expect(offer).toContainText(`A chave ${phone} pertence a outra conta.`, { timeout: 20_000 })
  await offer.getByTestId("pix-key-claim-start").click()
  await new PinPrompt(page).answer()
  const anaClaim = page.getByTestId("pix-claims-mine").locator(`[data-key="${phone}"]`)
  await expect(anaClaim).toHaveAttribute("data-status", "opened", { timeout: 20_000 })
  await expect(anaClaim.getByTestId("pix-claim-deadline")).toBeVisible()
  await expect(anaClaim).toContainText("Lima & Filhos Comércio de Alimentos Ltda")

  // features §9: the open claim takes Ana's 5th place — a new key is refused with the catalogue's message
  await page.getByTestId("pix-key-type").selectOption("random")
  await page.getByTestId("pix-key-register").click()
  await expect(page.getByRole("alert").filter({ hasText: "Limite de chaves Pix atingido." })).toBeVisible()
  await saveShot(page, `pix-claims-ana-pt.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])

  // Bruno's tab, no reload: the claim against his key, with its deadline; he approves it
  const against = bruno.getByTestId("pix-claims-against").locator(`[data-key="${phone}"]`)
  await expect(against).toHaveAttribute("data-status", "opened", { timeout: 20_000 })
  await expect(against).toContainText("Ana Beatriz Souza")
  await expect(against.getByTestId("pix-claim-deadline")).toBeVisible()
  await expect(brunoPhoneRow.getByTestId("pix-key-in-claim")).toBeVisible()
  await saveShot(bruno, `pix-claims-bruno-pt.png`, { fullPage: true })
  await against.getByTestId("pix-claim-approve").click()
  await new PinPrompt(bruno).answer()
  await expect(against).toHaveAttribute("data-status", "confirmed", { timeout: 20_000 })
  await expect(brunoPhoneRow).toHaveCount(0)

  // Ana's tab, no reload: the key is hers, the claim concluded
  await expect(page.locator(`[data-testid="pix-key-row"][data-key="${phone}"]`)).toHaveAttribute("data-status", "added", { timeout: 20_000 })
  await expect(anaClaim).toHaveAttribute("data-status", "confirmed")
  await expect(page.getByTestId("pix-keys-count")).toHaveText("5 de 5 chaves")

  // paying the key now reaches Ana
  await open(bruno, "/banking/pix/pay")
  await bruno.getByTestId("pix-key").fill(phone)
  await bruno.getByTestId("pix-key-continue").click()
  await expect(bruno.getByTestId("pix-beneficiary-name")).toHaveText("Ana Beatriz Souza")

  // back to Bruno the normal way: Ana deletes it…
  await page.locator(`[data-testid="pix-key-row"][data-key="${phone}"]`).getByTestId("pix-key-delete").click()
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Excluir" }).click()
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("pix-keys-count")).toHaveText("4 de 5 chaves", { timeout: 20_000 })

  // …and Bruno registers it again: a phone key waits for its 5-digit code; a wrong one costs an attempt
  await open(bruno, "/banking/pix/my-keys")
  await bruno.getByTestId("pix-key-type").selectOption("phone")
  await bruno.getByTestId("pix-key-value").fill(phone)
  await bruno.getByTestId("pix-key-register").click()
  await new PinPrompt(bruno).answer()
  const pending = bruno.locator(`[data-testid="pix-key-row"][data-key="${phone}"]`)
  // while the command is in flight its pending row may stand beside the synced one; once it is
  // confirmed only the directory's row is left
  await expect(pending).toHaveCount(1, { timeout: 60_000 })
  await expect(pending).toHaveAttribute("data-status", "not_confirmed", { timeout: 20_000 })
  await expect(pending.getByTestId("pix-key-code-hint")).toContainText("Tentativas restantes: 3.")
  const code = await printedCode(bruno, phone)
  expect(code).toMatch(/^\d{5}$/)
  const wrong = String((Number(code) + 1) % 100_000).padStart(5, "0")
  await pending.getByTestId("pix-key-code").fill("12")
  await pending.getByTestId("pix-key-code-confirm").click()
  await expect(pending.getByText("O código deve ter 5 dígitos")).toBeVisible()
  await pending.getByTestId("pix-key-code").fill(wrong)
  await pending.getByTestId("pix-key-code-confirm").click()
  await expect(pending.getByTestId("pix-key-code-error")).toHaveText("Código incorreto. Tentativas restantes: 2.", { timeout: 20_000 })
  await expect(pending.getByTestId("pix-key-code")).toHaveValue(wrong)
  await saveShot(bruno, `pix-key-code-pt.png`, { fullPage: true })
  await pending.getByTestId("pix-key-code").fill(code)
  await pending.getByTestId("pix-key-code-confirm").click()
  await expect(pending).toHaveAttribute("data-status", "added", { timeout: 20_000 })
  await brunoCtx.close()

  // English
  await open(page, "/en/banking/pix/my-keys")
  await expect(page.getByTestId("pix-keys-count")).toHaveText("4 of 5 keys", { timeout: 60_000 })
  await expect(page.getByTestId("pix-claims")).toContainText("Claims and portability")
  await expect(page.getByTestId("pix-claims-mine").locator(`[data-key="${phone}"]`)).toContainText("Completed")
  await saveShot(page, `pix-claims-ana-en.png`, { fullPage: true })
  expect(await axeSerious(page)).toEqual([])
})
