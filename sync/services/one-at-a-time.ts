/**
 * One run per key at a time (sync/SPEC.md P10): an ask made while a run goes gets the one more run after it, shared
 * by every ask made meanwhile, so each ask ends with a run that started after it — never with the run already going,
 * which may have read the server before the change the ask is for. When `live()` says the session stopped, a queued
 * run starts nothing. Used for the list pulls (one per list and wallet) and for the sync pass (TableSync).
 */
export class OneAtATime {
  private readonly running = new Map<string, Promise<unknown>>()
  private readonly queued = new Map<string, Promise<unknown>>()

  constructor(private readonly live: () => boolean) {}

  /** Run `fn` under `key`, or join the run queued after the one going; `ended` runs when a run of its own ends. */
  run(key: string, fn: () => Promise<unknown>, ended?: () => void): Promise<unknown> {
    const cur = this.running.get(key)
    if (cur) {
      const waiting = this.queued.get(key)
      if (waiting) return waiting
      const after = cur
        .then(
          () => undefined,
          () => undefined
        )
        .then(() => {
          this.queued.delete(key)
          return this.live() ? this.run(key, fn, ended) : 0
        })
      this.queued.set(key, after)
      return after
    }
    const p = fn().finally(() => {
      this.running.delete(key)
      ended?.()
    })
    this.running.set(key, p)
    return p
  }

  /** Whether a run is queued under `key` (after the one going). */
  isQueued(key: string): boolean {
    return this.queued.has(key)
  }

  /** Whether a run is going (under any key). */
  get busy(): boolean {
    return this.running.size > 0
  }

  /** When no run goes or waits (each run's end, until none follows). */
  async idle(): Promise<void> {
    for (let p = this.pending(); p.length > 0; p = this.pending()) await Promise.allSettled(p)
  }

  /** The keys with a run going. */
  keys(): string[] {
    return [...this.running.keys()]
  }

  /** Every run going or queued (the session is stopping: wait for them). */
  pending(): Array<Promise<unknown>> {
    return [...this.running.values(), ...this.queued.values()]
  }

  /** Forget the runs of a session that ended: they end on their own, and the next session's start at once. */
  forget(): void {
    this.running.clear()
    this.queued.clear()
  }
}
