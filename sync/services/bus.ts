/**
 * The engine's bus (issue 11 "the engine as Effect services"; sync/SPEC.md Q3, EN1, P10): the one
 * place the engine's parts say "my answers changed" (coalesced to one recompute per task), keep the
 * background failures they cannot handle (EN1: logged and shown, never swallowed) and run work once
 * after a delay, coalescing by key. Every other part of the engine depends on it; it depends on nothing.
 */
import { Context, Layer } from "effect"
import { problemKeyOf, type EngineProblem } from "../results.ts"

type Listener = () => void

export interface EngineBusShape {
  onChange(l: Listener): () => void
  /** Tell the live queries something changed (one notification per microtask, however many calls). */
  changed(): void
  /** EN1: a handler that logs a background failure and keeps it (the last 10) for the `syncProgress` view. */
  noted(where: string): (e: unknown) => void
  readonly problems: ReadonlyArray<EngineProblem>
  /** Run once after `ms`, coalescing calls with the same key (P10); `ms` 0 runs now. A failure is noted. */
  later(key: string, ms: number, run: () => Promise<unknown>): void
  /** Drop the timers not yet run (a session ends). */
  clearTimers(): void
}

export const makeBus = (): EngineBusShape => {
  const listeners = new Set<Listener>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  let problems: EngineProblem[] = []
  let queued = false
  const changed = (): void => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      for (const l of listeners) l()
    })
  }
  const noted =
    (where: string) =>
    (e: unknown): void => {
      const key = problemKeyOf(e)
      // eslint-disable-next-line no-console -- EN1: logged, not swallowed
      console.warn(`[engine] ${where}: ${key}`, e)
      problems = [{ where, key, at: new Date().toISOString() }, ...problems].slice(0, 10)
      changed()
    }
  return {
    onChange: (l) => {
      listeners.add(l)
      return () => {
        listeners.delete(l)
      }
    },
    changed,
    noted,
    get problems() {
      return problems
    },
    later: (key, ms, run) => {
      if (ms === 0) {
        void run().catch(noted(`timer:${key}`))
        return
      }
      if (timers.has(key)) return
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key)
          void run().catch(noted(`timer:${key}`))
        }, ms)
      )
    },
    clearTimers: () => {
      for (const t of timers.values()) clearTimeout(t)
      timers.clear()
    }
  }
}

export class EngineBus extends Context.Service<EngineBus, EngineBusShape>()("sync/EngineBus") {
  static readonly layer = Layer.sync(EngineBus, makeBus)
}
