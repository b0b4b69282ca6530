/**
 * What a table projection reads from its description (schema/tables/*.ts, `defineTable`;
 * D-table-description, sync/SPEC.md Q6), computed once per table: the packed code's shifts and
 * masks as plain numbers and the per-code tables, so the hot scan stays the same monomorphic loop
 * over typed arrays it was with fixed bits; and where an upsert reads each field of a row (by
 * name for an object, by position for a compact row).
 *
 * What a description must have for this projection (the seam): exactly three text fields [free
 * text, name, document], the sign as an enum of two literals, the per-currency enum last in the
 * code (shift 0), a code space under 65 535, the row id as the first dense id.
 */
import type { DefinedTable } from "../../schema/tables/define-table.ts"

/** The code of a removed row (a hole until compaction). */
export const DEAD = 0xffff

/**
 * What the projection reads from a description, computed once per table: the packed code's
 * shifts and masks as plain numbers and the per-code tables, so the hot scan stays the same
 * monomorphic loop over typed arrays it was with fixed bits (D-table-description).
 */
export interface Binding {
  readonly table: DefinedTable<unknown>
  readonly typeLiterals: ReadonlyArray<string>
  readonly typeShift: number
  readonly statusLiterals: ReadonlyArray<string>
  readonly statusShift: number
  readonly statusMask: number
  readonly signLiterals: ReadonlyArray<string>
  readonly dirShift: number
  readonly currencies: ReadonlyArray<string>
  readonly curMask: number
  readonly codeSpace: number
  /** Per code: 0 not summed, 1 sums in, 2 sums out. */
  readonly sumKind: Uint8Array
  /** Per code: 1 in, 2 out, whatever the status ("code" groups). */
  readonly rawKind: Uint8Array
  readonly texts: readonly [string, string, string]
  readonly digitsText: number
  readonly idKey: string
  readonly dense: ReadonlyArray<{
    readonly key: string
    readonly format: { readonly kind: "uuid" } | { readonly kind: "ascii"; readonly width: number }
    readonly searched: boolean
  }>
  readonly sparse: ReadonlyArray<{
    readonly key: string
    readonly format: { readonly kind: "uuid" } | { readonly kind: "ascii"; readonly width: number }
    readonly searched: boolean
  }>
  readonly ints: ReadonlyArray<string>
  readonly stored: ReadonlyArray<string>
  readonly balanceSeries: boolean
  readonly shape: string
}

const bindings = new WeakMap<object, Binding>()
export function bindingOf(table: DefinedTable<unknown>): Binding {
  const known = bindings.get(table)
  if (known) return known
  const L = table.layout
  const e = (key: string) => {
    const x = L.enums.find((y) => y.key === key)
    if (!x) throw new RangeError(`${table.name}: no enum ${key}`)
    return x
  }
  const type = L.enums[0]
  const status = e(table.sums.status)
  const sign = e(table.sign.key)
  const cur = e(table.sums.per)
  if (type === undefined || cur.shift !== 0 || L.space > DEAD || sign.literals.length !== 2) {
    throw new RangeError(`${table.name}: the projection needs the per-currency enum last, a two-literal sign and a code under 65 535`)
  }
  if (table.text.length !== 3) throw new RangeError(`${table.name}: the projection takes exactly three text fields (free text, name, document)`)
  const denseIds = table.prefixIds.filter((p) => p.dense)
  if (denseIds[0]?.key !== table.id.key) throw new RangeError(`${table.name}: the first dense prefix id must be the row id`)
  const col = (p: (typeof table.prefixIds)[number]) => ({ key: p.key as string, format: p.format ?? { kind: "uuid" as const }, searched: p.searched ?? true })
  const sumKind = new Uint8Array(L.space)
  const rawKind = new Uint8Array(L.space)
  for (let c = 0; c < L.space; c++) {
    const st = status.literals[(c >> status.shift) & status.mask]
    const dir = (c >> sign.shift) & sign.mask
    const valid = L.enums.every((x) => ((c >> x.shift) & x.mask) < x.literals.length)
    rawKind[c] = valid ? 1 + dir : 0
    sumKind[c] = valid && st !== undefined && table.sums.counted.includes(st) ? 1 + dir : 0
  }
  const texts = table.text as unknown as readonly [string, string, string]
  const b: Binding = {
    table,
    typeLiterals: type.literals,
    typeShift: type.shift,
    statusLiterals: status.literals,
    statusShift: status.shift,
    statusMask: status.mask,
    signLiterals: sign.literals,
    dirShift: sign.shift,
    currencies: cur.literals,
    curMask: cur.mask,
    codeSpace: L.space,
    sumKind,
    rawKind,
    texts,
    digitsText: table.digits === undefined ? -1 : texts.indexOf(table.digits),
    idKey: table.id.key,
    dense: denseIds.slice(1).map(col),
    sparse: table.prefixIds.filter((p) => !p.dense).map(col),
    ints: table.extraInts as ReadonlyArray<string>,
    stored: (table.stored ?? []) as ReadonlyArray<string>,
    balanceSeries: table.plugins.includes("balanceSeries"),
    shape: JSON.stringify([table.name, L.enums.map((x) => [x.key, x.literals]), table.text, table.prefixIds, table.extraInts, table.stored ?? []])
  }
  bindings.set(table, b)
  return b
}

/**
 * Where upsert reads each field of a row: by name for a row object, by position for a compact
 * row (an array in a given column order: a keyset pull's compact page, D-compact-pages, or a
 * stored chunk). One upsert reads either, so a compact row never becomes an object.
 */
export interface RowKeys {
  readonly id: string | number
  readonly created: string | number
  readonly updated: string | number
  readonly scope: string | number
  readonly amount: string | number
  readonly enums: ReadonlyArray<string | number>
  readonly ints: ReadonlyArray<string | number>
  readonly texts: readonly [string | number, string | number, string | number]
  readonly stored: ReadonlyArray<string | number>
  readonly dense: ReadonlyArray<string | number>
  readonly sparse: ReadonlyArray<string | number>
}
export type RowLike = Readonly<Record<string | number, unknown>>

export const keysOf = (b: Binding, at: (key: string) => string | number): RowKeys => {
  const t = b.table
  return {
    id: at(b.idKey),
    created: at(t.time.created as string),
    updated: at(t.time.updated as string),
    scope: at(t.scope as string),
    amount: at(t.amount as string),
    enums: t.layout.enums.map((en) => at(en.key)),
    ints: b.ints.map(at),
    texts: b.texts.map(at) as unknown as readonly [string | number, string | number, string | number],
    stored: b.stored.map(at),
    dense: b.dense.map((d) => at(d.key)),
    sparse: b.sparse.map((d) => at(d.key))
  }
}
