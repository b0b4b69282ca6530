/**
 * Several live queries at once whose number is known only at run time (one per selected wallet:
 * features §2 cross-wallet analysis, per-wallet permissions of core §6), where `useLiveQuery`
 * (one hook call per query) cannot be used in a loop. Subscribes through the engine client; the
 * answer keeps the order of `queries`, `undefined` until a query's first snapshot.
 */
import { useEffect, useState } from "react"
import { getEngine, useLiveQuery } from "../../workers/client.ts"
import type { LiveQuery } from "../../workers/protocol.ts"
import type { ResultOf } from "../../workers/results.ts"

export function useLiveQueries<Q extends LiveQuery>(queries: ReadonlyArray<Q>): ReadonlyArray<ResultOf<Q> | undefined> {
  const key = JSON.stringify(queries)
  const [state, setState] = useState<{ readonly key: string; readonly values: ReadonlyArray<ResultOf<Q> | undefined> }>({ key: "", values: [] })
  useEffect(() => {
    const list = JSON.parse(key) as Q[]
    const values: Array<ResultOf<Q> | undefined> = list.map(() => undefined)
    let live = true
    const unsubs = list.map((q, i) =>
      getEngine().subscribe(q, (v) => {
        if (!live) return
        values[i] = v
        setState({ key, values: [...values] })
      })
    )
    return () => {
      live = false
      for (const u of unsubs) u()
    }
  }, [key])
  return state.key === key ? state.values : queries.map(() => undefined)
}

/** The wallet's available BRL balance (minor units) from the synced accounts, null until known. */
export function useBrlBalance(walletId: string | null | undefined): number | null {
  const accounts = useLiveQuery(walletId ? { kind: "walletAccounts", walletId } : null)
  return accounts?.find((a) => a.currency_symbol === "BRL")?.balance ?? null
}
