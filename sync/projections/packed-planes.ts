/**
 * How a sealed chunk of a packed column keeps its planes (issue 33 item 4), and how its bytes are read (`Chunk`,
 * `chunkByte`, below; packed-strings.ts holds the chunks): each plane as small as its bytes allow. One byte for the
 * whole plane when every slot has it; half a byte a slot when the plane has at most 16 distinct bytes; six bits a slot
 * when it has at most 64; else a byte a slot. A plane kept by codes reads them through its table (its bytes, in code
 * order).
 *
 * An end-to-end id is E + ISPB + yyyyMMddHHmm + 11 characters, and the rows of a chunk are a few hours of one table in
 * date order: its year and month (and mostly its day's first digit) are the same in every slot, and the other digits
 * take half a byte. Its last 11 characters and a txid's 26 to 35 are letters of both cases and digits (62 bytes, and
 * NUL past a shorter txid's end): six bits each, not eight (the gateway's end-to-end ids and txids: 44.9 → 37.9 bytes a
 * row in Node).
 */

/** Rows of a chunk of a packed column (a power of two). */
export const CHUNK_SHIFT = 12
export const CHUNK_ROWS = 1 << CHUNK_SHIFT
/** Planes a sealed ascii chunk keeps as its head words. */
export const HEAD_PLANES = 4

/**
 * Where a sealed chunk keeps plane k (Chunk.planes[k]), its descriptor d: negative, the plane's one byte (~d); with
 * NIBBLES set, half a byte a slot from offset `d & OFFSET` of the chunk's bytes (slot s in byte s >> 1, low half first);
 * with SIXES set, six bits a slot from there (slots 4g…4g+3 in the three bytes from 3g, low bits first); both read
 * through the plane's table, from `tableOf(d)` in the chunk's tables; else a byte a slot from offset d.
 */
export const NIBBLES = 1 << 30
const SIXES = 1 << 29
const OFFSET = (1 << 20) - 1
const TABLE_SHIFT = 20
/** Whether descriptor d keeps codes (a nibble or six-bit plane), not a byte a slot. */
export const isCoded = (d: number): boolean => d >= 0 && (d & (NIBBLES | SIXES)) !== 0
/** How many codes descriptor d's table has (a coded plane's). */
export const codesOf = (d: number): number => ((d & NIBBLES) !== 0 ? 16 : 64)
/** Where descriptor d's table starts in the chunk's tables (kept in units of 16 bytes above the offset). */
export const tableOf = (d: number): number => ((d >>> TABLE_SHIFT) & 0xff) << 4
/** Whether coded descriptor d keeps half bytes. */
export const isNibbles = (d: number): boolean => (d & NIBBLES) !== 0
/** Where a byte or coded plane of descriptor d starts in its chunk's bytes. */
export const offsetOf = (d: number): number => d & OFFSET
/** Whether descriptors a and b read the same codes (two planes of one run: their tables differ). */
export const sameCodes = (a: number, b: number): boolean => ((a ^ b) & ~(0xff << TABLE_SHIFT)) === 0
/** Half byte `slot` of a nibble plane starting at `off`. */
const nibbleAt = (b: Uint8Array, off: number, slot: number): number => ((b[off + (slot >> 1)] as number) >> ((slot & 1) << 2)) & 15
/** Six bits `slot` of a plane starting at `off`. */
const sixAt = (b: Uint8Array, off: number, slot: number): number => {
  const o = off + (slot >> 2) * 3
  return (((b[o] as number) | ((b[o + 1] as number) << 8) | ((b[o + 2] as number) << 16)) >> ((slot & 3) * 6)) & 63
}
/** A coded plane's code of `slot` (descriptor d). */
export const codeAt = (b: Uint8Array, d: number, slot: number): number => ((d & NIBBLES) !== 0 ? nibbleAt(b, d & OFFSET, slot) : sixAt(b, d & OFFSET, slot))

