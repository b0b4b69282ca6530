/** Show/hide balances (spec core §2.4 user panel): one choice for the whole app, kept in prefs. */
import { useSyncExternalStore } from "react"
import { prefs } from "../../workers/client.ts"

const KEY = "showBalances"
const listeners = new Set<() => void>()
const read = (): boolean => prefs.get(KEY) !== "false"

export function setShowBalances(v: boolean): void {
  prefs.set(KEY, v ? "true" : "false")
  for (const l of listeners) l()
}

export function useShowBalances(): [boolean, (v: boolean) => void] {
  const v = useSyncExternalStore((l) => {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  }, read)
  return [v, setShowBalances]
}

/** core §2.4: a hidden balance shows as '*****'. */
export const HIDDEN_BALANCE = "*****"
