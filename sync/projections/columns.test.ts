/**
 * The storage pieces under the statement projection (DESIGN "Large data": columns in typed
 * arrays, strings interned; budget ≤ 150 bytes per row): packed identifier columns, the id
 * hash table, the sorted orders and the compact integer column. Each against the obvious
 * structure (strings, a Map, Array.prototype.sort) on random data.
 */
import { describe, expect, it } from "vitest"
import { IdIndex } from "./id-index.ts"
import { AMOUNT_BANDS, bandLow, bandOf } from "./amount-bands.ts"
import { CompactIntColumn } from "./int-column.ts"
import { OrderIndex, radixSortRows } from "./order-index.ts"
import { COLLECT_CAP, PackedStringColumn } from "./packed-strings.ts"
import { SparsePackedColumn } from "./sparse-strings.ts"
import { foldText } from "../../schema/text-fold.ts"
import { Prng, uuidFrom } from "../../tests/support/test-rows.ts"

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
/** A Pix txid: 26 to 35 letters and digits, mixed case (some all-uppercase ones, first 32 included). */
const txidLike = (g: Prng): string => {
  const n = 26 + g.int(10)
  const upper = g.int(8) === 0
  let s = ""
  for (let i = 0; i < n; i++) s += ALNUM[upper && i < 32 ? g.int(26) : g.int(ALNUM.length)]
  return s
}
/** `n` letters and digits, mixed case. */
const alnumOf = (g: Prng, n: number): string => {
  let s = ""
  for (let i = 0; i < n; i++) s += ALNUM[g.int(ALNUM.length)]
  return s
}
const randomValue = (g: Prng): string | null => {
  const k = g.int(10)
  if (k === 0) return null
  if (k === 1) return uuidFrom(g).toUpperCase()
  if (k === 2) return "ação-" + g.int(1000)
  if (k === 3) return "x".repeat(40 + g.int(10))
  if (k === 4) {
    const u = uuidFrom(g)
    return u.slice(0, 10) + u.slice(10, 20).toUpperCase() + u.slice(20)
  }
  if (k === 5) {
    let s = "E"
    for (let i = 0; i < 31; i++) s += ALNUM[g.int(ALNUM.length)]
    return s
  }
  if (k === 6) return txidLike(g)
  return uuidFrom(g)
}

