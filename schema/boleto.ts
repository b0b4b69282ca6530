/**
 * Boleto (bank slip and collection slip) typeable lines: validation, conversion to the
 * 44-digit barcode, decoding and generation (the sandbox uses the generators).
 *
 * Serves spec features §2 (Banking: boleto), §5 (boleto amount rules) and §7 (Boleto calls).
 * The layouts follow the FEBRABAN specifications:
 * - "ficha de compensação" (bank slip): 47-digit typeable line, 44-digit barcode
 *   (bank 3, currency 1, general check digit 1, due factor 4, amount 10, free field 25);
 * - "arrecadação" (collection slip: utilities, taxes): 48-digit typeable line made of four
 *   blocks of 11 barcode digits each followed by its own check digit; barcode starts with 8.
 * Plain synchronous functions, no dependencies, no floating point.
 */

const DIGITS = /^[0-9]+$/

/** Removes the separators people type or copy: dots, spaces (any whitespace) and hyphens. */
function stripSeparators(s: string): string {
  return s.replace(/[.\s-]/g, "")
}

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 48
}

/**
 * Modulo 10 check digit (FEBRABAN): weights 2,1,2,1… from the rightmost digit; products
 * above 9 have their digits summed; DV = (10 − sum mod 10) mod 10.
 * Used by the bank slip fields 1–3 and by collection slips whose third digit is 6 or 7.
 */
export function mod10(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    let p = digitAt(digits, i) * weight
    if (p > 9) p -= 9 // same as summing the two digits of p (p ≤ 18)
    sum += p
    weight = weight === 2 ? 1 : 2
  }
  return (10 - (sum % 10)) % 10
}

/** Weighted sum with weights 2..9 repeating from the rightmost digit. */
function mod11Sum(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += digitAt(digits, i) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  return sum
}

/**
 * Modulo 11 general check digit of the bank slip barcode (FEBRABAN "ficha de compensação"):
 * DV = 11 − (sum mod 11); results 0, 10 and 11 give 1.
 */
export function mod11BankSlip(digits: string): number {
  const dv = 11 - (mod11Sum(digits) % 11)
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv
}

/**
 * Modulo 11 check digit of the collection slip (FEBRABAN "arrecadação", value id 8 or 9):
 * remainder 0 or 1 gives 0; otherwise DV = 11 − remainder (remainder 10 gives 1).
 */
export function mod11Collection(digits: string): number {
  const r = mod11Sum(digits) % 11
  return r === 0 || r === 1 ? 0 : 11 - r
}

/** Check digit function of a collection slip, chosen by its third digit (6/7 → mod 10, 8/9 → mod 11). */
function collectionDv(valueId: string): ((digits: string) => number) | null {
  if (valueId === "6" || valueId === "7") return mod10
  if (valueId === "8" || valueId === "9") return mod11Collection
  return null
}

/* ------------------------------------------------------------------------------------------ */
/* Bank slip (47 digits)                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** Barcode of a bank slip line, no check-digit verification (positions per FEBRABAN). */
function bankLineToBarcodeRaw(line: string): string {
  return (
    line.slice(0, 4) + // bank + currency
    line.slice(32, 33) + // general check digit
    line.slice(33, 47) + // due factor + amount
    line.slice(4, 9) + // free field 1–5
    line.slice(10, 20) + // free field 6–15
    line.slice(21, 31) // free field 16–25
  )
}

function isValidBankSlipDigits(line: string): boolean {
  // spec features §2 boleto — fields 1–3 each end with a mod 10 check digit
  if (mod10(line.slice(0, 9)) !== digitAt(line, 9)) return false
  if (mod10(line.slice(10, 20)) !== digitAt(line, 20)) return false
  if (mod10(line.slice(21, 31)) !== digitAt(line, 31)) return false
  // general check digit (line position 33 = barcode position 5), mod 11 over the other 43 digits
  const barcode = bankLineToBarcodeRaw(line)
  return mod11BankSlip(barcode.slice(0, 4) + barcode.slice(5)) === digitAt(barcode, 4)
}

/* ------------------------------------------------------------------------------------------ */
/* Collection slip (48 digits, starts with 8)                                                  */
/* ------------------------------------------------------------------------------------------ */

