/**
 * The statement projection's image (sync/SPEC.md S6): the in-memory projection written to its
 * own IndexedDB database, so reopening the app with a million local rows reads typed arrays
 * back (a copy) instead of re-ingesting a million rows from the chunks (seconds). The image
 * records, per wallet, the last chunk it contains (`watermark`); on reopen only the chunks after
 * it are ingested. The chunks stay the source of truth: a missing, stale or unreadable image is
 * simply ignored and the projection is rebuilt from them.
 *
 * S1/S4: the database is named with the user's RxDB prefix (`rxdb-dexie-<user db>--…`), so it
 * belongs to that user alone and the logout wipe, which deletes every database with that prefix,
 * deletes it too.
 */
import { dbNameFor } from "./db.ts"

const STORE = "image"
const KEY = "statements"

export interface StoredImage {
  /** Last chunk seq per wallet that the projection holds. */
  readonly watermark: Readonly<Record<string, number>>
  readonly rows: number
  readonly at: string
  readonly projection: unknown
}

export const imageDbName = (userId: string): string => `rxdb-dexie-${dbNameFor(userId)}--projection-image`

const open = (idb: IDBFactory, userId: string): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const req = idb.open(imageDbName(userId), 1)
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE)
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error("projection image: open failed"))
    req.onblocked = () => reject(new Error("projection image: open blocked"))
  })

const isStored = (v: unknown): v is StoredImage =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as StoredImage).watermark === "object" &&
  (v as StoredImage).watermark !== null &&
  typeof (v as StoredImage).rows === "number" &&
  "projection" in v

/** The stored image, or null (none, unreadable, or no IndexedDB here). */
export async function readImage(idb: IDBFactory | undefined, userId: string): Promise<StoredImage | null> {
  if (!idb) return null
  let db: IDBDatabase | null = null
  try {
    db = await open(idb, userId)
    const d = db
    const v = await new Promise<unknown>((resolve, reject) => {
      const req = d.transaction(STORE, "readonly").objectStore(STORE).get(KEY)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error ?? new Error("projection image: read failed"))
    })
    return isStored(v) ? v : null
  } catch {
    return null
  } finally {
    db?.close()
  }
}

/**
 * Writes the image that `make` returns. `make` runs once the database is open, in the same
 * task as the `put`, which clones the value synchronously — so the image is the projection
 * exactly as it is at that moment, whatever changes after. Resolves when the write is durable.
 */
export async function writeImage(idb: IDBFactory | undefined, userId: string, make: () => StoredImage): Promise<void> {
  if (!idb) return
  const db = await open(idb, userId)
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, "readwrite")
      tx.objectStore(STORE).put(make(), KEY)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error("projection image: write failed"))
      tx.onabort = () => reject(tx.error ?? new Error("projection image: write aborted"))
    })
  } finally {
    db.close()
  }
}
