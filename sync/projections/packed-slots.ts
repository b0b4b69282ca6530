/**
 * How a value becomes the bytes of a packed column's slot (packed-strings.ts): a canonical UUID as its 16 bytes with a
 * case mask, an ascii value as one byte a character with its case in the top bit, SPILL for a value that fits neither;
 * and the hash of a spilled value's text, which a slot's hash agrees with.
 */
export const UUID_BYTES = 16
export const ALL_UPPER = 0xffffffff
/** An ascii slot's byte for an uppercase letter: its lowercase code with this bit set. */
export const CASE_BIT = 0x80
/** The character an ascii slot's byte stands for. */
export const asciiOf = (b: number): number => (b >= CASE_BIT ? (b & 0x7f) - 32 : b)
export const SPILL = -1

// Dashed UUID text position ↔ nibble index; the dashes sit at 8, 13, 18 and 23.
export const TEXT_TO_NIBBLE = new Int8Array(36)
for (let t = 0, j = 0; t < 36; t++) {
  if (t === 8 || t === 13 || t === 18 || t === 23) TEXT_TO_NIBBLE[t] = -1
  else {
    TEXT_TO_NIBBLE[t] = j
    j++
  }
}
export const HEX_CODE = (nib: number): number => (nib < 10 ? 48 + nib : 87 + nib)

/** FNV-1a over the ASCII-lowercased code units: the hash of a spilled value (hashPrepared, hashRow), from its text. */
export const hashString = (v: string): number => {
  let h = 0x811c9dc5 | 0
  for (let k = 0; k < v.length; k++) {
    let c = v.charCodeAt(k)
    if (c >= 65 && c <= 90) c += 32
    h = Math.imul(h ^ c, 0x01000193)
  }
  return h >>> 0
}

/** A UUID's case mask: its uppercase nibbles' bits, or ALL_UPPER when it has no lowercase letter. */
const caseMask = (upper: number, lowerLetters: boolean): number => {
  if (upper === 0) return 0
  if (!lowerLetters) return ALL_UPPER
  const u = upper >>> 0
  // a mixed-case value whose 32 chars are all uppercase letters would read as "all upper"
  return u === ALL_UPPER ? SPILL : u
}

// Per ASCII code: the hex value, | 16 for an uppercase letter, | 32 for a lowercase one; 255 not hex
const HEX_INFO = new Uint8Array(128).fill(255)
for (let d = 0; d < 10; d++) HEX_INFO[48 + d] = d
for (let d = 0; d < 6; d++) {
  HEX_INFO[97 + d] = (10 + d) | 32
  HEX_INFO[65 + d] = (10 + d) | 16
}
// the dash-free runs of a UUID's text, [start, end): each has an even length, so its hex pairs
// are whole bytes
const UUID_RUNS = [0, 8, 9, 13, 14, 18, 19, 23, 24, 36] as const

export const encodeUuid = (v: string, out: Uint8Array): number => {
  if (v.length !== 36 || v.charCodeAt(8) !== 45 || v.charCodeAt(13) !== 45 || v.charCodeAt(18) !== 45 || v.charCodeAt(23) !== 45) return SPILL
  let upper = 0
  let flags = 0
  let j = 0
  for (let run = 0; run < UUID_RUNS.length; run += 2) {
    for (let t = UUID_RUNS[run] as number, end = UUID_RUNS[run + 1] as number; t < end; t += 2) {
      const c1 = v.charCodeAt(t)
      const c2 = v.charCodeAt(t + 1)
      if ((c1 | c2) > 127) return SPILL
      const hi = HEX_INFO[c1] as number
      const lo = HEX_INFO[c2] as number
      if (hi === 255 || lo === 255) return SPILL
      out[j >> 1] = ((hi & 15) << 4) | (lo & 15)
      if ((hi & 16) !== 0) upper |= 1 << j
      if ((lo & 16) !== 0) upper |= 1 << (j + 1)
      flags |= hi | lo
      j += 2
    }
  }
  return caseMask(upper, (flags & 32) !== 0)
}

/** The value's ascii slot bytes (case in CASE_BIT): 0, or SPILL when it does not fit. */
export const encodeAscii = (v: string, out: Uint8Array, width: number): number => {
  const len = v.length
  if (len > width) return SPILL
  for (let k = 0; k < len; k++) {
    const c = v.charCodeAt(k)
    if (c === 0 || c > 127) return SPILL
    out[k] = c >= 65 && c <= 90 ? (c + 32) | CASE_BIT : c
  }
  out.fill(0, len, width)
  return 0
}