describe("engine S1 storage: packed identifier columns", () => {
  for (const format of [{ kind: "uuid" }, { kind: "ascii", width: 32 }, { kind: "ascii", width: 35 }] as const) {
    it(`${format.kind}: every value round-trips exactly, and prefix search equals startsWith`, () => {
      const g = new Prng(format.kind === "uuid" ? 1 : format.width)
      const col = new PackedStringColumn(format)
      col.ensureCapacity(10_000)
      const values: Array<string | null> = []
      for (let r = 0; r < 10_000; r++) {
        const v = randomValue(g)
        values.push(v)
        col.set(r, v)
        if (r % 3000 === 2999) col.seal()
      }
      // overwrite some, sealed chunks included
      for (let i = 0; i < 500; i++) {
        const r = g.int(10_000)
        const v = randomValue(g)
        values[r] = v
        col.set(r, v)
      }
      col.seal()
      const back: Array<string | null> = []
      let consistent = true
      for (let r = 0; r < 10_000; r++) {
        back.push(col.get(r))
        const v = values[r]
        if (v !== null && v !== undefined) {
          col.prepare(v)
          consistent &&= col.equalsPrepared(r) && col.hashRow(r) === col.hashPrepared()
        }
      }
      expect(back).toEqual(values)
      expect(consistent).toBe(true)
      const folded = values.map((v) => (v === null ? null : foldText(v)))
      for (let i = 0; i < 200; i++) {
        const src = values[g.int(10_000)] ?? "x"
        const q = foldText(src.slice(0, 1 + g.int(src.length)))
        const hits = new Uint8Array(10_000)
        col.searchPrefix(q, hits, 4)
        const got: number[] = []
        const want: number[] = []
        for (let r = 0; r < 10_000; r++) {
          if (hits[r] === 4) got.push(r)
          const f = folded[r]
          if (f !== null && f !== undefined && f.startsWith(q)) want.push(r)
        }
        expect(got, q).toEqual(want)
      }
    }, 120_000)
  }

  it("lead bitmaps (issue 16): prefix search equals startsWith with writes between searches, and after a structured clone", () => {
    for (const format of [{ kind: "uuid" }, { kind: "ascii", width: 32 }] as const) {
      const g = new Prng(format.kind === "uuid" ? 41 : 42)
      const n = 5 * 4096 + 77
      const col = new PackedStringColumn(format)
      col.ensureCapacity(n)
      const values: Array<string | null> = []
      for (let r = 0; r < n; r++) {
        const v = randomValue(g)
        values.push(v)
        col.set(r, v)
      }
      col.seal()
      if (format.kind === "ascii") {
        // issue 33 item 4: a sealed ascii chunk keeps planes 0–3 as its head words, not beside them: its width a slot, the
        // lead bitmap's byte and the null bits (a copy of the first four bytes took 4 more); the values read back the same
        const full = 5 * 4096
        const e2e = new PackedStringColumn(format)
        e2e.ensureCapacity(full)
        const ids = Array.from({ length: full }, () => `E${alnumOf(g, 31)}`)
        ids.forEach((v, r) => e2e.set(r, v))
        e2e.seal()
        expect(e2e.memoryBytes() / full).toBeLessThan(format.width + 1.5)
        expect(ids.every((v, r) => e2e.get(r) === v)).toBe(true)
      }
      const check = (c: PackedStringColumn, label: string): void => {
        for (let i = 0; i < 60; i++) {
          const src = values[g.int(n)] ?? "e6070"
          // 4+ characters (the lead is used), sometimes a start no value has
          const q = g.int(6) === 0 ? foldText(uuidFrom(g).slice(0, 4 + g.int(6))) : foldText(src.slice(0, 4 + g.int(Math.max(1, src.length - 3))))
          const hits = new Uint8Array(n)
          c.searchPrefix(q, hits, 2)
          const got: number[] = []
          const want: number[] = []
          for (let r = 0; r < n; r++) {
            if (hits[r] === 2) got.push(r)
            const v = values[r]
            if (v !== null && v !== undefined && foldText(v).startsWith(q)) want.push(r)
          }
          expect(got, `${format.kind} ${label} ${q}`).toEqual(want)
        }
      }
      for (let round = 0; round < 4; round++) {
        check(col, `round ${round}`)
        // writes into chunks whose bitmaps the searches just built: new starts must be found
        for (let i = 0; i < 300; i++) {
          const r = g.int(n)
          const v = randomValue(g)
          values[r] = v
          col.set(r, v)
        }
        if (round % 2 === 1) col.seal()
      }
      // the bitmaps are no part of an image: not listed, not cloned, rebuilt by the revived column
      expect(Object.keys(col)).not.toContain("leads")
      const revived = PackedStringColumn.revive(structuredClone(col))
      expect(Object.keys(revived)).not.toContain("leads")
      check(revived, "revived")
      revived.set(3, "abcd-after-revive")
      values[3] = "abcd-after-revive"
      check(revived, "revived, written")
    }
  })

  /**
   * A packed column against the strings it holds (issue 33 item 4, the sealed chunks' planes): each row reads back,
   * equals and hashes as its string; each query finds by prefix the rows `startsWith` finds; `pairs` random pairs of rows
   * compare as their strings.
   */
  const expectLikeStrings = (
    c: PackedStringColumn,
    values: ReadonlyArray<string | null>,
    queries: ReadonlyArray<string>,
    g: Prng,
    label: string,
    pairs: number
  ): void => {
    const n = values.length
    for (let r = 0; r < n; r++) {
      const v = values[r] ?? null
      expect(c.get(r), `${label} row ${r}`).toBe(v)
      if (v !== null) {
        c.prepare(v)
        expect(c.equalsPrepared(r) && c.hashRow(r) === c.hashPrepared(), `${label} row ${r}`).toBe(true)
      }
    }
    for (const q of queries) {
      const hits = new Uint8Array(n)
      c.searchPrefix(q, hits, 1)
      const want: number[] = []
      const got: number[] = []
      for (let r = 0; r < n; r++) {
        if (hits[r] === 1) got.push(r)
        const v = values[r]
        if (v !== null && v !== undefined && foldText(v).startsWith(q)) want.push(r)
      }
      expect(got, `${label} ${q}`).toEqual(want)
    }
    for (let i = 0; i < pairs; i++) {
      const a = g.int(n)
      const b = g.int(n)
      const x = values[a] ?? null
      const y = values[b] ?? null
      if (x !== null && y !== null) expect(Math.sign(c.compare(a, b)), `${label} ${x} ${y}`).toBe(Math.sign(x < y ? -1 : x > y ? 1 : 0))
    }
  }

  /** Rows 0…n-1 of `col` set to valueAt(r), then sealed: the values written. */
  const filled = (col: PackedStringColumn, n: number, valueAt: (r: number) => string | null): Array<string | null> => {
    const values: Array<string | null> = []
    for (let r = 0; r < n; r++) {
      const v = valueAt(r)
      values.push(v)
      col.set(r, v)
    }
    col.seal()
    return values
  }

  /**
   * `col` checked sealed; then `writes` random rows rewritten by writeAt (checked halfway, not sealed), sealed again and
   * checked, and checked again revived from a structured clone.
   */
  const checkThroughWrites = (
    col: PackedStringColumn,
    values: Array<string | null>,
    g: Prng,
    writes: number,
    writeAt: (r: number) => string | null,
    check: (c: PackedStringColumn, label: string) => void
  ): void => {
    check(col, "sealed")
    for (let i = 0; i < writes; i++) {
      const r = g.int(values.length)
      const v = writeAt(r)
      values[r] = v
      col.set(r, v)
      if (i === writes >> 1) check(col, "written, not sealed")
    }
    col.seal()
    check(col, "sealed again")
    check(PackedStringColumn.revive(structuredClone(col)), "revived")
  }

  it("constant planes (issue 33 item 4): end-to-end ids whose date is the same across a chunk read back, compare, hash and are found by prefix as the strings are, through writes, seals and a structured clone", () => {
    const g = new Prng(77)
    const n = 6 * 4096 + 300
    const format = { kind: "ascii", width: 32 } as const
    const col = new PackedStringColumn(format)
    col.ensureCapacity(n)
    // E + ISPB (one of three) + yyyyMMddHHmm (the day by chunk: a few planes differ between chunks, most not) + 11
    const ispbs = ["60701190", "00000000", "18236120"]
    // two characters of a few letters in either case (a plane of at most 16 bytes: half a byte a slot), then 9 of any
    const few = ["x", "X", "y", "Y", "z"]
    const idAt = (r: number): string =>
      `E${ispbs[g.int(3)]}202611${String(10 + (r >> 12)).padStart(2, "0")}${g.int(2)}${g.int(10)}${g.int(6)}${g.int(10)}${g.pick(few)}${g.pick(few)}${alnumOf(g, 9)}`
    const values = filled(col, n, (r) => (g.int(50) === 0 ? null : g.int(40) === 0 ? idAt(r).toUpperCase() : idAt(r)))
    const queries = (): string[] => {
      const src = values[g.int(n)] ?? "E6070119020261110"
      return [src.slice(0, 1 + g.int(src.length)), src.slice(0, 12 + g.int(10)), `e60701190202611${10 + g.int(8)}`, "e0000000020261299", "E18236120202611"].map(
        (q) => foldText(q)
      )
    }
    const check = (c: PackedStringColumn, label: string): void => expectLikeStrings(c, values, Array.from({ length: 30 }, () => queries()).flat(), g, label, 1)
    // the chunks keep fewer planes than the width (the constant ones as a byte, the ones of a few bytes sharing half
    // bytes, the ISPB's first three digits with them and no head words: 15.3 bytes a row here; 26 with head words and
    // a half byte for each plane of a few bytes; every plane a byte a slot: ~37)
    expect(col.memoryBytes() / n).toBeLessThan(17)
    // writes that break a chunk's constant planes (another month)
    checkThroughWrites(col, values, g, 200, (r) => (g.int(4) === 0 ? `E${ispbs[0]}20261209${alnumOf(g, 15)}` : idAt(r)), check)
  })

  it("shared half bytes (issue 33 item 4): planes of a few bytes share one half byte a slot while their tuples number at most 16, and a chunk whose first four planes are such keeps no head words: values read back, compare, hash and are found by prefix as the strings are, through writes, seals and a structured clone", () => {
    const g = new Prng(123)
    const n = 4 * 4096 + 77
    const col = new PackedStringColumn({ kind: "ascii", width: 24 })
    col.ensureCapacity(n)
    // chunk 0: 16 tuples of 12 characters (each plane 2 to 4 bytes), then 8 of any (one run, no head words); chunk 1:
    // the same with 17 tuples (head words kept); chunk 2: two sets of tuples one after the other, 12 and 9 of them (108
    // together: two runs, the second starting at the seventh plane); chunk 3 and the open last: chunk 0's kind
    const tuples = (count: number, len: number, alphabet: string): string[] => {
      const out = new Set<string>()
      while (out.size < count) out.add(Array.from({ length: len }, () => alphabet[g.int(alphabet.length)]).join(""))
      return [...out]
    }
    const sets = [tuples(16, 12, "aBc1"), tuples(17, 12, "aBc1"), tuples(12, 6, "xY9"), tuples(9, 6, "pQ2")]
    const valueAt = (r: number): string | null => {
      if (g.int(40) === 0) return null
      const c = r >> 12
      if (c === 2) return `${g.pick(sets[2] as string[])}${g.pick(sets[3] as string[])}${alnumOf(g, 8)}`
      return `${g.pick(sets[c === 1 ? 1 : 0] as string[])}${alnumOf(g, 8)}`
    }
    const values = filled(col, n, valueAt)
    // chunks 0 and 3: half a byte for 12 planes and six bits for each of the other 8, no head words nor lead bitmap (6.5
    // bytes a slot); chunk 1 keeps its 4 bytes of head words and a lead bitmap's byte; the open last chunk takes a whole
    // chunk's bytes: 13.3 bytes a row here, 17.5 with head words and each plane a half byte of its own
    expect(col.memoryBytes() / n).toBeLessThan(14)
    const queries = (): string[] =>
      Array.from({ length: 60 }, () => {
        const src = values[g.int(n)] ?? "aBc1"
        const q = src.slice(0, 1 + g.int(src.length))
        return foldText(g.int(3) === 0 ? q.toUpperCase() : q)
      })
    const check = (c: PackedStringColumn, label: string): void => expectLikeStrings(c, values, [...queries(), "a", "ab", "abc1", "x", "xy9"], g, label, 200)
    checkThroughWrites(col, values, g, 200, (r) => (g.int(3) === 0 ? null : valueAt(r)), check)
  })

  it("six-bit planes (issue 33 item 4): txids of 26 to 35 letters of both cases and digits, and planes of exactly 64 and 65 bytes, read back, compare, hash and are found by prefix as the strings are, through writes, seals and a structured clone", () => {
    const g = new Prng(91)
    const n = 5 * 4096 + 123
    const col = new PackedStringColumn({ kind: "ascii", width: 35 })
    col.ensureCapacity(n)
    // chunk 0: txids (62 bytes a plane, and NUL past a short one's end: six bits); chunk 1: a plane of 64 bytes exactly
    // (six bits) and one of 65 (a byte); the others txids, some in capitals, some rows null
    const sixtyFive = Array.from({ length: 65 }, (_, i) => String.fromCharCode(33 + i))
    const valueAt = (r: number): string | null => {
      if (g.int(60) === 0) return null
      if (r >> 12 === 1) return `abcd${sixtyFive[r % 64]}${sixtyFive[r % 65]}${alnumOf(g, 20)}`
      return txidLike(g)
    }
    const values = filled(col, n, valueAt)
    // the sealed chunks: 4 bytes of head words and six bits for each of the other 31 planes, and the open last chunk
    // its 35 bytes a slot: 34.4 bytes a row here, ~41 with a byte a plane
    expect(col.memoryBytes() / n).toBeLessThan(36)
    const queries = (): string[] =>
      Array.from({ length: 80 }, () => {
        const src = values[g.int(n)] ?? "abcd!"
        return foldText(src.slice(0, 5 + g.int(Math.max(1, src.length - 4))))
      })
    const check = (c: PackedStringColumn, label: string): void => expectLikeStrings(c, values, queries(), g, label, 200)
    checkThroughWrites(col, values, g, 300, valueAt, check)
  })

  it("a broad prefix marks every row but lists at most COLLECT_CAP + 1 of them (the caller's 'too many' sign)", () => {
    const n = COLLECT_CAP + 5000
    const col = new PackedStringColumn({ kind: "ascii", width: 32 })
    col.ensureCapacity(n)
    for (let r = 0; r < n; r++) col.set(r, `E60701190${String(r).padStart(8, "0")}`)
    col.seal()
    const hits = new Uint8Array(n)
    const collect: number[] = []
    expect(col.searchPrefix("e6070", hits, 1, collect)).toBe(n)
    expect(hits.every((h) => h === 1)).toBe(true)
    expect(collect.length).toBe(COLLECT_CAP + 1)
    // a narrow one is listed whole, in row order
    const few: number[] = []
    col.searchPrefix("e60701190000000", new Uint8Array(n), 1, few)
    expect(few).toEqual(Array.from({ length: 100 }, (_, i) => i))
  })

  it.each([35, 44, 60])("mixed-case ids longer than 32 characters stay inline, case kept (issue 16: Pix txids), slots of %i", (width) => {
    const g = new Prng(5 + width)
    const col = new PackedStringColumn({ kind: "ascii", width })
    col.ensureCapacity(20_000)
    const values: string[] = []
    for (let r = 0; r < 20_000; r++) {
      const v = width === 35 ? txidLike(g) : g.int(20) === 0 ? alnumOf(g, 32).toUpperCase() + alnumOf(g, width - 32) : alnumOf(g, width - 12 + g.int(13))
      values.push(v)
      col.set(r, v)
    }
    col.seal()
    // none spills for its case, and no case mask is held: each character's case is its byte's top bit (issue 33 item 4)
    expect(col.spilledCount).toBe(0)
    expect((col as unknown as { masks: unknown }).masks).toBe(null)
    expect(values.every((v, r) => col.get(r) === v)).toBe(true)
    const copy = col.cloneEmpty()
    copy.ensureCapacity(20_000)
    for (let r = 0; r < 20_000; r++) copy.copyRowFrom(col, r, 19_999 - r)
    expect(values.every((v, r) => copy.get(19_999 - r) === v && copy.same(19_999 - r, v))).toBe(true)
  })

  /** A column holding `n` values made by `make`, and its rows sorted by compare against the strings' own order. */
  const expectCompareLikeStrings = (col: PackedStringColumn, n: number, make: (r: number) => string) => {
    col.ensureCapacity(n)
    const values = Array.from({ length: n }, (_, r) => make(r))
    values.forEach((v, r) => col.set(r, v))
    const rows = Array.from({ length: n }, (_, i) => i)
    const byColumn = [...rows].sort((a, b) => col.compare(a, b) || a - b)
    const byString = [...rows].sort((a, b) => ((values[a] as string) < (values[b] as string) ? -1 : (values[a] as string) > (values[b] as string) ? 1 : a - b))
    expect(byColumn).toEqual(byString)
  }

  it("compare orders like the strings themselves, ascii slots with their case bits too (issue 33 item 4)", () => {
    const g = new Prng(31)
    // mixed case, the same letters in either case, shorter and longer values, punctuation around the letters' codes
    expectCompareLikeStrings(new PackedStringColumn({ kind: "ascii", width: 12 }), 3000, () =>
      g.next() < 0.3 ? alnumOf(g, 1 + g.int(4)) : g.next() < 0.5 ? `${alnumOf(g, 3)}[${alnumOf(g, 2)}@` : alnumOf(g, 1 + g.int(12))
    )
  })

  it("compare orders like the strings themselves", () => {
    const g = new Prng(3)
    expectCompareLikeStrings(new PackedStringColumn({ kind: "uuid" }), 2000, (r) =>
      g.next() < 0.1 ? uuidFrom(g).toUpperCase() : g.next() < 0.05 ? "other-" + r : uuidFrom(g)
    )
  })

  it("re-encodes as ascii when most values do not fit the uuid slot, keeping every value", () => {
    const col = new PackedStringColumn({ kind: "uuid" })
    col.ensureCapacity(5000)
    for (let r = 0; r < 5000; r++) col.set(r, `op_${r}`)
    expect(col.maybeReformat(5000, () => true)).toBe(true)
    expect(col.kind).toBe("ascii")
    expect(col.spilledCount).toBe(0)
    for (let r = 0; r < 5000; r += 7) expect(col.get(r)).toBe(`op_${r}`)
    // a prefix search after the re-encoding (its full chunk's lead bitmap comes from the new column)
    const hits = new Uint8Array(5000)
    const found: number[] = []
    col.searchPrefix("op_12", hits, 1, found)
    expect(found).toEqual(Array.from({ length: 5000 }, (_, r) => r).filter((r) => `op_${r}`.startsWith("op_12")))
  })

  it("sparse columns give slots only to rows with a value, late values included", () => {
    const g = new Prng(4)
    const col = new SparsePackedColumn({ kind: "ascii", width: 32 })
    const values: Array<string | null> = []
    for (let r = 0; r < 6000; r++) {
      const v = g.next() < 0.4 ? (randomValue(g) ?? null) : null
      values.push(v)
      col.set(r, v)
    }
    for (let i = 0; i < 300; i++) {
      const r = g.int(6000)
      const v = g.next() < 0.5 ? null : "late-" + i
      values[r] = v
      col.set(r, v)
    }
    col.seal()
    expect(values.map((_, r) => col.get(r))).toEqual(values)
    expect(values.every((v, r) => col.same(r, v))).toBe(true)
    const hits = new Uint8Array(6000)
    col.searchPrefix("late-1", hits, 1)
    expect(values.map((_, r) => hits[r] === 1)).toEqual(values.map((v) => v !== null && foldText(v).startsWith("late-1")))
    const order = Uint32Array.from({ length: 6000 }, (_, i) => 5999 - i)
    const copy = col.gather(order)
    expect(values.map((_, i) => copy.get(i))).toEqual([...values].reverse())
  })

  it("sparse columns keep each slot's row in one byte: rows found back, and slots' rows (in and out of order), across stretches of rows at any density, empty ones included (issue 33 item 4)", () => {
    const g = new Prng(41)
    for (let round = 0; round < 4; round++) {
      const col = new SparsePackedColumn({ kind: "ascii", width: 12 })
      const truth = new Map<number, string>()
      // stretches of rows at changing densities: dense, sparse, none at all across a whole 65,536 (and more)
      let row = g.int(70_000)
      while (row < 420_000) {
        const density = g.pick([0.9, 0.3, 0.002, 0])
        const end = row + 1 + g.int(90_000)
        for (; row < end; row++) {
          if (g.next() < density) {
            const v = `v${row.toString(36)}`
            truth.set(row, v)
            col.set(row, v)
          }
        }
      }
      const rows = 420_000 + 90_000
      col.seal()
      const check = (c: SparsePackedColumn) => {
        for (let k = 0; k < 3000; k++) {
          const r = g.int(rows)
          expect(c.get(r), String(r)).toBe(truth.get(r) ?? null)
        }
        for (const r of [...truth.keys()].filter(() => g.next() < 0.01)) expect(c.get(r)).toBe(truth.get(r))
        // a prefix's marks land on the rows holding it (slot → row), as startsWith finds them
        for (const q of ["v1", `v${g.int(rows).toString(36).slice(0, 3)}`, "v9z"]) {
          const hits = new Uint8Array(rows)
          const marked = c.searchPrefix(q, hits, 2)
          const want = [...truth].filter(([, v]) => v.startsWith(q)).map(([r]) => r)
          const got: number[] = []
          hits.forEach((h, r) => {
            if (h === 2) got.push(r)
          })
          expect(got, q).toEqual(want)
          expect(marked).toBe(want.length)
        }
      }
      check(col)
      check(SparsePackedColumn.revive(structuredClone(col)))
      // later rows after the seal, and a rewrite of an earlier one
      const first = [...truth.keys()][0] as number
      truth.set(first, "vrewritten")
      col.set(first, "vrewritten")
      for (let r = rows; r < rows + 70_000; r += 7) {
        truth.set(r, `v${r.toString(36)}`)
        col.set(r, `v${r.toString(36)}`)
      }
      expect(col.get(first)).toBe("vrewritten")
      expect(col.get(rows + 69_993)).toBe(truth.get(rows + 69_993))
      // slot → row asked out of order too (a search asks in slot order, from the last one found)
      const slotRows = [...truth.keys()].sort((a, b) => a - b)
      for (let k = 0; k < 2000; k++) {
        const slot = g.int(slotRows.length)
        expect(col.at(slot), `slot ${slot}`).toBe(slotRows[slot])
      }
    }
    // each slot's row in a byte (room grown by half) and a count per 256 rows and per 256 slots: 1.37 bytes a row here,
    // where 2 bytes a slot took 2.7
    const dense = new SparsePackedColumn({ kind: "ascii", width: 12 })
    for (let r = 0; r < 100_000; r++) if (g.next() < 0.9) dense.set(r, "x")
    const values = (dense as unknown as { values: PackedStringColumn }).values
    expect((dense.memoryBytes() - values.memoryBytes()) / 100_000).toBeLessThan(1.5)
  })
})