/** A sealed chunk's kept planes: their descriptors (one per plane of the width; those before `from` unused), the tables and the bytes. */
export interface KeptPlanes {
  readonly planes: Int32Array
  readonly tables: Uint8Array
  readonly bytes: Uint8Array
}

/**
 * Joins the plane at `from` in `b` to the slots' tuple codes `tuple` (written to `next`): how many distinct codes the
 * joined tuples take, or -1 past 16. A special slot (`sp`) takes code 0 and counts for none.
 */
function joinPlane(b: Uint8Array, from: number, tuple: Uint8Array, sp: Uint8Array, next: Uint8Array, pair: Int16Array): number {
  pair.fill(-1)
  let n = 0
  for (let slot = 0; slot < CHUNK_ROWS; slot++) {
    if (sp[slot] === 1) {
      next[slot] = 0
      continue
    }
    const key = ((tuple[slot] as number) << 8) | (b[from + slot] as number)
    let c = pair[key] as number
    if (c === -1) {
      if (n === 16) return -1
      c = n++
      pair[key] = c
    }
    next[slot] = c
  }
  return n
}

/** Whether the first `planes` planes of a full chunk's planar bytes `b` take at most 16 tuples together (their slots' half byte). */
export function fewTuples(b: Uint8Array, planes: number, special: (slot: number) => boolean): boolean {
  const sp = specialSlots(special)
  let tuple = new Uint8Array(CHUNK_ROWS)
  let next = new Uint8Array(CHUNK_ROWS)
  const pair = new Int16Array(16 << 8)
  for (let k = 0; k < planes; k++) {
    if (joinPlane(b, k << CHUNK_SHIFT, tuple, sp, next, pair) < 0) return false
    ;[tuple, next] = [next, tuple]
  }
  return true
}

const specialSlots = (special: (slot: number) => boolean): Uint8Array => {
  const sp = new Uint8Array(CHUNK_ROWS)
  for (let slot = 0; slot < CHUNK_ROWS; slot++) if (special(slot)) sp[slot] = 1
  return sp
}

/**
 * Planes `from`… of a full chunk's planar bytes `b` (`width` planes of CHUNK_ROWS), each as small as its bytes allow, or
 * null when none is smaller than a byte a slot. A null or spilled slot (`special`) means nothing (every reader asks
 * first, or compares a head word, zero for such a slot): it counts for no plane, and a chunk made whole again zeroes it.
 *
 * Planes of at most 16 bytes share one half byte a slot while the tuples of their bytes number at most 16 (`joinPlane`,
 * in plane order; a constant plane between them stays one byte): each keeps its own table (its byte of each tuple) and
 * the same offset. An end-to-end id's ISPB, eight digits of one of a few banks, is half a byte where its planes took half
 * a byte each; a prefix search reads the shared codes once (packed-strings.ts prefixAscii).
 */
