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
import { cutImage, joinImage, ownPart } from "./image-parts.ts"

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
/**
 * A typed array of at least this many bytes is a part of its own, stored as bytes in a Blob (putCut's bundles) rather
 * than as a cloned value, and read back with `arrayBuffer()` and viewed, not copied. Chromium reads a big cloned value
 * back about three times slower than the same bytes as a Blob: 112 MB of typed arrays 180 ms as values, 60 ms as Blobs
 * (a probe in this machine's Chromium 156, three rounds each; issue 33 item 2, D-image-blobs).
 */
const BLOB_BYTES = 64 * 1024
const canBlob = typeof Blob === "function"
const CUT = "\u0000cutParts"
interface CutWrapper {
  readonly [CUT]: number
  readonly skeleton: unknown
}
const isCut = (v: unknown): v is CutWrapper => typeof v === "object" && v !== null && typeof (v as Record<string, unknown>)[CUT] === "number"
const partKey = (key: string, i: number): string => `${key}#${i}`

/**
 * Puts `value` under `key` in `tx`'s store, cut in parts when big, **one part per task**: each part's put is made when
 * the one before it has succeeded (the transaction stays open meanwhile), so a 400 MB image is a dozen or more short tasks
 * of the engine's thread, not one of about a second (a keystroke's answer waited for it, and its garbage was
 * collected in the next big scan: issue 29's note). A big typed array's slice is copied right before its put.
 * Before each part `moved()` is asked: once the projection has changed since the image was taken, the parts would mix
 * two states, so the transaction is aborted (nothing of this write is kept) and `false` is passed to `then`. Otherwise
 * the wrapper naming the parts is put last, the parts an earlier value left past this one's count are deleted, and
 * `then(true)` runs.
 */
const putCut = (tx: IDBTransaction, key: string, value: unknown, partBytes: number, moved: () => boolean, then: (written: boolean) => void): void => {
  const store = tx.objectStore(STORE)
  const { skeleton, parts, typed } = cutImage(value, partBytes, { views: true, ...(canBlob ? { typedApart: BLOB_BYTES } : {}) })
  const written = new Set<number>()
  // the other parts first, then the typed arrays' (so that a part between two of them — an object the image holds
  // twice, cut apart — does not split their bundles)
  const order: number[] = []
  for (let k = 0; k < parts.length; k++) if (!(canBlob && typed.has(k))) order.push(k)
  for (let k = 0; k < parts.length; k++) if (canBlob && typed.has(k)) order.push(k)
  let o = 0
  const next = (): void => {
    if (o > 0 && moved()) {
      tx.abort()
      then(false)
      return
    }
    if (o < order.length) {
      let put: IDBRequest
      const i = order[o] as number
      if (canBlob && typed.has(i)) {
        // typed arrays' slices, one after the other up to partBytes, as one Blob of their bytes (each at an offset
        // aligned for any element type; only each view's bytes are copied into it): a few Blobs, not hundreds
        const slots: Array<readonly [number, number, number]> = []
        const pieces: BlobPart[] = []
        let at = 0
        while (o < order.length) {
          const j = order[o] as number
          const v = parts[j] as ArrayBufferView<ArrayBuffer>
          if (slots.length > 0 && at + v.byteLength > partBytes) break
          const pad = (8 - (at % 8)) % 8
          if (pad > 0) pieces.push(new Uint8Array(pad))
          at += pad
          slots.push([j, at, v.byteLength])
          pieces.push(v)
          at += v.byteLength
          o++
        }
        const first = (slots[0] as readonly [number, number, number])[0]
        put = store.put({ [BUNDLE]: slots, blob: new Blob(pieces) } satisfies Bundle, partKey(key, first))
        written.add(first)
      } else {
        put = store.put(ownPart(parts[i]), partKey(key, i))
        written.add(i)
        o++
      }
      put.onsuccess = next
      return
    }
    if (parts.length === 0) store.put(value, key)
    else store.put({ [CUT]: parts.length, skeleton } satisfies CutWrapper, key)
    // after the puts, in the same transaction: an earlier value's parts not written now go (past this one's count, or
    // under a part this write keeps inside a bundle)
    const keys = store.getAllKeys()
    keys.onsuccess = () => {
      for (const k of keys.result) {
        const tail = typeof k === "string" && k.startsWith(`${key}#`) ? k.slice(key.length + 1) : ""
        if (/^\d+$/.test(tail) && !written.has(Number(tail))) store.delete(k)
      }
    }
    then(true)
  }
  next()
}

/** Typed arrays' slices stored as one Blob (putCut): [part index, byte offset, byte length] of each. */
const BUNDLE = "\u0000bundle"
interface Bundle {
  readonly [BUNDLE]: ReadonlyArray<readonly [number, number, number]>
  readonly blob: Blob
}
const isBundle = (v: unknown): v is Bundle =>
  typeof v === "object" && v !== null && Array.isArray((v as Record<string, unknown>)[BUNDLE]) && (v as Bundle).blob instanceof Blob
