/**
 * Control-panel security pages (spec features §2 "Control panel security": change-password,
 * update-pin, permissions; core §5 strongPassword with strength levels, confirmed, PIN 4 digits,
 * temporary token 6 digits; core §6 roles and "the permissions list hides the current user";
 * features §6 wallet-permission edit and unlink). Every change is undone, so the seeded users
 * keep Senha@123, PIN 1234 and their roles for the other suites.
 */
import { expect, test } from "../test.ts"
import { saveShot } from "../fixtures.ts"
import { PASSWORD } from "../pages/login-page.ts"
import { openAs, PIN, Sandbox } from "./approval-pages.ts"
import { go } from "../pages/navigation.ts"

const HELENA = "helena@example.com"
const ANA = "ana@example.com"
const NEW_PASSWORD = "Nova#Senha2025"

test("core §5: change password — live checklist and strength meter, catalogue messages, then the new password signs in", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const helena = await openAs(browser, base, HELENA, { wallet: null })
  const p = helena.page
  let changed = false
  try {
    await go(p, "/control-panel/security/change-password")
    await expect(p.getByTestId("change-password-page")).toBeVisible({ timeout: 20_000 })
    const meter = p.getByTestId("strength-meter")
    await expect(meter).toHaveAttribute("data-level", "none")
    const levels: ReadonlyArray<readonly [string, string]> = [
      ["abc", "weak"],
      ["abcdefgh", "weak"],
      ["abcdefgh1", "average"],
      ["Abcdefgh1", "good"],
      ["Abcdefgh1!", "strong"]
    ]
    for (const [pw, level] of levels) {
      await p.getByTestId("password-new").fill(pw)
      await expect(meter).toHaveAttribute("data-level", level)
    }
    await expect(p.getByTestId("strength-label")).toHaveText("Força da senha: Forte")
    await p.getByTestId("password-new").fill("abcdefgh1")
    await expect(p.getByTestId("check-uppercase")).toHaveAttribute("data-ok", "false")
    await expect(p.getByTestId("check-digit")).toHaveAttribute("data-ok", "true")
    await p.getByTestId("password-submit").click()
    await expect(p.getByTestId("change-password-page")).toContainText("A senha deve conter todos os requisitos mencionados")
    await expect(p.getByTestId("change-password-page")).toContainText("Este campo é obrigatório")
    await saveShot(p, `security-change-password-pt.png`)

    // wrong current password: the catalogue's message on that field, nothing typed is lost
    await p.getByTestId("password-current").fill("Errada@123")
    await p.getByTestId("password-new").fill(NEW_PASSWORD)
    await p.getByTestId("password-confirm").fill("Outra#Senha2025")
    await p.getByTestId("password-submit").click()
    await expect(p.getByTestId("change-password-page")).toContainText("Os valores não conferem")
    await p.getByTestId("password-confirm").fill(NEW_PASSWORD)
    await p.getByTestId("password-submit").click()
    await expect(p.getByTestId("change-password-page")).toContainText("Senha incorreta.")
    await expect(p.getByTestId("password-new")).toHaveValue(NEW_PASSWORD)

    await p.getByTestId("password-current").fill(PASSWORD)
    await p.getByTestId("password-submit").click()
    await expect(p.getByTestId("toast-success").filter({ hasText: "Senha alterada com sucesso." })).toBeVisible()
    changed = true
    await expect(p.getByTestId("password-new")).toHaveValue("")
    const s = await sb.client.login(HELENA, NEW_PASSWORD)
    expect(s.userId).not.toBe("")
  } finally {
    if (changed) {
      const s = await sb.client.login(HELENA, NEW_PASSWORD)
      await sb.client.ok("changePassword", { as: s, body: { current_password: NEW_PASSWORD, new_password: PASSWORD } })
    }
    await helena.context.close()
  }
})

