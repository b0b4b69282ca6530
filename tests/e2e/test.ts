/**
 * The `test` every end-to-end spec uses: Playwright's, plus one automatic fixture (decisions D-e2e-reset,
 * D-e2e-retry). A test run again after a failure first puts the sandbox back to its seed (`POST /__admin/reset`,
 * sandbox/reset.ts), so the retry meets the state the test was written against, not what its first attempt
 * changed: a claim that moved a key, a card replaced, a scheduled Pix already run. The first attempt runs on the
 * suite's shared sandbox as before; a retry that passes is still reported flaky (scripts/test.mjs).
 *
 * And one more (sync/SPEC.md W4): a snapshot or reply the views' half refused because it did not match its Schema
 * fails the test that saw it, in every context the test opens (its own `context` and any `browser.newContext()`).
 */
import { test as base, expect, type BrowserContext } from "@playwright/test"

const CONTRACT_BROKEN = "does not match its Schema"

export const test = base.extend<{ resetOnRetry: void; boundaryChecked: void }>({
  boundaryChecked: [async ({ browser, context }, use) => {
    const broken: string[] = []
    const watch = (c: BrowserContext): void => { c.on("console", (m) => { if (m.type() === "error" && m.text().includes(CONTRACT_BROKEN)) broken.push(m.text()) }) }
    watch(context)
    const newContext = browser.newContext.bind(browser)
    browser.newContext = async (options) => { const c = await newContext(options); watch(c); return c }
    try { await use() } finally { browser.newContext = newContext }
    expect(broken, "W4: the engine sent an answer that does not match its Schema").toEqual([])
  }, { auto: true }],
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
