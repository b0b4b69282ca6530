/**
 * sync/SPEC.md Q5 "rows first" and Q4 "a window further down is a slice", through the real
 * SharedWorker in Chromium: a statements query that asks for it (`early`) gets the window's rows
 * in a first snapshot marked `partial`, then the full answer; one that does not ask gets one
 * snapshot; an answer the worker already holds comes once, whole; so does the first page of a
 * filter without text (Q7, chunk totals).
 */
import { expect, test } from "../test.ts"

import { openHarness, signInAndSync } from "./harness-steps.ts"

interface Snap {
  total: number
  rows: Array<{ id: string }>
  partial?: true
}

test("Q5 an early query gets its rows first, then the full answer; Q4 the next window of it comes whole", async ({ page }) => {
  await openHarness(page)
  const { walletId } = await signInAndSync(page, "ana@example.com")
  const seen = await page.evaluate(async (w) => {
    const collect = (query: unknown, early: boolean): Promise<Snap[]> =>
      new Promise((resolve) => {
        const got: Snap[] = []
        const stop = window.harness.engine.subscribe({ kind: "statements", query, ...(early ? { early: true } : {}) }, (v) => {
          got.push(v as Snap)
          if (!(v as Snap).partial) {
            stop()
            resolve(got)
          }
        })
      })
    // a text filter goes by a scan (a first page without text is answered from chunk totals, Q7)
    const q = { walletIds: [w], text: "a", sort: { by: "created_at", dir: "desc" }, offset: 0, limit: 20 }
    const early = await collect(q, true)
    const plain = await collect({ ...q, text: "o" }, false)
    // the same filter again, further down: the worker lists it whole (Q4), then slices it
    await collect({ ...q, offset: 20 }, true)
    const again = await collect({ ...q, offset: 40 }, true)
    // Q7: the first page of a filter without text comes once, whole, even when it asks for rows first
    const { text: _text, ...noText } = q
    const chunked = await collect(noText, true)
    return { early, plain, again, chunked }
  }, walletId)

  // rows first: the window's 20 rows, a lower-bound count; then the full answer with the same rows
  expect(seen.early.length).toBe(2)
  const [first, full] = seen.early as [Snap, Snap]
  expect(first.partial).toBe(true)
  expect(first.rows).toHaveLength(20)
  expect(first.total).toBe(20)
  expect(full.partial).toBeUndefined()
  expect(full.total).toBeGreaterThan(20)
  expect(full.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id))
  // a query that does not ask: one answer
  expect(seen.plain).toHaveLength(1)
  expect(seen.plain[0]?.partial).toBeUndefined()
  // from the worker's match list: one answer, whole
  expect(seen.again).toHaveLength(1)
  expect(seen.again[0]?.total).toBe(full.total)
  expect(seen.chunked).toHaveLength(1)
  expect(seen.chunked[0]?.partial).toBeUndefined()
  expect(seen.chunked[0]?.rows).toHaveLength(20)
  expect(seen.chunked[0]?.total).toBeGreaterThanOrEqual(full.total)
})
