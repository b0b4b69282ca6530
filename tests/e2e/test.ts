/**
 * The `test` every end-to-end spec uses: Playwright's, plus one automatic fixture (decisions D-e2e-reset,
 * D-e2e-retry). A test run again after a failure first puts the sandbox back to its seed (`POST /__admin/reset`,
 * sandbox/reset.ts), so the retry meets the state the test was written against, not what its first attempt
 * changed: a claim that moved a key, a card replaced, a scheduled Pix already run. The first attempt runs on the
 * suite's shared sandbox as before; a retry that passes is still reported flaky (scripts/test.mjs).
 */
import { test as base, expect } from "@playwright/test"

export const test = base.extend<{ resetOnRetry: void }>({
  resetOnRetry: [async ({ baseURL }, use, testInfo) => {
    if (testInfo.retry > 0) {
      const r = await fetch(`${baseURL ?? ""}/__admin/reset`, { method: "POST" })
      if (!r.ok) throw new Error(`sandbox reset before retry: ${r.status} (serve it with --resettable)`)
    }
    await use()
  }, { auto: true }]
})

export { expect }
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test"