function collectionLineToBarcodeRaw(line: string): string {
  return line.slice(0, 11) + line.slice(12, 23) + line.slice(24, 35) + line.slice(36, 47)
}

function isValidCollectionDigits(line: string): boolean {
  if (line[0] !== "8") return false
  const dv = collectionDv(line.slice(2, 3))
  if (dv === null) return false
  // four blocks of 11 digits, each followed by its own check digit
  for (let b = 0; b < 4; b++) {
    const start = b * 12
    if (dv(line.slice(start, start + 11)) !== digitAt(line, start + 11)) return false
  }
  // general check digit at barcode position 4, computed over the other 43 digits
  const barcode = collectionLineToBarcodeRaw(line)
  return dv(barcode.slice(0, 3) + barcode.slice(4)) === digitAt(barcode, 3)
}

/* ------------------------------------------------------------------------------------------ */
/* Public API                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export type BoletoKind = "bank" | "collection"

/** Plain digits of a typeable line, or null when it has other characters or the wrong length. */
export function normalizeBoletoLine(s: string): string | null {
  if (typeof s !== "string" || s.length > 120) return null
  const d = stripSeparators(s)
  if (!DIGITS.test(d)) return null
  if (d.length === 47) return d
  if (d.length === 48 && d[0] === "8") return d
  return null
}

/** "bank" (47 digits), "collection" (48 digits starting with 8) or null, by shape only. */
export function boletoKind(s: string): BoletoKind | null {
  const d = normalizeBoletoLine(s)
  if (d === null) return null
  return d.length === 47 ? "bank" : "collection"
}

/**
 * spec features §2 boleto — true for a valid 47-digit bank slip line or 48-digit collection
 * slip line, with or without dots, spaces and hyphens.
 */
export function isValidBoletoLine(s: string): boolean {
  const d = normalizeBoletoLine(s)
  if (d === null) return false
  return d.length === 47 ? isValidBankSlipDigits(d) : isValidCollectionDigits(d)
}

/** True for a valid 44-digit barcode (bank slip or collection slip). */
export function isValidBoletoBarcode(s: string): boolean {
  if (typeof s !== "string") return false
  const d = stripSeparators(s)
  if (d.length !== 44 || !DIGITS.test(d)) return false
  if (d[0] === "8") {
    const dv = collectionDv(d.slice(2, 3))
    return dv !== null && dv(d.slice(0, 3) + d.slice(4)) === digitAt(d, 3)
  }
  return mod11BankSlip(d.slice(0, 4) + d.slice(5)) === digitAt(d, 4)
}

/**
 * The 44-digit barcode rebuilt from a typeable line, or null when the line is not valid
 * (any check digit wrong counts as not valid).
 */
export function boletoLineToBarcode(s: string): string | null {
  if (!isValidBoletoLine(s)) return null
  const d = normalizeBoletoLine(s)
  if (d === null) return null
  return d.length === 47 ? bankLineToBarcodeRaw(d) : collectionLineToBarcodeRaw(d)
}

/** The typeable line (plain digits) of a valid 44-digit barcode, or null. */
export function boletoBarcodeToLine(s: string): string | null {
  if (!isValidBoletoBarcode(s)) return null
  const b = stripSeparators(s)
  if (b[0] === "8") {
    const dv = collectionDv(b.slice(2, 3))
    if (dv === null) return null
    let line = ""
    for (let i = 0; i < 4; i++) {
      const block = b.slice(i * 11, i * 11 + 11)
      line += block + String(dv(block))
    }
    return line
  }
  const free = b.slice(19, 44)
  const f1 = b.slice(0, 4) + free.slice(0, 5)
  const f2 = free.slice(5, 15)
  const f3 = free.slice(15, 25)
  return f1 + mod10(f1) + f2 + mod10(f2) + f3 + mod10(f3) + b.slice(4, 5) + b.slice(5, 19)
}

/**
 * Display form of a line: bank slip `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`,
 * collection slip `NNNNNNNNNNN-N NNNNNNNNNNN-N NNNNNNNNNNN-N NNNNNNNNNNN-N`.
 * Returns the input unchanged when it is not a line of either shape.
 */
