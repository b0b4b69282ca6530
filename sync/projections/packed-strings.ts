/**
 * A column of strings that are unique per row (statement id, operation id, end-to-end id) for
 * the in-memory statement projection (DESIGN "The sync engine" → "Large data", budget "memory
 * of the in-memory projection ≤ 150 bytes per row"; features §2 statements search).
 *
 * One JS string per row would cost ~60-80 bytes each before the text itself, so the values are
 * packed into fixed-width slots inside chunk strings of 4096 rows:
 *  - format "uuid": a canonical UUID is stored as its 16 bytes (not 36 chars); a sealed chunk keeps its planes of few
 *    bytes as codes (packed-planes.ts keepPlanes: a v4 UUID's version byte, 16 values, and variant byte, 64: 14.75
 *    bytes a slot; issue 33 item 4), its lead bitmap built from where its first two planes lie;
 *  - format "ascii": W one-byte chars, NUL-padded, each the lowercase character, with its top bit
 *    (CASE_BIT) set where the character was an uppercase letter: a search reads the seven low bits.
 *    A 32-bit mask of uppercase positions per row took 4 bytes more (5 past 32 characters): the
 *    gateway's end-to-end ids and txids, ~7 bytes a row (issue 33 item 4).
 * A UUID's slot holds its lowercase form, which is what a case-insensitive search needs; the original
 * case comes back from a per-row 32-bit mask of uppercase positions (allocated only once some
 * value has an uppercase letter; "all uppercase" is one special mask). Values that fit neither
 * (non-ASCII, too long, a UUID's odd casing) are kept whole in a small `spilled` map; if spills become
 * common the column re-encodes itself as ascii of a wider width.
 * Inside a chunk the slots are stored by planes: byte k of every row, then byte k + 1 (byte k
 * of row slot s sits at k · 4096 + s). A prefix search (searchPrefix) then reads the first
 * plane contiguously, 1 byte per row instead of one cache line per 4 rows, and looks further
 * only for the rows that pass. A full chunk is sealed (its lead bitmap built) and keeps its bytes:
 * they go to the reopen image as bytes in a Blob (D-image-blobs). A sealed ascii chunk keeps its
 * first four planes as one word per slot (`head`, see Chunk), which a prefix search compares at once.
 */
import { allCodesAtMost, foldText, stringBytes } from "../../schema/text-fold.ts"
import {
  CHUNK_ROWS,
  CHUNK_SHIFT,
  chunkByte,
  codeAt,
  codesOf,
  fewTuples,
  HEAD_PLANES,
  isCoded,
  isHeadless,
  isNibbles,
  isWhole,
  keepPlanes,
  offsetOf,
  plainOffset,
  sameCodes,
  tableOf,
  type Chunk,
  type KeptPlanes
} from "./packed-planes.ts"
import { ALL_UPPER, HEX_CODE, SPILL, TEXT_TO_NIBBLE, UUID_BYTES, asciiOf, encodeAscii, encodeUuid, hashString } from "./packed-slots.ts"

export { CHUNK_ROWS, CHUNK_SHIFT }
const ROW_MASK = CHUNK_ROWS - 1
/** Offset of byte k of a row's slot inside its chunk (planar layout). */
const at = (k: number, slot: number): number => (k << CHUNK_SHIFT) | slot
/** The widest ascii slot a column will re-encode to; longer values stay spilled. */
export const MAX_ASCII_WIDTH = 64
/** Estimated overhead of one spilled entry (Map entry + the small object). */
const SPILL_OVERHEAD = 96

export type PackedFormat = { readonly kind: "uuid" } | { readonly kind: "ascii"; readonly width: number }
export type SlotRows = { at(slot: number): number } // which row each slot is: a sparse column's slots are some rows only

/**
 * A prefix search's kept planes past the head in one chunk: a byte plane's offset in the chunk's bytes and its query
 * character; a coded plane's descriptor and which of its codes stand for the character.
 */
const PLANE_AT = new Int32Array(64)
const PLANE_CHAR = new Int32Array(64)
const CODED_AT = new Int32Array(64)
/** Per coded plane j of the query, which of its codes stand for the query's character (64 a plane, 1 = yes). */
const CODED_ACCEPT = new Uint8Array(64 * 64)
/** A half-byte plane's accepted codes by the byte of two slots: bit 0 the first slot's, bit 1 the second's. */
const PAIR_ACCEPT = new Uint8Array(256)
/** A UUID prefix search's plane offsets in one chunk (PackedStringColumn.plainOffset). */
const UUID_AT = new Int32Array(16)
/** The case bits off each of a head word's four bytes (a search compares lowercase). */
const HEAD_LOWER = 0x7f7f7f7f

