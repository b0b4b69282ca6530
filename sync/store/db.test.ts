/**
 * S5 the chunk store's migration to schema v2 (D-compact-pages): chunks a v1 client wrote (rows as
 * arrays, no `text`) are read back unchanged by a v2 client, beside v2 chunks that keep a page's text.
 */
import { describe, expect, it } from "vitest"
import { createRxDatabase, type RxStorage } from "rxdb"
import { indexedDB, IDBKeyRange } from "fake-indexeddb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import { chunkSchema, dbNameFor, openUserDb } from "./db.ts"
import { chunkRows, loadTableChunks } from "../pullers/table.ts"

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange }) as unknown as RxStorage<unknown, unknown>

describe("chunk store schema (sync/SPEC.md S3 S5, D-compact-pages)", () => {
  it("S5 chunks written by schema v1 open under v2 unchanged and read back beside a v2 chunk kept as text", async () => {
    const user = `migrate-${process.pid}`
    const { text: _text, ...v1Props } = chunkSchema.properties as Record<string, unknown>
    const old = await createRxDatabase({ name: dbNameFor(user), storage, multiInstance: false })
    await old.addCollections({
      statement_chunks: {
        schema: { ...chunkSchema, version: 1, properties: v1Props as typeof chunkSchema.properties },
        migrationStrategies: { 1: (d: Record<string, unknown>) => ({ ...d, upto: -1 }) }
      }
    })
    const rows = [
      ["a", 1, null],
      ["b", 2, "x"]
    ]
    await old.collections["statement_chunks"]!.insert({ id: "w|0000000000", wallet_id: "w", seq: 0, cursor: "c0", count: 2, upto: 2, rows })
    await old.close()

    const db = await openUserDb(user, storage)
    const [doc] = await db.statement_chunks.find().exec()
    expect(doc?.toJSON()).toMatchObject({ id: "w|0000000000", seq: 0, cursor: "c0", count: 2, upto: 2, rows })
    expect(doc?.text).toBeUndefined()
    expect(chunkRows(doc!.toJSON() as never)).toEqual(rows)
    await db.statement_chunks.insert({ id: "w|0000000001", wallet_id: "w", seq: 1, cursor: "c1", count: 1, upto: 3, rows: [], text: '[["c",3,null]]' })
    const read: unknown[][] = []
    await loadTableChunks(db, ["w"], {}, (r) => {
      read.push(...(r as unknown[][]))
    })
    expect(read).toEqual([...rows, ["c", 3, null]])
    await db.remove()
  })
})
