/**
 * Approvals that show who is missing (issue 32 item 3; spec features §6 "a request needs the set number of approvers";
 * D-approval-quorum), in real Chromium contexts against the built app and the sandbox: three approvers (Carla, Diego,
 * and Helena made an approver) watch one request of Ana's move from "0 de 3" to "3 de 3" live, each card naming who
 * approved and when and who is still awaited, without a reload; the requester sees the same quorum and is offered only
 * Withdraw (the sandbox refuses her approval, 403); an approver is told in a notification, in her language; the history
 * keeps the quorum.
 */
import { expect, test } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { HistoryPage, openAs, RequestsPage, Sandbox } from "./approval-pages.ts"

const ANA = "ana@example.com"
const CARLA = "carla@example.com"
const DIEGO = "diego@example.com"
const HELENA = "helena@example.com"
const HM = "\\d{2}:\\d{2}"

test("issue 32 item 3 features §6: three approvers watch one request's quorum move live; the requester sees it and is offered only Withdraw", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const walletId = await sb.walletId()
  const anaApi = await sb.login(ANA)
  const helenaApi = await sb.login(HELENA)
  // a third approver (Helena, CLIENT in the seed) and a rule of three approvals on Ana's main wallet
  await sb.client.ok("permissionUpdate", { as: anaApi, wallet: walletId, body: { user_id: helenaApi.userId, permission_types: ["CLIENT", "APPROVER"] } })
  const setting = (await sb.client.ok("approvalSettings", { as: anaApi, wallet: walletId })).data.data[0]
  if (setting === undefined) throw new Error("the seed has an approval rule on Ana's main wallet")
  await sb.client.ok("approvalSettingUpdate", {
    as: anaApi,
    wallet: walletId,
    tx: true,
    params: { id: setting.id },
    body: { min_value: setting.min_value, approvers: 3 }
  })

  const carla = await openAs(browser, base, CARLA)
  const diego = await openAs(browser, base, DIEGO)
  const helena = await openAs(browser, base, HELENA)
  const ana = await openAs(browser, base, ANA)
  await helena.shell.chooseLanguage(/English/) // one approver reads English: every text of the line from locales/en
  const [cq, dq, hq, aq] = [new RequestsPage(carla.page), new RequestsPage(diego.page), new RequestsPage(helena.page), new RequestsPage(ana.page)]
  for (const q of [cq, dq, hq, aq]) await q.open()

  const id = await sb.createRequest({ amount: 250_000, description: `Quórum e2e ${Date.now()}`, requestedBy: ANA })
  const quorum = (q: RequestsPage) => q.card(id).getByTestId("approval-quorum")
  // the stream brings it to every queue (10 s: four contexts on a loaded 2-core machine, as approval.spec)
  for (const q of [cq, dq, aq])
    await expect(quorum(q)).toHaveText("0 de 3 aprovações: aguardando Carla Mendes, Diego Ferreira e Helena Castro", { timeout: 10_000 })
  await expect(quorum(hq)).toHaveText("0 of 3 approvals: waiting for Carla Mendes, Diego Ferreira, and Helena Castro", { timeout: 10_000 })

  // the requester: the same quorum, no Approve, only Withdraw; the sandbox refuses her approval and nothing changes
  await expect(aq.card(id).getByTestId("approval-approve")).toHaveCount(0)
  await expect(aq.card(id).getByTestId("approval-withdraw")).toHaveText("Retirar pedido")
  await expect(aq.card(id).getByTestId("approval-own")).toHaveText("Você pediu este pagamento: outra pessoa precisa aprová-lo. Você pode retirar o pedido.")
  const own = await sb.client.raw("approvalApprove", {
    as: anaApi,
    wallet: walletId,
    tx: true,
    params: { id },
    body: { pin_token: await sb.client.pinToken(anaApi) }
  })
  expect(own.status).toBe(403)
  expect((await sb.client.ok("approvalRequestGet", { as: anaApi, wallet: walletId, params: { id } })).data.approvals).toEqual([])
  // the approvers are offered Approve
  for (const q of [cq, dq, hq]) await expect(q.card(id).getByTestId("approval-approve")).toBeVisible()

  // Helena was told, in English
  await helena.shell.notificationsButton.click()
  await expect(helena.shell.notificationsPanel.getByTestId("notification").filter({ hasText: "Approval needed" }).first()).toBeVisible({ timeout: 10_000 })
  await helena.page.keyboard.press("Escape")

  // Carla approves: the three other cards move without a reload
  await cq.approve(id)
  await expect(cq.card(id).getByTestId("approval-mine")).toHaveText("Você aprovou", { timeout: 15_000 })
  for (const q of [dq, aq, cq])
    await expect(quorum(q)).toHaveText(new RegExp(`^1 de 3 aprovações: Carla Mendes aprovou às ${HM}; aguardando Diego Ferreira e Helena Castro$`), {
      timeout: 10_000
    })
  await expect(quorum(hq)).toHaveText(new RegExp(`^1 of 3 approvals: Carla Mendes approved at ${HM}; waiting for Diego Ferreira and Helena Castro$`), {
    timeout: 10_000
  })
  await saveShot(diego.page, "approval-quorum-pt.png", { fullPage: true })
  await saveShot(helena.page, "approval-quorum-en.png", { fullPage: true })

  // Helena approves (in English): Diego is the one missing
  await hq.approve(id)
  await expect(hq.card(id).getByTestId("approval-mine")).toHaveText("You approved", { timeout: 15_000 })
  for (const q of [dq, aq])
    await expect(quorum(q)).toHaveText(
      new RegExp(`^2 de 3 aprovações: Carla Mendes aprovou às ${HM} e Helena Castro aprovou às ${HM}; aguardando Diego Ferreira$`),
      { timeout: 10_000 }
    )

  // Diego approves: three of three, the payment is made once and the request leaves every queue
  const before = await sb.ledger()
  await dq.approve(id)
  for (const q of [cq, dq, hq, aq]) await expect(q.card(id)).toHaveCount(0, { timeout: 15_000 })
  const after = await sb.ledger()
  const brl = (l: typeof before) => l.balances.find((b) => b.currency_symbol === "BRL")?.balance ?? 0
  expect(brl(after)).toBe(brl(before) - 250_000)

  // the history keeps the quorum: who approved and when
  const history = new HistoryPage(ana.page)
  await history.open()
  await expect(history.row(id).getByTestId("history-quorum")).toHaveText(
    new RegExp(`^3 de 3 aprovações: Carla Mendes aprovou às ${HM}, Helena Castro aprovou às ${HM} e Diego Ferreira aprovou às ${HM}$`),
    { timeout: 10_000 }
  )
  for (const c of [carla, diego, helena, ana]) await c.context.close()
})