export function keepPlanes(b: Uint8Array, width: number, special: (slot: number) => boolean, from = HEAD_PLANES): KeptPlanes | null {
  const planes = new Int32Array(width)
  const sp = specialSlots(special)
  // each plane's bytes, up to 64 of them (the plane's table when it keeps six-bit codes)
  const seen = new Uint8Array(width << 6)
  const distinctOf = new Uint8Array(width)
  const code = new Int16Array(256)
  for (let k = from; k < width; k++) {
    const at = k << CHUNK_SHIFT
    code.fill(-1)
    let distinct = 0
    for (let slot = 0; slot < CHUNK_ROWS && distinct <= 64; slot++) {
      const v = b[at + slot] as number
      if (code[v] !== -1 || sp[slot] === 1) continue
      if (distinct < 64) seen[(k << 6) | distinct] = v
      code[v] = distinct++
    }
    distinctOf[k] = distinct
  }
  // the half-byte planes joined into runs sharing their codes: run[k], the first plane of k's run
  const run = new Int32Array(width).fill(-1)
  let tuple = new Uint8Array(CHUNK_ROWS)
  let next = new Uint8Array(CHUNK_ROWS)
  const pair = new Int16Array(16 << 8)
  let open = -1
  for (let k = from; k < width; k++) {
    const n = distinctOf[k] as number
    if (n <= 1) continue
    if (n > 16) {
      open = -1
      continue
    }
    if (open >= 0 && joinPlane(b, k << CHUNK_SHIFT, tuple, sp, next, pair) >= 0) {
      run[k] = open
      ;[tuple, next] = [next, tuple]
      continue
    }
    open = k
    run[k] = k
    tuple.fill(0)
    joinPlane(b, k << CHUNK_SHIFT, tuple, sp, next, pair)
    ;[tuple, next] = [next, tuple]
  }
  let size = 0
  let tableUnits = 0
  let small = false
  for (let k = from; k < width; k++) {
    const distinct = distinctOf[k] as number
    if (distinct <= 1) {
      planes[k] = ~(distinct === 0 ? 0 : (seen[k << 6] as number))
      small = true
    } else if (distinct <= 16) {
      const first = run[k] as number
      const off = first === k ? size : (planes[first] as number) & OFFSET
      planes[k] = NIBBLES | (tableUnits << TABLE_SHIFT) | off
      if (first === k) size += CHUNK_ROWS >> 1
      tableUnits += 1
      small = true
    } else if (distinct <= 64) {
      planes[k] = SIXES | (tableUnits << TABLE_SHIFT) | size
      size += (CHUNK_ROWS >> 2) * 3
      tableUnits += 4
      small = true
    } else {
      planes[k] = size
      size += CHUNK_ROWS
    }
  }
  if (!small) return null
  const bytes = new Uint8Array(size)
  const tables = new Uint8Array(tableUnits << 4)
  for (let k = from; k < width; k++) {
    const d = planes[k] as number
    if (d < 0) continue
    const at = k << CHUNK_SHIFT
    if (!isCoded(d)) {
      bytes.set(b.subarray(at, at + CHUNK_ROWS), d)
      continue
    }
    const off = d & OFFSET
    const t = tableOf(d)
    if ((d & NIBBLES) !== 0) {
      const first = run[k] as number
      if (first === k) {
        // the run's codes: its planes' tuples, numbered again from the first plane on
        tuple.fill(0)
        joinPlane(b, at, tuple, sp, next, pair)
        ;[tuple, next] = [next, tuple]
        for (let j = k + 1; j < width; j++) {
          if (run[j] !== k) continue
          joinPlane(b, j << CHUNK_SHIFT, tuple, sp, next, pair)
          ;[tuple, next] = [next, tuple]
        }
        for (let slot = 0; slot < CHUNK_ROWS; slot += 2) bytes[off + (slot >> 1)] = (tuple[slot] as number) | ((tuple[slot + 1] as number) << 4)
      }
      // this plane's byte of each code, read from the slots (a special slot's code means nothing)
      for (let slot = 0; slot < CHUNK_ROWS; slot++) if (sp[slot] === 0) tables[t + codeAt(bytes, d, slot)] = b[at + slot] as number
      continue
    }
    // a six-bit plane: its table and codes again; downwards, so a byte of the table keeps its own code where the unused
    // entries after it (0) would give NUL another
    tables.set(seen.subarray(k << 6, (k << 6) + 64), t)
    code.fill(0)
    for (let i = 63; i >= 0; i--) code[tables[t + i] as number] = i
    for (let slot = 0, o = off; slot < CHUNK_ROWS; slot += 4, o += 3) {
      const v =
        (code[b[at + slot] as number] as number) |
        ((code[b[at + slot + 1] as number] as number) << 6) |
        ((code[b[at + slot + 2] as number] as number) << 12) |
        ((code[b[at + slot + 3] as number] as number) << 18)
      bytes[o] = v & 0xff
      bytes[o + 1] = (v >> 8) & 0xff
      bytes[o + 2] = v >> 16
    }
  }
  return { planes, tables, bytes }
}

