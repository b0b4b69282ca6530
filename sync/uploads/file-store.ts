/**
 * Where an upload's file waits until its command is confirmed (DESIGN "Uploads are commands too"):
 * the file as a Blob in the user's local store, by a key the upload command's payload names, with
 * the user's pause switch (so a paused upload stays paused after a reload). The engine owns it;
 * views hand it a file through the worker and never touch storage. Two stores: IndexedDB (one
 * database per user beside RxDB's, wiped with it, S1/S4) and memory (tests).
 */
export interface StoredFileRecord {
  readonly key: string
  readonly blob: Blob
  readonly name: string
  readonly type: string
  readonly size: number
  readonly paused: boolean
  readonly created_at: string
}

export interface FileStore {
  put(rec: StoredFileRecord): Promise<void>
  get(key: string): Promise<StoredFileRecord | undefined>
  setPaused(key: string, paused: boolean): Promise<void>
  delete(key: string): Promise<void>
  keys(): Promise<ReadonlyArray<string>>
}

export class MemoryFileStore implements FileStore {
  readonly recs = new Map<string, StoredFileRecord>()
  async put(rec: StoredFileRecord): Promise<void> {
    this.recs.set(rec.key, rec)
  }
  async get(key: string): Promise<StoredFileRecord | undefined> {
    return this.recs.get(key)
  }
  async setPaused(key: string, paused: boolean): Promise<void> {
    const r = this.recs.get(key)
    if (r) this.recs.set(key, { ...r, paused })
  }
  async delete(key: string): Promise<void> {
    this.recs.delete(key)
  }
  async keys(): Promise<ReadonlyArray<string>> {
    return [...this.recs.keys()]
  }
}

/** The IndexedDB database of a user's pending upload files (deleted with the user's data, S4). */
export const fileDbNameFor = (rxDbName: string): string => `${rxDbName}-files`

const req = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error("IndexedDB request failed"))
  })

export async function openIdbFileStore(name: string, idb: IDBFactory = globalThis.indexedDB): Promise<FileStore & { close(): void }> {
  const open = idb.open(name, 1)
  open.onupgradeneeded = () => {
    open.result.createObjectStore("files", { keyPath: "key" })
  }
  const db = await req(open)
  const tx = <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const t = db.transaction("files", mode)
    const r = fn(t.objectStore("files"))
    return new Promise((resolve, reject) => {
      t.oncomplete = () => resolve(r.result)
      t.onerror = () => reject(t.error ?? new Error("IndexedDB transaction failed"))
      t.onabort = () => reject(t.error ?? new Error("IndexedDB transaction aborted"))
    })
  }
  return {
    put: async (rec) => {
      await tx("readwrite", (s) => s.put(rec))
    },
    get: async (key) => (await tx("readonly", (s) => s.get(key))) as StoredFileRecord | undefined,
    setPaused: async (key, paused) => {
      const r = (await tx("readonly", (s) => s.get(key))) as StoredFileRecord | undefined
      if (r) await tx("readwrite", (s) => s.put({ ...r, paused }))
    },
    delete: async (key) => {
      await tx("readwrite", (s) => s.delete(key))
    },
    keys: async () => ((await tx("readonly", (s) => s.getAllKeys())) as IDBValidKey[]).map(String),
    close: () => db.close()
  }
}

export async function deleteIdbFileStore(name: string, idb: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  if (!idb) return
  await new Promise<void>((resolve) => {
    const r = idb.deleteDatabase(name)
    r.onsuccess = () => resolve()
    r.onerror = () => resolve()
    r.onblocked = () => resolve()
  })
}
