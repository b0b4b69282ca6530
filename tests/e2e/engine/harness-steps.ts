/**
 * Steps the engine's browser suites share: open the built harness page (harness/engine.html),
 * and sign a user in and wait until the default wallet's statement is synced.
 */
import type { Page } from "@playwright/test"

import "../../../harness/types.ts"

export const openHarness = async (page: Page): Promise<void> => {
  await page.goto("/harness/engine.html")
  await page.waitForFunction(() => window.harness !== undefined)
}

/** Sign in, watch wallets and sync progress, wait for the default wallet's statement; its id and the user id. */
export async function signInAndSync(page: Page, email: string): Promise<{ userId: string; walletId: string }> {
  const userId = await page.evaluate((e) => window.harness.signIn(e), email)
  await page.evaluate(() => {
    window.harness.watch("wallets", { kind: "wallets" })
    window.harness.watch("progress", { kind: "syncProgress" })
  })
  await page.waitForFunction(
    () => {
      const w = (window.harness.snaps.wallets as Array<{ id: string; default: boolean }> | undefined)?.find((x) => x.default)
      const p = window.harness.snaps.progress as { lists: Record<string, { state: string }> } | undefined
      return w !== undefined && p?.lists[`statements:${w.id}`]?.state === "done"
    },
    undefined,
    { timeout: 30_000 }
  )
  const walletId = await page.evaluate(() => (window.harness.snaps.wallets as Array<{ id: string; default: boolean }>).find((x) => x.default)!.id)
  return { userId, walletId }
}
