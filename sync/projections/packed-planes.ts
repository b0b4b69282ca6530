/**
 * How a sealed chunk of a packed ascii column keeps its planes past the head words (packed-strings.ts Chunk; issue 33
 * item 4): each plane as small as its bytes allow. One byte for the whole plane when every slot has it; half a byte a
 * slot when the plane has at most 16 distinct bytes; six bits a slot when it has at most 64; else a byte a slot. A
 * plane kept by codes reads them through its table (its bytes, in code order).
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
/** Half byte `slot` of a nibble plane starting at `off`. */
const nibbleAt = (b: Uint8Array, off: number, slot: number): number => ((b[off + (slot >> 1)] as number) >> ((slot & 1) << 2)) & 15
/** Six bits `slot` of a plane starting at `off`. */
const sixAt = (b: Uint8Array, off: number, slot: number): number => {
  const o = off + (slot >> 2) * 3
  return (((b[o] as number) | ((b[o + 1] as number) << 8) | ((b[o + 2] as number) << 16)) >> ((slot & 3) * 6)) & 63
}
/** A coded plane's code of `slot` (descriptor d). */
export const codeAt = (b: Uint8Array, d: number, slot: number): number => ((d & NIBBLES) !== 0 ? nibbleAt(b, d & OFFSET, slot) : sixAt(b, d & OFFSET, slot))

/** A sealed chunk's planes past the head: their descriptors (one per plane of the width), the tables and the bytes. */
export interface KeptPlanes {
  readonly planes: Int32Array
  readonly tables: Uint8Array
  readonly bytes: Uint8Array
}

/**
 * The planes past the head of a full chunk's planar bytes `b` (`width` planes of CHUNK_ROWS), or null when none is
 * smaller than a byte a slot. A null or spilled slot (`special`) means nothing (every reader asks first, or compares a
 * head word, zero for such a slot): it counts for no plane, and a chunk made whole again gives it the plane's byte.
 */
export function keepPlanes(b: Uint8Array, width: number, special: (slot: number) => boolean): KeptPlanes | null {
  const planes = new Int32Array(width)
  // each plane's bytes, up to 64 of them (the plane's table when it keeps codes)
  const seen = new Uint8Array(width << 6)
  const code = new Int16Array(256)
  let size = 0
  let tableUnits = 0
  let small = false
  for (let k = HEAD_PLANES; k < width; k++) {
    // the plane's bytes (a special slot's count for none): 1, at most 16 or 64 (their codes), or more
    const from = k << CHUNK_SHIFT
    code.fill(-1)
    let distinct = 0
    for (let slot = 0; slot < CHUNK_ROWS && distinct <= 64; slot++) {
      const v = b[from + slot] as number
      if (code[v] !== -1 || special(slot)) continue
      if (distinct < 64) seen[(k << 6) | distinct] = v
      code[v] = distinct++
    }
    if (distinct <= 1) {
      planes[k] = ~(distinct === 0 ? 0 : (seen[k << 6] as number))
      small = true
    } else if (distinct <= 16) {
      planes[k] = NIBBLES | (tableUnits << TABLE_SHIFT) | size
      size += CHUNK_ROWS >> 1
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
  for (let k = HEAD_PLANES; k < width; k++) {
    const d = planes[k] as number
    if (d < 0) continue
    const from = k << CHUNK_SHIFT
    if (!isCoded(d)) {
      bytes.set(b.subarray(from, from + CHUNK_ROWS), d)
      continue
    }
    // the plane's table and codes again (a special slot's byte may be none of them: code 0, it means nothing);
    // downwards, so a byte of the table keeps its own code where the unused entries after it (0) would give NUL another
    const n = codesOf(d)
    const t = tableOf(d)
    tables.set(seen.subarray(k << 6, (k << 6) + n), t)
    code.fill(0)
    for (let i = n - 1; i >= 0; i--) code[tables[t + i] as number] = i
    const off = d & OFFSET
    if (n === 16) {
      for (let slot = 0; slot < CHUNK_ROWS; slot += 2)
        bytes[off + (slot >> 1)] = (code[b[from + slot] as number] as number) | ((code[b[from + slot + 1] as number] as number) << 4)
    } else {
      for (let slot = 0, o = off; slot < CHUNK_ROWS; slot += 4, o += 3) {
        const v =
          (code[b[from + slot] as number] as number) |
          ((code[b[from + slot + 1] as number] as number) << 6) |
          ((code[b[from + slot + 2] as number] as number) << 12) |
          ((code[b[from + slot + 3] as number] as number) << 18)
        bytes[o] = v & 0xff
        bytes[o + 1] = (v >> 8) & 0xff
        bytes[o + 2] = v >> 16
      }
    }
  }
  return { planes, tables, bytes }
}
