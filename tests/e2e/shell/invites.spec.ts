/**
 * spec core §2.1 my-invites/received and sent, §3 "Wallet invitation" states: accept joins the
 * wallet; a sent invitation can be cancelled; expired ones offer nothing.
 */
import { expect, test } from "../fixtures.ts"
import { go } from "../pages/navigation.ts"

test("core §3: accepting a received invitation adds the wallet", async ({ page, signInAs, shell }) => {
  await signInAs("helena@example.com")
  await go(page, "/control-panel/my-account/my-invites/received")
  const row = page.getByTestId("invite-row").filter({ hasText: "Lima & Filhos - Matriz" })
  await expect(row).toHaveAttribute("data-state", "SENT")
  await row.getByTestId("invite-accept").click()
  await expect(row).toHaveAttribute("data-state", "ACCEPTED")
  await expect(page.getByTestId("toast-success")).toBeVisible()
  await shell.openWalletModal()
  await expect(shell.walletModal.getByTestId("wallet-option").filter({ hasText: "Lima & Filhos - Matriz" })).toBeVisible()
})

test("core §3: a sent invitation can be cancelled after a confirmation; an expired one offers nothing", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com")
  await go(page, "/control-panel/my-account/my-invites/received")
  const expired = page.getByTestId("invite-row").filter({ hasText: "Lima & Filhos - Matriz" })
  await expect(expired).toHaveAttribute("data-state", "EXPIRED")
  await expect(expired.getByRole("button")).toHaveCount(0)
  await page.getByRole("link", { name: "Enviados" }).click()
  const sent = page.getByTestId("invite-row").filter({ hasText: "novo.colaborador@example.com" })
  await expect(sent).toHaveAttribute("data-state", "SENT")
  await sent.getByRole("button", { name: "Cancelar convite" }).click()
  await shell.confirmDialog.getByRole("button", { name: "Cancelar convite" }).click()
  await expect(sent).toHaveAttribute("data-state", "CANCELLED")
})
