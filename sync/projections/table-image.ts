/**
 * The reopen image of a table projection's store (sync/SPEC.md S6; budget "reopening the app with
 * 1M rows already local → first page ≤ 0.5 s"): the store's columns, dictionaries and orders as a
 * structured-cloneable value, so reading it back costs a copy, not a million upserts. The query
 * state and the access paths' indexes are not in it: they are rebuilt empty (or lazily).
 *
 * The image's shape is derived, not versioned by hand: the own field names of the store and of
 * each column class, and the code tables. A change to any of them makes old images unreadable
 * (they are rebuilt from the stored chunks), so nobody has to remember to bump a version.
 */
import type { DefinedTable } from "../../schema/tables/define-table.ts"
import { CompactIntColumn } from "./int-column.ts"
import { IdIndex } from "./id-index.ts"
import { InternDictionary, internImageKeys } from "./intern-dictionary.ts"
import { OrderIndex, type OrderState } from "./order-index.ts"
import { PackedStringColumn } from "./packed-strings.ts"
import { SparsePackedColumn } from "./sparse-strings.ts"
import { StoredDictionary } from "./stored-dictionary.ts"
import { DEAD, bindingOf, type Binding } from "./table-binding.ts"
import { TableStore } from "./table-store.ts"

/** The store fields an image carries; everything else is per-query scratch, rebuilt empty. */
const IMAGE_FIELDS = [
  "n",
  "liveRows",
  "cap",
  "createdAt",
  "amount",
  "updatedDelta",
  "ints",
  "wallet",
  "code",
  "desc",
  "cpName",
  "cpDoc",
  "storedCols",
  "idCol",
  "denseCols",
  "sparseCols",
  "ids",
  "wallets",
  "walletLive",
  "descriptions",
  "names",
  "documents",
  "storedDicts",
  "writes"
] as const

export interface ProjectionImage {
  readonly shape: string
  readonly fields: Readonly<Record<string, unknown>>
  readonly byDate: OrderState
  readonly byAmount: OrderState
}
const isOrderState = (o: unknown): o is OrderState =>
  typeof o === "object" &&
  o !== null &&
  (o as OrderState).perm instanceof Uint32Array &&
  typeof (o as OrderState).n === "number" &&
  Array.isArray((o as OrderState).adds) &&
  Array.isArray((o as OrderState).removals)
const isImage = (o: unknown): o is ProjectionImage =>
  typeof o === "object" &&
  o !== null &&
  typeof (o as ProjectionImage).shape === "string" &&
  typeof (o as ProjectionImage).fields === "object" &&
  isOrderState((o as ProjectionImage).byDate) &&
  isOrderState((o as ProjectionImage).byAmount)

const shapeMemo = new Map<string, string>()
/** What an image depends on: the own field names of the store and of each column class, and the code tables. */
function imageShape(table: DefinedTable<unknown>): string {
  const b = bindingOf(table)
  const memo = shapeMemo.get(b.shape)
  if (memo !== undefined) return memo
  const col = new PackedStringColumn({ kind: "uuid" })
  const keys = (o: object) => Object.keys(o).sort().join(",")
  const shape = [
    // v5: the dictionaries place their slots by homeSlot (any table size), not by a power-of-two mask; v6: a sealed ascii
    // chunk keeps its first four planes as head words and its constant planes as one byte (packed-strings.ts Chunk),
    // and no chunk is a one-byte string; v7: its planes of at most 64 bytes keep six bits a slot, tables packed (Chunk);
    // v8: planes of at most 16 bytes share their half bytes while their tuples are 16 at most, and a chunk whose first
    // four planes are such keeps no head words (packed-planes.ts keepPlanes); the id index's slots hold a hash byte
    "v8",
    keys(new TableStore(b)),
    keys(col),
    keys(new SparsePackedColumn({ kind: "uuid" })),
    keys(new IdIndex(col)),
    keys(new CompactIntColumn(0)),
    internImageKeys(),
    keys(new StoredDictionary()),
    keys(new OrderIndex({ compare: () => 0, isLive: () => true, scratch: () => new Uint8Array(0), build: () => new Uint32Array(0) })),
    b.shape
  ].join("|")
  shapeMemo.set(b.shape, shape)
  return shape
}

/**
 * The store as a structured-cloneable value, for IndexedDB. Typed arrays and dictionaries go as
 * they are; clone it before the next write (an IndexedDB `put` clones synchronously).
 */
export function storeImage(store: TableStore): ProjectionImage {
  const fields: Record<string, unknown> = {}
  const self = store as unknown as Record<string, unknown>
  for (const k of IMAGE_FIELDS) fields[k] = self[k]
  return { shape: imageShape(store.b.table), fields, byDate: store.byDate.state(), byAmount: store.byAmount.state() }
}

/**
 * A store from an image, or null when the image was written by a different layout (its shape —
 * field names of every class, type/status/currency codes — differs) or is damaged. Its write
 * count is one past the image's.
 */
export function storeFromImage(b: Binding, image: unknown): TableStore | null {
  if (!isImage(image)) return null
  if (image.shape !== imageShape(b.table)) return null
  const p = new TableStore(b)
  const f = image.fields
  const self = p as unknown as Record<string, unknown>
  try {
    for (const k of IMAGE_FIELDS) if (!(k in f)) return null
    for (const k of IMAGE_FIELDS) self[k] = f[k]
    if (!Array.isArray(p.ints) || p.ints.length !== b.ints.length || !Array.isArray(p.denseCols) || p.denseCols.length !== b.dense.length) return null
    if (!Array.isArray(p.sparseCols) || p.sparseCols.length !== b.sparse.length || !Array.isArray(p.storedDicts) || p.storedDicts.length !== b.stored.length)
      return null
    p.updatedDelta = CompactIntColumn.revive(p.updatedDelta)
    p.ints = p.ints.map((col) => CompactIntColumn.revive(col))
    p.idCol = PackedStringColumn.revive(p.idCol)
    p.denseCols = p.denseCols.map((col) => PackedStringColumn.revive(col))
    p.sparseCols = p.sparseCols.map((col) => SparsePackedColumn.revive(col))
    p.storedDicts = p.storedDicts.map((d) => StoredDictionary.revive(d))
    p.ids = IdIndex.revive(p.ids, p.idCol)
    p.wallets = InternDictionary.revive(p.wallets)
    p.descriptions = InternDictionary.revive(p.descriptions)
    p.names = InternDictionary.revive(p.names)
    p.documents = InternDictionary.revive(p.documents)
    const typed = [p.createdAt, p.amount, p.wallet, p.code, p.desc, p.cpName, p.cpDoc, ...p.storedCols]
    if (!typed.every((a) => ArrayBuffer.isView(a) && a.length === p.cap) || p.n > p.cap || p.liveRows > p.n) return null
    if (p.walletLive.reduce((a, x) => a + x, 0) !== p.liveRows || p.ids.size !== p.liveRows) return null
    p.byDate.restore(image.byDate)
    p.byAmount.restore(image.byAmount)
    p.scratch = new Uint8Array(p.cap)
    p.lastWalletId = ""
    p.lastWallet = -1
    // spot check: a few rows read back by their own id
    for (let r = 0; r < p.n; r += Math.max(1, Math.floor(p.n / 7))) {
      if (p.code[r] === DEAD) continue
      const id = p.idCol.get(r)
      if (id === null || p.rowOf(id) !== r) return null
    }
    p.writes++
    return p
  } catch {
    return null
  }
}
