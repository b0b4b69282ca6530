/**
 * S6 (issue 33 item 2): an image cut into parts for IndexedDB's value limit joins back to the same value — over
 * generated nested images (objects, arrays, typed arrays of each kind, strings) at many limits, through a structured
 * clone as IndexedDB does — and no part nor the skeleton passes the limit (measured by an independent estimate).
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { cutImage, joinImage } from "./image-parts.ts"

const CTORS = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array] as const

/** Bytes of a value as the test counts them: strings two a character, typed arrays their bytes, 8 for anything else. */
const bytesOf = (v: unknown): number => {
  if (typeof v === "string") return v.length * 2
  if (ArrayBuffer.isView(v)) return v.byteLength
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + bytesOf(x), 0)
  if (typeof v === "object" && v !== null) return Object.entries(v).reduce((n, [k, x]) => n + k.length * 2 + bytesOf(x), 0)
  return 8
}

const gen = (r: Prng, depth: number, maxLeaf: number): unknown => {
  const pick = r.int(0, depth > 3 ? 2 : 5)
  if (pick === 0) return r.alnum(r.int(0, maxLeaf >> 1))
  if (pick === 1) {
    const C = CTORS[r.int(0, CTORS.length - 1)] ?? Int32Array
    const a = new C(r.int(0, Math.floor(maxLeaf / 8)))
    for (let i = 0; i < a.length; i++) a[i] = r.int(-100, 100)
    return a
  }
  if (pick === 2) return r.chance(0.5) ? r.int(-1e6, 1e6) : r.chance(0.5) ? null : r.chance(0.5)
  if (pick === 3) return Array.from({ length: r.int(0, 14) }, () => gen(r, depth + 1, maxLeaf))
  const o: Record<string, unknown> = {}
  for (let i = r.int(0, 7); i > 0; i--) o[`f${r.alnum(r.int(1, 6))}`] = gen(r, depth + 1, maxLeaf)
  return o
}