/**
 * Lead bitmaps: for each chunk, which starts (the first 4 characters, hashed to 14 bits) its inline
 * values have. A prefix query of 4 characters or more (MIN_ID_QUERY) reads only the chunks whose
 * bitmap has its start: ~22 % of them for random ids, where every chunk's first plane was read (2–2.5 ms
 * per column per million rows, 4 columns on every gateway keystroke of 4+ characters: issue 16).
 * 2 KB per chunk of 4096 rows (half a byte per row). 15 bits read ~12 % of the chunks for 4 KB: in Node
 * a 4-character search of a million UUIDs took 0.2 ms, 0.35 with 14 bits, for 1.3 bytes a row less over
 * the gateway's four id columns (issue 33 item 4). Built when a full chunk is sealed (a partial or
 * revived one: at the first search that reaches it) and dropped at its next write. Not part of the
 * reopen image: a non-enumerable property, which a structured clone leaves out (and imageShape's
 * Object.keys does not list).
 */
const LEAD_BITS = 14
const LEAD_MIN = 4
/** Int32 words of a lead bitmap. */
const LEAD_WORDS = 1 << (LEAD_BITS - 5)
const leadKey = (b0: number, b1: number, b2: number, b3: number): number => Math.imul((b0 << 24) | (b1 << 16) | (b2 << 8) | b3, 0x9e3779b1) >>> (32 - LEAD_BITS)
interface Spilled {
  readonly value: string
  readonly folded: string
}

/**
 * How many rows `collect` lists at most: one more means "more than that" (a caller visits the
 * listed rows only when there are at most COLLECT_CAP; a broad prefix such as the gateway's
 * "E6070", 113k end-to-end ids, listed them all for nothing: 21 → 12.5 ms, issue 16).
 */
export const COLLECT_CAP = 1 << 14

/**
 * Sets `bit` in hits[row]; the first time, also lists the row in `collect` (when given, up to
 * COLLECT_CAP + 1 rows), so a caller can visit just the matching rows.
 */
export const markHit = (hits: Uint8Array, row: number, bit: number, collect: number[] | null): void => {
  const h = hits[row] as number
  if ((h & bit) !== 0) return
  hits[row] = h | bit
  if (collect !== null && collect.length <= COLLECT_CAP) collect.push(row)
}

export class PackedStringColumn {
  private format: PackedFormat
  private width: number
  private chunks: Chunk[] = []
  private dirtyChunks: number[] = []
  /** Bitset: the slot means nothing (the value is null, or spilled). */
  private special = new Uint8Array(0)
  /** A UUID column's case masks (caseMask), allocated at the first value needing one; an ascii column's case is in its bytes. */
  private masks: Uint32Array | null = null
  private spilled = new Map<number, Spilled>()
  private spilledBytes = 0
  private rows = 0
  private capacity = 0
  /**
   * Which lowercase ASCII characters start an inline value (never cleared, so conservative):
   * a query whose first character starts none skips the column (every e2e starts with "e").
   */
  private readonly starts = new Uint8Array(128)
  // `prepare` encodes a value once; the id lookup then compares and stores it without re-encoding
  private readonly prep = new Uint8Array(MAX_ASCII_WIDTH)
  private prepMask = 0
  private prepValue = ""
  private readonly codes: number[] = []
  /** Per chunk, its lead bitmap or null (see leadKey); non-enumerable, set only through `freshLeads`. */
  declare private leads: Array<Int32Array | null> | undefined

  /** A structured clone of a column (the reopen image, projection-image.ts) made live again. */
  static revive(o: object): PackedStringColumn {
    return Object.setPrototypeOf(o, PackedStringColumn.prototype) as PackedStringColumn
  }

  constructor(format: PackedFormat) {
    this.format = format
    this.width = format.kind === "uuid" ? UUID_BYTES : format.width
    this.freshLeads()
    if (this.width < 1 || this.width > MAX_ASCII_WIDTH) throw new RangeError(`slot width ${this.width}`)
  }

  get slotWidth(): number {
    return this.width
  }
  get kind(): PackedFormat["kind"] {
    return this.format.kind
  }
  get spilledCount(): number {
    return this.spilled.size
  }

  ensureCapacity(cap: number): void {
    if (cap <= this.capacity) return
    const special = new Uint8Array((cap + 7) >> 3)
    special.set(this.special)
    this.special = special
    if (this.masks !== null) {
      const m = new Uint32Array(cap)
      m.set(this.masks)
      this.masks = m
    }
    this.capacity = cap
  }

