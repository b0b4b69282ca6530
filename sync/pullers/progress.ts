/** Observable sync progress per list (sync/SPEC.md P6): rows done / total, shown by the views. */
export type ListState = "idle" | "pulling" | "done" | "error"
export interface ListProgress {
  done: number
  total: number
  state: ListState
  /** A keyset table pull's time so far per step, ms (bench/gateway-benches.ts reports them): waiting for pages, parsing and checking them (one pass), storing, projecting. */
  ms?: { wait: number; parse: number; store: number; project: number }
}

export class ProgressBoard {
  private readonly lists: Record<string, ListProgress> = {}
  private readonly listeners = new Set<() => void>()
  set(list: string, p: Partial<ListProgress>): void {
    const cur = this.lists[list] ?? { done: 0, total: 0, state: "idle" as ListState }
    this.lists[list] = { ...cur, ...p }
    for (const l of this.listeners) l()
  }
  snapshot(): { lists: Record<string, ListProgress> } {
    return { lists: { ...this.lists } }
  }
  /** A sign-out: the next user's lists start unknown (a view waiting for a list's first pull waits for theirs). */
  clear(): void {
    for (const k of Object.keys(this.lists)) delete this.lists[k]
    for (const l of this.listeners) l()
  }
  subscribe(l: () => void): () => void {
    this.listeners.add(l)
    return () => {
      this.listeners.delete(l)
    }
  }
}
