/**
 * Interned strings for the low-cardinality text columns of the statement projection
 * (descriptions, counterparty names and documents, wallet ids) — DESIGN "Large data": rows
 * hold a Uint32 index; the text lives once here with its folded form, so a text filter tests
 * each distinct string once (thousands) instead of each row (a million). Features §2 statements.
 *
 * Some tables have a text column with one distinct string per row (the gateway's order references
 * and payer documents: a million each), where testing each string with `includes` costs 100–300 ms.
 * So the search (issue 16 `gateway-filter-1m`, 16 ms):
 *  - skips a dictionary outright when the query has a character none of its strings has (an ASCII
 *    bitmap kept at intern: "silva" never looks at documents made of digits and punctuation);
 *  - reads full blocks of 4096 entries as one string joined by NUL, searched with the engine's
 *    `indexOf` (a fast scan over one flat one-byte string), and maps each hit back to its entry
 *    through the block's start offsets; only the last, partial block is tested entry by entry.
 *
 * The strings themselves are kept that way too (`StringStore`): the values as interned, their folded
 * forms and a document's digits, each as full blocks joined by NUL plus the entries of the block
 * being filled — not one heap string per entry. With a million references and documents the
 * engine's heap held some four million small strings, and every full collection walked them: 150–180
 * ms in Node, pauses of ~100 ms in the page's worker between two keystrokes (D-packed-dictionaries).
 * A value is sliced out of its block when a row is shown; a match test reads the block in place.
 *
 * A large dictionary (≥ 32k entries: a million payer documents or order references) also keeps
 * trigram postings (`Grams`, below): a query of three characters or more reads the entries listed
 * under its rarest trigram and tests only those, instead of every entry's text (`indexOf` over
 * 13 MB of digits took 13–23 ms: the gateway's "123" and "1234" keystrokes, issue 16). A query
 * whose rarest trigram is in more than 1/8 of the entries still reads the blocks. A document's digits
 * keep exact four-digit postings instead (DIGIT_4GRAMS: a CNPJ's "0001" is in 30 % of them), which
 * answer three digits too.
 *
 * The string → index lookup is an open-addressing table of typed arrays rather than a `Map`: with a
 * million distinct strings a `Map` costs ~50 bytes per entry and most of the load time of a gateway
 * sync (issue 16 `gateway-sync-1m`); typed arrays cost ~6.7 bytes per entry after a bulk load (slots
 * 70 % full, and a byte of each hash) and the collector never walks them.
 */
import { digitsOnly, foldText, stringBytes } from "../../schema/text-fold.ts"
import { DIGIT_4GRAMS, Grams, GRAMS_SHARE_SHIFT, listHit, TRIGRAMS, type HitList } from "./gram-postings.ts"

export type { HitList }

/** Per-entry overhead of the Map entry and the array slots, estimated for memoryBytes(). */
const ENTRY_OVERHEAD = 12
const BLOCK_SHIFT = 12
const BLOCK = 1 << BLOCK_SHIFT
const SEP = "\u0000"

/**
 * One full block of entries joined by NUL, and where each entry starts in it (BLOCK + 1 offsets): two bytes each while
 * the block's text is under 64 KB (4096 order references or documents of a dozen characters: ~50 KB), four past it.
 * Four bytes for every offset took 2 bytes a row more for each of the gateway's references and documents (issue 33 item 4).
 * A block whose entries are all one length (4096 order references "PED-0001234") shares one array of offsets with every
 * such block of that length (`evenStarts`): 2 bytes a row less (issue 33 item 4).
 */
interface Block {
  readonly text: string
  readonly starts: Uint16Array | Uint32Array
}

