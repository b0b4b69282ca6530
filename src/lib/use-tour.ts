/**
 * When a page's guided tour runs (spec core §4 "Tours"): once per page per user (a first-access
 * flag in prefs), starting 300 ms after arrival (core §9); leaving the page ends it.
 */
import { useCallback, useEffect, useState } from "react"
import { prefs } from "../../workers/client.ts"
import type { TourKey } from "./route-meta.ts"
import { useAppState } from "./app-state.ts"

export const TOUR_DELAY_MS = 300
export const tourPrefKey = (userId: string, key: TourKey): string => `tour:${userId}:${key}`

export function useTour(key: TourKey, stepCount: number, ready = true) {
  const userId = useAppState((s) => s.session?.userId ?? null)
  const [index, setIndex] = useState<number | null>(null)
  useEffect(() => {
    if (!ready || userId === null || stepCount === 0) return undefined
    if (prefs.get(tourPrefKey(userId, key)) === "done") return undefined
    const timer = setTimeout(() => {
      prefs.set(tourPrefKey(userId, key), "done")
      setIndex(0)
    }, TOUR_DELAY_MS)
    return () => clearTimeout(timer)
  }, [key, userId, stepCount, ready])
  const next = useCallback(() => setIndex((i) => (i === null ? null : Math.min(i + 1, stepCount - 1))), [stepCount])
  const back = useCallback(() => setIndex((i) => (i === null ? null : Math.max(i - 1, 0))), [])
  const close = useCallback(() => setIndex(null), [])
  return { active: index !== null, index: index ?? 0, next, back, close }
}