describe("S6 image parts (issue 33 item 2)", () => {
  it("200 generated images at limits from 4 KB to 16 KB: joined back equal, through a structured clone; every piece within the limit", () => {
    const r = new Prng(3301)
    let cut = 0
    for (let i = 0; i < 200; i++) {
      const limit = 2 ** r.int(12, 14)
      const image = { shape: "x", fields: gen(r, 0, Math.floor(limit / 2)) }
      const { skeleton, parts } = structuredClone(cutImage(image, limit))
      if (parts.length > 0) cut++
      expect(joinImage(skeleton, parts)).toEqual(image)
      // no leaf is bigger than half the limit here, so every piece fits (the estimate counts more than this one)
      for (const p of [skeleton, ...parts]) expect(bytesOf(p)).toBeLessThanOrEqual(limit)
    }
    expect(cut).toBeGreaterThan(60)
  })

  it("long arrays of leaves only (a dictionary's strings, numbers, nulls), alone and inside records and arrays: joined back equal, every piece within the limit", () => {
    const r = new Prng(3302)
    const leaf = (): unknown => (r.chance(0.6) ? r.alnum(r.int(0, 40)) : r.chance(0.5) ? r.int(-1e9, 1e9) : r.chance(0.5) ? null : r.chance(0.5))
    let cut = 0
    for (let i = 0; i < 40; i++) {
      const limit = 2 ** r.int(12, 15)
      const long = Array.from({ length: r.int(0, 6000) }, leaf)
      const image = {
        shape: "x",
        fields: { dict: long, nested: [long.slice(0, r.int(0, 500)), { more: Array.from({ length: r.int(0, 3000) }, leaf) }], n: long.length }
      }
      const { skeleton, parts } = structuredClone(cutImage(image, limit))
      if (parts.length > 0) cut++
      expect(joinImage(skeleton, parts)).toEqual(image)
      for (const p of [skeleton, ...parts]) expect(bytesOf(p)).toBeLessThanOrEqual(limit)
    }
    expect(cut).toBeGreaterThan(20)
  })

  it("a typed array longer than the limit is cut in slices and comes back whole, of its own type", () => {
    const a = new Float64Array(10_000).map((_, i) => i * 1.5)
    const { skeleton, parts } = cutImage({ a }, 4096)
    expect(parts.length).toBeGreaterThan(10)
    const back = joinImage(skeleton, parts) as { a: Float64Array }
    expect(back.a).toBeInstanceOf(Float64Array)
    expect(back.a).toEqual(a)
  })

  it("typedApart: every typed array of that size or more is a part of its own (named in `typed`), and one met twice is cut once and joined back as one array", () => {
    const r = new Prng(3303)
    for (let k = 0; k < 30; k++) {
      const apart = 2 ** r.int(8, 12)
      const limit = 2 ** r.int(12, 15)
      const shared = new Int32Array(r.int(1, 4000)).map(() => r.int(-1e6, 1e6))
      const image = {
        shape: "x",
        fields: { col: { bytes: shared }, index: { table: new Uint16Array(r.int(0, 3000)), col: { bytes: shared } }, rest: gen(r, 0, apart) }
      }
      const { skeleton, parts, typed } = structuredClone(cutImage(image, limit, { typedApart: apart }))
      // exactly the typed slices are named, each slice of a typed array, and no typed array that big left elsewhere
      for (let i = 0; i < parts.length; i++) expect(ArrayBuffer.isView(parts[i])).toBe(typed.has(i))
      const left: ArrayBufferView[] = []
      const walk = (v: unknown): void => {
        if (ArrayBuffer.isView(v)) left.push(v)
        else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk)
      }
      walk(skeleton)
      parts.forEach((p, i) => (typed.has(i) ? undefined : walk(p)))
      expect(left.filter((a) => a.byteLength >= apart)).toEqual([])
      const back = joinImage(skeleton, parts) as typeof image
      expect(back).toEqual(image)
      if (shared.byteLength >= apart) expect(back.fields.index.col.bytes).toBe(back.fields.col.bytes)
      // the slices read back as bytes (byte views, as from a bundle's Blob) join the same
      const asBytes = parts.map((p, i) => {
        if (!typed.has(i)) return p
        // as a bundle gives them: a byte view at an 8-aligned offset of a bigger buffer
        const v = p as ArrayBufferView
        const buf = new Uint8Array(8 + v.byteLength + 8)
        buf.set(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), 8)
        return new Uint8Array(buf.buffer, 8, v.byteLength)
      })
      expect(joinImage(skeleton, asBytes)).toEqual(image)
    }
  })

  it("an object met twice (an index holding its column) is cut once, in one part both places name, and joined back as one object, as a structured clone keeps it", () => {
    const r = new Prng(3304)
    const column = { chunks: Array.from({ length: 40 }, () => ({ str: r.alnum(4096), dirty: false })), rows: 40 * 4096 }
    const image = { shape: "x", fields: { idCol: column, ids: { table: new Int32Array(100), count: 3, ids: column }, small: { kind: "uuid" } } }
    const { skeleton, parts } = structuredClone(cutImage(image, 1 << 20))
    // the column's text once among the skeleton and the parts, not twice
    expect(bytesOf([skeleton, ...parts])).toBeLessThan(bytesOf(column) * 1.5)
    const back = joinImage(skeleton, parts) as typeof image
    expect(back).toEqual(image)
    expect(back.fields.ids.ids).toBe(back.fields.idCol)
  })

  it("a small image is its own skeleton, with no parts; a missing part is an error, not a wrong image", () => {
    const small = { a: [1, 2, "x"], b: new Uint8Array([1, 2]) }
    expect(cutImage(small, 1 << 20)).toEqual({ skeleton: small, parts: [], typed: new Set() })
    const { skeleton, parts } = cutImage({ a: new Int32Array(1000) }, 256)
    expect(() => joinImage(skeleton, parts.slice(1))).toThrow(/missing/)
  })
})