// ── Reading a chunk (packed-strings.ts) ─────────────────────────────────────────────────────

/** Offset of byte k of a row's slot inside its whole chunk (planar layout). */
const at = (k: number, slot: number): number => (k << CHUNK_SHIFT) | slot

/**
 * A chunk's slots by planes. A sealed full chunk of an ascii column of 4 characters or more keeps its planes 0–3 as
 * one word per slot instead (`head`: b0 << 24 | b1 << 16 | b2 << 8 | b3, case bits kept) and `bytes` holds planes
 * 4… only, unless those four planes take at most 16 tuples (then no head: `isHeadless`); a write makes it whole again
 * (the planes back in `bytes`, `head` null) until the next seal. A prefix search compares a slot's first four characters by one masked compare of its word: the gateway's end-to-end ids all start
 * with "E" and a few banks' ISPBs, so "E6070" passed most chunks' bitmaps and most rows' first bytes (the column's
 * search over 900k ids, its 113k marks included: 10.3 → 4.6 ms in Node, issue 16). The words were a copy of the
 * planes beside them, 4 bytes a slot (the end-to-end ids and txids: 6 bytes a row, issue 33 item 4).
 *
 * Past the head, such a chunk keeps each plane as small as its bytes allow (`planes`, a descriptor a plane, and their
 * `tables`: keepPlanes above): one byte for the whole plane, half a byte or six bits a slot through a table, or a byte a
 * slot; null: every plane a byte a slot, in order. A prefix search compares a chunk's constant planes once, and finds a
 * query character's codes in a plane's table once (no slot of it matches when a constant plane differs, or the table
 * lacks the character).
 */
export interface Chunk {
  bytes: Uint8Array | null
  head: Int32Array | null
  planes: Int32Array | null
  tables: Uint8Array | null
  dirty: boolean
}
/** Whether a chunk keeps every plane a byte a slot in `bytes` (written since its seal, or never sealed so). */
export const isWhole = (ch: Chunk): boolean => ch.head === null && ch.planes === null
/**
 * Whether a sealed chunk keeps no head words: its planes 0–3 took at most 16 tuples (an end-to-end id's "E" and the first
 * digits of a few banks' ISPBs), so `planes` describes every plane from 0, those too kept as codes. Four bytes a slot
 * less, and no lead bitmap (a byte a slot): a prefix search finds in the planes' tables at once whether any slot of the
 * chunk starts so (the gateway's end-to-end ids, issue 33 item 4).
 */
export const isHeadless = (ch: Chunk): boolean => ch.head === null && ch.planes !== null

/** Byte k of a slot, wherever its chunk keeps it (a head word, or a plane). */
export function chunkByte(ch: Chunk, k: number, slot: number): number {
  const head = ch.head
  const b = ch.bytes as Uint8Array
  if (head === null && ch.planes === null) return b[at(k, slot)] as number
  if (head !== null && k < HEAD_PLANES) return ((head[slot] as number) >>> (24 - 8 * k)) & 0xff
  if (ch.planes === null) return b[at(k - HEAD_PLANES, slot)] as number
  const d = ch.planes[k] as number
  if (d < 0) return ~d
  if (!isCoded(d)) return b[d + slot] as number
  return (ch.tables as Uint8Array)[tableOf(d) + codeAt(b, d, slot)] as number
}

/** Where plane k of a chunk lies a byte a slot in its bytes, or -1 (a constant or coded plane, or a head word's). */
export function plainOffset(ch: Chunk, k: number): number {
  if (isWhole(ch)) return at(k, 0)
  if (ch.head !== null && k < HEAD_PLANES) return -1
  if (ch.planes === null) return at(k - HEAD_PLANES, 0)
  const d = ch.planes[k] as number
  return d >= 0 && !isCoded(d) ? d : -1
}