describe("engine S2 storage: id hash table", () => {
  it("finds, inserts and deletes like a Map through growth and backward-shift deletion", () => {
    const g = new Prng(5)
    const col = new PackedStringColumn({ kind: "uuid" })
    col.ensureCapacity(30_000)
    const index = new IdIndex(col)
    const truth = new Map<string, number>()
    const ids: string[] = []
    // a new id at row r: not found, then inserted where find() said
    const insert = (r: number, id: string): void => {
      ids.push(id)
      index.ensureRoom(1)
      col.prepare(id)
      const hash = col.hashPrepared()
      const slot = index.find(hash)
      expect(slot).toBeLessThan(0)
      index.insertAt(slot, r, hash)
      col.setPrepared(r)
      truth.set(id, r)
    }
    // each id's row, or undefined
    const findAll = () =>
      ids.map((id) => {
        col.prepare(id)
        const r = index.find(col.hashPrepared())
        return r >= 0 ? r : undefined
      })
    for (let r = 0; r < 30_000; r++) insert(r, g.next() < 0.05 ? `legacy-${r}` : uuidFrom(g))
    col.seal()
    for (let i = 0; i < 8000; i++) {
      const id = ids[g.int(ids.length)] as string
      const r = truth.get(id)
      if (r === undefined) continue
      index.delete(r)
      truth.delete(id)
    }
    expect(index.size).toBe(truth.size)
    expect(findAll()).toEqual(ids.map((id) => truth.get(id)))
    // rebuilt from the live rows (as after a compaction: 0.8 full), then grown past 0.85 by new rows (issue 33 item 4)
    const live = new Set(truth.values())
    index.rebuild(30_000, (r) => live.has(r))
    expect(index.size).toBe(truth.size)
    col.ensureCapacity(40_000)
    for (let r = 30_000; r < 40_000; r++) insert(r, uuidFrom(g))
    expect(findAll()).toEqual(ids.map((id) => truth.get(id)))
  }, 60_000)
})