  private isSpecial(row: number): boolean {
    return ((this.special[row >> 3] as number) & (1 << (row & 7))) !== 0
  }
  /** Whether any of chunk c's slots is null or spilled. */
  private anySpecial(c: number): boolean {
    const sp = this.special
    for (let i = (c << CHUNK_SHIFT) >> 3, end = Math.min(sp.length, ((c + 1) << CHUNK_SHIFT) >> 3); i < end; i++) if (sp[i] !== 0) return true
    return false
  }
  private setSpecial(row: number, on: boolean): void {
    const i = row >> 3
    const b = this.special[i] as number
    this.special[i] = on ? b | (1 << (row & 7)) : b & ~(1 << (row & 7))
  }
  private maskOf(row: number): number {
    return this.masks === null ? 0 : (this.masks[row] as number)
  }
  private setMask(row: number, mask: number): void {
    if (this.masks === null) {
      if (mask === 0) return
      this.masks = new Uint32Array(this.capacity)
    }
    this.masks[row] = mask
  }

  private writable(row: number): Chunk {
    const c = row >> CHUNK_SHIFT
    while (this.chunks.length <= c) this.chunks.push({ bytes: null, head: null, planes: null, tables: null, dirty: false })
    const ch = this.chunks[c] as Chunk
    const leads = this.leads
    if (leads !== undefined && c < leads.length) leads[c] = null
    if (ch.bytes === null) ch.bytes = new Uint8Array(CHUNK_ROWS * this.width)
    if (!isWhole(ch)) {
      // whole again: each plane back from the head words, the planes kept or their one byte; a null or spilled slot's
      // kept bytes meant nothing (a headless chunk's codes give it some table's bytes): zero, as in a whole chunk
      const whole = new Uint8Array(CHUNK_ROWS * this.width)
      for (let k = 0; k < this.width; k++) for (let slot = 0; slot < CHUNK_ROWS; slot++) whole[at(k, slot)] = chunkByte(ch, k, slot)
      const base = c << CHUNK_SHIFT
      for (let slot = 0; slot < CHUNK_ROWS; slot++) if (this.isSpecial(base + slot)) this.zeroSlot(whole, slot)
      ch.bytes = whole
      ch.head = null
      ch.planes = null
      ch.tables = null
    }
    if (!ch.dirty) {
      ch.dirty = true
      this.dirtyChunks.push(c)
    }
    if (row >= this.rows) this.rows = row + 1
    return ch
  }

  private dropSpill(row: number): void {
    const s = this.spilled.get(row)
    if (s === undefined) return
    this.spilledBytes -= stringBytes(s.value) + (s.folded === s.value ? 0 : stringBytes(s.folded)) + SPILL_OVERHEAD
    this.spilled.delete(row)
  }
  private addSpill(row: number, value: string): void {
    const f = foldText(value)
    const folded = f === value ? value : f
    this.spilled.set(row, { value, folded })
    this.spilledBytes += stringBytes(value) + (folded === value ? 0 : stringBytes(folded)) + SPILL_OVERHEAD
  }

  /** Encodes `value` into the scratch slot, for equalsPrepared / setPrepared. */
  prepare(value: string): void {
    this.prepValue = value
    this.prepMask = this.format.kind === "uuid" ? encodeUuid(value, this.prep) : encodeAscii(value, this.prep, this.width)
  }

  /** Whether `row` holds exactly the prepared value (case included). */
  equalsPrepared(row: number): boolean {
    if (this.isSpecial(row)) {
      const s = this.spilled.get(row)
      return s !== undefined && s.value === this.prepValue
    }
    if (this.prepMask === SPILL || this.maskOf(row) !== this.prepMask) return false
    const ch = this.chunks[row >> CHUNK_SHIFT] as Chunk
    const w = this.width
    const slot = row & ROW_MASK
    const p = this.prep
    if (isWhole(ch)) {
      const b = ch.bytes as Uint8Array
      for (let k = 0; k < w; k++) if (b[at(k, slot)] !== p[k]) return false
    } else for (let k = 0; k < w; k++) if (chunkByte(ch, k, slot) !== p[k]) return false
    return true
  }

  private zeroSlot(bytes: Uint8Array, slot: number): void {
    for (let k = 0; k < this.width; k++) bytes[at(k, slot)] = 0
  }

  setPrepared(row: number): void {
    const ch = this.writable(row)
    if (this.isSpecial(row)) this.dropSpill(row)
    const slot = row & ROW_MASK
    const bytes = ch.bytes as Uint8Array
    if (this.prepMask === SPILL) {
      this.zeroSlot(bytes, slot)
      this.setSpecial(row, true)
      this.setMask(row, 0)
      this.addSpill(row, this.prepValue)
      return
    }
    const p = this.prep
    for (let k = 0; k < this.width; k++) bytes[at(k, slot)] = p[k] as number
    this.setSpecial(row, false)
    this.setMask(row, this.prepMask)
    this.noteStart(this.prep[0] as number)
  }

