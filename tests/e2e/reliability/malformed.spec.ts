/**
 * Malformed answers at the client's edge (issue 18 "bad input at the edges"; sync/SPEC.md A4, L5):
 * with the sandbox corrupting every answer (an HTML page with a script, values of the wrong type)
 * and every stream frame, the app keeps its page and the local data, says what went wrong in the
 * user's language, and never runs server text as HTML.
 */
import { readFileSync } from "node:fs"
import { expect, test } from "../fixtures.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { CoinsPage } from "../statements/pages.ts"

const ptErrors = new Set(Object.values(JSON.parse(readFileSync("locales/pt/errors.json", "utf8")) as Record<string, string>))

test("issue 18: corrupted answers and stream frames — page and local data stay, the error is translated, no server script runs", async ({
  page,
  signInAs,
  baseURL
}) => {
  const sandbox = new Sandbox(baseURL ?? "")
  const dialogs: string[] = []
  page.on("dialog", (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await signInAs("ana@example.com")
  const coins = new CoinsPage(page)
  await coins.openFromMenu()
  await expect(coins.balance("BRL")).toContainText(/R\$ [\d.]+,\d{2}/)
  const balance = await coins.balance("BRL").textContent()
  const ptText = async (loc: ReturnType<typeof page.getByRole>): Promise<string> => (await loc.textContent())?.trim() ?? ""
  try {
    for (const mode of ["html", "types", "truncate"] as const) {
      // one call answers badly (the quote): the page and its local data stay, the error is the catalogue's, in Portuguese
      await sandbox.client.admin("faults", { body: { corrupt_rate: { "/users/v2/quotations": 1 }, corrupt_mode: mode, corrupt_sse_rate: 1 } })
      await page.reload()
      await expect(coins.balance("BRL")).toHaveText(balance ?? "")
      const alert = page.getByRole("alert").filter({ hasText: /\S/ }).first()
      await expect(alert).toBeVisible()
      expect(ptErrors.has(await ptText(alert)), `${mode}: "${await ptText(alert)}"`).toBe(true)
      expect(await page.title()).not.toBe("pwned")
    }
    // every answer and every frame bad: never a blank page — the local data, or a translated error page
    await sandbox.client.admin("faults", { body: { corrupt_rate: { "/users": 1, "/api-2": 1 }, corrupt_mode: "html", corrupt_sse_rate: 1 } })
    await page.reload()
    const heading = page.getByRole("heading").first()
    await expect(heading).toBeVisible()
    expect((await page.locator("body").innerText()).trim().length).toBeGreaterThan(10)
    expect(await page.title()).not.toBe("pwned")
  } finally {
    await sandbox.client.admin("resetFaults")
  }
  expect(dialogs).toEqual([])
  expect(await page.locator("img[src='x']").count()).toBe(0)
})