test("issue 32 item 3 D-approval-quorum: the requester withdraws her own request with her PIN; the approver's card leaves live and the history says who withdrew it", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const ana = await openAs(browser, base, ANA)
  const carla = await openAs(browser, base, CARLA)
  const aq = new RequestsPage(ana.page)
  const cq = new RequestsPage(carla.page)
  await aq.open()
  await cq.open()
  const id = await sb.createRequest({ amount: 180_000, description: `Retirada e2e ${Date.now()}`, requestedBy: ANA })
  // the stream brings it (10 s: two contexts on a loaded 2-core machine, as approval.spec)
  await expect(aq.card(id).getByTestId("approval-quorum")).toHaveText("0 de 2 aprovações: aguardando Carla Mendes e Diego Ferreira", { timeout: 10_000 })
  await expect(aq.card(id).getByTestId("approval-approve")).toHaveCount(0)
  await aq.card(id).getByTestId("approval-withdraw").click()
  await aq.pin.answer()
  await expect(ana.page.getByTestId("toast-success").filter({ hasText: "Pedido retirado." })).toBeVisible({ timeout: 15_000 })
  for (const q of [aq, cq]) await expect(q.card(id)).toHaveCount(0, { timeout: 15_000 })
  const history = new HistoryPage(ana.page)
  await history.open()
  await expect(history.row(id)).toHaveAttribute("data-status", "reproved", { timeout: 10_000 })
  await expect(history.row(id).getByTestId("history-quorum")).toHaveText(new RegExp(`^0 de 2 aprovações: Ana Souza retirou o pedido às ${HM}$`))
  for (const c of [ana, carla]) await c.context.close()
})

