/**
 * A failed chunk load (a deploy replaced the files, a flaky network) triggers one full page
 * reload (spec core §2.1). A sessionStorage flag stops a reload loop: a second failure in a row
 * reaches the error page instead.
 */
const FLAG = "chunk-reload"

export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e)
  return /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError|Loading chunk|error loading dynamically/i.test(msg)
}

/** Wrap a lazy import: reload once on a chunk failure, clear the flag on success. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const m = await load()
      try {
        globalThis.sessionStorage?.removeItem(FLAG)
      } catch {
        /* private mode */
      }
      return m
    } catch (e) {
      let reloaded = false
      try {
        reloaded = globalThis.sessionStorage?.getItem(FLAG) === "1"
      } catch {
        /* private mode */
      }
      if (isChunkLoadError(e) && !reloaded) {
        try {
          globalThis.sessionStorage?.setItem(FLAG, "1")
        } catch {
          /* private mode */
        }
        globalThis.location.reload()
        return new Promise<T>(() => undefined) // the page is going away
      }
      throw e
    }
  }
}
