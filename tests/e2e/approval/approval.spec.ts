/**
 * Staged approval end to end (spec features §2 approval pages, §3 approval request, §4 states
 * and the 23:59:59 cut-off, §5 one decision per approver, §6 "a request needs the set number of
 * approvers"; issue 6 "What it must show"). Real Chromium contexts per user against the built
 * app and the sandbox: requests appear in the approvers' queues from the stream without a reload,
 * decisions are PIN-signed commands sent exactly once, the payment executes once (sandbox
 * ledger), permissions hold in the view and in the sandbox.
 */
import { randomUUID } from "node:crypto"
import { expect, test } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { HistoryPage, openAs, PIN, RequestsPage, Sandbox, REQUESTS } from "./approval-pages.ts"
import { go } from "../pages/navigation.ts"

declare global {
  interface Window {
    __painted?: Record<string, number>
  }
}

const CARLA = "carla@example.com"
const DIEGO = "diego@example.com"
const ANA = "ana@example.com"
const HELENA = "helena@example.com"

test("features §6: a Pix of R$ 2.000,00 waits for two approvers; both queues update live; the second approval pays once", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const walletId = await sb.walletId()
  const carla = await openAs(browser, base, CARLA)
  const diego = await openAs(browser, base, DIEGO)
  const ana = await openAs(browser, base, ANA, { wallet: null })
  const cq = new RequestsPage(carla.page)
  const dq = new RequestsPage(diego.page)
  await cq.open()
  await dq.open()
  const before = await sb.ledger()

  // Ana pays R$ 2.000,00 by Pix key (≥ the rule's R$ 1.000,00): the sandbox holds it for approval
  const anaApi = await sb.login(ANA)
  const tx = randomUUID()
  const description = `Pagamento e2e ${Date.now()}`
  const t0 = Date.now()
  const paid = await sb.client.ok("pixPayByKey", {
    as: anaApi,
    wallet: walletId,
    tx,
    body: { key: "fornecedor@example.com", amount: 200_000, description, pin_token: await sb.client.pinToken(anaApi) }
  })
  expect(paid.data.status).toBe("awaiting_approval")
  const id = paid.data.approval_request_id ?? ""
  expect(id).not.toBe("")

  // both approvers see it without a reload
  await expect(cq.card(id)).toBeVisible({ timeout: 10_000 })
  await expect(dq.card(id)).toBeVisible({ timeout: 10_000 })
  console.log(`[approval] request created → painted in both queues after ${Date.now() - t0} ms (incl. PIN + pay call)`)
  await expect(cq.progress(id)).toHaveText("0 de 2 aprovações")
  await expect(cq.card(id).getByTestId("approval-amount")).toHaveText("R$ 2.000,00")
  await expect(cq.card(id)).toContainText(description)
  await expect(cq.card(id)).toContainText("Ana Souza")
  await expect(cq.card(id).getByTestId("approval-countdown")).toContainText(/Encerra em \d{2}:\d{2}:\d{2}/)

  // Carla approves: pending at once (before the PIN is even typed), then hers, with PIN 1234
  await cq.card(id).getByTestId("approval-approve").click()
  await expect(cq.card(id).getByTestId("approval-pending")).toBeVisible()
  await expect(cq.card(id).getByTestId("approval-approve")).toHaveCount(0)
  await saveShot(carla.page, `approval-pin-prompt-pt.png`)
  await cq.pin.answer(PIN)
  await expect(cq.card(id).getByTestId("approval-mine")).toHaveText("Você aprovou", { timeout: 15_000 })

  // Diego sees "1 of 2" live, and who approved
  await expect(dq.progress(id)).toHaveText("1 de 2 aprovações", { timeout: 10_000 })
  await expect(dq.card(id).getByTestId("approval-decisions")).toContainText("Carla Mendes aprovou")
  await saveShot(diego.page, `approval-requests-pt.png`, { fullPage: true })

  // Diego approves: N reached, the payment executes and the request leaves both queues
  await dq.approve(id)
  await expect(dq.card(id)).toHaveCount(0, { timeout: 15_000 })
  await expect(cq.card(id)).toHaveCount(0, { timeout: 15_000 })

  // exactly once, by the sandbox's ledger: one statement row under Ana's transaction-uuid
  const after = await sb.ledger()
  expect(after.statement_rows).toBe(before.statement_rows + 1)
  expect(after.transactions.filter((x) => x.transaction_uuid === tx).map((x) => x.statement_rows)).toEqual([1])
  const done = await sb.client.ok("approvalRequestGet", { as: anaApi, wallet: walletId, params: { id } })
  expect(done.data.status).toBe("finished")
  expect(done.data.operation_id).not.toBeNull()
  expect(done.data.approvals.map((a) => a.user_name).sort()).toEqual(["Carla Mendes", "Diego Ferreira"])

  // it moved to history in both; the payer's statement shows the payment
  for (const p of [carla.page, diego.page]) {
    const h = new HistoryPage(p)
    await h.open()
    await expect(h.row(id)).toHaveAttribute("data-status", "finished", { timeout: 15_000 })
    await expect(h.row(id)).toContainText("Concluída")
    await expect(h.row(id)).toContainText("2 de 2")
  }
  await saveShot(diego.page, `approval-history-pt.png`, { fullPage: true })
  await expect(ana.page.getByTestId("home-activity")).toContainText(description, { timeout: 20_000 })
  await saveShot(ana.page, `approval-payer-home-pt.png`)

  for (const c of [carla, diego, ana]) await c.context.close()
})