test("issue 32 item 3 D-approval-quorum: a CLIENT-only requester (Helena) watches her own request's quorum move live as an approver decides in another browser; only Withdraw is offered; the payment leaves once", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const walletId = await sb.walletId()
  const before = await sb.ledger()
  // Helena is CLIENT only on Ana's main wallet in the seed (no get-all-assisted-payments); the rule asks 2 approvals
  const helena = await openAs(browser, base, HELENA)
  const carla = await openAs(browser, base, CARLA)
  const hq = new RequestsPage(helena.page)
  const cq = new RequestsPage(carla.page)
  await hq.open()
  await cq.open()
  const anas = await sb.createRequest({ amount: 150_000, description: `Da Ana ${Date.now()}`, requestedBy: ANA })
  const id = await sb.createRequest({ amount: 140_000, description: `Da Helena ${Date.now()}`, requestedBy: HELENA })
  const quorum = hq.card(id).getByTestId("approval-quorum")
  // the stream brings her own request to her (10 s: two contexts on a loaded 2-core machine, as approval.spec)
  await expect(quorum).toHaveText("0 de 2 aprovações: aguardando Ana Souza, Carla Mendes e Diego Ferreira", { timeout: 10_000 })
  await expect(cq.card(anas)).toBeVisible({ timeout: 10_000 }) // the approver sees every request
  await expect(hq.cards).toHaveCount(1) // she sees hers only: not Ana's, not the seeded ones
  await expect(hq.card(id).getByTestId("approval-approve")).toHaveCount(0)
  await expect(hq.card(id).getByTestId("approval-withdraw")).toHaveText("Retirar pedido")
  await expect(hq.card(id).getByTestId("approval-own")).toHaveText("Você pediu este pagamento: outra pessoa precisa aprová-lo. Você pode retirar o pedido.")

  // Carla approves in her browser: Helena's card moves without a reload
  await cq.approve(id)
  await expect(quorum).toHaveText(new RegExp(`^1 de 2 aprovações: Carla Mendes aprovou às ${HM}; aguardando Ana Souza e Diego Ferreira$`), { timeout: 10_000 })
  await saveShot(helena.page, "approval-requester-pt.png", { fullPage: true })
  await helena.shell.chooseLanguage(/English/)
  await expect(quorum).toHaveText(new RegExp(`^1 of 2 approvals: Carla Mendes approved at ${HM}; waiting for Ana Souza and Diego Ferreira$`))
  await expect(helena.page.getByTestId("approval-own-only")).toHaveText(
    "These are the payments you requested that await approval: the wallet's approvers decide them. You follow each approval live and may withdraw your request."
  )
  await expect(hq.card(id).getByTestId("approval-withdraw")).toHaveText("Withdraw request")
  await saveShot(helena.page, "approval-requester-en.png", { fullPage: true })
  const brl = (l: typeof before) => l.balances.find((b) => b.currency_symbol === "BRL")?.balance ?? 0
  const moved = await sb.ledger()
  expect([brl(moved), moved.statement_rows]).toEqual([brl(before), before.statement_rows]) // nothing moved yet

  // Diego's approval completes it: the payment leaves once and the request leaves her queue live
  const diegoApi = await sb.login(DIEGO)
  const last = await sb.client.ok("approvalApprove", {
    as: diegoApi,
    wallet: walletId,
    tx: true,
    params: { id },
    body: { pin_token: await sb.client.pinToken(diegoApi) }
  })
  expect(last.data.status).toBe("finished")
  await expect(hq.card(id)).toHaveCount(0, { timeout: 10_000 })
  const after = await sb.ledger()
  expect([brl(after), after.statement_rows]).toEqual([brl(before) - 140_000, before.statement_rows + 1])

  // her history keeps the quorum of her request
  const history = new HistoryPage(helena.page)
  await history.open()
  await expect(history.row(id)).toHaveAttribute("data-status", "finished", { timeout: 10_000 })
  await expect(history.row(id).getByTestId("history-quorum")).toHaveText(
    new RegExp(`^2 of 2 approvals: Carla Mendes approved at ${HM} and Diego Ferreira approved at ${HM}$`)
  )
  for (const c of [helena, carla]) await c.context.close()
})