  private noteStart(firstByte: number): void {
    const c = this.format.kind === "uuid" ? HEX_CODE(firstByte >> 4) : firstByte & 0x7f
    if (c < 128) this.starts[c] = 1
  }

  set(row: number, value: string | null): void {
    if (value !== null) {
      this.prepare(value)
      this.setPrepared(row)
      return
    }
    const ch = this.writable(row)
    if (this.isSpecial(row)) this.dropSpill(row)
    this.zeroSlot(ch.bytes as Uint8Array, row & ROW_MASK)
    this.setSpecial(row, true)
    this.setMask(row, 0)
  }

  /** Whether writing `value` to `row` would change it (so updates leave sealed chunks alone). */
  same(row: number, value: string | null): boolean {
    if (row >= this.rows) return false
    if (value === null) return this.isSpecial(row) && !this.spilled.has(row)
    this.prepare(value)
    return this.equalsPrepared(row)
  }

  get(row: number): string | null {
    if (this.isSpecial(row)) return this.spilled.get(row)?.value ?? null
    const ch = this.chunks[row >> CHUNK_SHIFT] as Chunk
    const slot = row & ROW_MASK
    const codes = this.codes
    codes.length = 0
    const mask = this.maskOf(row)
    if (this.format.kind === "uuid") {
      for (let t = 0; t < 36; t++) {
        const j = TEXT_TO_NIBBLE[t] as number
        if (j < 0) {
          codes.push(45)
          continue
        }
        const b = chunkByte(ch, j >> 1, slot)
        let c = HEX_CODE((j & 1) === 0 ? b >> 4 : b & 15)
        if (c >= 97 && (mask === ALL_UPPER || (mask & (1 << j)) !== 0)) c -= 32
        codes.push(c)
      }
    } else {
      for (let k = 0; k < this.width; k++) {
        const b = chunkByte(ch, k, slot)
        if (b === 0) break
        codes.push(asciiOf(b))
      }
    }
    return String.fromCharCode.apply(null, codes)
  }

  /** Code-unit order of the original strings (the tie-break of the statement sort). */
  compare(a: number, b: number): number {
    if (!this.isSpecial(a) && !this.isSpecial(b) && this.maskOf(a) === 0 && this.maskOf(b) === 0) {
      // lowercase UUID slots order like their text (hex nibbles like hex digits), ascii slots' characters too; NUL padding first
      const ca = this.chunks[a >> CHUNK_SHIFT] as Chunk
      const cb = this.chunks[b >> CHUNK_SHIFT] as Chunk
      const sa = a & ROW_MASK
      const sb = b & ROW_MASK
      const ascii = this.format.kind === "ascii"
      for (let k = 0; k < this.width; k++) {
        const x = chunkByte(ca, k, sa)
        const y = chunkByte(cb, k, sb)
        const d = ascii ? asciiOf(x) - asciiOf(y) : x - y
        if (d !== 0) return d
      }
      return 0
    }
    const x = this.get(a)
    const y = this.get(b)
    if (x === y) return 0
    if (x === null) return -1
    if (y === null) return 1
    return x < y ? -1 : 1
  }

  /**
   * Hash of the prepared value: FNV-1a over its encoded slot (16 bytes for a UUID rather than
   * 36 chars), or over the text when it spills. A UUID's is case-insensitive (its slot is lowercase), an ascii value's not.
   */
  hashPrepared(): number {
    if (this.prepMask === SPILL) return hashString(this.prepValue)
    const p = this.prep
    let h = 0x811c9dc5 | 0
    for (let k = 0; k < this.width; k++) h = Math.imul(h ^ (p[k] as number), 0x01000193)
    return h >>> 0
  }

  /** hashPrepared() of the row's value, recomputed from the slot (the id index keeps only each hash's top byte). */
  hashRow(row: number): number {
    if (this.isSpecial(row)) {
      const s = this.spilled.get(row)
      return s === undefined ? 0 : hashString(s.value)
    }
    const ch = this.chunks[row >> CHUNK_SHIFT] as Chunk
    const slot = row & ROW_MASK
    let h = 0x811c9dc5 | 0
    if (isWhole(ch)) {
      const b = ch.bytes as Uint8Array
      for (let k = 0; k < this.width; k++) h = Math.imul(h ^ (b[at(k, slot)] as number), 0x01000193)
    } else for (let k = 0; k < this.width; k++) h = Math.imul(h ^ chunkByte(ch, k, slot), 0x01000193)
    return h >>> 0
  }

