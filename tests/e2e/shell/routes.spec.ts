/** spec core §2.1 error page (404 with back-to-home); every area of features §2 is a page of its own, no placeholder left. */
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

test("features §2: the last placeholder (TED) is a page of its own, in pt and en", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  await page.goto("/banking/ted")
  await expect(page.getByTestId("ted-page")).toBeVisible()
  await expect(page.getByTestId("ted-tab-pay")).toHaveText("Enviar")
  await page.goto("/en/banking/ted")
  await expect(page.getByTestId("ted-tab-pay")).toHaveText("Send")
  await expect(page.getByTestId("error-page")).toHaveCount(0)
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
