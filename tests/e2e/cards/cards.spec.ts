/**
 * Cards end to end (spec features §2 cards, §4 card states, §5 activation by the last four
 * digits, §9 at most 5 virtual cards; issue 15 "What it must show"), in a real Chromium against
 * the built app and the sandbox: requests, activation, a block that survives a dropped
 * connection and a reload and lands exactly once (sandbox card events and ledger), a purchase on
 * the blocked card declined and shown live, unblock with the PIN, a new copy that blocks the old
 * card, a final delete; axe on every cards page in pt and en.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { CARDS, faults, openCards, plastic, purchase, resetFaults, Sandbox, stateOf } from "./cards-pages.ts"
import { go } from "../pages/navigation.ts"

test.afterEach(async ({ baseURL }) => {
  await resetFaults(baseURL ?? "")
})

test("features §9: five virtual cards are requested, 'n of 5' counts them, the 6th is refused in the user's language", async ({ browser, baseURL }) => {
  const { context, page, walletId } = await openCards(browser, baseURL ?? "", "carla@example.com", "carla")
  await go(page, `${CARDS}/virtual-card`)
  await expect(page.getByTestId("virtual-count")).toHaveText("0 de 5 cartões virtuais", { timeout: 20_000 })
  for (let i = 1; i <= 5; i++) {
    await page.getByTestId("request-virtual").click()
    await page.getByTestId("virtual-nickname").fill(`Cartão ${i}`)
    await page.getByTestId("virtual-confirm").click()
    await expect(page.getByTestId("virtual-count")).toHaveText(`${i} de 5 cartões virtuais`, { timeout: 15_000 })
  }
  await page.getByTestId("request-virtual").click()
  await page.getByTestId("virtual-confirm").click()
  await expect(page.getByTestId("virtual-refusal")).toHaveText("Limite de cartões virtuais atingido.", { timeout: 15_000 })
  await expect(page.getByTestId("virtual-count")).toHaveText("5 de 5 cartões virtuais")
  expect((await plastic(baseURL ?? "", walletId)).filter((c) => c.virtual)).toHaveLength(5)
  // the same refusal in English
  await go(page, `/en${CARDS}/virtual-card`)
  await expect(page.getByTestId("virtual-count")).toHaveText("5 of 5 virtual cards", { timeout: 20_000 })
  await page.getByTestId("request-virtual").click()
  await page.getByTestId("virtual-confirm").click()
  await expect(page.getByTestId("virtual-refusal")).toHaveText("Virtual card limit reached.", { timeout: 15_000 })
  await saveShot(page, `cards-virtual-limit-en.png`, { fullPage: true })
  await context.close()
})

test("features §4/§5: a physical card is activated by its last four digits; a wrong one first is refused and counted", async ({ browser, baseURL }) => {
  const { context, page, walletId } = await openCards(browser, baseURL ?? "", "diego@example.com", "diego")
  const [card] = await plastic(baseURL ?? "", walletId)
  await go(page, `${CARDS}/physical-card/${card!.id}`)
  await expect(stateOf(page)).toHaveAttribute("data-status", "pending", { timeout: 20_000 })
  await expect(page.getByTestId("card-number")).toHaveText("•••• •••• •••• ••••")
  await expect(page.getByTestId("card-track")).toContainText("Entregue")
  const last = card!.number.slice(-4)
  await page.getByTestId("activate-digits").fill(last === "0000" ? "1111" : "0000")
  await page.getByTestId("activate-submit").click()
  await expect(page.getByText("Os 4 últimos dígitos não conferem com o cartão.").first()).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText("Tentativas restantes: 2")).toBeVisible({ timeout: 15_000 })
  await page.getByTestId("activate-digits").fill(last)
  await page.getByTestId("activate-submit").click()
  await expect(stateOf(page)).toHaveAttribute("data-status", "activated", { timeout: 15_000 })
  await expect(page.getByTestId("card-number")).toHaveText(`•••• •••• •••• ${last}`)
  const after = (await plastic(baseURL ?? "", walletId))[0]!
  expect([after.status, after.events["activate"], after.events["activation-wrong"]]).toEqual(["activated", 1, 1])
  await saveShot(page, `cards-physical-activated-pt.png`, { fullPage: true })
  // features §5 card password: 4 digits, typed twice; a mismatch is refused with its message, nothing typed is lost
  await page.getByTestId("card-password").click()
  await page.getByTestId("password-new").fill("4821")
  await page.getByTestId("password-again").fill("4822")
  await page.getByTestId("password-pin").fill("1234")
  await page.getByTestId("password-submit").click()
  await expect(page.getByTestId("password-dialog")).toContainText("As senhas não conferem.")
  await expect(page.getByTestId("password-new")).toHaveValue("4821")
  await page.getByTestId("password-again").fill("4821")
  await page.getByTestId("password-submit").click()
  await expect(page.getByText("Senha do cartão alterada")).toBeVisible({ timeout: 10_000 })
  expect((await plastic(baseURL ?? "", walletId))[0]!.events["password"]).toBe(1)
  // features §3: number and CVV only after the PIN; a wrong PIN is refused; copy the number
  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  await page.getByTestId("card-reveal").click()
  await page.getByTestId("reveal-pin").fill("9999")
  await page.getByTestId("reveal-submit").click()
  await expect(page.getByTestId("reveal-dialog")).toContainText("PIN incorreto", { timeout: 10_000 })
  await expect(page.getByTestId("reveal-number")).toHaveCount(0)
  await new Sandbox(baseURL ?? "").client.admin("resetPinAttempts", { body: { user_email: "diego@example.com" } })
  await page.getByTestId("reveal-pin").fill("1234")
  await page.getByTestId("reveal-submit").click()
  await expect(page.getByTestId("reveal-number")).toHaveText(card!.number.replace(/(\d{4})(?=\d)/g, "$1 "), { timeout: 10_000 })
  await expect(page.getByTestId("reveal-cvv")).toHaveText(/^\d{3}$/)
  await page.getByTestId("reveal-copy").click()
  await expect(page.getByText("Número copiado")).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(card!.number)
  await context.close()
})

test("features §4: a block sent while the connection drops, then a reload, ends blocked exactly once; a purchase on it is declined and shown; unblock with the PIN", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const { context, page, walletId } = await openCards(browser, base, "helena@example.com", "helena")
  const card = (await plastic(base, walletId)).find((c) => !c.virtual && c.status === "activated")!
  const blocksBefore = card.events["block"] ?? 0
  await go(page, `${CARDS}/physical-card/${card.id}`)
  await expect(stateOf(page)).toHaveAttribute("data-status", "activated", { timeout: 20_000 })
  // the block commits, but its answer never arrives: the connection is dropped after the commit, and after every
  // replay of it (same transaction-uuid) until the faults are reset, so the command stays pending across the reload
  await faults(base, { fault_after_commit_rate: { "/users/cards/": 1 }, after_commit_mode: "drop" })
  await page.getByTestId("card-block").click()
  // a loaded machine takes its time to hand the command to the worker; it shows once it does
  await expect(stateOf(page)).toHaveText("Bloqueando…", { timeout: 20_000 })
  // the sandbox has committed the block (its answer was dropped) before the page goes away
  await expect.poll(async () => (await plastic(base, walletId)).find((c) => c.id === card.id)?.events["block"] ?? 0).toBe(blocksBefore + 1)
  await page.reload()
  // never flips back: blocking… (the list may already say blocked; the pending command still shows) until a retry gets the stored answer
  await expect(stateOf(page)).toHaveAttribute("data-status", /activated|blocked/, { timeout: 20_000 })
  await expect(stateOf(page)).toHaveText("Bloqueando…")
  await resetFaults(base)
  await expect(stateOf(page)).toHaveText("Bloqueado", { timeout: 30_000 })
  const blocked = (await plastic(base, walletId)).find((c) => c.id === card.id)!
  expect([blocked.status, blocked.events["block"]]).toEqual(["blocked", blocksBefore + 1])
  const blocks = (await new Sandbox(base).ledger(walletId)).transactions.filter((t) => t.endpoint === "cardBlock")
  expect(blocks.map((t) => t.idempotency_records)).toEqual([1])
  // a purchase at a shop on the blocked card: declined, and it shows live on the card's page
  expect((await purchase(base, card.id, 4590, "Padaria Real")).status).toBe("failed")
  const rows = page.getByTestId("card-statement").getByTestId("statement-row")
  await expect(rows.first()).toHaveAttribute("data-status", "failed", { timeout: 15_000 })
  await expect(rows.first()).toContainText("Recusada")
  await expect(rows.first()).toContainText("Padaria Real")
  await saveShot(page, `cards-blocked-declined-pt.png`, { fullPage: true })
  // unblock asks the PIN
  await page.getByTestId("card-unblock").click()
  await new PinPrompt(page).answer()
  await expect(stateOf(page)).toHaveText("Ativo", { timeout: 15_000 })
  expect((await purchase(base, card.id, 1200, "Farmácia São João")).status).toBe("completed")
  await expect(rows.first()).toHaveAttribute("data-status", "completed", { timeout: 15_000 })
  await context.close()
})

test("features §4: a new copy blocks the old card for good; delete is final, its PIN asked again after a reload (PN5)", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const { context, page, walletId } = await openCards(browser, base, "ana@example.com", "anaMain")
  const cards = await plastic(base, walletId)
  const phys = cards.find((c) => !c.virtual && c.status === "activated" && c.replaced_by === null)!
  await go(page, `${CARDS}/physical-card/${phys.id}`)
  await expect(stateOf(page)).toHaveAttribute("data-status", "activated", { timeout: 20_000 })
  // D-pay-flow: the new copy is reviewed (the card named), then the shell asks the PIN, then the outcome follows it
  await page.getByTestId("card-newcopy").click()
  const review = page.getByRole("alertdialog")
  await expect(review).toContainText("Pedir 2ª via?")
  await expect(review.getByTestId("card-pay-rows")).toContainText(`Físico final ${phys.number.slice(-4)}`)
  await saveShot(page, `cards-newcopy-review-pt.png`)
  await review.getByRole("button", { name: "Pedir 2ª via" }).click()
  await expect(page.getByTestId("card-newcopy-result")).toHaveAttribute("data-state", "awaiting-pin", { timeout: 15_000 })
  await expect(page.getByTestId("card-newcopy-result")).toContainText("Confirme com seu PIN para pedir a 2ª via.")
  await new PinPrompt(page).answer()
  await expect(page.getByTestId("card-newcopy-result")).toHaveAttribute("data-state", "confirmed", { timeout: 15_000 })
  await expect(page.getByTestId("card-newcopy-result")).toContainText("2ª via pedida; o cartão anterior foi bloqueado")
  await expect(stateOf(page)).toHaveText("Substituído", { timeout: 15_000 })
  await saveShot(page, `cards-newcopy-outcome-pt.png`, { fullPage: true })
  await page.getByTestId("card-newcopy-again").click()
  await expect(page.getByTestId("card-newcopy-result")).toHaveCount(0)
  await expect(page.getByTestId("card-unblock")).toHaveCount(0)
  await expect(page.getByTestId("card-new-copy-link")).toBeVisible()
  const after = await plastic(base, walletId)
  const old = after.find((c) => c.id === phys.id)!
  expect(old.status).toBe("blocked")
  expect(after.find((c) => c.id === old.replaced_by)?.status).toBe("pending")
  await go(page, `${CARDS}/physical-card`)
  await expect(page.getByTestId("card")).toHaveCount(3, { timeout: 15_000 }) // the new one, and the two replaced
  // delete a virtual card: danger confirmation, PIN, gone for good
  const v = after.find((c) => c.virtual && c.status === "activated")!
  await go(page, `${CARDS}/virtual-card/${v.id}`)
  await expect(stateOf(page)).toHaveAttribute("data-status", "activated", { timeout: 20_000 })
  await page.getByTestId("card-delete").click()
  await expect(page.getByRole("alertdialog")).toHaveAttribute("data-variant", "danger")
  await page.getByRole("button", { name: "Excluir definitivamente" }).click()
  // sync/SPEC.md PN5: a reload while the PIN is asked keeps the delete queued, and the reloaded page asks again
  const prompt = new PinPrompt(page)
  await expect(prompt.root).toBeVisible({ timeout: 15_000 })
  await page.reload()
  await prompt.answer()
  await expect(page.getByTestId("card-not-found")).toBeVisible({ timeout: 15_000 })
  await expect.poll(async () => (await plastic(base, walletId)).find((c) => c.id === v.id)!.status, { timeout: 30_000 }).toBe("cancelled")
  await page.reload()
  await expect(page.getByTestId("card-not-found")).toBeVisible({ timeout: 20_000 })
  const r = await purchase(base, v.id, 990, "Netflix")
  expect(r.status).toBe("failed")
  await context.close()
})

test("features §2: a physical card is requested to the profile's address, then tracked", async ({ browser, baseURL }) => {
  const { context, page, walletId } = await openCards(browser, baseURL ?? "", "carla@example.com", "carla")
  await go(page, `${CARDS}/physical-card`)
  await page.getByTestId("request-physical").click()
  await expect(page.getByTestId("physical-address")).toContainText("São Paulo - SP", { timeout: 10_000 })
  await page.getByTestId("physical-confirm").click()
  await expect(page.getByTestId("card")).toHaveCount(1, { timeout: 15_000 })
  await expect(page.getByTestId("request-physical")).toHaveCount(0)
  const card = (await plastic(baseURL ?? "", walletId)).find((c) => !c.virtual)!
  await page.getByTestId("card").click()
  await expect(stateOf(page)).toHaveAttribute("data-status", "pending", { timeout: 10_000 })
  await expect(page).toHaveURL(new RegExp(`/banking/cards/physical-card/${card.id}$`))
  await expect(page.getByTestId("card-track").locator("li[data-done=true]")).toHaveCount(1)
  await expect(page.getByTestId("card-track")).toContainText("Pedido recebido")
  await context.close()
})

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])
}

test("axe (pt, en): physical card, virtual cards, a card's page, the card statement", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const { context, page, walletId } = await openCards(browser, base, "bruno@example.com", "brunoMatrix")
  const v = (await plastic(base, walletId)).find((c) => c.virtual)!
  const pages: ReadonlyArray<readonly [string, string]> = [
    [`${CARDS}/physical-card`, "cards-physical"],
    [`${CARDS}/virtual-card`, "cards-virtual"],
    [`${CARDS}/virtual-card/${v.id}`, "cards-detail"],
    [`${CARDS}/statements`, "cards-statement"]
  ]
  for (const lang of ["pt", "en"] as const) {
    for (const [path, shot] of pages) {
      await go(page, `/${lang}${path}`)
      await expect(page.getByTestId("cards-page")).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId("card").or(page.getByTestId("card-statement")).first()).toBeVisible({ timeout: 20_000 })
      await saveShot(page, `${shot}-${lang}.png`, { fullPage: true })
      await expectNoSeriousViolations(page, `${lang} ${path}`)
    }
  }
  await context.close()
})
