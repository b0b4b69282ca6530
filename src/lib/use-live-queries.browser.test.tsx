/**
 * `useLiveQueries` (workers/client.ts): several live queries through the one cache of `useLiveQuery` (sync/SPEC.md W4:
 * a view's live query is one subscription of the engine, answered by snapshots). Checked in Chromium against a fake
 * SharedWorker port that records what the client posts and answers as the engine would:
 * - a query another view already keeps answered is there at the first render (no commit, effect and round trip first:
 *   the analysis page's wallets' permissions, issue 32 item 4 "a saved view opens within 100 ms of navigation");
 * - one query is one subscription of the engine, whoever asks it;
 * - the answer keeps the order of the queries and is the same array while no answer changes;
 * - an unmounted view's queries are given up after the cache's grace.
 */
import { afterAll, beforeAll, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { useState } from "react"
import { useLiveQueries, useLiveQuery } from "../../workers/client.ts"

interface Posted {
  readonly t: string
  readonly subId?: number
  readonly query?: { readonly kind: string; readonly walletId?: string }
}
const posted: Posted[] = []
const port = {
  onmessage: null as ((e: MessageEvent) => void) | null,
  start(): void {},
  postMessage(m: unknown): void {
    posted.push(m as Posted)
  }
}
class FakeSharedWorker {
  readonly port = port
}
const subscribes = (walletId: string) => posted.filter((m) => m.t === "subscribe" && m.query?.walletId === walletId)
const answer = (walletId: string, value: ReadonlyArray<string>): void => {
  for (const m of subscribes(walletId)) port.onmessage?.({ data: { t: "snapshot", subId: m.subId, value } } as MessageEvent)
}
const q = (walletId: string) => ({ kind: "permissionActions" as const, walletId })

beforeAll(() => {
  vi.stubGlobal("SharedWorker", FakeSharedWorker)
})
afterAll(() => {
  vi.unstubAllGlobals()
})

function One({ walletId }: { readonly walletId: string }) {
  const v = useLiveQuery(q(walletId))
  return <p data-testid={`one-${walletId}`}>{v ? v.join(",") : "…"}</p>
}

test("W4 a query another view keeps answered is there at the first render; the others are asked once, in order", async () => {
  const first = await render(<One walletId="w1" />)
  // the contract's Schemas load before the first snapshot is read
  await vi.waitFor(
    () => {
      answer("w1", ["get-statement"])
      expect(first.getByTestId("one-w1").element().textContent).toBe("get-statement")
    },
    { timeout: 10_000 }
  )
  const renders: Array<ReadonlyArray<ReadonlyArray<string> | undefined>> = []
  function Many({ ids }: { readonly ids: ReadonlyArray<string> }) {
    const values = useLiveQueries(ids.map(q))
    renders.push(values)
    const [, bump] = useState(0)
    return (
      <button data-testid="many" onClick={() => bump((n) => n + 1)}>
        {values.map((v) => (v ? v.join(",") : "…")).join(" | ")}
      </button>
    )
  }
  const many = await render(<Many ids={["w2", "w1", "w3"]} />)
  // the first render already has w1's answer; w2 and w3 are not known yet
  expect(renders[0]).toEqual([undefined, ["get-statement"], undefined])
  // w1 is still one subscription of the engine; w2 and w3 one each
  expect(subscribes("w1")).toHaveLength(1)
  expect(subscribes("w2")).toHaveLength(1)
  expect(subscribes("w3")).toHaveLength(1)

  answer("w3", ["get-statement", "post-statement-export"])
  await vi.waitFor(() => expect(many.getByTestId("many").element().textContent).toBe("… | get-statement | get-statement,post-statement-export"))
  answer("w2", [])
  await vi.waitFor(() => expect(many.getByTestId("many").element().textContent).toBe(" | get-statement | get-statement,post-statement-export"))

  // a render with no new answer hands back the same array
  const before = renders.length
  const last = renders.at(-1)
  await many.getByTestId("many").click()
  await vi.waitFor(() => expect(renders.length).toBeGreaterThan(before))
  expect(renders.at(-1)).toBe(last)

  // unmounted: w2 and w3 are given up after the grace; w1 stays, another view keeps it
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
  try {
    await many.unmount()
    const gone = () => posted.filter((m) => m.t === "unsubscribe").map((m) => m.subId)
    expect(gone()).toEqual([])
    vi.advanceTimersByTime(2_000)
    expect(gone().sort()).toEqual([subscribes("w2")[0]!.subId, subscribes("w3")[0]!.subId].sort())
  } finally {
    vi.useRealTimers()
  }
  expect(first.getByTestId("one-w1").element().textContent).toBe("get-statement")
})
