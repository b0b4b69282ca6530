/** spec core §2 three route forms, §2.4 language order, language modal and its 365-day cookie. */
import { expect, test } from "../fixtures.ts"
import { go } from "../pages/navigation.ts"

test("core §2: /en/... renders English, /pt/... and no prefix render Portuguese", async ({ page }) => {
  await go(page, "/en/auth/login")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in")
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US")
  await go(page, "/pt/auth/login")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar")
  await go(page, "/auth/login")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar")
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR")
})

test.describe("with an English browser", () => {
  test.use({ locale: "en-US" })
  test("core §2.4: no prefix and no cookie follows the browser language", async ({ page }) => {
    await go(page, "/auth/login")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in")
  })
})

test("core §2.4: the language modal switches, stores a 365-day cookie and is remembered", async ({ page, context, signInAs, shell }) => {
  await signInAs("ana@example.com")
  await shell.chooseLanguage(/English/)
  await expect(page.getByTestId("toast-success")).toContainText("Language changed successfully")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Ana")
  await expect(shell.menuItem("statements")).toHaveText("Statement") // menus follow the locale
  const cookie = (await context.cookies()).find((c) => c.name === "lang")
  expect(cookie?.value).toBe("en")
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(364)
  expect(days).toBeLessThanOrEqual(365)
  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Ana")
  // the URL prefix still wins over the cookie
  await go(page, "/pt/banking/home")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Olá, Ana")
  // choosing the current language only closes the modal
  await go(page, "/banking/home")
  await shell.chooseLanguage(/English/)
  await expect(page.getByTestId("toast-success")).toHaveCount(0)
})

test("core §2.4: on a prefixed URL the language modal moves to the other prefix", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com", { prefix: "/en" })
  await expect(page).toHaveURL(/\/en\/banking\/home$/)
  await shell.chooseLanguage(/Português/)
  await expect(page).toHaveURL(/\/pt\/banking\/home$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Olá, Ana")
})
