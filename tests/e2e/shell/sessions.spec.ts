/**
 * Issue 30 items 4 and 5 (docs/decisions.md "D-sessions (issue 30 items 4, 5)"), spec core §4 "Logout" and "Session
 * timer", §8 "number of attempts exceeded": the app's Logout revokes the session on the server (best-effort: offline
 * it still wipes); a session revoked elsewhere (a password change on another device) is signed out cleanly with the
 * expiry alert at its next call; a sign-in locked by someone else's wrong passwords is lifted by its owner with the
 * e-mailed code, from the login page.
 */
import { expect, test } from "../fixtures.ts"
import { PASSWORD } from "../pages/login-page.ts"
import { openSignedIn, sessionByApi, type SessionInfo } from "../pages/sign-in.ts"

/** The session the tab holds now (workers/client.ts keeps it in sessionStorage): the tokens a renewal may have replaced. */
const heldSession = async (page: import("@playwright/test").Page): Promise<SessionInfo> =>
  JSON.parse((await page.evaluate(() => sessionStorage.getItem("session"))) ?? "null") as SessionInfo

test("issue 30 item 4, core §4 Logout: confirming Logout calls the server's logout, after which the session's refresh and access tokens are refused", async ({
  page,
  shell,
  home
}) => {
  await openSignedIn(page, "ana@example.com")
  await home.expectLoaded()
  const held = await heldSession(page)
  expect((await page.request.get("/users/users/profile", { headers: { authorization: `Bearer ${held.accessToken}` } })).status()).toBe(200)
  await shell.logout()
  await shell.confirmDialog.getByRole("button", { name: "Sair" }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull()
  // the engine's logout call comes from its worker (not seen as the page's request): its effect is what is checked
  await expect
    .poll(async () => (await page.request.get("/users/users/profile", { headers: { authorization: `Bearer ${held.accessToken}` } })).status())
    .toBe(401)
  expect((await page.request.post("/users/auth/refresh-token", { data: { refresh_token: held.refreshToken } })).status()).toBe(401)
})

test("issue 30 item 4: offline, Logout still wipes the local data and lands on login (the revoke is best-effort)", async ({ page, context, shell, home }) => {
  await openSignedIn(page, "ana@example.com")
  await home.expectLoaded()
  await context.setOffline(true)
  await shell.logout()
  await shell.confirmDialog.getByRole("button", { name: "Sair" }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull()
  await expect
    .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => n.length > 0).length), { timeout: 10_000 })
    .toBe(0)
  await context.setOffline(false)
})

test("issue 30 item 4, core §4: a password change on another device ends this tab's session — its next call is refused and the app signs out with the expiry alert", async ({
  page,
  shell,
  home
}) => {
  await openSignedIn(page, "ana@example.com")
  await home.expectLoaded()
  const other = await sessionByApi(page, "ana@example.com")
  const changed = await page.request.post("/users/auth/password", {
    data: { current_password: PASSWORD, new_password: "Nova@Senha1" },
    headers: { authorization: `Bearer ${other.accessToken}`, "server-type": "green", language: "pt-BR" }
  })
  expect(changed.status()).toBe(200)
  // the sandbox closes this session's live stream; reconnecting is refused and the renewal too
  await expect(shell.alertDialog).toBeVisible()
  await expect(shell.alertDialog).toContainText("Conta desconectada por inatividade")
  await expect(page).toHaveURL(/\/auth\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull()
  // the device that changed it goes on
  expect((await page.request.get("/users/users/profile", { headers: { authorization: `Bearer ${other.accessToken}` } })).status()).toBe(200)
})

test("issue 30 item 5, core §8: a sign-in locked by wrong passwords (anyone who knows the e-mail) is lifted by the owner with the e-mailed code, and the owner signs in", async ({
  page,
  login
}) => {
  const email = "carla@example.com"
  // someone else locks carla's sign-in through the API: wrong passwords until SIGNIN_LOCKED. The slow-downs between them
  // run on the sandbox's own clock (signinDelayS, then twice it); a slowed try is refused unchecked and counts nothing,
  // so the attacker simply tries again until the answer is the lock
  await expect
    .poll(
      async () => {
        const r = await page.request.post("/users/v2/auth/signin", { data: { email, password: "Errada@123" }, headers: { language: "pt-BR" } })
        return ((await r.json()) as { error?: { key?: string } }).error?.key
      },
      { intervals: [500], timeout: 30_000 }
    )
    .toBe("SIGNIN_LOCKED")
  await login.open()
  await login.email.fill(email)
  await login.password.fill(PASSWORD)
  await login.submit.click()
  await expect(login.error).toHaveText("Muitas tentativas com a senha errada: por segurança, o acesso a esta conta foi bloqueado por 15 minutos.")
  await page.getByTestId("login-unlock").click()
  await expect(page.getByTestId("login-unlock-step")).toContainText(`Se ${email} tiver uma conta`)
  const sent = await page.request.get(`${new URL(page.url()).origin}/__admin/codes?email=${encodeURIComponent(email)}`)
  const code = ((await sent.json()) as { data: { code: string } }).data.code
  // a wrong code is refused and lifts nothing
  await page.getByTestId("login-unlock-code").fill(code === "111111" ? "222222" : "111111")
  await page.getByTestId("login-unlock-submit").click()
  await expect(login.error).toHaveText("Código incorreto.")
  await page.getByTestId("login-unlock-code").fill(code)
  await page.getByTestId("login-unlock-submit").click()
  await expect(page.getByText("Acesso desbloqueado. Entre com sua senha.")).toBeVisible()
  // back on the form with what was typed; the right password now gets the sign-in code
  await expect(login.email).toHaveValue(email)
  await login.submit.click()
  await expect(page.getByTestId("login-code-step")).toBeVisible()
})
