/**
 * The approval setting (spec features §3 "minimum value, number of approvers (1 to 100)", §5
 * "approvers minimum 1, maximum 100. Only one configuration per wallet", §8 "Approval
 * configuration already exists for wallet"): the form refuses 0 and 101 itself, the sandbox
 * refuses them too, and a second configuration is refused with the catalogue's message.
 * Leaves the seeded rule (R$ 1.000,00, 2 approvers) in place.
 */
import { expect, test } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { openAs, Sandbox, SettingsPage } from "./approval-pages.ts"

const DIEGO = "diego@example.com"
const ANA = "ana@example.com"
const SEEDED = { min_value: 100_000, approvers: 2 }

/** Put the seeded rule back whatever a test did. */
async function restore(sb: Sandbox): Promise<void> {
  const ana = await sb.login(ANA)
  const wallet = await sb.walletId()
  const list = await sb.client.ok("approvalSettings", { as: ana, wallet })
  const s = list.data.data[0]
  if (s === undefined) await sb.client.ok("approvalSettingCreate", { as: ana, wallet, body: SEEDED })
  else if (s.min_value !== SEEDED.min_value || s.approvers !== SEEDED.approvers)
    await sb.client.ok("approvalSettingUpdate", { as: ana, wallet, params: { id: s.id }, body: SEEDED })
}

test("features §5: the form and the sandbox refuse 0 and 101 approvers; 1..100 are accepted", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const diego = await openAs(browser, base, DIEGO)
  const page = new SettingsPage(diego.page)
  try {
    await page.open()
    await expect(page.current).toBeVisible({ timeout: 15_000 })
    await expect(diego.page.getByTestId("setting-min")).toHaveText("R$ 1.000,00")
    await expect(diego.page.getByTestId("setting-approvers")).toHaveText("2")
    await saveShot(diego.page, `approval-settings-pt.png`)

    await diego.page.getByTestId("setting-edit").click()
    await expect(page.form).toBeVisible()
    await page.approversInput.fill("0")
    await page.submit.click()
    await expect(page.form).toContainText("O valor mínimo é 1")
    await page.approversInput.fill("101")
    await page.submit.click()
    await expect(page.form).toContainText("O valor máximo é 100")
    await saveShot(diego.page, `approval-settings-invalid-pt.png`)
    // nothing was sent: the rule is unchanged
    const api = await sb.login(DIEGO)
    const wallet = await sb.walletId()
    expect((await sb.client.ok("approvalSettings", { as: api, wallet })).data.data[0]?.approvers).toBe(2)

    // the sandbox refuses them too (features §5 enforced server-side)
    const id = (await sb.client.ok("approvalSettings", { as: api, wallet })).data.data[0]?.id ?? ""
    for (const approvers of [0, 101]) {
      const e = await sb.client.err("approvalSettingUpdate", { as: api, wallet, params: { id }, body: { min_value: 100_000, approvers } })
      expect(e.status).toBe(422)
      expect(e.body.error.fields?.["approvers"]).toMatch(/^VALIDATION_M(IN|AX)_VALUE$/)
    }

    // 100 is accepted, and shown; then back to 2
    await page.approversInput.fill("100")
    await page.minInput.fill("2.500,00")
    await page.submit.click()
    await expect(diego.page.getByTestId("setting-approvers")).toHaveText("100", { timeout: 10_000 })
    await expect(diego.page.getByTestId("setting-min")).toHaveText("R$ 2.500,00")
    await diego.page.getByTestId("setting-edit").click()
    await page.approversInput.fill("2")
    await page.minInput.fill("1.000,00")
    await page.submit.click()
    await expect(diego.page.getByTestId("setting-approvers")).toHaveText("2", { timeout: 10_000 })
  } finally {
    await restore(sb)
    await diego.context.close()
  }
})

test("features §5/§8: only one configuration per wallet — a second one is refused with the catalogue's message", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const diego = await openAs(browser, base, DIEGO)
  const page = new SettingsPage(diego.page)
  try {
    const api = await sb.login(DIEGO)
    const wallet = await sb.walletId()
    const second = await sb.client.err("approvalSettingCreate", { as: api, wallet, body: { min_value: 50_000, approvers: 3 } })
    expect(second.status).toBe(422)
    expect(second.body.error.key).toBe("APPROVAL_SETTING_ALREADY_EXISTS")

    // remove the rule in the view: the creation form appears
    await page.open()
    await expect(page.current).toBeVisible({ timeout: 15_000 })
    await diego.page.getByTestId("setting-remove").click()
    const confirm = diego.page.getByTestId("confirm-dialog")
    await expect(confirm).toHaveAttribute("data-variant", "danger")
    await confirm.getByRole("button", { name: "Remover regra" }).click()
    await expect(page.form).toBeVisible({ timeout: 10_000 })

    // while Diego types a new rule someone else creates one: the live rule does not take his form away (nothing
    // typed is lost); sending it is refused with the catalogue's message and the existing rule is shown
    await page.minInput.fill("500,00")
    const ana = await sb.login(ANA)
    await sb.client.ok("approvalSettingCreate", { as: ana, wallet, body: SEEDED })
    await expect(diego.page.getByTestId("setting-meanwhile")).toHaveText(
      "Enquanto você digitava, outra pessoa criou uma regra para esta carteira. Ao enviar, a regra existente será mantida.",
      { timeout: 10_000 }
    )
    await expect(diego.page.getByTestId("setting-current")).toHaveCount(0)
    await page.approversInput.fill("3")
    await expect(page.minInput).toHaveValue("500,00")
    await page.submit.click()
    await expect(diego.page.getByTestId("settings-error")).toHaveText("Esta carteira já tem uma regra de aprovação.")
    await expect(page.current).toBeVisible()
    await expect(diego.page.getByTestId("setting-approvers")).toHaveText("2")
    await saveShot(diego.page, `approval-settings-exists-pt.png`)
  } finally {
    await restore(sb)
    await diego.context.close()
  }
})
