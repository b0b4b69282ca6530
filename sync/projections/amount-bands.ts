/**
 * Amount bands (sync/SPEC.md Q10; issue 16 `gateway-filter-1m`): each amount in minor units falls in
 * one of a few hundred bands — 0, 1, 2, 3 alone, then four bands per power of two (the amount's
 * leading bit and the two after it) — computed with integer arithmetic, so a band's bounds are exact.
 * The projection keeps per band the (wallet, code) totals of its rows (EntryTotals, with the band as
 * the entry): an amount range over the whole period adds up the bands wholly inside it and visits
 * only the rows of the (at most two) bands it cuts, found in the amount order.
 */
import type { AmountArray } from "./scan-loops.ts"

/** Bands: 4 single values, then 4 per power of two from 2² to 2⁵² (every safe integer: the last band ends past 2⁵³). */
export const AMOUNT_BANDS = 4 + 4 * 51

/** The band of a non-negative integer amount. */
export function bandOf(a: number): number {
  if (a < 4) return a
  let bits = Math.floor(Math.log2(a))
  // Math.log2 may round across a power of two: set it right
  if (2 ** bits > a) bits--
  else if (2 ** (bits + 1) <= a) bits++
  const top = Math.floor(a / 2 ** (bits - 2)) // 4…7: the leading bit and the two after it
  return 4 + 4 * (bits - 2) + (top - 4)
}

/** The least amount of band `b` (bandOf(bandLow(b)) === b; the band holds bandLow(b) … bandLow(b + 1) - 1). */
export function bandLow(b: number): number {
  if (b < 4) return b
  const bits = 2 + Math.floor((b - 4) / 4)
  return (4 + ((b - 4) % 4)) * 2 ** (bits - 2)
}

/** Each row's band (rows 0…n-1; a negative or fractional amount makes the bands unusable: null). */
export function bandColumn(amount: AmountArray, n: number): Uint16Array | null {
  const col = new Uint16Array(Math.max(1, n))
  for (let r = 0; r < n; r++) {
    const a = amount[r] as number
    if (!(a >= 0) || !Number.isInteger(a)) return null
    col[r] = bandOf(a)
  }
  return col
}
