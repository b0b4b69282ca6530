/**
 * Conversion arithmetic for the coins screen (spec features §3 "Conversion: sell price, buy
 * price, IOF tax, spread", §5 "Conversion amount has a minimum", §9 decimals per currency;
 * DESIGN "Money is integer cents or integer minor units, never floats"). Everything is BigInt
 * on integer minor units: prices are BRL cents per whole unit of the coin (schema SpotQuote).
 *
 * The expected result is an estimate shown before the user confirms and carried to the
 * optimistic balance (ConvertPayload.expected_to_amount); the server's answer is the truth.
 * The fee model (IOF on the BRL side, spread already inside the buy/sell prices) is the
 * sandbox's, recorded in docs/decisions.md; the rates come from the quote.
 */

export type ConversionSide = "buy" | "sell"

export interface QuoteTerms {
  readonly price_buy: number
  readonly price_sell: number
  readonly iof_bps: number
  readonly spread_bps: number
  readonly min_amount: number
}

export interface ConversionEstimate {
  /** Minor units of the currency received. */
  readonly toAmount: number
  /** The BRL side of the operation, in cents (what the minimum applies to). */
  readonly brlSide: number
  /** IOF in cents. */
  readonly iof: number
  /** The price used (BRL cents per whole coin). */
  readonly price: number
}

const pow10 = (n: number): bigint => 10n ** BigInt(n)
/** a / b rounded half up, for non-negative a and positive b. */
const divRound = (a: bigint, b: bigint): bigint => (a * 2n + b) / (2n * b)

/**
 * buy: BRL → coin. `amount` in cents; IOF on it; the rest buys at price_buy, rounded down.
 * sell: coin → BRL. `amount` in the coin's minor units sells at price_sell (rounded down to the
 * cent); IOF comes off the proceeds.
 */
export function estimateConversion(side: ConversionSide, amount: number, coinDecimals: number, q: QuoteTerms): ConversionEstimate | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return null
  const dec = pow10(coinDecimals)
  const bps = BigInt(q.iof_bps)
  if (side === "buy") {
    if (q.price_buy <= 0) return null
    const iof = divRound(BigInt(amount) * bps, 10_000n)
    const net = BigInt(amount) - iof
    const to = net > 0n ? (net * dec) / BigInt(q.price_buy) : 0n
    return { toAmount: Number(to), brlSide: amount, iof: Number(iof), price: q.price_buy }
  }
  const gross = (BigInt(amount) * BigInt(q.price_sell)) / dec
  const iof = divRound(gross * bps, 10_000n)
  const to = gross - iof
  return { toAmount: Number(to > 0n ? to : 0n), brlSide: Number(gross), iof: Number(iof), price: q.price_sell }
}

export type ConversionProblem = "AMOUNT_BELOW_MINIMUM" | "INSUFFICIENT_BALANCE"

/** features §5: the BRL side must reach the quote's minimum and yield something; the balance must cover the amount. */
export function conversionProblem(amount: number, available: number, estimate: ConversionEstimate | null, q: QuoteTerms): ConversionProblem | null {
  if (estimate === null || estimate.brlSide < q.min_amount || estimate.toAmount <= 0) return "AMOUNT_BELOW_MINIMUM"
  if (amount > available) return "INSUFFICIENT_BALANCE"
  return null
}

/** Basis points as a percentage text with two decimals: 38 → "0,38" (pt) / "0.38" (en). */
export function bpsToPercent(bps: number, locale: "pt" | "en"): string {
  const neg = bps < 0
  const abs = Math.abs(Math.trunc(bps))
  const s = `${Math.floor(abs / 100)}${locale === "en" ? "." : ","}${String(abs % 100).padStart(2, "0")}`
  return neg ? `-${s}` : s
}

/**
 * A decimal typed by the user → integer minor units with `decimals` places, or null.
 * pt: comma decimal, optional dot thousands ("1.234,5"); en: dot decimal, optional comma
 * thousands ("1,234.5"). More fraction digits than the currency has → null (nothing rounded
 * behind the user's back).
 */
export function parseDecimalInput(text: string, decimals: number, locale: "pt" | "en"): number | null {
  const t = text.replace(/[\s\u00a0\u202f]+/g, "")
  if (t.length === 0 || t.length > 40) return null
  const dec = locale === "en" ? "." : ","
  const thou = locale === "en" ? "," : "."
  const esc = (c: string): string => (c === "." ? "\\." : c)
  const re = new RegExp(`^([0-9]{1,3}(?:${esc(thou)}[0-9]{3})+|[0-9]+)(?:${esc(dec)}([0-9]+))?$`)
  const m = re.exec(t)
  if (!m) return null
  const whole = (m[1] ?? "").split(thou).join("")
  const frac = m[2] ?? ""
  if (frac.length > decimals) return null
  const v = BigInt(whole + frac.padEnd(decimals, "0"))
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) return null
  return Number(v)
}
