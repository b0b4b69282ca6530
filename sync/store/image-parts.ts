/**
 * A projection's image cut into parts small enough for one IndexedDB value each (S6; issue 33 item 2). Chromium
 * refuses to store a value whose serialized form passes its limit ("UnknownError: The serialized value is too large",
 * 128–256 MB by version): the gateway table's image of a million rows is about 400 MB, and a statement of two million
 * rows would pass it too. So before the `put`, the image is walked once, bottom up, and what makes it big goes to parts
 * of at most `limit` estimated bytes: a long array's elements in groups, a big typed array in slices, and an object's
 * biggest fields; what is left (the skeleton) names its parts by index. Reading joins them back to the same structure
 * (the values structured clone would give: plain objects, arrays, typed arrays, strings; the projection revives its
 * classes from them as before). Nothing is copied but the slices of a typed array cut in parts.
 */

/** The marker of a part reference in the skeleton (a key no image field has). */
const REF = "\u0000imagePart"

interface PartRef {
  readonly [REF]: true
  readonly kind: "array" | "typed" | "value"
  /** Indices of the parts, in order. */
  readonly parts: ReadonlyArray<number>
  /** Typed arrays: the constructor's name and the element count. */
  readonly ctor?: string
  readonly length?: number
}

const isRef = (v: unknown): v is PartRef => typeof v === "object" && v !== null && (v as Record<string, unknown>)[REF] === true

type Typed =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array
const isTyped = (v: unknown): v is Typed => ArrayBuffer.isView(v) && !(v instanceof DataView)
const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null) return false
  if (Array.isArray(v) || ArrayBuffer.isView(v) || v instanceof Map || v instanceof Set || v instanceof Date || v instanceof RegExp) return false
  return true
}

/** The serialized size of a leaf, estimated from above (a string as two bytes a character). */
const leafBytes = (v: unknown): number => {
  if (typeof v === "string") return 8 + v.length * 2
  if (isTyped(v)) return 16 + v.byteLength
  if (v instanceof ArrayBuffer) return 16 + v.byteLength
  return 16
}

/** An object met twice in an image is a part of its own from this many (estimated) bytes. */
const SHARED_APART = 64 * 1024

export interface ImageParts {
  readonly skeleton: unknown
  readonly parts: ReadonlyArray<unknown>
  /** The parts that are slices of a typed array (by index): their bytes may be stored apart (projection-image.ts). */
  readonly typed: ReadonlySet<number>
}

/**
 * Cuts `value` so that the skeleton and each part are at most about `limit` bytes (see the module's comment). With
 * `views`, a big typed array's slices are views of it (`subarray`), not copies: the caller copies each (`ownPart`) when
 * it stores it, so the copies are made one at a time instead of all at once.
 */
