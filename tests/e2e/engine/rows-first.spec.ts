/**
 * sync/SPEC.md Q5 "rows first" and Q4 "a window further down is a slice", through the real
 * SharedWorker in Chromium: a statements query that asks for it (`early`) gets the window's rows
 * in a first snapshot marked `partial`, then the full answer; one that does not ask gets one
 * snapshot; an answer the worker already holds comes once, whole.
 */
import { expect, test } from "../test.ts"

import { openHarness, signInAndSync } from "./harness-steps.ts"

interface Snap { total: number; rows: Array<{ id: string }>; partial?: true }

test("Q5 an early query gets its rows first, then the full answer; Q4 the next window of it comes whole", async ({ page }) => {
  await openHarness(page)
  const { walletId } = await signInAndSync(page, "ana@example.com")
  const seen = await page.evaluate(async (w) => {
    const collect = (query: unknown, early: boolean): Promise<Snap[]> => new Promise((resolve) => {
      const got: Snap[] = []
      const stop = window.harness.engine.subscribe({ kind: "statements", query, ...(early ? { early: true } : {}) }, (v) => {
        got.push(v as Snap)
        if (!(v as Snap).partial) { stop(); resolve(got) }
      })
    })
    const q = { walletIds: [w], sort: { by: "created_at", dir: "desc" }, offset: 0, limit: 20 }
    const early = await collect(q, true)
    const plain = await collect({ ...q, text: "a" }, false)
    // the same filter again, further down: the worker lists it whole (Q4), then slices it
    await collect({ ...q, offset: 20 }, true)
    const again = await collect({ ...q, offset: 40 }, true)
    return { early, plain, again }
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
})
