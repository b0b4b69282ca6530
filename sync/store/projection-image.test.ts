/**
 * S6 (issue 33 item 2): a table's image too big for one IndexedDB value is stored in parts and read back whole —
 * the gateway table's projection (rows from the sandbox's own generator) written with small parts through
 * fake-indexeddb, read, revived, and answering the same; a smaller image written after it leaves no part behind.
 */
import { describe, expect, it } from "vitest"
import { IDBFactory } from "fake-indexeddb"
import { Prng } from "../../sandbox/prng.ts"
import { gatewayRows } from "../../sandbox/areas/gateway/rows.ts"
import { gatewayTable, type GatewayTransaction } from "../../schema/tables/gateway.ts"
import { TableProjection } from "../projections/table-projection.ts"
import { imageDbName, readTableImage, writeTableImage } from "./projection-image.ts"

const projection = (n: number): TableProjection<GatewayTransaction> => {
  const p = new TableProjection<GatewayTransaction>(gatewayTable)
  p.upsertMany(gatewayRows(new Prng(33), "w1", n, Date.UTC(2026, 10, 1), 30))
  p.optimize()
  return p
}
/** The image database's keys, or its values, as stored. */
const storedOf = async (idb: IDBFactory, userId: string, what: "keys" | "values"): Promise<unknown[]> => {
  const db = await new Promise<IDBDatabase>((res, rej) => {
    const q = idb.open(imageDbName(userId), 1)
    q.onsuccess = () => res(q.result)
    q.onerror = () => rej(q.error ?? new Error("open"))
  })
  try {
    return await new Promise<unknown[]>((res, rej) => {
      const store = db.transaction("image").objectStore("image")
      const q: IDBRequest = what === "keys" ? store.getAllKeys() : store.getAll()
      q.onsuccess = () => res(q.result as unknown[])
      q.onerror = () => rej(q.error ?? new Error(what))
    })
  } finally {
    db.close()
  }
}
const keysOf = async (idb: IDBFactory, userId: string): Promise<string[]> => (await storedOf(idb, userId, "keys")).map(String)
const valuesOf = (idb: IDBFactory, userId: string): Promise<unknown[]> => storedOf(idb, userId, "values")
/** Every typed array in a value, walked. */
const typedIn = (v: unknown, out: ArrayBufferView[] = []): ArrayBufferView[] => {
  if (ArrayBuffer.isView(v)) out.push(v)
  else if (Array.isArray(v)) for (const x of v) typedIn(x, out)
  else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) typedIn(x, out)
  return out
}

