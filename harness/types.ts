/** The shape of `window.harness` (harness/engine.ts), shared by the browser suite and the benchmarks. */
export interface Harness {
  signIn(email: string): Promise<string>
  watch(name: string, query: unknown): void
  snaps: Record<string, unknown>
  stamps: Record<string, number>
  sessionEvents: string[]
  engine: {
    signOut(reason: string): Promise<void>
    call(id: string, args?: unknown): Promise<unknown>
    /** A live query: every snapshot to `cb`; returns the unsubscribe. */
    subscribe(query: unknown, cb: (v: unknown) => void): () => void
  }
}
declare global {
  interface Window {
    harness: Harness
  }
}