/** The offsets of a block of entries all `stride` - 1 long, one array for every such block (never written to). */
const evenStartsOf = new Map<number, Uint16Array | Uint32Array>()
const evenStarts = (stride: number): Uint16Array | Uint32Array => {
  let starts = evenStartsOf.get(stride)
  if (starts === undefined) {
    starts = stride * BLOCK <= 0xffff ? new Uint16Array(BLOCK + 1) : new Uint32Array(BLOCK + 1)
    for (let k = 0; k <= BLOCK; k++) starts[k] = k * stride
    evenStartsOf.set(stride, starts)
  }
  return starts
}
/** The bytes a block's offsets take of its own (none for shared even offsets). */
const startsBytes = (b: Block): number => (evenStartsOf.get(b.starts[1] as number) === b.starts ? 0 : b.starts.byteLength)

/** A full block's entries joined by NUL, with where each starts. */
const joinBlock = (part: ReadonlyArray<string>): Block => {
  let length = 0
  const first = (part[0] as string).length
  let even = part.length === BLOCK
  for (let k = 0; k < part.length; k++) {
    const n = (part[k] as string).length
    length += n + 1
    if (n !== first) even = false
  }
  if (even) return { text: part.join(SEP) + SEP, starts: evenStarts(first + 1) }
  const starts = length <= 0xffff ? new Uint16Array(BLOCK + 1) : new Uint32Array(BLOCK + 1)
  let at = 0
  for (let k = 0; k < part.length; k++) {
    starts[k] = at
    at += (part[k] as string).length + 1
  }
  starts[part.length] = at
  return { text: part.join(SEP) + SEP, starts }
}

/** Marks every entry of `block` (entries base…) whose text contains `q`; returns the new hits. */
const searchBlock = (block: Block, base: number, q: string, hits: Uint8Array, list: HitList | null): number => {
  const { text, starts } = block
  let count = 0
  let from = text.indexOf(q)
  // hits come in order, so the entry of the next one is at or after `next`; a frequent query
  // (a CNPJ's "0001") hits the very next entries, found by one comparison rather than a search
  let next = 0
  while (from >= 0) {
    // the entry holding position `from`: the last start ≤ from — a few entries on at most when hits are dense
    // ("ped-" in every order reference), found by stepping; further, by a binary search
    let lo = next
    for (let step = 0; step < 8 && (starts[lo + 1] as number) <= from; step++) lo++
    if ((starts[lo + 1] as number) <= from) {
      let hi = BLOCK
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1
        if ((starts[mid] as number) <= from) lo = mid
        else hi = mid
      }
    }
    next = lo + 1
    if (hits[base + lo] === 0) {
      hits[base + lo] = 1
      listHit(list, base + lo)
      count++
    }
    from = text.indexOf(q, starts[lo + 1] as number)
  }
  return count
}

/** Whether text[start, end) contains `q` (no string is made). */
const spanIncludes = (text: string, start: number, end: number, q: string): boolean => {
  const m = q.length
  if (m === 0) return true
  const c0 = q.charCodeAt(0)
  for (let p = start, last = end - m; p <= last; p++) {
    if (text.charCodeAt(p) !== c0) continue
    let k = 1
    while (k < m && text.charCodeAt(p + k) === q.charCodeAt(k)) k++
    if (k === m) return true
  }
  return false
}

/**
 * Append-only strings kept as full blocks of BLOCK entries joined by NUL (one heap string and one
 * Uint32Array per block) plus the entries of the block being filled. A million distinct strings are
 * ~250 heap objects rather than a million: the collector's full pauses in the engine's worker were
 * ~150 ms with one string per entry (D-packed-dictionaries). The blocks are what the search reads.
 */
class StringStore {
  readonly blocks: Block[] = []
  tail: string[] = []
  /** Bytes of the blocks' text and offsets (the tail is counted by its strings). */
  blockBytes = 0
  /**
   * Blocks read upper-cased (by `get` and `equals`; such a store is never searched): the block is another store's, whose
   * text upper-cased is this one's (see shareLastUpper).
   */
  upper: boolean[] = []