test("features §5/§6: one decision per approver — a double click sends once, a second decision is refused (APPROVAL_ALREADY_DECIDED)", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const walletId = await sb.walletId()
  const carla = await openAs(browser, base, CARLA)
  const q = new RequestsPage(carla.page)
  await q.open()
  const id = await sb.createRequest({ amount: 150_000, description: "Segunda decisao e2e" })
  await expect(q.card(id)).toBeVisible({ timeout: 10_000 })
  await q.card(id).getByTestId("approval-approve").dblclick()
  await q.pin.answer(PIN)
  await expect(q.card(id).getByTestId("approval-mine")).toHaveText("Você aprovou", { timeout: 15_000 })
  await expect(q.pin.root).toBeHidden()

  const carlaApi = await sb.login(CARLA)
  const again = await sb.client.err("approvalApprove", {
    as: carlaApi,
    wallet: walletId,
    tx: true,
    params: { id },
    body: { pin_token: await sb.client.pinToken(carlaApi) }
  })
  expect(again.status).toBe(422)
  expect(again.body.error.key).toBe("APPROVAL_ALREADY_DECIDED")
  const reject = await sb.client.err("approvalReprove", {
    as: carlaApi,
    wallet: walletId,
    tx: true,
    params: { id },
    body: { pin_token: await sb.client.pinToken(carlaApi) }
  })
  expect(reject.body.error.key).toBe("APPROVAL_ALREADY_DECIDED")
  const r = await sb.client.ok("approvalRequestGet", { as: carlaApi, wallet: walletId, params: { id } })
  expect(r.data.approvals.filter((a) => a.user_name === "Carla Mendes")).toHaveLength(1)
  expect(r.data.status).toBe("started")

  // after a reload the view still offers nothing to decide
  await carla.page.reload()
  await expect(q.card(id).getByTestId("approval-mine")).toHaveText("Você aprovou", { timeout: 20_000 })
  await expect(q.card(id).getByTestId("approval-approve")).toHaveCount(0)
  await expect(q.progress(id)).toHaveText("1 de 2 aprovações")
  await carla.context.close()
})

test("features §2/§8: a wrong PIN refuses with the catalogue's message and sends nothing", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const walletId = await sb.walletId()
  const diego = await openAs(browser, base, DIEGO)
  const q = new RequestsPage(diego.page)
  await q.open()
  const id = await sb.createRequest({ amount: 310_000, description: "PIN errado e2e" })
  await expect(q.card(id)).toBeVisible({ timeout: 10_000 })
  try {
    await q.card(id).getByTestId("approval-approve").click()
    await q.pin.answer("0000")
    await expect(q.pin.root).toContainText("PIN incorreto.", { timeout: 10_000 })
    await saveShot(diego.page, `approval-wrong-pin-pt.png`)
    await q.pin.cancel.click()
    await expect(diego.page.getByTestId("toast-info").filter({ hasText: "Decisão cancelada" })).toBeVisible()
    await expect(q.card(id).getByTestId("approval-approve")).toBeVisible()
    await expect(q.progress(id)).toHaveText("0 de 2 aprovações")
    const api = await sb.login(DIEGO)
    const r = await sb.client.ok("approvalRequestGet", { as: api, wallet: walletId, params: { id } })
    expect(r.data.approvals).toHaveLength(0)
  } finally {
    await sb.client.admin("resetPinAttempts", { body: { user_email: DIEGO } })
    await diego.context.close()
  }
})

