/**
 * Tables described once (issue 11 "Tables described once", sync/SPEC.md Q6): `defineTable` names a
 * big synced table's fields by role — id, scope, time, amount, sign, enums, interned text,
 * prefix-matched ids, extra ints, the statuses that count in sums, groups, sorts, plugins — and
 * compiles its enums into one packed code whose bit widths come from the literal counts (any
 * count: 17 statuses, 20 currencies). The projection reads the layout's shifts and masks as
 * numbers computed once, so the hot scan stays monomorphic (no field descriptors per row).
 * First description: schema/tables/statement.ts (core §9, features §2).
 */

/** How a prefix-matched id column packs its values (sync/projections/packed-strings.ts). */
export type IdFormat = { readonly kind: "uuid" } | { readonly kind: "ascii"; readonly width: number }

/** An enum field: its row key and its literals in code order. */
export interface EnumField<R> {
  readonly key: keyof R & string
  readonly literals: ReadonlyArray<string>
}

/** One enum packed into the code: [shift, mask] and its literals. */
export interface PackedEnum {
  readonly key: string
  readonly literals: ReadonlyArray<string>
  readonly index: ReadonlyMap<string, number>
  readonly bits: number
  readonly shift: number
  readonly mask: number
}

/** The packed code of a row: enums from the most significant (first listed) to the least. */
export interface CodeLayout {
  readonly enums: ReadonlyArray<PackedEnum>
  /** Total bits; codes are < 2^bits (= the code space). */
  readonly bits: number
  readonly space: number
}

export interface TableDescription<R> {
  readonly name: string
  readonly id: { readonly key: keyof R & string; readonly dense: boolean }
  readonly scope: keyof R & string
  readonly time: { readonly created: keyof R & string; readonly updated: keyof R & string }
  readonly amount: keyof R & string
  /** The sign field: its first literal adds, its second subtracts (it is also one of the enums). */
  readonly sign: { readonly key: keyof R & string; readonly literals: readonly [string, string] }
  readonly enums: ReadonlyArray<EnumField<R>>
  /** Interned free text searched by substring (folded). */
  readonly text: ReadonlyArray<keyof R & string>
  /**
   * Identifiers matched by prefix; dense ids are in most rows, sparse ids in few (and may be null).
   * The first dense id is the row id. `format`: how the column packs it (default uuid); `searched`
   * false: kept and shown, not matched by the text filter (default true).
   */
  readonly prefixIds: ReadonlyArray<{ readonly key: keyof R & string; readonly dense: boolean; readonly format?: IdFormat; readonly searched?: boolean }>
  readonly extraInts: ReadonlyArray<keyof R & string>
  /** The text field that a document-like query also matches by its digits (CPF/CNPJ). */
  readonly digits?: keyof R & string
  /** Short text kept and shown but never searched (interned: bank, agency, account…). */
  readonly stored?: ReadonlyArray<keyof R & string>
  /** The status enum and which of its literals count in sums. */
  readonly sums: { readonly status: keyof R & string; readonly counted: ReadonlyArray<string>; readonly per: keyof R & string }
  readonly groups: ReadonlyArray<string>
  readonly sorts: ReadonlyArray<string>
  readonly plugins: ReadonlyArray<string>
  /**
   * The local CSV's columns in order (the worker's export of the filtered rows): the amount is
   * written signed by `sign`, times in São Paulo time, extra ints as money, the rest as text.
   */
  readonly csv?: ReadonlyArray<keyof R & string>
}

/** Bits to hold n distinct values (at least 1). */
export const bitsFor = (n: number): number => {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`an enum needs at least one literal, got ${n}`)
  return Math.max(1, Math.ceil(Math.log2(n)))
}

/** Packs enums in order: the first listed takes the high bits. Codes must fit 31 bits. */
export const compileCodeLayout = (enums: ReadonlyArray<{ readonly key: string; readonly literals: ReadonlyArray<string> }>): CodeLayout => {
  const widths = enums.map((e) => bitsFor(e.literals.length))
  const bits = widths.reduce((a, b) => a + b, 0)
  if (bits > 30) throw new RangeError(`enums need ${bits} bits; at most 30 fit a packed code`)
  let shift = bits
  const packed = enums.map((e, i): PackedEnum => {
    const w = widths[i] as number
    shift -= w
    if (new Set(e.literals).size !== e.literals.length) throw new RangeError(`enum ${e.key} repeats a literal`)
    return { key: e.key, literals: e.literals, index: new Map(e.literals.map((l, j) => [l, j])), bits: w, shift, mask: (1 << w) - 1 }
  })
  return { enums: packed, bits, space: 1 << bits }
}

export const enumOf = (layout: CodeLayout, key: string): PackedEnum => {
  const e = layout.enums.find((x) => x.key === key)
  if (e === undefined) throw new RangeError(`no enum ${key} in the layout`)
  return e
}

/** The code of a row's enum values, or -1 when one is unknown. */
export const encodeCode = (layout: CodeLayout, values: ReadonlyArray<string>): number => {
  let code = 0
  for (let i = 0; i < layout.enums.length; i++) {
    const e = layout.enums[i] as PackedEnum
    const v = e.index.get(values[i] as string)
    if (v === undefined) return -1
    code |= v << e.shift
  }
  return code
}

export const decodeCode = (layout: CodeLayout, code: number): ReadonlyArray<string> => layout.enums.map((e) => e.literals[(code >> e.shift) & e.mask] as string)

export interface DefinedTable<R> extends TableDescription<R> {
  readonly layout: CodeLayout
}

/** Checks a description and compiles its code layout once. */
export const defineTable = <R>(d: TableDescription<R>): DefinedTable<R> => {
  if (!d.enums.some((e) => e.key === d.sign.key)) throw new RangeError(`${d.name}: the sign ${d.sign.key} must be one of the enums`)
  const status = d.enums.find((e) => e.key === d.sums.status)
  if (status === undefined) throw new RangeError(`${d.name}: the summed status ${d.sums.status} must be one of the enums`)
  for (const s of d.sums.counted) if (!status.literals.includes(s)) throw new RangeError(`${d.name}: ${s} is not a ${d.sums.status}`)
  return { ...d, layout: compileCodeLayout(d.enums) }
}