  static revive(o: object): StringStore {
    const st = Object.setPrototypeOf(o, StringStore.prototype) as StringStore
    // the image's copy of a shared array of even offsets: the one array again (in place: a block may be two stores')
    for (const b of st.blocks) {
      const stride = b.starts[1] as number
      let even = true
      for (let k = 0; k <= BLOCK && even; k++) even = b.starts[k] === k * stride
      if (even) (b as { starts: Uint16Array | Uint32Array }).starts = evenStarts(stride)
    }
    return st
  }

  get length(): number {
    return (this.blocks.length << BLOCK_SHIFT) + this.tail.length
  }

  /** The entries before the tail (those in full blocks). */
  get sealed(): number {
    return this.blocks.length << BLOCK_SHIFT
  }

  push(s: string): void {
    this.tail.push(s)
    if (this.tail.length === BLOCK) {
      const b = joinBlock(this.tail)
      this.blocks.push(b)
      this.blockBytes += b.text.length + startsBytes(b)
      this.tail = []
    }
  }

  /**
   * The block just sealed, when its text is `other`'s last block's: `other`'s block (one copy of a text the folding left
   * as it was — a million payer documents are digits and punctuation, their folded blocks the same text; issue 33 item 4).
   */
  shareLast(other: StringStore): void {
    const i = this.blocks.length - 1
    const mine = this.blocks[i]
    const theirs = other.blocks[other.blocks.length - 1]
    if (mine === undefined || theirs === undefined || mine === theirs || mine.text !== theirs.text) return
    this.blocks[i] = theirs
    this.blockBytes -= mine.text.length + startsBytes(mine)
  }

  /**
   * The block just sealed, when its text is the upper case of `other`'s last block's ASCII text: `other`'s block, read
   * upper-cased. The gateway's million order references ("PED-0001234") fold to their lower case: their values and folded
   * forms were two copies of one text (16 bytes a row; issue 33 item 4). ASCII only, where upper-casing keeps each
   * character's place (the block's offsets serve both).
   */
  shareLastUpper(other: StringStore): void {
    const i = this.blocks.length - 1
    const mine = this.blocks[i]
    const theirs = other.blocks[other.blocks.length - 1]
    if (mine === undefined || theirs === undefined || mine === theirs || mine.text.length !== theirs.text.length) return
    // character by character, no upper-cased copy made: most blocks that differ (names, free text) differ at once
    const a = mine.text
    const t = theirs.text
    for (let k = 0; k < t.length; k++) {
      const c = t.charCodeAt(k)
      if (c > 0x7f || a.charCodeAt(k) !== (c >= 97 && c <= 122 ? c - 32 : c)) return
    }
    this.blocks[i] = theirs
    this.upper[i] = true
    this.blockBytes -= mine.text.length + startsBytes(mine)
  }

  get(i: number): string {
    const b = i >> BLOCK_SHIFT
    if (b < this.blocks.length) {
      const { text, starts } = this.blocks[b] as Block
      const k = i & (BLOCK - 1)
      const s = text.slice(starts[k] as number, (starts[k + 1] as number) - 1)
      return this.upper[b] === true ? s.toUpperCase() : s
    }
    const s = this.tail[i - this.sealed]
    if (s === undefined) throw new RangeError(`no interned string ${i}`)
    return s
  }

  equals(i: number, s: string): boolean {
    const b = i >> BLOCK_SHIFT
    if (b < this.blocks.length) {
      const { text, starts } = this.blocks[b] as Block
      const k = i & (BLOCK - 1)
      const start = starts[k] as number
      if ((starts[k + 1] as number) - 1 - start !== s.length) return false
      if (this.upper[b] !== true) return text.startsWith(s, start)
      for (let j = 0; j < s.length; j++) {
        const c = text.charCodeAt(start + j)
        if (s.charCodeAt(j) !== (c >= 97 && c <= 122 ? c - 32 : c)) return false
      }
      return true
    }
    return this.tail[i - this.sealed] === s
  }

