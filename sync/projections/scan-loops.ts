/**
 * The scan's innermost loops (DESIGN "Large data", budget "filter/sort/count/sum over 1M local
 * rows p95 ≤ 30 ms"; docs/decisions.md D-list-loop): free functions over typed arrays, each a
 * function of its own so the engine optimises its loop on its own, and the per-row bits they
 * share. Nothing here allocates per row or holds state.
 */

/** A dictionary-index column: Uint16 while the dictionary is small, Uint32 once it is not. */
export type IndexArray = Uint16Array | Uint32Array
/**
 * A table's amounts (integer minor units): 32-bit while every amount fits (R$ 21 million in cents), else 64-bit floats,
 * exact to 2^53 (issue 33 item 4: 4 bytes a row). One table's loops see one of the two.
 */
export type AmountArray = Int32Array | Float64Array

/** Per-row bit (the store's scratch): an identifier prefix of the text matched the row (set by compile, cleared after the query). */
export const TEXT_HIT = 1
/** A row whose description, name or document is a hit of the text (set by markRows for listLoop, cleared after). */
export const TEXT_DICT = 2
export const TEXT_ANY = TEXT_HIT | TEXT_DICT

/**
 * The rows of [lo, hi) (in date order) whose wallet and code pass their masks and whose text
 * matches — a hit of one of the dictionaries by index, or the row's own TEXT_HIT bit — listed in
 * `out`; returns how many. A function of its own, so its loop is optimised on its own.
 */
export function prefilterRows(
  lo: number,
  hi: number,
  wm: Uint8Array | null,
  walletCol: Uint16Array,
  cm: Uint8Array | null,
  codeCol: Uint16Array,
  descCol: IndexArray | null,
  dh: Uint8Array,
  nameCol: IndexArray | null,
  nh: Uint8Array,
  docCol: IndexArray | null,
  dch: Uint8Array,
  rowBits: Uint8Array | null,
  out: Uint32Array
): number {
  let k = 0
  for (let r = lo; r < hi; r++) {
    if (
      (descCol !== null && dh[descCol[r] as number] === 1) ||
      (nameCol !== null && nh[nameCol[r] as number] === 1) ||
      (docCol !== null && dch[docCol[r] as number] === 1) ||
      (rowBits !== null && ((rowBits[r] as number) & TEXT_HIT) !== 0)
    ) {
      if (wm !== null && wm[walletCol[r] as number] === 0) continue
      if (cm !== null && cm[codeCol[r] as number] === 0) continue
      out[k++] = r
    }
  }
  return k
}

/**
 * Sets TEXT_DICT in `bits` for each row whose string in `col` is a dictionary hit: rows from…to-1,
 * or the rows src[from…to-1]. One column per call, so each is a loop of two reads (listLoop then
 * tests one byte per row, where testing three columns in its own loop made it several times slower).
 */
export function markRows(src: Uint32Array | null, from: number, to: number, col: IndexArray, hits: Uint8Array, bits: Uint8Array): void {
  if (src === null) {
    for (let r = from; r < to; r++) if (hits[col[r] as number] === 1) bits[r] = (bits[r] as number) | TEXT_DICT
  } else {
    for (let i = from; i < to; i++) {
      const r = src[i] as number
      if (hits[col[r] as number] === 1) bits[r] = (bits[r] as number) | TEXT_DICT
    }
  }
}

/** Clears `bit` in `bits` for rows from…to-1, or the rows src[from…to-1]. */
export function clearBit(src: Uint32Array | null, from: number, to: number, bits: Uint8Array, bit: number): void {
  const keep = ~bit & 0xff
  if (src === null) for (let r = from; r < to; r++) bits[r] = (bits[r] as number) & keep
  else
    for (let i = from; i < to; i++) {
      const r = src[i] as number
      bits[r] = (bits[r] as number) & keep
    }
}