  /** Seals full chunks written since the last call: each gets its lead bitmap, an ascii one its head words. */
  seal(): void {
    for (const c of this.dirtyChunks) {
      const ch = this.chunks[c] as Chunk
      ch.dirty = false
      if ((c + 1) * CHUNK_ROWS <= this.rows && ch.bytes !== null) {
        if (this.format.kind === "ascii" && this.width >= HEAD_PLANES && isWhole(ch)) {
          const b = ch.bytes
          const base = c << CHUNK_SHIFT
          const special = (slot: number) => this.isSpecial(base + slot)
          if (fewTuples(b, HEAD_PLANES, special)) {
            // headless: planes 0–3 take at most 16 tuples (an end-to-end id's "E" and its ISPB), kept as codes
            const kept = keepPlanes(b, this.width, special, 0) as KeptPlanes
            ch.planes = kept.planes
            ch.tables = kept.tables
            ch.bytes = kept.bytes
          } else {
            const head = new Int32Array(CHUNK_ROWS)
            for (let slot = 0; slot < CHUNK_ROWS; slot++)
              head[slot] = ((b[slot] as number) << 24) | ((b[at(1, slot)] as number) << 16) | ((b[at(2, slot)] as number) << 8) | (b[at(3, slot)] as number)
            ch.head = head
            const kept = keepPlanes(b, this.width, special)
            ch.planes = kept?.planes ?? null
            ch.tables = kept?.tables ?? null
            ch.bytes = kept?.bytes ?? b.slice(HEAD_PLANES << CHUNK_SHIFT)
          }
        }
        if (this.format.kind === "uuid" && isWhole(ch)) {
          // a UUID's version and variant bytes ("4" and 8–b: 16 and 64 bytes a plane) as codes, the others as they are
          const base = c << CHUNK_SHIFT
          const kept = keepPlanes(ch.bytes, this.width, (slot: number) => this.isSpecial(base + slot), 0)
          if (kept !== null) {
            ch.planes = kept.planes
            ch.tables = kept.tables
            ch.bytes = kept.bytes
          }
        }
        // a full chunk gets its lead bitmap now, from its bytes (at a first keystroke, building it
        // for a million rows took 11–15 ms per column in Node, 3 columns at once); a headless ascii one needs none:
        // its tables tell a search at once whether a slot may start with the query (prefixAscii)
        if (this.width >= LEAD_MIN && !this.leadless(ch)) this.storeLead(c, this.buildLead(ch, CHUNK_ROWS))
      }
    }
    this.dirtyChunks.length = 0
  }

  /**
   * Sets `bit` in hits[row] for every row whose folded value starts with `folded` (a foldText
   * result). One or two byte reads per row, no string built: ~1 ms per million rows, where an
   * indexOf over the packed text runs at ~1 ns per byte (25–35 ms for 32 MB in V8), which is
   * why identifiers are matched by prefix, not anywhere inside. Removed rows may be marked
   * (callers only read the marks of live rows).
   */
  searchPrefix(folded: string, hits: Uint8Array, bit: number, collect: number[] | null = null, rowOf: SlotRows | null = null): number {
    if (folded.length === 0) return 0
    let marked = 0
    const c0 = folded.charCodeAt(0)
    if (c0 < 128 && this.starts[c0] === 1) {
      marked = this.format.kind === "uuid" ? this.prefixUuid(folded, hits, bit, collect, rowOf) : this.prefixAscii(folded, hits, bit, collect, rowOf)
    }
    for (const [row, s] of this.spilled) {
      if (s.folded.startsWith(folded)) {
        markHit(hits, rowOf === null ? row : rowOf.at(row), bit, collect)
        marked++
      }
    }
    return marked
  }

  /**
   * The characters a `searchPrefix` may find a value starting with (sync/SPEC.md Q5b): those that start an inline value
   * (`starts`, never cleared: a superset) and the first of each spilled value's folded form. A text starting with none
   * of them matches no value of this column.
   */
  startChars(): string {
    let out = ""
    for (let c = 0; c < 128; c++) if (this.starts[c] === 1) out += String.fromCharCode(c)
    for (const s of this.spilled.values()) if (s.folded !== "" && !out.includes(s.folded[0] as string)) out += s.folded[0] as string
    return out
  }

  /** Chunk c's lead bitmap, built now if it has none (a revived column gets its array here). */
  private leadOf(c: number): Int32Array {
    const have = this.leads?.[c]
    if (have != null) return have
    return this.storeLead(c, this.buildLead(this.chunks[c] as Chunk, Math.min(CHUNK_ROWS, this.rows - (c << CHUNK_SHIFT))))
  }

  private storeLead(c: number, words: Int32Array): Int32Array {
    const leads = this.leads ?? this.freshLeads()
    while (leads.length < c) leads.push(null)
    leads[c] = words
    return words
  }