  /** hashOf(get(i)), with no string made for a sealed entry (a regrowth of the dictionary's slots hashes every entry). */
  hashAt(i: number): number {
    const b = i >> BLOCK_SHIFT
    if (b < this.blocks.length) {
      const { text, starts } = this.blocks[b] as Block
      const k = i & (BLOCK - 1)
      return hashSpan(text, starts[k] as number, (starts[k + 1] as number) - 1, this.upper[b] === true)
    }
    return hashOf(this.tail[i - this.sealed] as string)
  }

  includes(i: number, q: string): boolean {
    const b = i >> BLOCK_SHIFT
    if (b < this.blocks.length) {
      const { text, starts } = this.blocks[b] as Block
      const k = i & (BLOCK - 1)
      return spanIncludes(text, starts[k] as number, (starts[k + 1] as number) - 1, q)
    }
    return (this.tail[i - this.sealed] as string).includes(q)
  }

  /** Calls `each(text, start, end)` for the entries from…length-1, in order (no string is made for a sealed one). */
  spans(from: number, each: (text: string, start: number, end: number) => void): void {
    const n = this.length
    for (let i = from; i < n; i++) {
      const b = i >> BLOCK_SHIFT
      if (b < this.blocks.length) {
        const { text, starts } = this.blocks[b] as Block
        const k = i & (BLOCK - 1)
        each(text, starts[k] as number, (starts[k + 1] as number) - 1)
      } else {
        const s = this.tail[i - this.sealed] as string
        each(s, 0, s.length)
      }
    }
  }
}

/**
 * Each large dictionary's postings, by the array of strings they index (folded or digits). Kept
 * beside the dictionary, not in it: not part of the reopen image (a structured clone of the
 * dictionary), so the image stays as it was and the postings are rebuilt at the first search.
 */
const gramsOf = new WeakMap<StringStore, Grams>()
/** A document's digits: four-digit postings as well (DIGIT_4GRAMS), for queries of four digits or more. */
const digitGramsOf = new WeakMap<StringStore, Grams>()

/** FNV-1a over the UTF-16 code units, then murmur3's finaliser so near-identical ids spread out. */
const hashOf = (s: string): number => hashSpan(s, 0, s.length, false)
/** hashOf of text[start, end), upper-cased first when `upper` (ASCII letters): a sealed entry's hash with no string made. */
function hashSpan(text: string, start: number, end: number, upper: boolean): number {
  let h = 0x811c9dc5
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    h = Math.imul(h ^ (upper && c >= 97 && c <= 122 ? c - 32 : c), 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) | 0
}
const MIN_SLOTS = 1024
/** A slot's entry + 1 (its low 24 bits; its top byte is the entry's hash's). */
const SLOT_ENTRY = 0xffffff
const slotValue = (entry: number, h: number): number => (entry + 1) | (h & ~SLOT_ENTRY) | 0
/**
 * How full a dictionary's slots are left after a bulk load: a probe for a new string reads ~13 slots, for a known one ~3,
 * each slot's hash byte compared before any string (0.7 took 5.7 bytes an entry, 0.8 takes 5: issue 33 item 4). They
 * grow past MAX_FILL.
 */
const FILL_AFTER_LOAD = 0.8
/** How full the slots may be before they grow (to a third): 17/20, above FILL_AFTER_LOAD. */
const MAX_FILL_NUM = 17
const MAX_FILL_DEN = 20
/** The first slot to probe for hash `h` in `size` slots: its low 24 bits scaled (the top 8 are the tag). */
const homeSlot = (h: number, size: number): number => Math.floor(((h & 0xffffff) * size) / 0x1000000)
/** A dictionary that may stop deduplicating does when at least this share of its interns were new texts. */
const UNIQUE_SHARE = 0.9
/** Dictionaries of at least this many entries keep trigram postings. */
const GRAMS_FROM = 1 << 15

