/** spec core §2.1 error page (404 with back-to-home) and the placeholder pages of later issues. */
import { expect, test } from "../fixtures.ts"

test("core §2.1: an unknown route gives 404 with a back-to-home button", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  await page.goto("/en/no/such/page")
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found")
  await page.getByTestId("back-home").click()
  await expect(page).toHaveURL(/\/en\/banking\/home$/)
})

test("core §2.1: a signed-out visit to an unknown route goes to login", async ({ page }) => {
  await page.goto("/no/such/page")
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test("routes of later issues show a translated 'not available yet' page", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  await page.goto("/banking/ted")
  await expect(page.getByTestId("unavailable-page")).toContainText("Área ainda não disponível")
  await page.goto("/en/banking/ted")
  await expect(page.getByTestId("unavailable-page")).toContainText("Area not available yet")
})

test("core §2.4: offline, the header says so and the app keeps showing local data", async ({ page, context, signInAs, home }) => {
  await signInAs("ana@example.com")
  await context.setOffline(true)
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-online", "false")
  await expect(page.getByTestId("offline-banner")).toContainText("dados guardados neste dispositivo")
  await expect(home.balance("BRL")).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId("offline-banner")).toBeHidden()
})