  /** The lead bitmap of a chunk's first `rows` slots (planes 0–3 or the head words, read where they lie). */
  private buildLead(ch: Chunk, rows: number): Int32Array {
    const uuid = this.format.kind === "uuid"
    const words = new Int32Array(LEAD_WORDS)
    const b = ch.bytes as Uint8Array
    const head = ch.head
    // an ascii slot's bytes read without their case bits (a search compares lowercase)
    const m = uuid ? 0xff : 0x7f
    for (let slot = 0; slot < rows; slot++) {
      let k: number
      if (head !== null) {
        const w = (head[slot] as number) & HEAD_LOWER
        k = leadKey(w >>> 24, (w >>> 16) & 0xff, (w >>> 8) & 0xff, w & 0xff)
      } else if (isWhole(ch)) {
        const b0 = (b[slot] as number) & m
        const b1 = (b[at(1, slot)] as number) & m
        k = leadKey(b0, b1, uuid ? 0 : (b[at(2, slot)] as number) & m, uuid ? 0 : (b[at(3, slot)] as number) & m)
      } else {
        // a UUID chunk with planes kept (seal): its first two bytes where they lie
        k = leadKey(chunkByte(ch, 0, slot) & m, chunkByte(ch, 1, slot) & m, 0, 0)
      }
      words[k >>> 5] = (words[k >>> 5] as number) | (1 << (k & 31))
    }
    return words
  }

  /** Sets the (non-enumerable) lead bitmaps: `leads`, or none yet. */
  private freshLeads(leads: Array<Int32Array | null> = []): Array<Int32Array | null> {
    Object.defineProperty(this, "leads", { value: leads, writable: true, enumerable: false, configurable: true })
    return leads
  }

  /** Whether a chunk keeps no lead bitmap: a headless ascii one. */
  private leadless(ch: Chunk): boolean {
    return this.format.kind === "ascii" && isHeadless(ch)
  }

  /** Whether chunk c may hold a value starting with the lead `key` (-1: no lead, every chunk may). */
  private mayLead(c: number, key: number): boolean {
    if (key < 0 || this.leadless(this.chunks[c] as Chunk)) return true
    return ((this.leadOf(c)[key >>> 5] as number) & (1 << (key & 31))) !== 0
  }