describe("engine S3 storage: orders and compact integers", () => {
  it("radixSortRows is a stable ascending sort by integer keys (and falls back for others)", () => {
    const g = new Prng(6)
    for (const spread of [10, 1e6, 1e12, 2 ** 52]) {
      const key = Float64Array.from({ length: 5000 }, () => Math.floor(g.next() * spread) - spread / 2)
      const rows = Uint32Array.from({ length: 5000 }, (_, i) => 4999 - i)
      const expected = Array.from(rows).sort((a, b) => (key[a] as number) - (key[b] as number))
      expect(Array.from(radixSortRows(rows, key))).toEqual(expected)
    }
    const fractional = Float64Array.from([0.5, 0.25, 3, -1])
    expect(Array.from(radixSortRows(Uint32Array.from([0, 1, 2, 3]), fractional))).toEqual([3, 1, 0, 2])
  })

  it("an order index merges appends, inserts, key changes and removals like a full sort", () => {
    const g = new Prng(7)
    const key: number[] = []
    const live: boolean[] = []
    const scratch = new Uint8Array(20_000)
    const order = new OrderIndex({
      compare: (a, b) => (key[a] as number) - (key[b] as number) || a - b,
      isLive: (r) => live[r] === true,
      scratch: () => scratch,
      build: () =>
        Uint32Array.from(
          key
            .map((_, i) => i)
            .filter((i) => live[i])
            .sort((a, b) => (key[a] as number) - (key[b] as number) || a - b)
        )
    })
    const expected = (): number[] =>
      key
        .map((_, i) => i)
        .filter((i) => live[i])
        .sort((a, b) => (key[a] as number) - (key[b] as number) || a - b)
    for (let step = 0; step < 40; step++) {
      for (let i = 0; i < 300; i++) {
        const x = g.next()
        if (x < 0.6 || key.length === 0) {
          key.push(x < 0.3 ? key.length * 10 : g.int(100_000))
          live.push(true)
          order.add(key.length - 1)
        } else if (x < 0.8) {
          const r = g.int(key.length)
          if (!live[r]) continue
          key[r] = g.int(100_000)
          order.changed(r)
        } else {
          const r = g.int(key.length)
          if (!live[r]) continue
          live[r] = false
          order.remove(r)
        }
      }
      order.ensure()
      expect(Array.from(order.perm.subarray(0, order.n))).toEqual(expected())
      expect(scratch.every((b) => b === 0)).toBe(true)
    }
  })

  it("the identity order holds no array (issue 33 item 4): appended in order, compacted, restored, broken and made whole again, it answers like a full sort", () => {
    const g = new Prng(71)
    for (let round = 0; round < 12; round++) {
      const key: number[] = []
      const live: boolean[] = []
      const scratch = new Uint8Array(40_000)
      const expected = (): number[] =>
        key
          .map((_, i) => i)
          .filter((i) => live[i])
          .sort((a, b) => (key[a] as number) - (key[b] as number) || a - b)
      let order = new OrderIndex({
        compare: (a, b) => (key[a] as number) - (key[b] as number) || a - b,
        isLive: (r) => live[r] === true,
        scratch: () => scratch,
        build: () => Uint32Array.from(expected())
      })
      const check = () => {
        order.ensure()
        const want = expected()
        const isId = want.every((r, i) => r === i)
        expect(order.identity, `round ${round}`).toBe(isId)
        // every way of reading the order agrees; the identity order holds nothing of its own
        expect(Array.from(order.perm.subarray(0, order.n))).toEqual(want)
        expect(Array.from({ length: order.n }, (_, i) => order.rowAt(i))).toEqual(want)
        if (isId) expect([order.memoryBytes(), order.ownRows.length]).toEqual([0, 0])
        else expect(Array.from(order.ownRows.subarray(0, order.n))).toEqual(want)
      }
      const append = (k: number) => {
        key.push(k)
        live.push(true)
        order.add(key.length - 1)
      }
      // rows in order from the first: the identity all along
      for (let i = 0; i < 500 + g.int(2000); i++) append(i * 10)
      check()
      expect(order.identity).toBe(true)
      // an out-of-order row, key changes or removals (or none), then compaction's identity
      const x = g.int(4)
      if (x === 0) append(g.int(key.length * 10))
      if (x === 1)
        for (let k = 0; k < 20; k++) {
          const r = g.int(key.length)
          key[r] = g.int(key.length * 10)
          order.changed(r)
        }
      if (x === 2) {
        live[g.int(key.length)] = false
        order.remove(live.lastIndexOf(false))
      }
      check()
      // through the image: a structured clone of the state, restored in a new order
      const state = structuredClone(order.state())
      order = new OrderIndex({
        compare: (a, b) => (key[a] as number) - (key[b] as number) || a - b,
        isLive: (r) => live[r] === true,
        scratch: () => scratch,
        build: () => Uint32Array.from(expected())
      })
      order.restore(state)
      check()
      for (let i = 0; i < 300; i++) append(key.length * 10 + (g.next() < 0.05 ? -g.int(5000) : 0))
      check()
      expect(scratch.every((b) => b === 0)).toBe(true)
    }
  })

  it("Q10 amount bands: every band's bounds are exact (bandOf of its least and greatest amount is the band), up to the largest safe integer", () => {
    for (let b = 0; b < AMOUNT_BANDS - 1; b++) {
      expect(bandOf(bandLow(b)), `band ${b}`).toBe(b)
      expect(bandOf(bandLow(b + 1) - 1), `band ${b}`).toBe(b)
      expect(bandLow(b + 1)).toBeGreaterThan(bandLow(b))
    }
    expect(bandOf(Number.MAX_SAFE_INTEGER)).toBe(AMOUNT_BANDS - 1)
    // against a naive band: 0–3 alone, then (leading bit, the next two bits) by BigInt
    const g = new Prng(31)
    const naiveBand = (a: number): number => {
      if (a < 4) return a
      const x = BigInt(a)
      const bits = x.toString(2).length - 1
      return 4 + 4 * (bits - 2) + Number((x >> BigInt(bits - 2)) & 3n)
    }
    for (let i = 0; i < 5000; i++) {
      const a = g.next() < 0.5 ? g.int(1_000_000) : Math.floor(g.next() * 2 ** (1 + g.int(53)))
      expect(bandOf(a), String(a)).toBe(naiveBand(a))
    }
  })

  it("a compact integer column keeps every integer exact, in Int32 or beyond", () => {
    const g = new Prng(8)
    const col = new CompactIntColumn(5000)
    const truth: number[] = []
    for (let r = 0; r < 5000; r++) {
      const v = g.next() < 0.02 ? 2 ** 40 + g.int(1000) : g.int(2_000_000) - 1_000_000
      truth.push(v)
      col.set(r, v)
    }
    expect(truth.map((_, r) => col.get(r))).toEqual(truth)
    // sumRows (sumInts' sum over a match list, of the rows whose code counts: D-gateway-sums) against the naive sum of
    // get, wide values included
    const code = Uint16Array.from({ length: 8000 }, () => g.int(4))
    const counted = Uint8Array.from([1, 0, 2, 0])
    const all1 = new Uint8Array(4).fill(1)
    const naiveSum = (c: CompactIntColumn, rows: ArrayLike<number>, ok: Uint8Array) =>
      Array.from(rows).reduce((s, r) => s + (ok[code[r] as number] !== 0 ? c.get(r) : 0), 0)
    for (let k = 0; k < 20; k++) {
      const rows = Uint32Array.from({ length: g.int(3000) }, () => g.int(5000))
      expect(col.sumRows(rows, code, all1)).toBe(naiveSum(col, rows, all1))
      expect(col.sumRows(rows, code, counted)).toBe(naiveSum(col, rows, counted))
    }
    // past 1/16 of wide values it turns into a Float64Array, still exact
    for (let r = 0; r < 2000; r++) {
      truth[r] = -(2 ** 50) + r
      col.set(r, truth[r] as number)
    }
    col.grow(8000, 5000)
    expect(truth.map((_, r) => col.get(r))).toEqual(truth)
    const all = Uint32Array.from({ length: 5000 }, (_, i) => i)
    expect(col.sumRows(all, code, all1)).toBe(naiveSum(col, all, all1))
    expect(col.sumRows(all, code, counted)).toBe(naiveSum(col, all, counted))
    const order = Uint32Array.from({ length: 5000 }, (_, i) => 4999 - i)
    const copy = col.gather(order, 5000)
    expect(truth.map((_, i) => copy.get(i))).toEqual([...truth].reverse())
  })

  it("a compact integer column starts a byte wide and widens at the first value that does not fit, every value kept (issue 33 item 4)", () => {
    const g = new Prng(81)
    for (let round = 0; round < 40; round++) {
      const n = 1 + g.int(3000)
      const col = new CompactIntColumn(n)
      const truth = new Array<number>(n).fill(0)
      // most values small, some of each wider range, in a random order of arrival (rewrites included)
      const limits = [100, 30_000, 2_000_000_000, 2 ** 45]
      const top = g.int(limits.length)
      for (let k = 0; k < n * 2; k++) {
        const r = g.int(n)
        const lim = limits[g.next() < 0.9 ? 0 : g.int(top + 1)] as number
        const v = Math.floor(g.next() * 2 * lim) - lim
        truth[r] = v
        col.set(r, v)
      }
      expect(truth.map((_, r) => col.get(r))).toEqual(truth)
      const all = Uint32Array.from({ length: n }, (_, i) => i)
      expect(col.sumRows(all, new Uint16Array(n), Uint8Array.of(1))).toBe(truth.reduce((a, b) => a + b, 0))
      // as narrow as the widest value written needs (Int8, Int16, then Int32 with exact wide values aside)
      const widest = Math.max(...truth.map(Math.abs), 0)
      const bytes = col.memoryBytes()
      if (widest <= 100) expect(bytes).toBe(n)
      col.grow(n + 10, n)
      const copy = col.gather(
        Uint32Array.from({ length: n }, (_, i) => n - 1 - i),
        n
      )
      expect(truth.map((_, i) => copy.get(i))).toEqual([...truth].reverse())
    }
    const small = new CompactIntColumn(1000)
    for (let r = 0; r < 1000; r++) small.set(r, (r % 250) - 125)
    expect(small.memoryBytes()).toBe(1000)
    small.set(7, 1000)
    expect(small.memoryBytes()).toBe(2000)
    small.set(8, 100_000)
    expect(small.memoryBytes()).toBe(4000)
    expect(small.get(7)).toBe(1000)
    expect(small.get(8)).toBe(100_000)
    expect(small.get(9)).toBe(9 - 125)
  })
})
