/**
 * Keyboard shortcuts for approvers working through a long queue (issue 6; spec features §2
 * approval/requests): j or ↓ next, k or ↑ previous, a approve the selected request, r reject
 * it, / search. Ignored while typing in a field, with a modifier held, or while a dialog (the
 * PIN prompt, the reject dialog, a confirmation) is open.
 */
import { useEffect, useLayoutEffect, useRef } from "react"

export interface QueueKeyHandlers {
  readonly next: () => void
  readonly previous: () => void
  readonly approve: () => void
  readonly reject: () => void
  readonly search: () => void
}

const typing = (el: EventTarget | null): boolean => {
  if (!(el instanceof HTMLElement)) return false
  const tag = el.tagName
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || el.isContentEditable
}
const dialogOpen = (): boolean => document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null

export function useQueueKeys(enabled: boolean, handlers: QueueKeyHandlers): void {
  const ref = useRef(handlers)
  useLayoutEffect(() => {
    ref.current = handlers
  })
  useEffect(() => {
    if (!enabled) return undefined
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || dialogOpen()) return
      const h = ref.current
      switch (e.key) {
        case "j":
        case "ArrowDown":
          h.next()
          break
        case "k":
        case "ArrowUp":
          h.previous()
          break
        case "a":
        case "A":
          h.approve()
          break
        case "r":
        case "R":
          h.reject()
          break
        case "/":
          h.search()
          break
        default:
          return
      }
      e.preventDefault()
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [enabled])
}