  private prefixAscii(q: string, hits: Uint8Array, bit: number, collect: number[] | null, rowOf: SlotRows | null): number {
    const len = q.length
    // NUL pads the slots; a query holding one (or a non-ASCII char) cannot match inline
    if (len > this.width || !allCodesAtMost(q, 0x7f) || q.includes("\u0000")) return 0
    const c0 = q.charCodeAt(0)
    const lead = len >= LEAD_MIN && this.width >= LEAD_MIN ? leadKey(c0, q.charCodeAt(1), q.charCodeAt(2), q.charCodeAt(3)) : -1
    // the query's first (up to) 4 bytes as a head word, and which of its bytes they fill (case bits off)
    let want = 0
    let mask = 0
    for (let k = 0; k < HEAD_PLANES && k < len; k++) {
      want |= q.charCodeAt(k) << (24 - 8 * k)
      mask |= 0x7f << (24 - 8 * k)
    }
    let marked = 0
    for (let c = 0; c < this.chunks.length; c++) {
      if (!this.mayLead(c, lead)) continue
      const ch = this.chunks[c] as Chunk
      const base = c << CHUNK_SHIFT
      const rows = Math.min(CHUNK_ROWS, this.rows - base)
      const head = ch.head
      const planes = ch.planes
      if (head !== null || planes !== null) {
        // the query's characters past the head (all of them in a headless chunk): against a constant plane once, else
        // where the plane is kept
        const tables = ch.tables
        let nk = 0
        let nc = 0
        let k = head !== null ? HEAD_PLANES : 0
        for (; k < len; k++) {
          const d = planes === null ? (k - HEAD_PLANES) << CHUNK_SHIFT : (planes[k] as number)
          const qc = q.charCodeAt(k)
          if (d < 0) {
            if ((~d & 0x7f) !== qc) break
            continue
          }
          if (!isCoded(d)) {
            PLANE_AT[nk] = d
            PLANE_CHAR[nk++] = qc
            continue
          }
          // the codes whose byte is the character, either case (an unused code's 0 is no character of a query); planes
          // sharing their codes (a run, packed-planes.ts keepPlanes: the last coded plane's, if any) narrow its codes
          const t = tableOf(d)
          const n = codesOf(d)
          const into = nc > 0 && sameCodes(CODED_AT[nc - 1] as number, d) ? nc - 1 : nc
          let any = 0
          for (let i = 0; i < 64; i++) {
            let yes = i < n && (((tables as Uint8Array)[t + i] as number) & 0x7f) === qc ? 1 : 0
            if (into < nc) yes &= CODED_ACCEPT[(into << 6) | i] as number
            CODED_ACCEPT[(into << 6) | i] = yes
            any |= yes
          }
          if (any === 0) break
          if (into === nc) CODED_AT[nc++] = d
        }
        if (k < len) continue
        const b = ch.bytes as Uint8Array
        if (head === null) {
          // the kept planes' bytes or codes only (a null or spilled slot's codes mean nothing: asked last, if any)
          const special = this.anySpecial(c)
          if (nk === 0 && nc === 1 && isNibbles(CODED_AT[0] as number)) {
            // one half byte a slot to test (an end-to-end id's ISPB run): two slots a byte, through the codes' pairs
            const off = offsetOf(CODED_AT[0] as number)
            for (let i = 0; i < 256; i++) PAIR_ACCEPT[i] = (CODED_ACCEPT[i & 15] as number) | ((CODED_ACCEPT[i >> 4] as number) << 1)
            for (let slot = 0; slot < rows; slot += 2) {
              const a = PAIR_ACCEPT[b[off + (slot >> 1)] as number] as number
              if (a === 0) continue
              if ((a & 1) !== 0 && !(special && this.isSpecial(base + slot))) {
                markHit(hits, rowOf === null ? base + slot : rowOf.at(base + slot), bit, collect)
                marked++
              }
              if ((a & 2) !== 0 && slot + 1 < rows && !(special && this.isSpecial(base + slot + 1))) {
                markHit(hits, rowOf === null ? base + slot + 1 : rowOf.at(base + slot + 1), bit, collect)
                marked++
              }
            }
            continue
          }
          for (let slot = 0; slot < rows; slot++) {
            let j = 0
            while (j < nk && ((b[(PLANE_AT[j] as number) + slot] as number) & 0x7f) === PLANE_CHAR[j]) j++
            if (j < nk) continue
            j = 0
            while (j < nc && CODED_ACCEPT[(j << 6) | codeAt(b, CODED_AT[j] as number, slot)] === 1) j++
            if (j >= nc && !(special && this.isSpecial(base + slot))) {
              markHit(hits, rowOf === null ? base + slot : rowOf.at(base + slot), bit, collect)
              marked++
            }
          }
          continue
        }
        // one masked compare per row, then the kept planes' bytes or codes
        for (let slot = 0; slot < rows; slot++) {
          if (((head[slot] as number) & mask) !== want) continue
          let j = 0
          while (j < nk && ((b[(PLANE_AT[j] as number) + slot] as number) & 0x7f) === PLANE_CHAR[j]) j++
          if (j < nk) continue
          j = 0
          while (j < nc && CODED_ACCEPT[(j << 6) | codeAt(b, CODED_AT[j] as number, slot)] === 1) j++
          if (j >= nc) {
            markHit(hits, rowOf === null ? base + slot : rowOf.at(base + slot), bit, collect)
            marked++
          }
        }
      } else {
        const b = ch.bytes as Uint8Array
        for (let slot = 0; slot < rows; slot++) {
          if (((b[slot] as number) & 0x7f) !== c0) continue
          let k = 1
          while (k < len && ((b[at(k, slot)] as number) & 0x7f) === q.charCodeAt(k)) k++
          if (k === len) {
            markHit(hits, rowOf === null ? base + slot : rowOf.at(base + slot), bit, collect)
            marked++
          }
        }
      }
    }
    return marked
  }

  private prefixUuid(q: string, hits: Uint8Array, bit: number, collect: number[] | null, rowOf: SlotRows | null): number {
    if (q.length > 36) return 0
    // the prefix as (mask, value) constraints on the leading bytes
    const mask = new Uint8Array(UUID_BYTES)
    const want = new Uint8Array(UUID_BYTES)
    let nbytes = 0
    for (let t = 0; t < q.length; t++) {
      const c = q.charCodeAt(t)
      const j = TEXT_TO_NIBBLE[t] as number
      if (j < 0) {
        if (c !== 45) return 0
        continue
      }
      const nib = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1
      if (nib < 0) return 0
      const byte = j >> 1
      if ((j & 1) === 0) {
        mask[byte] = (mask[byte] as number) | 0xf0
        want[byte] = (want[byte] as number) | (nib << 4)
      } else {
        mask[byte] = (mask[byte] as number) | 0x0f
        want[byte] = (want[byte] as number) | nib
      }
      nbytes = byte + 1
    }
    if (nbytes === 0) return 0
    const m0 = mask[0] as number
    const w0 = want[0] as number
    // the first 4 characters are the first 2 bytes, whole
    const lead = q.length >= LEAD_MIN && m0 === 0xff && mask[1] === 0xff ? leadKey(w0, want[1] as number, 0, 0) : -1
    let marked = 0
    for (let c = 0; c < this.chunks.length; c++) {
      if (!this.mayLead(c, lead)) continue
      const ch = this.chunks[c] as Chunk
      const base = c << CHUNK_SHIFT
      const rows = Math.min(CHUNK_ROWS, this.rows - base)
      // the first test reads plane 0, contiguous; each byte where its plane lies (a kept plane's codes: byteOf)
      const b = ch.bytes as Uint8Array
      for (let k = 0; k < nbytes; k++) UUID_AT[k] = plainOffset(ch, k)
      const o0 = UUID_AT[0] as number
      for (let slot = 0; slot < rows; slot++) {
        if ((((o0 >= 0 ? b[o0 + slot] : chunkByte(ch, 0, slot)) as number) & m0) !== w0) continue
        let k = 1
        while (k < nbytes) {
          const o = UUID_AT[k] as number
          if ((((o >= 0 ? b[o + slot] : chunkByte(ch, k, slot)) as number) & (mask[k] as number)) !== want[k]) break
          k++
        }
        // a null or spilled row has a zeroed slot, which would pass for "0000…"
        if (k === nbytes && !this.isSpecial(base + slot)) {
          markHit(hits, rowOf === null ? base + slot : rowOf.at(base + slot), bit, collect)
          marked++
        }
      }
    }
    return marked
  }

