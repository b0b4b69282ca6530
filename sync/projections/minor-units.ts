/**
 * Decimal text of integer minor units for exports (DESIGN "Conventions": money is integer
 * minor units, never floats; core §9 decimals per currency). The conversion is done on the
 * digits of the integer, so 0.1 + 0.2 never happens and 2^53 - 1 cents print exactly.
 */

/** "-1234,56" from -123456 with 2 decimals and "," (no thousands grouping: exports are data). */
export const formatMinorUnits = (minor: number, decimals: number, decimalSeparator: string): string => {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount of minor units: ${minor}`)
  const negative = minor < 0
  const digits = String(negative ? -minor : minor)
  if (decimals <= 0) return (negative ? "-" : "") + digits
  const padded = digits.length <= decimals ? "0".repeat(decimals - digits.length + 1) + digits : digits
  const cut = padded.length - decimals
  return (negative ? "-" : "") + padded.slice(0, cut) + decimalSeparator + padded.slice(cut)
}