/** The ASCII characters present in some string (bits 0–127) and whether any is not ASCII (bit 128). */
const noteChars = (set: Uint32Array, s: string): void => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    const b = c < 128 ? c : 128
    set[b >> 5] = (set[b >> 5] as number) | (1 << (b & 31))
  }
}
const mayContain = (set: Uint32Array, q: string): boolean => {
  for (let i = 0; i < q.length; i++) {
    const c = q.charCodeAt(i)
    const b = c < 128 ? c : 128
    if (((set[b >> 5] as number) & (1 << (b & 31))) === 0) return false
  }
  return true
}

/**
 * The own field names of a dictionary and of its string stores, for the reopen image's shape (table-image.ts): a field
 * added to either makes an older image unreadable, rebuilt from the stored chunks, rather than revived without it.
 */
export const internImageKeys = (): string => {
  const keys = (o: object) => Object.keys(o).sort().join(",")
  return `${keys(new InternDictionary({ withDigits: true }))};${keys(new StringStore())}`
}

export class InternDictionary {
  /**
   * Open addressing: entry index + 1 per slot (0 free) in its low 24 bits, at most 85 % full; grown to a third full, and
   * cut to FILL_AFTER_LOAD after a bulk load (prepareSearch): a million entries took 2^21 slots, 8.4 bytes an entry, now
   * 5 (issue 33 item 4). A slot is placed by the hash's low 24 bits scaled to the table's size (any size,
   * not only powers of two). Of each entry's hash only its top byte is kept, as the slot's top byte, which a probe
   * compares before the strings; a regrowth hashes the strings again. The whole hashes took 4 bytes an entry, and the top
   * bytes in an array of their own 1 (issue 33 item 4); comparing the strings at every probe instead made a million
   * gateway rows' load ~6 % slower in Node. So a dictionary holds fewer than 2^24 - 1 entries (16.7 million texts).
   */
  private slots = new Int32Array(MIN_SLOTS)
  /** The strings as interned, their folded forms and (documents only) their digits, each packed (StringStore). */
  private values = new StringStore()
  private folded = new StringStore()
  // Only documents keep a digits-only form (features §2: "12345678" finds "123.456.78…").
  private readonly digits: StringStore | null
  /** The characters the folded strings use (bitmap, see noteChars). */
  private readonly chars = new Uint32Array(5)

  /** A structured clone of a dictionary (the reopen image) made live again. */
  static revive(o: object): InternDictionary {
    const d = Object.setPrototypeOf(o, InternDictionary.prototype) as InternDictionary
    StringStore.revive(d.values)
    StringStore.revive(d.folded)
    if (d.digits !== null) StringStore.revive(d.digits)
    return d
  }

  /** From how many entries on the search keeps trigram postings (see Grams); an option for the tests. */
  private readonly gramsFrom: number
  /**
   * A column no one looks a text up in nor groups by (the table's descriptions: order references) may stop deduplicating:
   * after a bulk load whose texts were nearly all distinct (UNIQUE_SHARE, from gramsFrom entries on), the slots
   * go and every later text is a new entry, unless it is the row's own (intern's `prev`). A million order references:
   * 6.7 bytes a row (issue 33 item 4). A repeated text then costs its text again, and the search answers as before.
   */
  private readonly mayStopDeduplicating: boolean
  /** Still deduplicating: slots kept (see mayStopDeduplicating). */
  private dedupe = true
  /** intern calls so far: the share of distinct texts. */
  private interns = 0

  constructor(options: { readonly withDigits: boolean; readonly gramsFrom?: number; readonly mayStopDeduplicating?: boolean }) {
    this.digits = options.withDigits ? new StringStore() : null
    this.gramsFrom = options.gramsFrom ?? GRAMS_FROM
    this.mayStopDeduplicating = options.mayStopDeduplicating === true
  }

  /** Whether it still deduplicates (false: see mayStopDeduplicating). */
  get deduplicates(): boolean {
    return this.dedupe
  }

  get size(): number {
    return this.values.length
  }

