/**
 * Sign-in, PIN and onboarding guards, logout (spec core §2.1 login, §4 "Authentication guard",
 * "PIN", "Onboarding", "Logout").
 */
import { expect, test } from "../fixtures.ts"
import { PIN } from "../pages/login-page.ts"

test("core §2.1/§7: signs in by e-mail code and lands on the banking home", async ({ page, login, home, shell }) => {
  await page.goto("/")
  await expect(page).toHaveURL(/\/auth\/login$/) // core §4: no session → login
  await login.signIn("ana@example.com")
  await home.expectLoaded()
  await shell.dismissTour()
  await expect(shell.walletSwitcher).toContainText("Conta Principal")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Olá, Ana")
  // core §4: a session on the login page goes home
  await page.goto("/auth/login")
  await expect(page).toHaveURL(/\/banking\/home$/)
})

test("core §8: a wrong code shows the catalogue message and keeps what was typed", async ({ login }) => {
  await login.open()
  await login.email.fill("ana@example.com")
  await login.password.fill("Senha@123")
  await login.submit.click()
  await login.code.fill("123456")
  await login.codeSubmit.click()
  await expect(login.error).toHaveText("Código incorreto.")
  await expect(login.code).toHaveValue("123456")
})

test("core §4 PIN: a user without PIN is sent to create-pin, then onboarding limits the areas", async ({ page, login, shell }) => {
  await login.open()
  await login.signIn("eva@example.com")
  await expect(page).toHaveURL(/\/auth\/create-pin$/)
  // limited access: any other page sends back to create-pin
  await page.goto("/control-panel/wallets")
  await expect(page).toHaveURL(/\/auth\/create-pin$/)
  await page.getByTestId("pin").fill(PIN)
  await page.getByTestId("pin-confirm").fill(PIN)
  await page.getByTestId("pin-submit").click()
  await expect(page).toHaveURL(/\/banking\/home$/)
  // core §4 onboarding pending: the modal, then only the open areas
  await expect(page.getByTestId("onboarding-modal")).toBeVisible()
  await page.getByTestId("onboarding-modal").getByRole("button", { name: "Entendi" }).click()
  await shell.dismissTour()
  await expect(shell.sectionNav.getByRole("link")).toHaveCount(0) // only Home, the active item (not a link)
  await expect(shell.menuItem("home")).toBeVisible()
  for (const id of ["pix", "cards", "billet", "ted", "coins", "statements"]) await expect(shell.menuItem(id)).toHaveCount(0)
  await expect(page.getByTestId("home-balances")).toContainText("Saldos indisponíveis")
  await page.goto("/banking/pix")
  await expect(page).toHaveURL(/\/banking\/home$/)
  await page.goto("/control-panel/security/change-password")
  await expect(page).toHaveURL(/\/banking\/home$/)
  await page.goto("/control-panel/wallets")
  await expect(page.getByTestId("wallets-page")).toBeVisible()
  await shell.openUserPanel()
  await expect(shell.userPanel.getByRole("link", { name: "Segurança" })).toHaveCount(0)
  // with a PIN, create-pin goes home
  await page.goto("/auth/create-pin")
  await expect(page).toHaveURL(/\/banking\/home$/)
})

test("core §4 Logout: asks in a danger dialog (Stay/Logout), wipes, lands on login", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com")
  await shell.logout()
  await expect(shell.confirmDialog).toHaveAttribute("data-variant", "danger")
  await shell.confirmDialog.getByRole("button", { name: "Ficar" }).click()
  await expect(page).toHaveURL(/\/banking\/home$/)
  await shell.logout()
  await shell.confirmDialog.getByRole("button", { name: "Sair" }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull()
  // the engine closed and wiped this user's local database
  await expect
    .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => n.length > 0).length), { timeout: 10_000 })
    .toBe(0)
  await page.goto("/banking/home")
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test("core §2.1, §9: the QR login shows a code for 300 s, then offers a new one", async ({ page, login }) => {
  await page.clock.install()
  await login.open()
  await page.getByTestId("tab-qr").click()
  await expect(page.getByTestId("qr-code")).toBeVisible()
  await expect(page.getByTestId("qr-countdown")).toHaveText(/0[45]:\d\d/)
  await page.clock.fastForward("05:01")
  await expect(page.getByTestId("qr-expired")).toBeVisible()
  await page.getByTestId("qr-new").click()
  await expect(page.getByTestId("qr-countdown")).toHaveText(/0[45]:\d\d/)
})

test("core §8 D-signin-lock: wrong passwords are slowed, then sign-in is locked, each with its message; what was typed stays", async ({ login }) => {
  await login.open()
  // an e-mail no other test uses: the lock is per e-mail, known or not
  await login.email.fill("intruso@example.com")
  await login.password.fill("Errada@123")
  for (let i = 0; i < 3; i++) {
    await login.submit.click()
    await expect(login.error).toHaveText("E-mail ou senha incorretos.")
  }
  // an immediate 4th try is slowed down (the sandbox waits 2 s after the 3rd)
  await login.submit.click()
  await expect(login.error).toHaveText("Muitas tentativas seguidas. Aguarde alguns segundos e tente de novo.")
  await expect(login.email).toHaveValue("intruso@example.com")
  await expect(login.password).toHaveValue("Errada@123")
  // the slow-down runs on the sandbox's own clock (signinDelayS, then twice it): the user tries again until the password
  // is checked — a slowed try is refused before it is checked, so it counts nothing (D-signin-lock)
  const tryUntil = async (message: string): Promise<void> => {
    await expect(async () => {
      await login.submit.click()
      await expect(login.error).toHaveText(message, { timeout: 3_000 })
    }).toPass({ intervals: [500], timeout: 20_000 })
  }
  await tryUntil("E-mail ou senha incorretos.")
  await tryUntil("Muitas tentativas com a senha errada: por segurança, o acesso a esta conta foi bloqueado por 15 minutos.")
})