test("core §5/features §2: update PIN with the current PIN, then with a temporary token from an e-mailed code", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const helena = await openAs(browser, base, HELENA, { wallet: null })
  const p = helena.page
  try {
    await go(p, "/control-panel/security/update-pin")
    await expect(p.getByTestId("update-pin-page")).toBeVisible({ timeout: 20_000 })
    await p.getByTestId("pin-current").fill("12")
    await p.getByTestId("pin-new").fill("4321")
    await p.getByTestId("pin-confirm").fill("4322")
    await p.getByTestId("pin-submit").click()
    await expect(p.getByTestId("update-pin-page")).toContainText("O PIN deve ter 4 dígitos")
    await expect(p.getByTestId("update-pin-page")).toContainText("Os valores não conferem")
    await p.getByTestId("pin-current").fill("9999")
    await p.getByTestId("pin-confirm").fill("4321")
    await p.getByTestId("pin-submit").click()
    await expect(p.getByTestId("update-pin-page")).toContainText("PIN incorreto.")
    await p.getByTestId("pin-current").fill(PIN)
    await p.getByTestId("pin-submit").click()
    await expect(p.getByTestId("toast-success").filter({ hasText: "PIN alterado com sucesso." })).toBeVisible()
    const api = await sb.login(HELENA)
    expect((await sb.client.ok("verifyPin", { as: api, body: { pin: "4321" } })).data.pin_token).not.toBe("")

    // with a temporary token: send the code, type the one e-mailed (never the fixed code: D-sandbox-trust), choose the PIN back
    await p.getByText("Com um código enviado por e-mail").click()
    await expect(p.getByTestId("pin-code")).toBeDisabled()
    await p.getByTestId("pin-send-code").click()
    await expect(p.getByTestId("pin-code")).toBeEnabled()
    await p.getByTestId("pin-code").fill(await sb.client.sentCode(HELENA))
    await p.getByTestId("pin-new").fill(PIN)
    await p.getByTestId("pin-confirm").fill(PIN)
    await saveShot(p, `security-update-pin-token-pt.png`)
    await p.getByTestId("pin-submit").click()
    // done when the form is cleared: the first change's toast may still be showing, so a toast alone proves nothing
    await expect(p.getByTestId("pin-new")).toHaveValue("")
    await expect(p.getByTestId("toast-success").filter({ hasText: "PIN alterado com sucesso." }).last()).toBeVisible()
    expect((await sb.client.ok("verifyPin", { as: api, body: { pin: PIN } })).data.pin_token).not.toBe("")
  } finally {
    // put PIN 1234 back whatever happened (temporary-token path, which needs no PIN)
    await sb.client.admin("resetPinAttempts", { body: { user_email: HELENA } })
    const api = await sb.login(HELENA)
    const pinOk = await sb.client.raw("verifyPin", { as: api, body: { pin: PIN } })
    if (pinOk.status !== 200) {
      const otp = await sb.client.ok("otp", { as: api, body: { purpose: "update-pin" } })
      const tok = await sb.client.ok("otpVerify", { as: api, params: { id: otp.data.otp_id }, body: { code: await sb.client.sentCode(HELENA) } })
      await sb.client.ok("updatePin", { as: api, body: { temporary_token: tok.data.temporary_token, new_pin: PIN } })
    }
    await sb.client.admin("resetPinAttempts", { body: { user_email: HELENA } })
    await helena.context.close()
  }
})