  /** The slot holding `s`, or the free slot where it would go. */
  private slotOf(s: string, h: number): number {
    const slots = this.slots
    const n = slots.length
    let k = homeSlot(h, n)
    for (;;) {
      const v = slots[k] as number
      if (v === 0 || (v >>> 24 === h >>> 24 && this.values.equals((v & SLOT_ENTRY) - 1, s))) return k
      k = k + 1 === n ? 0 : k + 1
    }
  }

  /** The slots rebuilt `size` long (more than the entries). */
  private resizeSlots(size: number): void {
    const slots = new Int32Array(size)
    for (let i = 0; i < this.values.length; i++) {
      const h = this.values.hashAt(i)
      let k = homeSlot(h, size)
      while (slots[k] !== 0) k = k + 1 === size ? 0 : k + 1
      slots[k] = slotValue(i, h)
    }
    this.slots = slots
  }

  /**
   * The entry of `s`, added if new. `prev`: the entry the row held (-1 for a new row), kept when its text is `s` — what a
   * dictionary that no longer deduplicates answers for an unchanged row.
   */
  intern(s: string, prev = -1): number {
    this.interns++
    if (!this.dedupe) {
      if (prev >= 0 && prev < this.values.length && this.values.equals(prev, s)) return prev
      return this.add(s)
    }
    const h = hashOf(s)
    const k = this.slotOf(s, h)
    const found = this.slots[k] as number
    if (found !== 0) return (found & SLOT_ENTRY) - 1
    const i = this.values.length
    if (i + 1 > SLOT_ENTRY) throw new RangeError("a text dictionary holds fewer than 2^24 - 1 entries")
    this.slots[k] = slotValue(i, h)
    this.add(s)
    if (this.values.length * MAX_FILL_DEN > this.slots.length * MAX_FILL_NUM) this.resizeSlots(this.values.length * 3)
    return i
  }

  /** `s` as a new entry (its value, folded form, characters and digits); its index. */
  private add(s: string): number {
    const i = this.values.length
    const folded = foldText(s)
    this.pushForms(s, folded)
    noteChars(this.chars, folded)
    if (this.digits !== null) {
      this.digits.push(digitsOnly(s))
      // documents of digits alone (the gateway's payers): their digits are their text
      if (this.digits.tail.length === 0) this.digits.shareLast(this.values)
    }
    return i
  }

  /** A value and its folded form as the next entry; a block just filled shares its text with its twin's if they agree. */
  private pushForms(value: string, folded: string): void {
    this.values.push(value)
    this.folded.push(folded)
    if (this.folded.tail.length === 0) {
      this.folded.shareLast(this.values)
      this.values.shareLastUpper(this.folded)
    }
  }

  /** The entry of `s`, if any (the first of them, one by one, once the dictionary no longer deduplicates). */
  lookup(s: string): number | undefined {
    if (!this.dedupe) {
      for (let i = 0; i < this.values.length; i++) if (this.values.equals(i, s)) return i
      return undefined
    }
    const v = this.slots[this.slotOf(s, hashOf(s))] as number
    return v === 0 ? undefined : (v & SLOT_ENTRY) - 1
  }

  value(i: number): string {
    if (!(i >= 0 && i < this.values.length)) throw new RangeError(`no interned string ${i}`)
    return this.values.get(i)
  }

  /**
   * Marks in `hits` (cleared here over the dictionary's size) the entries whose folded form
   * contains `folded`, or whose digits contain `digits`. Returns how many matched, so a caller
   * can skip work when nothing can match.
   */
  search(folded: string, digits: string | null, hits: Uint8Array, list: HitList | null = null): number {
    const n = this.values.length
    hits.fill(0, 0, n)
    let count = 0
    const { byFolded, byDigits } = this.passes(folded, digits)
    if (byFolded) count += this.searchIn(this.folded, folded, hits, list)
    if (byDigits) count += this.searchIn(this.digits as StringStore, digits as string, hits, list)
    return count
  }