export function cutImage(value: unknown, limit: number, o: { readonly views?: boolean; readonly typedApart?: number } = {}): ImageParts {
  const parts: unknown[] = []
  const typed = new Set<number>()
  const part = (v: unknown): number => parts.push(v) - 1
  const ref = (r: Omit<PartRef, typeof REF>): PartRef => ({ [REF]: true, ...r }) as PartRef
  // a reference as serialized: its marker, kind, part indices (counted apart), a typed array's type and length
  const REF_BYTES = 160

  // a typed array met twice (a column and an index over it hold the same one) is cut once: both places name the same
  // parts, and the join gives them one array again, as a structured clone keeps one object met twice
  const cutTyped = new Map<Typed, { node: unknown; bytes: number }>()
  // so is an object or array met twice (an id index holding the id column it indexes: 16 MB of a million rows' ids
  // were stored, and read back, twice): it is a part of its own that both places name
  const seen = new Set<object>()
  const shared = new Set<object>()
  const find = (v: unknown): void => {
    if (typeof v !== "object" || v === null || isTyped(v)) return
    if (seen.has(v)) {
      shared.add(v)
      return
    }
    seen.add(v)
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i]
        if (typeof x === "object" && x !== null) find(x)
      }
    } else if (isPlain(v)) for (const k of Object.keys(v)) find(v[k])
  }
  find(value)
  const cutShared = new Map<object, { node: unknown; bytes: number }>()
  const walk = (v: unknown): { node: unknown; bytes: number } => {
    if (typeof v === "object" && v !== null && shared.has(v)) {
      const again = cutShared.get(v)
      if (again !== undefined) return again
      const once = walkOnce(v)
      // a small one (a column's format) is simply written in both places
      const cut = once.bytes < SHARED_APART ? once : { node: ref({ kind: "value", parts: [part(once.node)] }), bytes: REF_BYTES }
      cutShared.set(v, cut)
      return cut
    }
    return walkOnce(v)
  }
  const walkOnce = (v: unknown): { node: unknown; bytes: number } => {
    if (isTyped(v)) {
      if (v.byteLength <= limit && !(o.typedApart !== undefined && v.byteLength >= o.typedApart)) return { node: v, bytes: leafBytes(v) }
      const again = cutTyped.get(v)
      if (again !== undefined) return again
      const per = Math.max(1, Math.floor(limit / v.BYTES_PER_ELEMENT))
      const ids: number[] = []
      for (let at = 0; at < v.length; at += per) {
        const id = part(o.views ? v.subarray(at, at + per) : v.slice(at, at + per))
        typed.add(id)
        ids.push(id)
      }
      const cut = { node: ref({ kind: "typed", parts: ids, ctor: v.constructor.name, length: v.length }), bytes: REF_BYTES + ids.length * 8 }
      cutTyped.set(v, cut)
      return cut
    }
    if (Array.isArray(v)) {
      // an array of leaves only (a dictionary's strings, a column's numbers: up to a million of them) is sized in one
      // pass and kept or sliced as it is, with no node per element (that walk was most of a big table's image write)
      let flat = true
      let flatBytes = 16
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i]
        if (typeof x === "object" && x !== null) {
          flat = false
          break
        }
        flatBytes += leafBytes(x) + 8
      }
      if (flat) {
        if (flatBytes <= limit) return { node: v, bytes: flatBytes }
        const ids: number[] = []
        let start = 0
        let size = 0
        for (let i = 0; i < v.length; i++) {
          const b = leafBytes(v[i])
          if (i > start && size + b > limit) {
            ids.push(part(v.slice(start, i)))
            start = i
            size = 0
          }
          size += b + 8
        }
        if (start < v.length) ids.push(part(v.slice(start)))
        return { node: ref({ kind: "array", parts: ids }), bytes: REF_BYTES + ids.length * 8 }
      }
      const kids = v.map(walk)
      const bytes = kids.reduce((n, k) => n + k.bytes + 8, 16)
      if (bytes <= limit) return { node: kids.map((k) => k.node), bytes }
      // the elements in groups of at most `limit` bytes, each group a part
      const ids: number[] = []
      let group: unknown[] = []
      let size = 0
      for (const k of kids) {
        if (group.length > 0 && size + k.bytes > limit) {
          ids.push(part(group))
          group = []
          size = 0
        }
        group.push(k.node)
        size += k.bytes + 8
      }
      if (group.length > 0) ids.push(part(group))
      return { node: ref({ kind: "array", parts: ids }), bytes: REF_BYTES + ids.length * 8 }
    }
    if (isPlain(v)) {
      const entries = Object.keys(v).map((k) => ({ k, ...walk(v[k]) }))
      let bytes = entries.reduce((n, e) => n + e.bytes + e.k.length * 2 + 8, 16)
      // too big with every field small enough: the biggest fields go to parts of their own until it fits
      if (bytes > limit)
        for (const e of [...entries].sort((a, b) => b.bytes - a.bytes)) {
          if (bytes <= limit || e.bytes <= REF_BYTES) break
          bytes -= e.bytes - REF_BYTES
          e.node = ref({ kind: "value", parts: [part(e.node)] })
          e.bytes = REF_BYTES
        }
      const node: Record<string, unknown> = {}
      for (const e of entries) node[e.k] = e.node
      return { node, bytes }
    }
    return { node: v, bytes: leafBytes(v) }
  }
  return { skeleton: walk(value).node, parts, typed }
}