export function formatBoletoLine(s: string): string {
  const d = normalizeBoletoLine(s)
  if (d === null) return s
  if (d.length === 47) {
    return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`
  }
  return [0, 1, 2, 3].map((b) => `${d.slice(b * 12, b * 12 + 11)}-${d.slice(b * 12 + 11, b * 12 + 12)}`).join(" ")
}

/* ------------------------------------------------------------------------------------------ */
/* Due factor (fator de vencimento)                                                            */
/* ------------------------------------------------------------------------------------------ */

const DAY_MS = 86_400_000
/** FEBRABAN base date 1997-10-07 (factor 0); factor 9999 = 2025-02-21, then the cycle restarts at 1000 on 2025-02-22. */
const FACTOR_BASE_UTC = Date.UTC(1997, 9, 7)

function parseIsoDay(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  const t = Date.UTC(y, mo - 1, d)
  const check = new Date(t)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null
  return t
}

function isoDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10)
}

/**
 * Due factor of a "YYYY-MM-DD" due date (days since 1997-10-07, wrapping from 9999 back to
 * 1000 as FEBRABAN defined for 2025-02-22 onwards). Null for dates before 2000-07-03 (factor 1000)
 * or invalid input.
 */
export function dueDateToFactor(date: string): number | null {
  const t = parseIsoDay(date)
  if (t === null) return null
  let days = Math.round((t - FACTOR_BASE_UTC) / DAY_MS)
  if (days < 1000) return null
  while (days > 9999) days -= 9000
  return days
}

/**
 * Due date ("YYYY-MM-DD") of a factor (1000..9999), picking the cycle whose date is closest
 * to `reference` (default: today). Factor 0 means "no due date" and gives null.
 */
export function dueFactorToDate(factor: number, reference: Date = new Date()): string | null {
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999) return null
  const ref = reference.getTime()
  let best: number | null = null
  for (let cycle = 0; cycle < 10; cycle++) {
    const t = FACTOR_BASE_UTC + (factor + cycle * 9000) * DAY_MS
    if (best === null || Math.abs(t - ref) < Math.abs(best - ref)) best = t
  }
  return best === null ? null : isoDay(best)
}

/* ------------------------------------------------------------------------------------------ */
/* Decoding                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type DecodedBoleto =
  | {
      readonly kind: "bank"
      readonly barcode: string
      readonly bank: string
      readonly currency: string
      readonly dueFactor: number
      /** 0 when the slip carries no amount (amount defined at payment). */
      readonly amountCents: number
      readonly free: string
    }
  | {
      readonly kind: "collection"
      readonly barcode: string
      readonly segment: string
      readonly valueId: string
      /** Only meaningful for value id 6 or 8 (effective amount in reais); 7 and 9 carry a reference value. */
      readonly amountCents: number
      readonly company: string
      readonly free: string
    }

/** Decodes a valid typeable line into its parts; null when the line is not valid. */
export function decodeBoletoLine(s: string): DecodedBoleto | null {
  const barcode = boletoLineToBarcode(s)
  if (barcode === null) return null
  if (barcode[0] === "8") {
    const segment = barcode.slice(1, 2)
    const companyLength = segment === "6" ? 8 : 4 // segment 6 uses the 8-digit CNPJ base
    return {
      kind: "collection",
      barcode,
      segment,
      valueId: barcode.slice(2, 3),
      amountCents: Number(barcode.slice(4, 15)),
      company: barcode.slice(15, 15 + companyLength),
      free: barcode.slice(15 + companyLength)
    }
  }
  return {
    kind: "bank",
    barcode,
    bank: barcode.slice(0, 3),
    currency: barcode.slice(3, 4),
    dueFactor: Number(barcode.slice(5, 9)),
    amountCents: Number(barcode.slice(9, 19)),
    free: barcode.slice(19, 44)
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Generators (sandbox, tests)                                                                 */
/* ------------------------------------------------------------------------------------------ */

function requireDigits(name: string, value: string, length: number): string {
  if (!DIGITS.test(value) || value.length !== length) {
    throw new RangeError(`${name} must be ${length} digits, got "${value}"`)
  }
  return value
}

function amountDigits(amountCents: number | bigint, length: number): string {
  const v = typeof amountCents === "bigint" ? amountCents : Number.isSafeInteger(amountCents) ? BigInt(amountCents) : -1n
  if (v < 0n) throw new RangeError(`amountCents must be a non-negative integer, got ${String(amountCents)}`)
  const s = v.toString()
  if (s.length > length) throw new RangeError(`amountCents does not fit ${length} digits`)
  return s.padStart(length, "0")
}

export interface BankSlipInput {
  /** 3-digit bank code, e.g. "001" (Banco do Brasil); must not start with 8 (collection slips). */
  readonly bank: string
  /** Currency code, "9" for real (default). */
  readonly currency?: string
  /** Amount in cents, 0 for "amount defined at payment"; at most 10 digits. */
  readonly amountCents: number | bigint
  /** Due factor 1000..9999, or 0 for no due date. Use `dueDateToFactor` to get it from a date. */
  readonly dueFactor: number
  /** Free field (bank-defined), up to 25 digits; right-padded with zeros. */
  readonly free?: string
}

/** Builds the 44-digit bank slip barcode with its general check digit. */
export function makeBankSlipBarcode(input: BankSlipInput): string {
  const bank = requireDigits("bank", input.bank, 3)
  // a 44-digit barcode starting with 8 is a collection slip (FEBRABAN product id 8)
  if (bank.startsWith("8")) throw new RangeError(`bank must not start with 8, got "${bank}"`)
  const currency = requireDigits("currency", input.currency ?? "9", 1)
  if (!Number.isInteger(input.dueFactor) || input.dueFactor < 0 || input.dueFactor > 9999) {
    throw new RangeError(`dueFactor must be 0..9999, got ${input.dueFactor}`)
  }
  const factor = String(input.dueFactor).padStart(4, "0")
  const freeIn = input.free ?? ""
  if (!/^[0-9]{0,25}$/.test(freeIn)) throw new RangeError("free must be up to 25 digits")
  const free = freeIn.padEnd(25, "0")
  const body = bank + currency + factor + amountDigits(input.amountCents, 10) + free // 43 digits
  const dv = mod11BankSlip(body)
  return body.slice(0, 4) + String(dv) + body.slice(4)
}

/** Builds a valid 47-digit bank slip typeable line (plain digits; see `formatBoletoLine`). */
export function makeBankSlipLine(input: BankSlipInput): string {
  const line = boletoBarcodeToLine(makeBankSlipBarcode(input))
  if (line === null) throw new Error("unreachable: generated barcode did not validate")
  return line
}

export interface CollectionSlipInput {
  /** Segment 1..9 (1 city halls, 2 sanitation, 3 electricity and gas, 4 telecom, 5 government, 6 companies/CNPJ, 7 traffic fines, 9 bank-only). */
  readonly segment: string
  /** "6" or "8" effective amount (mod 10 / mod 11); "7" or "9" reference amount. Default "6". */
  readonly valueId?: string
  /** Amount in cents, at most 11 digits. */
  readonly amountCents: number | bigint
  /** Company / agency id: 4 digits (8 digits, the CNPJ base, for segment 6). Default zeros. */
  readonly company?: string
  /** Free field up to the remaining digits (25, or 21 for segment 6), right-padded with zeros. */
  readonly free?: string
}

/** Builds the 44-digit collection slip barcode with its general check digit. */
export function makeCollectionSlipBarcode(input: CollectionSlipInput): string {
  const segment = requireDigits("segment", input.segment, 1)
  const valueId = input.valueId ?? "6"
  const dv = collectionDv(valueId)
  if (dv === null) throw new RangeError(`valueId must be 6, 7, 8 or 9, got "${valueId}"`)
  const companyLength = segment === "6" ? 8 : 4
  const company = requireDigits("company", input.company ?? "0".repeat(companyLength), companyLength)
  const freeLength = 29 - companyLength
  const freeIn = input.free ?? ""
  if (!DIGITS.test(freeIn || "0") || freeIn.length > freeLength) {
    throw new RangeError(`free must be up to ${freeLength} digits`)
  }
  const body = "8" + segment + valueId + amountDigits(input.amountCents, 11) + company + freeIn.padEnd(freeLength, "0")
  return body.slice(0, 3) + String(dv(body)) + body.slice(3)
}

/** Builds a valid 48-digit collection slip typeable line (plain digits; see `formatBoletoLine`). */
export function makeCollectionSlipLine(input: CollectionSlipInput): string {
  const line = boletoBarcodeToLine(makeCollectionSlipBarcode(input))
  if (line === null) throw new Error("unreachable: generated barcode did not validate")
  return line
}
