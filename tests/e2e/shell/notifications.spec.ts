/** spec core §2.4/§4 notifications: a new one raises the badge without a reload; expand marks read. */
import { expect, test } from "../fixtures.ts"

test("core §4: a notification from the sandbox raises the badge live, and reading it lowers it", async ({ page, signInAs, shell }) => {
  await signInAs("ana@example.com")
  await expect(shell.notificationsButton).toHaveAttribute("data-unread", /\d+/)
  await expect.poll(() => shell.unreadCount(), { timeout: 15_000 }).toBeGreaterThan(0)
  const before = await shell.unreadCount()
  const r = await page.request.post("/__admin/notifications", {
    data: { user_email: "ana@example.com", title: "Pix recebido agora", description: "Você recebeu R$ 10,00." }
  })
  expect(r.ok()).toBe(true)
  await expect.poll(() => shell.unreadCount(), { timeout: 15_000 }).toBe(before + 1)
  await shell.notificationsButton.click()
  await expect(shell.notificationsPanel).toBeVisible()
  const entry = shell.notificationsPanel.getByTestId("notification").filter({ hasText: "Pix recebido agora" })
  await expect(entry).toHaveAttribute("data-read", "false")
  await entry.getByRole("button").click()
  await expect(entry).toContainText("Você recebeu R$ 10,00.")
  await expect(entry).toHaveAttribute("data-read", "true")
  await expect.poll(() => shell.unreadCount(), { timeout: 15_000 }).toBe(before)
})
