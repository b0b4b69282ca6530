/**
 * A synced list of the registry (schema/lists.ts) as a page shows it (issue 11 "views read every synced list from
 * the store only"): its rows with the pending commands' overlays (workers/client.ts `useList`), and, while the
 * store holds none, whether the engine is still pulling it (loading) or its last pull failed (sync/SPEC.md P6:
 * the list's progress). The engine pulls it again on the next change hint or sync, or when the page asks (`retry`).
 */
import { useState } from "react"
import { getEngine, useList, useLiveQuery, type ListName, type ListRow } from "../../workers/client.ts"

export type SyncedList<L extends ListName> =
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly rows: ReadonlyArray<ListRow<L>> }
  | { readonly state: "error"; readonly key: string; readonly retry: () => Promise<void> }

export function useSyncedList<L extends ListName>(list: L, walletId: string | null): SyncedList<L> {
  const rows = useList(list, walletId)
  // the copies this page has shown ready: a later pull of an empty list is not "loading" again (a form open on
  // the page would be taken away and what was typed lost)
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set())
  const copy = `${list}|${walletId ?? ""}`
  // the progress is watched only while there is nothing to show (it moves on every page of the big pulls)
  const progress = useLiveQuery(rows !== undefined && rows.length === 0 ? { kind: "syncProgress" } : null)
  if (rows === undefined) return { state: "loading" }
  const state = progress?.lists[list]?.state
  if (rows.length === 0 && state === "error" && walletId !== null)
    return { state: "error", key: "UNABLE_TO_GET_DATA", retry: () => getEngine().rpc.pullLists({ lists: [list], walletId }) }
  if (rows.length > 0 || state === "done" || shown.has(copy)) {
    // remembered in state while rendering (a ref written during render would remember a render React threw away)
    if (!shown.has(copy)) setShown(new Set(shown).add(copy))
    return { state: "ready", rows }
  }
  return { state: "loading" }
}
