/**
 * MED — contesting a sent Pix — end to end (issue 32 item 1; docs/decisions.md D-pix-med), two people in two
 * browsers: Ana (pt) pays Bruno and contests the Pix from its receipt (reason, description, PIN); Bruno (en),
 * watching his contests page, sees the contest arrive live with the amount blocked (also on the incoming Pix in his
 * Pix statement) and sends a defence; the
 * sandbox's business clock passes the 7 days (twice); Ana sees the contest accepted with what came back, live,
 * and the devolution is in her ledger exactly once. A second contest of the same Pix is refused with its message.
 * The clock is put back at the end.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect as baseExpect, test, saveShot } from "../fixtures.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { PinPrompt } from "../pages/pin-prompt.ts"
import { apiStatement, seed } from "../statements/pages.ts"
import { go } from "../pages/navigation.ts"

// generous waits: the suite shares a 2-core machine; nothing here measures speed
const expect = baseExpect.configure({ timeout: 30_000 })
const DAY = 86_400_000

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze()
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)
}

const setClock = async (page: Page, offsetMs: number): Promise<void> => {
  const r = await page.request.post("/__admin/clock", { data: { offset_ms: offsetMs } })
  expect(r.status()).toBe(200)
}

test("issue 32 item 1 MED: Ana contests a sent Pix from its receipt, Bruno sees the block live and defends, after 7 days the money is back once (pt, en)", async ({
  page,
  browser
}) => {
  const brunoCtx = await browser.newContext({ locale: "en-US", timezoneId: "America/Sao_Paulo" })
  try {
    await signInToHome(page, "ana@example.com")
    const anaW = (await seed(page)).wallets["anaMain"] as string

    // Bruno, in his own browser and in English, watching his contests
    const bruno = await brunoCtx.newPage()
    await signInToHome(bruno, "bruno@example.com", { prefix: "/en" })
    await go(bruno, "/en/banking/pix/med")
    await expect(bruno.getByText("Pix contests")).toBeVisible()

    // Ana pays Bruno R$ 123,45 by key
    await go(page, "/banking/pix/pay")
    await page.getByTestId("pix-key").fill("bruno@example.com")
    await page.getByTestId("pix-key-continue").click()
    await expect(page.getByTestId("pix-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda")
    await page.getByTestId("pix-amount").fill("123,45")
    await page.getByTestId("pix-description").fill("Compra e2e MED")
    await page.getByTestId("pix-review").click()
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Pagar" }).click()
    await new PinPrompt(page).answer()
    await expect(page.getByTestId("pix-pay-result")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 })

    // from its receipt: "Contestar Pix" (once the synced row is there)
    await page.getByTestId("receipt-open").click()
    await page.getByTestId("receipt-contest").click()
    await expect(page.getByTestId("med-open-pix")).toHaveAttribute("data-amount", "12345")
    const e2e = (await page.getByTestId("med-open-pix").getAttribute("data-e2e")) ?? ""
    expect(e2e).toMatch(/^E\d{8}/)
    // no reason: refused on the page, what was typed kept
    await page.getByTestId("med-open-description").fill("Golpe: o produto nunca chegou")
    await page.getByTestId("med-open-submit").click()
    await expect(page.getByText("Escolha o motivo da contestação.")).toBeVisible()
    await expect(page.getByTestId("med-open-description")).toHaveValue("Golpe: o produto nunca chegou")
    await page.getByTestId("med-open-reason").selectOption("scam")
    await page.getByTestId("med-open-submit").click()
    await new PinPrompt(page).answer()
    await expect(page.getByTestId("med-open-result")).toHaveAttribute("data-state", "confirmed")
    await expect(page.getByTestId("med-open-result")).toHaveText("Contestação aberta. Acompanhe o andamento em Contestações.")
    await saveShot(page, "pix-med-open-pt.png", { fullPage: true })
    expect(await seriousAxe(page)).toEqual([])

    // Bruno: the contest arrives live, with the whole amount blocked (he had it)
    const theirs = bruno.locator(`[data-testid=med-contest][data-e2e="${e2e}"]`)
    await expect(theirs).toHaveAttribute("data-role", "receiver")
    await expect(theirs).toHaveAttribute("data-blocked", "12345")
    await expect(theirs).toContainText("contested by the payer")
    await expect(theirs.getByTestId("med-contest-status")).toHaveText(/^(Opened|Under analysis)$/)
    await theirs.getByTestId("med-defence-text").fill("I delivered the goods.")
    await theirs.getByTestId("med-defence-submit").click()
    await expect(theirs.getByTestId("med-contest-defence")).toHaveText("I delivered the goods.")
    await saveShot(bruno, "pix-med-receiver-en.png", { fullPage: true })
    expect(await seriousAxe(bruno)).toEqual([])
    // ... and on the incoming Pix itself, in his Pix statement: contested, with the amount blocked
    await go(bruno, "/en/banking/pix/statements")
    await bruno.getByTestId("pix-statement-text").fill(e2e)
    const incoming = bruno.locator(`[data-testid=pix-statement-row][data-e2e="${e2e}"]`)
    await expect(incoming).toHaveAttribute("data-direction", "in", { timeout: 90_000 }) // the table's first sync on a loaded machine
    await incoming.click()
    const onPix = bruno.getByTestId("pix-statement-detail").getByTestId("med-on-pix")
    await expect(onPix).toHaveAttribute("data-blocked", "12345")
    await expect(onPix).toContainText("This Pix was contested")
    await expect(bruno.getByTestId("pix-statement-contest")).toHaveCount(0) // received: not contestable
    await bruno.keyboard.press("Escape")
    await go(bruno, "/en/banking/pix/med")

    // Ana's contests: under analysis with its deadline
    await page.getByTestId("med-open-follow").click()
    const mine = page.locator(`[data-testid=med-contest][data-e2e="${e2e}"]:not([data-id^="pending:"])`)
    await expect(mine.getByTestId("med-contest-status")).toHaveText("Em análise")
    await expect(mine.getByTestId("med-contest-deadline")).toBeVisible()

    // a second contest of the same Pix is refused: the page says so and offers no form
    await go(page, `/banking/pix/med/new?e2e=${encodeURIComponent(e2e)}&amount=12345&name=Bruno`)
    await expect(page.getByTestId("med-open-existing")).toHaveText("Este Pix já tem uma contestação (Em análise).")
    await expect(page.getByTestId("med-open-form")).toHaveCount(0)

    // the business clock passes the 7 days, twice
    await go(page, "/banking/pix/med")
    await setClock(page, 7 * DAY + 3_600_000)
    await setClock(page, 9 * DAY)
    await expect(mine).toHaveAttribute("data-status", "accepted")
    await expect(mine).toHaveAttribute("data-returned", "12345")
    await expect(mine.getByTestId("med-contest-returned")).toHaveText(/123,45/)
    await saveShot(page, "pix-med-accepted-pt.png", { fullPage: true })
    await expect(theirs.getByTestId("med-contest-status")).toHaveText("Accepted")
    await expect(theirs.getByTestId("med-defence-form")).toHaveCount(0)

    // the money is back once in Ana's ledger, and on her home's activity
    const refunds = (await apiStatement(page, anaW, { type: "REFUND" })).filter((r) => r.description.startsWith("Devolução MED"))
    expect(refunds.map((r) => [r.direction, r.amount, r.status])).toEqual([["in", 12_345, "completed"]])
    await go(page, "/banking/home")
    await expect(page.getByTestId("activity-row").filter({ hasText: "Devolução MED" })).toHaveCount(1)
  } finally {
    await setClock(page, 0)
    await brunoCtx.close()
  }
})
