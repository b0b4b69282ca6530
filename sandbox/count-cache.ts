/**
 * Cached list totals (repo.ts `paginateJson` with `countCacheTable`): a keyset pull asks every page for the
 * total, and counting 800,000 rows per page made a 1M-row sync server-bound. A total is kept under its table's
 * write version; every write to such a table calls `bumpVersion` (sandbox/ledger.ts for statements,
 * sandbox/areas/gateway/db.ts for gateway transactions), and the test reset (sandbox/reset.ts) forgets them all.
 *
 * Kept per database, not per process: the integration tests start a sandbox per file in one worker (modules shared,
 * D-vitest-isolate), each seeded alike — the same wallets, so the same count queries. A total kept by one file's
 * sandbox after its writes (Ana's Pix statement: 498 rows) was the next file's answer over its fresh 490
 * (table-sync.test.ts P7, seen once in `npm test`; then RxDB's collection limit failed the worker's next files).
 * No imports: the stores that write these tables use it without reaching the rest of the sandbox.
 */
interface Kept {
  readonly versions: Map<string, number>
  counts: Map<string, { v: number; n: number }>
}
const byDb = new WeakMap<object, Kept>()
const keptOf = (db: object): Kept => {
  let k = byDb.get(db)
  if (k === undefined) byDb.set(db, (k = { versions: new Map(), counts: new Map() }))
  return k
}

/** Call after writing rows of a table whose counts are cached. */
export const bumpVersion = (db: object, table: string): void => {
  const { versions } = keptOf(db)
  versions.set(table, (versions.get(table) ?? 0) + 1)
}

/** The kept total of a count query over `table`, if no write came after it. */
export const cachedCount = (db: object, table: string, key: string): number | undefined => {
  const { versions, counts } = keptOf(db)
  const c = counts.get(key)
  return c !== undefined && c.v === (versions.get(table) ?? 0) ? c.n : undefined
}

export const keepCount = (db: object, table: string, key: string, n: number): void => {
  const { versions, counts } = keptOf(db)
  if (counts.size > 500) counts.clear()
  counts.set(key, { v: versions.get(table) ?? 0, n })
}

/** Forget every cached count of `db` (the test reset replaced the tables under them). */
export const forgetCachedCounts = (db: object): void => {
  keptOf(db).counts = new Map()
}