/**
 * A part as it can be stored: a typed array that views part of a bigger buffer is copied (a structured clone of a
 * view serializes its whole buffer); anything else is itself.
 */
export const ownPart = (p: unknown): unknown => (isTyped(p) && (p.byteOffset !== 0 || p.byteLength !== p.buffer.byteLength) ? p.slice() : p)

const TYPED: Readonly<Record<string, new (n: number) => Typed>> = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array
}

/** No element is an object (a part reference, an array, a typed array, a record): nothing in it to join back. */
const leavesOnly = (a: ReadonlyArray<unknown>): boolean => {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]
    if (typeof x === "object" && x !== null) return false
  }
  return true
}

/** The value `cutImage` cut, from its skeleton and parts; throws on a reference to a part that is not there. */
export function joinImage(skeleton: unknown, parts: ReadonlyArray<unknown>): unknown {
  const partAt = (i: number): unknown => {
    if (i < 0 || i >= parts.length) throw new Error(`image part ${i} missing`)
    return parts[i]
  }
  // a typed array cut once and named twice comes back as one array (by its first part), and so does a value
  const joined = new Map<number, Typed>()
  const values = new Map<number, unknown>()
  const walk = (v: unknown): unknown => {
    if (isRef(v)) {
      if (v.kind === "value") {
        const i = v.parts[0] ?? -1
        if (values.has(i)) return values.get(i)
        const made = walk(partAt(i))
        values.set(i, made)
        return made
      }
      if (v.kind === "array") {
        const out: unknown[] = []
        for (const i of v.parts) {
          const group = partAt(i) as unknown[]
          if (leavesOnly(group)) for (let j = 0; j < group.length; j++) out.push(group[j])
          else for (let j = 0; j < group.length; j++) out.push(walk(group[j]))
        }
        return out
      }
      const Ctor = TYPED[v.ctor ?? ""]
      if (Ctor === undefined) throw new Error(`image part of unknown type ${String(v.ctor)}`)
      const first = v.parts[0]
      const seen = first === undefined ? undefined : joined.get(first)
      if (seen !== undefined) return seen
      const made = joinTyped(v, Ctor)
      if (first !== undefined) joined.set(first, made)
      return made
    }
    if (isTyped(v)) return v
    // an array of leaves comes back as it was read (a fresh clone already), not copied element by element
    if (Array.isArray(v)) return leavesOnly(v) ? v : v.map(walk)
    if (isPlain(v)) {
      const out: Record<string, unknown> = {}
      for (const k of Object.keys(v)) out[k] = walk(v[k])
      return out
    }
    return v
  }
  const joinTyped = (v: PartRef, Ctor: new (n: number) => Typed): Typed => {
    // a slice stored as bytes (a byte view of a Blob read back: projection-image.ts) is viewed as its type, not copied
    const sliceAt = (i: number): Typed => {
      const p = partAt(i)
      if (p instanceof Uint8Array && !(p instanceof Ctor)) {
        const View = Ctor as unknown as new (b: ArrayBufferLike, offset: number, length: number) => Typed
        const per = (Ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT
        return new View(p.buffer, p.byteOffset, p.byteLength / per)
      }
      return p as Typed
    }
    // one slice of the whole length: that slice is the array (no copy)
    if (v.parts.length === 1) {
      const only = sliceAt(v.parts[0] as number)
      if (only instanceof Ctor && only.length === (v.length ?? 0)) return only
    }
    const out = new Ctor(v.length ?? 0)
    let at = 0
    for (const i of v.parts) {
      const slice = sliceAt(i)
      ;(out as unknown as { set(a: ArrayLike<unknown>, o: number): void }).set(slice as unknown as ArrayLike<unknown>, at)
      at += slice.length
    }
    return out
  }
  return walk(skeleton)
}
