/**
 * spec core §4 "Session timer": the countdown banner, continue session, and the expiry logout
 * with the alert and the redirect after 1 s — with the clock shortened by ?session_ms=.
 */
import { expect, test } from "../fixtures.ts"

test("core §4: 'continue session' renews the session", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com", { query: "?session_ms=20000" })
  await expect(shell.sessionBanner).toBeVisible()
  // some seconds run down first, so the renewal shows as the countdown going back up
  await expect(page.getByTestId("session-countdown")).toHaveText(/00:1[0-6]/)
  const before = await page.getByTestId("session-countdown").textContent()
  await page.getByTestId("continue-session").click()
  await expect.poll(async () => page.getByTestId("session-countdown").textContent()).not.toBe(before)
  await expect(page.getByTestId("session-countdown")).toHaveText(/00:(19|20)/)
})

test("core §4: inactivity expiry logs out with the alert and lands on login", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com", { query: "?session_ms=9000" })
  await expect(shell.sessionBanner).toBeVisible()
  await expect(shell.alertDialog).toBeVisible({ timeout: 15_000 })
  await expect(shell.alertDialog).toContainText("Conta desconectada por inatividade")
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 5000 })
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull()
  await shell.alertDialog.getByRole("button", { name: "Entendi" }).click()
  await expect(shell.alertDialog).toBeHidden()
})
