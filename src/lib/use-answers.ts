/**
 * Small hooks that keep a big-table page (statements, gateway) calm while the user types (DESIGN "every filter
 * answers at once"; bench statements-keystroke-1m): the head answer of the new filter is asked at
 * once, but nothing on the page empties in the meantime, and the secondary views (chart, cross-
 * wallet comparison), each a further scan of every row in the worker, follow once typing pauses.
 */
import { startTransition, useEffect, useState } from "react"

/** How long a filter must stay unchanged before the chart and the comparison follow it. */
export const SETTLE_MS = 350

/**
 * `value` once it has stayed the same for `ms` (compared by identity: pass a value that is stable
 * by value, like the page's `base`); the first value at once. The update is a transition, so the
 * render it causes gives way to a keystroke. While `ready` is false (the value's own answer not in
 * yet) the wait does not start: what follows a settled value must not compete with that answer.
 */
export function useSettled<T>(value: T, ms: number = SETTLE_MS, ready: boolean = true): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (Object.is(value, settled) || !ready) return undefined
    const id = setTimeout(() => startTransition(() => setSettled(value)), ms)
    return () => clearTimeout(id)
  }, [value, settled, ms, ready])
  return settled
}

/**
 * The answer of a live query whose query changes: while the new query's first snapshot is on its
 * way, the previous query's answer, marked stale, so the view keeps its place instead of showing
 * a skeleton for a moment; nothing when there is no query (`active` false).
 */
export function useLastAnswer<T>(value: T | undefined, active: boolean): { readonly value: T | undefined; readonly stale: boolean } {
  // the last answer seen, kept in state and brought up to date while rendering (React's "storing information from
  // previous renders"): a ref written during render would keep the answer of a render React then threw away
  const [last, setLast] = useState<T | undefined>(undefined)
  const kept = !active ? undefined : value !== undefined ? value : last
  if (!Object.is(kept, last)) setLast(kept)
  if (!active) return { value: undefined, stale: false }
  return value !== undefined ? { value, stale: false } : { value: last, stale: last !== undefined }
}

/**
 * False until a frame has been painted after `ready` first held, then true for good: what can wait for the main
 * content's first frame (the analysis page asks its top counterparties and its comparison once its grid is shown, so
 * their answers and renders do not delay that frame; analysis-view-open-1m).
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false)
  useEffect(() => {
    if (!ready || after) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [ready, after])
  return after
}