  /**
   * The characters that follow `folded` wherever an entry's folded form contains it (sync/SPEC.md Q5b), or null when
   * more than `cap` entries contain it (then nothing is said). A text one character longer whose character is not
   * among them is in no entry's folded form. `hits`: a scratch buffer of at least the dictionary's size (cleared here).
   */
  followers(folded: string, cap: number, hits: Uint8Array): string | null {
    if (folded.length === 0 || folded.includes(SEP) || !mayContain(this.chars, folded)) return ""
    hits.fill(0, 0, this.values.length)
    const list: HitList = { entries: [], cap }
    this.searchIn(this.folded, folded, hits, list)
    if (list.entries.length > cap) return null
    const after = new Set<string>()
    for (const e of list.entries) {
      const s = this.folded.get(e)
      for (let at = s.indexOf(folded); at >= 0; at = s.indexOf(folded, at + 1)) {
        const ch = s[at + folded.length]
        if (ch !== undefined) after.add(ch)
      }
    }
    return [...after].join("")
  }

  /** Which forms a query is looked for in (search and matcher answer alike by this). */
  private passes(folded: string, digits: string | null): { byFolded: boolean; byDigits: boolean } {
    const byDigits = digits !== null && digits.length > 0 && this.digits !== null
    // an all-digit query found in a folded string is found in its digits too (dropping the
    // punctuation keeps a run of digits whole): the digits pass alone answers it
    const digitsOnlyQuery = byDigits && folded === digits
    return { byFolded: !digitsOnlyQuery && folded.length > 0 && !folded.includes(SEP) && mayContain(this.chars, folded), byDigits }
  }

  /**
   * A lazy search: a test of one entry that answers as `search` would mark it, for a caller that
   * visits a few hundred rows (Q5 rows first, paths/rows-first.ts) rather than the whole dictionary.
   * `memo` (cleared by the caller over the dictionary's size) keeps each entry's answer: 1 a
   * match, 2 not.
   */
  matcher(folded: string, digits: string | null, memo: Uint8Array): (entry: number) => boolean {
    const { byFolded, byDigits } = this.passes(folded, digits)
    const fs = this.folded
    const ds = this.digits as StringStore
    if (!byFolded && !byDigits) return () => false
    return (i) => {
      let m = memo[i] as number
      if (m === 0) {
        m = (byFolded && fs.includes(i, folded)) || (byDigits && ds.includes(i, digits as string)) ? 1 : 2
        memo[i] = m
      }
      return m === 1
    }
  }

  /**
   * Builds the trigram postings now rather than at the first search that needs them (the
   * projection's optimize(), after a bulk load): for a million documents they take a few hundred
   * milliseconds, which the first keystroke into a gateway list would otherwise wait for.
   */
  /** After a bulk load: stops deduplicating when it may and its texts were nearly all distinct (see mayStopDeduplicating). */
  settle(): void {
    const n = this.values.length
    if (this.dedupe && this.mayStopDeduplicating && n >= this.gramsFrom && n >= this.interns * UNIQUE_SHARE) {
      this.dedupe = false
      this.slots = new Int32Array(0)
    }
  }

  prepareSearch(): void {
    this.settle()
    const n = this.values.length
    // after a bulk load: the slots cut to FILL_AFTER_LOAD (a third to three quarters full while they grew)
    const fit = Math.max(MIN_SLOTS, Math.ceil(n / FILL_AFTER_LOAD))
    if (this.dedupe && fit < this.slots.length) this.resizeSlots(fit)
    this.grams(this.digits ?? this.folded)?.trim()
    if (this.digits !== null) this.digitGrams(this.digits)?.trim()
  }

