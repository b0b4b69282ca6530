/**
 * The interned text dictionary's search (features §2 statements and gateway text filter; issue 16
 * `gateway-filter-1m`): the joined-block `indexOf` search and the character-set skip answer exactly
 * what the naive reference answers (every entry's folded form tested with `includes`, plus the
 * digits form for documents), over generated dictionaries that span several 4096-entry blocks and a
 * partial last block, with accents, case, punctuation, repeated values, and queries that hit the
 * start, the end and the middle of entries, or no entry at all — both through the blocks and
 * through the trigram postings (and a document's four-digit postings) of a large dictionary (made
 * small here with `gramsFrom`), whose entries may arrive after the postings were built.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { InternDictionary } from "./intern-dictionary.ts"
import { digitsOnly, documentDigitsOf, foldText } from "../../schema/text-fold.ts"

const WORDS = ["Silva", "JOÃO", "maria", "Souza", "Comércio", "Ltda", "PED-", "Lima & Filhos", "ção", "São", "x", "0001"]
const value = (g: Prng): string => {
  switch (g.int(0, 3)) {
    case 0:
      return `${g.pick(WORDS)} ${g.pick(WORDS)}${g.chance(0.3) ? ` ${g.alnum(3)}` : ""}`
    case 1:
      return `${g.digits(3)}.${g.digits(3)}.${g.digits(3)}-${g.digits(2)}` // a CPF as shown
    case 2:
      return `PED-${g.digits(7)}`
    default:
      return g.chance(0.1) ? "" : g.alnum(g.int(1, 12))
  }
}
const naive = (values: ReadonlyArray<string>, folded: string, digits: string | null): number[] => {
  const out: number[] = []
  values.forEach((v, i) => {
    if ((folded.length > 0 && foldText(v).includes(folded)) || (digits !== null && digits.length > 0 && digitsOnly(v).includes(digits))) out.push(i)
  })
  return out
}
const searched = (d: InternDictionary, folded: string, digits: string | null): number[] => {
  const hits = new Uint8Array(d.size + 7).fill(9) // stale marks from an earlier search must be cleared
  // the entries listed as they are marked (sync/SPEC.md Q9): each marked one once, or cap + 1 of them
  const list = { entries: [] as number[], cap: 50 }
  const n = d.search(folded, digits, hits, list)
  const out: number[] = []
  for (let i = 0; i < d.size; i++) if (hits[i] === 1) out.push(i)
  expect(n).toBe(out.length)
  if (out.length <= list.cap) expect([...list.entries].sort((a, b) => a - b)).toEqual(out)
  else expect(list.entries.length).toBe(list.cap + 1)
  return out
}

describe("features §2 text filter: InternDictionary.search against a naive includes", () => {
  it("matches the reference on generated dictionaries over several blocks, growing between searches", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const g = new Prng(seed)
      const withDigits = seed !== 2
      // seeds 4 and 5: trigram postings from 1000 entries on (the default is 32k)
      const d = new InternDictionary({ withDigits, ...(seed >= 4 ? { gramsFrom: 1000 } : {}) })
      const distinct: string[] = []
      for (const size of [10, 4095, 4097, 9000, 13_000]) {
        while (distinct.length < size) {
          const v = value(g)
          const i = d.intern(v)
          if (i === distinct.length) distinct.push(v)
          else expect(distinct[i]).toBe(v) // a value seen before keeps its index
        }
        // blocks joined ahead (the projection's optimize) or at the first search: the same answers
        if (g.chance(0.5)) d.prepareSearch()
        for (let q = 0; q < 60; q++) {
          const from = distinct[g.int(0, distinct.length - 1)] as string
          const start = g.int(0, from.length)
          const raw = g.chance(0.15) ? g.pick(["zzzz", "q9", "ÿ", "-", " ", "ç", "á"]) : from.slice(start, start + g.int(1, 6))
          const folded = foldText(raw.trim())
          const digits = withDigits ? documentDigitsOf(raw.trim()) : null
          expect(searched(d, folded, digits), `seed ${seed} size ${size} query ${JSON.stringify(raw)}`).toEqual(naive(distinct, folded, digits))
        }
      }
    }
  })

  it("trigram and four-digit postings (a large dictionary): documents and references found by any part, as includes finds them", () => {
    const g = new Prng(11)
    const d = new InternDictionary({ withDigits: true, gramsFrom: 2000 })
    const distinct: string[] = []
    const docs = (): string =>
      g.chance(0.5) ? `${g.digits(3)}.${g.digits(3)}.${g.digits(3)}-${g.digits(2)}` : `${g.digits(2)}.${g.digits(3)}.${g.digits(3)}/0001-${g.digits(2)}`
    for (const size of [1999, 2000, 6000, 9001]) {
      while (distinct.length < size) {
        // a few documents of three digits or fewer: no four-digit gram (tested on their own for three-digit queries)
        const v = g.chance(0.03) ? `Doc ${g.digits(g.int(0, 3))}` : g.chance(0.2) ? `PED-${g.digits(7)}` : docs()
        if (d.intern(v) === distinct.length) distinct.push(v)
      }
      for (let q = 0; q < 120; q++) {
        const from = distinct[g.int(0, distinct.length - 1)] as string
        const start = g.int(0, from.length - 1)
        // three digits or more read the four-digit postings: three (the twenty grams around them, untested), one gram exactly ("0001", untested), or more (tested)
        const raw = g.chance(0.2)
          ? g.pick(["0001", "000", "ped-", "999999", "/0001-", "12", "0000", "00010", "10001", g.digits(3), g.digits(3), g.digits(4), g.digits(5), "1234.5"])
          : from.slice(start, start + g.int(3, 9))
        const folded = foldText(raw)
        const digits = documentDigitsOf(raw)
        expect(searched(d, folded, digits), `size ${size} query ${JSON.stringify(raw)}`).toEqual(naive(distinct, folded, digits))
      }
    }
    // the postings are counted in the dictionary's memory
    const small = new InternDictionary({ withDigits: true })
    for (const v of distinct) small.intern(v)
    small.search("123", "123", new Uint8Array(small.size))
    expect(d.memoryBytes()).toBeGreaterThan(small.memoryBytes())
  })

  it("issue 33 item 4: after a load of nearly unique texts a dictionary that may stop deduplicating does; rows keep their entries, repeats are new entries, search and lookup answer as the reference", () => {
    for (const seed of [31, 32]) {
      const g = new Prng(seed)
      const d = new InternDictionary({ withDigits: false, gramsFrom: 2000, mayStopDeduplicating: true })
      const keeps = new InternDictionary({ withDigits: false, gramsFrom: 2000 })
      // the rows' texts (a reference per row, a few repeated) and each row's entry
      const rows: string[] = []
      const entryOf: number[] = []
      const entries: string[] = []
      const write = (row: number, text: string): void => {
        const e = d.intern(text, row < entryOf.length ? (entryOf[row] as number) : -1)
        if (e === entries.length) entries.push(text)
        expect(entries[e]).toBe(text)
        rows[row] = text
        entryOf[row] = e
        keeps.intern(text)
      }
      for (let r = 0; r < 5000; r++) write(r, g.chance(0.02) && r > 0 ? (rows[g.int(0, r - 1)] as string) : `PED-${g.digits(7)}`)
      expect(d.deduplicates).toBe(true)
      d.prepareSearch()
      keeps.prepareSearch()
      // ≥ 90 % distinct: it stops; a dictionary without the option goes on deduplicating
      expect([d.deduplicates, keeps.deduplicates]).toEqual([false, true])
      expect(d.memoryBytes()).toBeLessThan(keeps.memoryBytes())
      for (let k = 0; k < 3000; k++) {
        const r = g.int(0, rows.length + 10)
        const before = entryOf[r]
        const same = r < rows.length && g.chance(0.5)
        // an unchanged row keeps its entry (no new one); a changed or new row gets a new entry, even for a known text
        const text = same ? (rows[r] as string) : g.chance(0.3) ? (rows[g.int(0, rows.length - 1)] as string) : `PED-${g.digits(7)}`
        const size = d.size
        write(Math.min(r, rows.length), text)
        if (same) expect([entryOf[r], d.size]).toEqual([before, size])
        else expect(d.size).toBe(size + 1)
      }
      for (let q = 0; q < 80; q++) {
        const from = entries[g.int(0, entries.length - 1)] as string
        const start = g.int(0, from.length - 1)
        const folded = foldText(g.chance(0.2) ? g.pick(["ped-", "000", "zz", "1"]) : from.slice(start, start + g.int(1, 7)))
        expect(searched(d, folded, null), `seed ${seed} query ${folded}`).toEqual(naive(entries, folded, null))
      }
      for (let q = 0; q < 20; q++) {
        const text = g.chance(0.8) ? (entries[g.int(0, entries.length - 1)] as string) : "PED-none"
        expect(d.lookup(text)).toBe(entries.indexOf(text) < 0 ? undefined : entries.indexOf(text))
      }
    }
    // mostly repeated texts: it goes on deduplicating
    const d = new InternDictionary({ withDigits: false, gramsFrom: 2000, mayStopDeduplicating: true })
    for (let r = 0; r < 6000; r++) d.intern(`PED-${r % 3000}`)
    d.prepareSearch()
    expect([d.deduplicates, d.size]).toEqual([true, 3000])
  })

  it("matcher (the lazy search of engine Q5 rows first) answers each entry as the naive includes does, in any order, memo kept", () => {
    for (const seed of [21, 22]) {
      const g = new Prng(seed)
      const withDigits = seed === 21
      const d = new InternDictionary({ withDigits, gramsFrom: 1000 })
      const distinct: string[] = []
      while (distinct.length < 6000) {
        const v = value(g)
        if (d.intern(v) === distinct.length) distinct.push(v)
      }
      for (let q = 0; q < 80; q++) {
        const from = distinct[g.int(0, distinct.length - 1)] as string
        const start = g.int(0, from.length)
        const raw = g.chance(0.15) ? g.pick(["zzzz", "q9", "ÿ", "-", "ç", "á", "1", "00", ".1"]) : from.slice(start, start + g.int(1, 4))
        const folded = foldText(raw.trim())
        const digits = withDigits ? documentDigitsOf(raw.trim()) : null
        const want = new Set(naive(distinct, folded, digits))
        const memo = new Uint8Array(d.size)
        const test = d.matcher(folded, digits, memo)
        // entries visited in a random order, some twice (the memo answers the second time); the mismatches are
        // gathered and compared once (an expect per entry was 480,000 of them: most of this file's 11 s)
        const wrong: string[] = []
        for (let k = 0; k < 3000; k++) {
          const i = g.int(0, d.size - 1)
          if (test(i) !== want.has(i)) wrong.push(`seed ${seed} query ${JSON.stringify(raw)} entry ${JSON.stringify(distinct[i])}: ${!want.has(i)}`)
          // (a query no entry can hold answers without reading the entries, nor the memo)
          if (want.size > 0 && memo[i] !== (want.has(i) ? 1 : 2)) wrong.push(`seed ${seed} query ${JSON.stringify(raw)} entry ${i}: memo ${memo[i]}`)
        }
        expect(wrong).toEqual([])
        // and the same answers as search, entry by entry
        const all = searched(d, folded, digits)
        for (const i of all) expect(test(i)).toBe(true)
      }
    }
  })

  it("a query with a character no entry has marks nothing; an empty query marks nothing", () => {
    const d = new InternDictionary({ withDigits: true })
    for (let i = 0; i < 5000; i++) d.intern(`${String(i).padStart(3, "0")}.${i % 997}-9`)
    expect(searched(d, "silva", null)).toEqual([])
    expect(searched(d, "", null)).toEqual([])
    expect(searched(d, "12", "12")).toEqual(
      naive(
        Array.from({ length: 5000 }, (_, i) => `${String(i).padStart(3, "0")}.${i % 997}-9`),
        "12",
        "12"
      )
    )
  })

  it("D-packed-dictionaries: values come back as interned across full blocks and the one being filled, and after a structured clone (the reopen image)", () => {
    const g = new Prng(9)
    const d = new InternDictionary({ withDigits: true, gramsFrom: 1000 })
    const distinct: string[] = []
    // with NUL, accents, the empty string and a value that is a prefix of another
    for (const v of ["", "a\u0000b", "João", "Jo", "PED-0000001", "PED-000000"]) distinct.push(v)
    for (const v of distinct) d.intern(v)
    while (distinct.length < 9000) {
      const v = value(g)
      if (d.intern(v) === distinct.length) distinct.push(v)
    }
    const check = (x: InternDictionary, upto: number) => {
      for (let i = 0; i < upto; i++) {
        expect(x.value(i)).toBe(distinct[i])
        expect(x.lookup(distinct[i] as string)).toBe(i)
      }
      expect(x.lookup("Joã")).toBeUndefined()
      expect(x.lookup("PED-00000")).toBeUndefined()
      expect(() => x.value(upto)).toThrow(RangeError)
    }
    check(d, 9000)
    const revived = InternDictionary.revive(structuredClone(d))
    check(revived, 9000)
    expect(searched(revived, "ped-00001", null)).toEqual(naive(distinct, "ped-00001", null))
    // interning goes on after the clone: old values keep their index, new ones follow
    while (distinct.length < 13_000) {
      const v = value(g)
      const i = revived.intern(v)
      if (i === distinct.length) distinct.push(v)
      else expect(distinct[i]).toBe(v)
    }
    check(revived, 13_000)
    expect(searched(revived, "silva", null)).toEqual(naive(distinct, "silva", null))
  })
})

describe("a folded block the same text as its values' (issue 33 item 4)", () => {
  it("is kept once — also through the image — and searches, reads and counts as before", () => {
    const g = new Prng(44)
    const docs = Array.from({ length: 3 * 4096 + 77 }, (_, i) =>
      i % 5 === 0 ? `${g.digits(2)}.${g.digits(3)}.${g.digits(3)}/0001-${g.digits(2)}` : `${g.digits(3)}.${g.digits(3)}.${g.digits(3)}-${g.digits(2)}`
    )
    // a block with one entry folding to another text is kept twice
    docs[4096 + 9] = "Sem Documento"
    const d = new InternDictionary({ withDigits: true })
    for (const s of docs) d.intern(s)
    type Inner = { values: { blocks: object[] }; folded: { blocks: object[] } }
    const same = (x: InternDictionary) => (x as unknown as Inner).folded.blocks.map((b, k) => b === (x as unknown as Inner).values.blocks[k])
    expect(same(d)).toEqual([true, false, true])
    const back = InternDictionary.revive(structuredClone(d))
    expect(same(back)).toEqual([true, false, true])
    for (const x of [d, back]) {
      docs.forEach((s, i) => expect(x.value(i)).toBe(s))
      for (const q of ["0001", "123", ".4", "sem", "documento", "-9"])
        expect(searched(x, foldText(q), documentDigitsOf(q))).toEqual(naive(docs, foldText(q), documentDigitsOf(q)))
    }
    // the shared blocks are counted once: about one block's text and offsets less than three copies
    const twice = new InternDictionary({ withDigits: true })
    for (const s of docs) twice.intern(`${s}Aa`) // folds to "...aa", neither its text nor its upper case: no block shared
    expect(twice.memoryBytes() - d.memoryBytes()).toBeGreaterThan(2 * 4096 * 14)
  })
})

describe("values kept as their folded block upper-cased, digits as their values (issue 33 item 4)", () => {
  type Store = { blocks: object[]; upper: boolean[] }
  type Inner = { values: Store; folded: Store; digits: Store | null }
  const inner = (x: InternDictionary) => x as unknown as Inner

  it("order references: one text for values and folded forms, read back and found exactly, also through the image", () => {
    const g = new Prng(45)
    const refs = Array.from({ length: 3 * 4096 + 123 }, (_, i) => `PED-${String(i * 7 + g.int(0, 6)).padStart(7, "0")}`)
    // a block with one entry not all upper case keeps its own values
    refs[4096 + 17] = "Ped-manual"
    const d = new InternDictionary({ withDigits: false })
    refs.forEach((s, i) => expect(d.intern(s)).toBe(i))
    const shared = (x: InternDictionary) => inner(x).values.blocks.map((b, k) => b === inner(x).folded.blocks[k] && inner(x).values.upper[k] === true)
    expect(shared(d)).toEqual([true, false, true])
    const back = InternDictionary.revive(structuredClone(d))
    expect(shared(back)).toEqual([true, false, true])
    for (const x of [d, back]) {
      refs.forEach((s, i) => expect(x.value(i)).toBe(s))
      // found again by its exact text only: the lower case is another string
      refs.forEach((s, i) => expect(x.lookup(s)).toBe(i))
      expect(x.lookup("ped-0000007")).toBeUndefined()
      expect(x.lookup(refs[5]?.toLowerCase() as string)).toBeUndefined()
      for (const q of ["ped-00001", "0004", "manual", "d-0"]) expect(searched(x, q, null)).toEqual(naive(refs, q, null))
    }
    // one copy of the text where there were two
    const apart = new InternDictionary({ withDigits: false })
    for (const s of refs) apart.intern(`${s}ç`) // not ASCII: nothing shared
    expect(apart.memoryBytes() - d.memoryBytes()).toBeGreaterThan(2 * 4096 * 12)
    // blocks of references all one length share one array of offsets (issue 33 item 4), in the image too; the block with
    // "Ped-manual" keeps its own
    const starts = (x: InternDictionary) => inner(x).folded.blocks.map((b) => (b as { starts: unknown }).starts)
    expect([starts(d)[0] === starts(d)[2], starts(d)[0] === starts(d)[1]]).toEqual([true, false])
    expect([starts(back)[0] === starts(back)[2], starts(back)[0] === starts(d)[0]]).toEqual([true, true])
    const uneven = new InternDictionary({ withDigits: false })
    refs.forEach((s, i) => uneven.intern(i % 4096 === 5 ? `${s}x` : s))
    expect(uneven.memoryBytes() - d.memoryBytes()).toBeGreaterThan(2 * 4096 * 2)
  })

  it("documents of digits alone: values, folded forms and digits one block", () => {
    const g = new Prng(46)
    const docs = Array.from({ length: 2 * 4096 + 5 }, (_, i) => (i % 3 === 0 ? g.digits(14) : g.digits(11)))
    docs[9] = "123.456.789-09"
    const d = new InternDictionary({ withDigits: true })
    for (const s of docs) d.intern(s)
    const x = inner(d)
    expect(x.digits?.blocks.map((b, k) => b === x.values.blocks[k] && b === x.folded.blocks[k])).toEqual([false, true])
    for (const y of [d, InternDictionary.revive(structuredClone(d))]) {
      docs.forEach((s, i) => expect(y.value(i)).toBe(s))
      for (const q of ["0001", "123", "12345678", "789-0"])
        expect(searched(y, foldText(q), documentDigitsOf(q))).toEqual(naive(docs, foldText(q), documentDigitsOf(q)))
    }
  })
})

describe("postings cut to their bytes after a bulk load, then grown by later entries (issue 33 item 4)", () => {
  it("every later entry is found by each of its four-digit grams and by three of its digits, as includes finds it", () => {
    const g = new Prng(47)
    const d = new InternDictionary({ withDigits: true, gramsFrom: 500 })
    const docs: string[] = []
    const add = (v: string) => {
      if (d.intern(v) === docs.length) docs.push(v)
    }
    // few entries over 10,000 buckets: most buckets hold one or two gaps, cut to one or two bytes by prepareSearch
    while (docs.length < 600) add(g.digits(11))
    d.prepareSearch()
    // later documents among many other entries (no four digits in a row): gaps of two or three bytes written into those cut buckets
    for (let i = 0; i < 40_000; i++) add(g.chance(0.02) ? g.digits(11) : `doc ${g.alnum(6)}`)
    const late = docs.filter((v, i) => i >= 600 && /^\d+$/.test(v))
    expect(late.length).toBeGreaterThan(500)
    for (const v of late.slice(0, 120)) {
      const at = g.int(0, v.length - 4)
      for (const q of [v.slice(at, at + 4), v.slice(at, at + 3)]) expect(searched(d, q, q), q).toEqual(naive(docs, q, q))
    }
  })
})

describe("trigram buckets too common to be read are dropped after a bulk load (issue 33 item 4)", () => {
  it("order references sharing a prefix: found as includes finds them before and after later entries, the prefix's postings not kept", () => {
    const g = new Prng(53)
    const refs = new InternDictionary({ withDigits: false, gramsFrom: 1000 })
    const bare = new InternDictionary({ withDigits: false, gramsFrom: 1000 })
    const all: string[] = []
    const add = (v: string) => {
      if (refs.intern(v) === all.length) all.push(v)
    }
    for (let i = 0; i < 20_000; i++) {
      const seq = g.digits(7)
      add(`PED-${seq}`)
      bare.intern(seq)
    }
    refs.prepareSearch()
    bare.prepareSearch()
    // "ped", "ed-" and "d-0"… are in every entry: their buckets go; the digits' grams stay, as for the bare numbers
    const extra = (refs.memoryBytes() - bare.memoryBytes()) / all.length
    // the prefix's 4 characters (values and folded forms share one text) and the postings of "d-1" and "-12" (up to 2 bytes
    // each here): 8.4 bytes an entry; with the buckets of "ped" and "ed-" kept, 10.4
    expect(extra).toBeLessThan(4 + 5)
    const queries = (): string[] => {
      const from = all[g.int(0, all.length - 1)] as string
      const at = g.int(0, from.length - 3)
      return ["ped", "ped-", "ed-", "d-0", "ped-0", "-00", from.slice(at, at + 3), from.slice(at, at + 5), from.slice(0, 6), g.alnum(3)]
    }
    for (let k = 0; k < 40; k++) for (const q of queries()) expect(searched(refs, foldText(q), null), q).toEqual(naive(all, foldText(q), null))
    // later entries: some with the dropped grams, some without any prefix at all (the bucket keeps counting, lists none)
    for (let i = 0; i < 30_000; i++) add(g.chance(0.3) ? `PED-${g.digits(7)}` : `nf ${g.digits(6)}`)
    for (let k = 0; k < 40; k++)
      for (const q of [...queries(), "nf ", "f 1"]) expect(searched(refs, foldText(q), null), q).toEqual(naive(all, foldText(q), null))
  })
})

describe("a block's offsets two bytes wide while its text is under 64 KB, four past it (issue 33 item 4)", () => {
  it("blocks of short and of long entries, one after the other: values, searches and the image as the naive reference", () => {
    const g = new Prng(61)
    const d = new InternDictionary({ withDigits: false })
    const all: string[] = []
    // 4096 entries a block: a dozen characters (~53 KB of text), then forty (~168 KB), then short again
    for (const len of [12, 40, 12, 40]) {
      const target = all.length + 4096
      while (all.length < target) {
        const v = `${g.alnum(len - 4)}${g.digits(4)}`
        if (d.intern(v) === all.length) all.push(v)
      }
    }
    expect(all.length).toBe(4 * 4096)
    const blocks = (d as unknown as { values: { blocks: Array<{ starts: { BYTES_PER_ELEMENT: number } }> } }).values.blocks
    expect(blocks.map((b) => b.starts.BYTES_PER_ELEMENT)).toEqual([2, 4, 2, 4])
    const revived = InternDictionary.revive(structuredClone(d))
    for (const dict of [d, revived]) {
      for (let k = 0; k < 400; k++) {
        const i = g.int(0, all.length - 1)
        expect(dict.value(i)).toBe(all[i])
        expect(dict.lookup(all[i] as string)).toBe(i)
      }
      for (let k = 0; k < 40; k++) {
        const from = all[g.int(0, all.length - 1)] as string
        const at = g.int(0, from.length - 3)
        const q = foldText(from.slice(at, at + g.int(2, 5)))
        expect(searched(dict, q, null), q).toEqual(naive(all, q, null))
      }
    }
  })
})
