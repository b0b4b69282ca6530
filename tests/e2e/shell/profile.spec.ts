/**
 * spec core §2.4/§5 profile update: the banner, the modal's zip lookup (fills the address, sets
 * Brasil, clears the number), the occupation search, Save only when valid, the success toast.
 * Also core §4: expired onboarding counts as complete for a natural person (Security offered).
 */
import { expect, test } from "../fixtures.ts"
import { go } from "../pages/navigation.ts"

test("core §5: the profile-update modal fills the address from the zip and saves", async ({ page, signInAs, shell }) => {
  await signInAs("gabi@example.com")
  const banner = page.getByTestId("profile-banner")
  await expect(banner).toBeVisible()
  await shell.openUserPanel()
  await expect(shell.userPanel.getByRole("link", { name: "Segurança" })).toBeVisible() // expired, natural person
  await page.keyboard.press("Escape")
  await page.getByTestId("profile-banner-action").click()
  const modal = page.getByTestId("profile-update-modal")
  await expect(modal).toBeVisible()
  const save = page.getByTestId("profile-save")
  await modal.getByLabel("Número").fill("77")
  await page.getByTestId("zip").fill("01310100")
  await expect(page.getByTestId("zip")).toHaveValue("01310-100")
  await expect(modal.getByLabel("País")).toHaveValue("Brasil")
  await expect(modal.getByLabel("Número")).toHaveValue("") // cleared by the lookup
  await expect(modal.getByLabel("Cidade")).not.toHaveValue("")
  await modal.getByLabel("Renda mensal").fill("5.000,00")
  await page.getByTestId("occupation").fill("analista")
  await page.getByRole("option", { name: "Analista de desenvolvimento de sistemas" }).click()
  await expect(save).toBeDisabled() // number still missing
  await modal.getByLabel("Número").fill("1000")
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByTestId("toast-success")).toContainText("Cadastro atualizado com sucesso.")
  await expect(modal).toBeHidden()
  await expect(banner).toBeHidden()
})

test("core §5: 'occupation not reported' disables the occupation field", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  await go(page, "/control-panel/my-account/my-data")
  await page.getByTestId("open-profile-update").click()
  const modal = page.getByTestId("profile-update-modal")
  await modal.getByLabel("Profissão não informada").click()
  await expect(page.getByTestId("occupation")).toBeDisabled()
})
