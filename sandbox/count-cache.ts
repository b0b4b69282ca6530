/**
 * Cached list totals (repo.ts `paginateJson` with `countCacheTable`): a keyset pull asks every page for the
 * total, and counting 800,000 rows per page made a 1M-row sync server-bound. A total is kept under its table's
 * write version; every write to such a table calls `bumpVersion` (sandbox/ledger.ts for statements,
 * sandbox/areas/gateway/db.ts for gateway transactions), and the test reset (sandbox/reset.ts) forgets them all.
 * No imports: the stores that write these tables use it without reaching the rest of the sandbox.
 */
const versions = new Map<string, number>()
const counts = new Map<string, { v: number; n: number }>()

/** Call after writing rows of a table whose counts are cached. */
export const bumpVersion = (table: string): void => {
  versions.set(table, (versions.get(table) ?? 0) + 1)
}

/** The kept total of a count query over `table`, if no write came after it. */
export const cachedCount = (table: string, key: string): number | undefined => {
  const c = counts.get(key)
  return c !== undefined && c.v === (versions.get(table) ?? 0) ? c.n : undefined
}

export const keepCount = (table: string, key: string, n: number): void => {
  if (counts.size > 500) counts.clear()
  counts.set(key, { v: versions.get(table) ?? 0, n })
}

/** Forget every cached count (the test reset replaced the tables under them). */
export const forgetCachedCounts = (): void => {
  counts.clear()
}
