/**
 * The service worker of the built app (issue 18; docs/decisions.md D-offline): registered once in
 * production (vite-plugin-pwa, Workbox precache of the shell and every lazy area), so a reload or a
 * new tab opens without a network. A new build never takes over silently: it waits, and the shell
 * shows "update available"; accepting reloads every tab into the new version at once.
 */
import { useSyncExternalStore } from "react"

let updateReady: ((reload?: boolean) => Promise<void>) | null = null
let needsRefresh = false
const listeners = new Set<() => void>()
const emit = (): void => {
  for (const l of listeners) l()
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return
  void import("virtual:pwa-register").then(({ registerSW }) => {
    updateReady = registerSW({
      immediate: true,
      onNeedRefresh() {
        needsRefresh = true
        emit()
      }
    })
  })
}

/** Whether a new build is waiting to take over. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => {
        listeners.delete(l)
      }
    },
    () => needsRefresh
  )
}

/** Let the waiting build take over and reload into it. */
export function applyUpdate(): void {
  void updateReady?.(true)
}
