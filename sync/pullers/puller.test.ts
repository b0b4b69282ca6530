/**
 * The generic list puller over a real RxDB store (Dexie on fake-indexeddb) and a scripted server of
 * the paged shape (spec core §3): sync/SPEC.md S2, S5, P2, P3, P4, P5.
 */
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { indexedDB, IDBKeyRange } from "fake-indexeddb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import type { RxStorage } from "rxdb"
import { NetworkError } from "../../schema/errors.ts"
import type { ApiClient } from "../api/client.ts"
import { openUserDb, type UserDb } from "../store/db.ts"
import { ProgressBoard } from "./progress.ts"
import { pagedExtract, pullFull, type ListSpec } from "./puller.ts"

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange }) as unknown as RxStorage<unknown, unknown>
let dbNo = 0
const freshDb = (): Promise<UserDb> => openUserDb(`puller-test-${process.pid}-${++dbNo}`, storage)

interface Row {
  readonly id: string
  readonly status: string
  readonly updated_at: string
}
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, status: "PENDING", updated_at: `2026-01-01T00:00:0${i % 10}Z` }))

/** A server of the paged shape over `data` (changeable between pulls); `failOn` pages fail with a network error. */
const server = (data: { rows: Row[] }, pageSize: number, failOn: Set<number> = new Set()) => {
  const asked: number[] = []
  const api = {
    call: (_id: string, args?: { query?: Record<string, string> }) => {
      const page = Number(args?.query?.page ?? "1")
      asked.push(page)
      if (failOn.has(page)) return Effect.fail(new NetworkError({ message: "killed" }))
      const pageTotal = Math.max(1, Math.ceil(data.rows.length / pageSize))
      const slice = data.rows.slice((page - 1) * pageSize, page * pageSize)
      return Effect.succeed({ data: { page, page_size: pageSize, page_total: pageTotal, total: data.rows.length, data: slice } })
    }
  } as unknown as ApiClient
  return { api, asked }
}

const spec = (kind: string, walletId: string, pageSize = 2): ListSpec => ({
  list: kind,
  kind,
  endpoint: "invitationsSent",
  walletId,
  pageSize,
  extract: pagedExtract,
  idOf: (r) => String(r.id)
})

const stored = async (db: UserDb, kind: string): Promise<Array<{ key: string; doc: Record<string, unknown> }>> =>
  (await db.entities.find({ selector: { kind } }).exec()).map((d) => ({ key: d.key, doc: d.doc }))

describe("list puller (sync/SPEC.md S2 S5 P2–P5)", () => {
  it("S2 every list's rows share the one entities collection keyed kind|wallet|id; the store opens five collections", async () => {
    const db = await freshDb()
    const data = { rows: rows(3) }
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("alpha", "w1"))
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("beta", ""))
    expect((await stored(db, "alpha")).map((d) => d.key).sort()).toEqual(["alpha|w1|r0", "alpha|w1|r1", "alpha|w1|r2"])
    expect((await stored(db, "beta")).map((d) => d.key).sort()).toEqual(["beta||r0", "beta||r1", "beta||r2"])
    expect(Object.keys(db.collections).sort()).toEqual(["command_events", "commands", "entities", "meta", "statement_chunks"])
    await db.remove()
  })

  it("S5 every collection whose schema version went up declares a migration for each version", async () => {
    const db = await freshDb()
    for (const [name, col] of Object.entries(db.collections)) {
      const declared = Object.keys(col.migrationStrategies)
        .map(Number)
        .sort((a, b) => a - b)
      expect({ name, declared }).toEqual({ name, declared: Array.from({ length: col.schema.version }, (_, i) => i + 1) })
    }
    expect(db.collections.statement_chunks.schema.version).toBeGreaterThan(0)
    await db.remove()
  })

  it("P2 the checkpoint follows each stored page; P3 a pass killed mid-way resumes from its next page", async () => {
    const db = await freshDb()
    const data = { rows: rows(10) }
    const killed = server(data, 2, new Set([3]))
    await expect(pullFull(killed.api, db, new ProgressBoard(), spec("alpha", "w1"))).rejects.toThrow()
    expect(killed.asked).toEqual([1, 2, 3])
    expect((await stored(db, "alpha")).length).toBe(4)
    const ckpt = (await db.meta.findOne("ckpt|alpha|w1").exec())?.value as { nextPage: number; completedAt: string | null }
    expect(ckpt).toMatchObject({ nextPage: 3, completedAt: null })
    const resumed = server(data, 2)
    expect(await pullFull(resumed.api, db, new ProgressBoard(), spec("alpha", "w1"))).toBe(6)
    expect(resumed.asked).toEqual([3, 4, 5])
    expect((await stored(db, "alpha")).length).toBe(10)
    // a finished pass starts again at page 1
    const again = server(data, 2)
    await pullFull(again.api, db, new ProgressBoard(), spec("alpha", "w1"))
    expect(again.asked).toEqual([1, 2, 3, 4, 5])
    await db.remove()
  })

  it("P4 rows the server no longer lists are removed only after a complete pass that started at page 1", async () => {
    const db = await freshDb()
    const data = { rows: rows(6) }
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("alpha", "w1"))
    data.rows = data.rows.filter((r) => r.id !== "r1")
    // killed at page 2, then resumed: the resumed pass did not start at page 1, so it removes nothing
    await expect(pullFull(server(data, 2, new Set([2])).api, db, new ProgressBoard(), spec("alpha", "w1"))).rejects.toThrow()
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("alpha", "w1"))
    expect((await stored(db, "alpha")).some((d) => d.key === "alpha|w1|r1")).toBe(true)
    // the next complete pass from page 1 removes it, and only it
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("alpha", "w1"))
    expect((await stored(db, "alpha")).map((d) => d.key).sort()).toEqual(["alpha|w1|r0", "alpha|w1|r2", "alpha|w1|r3", "alpha|w1|r4", "alpha|w1|r5"])
    await db.remove()
  })

  it("P5 a status change comes with the next pull and upserts its row by id", async () => {
    const db = await freshDb()
    const data = { rows: rows(4) }
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("alpha", "w1"))
    data.rows = data.rows.map((r) => (r.id === "r3" ? { ...r, status: "APPROVED" } : r))
    await pullFull(server(data, 2).api, db, new ProgressBoard(), spec("alpha", "w1"))
    const docs = await stored(db, "alpha")
    expect(docs).toHaveLength(4)
    expect(docs.find((d) => d.key === "alpha|w1|r3")?.doc.status).toBe("APPROVED")
    await db.remove()
  })
})