test("features §2/§6 D-approval-quorum: a CLIENT without the approval permission sees only her own requests and cannot act on another's (view and sandbox)", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const walletId = await sb.walletId()
  const anas = await sb.createRequest({ amount: 120_000, description: "Sem permissao e2e" })
  const helena = await openAs(browser, base, HELENA)
  // the menu offers the queue (her own requests), and the page says whose requests it shows
  await go(helena.page, "/control-panel/security/change-password")
  await expect(helena.page.getByTestId("change-password-page")).toBeVisible({ timeout: 20_000 })
  await helena.page.getByTestId("menu-security").click()
  await expect(helena.page.getByTestId("menu-approvalHistory")).toBeVisible()
  await expect(helena.page.getByTestId("menu-approvalRequests")).toBeVisible()
  await helena.page.keyboard.press("Escape")
  const hq = new RequestsPage(helena.page)
  await hq.open()
  await expect(helena.page.getByTestId("approval-own-only")).toHaveText(
    "Aqui estão os pagamentos que você pediu e que aguardam aprovação: quem decide são os aprovadores da carteira. Você acompanha cada aprovação ao vivo e pode retirar o pedido."
  )
  // her own request arrives live; Ana's (made before) never shows, nor the seeded ones
  const hers = await sb.createRequest({ amount: 130_000, description: "Da Helena e2e", requestedBy: HELENA })
  await expect(hq.card(hers)).toBeVisible({ timeout: 10_000 })
  await expect(hq.cards).toHaveCount(1)
  await expect(hq.card(anas)).toHaveCount(0)
  await expect(hq.card(hers).getByTestId("approval-approve")).toHaveCount(0)

  const api = await sb.login(HELENA)
  const list = await sb.client.ok("approvalRequests", { as: api, wallet: walletId })
  expect(list.data.data.map((r) => r.id)).toEqual([hers])
  const get = await sb.client.err("approvalRequestGet", { as: api, wallet: walletId, params: { id: anas } })
  expect([get.status, get.body.error.key]).toEqual([404, "APPROVAL_REQUEST_NOT_FOUND"])
  const approve = await sb.client.err("approvalApprove", {
    as: api,
    wallet: walletId,
    tx: true,
    params: { id: anas },
    body: { pin_token: await sb.client.pinToken(api) }
  })
  expect(approve.status).toBe(403)
  expect(approve.body.error.key).toBe("WITHOUT_PERMISSION")
  await helena.context.close()
})