/** A bundle's slices, each as a Uint8Array view over the one buffer its Blob is read into (joinImage views it as its type). */
const readBundle = async (b: Bundle, into: unknown[]): Promise<void> => {
  const buf = await b.blob.arrayBuffer()
  for (const [i, offset, length] of b[BUNDLE]) {
    if (offset + length > buf.byteLength) throw new Error("projection image: a bundle shorter than its slices")
    into[i] = new Uint8Array(buf, offset, length)
  }
}

/** Runs `write` in a read-write transaction; resolves true once durable, false when `write` gave it up (aborted it). */
const inTransaction = (db: IDBDatabase, what: string, write: (tx: IDBTransaction, gaveUp: () => void) => void): Promise<boolean> =>
  new Promise<boolean>((resolve, reject) => {
    const tx = db.transaction(STORE, "readwrite")
    let given = false
    tx.oncomplete = () => resolve(true)
    tx.onerror = () => {
      if (!given) reject(tx.error ?? new Error(`${what}: write failed`))
    }
    tx.onabort = () => {
      if (given) resolve(false)
      else reject(tx.error ?? new Error(`${what}: write aborted`))
    }
    write(tx, () => {
      given = true
    })
  })

/**
 * The value under `key`, its parts joined back (in the same transaction). The parts' keys are asked first, and each
 * part as soon as they are known, so their reads are queued while the wrapper (megabytes of a big image's skeleton) is
 * still being read; then each bundle's Blob is read into bytes, all at once.
 */
const getCut = (store: IDBObjectStore, key: string): Promise<unknown> =>
  new Promise<unknown>((resolve, reject) => {
    let failed = false
    const fail = (req: IDBRequest) => () => {
      failed = true
      reject(req.error ?? new Error("projection image: read failed"))
    }
    const read: Array<unknown> = []
    let asked = 0
    let answered = 0
    let keysIn = false
    let wrapper: CutWrapper | null = null
    const settle = (): void => {
      if (failed || wrapper === null || !keysIn || answered < asked) return
      const w = wrapper
      wrapper = null
      // a part missing is an error (joinImage), not a wrong image; a bundle's slices take their places
      Promise.all(read.filter(isBundle).map((b) => readBundle(b, read)))
        .then(() => resolve(joinImage(w.skeleton, read.slice(0, w[CUT]))))
        .catch((e: unknown) => reject(e instanceof Error ? e : new Error(String(e))))
    }
    const prefix = `${key}#`
    // every key of the store (a few dozen: the images' parts and heads), this value's parts picked by their prefix
    const keys = store.getAllKeys()
    keys.onerror = fail(keys)
    keys.onsuccess = () => {
      for (const k of keys.result) {
        const tail = typeof k === "string" && k.startsWith(prefix) ? k.slice(prefix.length) : ""
        if (!/^\d+$/.test(tail)) continue
        const i = Number(tail)
        asked++
        const pr = store.get(k)
        pr.onerror = fail(pr)
        pr.onsuccess = () => {
          read[i] = pr.result
          answered++
          settle()
        }
      }
      keysIn = true
      settle()
    }
    const req = store.get(key)
    req.onerror = fail(req)
    req.onsuccess = () => {
      const v: unknown = req.result
      if (!isCut(v)) return resolve(v)
      wrapper = v
      settle()
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
 * is open, in one task; the parts are then put one per task (`putCut`), and `moved()` — the projection changed since
 * `make` ran — gives the write up. Resolves true when the write is durable, false when it was given up (the caller
 * writes again later).
 */
export async function writeImage(
  idb: IDBFactory | undefined,
  userId: string,
  make: () => StoredImage,
  makeHead?: (image: StoredImage) => unknown,
  moved: () => boolean = () => false
): Promise<boolean> {
  if (!idb) return false
  const db = await open(idb, userId)
  try {
    return await inTransaction(db, "projection image", (tx, gaveUp) => {
      const image = make()
      const head = makeHead ? ({ watermark: image.watermark, at: image.at, rows: image.rows, head: makeHead(image) } satisfies StoredHead) : null
      putCut(tx, KEY, image, PART_BYTES, moved, (written) => {
        if (!written) return gaveUp()
        if (head) putCut(tx, HEAD_KEY, head, PART_BYTES, moved, (w) => (w ? undefined : gaveUp()))
        else tx.objectStore(STORE).delete(HEAD_KEY)
      })
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

/**
 * Writes a table's image (`make` runs once the database is open; its parts are put one per task and `moved()` gives
 * the write up, as writeImage's). Resolves true when durable, false when given up. `partBytes`: tests.
 */
export async function writeTableImage(
  idb: IDBFactory | undefined,
  userId: string,
  name: string,
  make: () => StoredImage,
  partBytes = PART_BYTES,
  moved: () => boolean = () => false
): Promise<boolean> {
  if (!idb) return false
  const db = await open(idb, userId)
  try {
    return await inTransaction(db, "table image", (tx, gaveUp) => {
      putCut(tx, tableKey(name), make(), partBytes, moved, (written) => (written ? undefined : gaveUp()))
    })
  } finally {
    db.close()
  }
}
