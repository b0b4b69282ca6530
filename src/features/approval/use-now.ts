/**
 * One shared second-tick for every cut-off countdown on screen (features §4, §9: requests
 * close at 23:59:59 UTC-3): a single interval, started by the first subscriber and stopped by
 * the last, so a long queue re-renders only its countdown labels each second.
 */
import { useSyncExternalStore } from "react"

let now = Date.now()
let timer: ReturnType<typeof setInterval> | null = null
const listeners = new Set<() => void>()

function subscribe(l: () => void): () => void {
  listeners.add(l)
  if (timer === null) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const x of listeners) x()
    }, 1000)
  }
  return () => {
    listeners.delete(l)
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  }
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now)
}