test("features §2: filters, counts and keyboard shortcuts over the queue; r rejects with a reason, and the request is reproved", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const carla = await openAs(browser, base, CARLA)
  const q = new RequestsPage(carla.page)
  await q.open()
  const tag = `Lote${Date.now() % 100000}`
  const ids = [
    await sb.createRequest({ amount: 111_100, description: `${tag} alfa`, key: "+5511988887777" }),
    await sb.createRequest({ amount: 222_200, description: `${tag} beta`, key: "contato@tech-solucoes.com.br" }),
    await sb.createRequest({ amount: 333_300, description: `${tag} gama`, key: "11222333000181" })
  ]
  for (const id of ids) await expect(q.card(id)).toBeVisible({ timeout: 10_000 })
  const total = Number(await q.figure("summary-count").textContent())
  expect(total).toBeGreaterThanOrEqual(3)

  // text and amount range
  await q.search.fill(tag)
  await expect(q.cards).toHaveCount(3)
  await expect(q.figure("summary-shown")).toHaveText("3")
  await expect(q.figure("summary-count")).toHaveText(String(total))
  await q.min.fill("2.000,00")
  await q.max.fill("3.000,00")
  await expect(q.cards).toHaveCount(1)
  await expect(q.card(ids[1] ?? "")).toBeVisible()
  await q.min.fill("")
  await q.max.fill("")
  await expect(q.cards).toHaveCount(3)

  // keyboard: the legend is on screen, buttons carry aria-keyshortcuts
  await expect(carla.page.getByTestId("queue-keys")).toContainText("aprovar a selecionada")
  await expect(q.card(ids[0] ?? "").getByTestId("approval-approve")).toHaveAttribute("aria-keyshortcuts", "a")
  await carla.page.locator("h1").click()
  await carla.page.keyboard.press("j")
  await expect(q.cards.first()).toHaveAttribute("data-selected", "true")
  await carla.page.keyboard.press("j")
  await carla.page.keyboard.press("ArrowDown")
  await carla.page.keyboard.press("k")
  const selected = q.page.locator('[data-testid="approval-request"][data-selected="true"]')
  await expect(selected).toHaveCount(1)
  const selectedId = (await selected.getAttribute("data-request-id")) ?? ""
  expect(ids).toContain(selectedId)
  await saveShot(carla.page, `approval-keyboard-pt.png`, { fullPage: true })

  // r opens the reject dialog for the selected request; the reason is optional
  await carla.page.keyboard.press("r")
  const dialog = carla.page.getByTestId("reject-dialog")
  await expect(dialog).toBeVisible()
  await dialog.getByTestId("reject-reason").fill("Fora do orçamento")
  await saveShot(carla.page, `approval-reject-dialog-pt.png`)
  await dialog.getByTestId("reject-submit").click()
  await q.pin.answer(PIN)
  await expect(q.card(selectedId)).toHaveCount(0, { timeout: 15_000 })
  await expect(q.cards).toHaveCount(2)
  // the selection moved on to the request now in its place
  await expect(selected).toHaveCount(1)

  // a = approve the selected one (PIN), and it shows as mine
  const nextId = (await selected.getAttribute("data-request-id")) ?? ""
  await carla.page.keyboard.press("a")
  await q.pin.answer(PIN)
  await expect(q.card(nextId).getByTestId("approval-mine")).toHaveText("Você aprovou", { timeout: 15_000 })

  const h = new HistoryPage(carla.page)
  await h.open()
  await expect(h.row(selectedId)).toHaveAttribute("data-status", "reproved", { timeout: 15_000 })
  await carla.page.getByTestId("history-status").selectOption("reproved")
  await expect(h.rows.first()).toHaveAttribute("data-status", "reproved")
  const count = await h.rows.count()
  await expect(carla.page.getByTestId("history-count")).toHaveText(String(count))
  await carla.page.getByTestId("history-search").fill(tag)
  await expect(h.rows).toHaveCount(1)
  await expect(carla.page.getByTestId("history-sum")).toHaveText(/R\$\s?[\d.]+,\d{2}/)

  // English
  await go(carla.page, `/en${REQUESTS}`)
  await expect(q.root).toBeVisible({ timeout: 20_000 })
  await expect(q.progress(nextId)).toHaveText("1 of 2 approvals")
  await saveShot(carla.page, `approval-requests-en.png`, { fullPage: true })
  await carla.context.close()
})

test("features §4: the 23:59:59 cut-off cancels a started request — it leaves the queue and is canceled in history", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const diego = await openAs(browser, base, DIEGO)
  const q = new RequestsPage(diego.page)
  await q.open()
  const id = await sb.createRequest({ amount: 180_000, description: "Corte e2e" })
  await expect(q.card(id)).toBeVisible({ timeout: 10_000 })
  await expect(q.card(id).getByTestId("approval-countdown")).toHaveAttribute("title", /23:59:59/)
  const cut = await sb.client.admin("runCutoff", { body: { all: true } })
  expect(cut.data.canceled).toContain(id)
  await expect(q.card(id)).toHaveCount(0, { timeout: 10_000 })
  const h = new HistoryPage(diego.page)
  await h.open()
  await expect(h.row(id)).toHaveAttribute("data-status", "canceled", { timeout: 15_000 })
  await expect(h.row(id)).toContainText("Cancelada")
  await diego.context.close()
})
// The request → painted latency is measured by `npm run bench -- approval-queue-latency`, not timed in a test.
