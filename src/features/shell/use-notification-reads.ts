/**
 * Marking notifications read (spec core §4 "Notifications"): the UI updates at once, the server
 * is told; on failure the change is rolled back and an error toast shows (core §8 'unable to
 * perform action'). Also the unread badge, lowered by the reads the engine's count does not
 * show yet (those made since the count last changed).
 */
import { useCallback, useState, useSyncExternalStore } from "react"
import i18next from "i18next"
import { getEngine } from "../../../workers/client.ts"
import { toast } from "../../lib/feedback.ts"

/** id → when it was marked read here. */
let optimistic: ReadonlyMap<string, number> = new Map()
const listeners = new Set<() => void>()
const set = (next: ReadonlyMap<string, number>): void => { optimistic = next; for (const l of listeners) l() }
const subscribe = (l: () => void): (() => void) => { listeners.add(l); return () => { listeners.delete(l) } }

export async function markRead(id: string): Promise<void> {
  if (optimistic.has(id)) return
  set(new Map([...optimistic, [id, Date.now()]]))
  try {
    await getEngine().call("notificationRead", { params: { id }, body: { read: true } })
  } catch {
    const next = new Map(optimistic)
    next.delete(id)
    set(next)
    toast("error", i18next.t("errors:UNABLE_TO_PERFORM_ACTION"))
  }
}

export function useReadOverrides(): ReadonlyMap<string, number> {
  return useSyncExternalStore(subscribe, () => optimistic)
}

export function useAdjustedUnread(live: number | undefined): number {
  const reads = useReadOverrides()
  const [anchor, setAnchor] = useState<{ live: number | undefined; at: number }>({ live, at: 0 })
  if (anchor.live !== live) setAnchor({ live, at: Date.now() }) // derived state: the count changed
  let since = 0
  for (const at of reads.values()) if (at > anchor.at) since++
  return Math.max(0, (live ?? 0) - since)
}

export const useMarkRead = () => useCallback((id: string) => { void markRead(id) }, [])