/** What `listLoop` reads. */
export interface ListLoop {
  /** Visit positions first…last-1 of `src` (ascending or not), or the rows themselves when `src` is null. */
  readonly first: number
  readonly last: number
  readonly asc: boolean
  readonly src: Uint32Array | null
  /** Candidate rows are not cut to the period: test each row's date. */
  readonly checkDate: boolean
  readonly fromMs: number
  readonly toMs: number
  readonly createdAt: Float64Array
  readonly walletCol: Uint16Array
  readonly codeCol: Uint16Array
  readonly amount: AmountArray
  readonly minA: number
  readonly maxA: number
  /** Test each row's text bits (TEXT_ANY: an identifier hit, or a dictionary hit marked by markRows). */
  readonly hasText: boolean
  readonly rowBits: Uint8Array
  readonly win: Uint32Array
  readonly winStart: number
  readonly winEnd: number
  readonly stopAt: number
  readonly codeSpace: number
  /** Per (wallet, code) pair — index wallet · codeSpace + code —: whether the filter keeps it (1), then the matches and the sum of their amounts. */
  readonly pairOk: Uint8Array
  readonly pairN: Float64Array
  readonly pairA: Float64Array
}

const SMI_MAX = 0x3fffffff
const smi = (x: number): number => (x > SMI_MAX ? SMI_MAX : x)

/**
 * The scan's loop for the answer most filters ask (no groups, date order): tests each row and,
 * for a match, puts it in the window and adds it to its (wallet, code) pair — one count and one
 * sum, where the general loop keeps sums in, out, per currency and per wallet row by row. The
 * pairs are folded into those totals after: integers, so the sums are exact in any order. The
 * wallet and code masks are one pair mask, the text one bit per row (markRows), the bounds small
 * integers, so each row costs a few reads and no test of an optional part (docs/decisions.md
 * D-list-loop, with its figures).
 */
export function listLoop(L: ListLoop): { total: number; wc: number; stopped: boolean } {
  const { first, last, src, checkDate, createdAt, fromMs, toMs, walletCol, codeCol, amount, minA, maxA, rowBits, win, codeSpace, pairOk, pairN, pairA } = L
  const textPass = L.hasText ? 0 : TEXT_ANY
  const winStart = smi(L.winStart)
  const winEnd = smi(L.winEnd)
  const stopAt = smi(L.stopAt)
  const direct = src === null
  const step = L.asc ? 1 : -1
  const end = L.asc ? last : first - 1
  let total = 0
  let wc = 0
  for (let i = L.asc ? first : last - 1; i !== end; i += step) {
    const r = direct ? i : (src[i] as number)
    if (checkDate) {
      const t = createdAt[r] as number
      if (t < fromMs || t >= toMs) continue
    }
    if ((((rowBits[r] as number) | textPass) & TEXT_ANY) === 0) continue
    const k = (walletCol[r] as number) * codeSpace + (codeCol[r] as number)
    if (pairOk[k] === 0) continue
    const a = amount[r] as number
    if (a < minA || a > maxA) continue
    if (total >= winStart && total < winEnd) win[wc++] = r
    total++
    pairN[k] = (pairN[k] as number) + 1
    pairA[k] = (pairA[k] as number) + a
    if (total >= stopAt) return { total, wc, stopped: true }
  }
  return { total, wc, stopped: false }
}

/** Q9: the rows from…to-1 (an index's tail) whose entry is a hit, tested one by one, as EntryRows.gather lists the indexed ones. */
export function gatherTail(hits: Uint8Array, col: IndexArray, from: number, to: number, bits: Uint8Array, out: Uint32Array, k: number): number {
  for (let r = from; r < to; r++) {
    const b = bits[r] as number
    if (hits[col[r] as number] !== 1 || (b & TEXT_DICT) !== 0) continue
    bits[r] = b | TEXT_DICT
    out[k++] = r
  }
  return k
}

/**
 * Q9: keeps at the front of list[0…n) the live rows in the period, with a pair the filter keeps and
 * an amount in range, adding each to its pair (count and sum, as listLoop does); returns how many.
 */
export function keepInFilter(
  list: Uint32Array,
  n: number,
  codeCol: Uint16Array,
  walletCol: Uint16Array,
  amount: AmountArray,
  createdAt: Float64Array,
  dead: number,
  space: number,
  pairOk: Uint8Array,
  pairN: Float64Array,
  pairA: Float64Array,
  from: number,
  to: number,
  minA: number,
  maxA: number
): number {
  let m = 0
  for (let i = 0; i < n; i++) {
    const r = list[i] as number
    const code = codeCol[r] as number
    if (code === dead) continue
    const t = createdAt[r] as number
    if (t < from || t >= to) continue
    const k = (walletCol[r] as number) * space + code
    if (pairOk[k] === 0) continue
    const a = amount[r] as number
    if (a < minA || a > maxA) continue
    list[m++] = r
    pairN[k] = (pairN[k] as number) + 1
    pairA[k] = (pairA[k] as number) + a
  }
  return m
}
