/**
 * `useTypedForward` (sync/SPEC.md Q5b, decisions D-narrow) with the fake engine client: while a text is typed, the
 * table's first window without the text is asked and kept (so clearing the field finds it answered, and a first
 * character is narrowed from it); the Narrowing it gives the page's first window is the table's rule and a screenful of
 * rows; with no text nothing more is asked; with no query, no Narrowing.
 */
import { afterEach, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { fakeEngine } from "../../tests/support/fake-engine-client.ts"
import type { LiveQuery } from "../../workers/protocol.ts"
import { narrower } from "../../schema/tables/text-narrow.ts"
import { useTypedForward } from "./use-typed-forward.ts"
import { NARROW_ROWS } from "../ui/data-table.tsx"

vi.mock("../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../workers/client.ts")>()),
  ...(await import("../../tests/support/fake-engine-client.ts")).fakeClient
}))

interface Q {
  readonly walletIds: ReadonlyArray<string>
  readonly text?: string
  readonly sort: { readonly by: "created_at"; readonly dir: "desc" }
}
const rule = narrower<object>({ text: ["description"], prefixIds: [] })
const firstWindow = (bare: Omit<Q, "text">): LiveQuery => ({ kind: "table", table: "gateway_transactions", query: { ...bare, offset: 0, limit: 100 } })
function Probe({ query }: { readonly query: Q | null }) {
  const n = useTypedForward(rule, query, firstWindow)
  return <output data-testid="probe" data-needed={n?.needed ?? "none"} data-rule={n === undefined ? "none" : n.by === rule ? "rule" : "other"} />
}
const shown = (): { needed: string | undefined; rule: string | undefined } => {
  const el = document.querySelector<HTMLElement>('[data-testid="probe"]')
  return { needed: el?.dataset.needed, rule: el?.dataset.rule }
}
afterEach(() => {
  fakeEngine.reset()
})

test("Q5b: with a text, the first window without it is asked (kept live); without one, nothing more; the Narrowing is the rule and a screenful; no query, none", async () => {
  fakeEngine.answer("table:gateway_transactions", { rows: [], total: 0 })
  const bare = firstWindow({ walletIds: ["w1"], sort: { by: "created_at", dir: "desc" } })
  const screen = await render(<Probe query={{ walletIds: ["w1"], text: "mer", sort: { by: "created_at", dir: "desc" } }} />)
  expect(fakeEngine.asked.map((q) => JSON.stringify(q))).toEqual([JSON.stringify(bare)])
  expect(shown()).toEqual({ needed: String(NARROW_ROWS), rule: "rule" })
  // the same other terms with another text: the same window kept
  await screen.rerender(<Probe query={{ walletIds: ["w1"], text: "merc", sort: { by: "created_at", dir: "desc" } }} />)
  expect(new Set(fakeEngine.asked.map((q) => JSON.stringify(q)))).toEqual(new Set([JSON.stringify(bare)]))
  fakeEngine.reset()
  await screen.rerender(<Probe query={{ walletIds: ["w2"], sort: { by: "created_at", dir: "desc" } }} />)
  expect(fakeEngine.asked).toEqual([])
  expect(shown().rule).toBe("rule")
  await screen.rerender(<Probe query={null} />)
  expect(shown()).toEqual({ needed: "none", rule: "none" })
})