test("core §6/features §6: permissions — the current user is hidden, a profile change respects the role rule, removal asks first, invite by e-mail", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  const ana = await openAs(browser, base, ANA)
  const p = ana.page
  try {
    await go(p, "/control-panel/security/permissions")
    await expect(p.getByTestId("permissions-page")).toBeVisible({ timeout: 20_000 })
    const users = p.getByTestId("permission-user")
    await expect(users).toHaveCount(3, { timeout: 15_000 })
    await expect(p.locator('[data-testid="permission-user"][data-user="ana@example.com"]')).toHaveCount(0)
    const helenaRow = p.locator(`[data-testid="permission-user"][data-user="${HELENA}"]`)
    await expect(helenaRow).toContainText("Usuário")

    // APPROVER alone is refused by the form (core §5 role rule); with CLIENT it is saved
    await helenaRow.getByTestId("user-edit").click()
    const dialog = p.getByTestId("edit-roles-dialog")
    await expect(dialog).toBeVisible()
    await dialog.getByLabel("Usuário").click()
    await dialog.getByLabel("Aprovador").click()
    await dialog.getByTestId("edit-roles-submit").click()
    await expect(dialog).toContainText("Aprovador exige também Administrador ou Usuário")
    await saveShot(p, `security-permissions-roles-pt.png`)
    await dialog.getByLabel("Usuário").click()
    await dialog.getByTestId("edit-roles-submit").click()
    await expect(dialog).toBeHidden()
    await expect(helenaRow).toContainText("Aprovador", { timeout: 10_000 })
    // the sandbox agrees
    const api = await sb.login(ANA)
    const wallet = await sb.walletId()
    const list = await sb.client.ok("permissionUsers", { as: api, wallet })
    expect(list.data.data.find((u) => u.email === HELENA)?.permission_types).toEqual(["CLIENT", "APPROVER"])
    // and back
    await helenaRow.getByTestId("user-edit").click()
    await dialog.getByLabel("Aprovador").click()
    await dialog.getByTestId("edit-roles-submit").click()
    await expect(dialog).toBeHidden()
    await expect(helenaRow).not.toContainText("Aprovador", { timeout: 10_000 })

    // removing access asks in a danger dialog (cancelled here: Helena keeps her access)
    await helenaRow.getByTestId("user-remove").click()
    const confirm = p.getByTestId("confirm-dialog")
    await expect(confirm).toHaveAttribute("data-variant", "danger")
    await expect(confirm).toContainText("Helena Castro")
    await saveShot(p, `security-permissions-remove-pt.png`)
    await confirm.getByRole("button", { name: "Cancelar" }).click()
    await expect(users).toHaveCount(3)

    // the owner cannot leave; invite by e-mail with a chosen profile
    await expect(p.getByTestId("unlink")).toHaveCount(0)
    await p.getByTestId("invite-email").fill("convidado.e2e@example.com")
    await p.getByTestId("invite-roles").getByLabel("Administrador").click()
    await p.getByTestId("invite-submit").click()
    await expect(p.getByTestId("toast-success").filter({ hasText: "Convite enviado para convidado.e2e@example.com." })).toBeVisible()
    await saveShot(p, `security-permissions-pt.png`, { fullPage: true })
  } finally {
    const api = await sb.login(ANA)
    const wallet = await sb.walletId()
    const h = (await sb.client.ok("permissionUsers", { as: api, wallet })).data.data.find((u) => u.email === HELENA)
    if (h && h.permission_types.join() !== "CLIENT")
      await sb.client.ok("permissionUpdate", { as: api, wallet, body: { user_id: h.user_id, permission_types: ["CLIENT"] } })
    await ana.context.close()
  }
})

test("core §6: a member without the users permission sees no list but may unlink themselves", async ({ browser, baseURL }) => {
  const base = baseURL ?? ""
  const sb = new Sandbox(base)
  // Ana invites Helena to "Reserva" and Helena accepts (over the API), so unlinking leaves the seed as it was
  const ana = await sb.login(ANA)
  const reserve = await sb.walletId("anaReserve")
  const inv = await sb.client.ok("invitationCreate", { as: ana, wallet: reserve, body: { wallet_id: reserve, email: HELENA, permission_types: ["CLIENT"] } })
  const api = await sb.login(HELENA)
  await sb.client.ok("invitationAccept", { as: api, body: { invite_id: inv.data.invite_id } })
  const helena = await openAs(browser, base, HELENA, { wallet: "anaReserve" })
  const p = helena.page
  try {
    await go(p, "/control-panel/security/permissions")
    await expect(p.getByTestId("permissions-page")).toBeVisible({ timeout: 20_000 })
    await expect(p.getByTestId("permission-user")).toHaveCount(0)
    await expect(p.getByTestId("permissions-page")).toContainText("Você não tem permissão para ver os usuários desta carteira.")
    await expect(p.getByTestId("invite-card")).toHaveCount(0)
    await p.getByTestId("unlink").click()
    const confirm = p.getByTestId("confirm-dialog")
    await expect(confirm).toHaveAttribute("data-variant", "danger")
    await confirm.getByRole("button", { name: "Sair da carteira" }).click()
    await expect(p.getByTestId("toast-success").filter({ hasText: "Você saiu da carteira Reserva." })).toBeVisible()
    await expect(p).toHaveURL(/\/control-panel\/wallets$/)
    const wallets = await sb.client.ok("wallets", { as: api })
    expect(wallets.data.data.map((w) => w.name)).not.toContain("Reserva")
  } finally {
    const w = await sb.client.ok("wallets", { as: api })
    if (w.data.data.some((x) => x.id === reserve))
      await sb.client.ok("permissionRemoveByUser", { as: api, params: { userId: api.userId }, query: { wallet_id: reserve } })
    await helena.context.close()
  }
})
