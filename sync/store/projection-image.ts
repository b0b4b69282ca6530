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
import { cutImage, joinImage } from "./image-parts.ts"

const STORE = "image"
const KEY = "statements"
/** The image's head (sync/projections/statement-head.ts): a small record read before the image, written with it. */
const HEAD_KEY = "statements-head"

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

/**
 * The image's head: the same watermark and time as the image written with it (S6, issue 33 item 2), and the head
 * itself (sync/projections/statement-head.ts), read in milliseconds where the image takes seconds.
 */
export interface StoredHead {
  readonly watermark: Readonly<Record<string, number>>
  readonly at: string
  /** The rows of the image beside it (what is local, told while the image is read). */
  readonly rows: number
  readonly head: unknown
}
const isHead = (v: unknown): v is StoredHead =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as StoredHead).watermark === "object" &&
  typeof (v as StoredHead).at === "string" &&
  typeof (v as StoredHead).rows === "number" &&
  "head" in v

/**
 * Each value is stored cut in parts of at most PART_BYTES (./image-parts.ts): Chromium refuses a value past its limit
 * (128–256 MB by version); a million gateway rows make a 400 MB image. A value cut in parts is stored as a wrapper
 * naming how many (under its key) and its parts under `<key>#<i>`; one that fits is stored as it is.
 */
const PART_BYTES = 32 * 1024 * 1024
const CUT = "\u0000cutParts"
interface CutWrapper {
  readonly [CUT]: number
  readonly skeleton: unknown
}
const isCut = (v: unknown): v is CutWrapper => typeof v === "object" && v !== null && typeof (v as Record<string, unknown>)[CUT] === "number"
const partKey = (key: string, i: number): string => `${key}#${i}`

/** Puts `value` under `key` in `store`, cut in parts when big, and deletes the parts an earlier value left. */
const putCut = (store: IDBObjectStore, key: string, value: unknown, partBytes = PART_BYTES): void => {
  const { skeleton, parts } = cutImage(value, partBytes)
  if (parts.length === 0) store.put(value, key)
  else {
    parts.forEach((p, i) => store.put(p, partKey(key, i)))
    store.put({ [CUT]: parts.length, skeleton } satisfies CutWrapper, key)
  }
  // after the puts, in the same transaction: an earlier value's parts past this one's count go
  const keys = store.getAllKeys()
  keys.onsuccess = () => {
    for (const k of keys.result) {
      const m = typeof k === "string" && k.startsWith(`${key}#`) ? Number(k.slice(key.length + 1)) : NaN
      if (Number.isInteger(m) && m >= parts.length) store.delete(k)
    }
  }
}

/** The value under `key`, its parts joined back (in the same transaction). */
const getCut = (store: IDBObjectStore, key: string): Promise<unknown> =>
  new Promise<unknown>((resolve, reject) => {
    const fail = (req: IDBRequest) => () => reject(req.error ?? new Error("projection image: read failed"))
    const req = store.get(key)
    req.onerror = fail(req)
    req.onsuccess = () => {
      const v: unknown = req.result
      if (!isCut(v)) return resolve(v)
      const parts = new Array<unknown>(v[CUT])
      let left = parts.length
      for (let i = 0; i < parts.length; i++) {
        const pr = store.get(partKey(key, i))
        pr.onerror = fail(pr)
        pr.onsuccess = () => {
          parts[i] = pr.result
          if (--left > 0) return
          try {
            resolve(joinImage(v.skeleton, parts))
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)))
          }
        }
      }
    }
  })

/** A key's value; a failed read is null, or thrown with `loud` (so the caller notes why, EN1). */
const readKey = async (idb: IDBFactory | undefined, userId: string, key: string, loud = false): Promise<unknown> => {
  if (!idb) return null
  let db: IDBDatabase | null = null
  try {
    db = await open(idb, userId)
    return await getCut(db.transaction(STORE, "readonly").objectStore(STORE), key)
  } catch (e) {
    if (loud) throw e
    return null
  } finally {
    db?.close()
  }
}

/** The stored image, or null (none, unreadable, or no IndexedDB here). */
export async function readImage(idb: IDBFactory | undefined, userId: string): Promise<StoredImage | null> {
  const v = await readKey(idb, userId, KEY)
  return isStored(v) ? v : null
}

/** The stored head, or null (none, unreadable, or written before heads existed). */
export async function readImageHead(idb: IDBFactory | undefined, userId: string): Promise<StoredHead | null> {
  const v = await readKey(idb, userId, HEAD_KEY)
  return isHead(v) ? v : null
}

/**
 * Writes the image that `make` returns, and its head when `makeHead` is given (in the same transaction: a head is
 * never of another image than the one beside it; without one, an older head is deleted). Both run once the database
 * is open, in the same task as the `put`, which clones the value synchronously — so the image is the projection
 * exactly as it is at that moment, whatever changes after. Resolves when the write is durable.
 */
export async function writeImage(
  idb: IDBFactory | undefined,
  userId: string,
  make: () => StoredImage,
  makeHead?: (image: StoredImage) => unknown
): Promise<void> {
  if (!idb) return
  const db = await open(idb, userId)
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, "readwrite")
      const image = make()
      const store = tx.objectStore(STORE)
      putCut(store, KEY, image)
      if (makeHead) putCut(store, HEAD_KEY, { watermark: image.watermark, at: image.at, rows: image.rows, head: makeHead(image) } satisfies StoredHead)
      else store.delete(HEAD_KEY)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error("projection image: write failed"))
      tx.onabort = () => reject(tx.error ?? new Error("projection image: write aborted"))
    })
  } finally {
    db.close()
  }
}

/**
 * A big table's image (issue 33 item 2: every table reopens from its image), under `table:<name>` in the same
 * database: its watermark is per wallet, the last chunk of that wallet's copy of the table the projection holds.
 */
const tableKey = (name: string): string => `table:${name}`

/** A table's stored image, or null (none, or no IndexedDB here); a failed read throws. */
export async function readTableImage(idb: IDBFactory | undefined, userId: string, name: string): Promise<StoredImage | null> {
  const v = await readKey(idb, userId, tableKey(name), true)
  return isStored(v) ? v : null
}

/** Writes a table's image (`make` runs in the task of the `put`, as writeImage's). Resolves when durable. `partBytes`: tests. */
export async function writeTableImage(
  idb: IDBFactory | undefined,
  userId: string,
  name: string,
  make: () => StoredImage,
  partBytes = PART_BYTES
): Promise<void> {
  if (!idb) return
  const db = await open(idb, userId)
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, "readwrite")
      putCut(tx.objectStore(STORE), tableKey(name), make(), partBytes)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error("table image: write failed"))
      tx.onabort = () => reject(tx.error ?? new Error("table image: write aborted"))
    })
  } finally {
    db.close()
  }
}