  /**
   * The trigram postings of `strings` brought up to date, or null for a small dictionary. Documents
   * keep them for their digits only: a query of digits reads nothing else, and one with punctuation
   * ("123.456") is rare enough to read the blocks (postings of both forms took 37 MB and 1.3 s to
   * build for a million documents, the digits alone a third of it).
   */
  private grams(strings: StringStore): Grams | null {
    // documents: their digits' four-digit postings serve (digitGrams), their folded forms are read in blocks
    if (strings.length < this.gramsFrom || this.digits !== null) return null
    let g = gramsOf.get(strings)
    if (g === undefined) gramsOf.set(strings, (g = new Grams(TRIGRAMS)))
    if (g.indexed < strings.length) g.catchUp(strings)
    return g
  }

  /** The four-digit postings of a large dictionary's digits, brought up to date, or null (see DIGIT_4GRAMS). */
  private digitGrams(strings: StringStore): Grams | null {
    if (strings !== this.digits || strings.length < this.gramsFrom) return null
    let g = digitGramsOf.get(strings)
    if (g === undefined) digitGramsOf.set(strings, (g = new Grams(DIGIT_4GRAMS)))
    if (g.indexed < strings.length) g.catchUp(strings)
    return g
  }

  /** Marks the entries of `strings` containing `q` that are not marked yet: full blocks by `indexOf`, the rest one by one. */
  private searchIn(strings: StringStore, q: string, hits: Uint8Array, list: HitList | null): number {
    const n = strings.length
    // three digits or more in a document's digits: the four-digit postings, exact (no test) when the query is one gram
    const g4 = q.length >= 3 ? this.digitGrams(strings) : null
    if (g4 !== null && q.length === 3) return this.searchThreeDigits(g4, strings, q, hits, list)
    if (g4 !== null) {
      const k = g4.rarest(q)
      if (g4.kind.exact && q.length === g4.kind.width) return g4.searchBucket(k, null, q, hits, list)
      if ((g4.count[k] as number) <= n >> 2) return g4.searchBucket(k, strings, q, hits, list)
    }
    const g = q.length >= 3 ? this.grams(strings) : null
    if (g !== null) {
      const k = g.rarest(q)
      if (k >= 0 && (g.count[k] as number) <= n >> GRAMS_SHARE_SHIFT) return g.searchBucket(k, strings, q, hits, list)
    }
    const blocks = strings.blocks
    let count = 0
    for (let k = 0; k < blocks.length; k++) count += searchBlock(blocks[k] as Block, k << BLOCK_SHIFT, q, hits, list)
    const tail = strings.tail
    const base = strings.sealed
    for (let i = 0; i < tail.length; i++) {
      if (hits[base + i] === 0 && (tail[i] as string).includes(q)) {
        hits[base + i] = 1
        listHit(list, base + i)
        count++
      }
    }
    return count
  }

  /** Marks the entries whose digits contain the three digits `q`: the buckets "q·d" and "d·q", untested, and the short entries, tested. */
  private searchThreeDigits(g4: Grams, strings: StringStore, q: string, hits: Uint8Array, list: HitList | null): number {
    const k = (q.charCodeAt(0) - 48) * 100 + (q.charCodeAt(1) - 48) * 10 + (q.charCodeAt(2) - 48)
    let count = 0
    for (let d = 0; d < 10; d++) {
      count += g4.searchBucket(k * 10 + d, null, q, hits, list)
      count += g4.searchBucket(d * 1000 + k, null, q, hits, list)
    }
    for (const e of g4.short) {
      if (hits[e] === 0 && strings.includes(e, q)) {
        hits[e] = 1
        listHit(list, e)
        count++
      }
    }
    return count
  }

  memoryBytes(): number {
    const stores = this.digits === null ? [this.values, this.folded] : [this.values, this.folded, this.digits]
    let bytes = this.slots.byteLength
    for (const st of stores) {
      bytes += st.blockBytes + st.tail.length * ENTRY_OVERHEAD
      for (const t of st.tail) bytes += stringBytes(t)
      bytes += (gramsOf.get(st)?.byteSize ?? 0) + (digitGramsOf.get(st)?.byteSize ?? 0)
    }
    return bytes
  }
}
