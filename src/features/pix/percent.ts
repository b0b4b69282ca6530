/**
 * A percentage as typed in Portuguese or English ("2", "2,5", "0.75", "1,25 %") → basis points (integers, as
 * the due-date terms keep them; D-pix-qr-variants). Null when it is not a number with at most two decimals
 * or is over 100 %.
 */
export const percentToBp = (text: string): number | null => {
  const t = text.trim().replace(/\s*%$/, "").replace(",", ".")
  if (t === "") return 0
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(t)
  if (m === null) return null
  const bp = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"))
  return bp > 10_000 ? null : bp
}

/** Basis points shown as a percentage in the user's locale ("2,5 %" / "2.5%"). */
export const bpToPercent = (bp: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(bp / 10_000)