describe("S6 a table's image in parts (issue 33 item 2)", () => {
  it("D-image-blobs: every typed array of 64 KB or more is stored as bytes in a Blob (no cloned copy of it; many to a Blob), and comes back of its own type, equal", async () => {
    const idb = new IDBFactory()
    const p = projection(20_000)
    const image = { watermark: { w1: 1 }, rows: p.size, at: "2026-11-28T00:00:00Z", projection: p.toImage() }
    // each array once (the id column is held by the id index too: one Blob for both, as a structured clone keeps one)
    const big = [...new Set(typedIn(structuredClone(image.projection)))].filter((a) => a.byteLength >= 64 * 1024)
    expect(big.length).toBeGreaterThan(5)
    await expect(writeTableImage(idb, "u1", "gateway_transactions", () => image)).resolves.toBe(true)
    const stored = await valuesOf(idb, "u1")
    // the arrays' bytes in as few Blobs as 32 MB parts allow (here one), each array at an offset of its own
    const bundles = stored.filter((v): v is { blob: Blob } => typeof v === "object" && v !== null && (v as { blob?: unknown }).blob instanceof Blob)
    expect(bundles.length).toBe(1)
    const slots = bundles.flatMap((b) =>
      Object.values(b as Record<string, unknown>)
        .filter((x): x is Array<[number, number, number]> => Array.isArray(x))
        .flat()
    )
    expect(slots.map((x) => x[2]).sort((a, b) => a - b)).toEqual(big.map((a) => a.byteLength).sort((a, b) => a - b))
    for (const b of bundles) expect(b.blob.size).toBeGreaterThanOrEqual(big.reduce((n, a) => n + a.byteLength, 0))
    // and no typed array that big stored as a value
    expect(typedIn(stored).filter((a) => a.byteLength >= 64 * 1024)).toEqual([])
    const read = await readTableImage(idb, "u1", "gateway_transactions")
    expect(read?.projection).toEqual(structuredClone(image.projection))
    const fields = (read?.projection as { fields: { idCol: unknown; ids: { ids: unknown } } }).fields
    // the id column's bytes were read once: the index's copy of the column holds the very same arrays
    const colBytes = typedIn(fields.idCol).filter((a) => a.byteLength >= 64 * 1024)
    expect(colBytes.length).toBeGreaterThan(0)
    typedIn(fields.ids.ids)
      .filter((a) => a.byteLength >= 64 * 1024)
      .forEach((a, i) => expect(a).toBe(colBytes[i]))
    const back = TableProjection.fromTableImage(read?.projection, () => new TableProjection<GatewayTransaction>(gatewayTable))
    const q = { text: "PED-00", limit: 40, sort: { by: "created_at", dir: "asc" } } as const
    const strip = ({ tookMs: _t, ...r }: { tookMs: number }) => r
    expect(strip(back?.query(q) as { tookMs: number })).toEqual(strip(p.query(q) as { tookMs: number }))
  })

  it("written in 64 KB parts, read back whole: the revived table answers as the one written; a smaller image leaves no stale part", async () => {
    const idb = new IDBFactory()
    const p = projection(6000)
    const image = { watermark: { w1: 3 }, rows: p.size, at: "2026-11-28T00:00:00Z", projection: p.toImage() }
    await expect(writeTableImage(idb, "u1", "gateway_transactions", () => image, 64 * 1024)).resolves.toBe(true)
    const keys = await keysOf(idb, "u1")
    const parts = keys.filter((k) => k.startsWith("table:gateway_transactions#")).length
    expect(parts).toBeGreaterThan(4)
    const stored = await readTableImage(idb, "u1", "gateway_transactions")
    expect(stored?.watermark).toEqual({ w1: 3 })
    const back = TableProjection.fromTableImage(stored?.projection, () => new TableProjection<GatewayTransaction>(gatewayTable))
    expect(back?.size).toBe(p.size)
    const q = { text: "silva", limit: 30, sort: { by: "amount", dir: "desc" } } as const
    const strip = ({ tookMs: _t, ...r }: { tookMs: number }) => r
    expect(strip(back?.query(q) as { tookMs: number })).toEqual(strip(p.query(q) as { tookMs: number }))

    const small = projection(500)
    await writeTableImage(idb, "u1", "gateway_transactions", () => ({ ...image, rows: small.size, projection: small.toImage() }), 64 * 1024)
    const after = (await keysOf(idb, "u1")).filter((k) => k.startsWith("table:gateway_transactions#")).length
    expect(after).toBeLessThan(parts)
    const again = await readTableImage(idb, "u1", "gateway_transactions")
    expect(TableProjection.fromTableImage(again?.projection, () => new TableProjection<GatewayTransaction>(gatewayTable))?.size).toBe(small.size)
  })

  it("parts are put one per task, each after asking whether the projection moved; a move gives the write up and keeps the image before it whole", async () => {
    const idb = new IDBFactory()
    const p = projection(6000)
    const image = { watermark: { w1: 3 }, rows: p.size, at: "2026-11-28T00:00:00Z", projection: p.toImage() }
    let asked = 0
    await expect(
      writeTableImage(
        idb,
        "u1",
        "gateway_transactions",
        () => image,
        64 * 1024,
        () => (asked++, false)
      )
    ).resolves.toBe(true)
    const before = await keysOf(idb, "u1")
    const parts = before.filter((k) => k.startsWith("table:gateway_transactions#")).length
    // asked before every part after the first, and once more before the wrapper naming them
    expect(asked).toBe(parts)

    // the table changes while the third part is being written: nothing of the new image is kept
    const other = projection(3000)
    let calls = 0
    const written = writeTableImage(
      idb,
      "u1",
      "gateway_transactions",
      () => ({ watermark: { w1: 9 }, rows: other.size, at: "2026-11-28T01:00:00Z", projection: other.toImage() }),
      16 * 1024,
      () => ++calls >= 3
    )
    await expect(written).resolves.toBe(false)
    expect(calls).toBe(3)
    expect(await keysOf(idb, "u1")).toEqual(before)
    const stored = await readTableImage(idb, "u1", "gateway_transactions")
    expect(stored?.watermark).toEqual({ w1: 3 })
    expect(TableProjection.fromTableImage(stored?.projection, () => new TableProjection<GatewayTransaction>(gatewayTable))?.size).toBe(p.size)
  })
})