  /** Copies a row of a column with the same format (used when the projection compacts). */
  copyRowFrom(src: PackedStringColumn, srcRow: number, dstRow: number): void {
    if (src.width !== this.width || src.format.kind !== this.format.kind) throw new Error("copyRowFrom needs the same format")
    const ch = this.writable(dstRow)
    const bytes = ch.bytes as Uint8Array
    const slot = dstRow & ROW_MASK
    if (src.isSpecial(srcRow)) {
      this.zeroSlot(bytes, slot)
      this.setSpecial(dstRow, true)
      this.setMask(dstRow, 0)
      const s = src.spilled.get(srcRow)
      if (s !== undefined) {
        this.spilled.set(dstRow, s)
        this.spilledBytes += stringBytes(s.value) + (s.folded === s.value ? 0 : stringBytes(s.folded)) + SPILL_OVERHEAD
      }
      return
    }
    const sch = src.chunks[srcRow >> CHUNK_SHIFT] as Chunk
    const sslot = srcRow & ROW_MASK
    for (let k = 0; k < this.width; k++) bytes[at(k, slot)] = chunkByte(sch, k, sslot)
    this.setSpecial(dstRow, false)
    this.setMask(dstRow, src.maskOf(srcRow))
    this.noteStart(bytes[slot] as number)
  }

  /** An empty column of the same format. */
  cloneEmpty(): PackedStringColumn {
    return new PackedStringColumn(this.format)
  }

  /**
   * Re-encodes as a wider ascii column when spills have become common (e.g. ids that are not
   * UUIDs, or longer than the slot). Returns whether it did. Widths only grow, so this runs at
   * most a few times over a column's life.
   */
  maybeReformat(liveRows: number, isLive: (row: number) => boolean): boolean {
    if (this.spilled.size < 1024 || this.spilled.size * 8 < liveRows) return false
    let width = this.format.kind === "ascii" ? this.width : 36
    for (const s of this.spilled.values()) {
      if (allCodesAtMost(s.value, 0x7f) && !s.value.includes("\u0000")) width = Math.max(width, s.value.length)
    }
    width = Math.min(MAX_ASCII_WIDTH, width)
    if (this.format.kind === "ascii" && width <= this.width) return false
    const next = new PackedStringColumn({ kind: "ascii", width })
    next.ensureCapacity(this.capacity)
    for (let row = 0; row < this.rows; row++) next.set(row, isLive(row) ? this.get(row) : null)
    next.seal()
    this.format = next.format
    this.width = next.width
    this.chunks = next.chunks
    // the bitmaps next.seal() built for those chunks
    this.freshLeads(next.leads ?? [])
    // and the first characters its inline values start with (left behind, a re-encoded column's
    // values were never found by prefix: every spilled value had gone inline)
    this.starts.set(next.starts)
    this.dirtyChunks = next.dirtyChunks
    this.special = next.special
    this.masks = next.masks
    this.spilled = next.spilled
    this.spilledBytes = next.spilledBytes
    this.rows = next.rows
    return true
  }

  memoryBytes(): number {
    let bytes = this.special.byteLength + (this.masks?.byteLength ?? 0) + this.spilledBytes
    for (const ch of this.chunks)
      bytes += (ch.bytes?.byteLength ?? 0) + (ch.head?.byteLength ?? 0) + (ch.planes?.byteLength ?? 0) + (ch.tables?.byteLength ?? 0) + 32
    for (const l of this.leads ?? []) bytes += l?.byteLength ?? 0
    return bytes
  }
}
