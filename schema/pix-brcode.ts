/**
 * Pix copy-and-paste codes (BR Code, EMV® QRCPS-MPM TLV): decoding with tagged errors,
 * encoding of static codes, and the CRC16-CCITT checksum.
 *
 * Serves spec features §1 and §2 (Pix: pay by copy-and-paste code or QR code, receive through
 * QR codes) and features §7 (Pix payments and QR codes). Layout per the Banco Central do Brasil
 * "Manual de Padrões para Iniciação do Pix" (BR Code) and EMV QRCPS-MPM:
 * each data object is ID (2 digits) + length (2 digits) + value.
 *
 * `decodePixCopyPaste` never throws anything but the four tagged errors below, whatever the input.
 */
import { Schema } from "effect"

/** The CRC in tag 63 does not match the payload. */
export class PixCrcMismatch extends Schema.TaggedError<PixCrcMismatch>()("PixCrcMismatch", {
  message: Schema.String
}) {}

/** The text is not a well-formed TLV sequence (bad ID or length, truncated, duplicated tag, bad value format). */
export class PixMalformedTlv extends Schema.TaggedError<PixMalformedTlv>()("PixMalformedTlv", {
  message: Schema.String
}) {}

/** A mandatory data object is absent; `field` is its EMV tag path, e.g. "59" or "26.01". */
export class PixMissingField extends Schema.TaggedError<PixMissingField>()("PixMissingField", {
  message: Schema.String,
  field: Schema.String
}) {}

/** Well formed but not a Pix BR Code this client handles (other GUI, currency, country, payload format). */
export class PixUnsupported extends Schema.TaggedError<PixUnsupported>()("PixUnsupported", {
  message: Schema.String
}) {}

export type PixDecodeError = PixCrcMismatch | PixMalformedTlv | PixMissingField | PixUnsupported

export interface DecodedPixCode {
  /** Pix key (merchant account info sub-tag 01), for static codes. */
  readonly key?: string
  /** Payload location (sub-tag 25, without scheme), for dynamic codes. */
  readonly url?: string
  /** Tag 54 in cents; absent when the payer chooses the amount. */
  readonly amountCents?: number
  readonly merchantName: string
  readonly merchantCity: string
  /** Tag 62 sub-tag 05 as written; "***" means "no transaction id" per the BCB manual. */
  readonly txid?: string
}

export interface PixEncodeInput {
  readonly key: string
  readonly amountCents?: number
  readonly merchantName: string
  readonly merchantCity: string
  readonly txid?: string
}

/** GUI of the Pix arrangement (matched case-insensitively). */
export const PIX_GUI = "br.gov.bcb.pix"
/** EMV: the whole QR payload is at most 512 characters. */
export const PIX_MAX_LENGTH = 512

/* ------------------------------------------------------------------------------------------ */
/* CRC16-CCITT                                                                                  */
/* ------------------------------------------------------------------------------------------ */

const CRC_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256)
  for (let i = 0; i < 256; i++) {
    let c = i << 8
    for (let j = 0; j < 8; j++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff
    table[i] = c
  }
  return table
})()

function crcOfBytes(bytes: ArrayLike<number>): number {
  let crc = 0xffff
  for (let i = 0; i < bytes.length; i++) {
    const byte = (bytes[i] ?? 0) & 0xff
    crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0)
  }
  return crc
}

const utf8 = new TextEncoder()

/** CRC16-CCITT-FALSE value (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes of `s`. */
export function crc16ccittValue(s: string): number {
  return crcOfBytes(utf8.encode(s))
}

/**
 * CRC16-CCITT (poly 0x1021, init 0xFFFF) of the UTF-8 bytes of `s`, as 4 uppercase hex digits —
 * the form tag 63 carries. E.g. crc16ccitt("123456789") === "29B1".
 */
export function crc16ccitt(s: string): string {
  return crc16ccittValue(s).toString(16).toUpperCase().padStart(4, "0")
}

/** Latin-1 variant (one byte per UTF-16 unit ≤ 0xFF) accepted from generators that hash code units. */
function crcLatin1(s: string): string | null {
  const bytes: number[] = []
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c > 0xff) return null
    bytes.push(c)
  }
  return crcOfBytes(bytes).toString(16).toUpperCase().padStart(4, "0")
}

/* ------------------------------------------------------------------------------------------ */
/* TLV                                                                                          */
/* ------------------------------------------------------------------------------------------ */

interface Tlv {
  readonly id: string
  readonly value: string
}

const TWO_DIGITS = /^[0-9]{2}$/

/** Parses a TLV sequence; lengths count UTF-16 code units (identical to bytes for ASCII payloads). */
function parseTlv(text: string, where: string): Tlv[] {
  const out: Tlv[] = []
  const seen = new Set<string>()
  let i = 0
  while (i < text.length) {
    if (i + 4 > text.length) throw new PixMalformedTlv({ message: `${where}: truncated data object at position ${i}` })
    const id = text.slice(i, i + 2)
    const len = text.slice(i + 2, i + 4)
    if (!TWO_DIGITS.test(id)) throw new PixMalformedTlv({ message: `${where}: invalid ID at position ${i}` })
    if (!TWO_DIGITS.test(len)) throw new PixMalformedTlv({ message: `${where}: invalid length for ID ${id}` })
    const n = Number(len)
    if (n === 0) throw new PixMalformedTlv({ message: `${where}: empty value for ID ${id}` })
    if (i + 4 + n > text.length) throw new PixMalformedTlv({ message: `${where}: value of ID ${id} runs past the end` })
    if (seen.has(id)) throw new PixMalformedTlv({ message: `${where}: duplicated ID ${id}` })
    seen.add(id)
    out.push({ id, value: text.slice(i + 4, i + 4 + n) })
    i += 4 + n
  }
  return out
}

function find(tlvs: readonly Tlv[], id: string): string | undefined {
  for (const t of tlvs) if (t.id === id) return t.value
  return undefined
}

function requireField(tlvs: readonly Tlv[], id: string, path: string, label: string): string {
  const v = find(tlvs, id)
  if (v === undefined) throw new PixMissingField({ message: `missing ${label} (ID ${path})`, field: path })
  return v
}

/** EMV amount ("10", "10.5", "10.50") → cents, without floating point. Null when not of that form. */
export function parsePixAmount(s: string): number | null {
  const m = /^([0-9]{1,10})(?:\.([0-9]{1,2}))?$/.exec(s)
  if (!m) return null
  const whole = m[1] ?? "0"
  const frac = (m[2] ?? "").padEnd(2, "0")
  return Number(whole) * 100 + Number(frac)
}

/** Cents → EMV amount with two decimals ("10.50"), without floating point. */
export function formatPixAmount(amountCents: number): string {
  const s = String(amountCents).padStart(3, "0")
  return `${s.slice(0, -2)}.${s.slice(-2)}`
}

/* ------------------------------------------------------------------------------------------ */
/* Decoding                                                                                     */
/* ------------------------------------------------------------------------------------------ */

const CRC_TAIL = /6304([0-9A-Fa-f]{4})$/

function decodeUnsafe(input: unknown): DecodedPixCode {
  if (typeof input !== "string") throw new PixMalformedTlv({ message: "the code must be text" })
  // copy-and-paste often brings surrounding spaces or line breaks: they are not part of the code
  const code = input.trim()
  if (code === "") throw new PixMalformedTlv({ message: "empty code" })
  if (code.length > PIX_MAX_LENGTH) {
    throw new PixMalformedTlv({ message: `code longer than ${PIX_MAX_LENGTH} characters` })
  }

  // CRC first when the tail has the CRC shape: a corrupted code then reports the corruption
  const tail = CRC_TAIL.exec(code)
  if (tail) {
    const given = (tail[1] ?? "").toUpperCase()
    const covered = code.slice(0, -4)
    if (crc16ccitt(covered) !== given && crcLatin1(covered) !== given) {
      throw new PixCrcMismatch({ message: `CRC mismatch: code says ${given}, content gives ${crc16ccitt(covered)}` })
    }
  }

  const top = parseTlv(code, "payload")
  const last = top[top.length - 1]
  const crc = find(top, "63")
  if (crc === undefined) throw new PixMissingField({ message: "missing CRC (ID 63)", field: "63" })
  if (last === undefined || last.id !== "63" || !tail || crc.length !== 4) {
    throw new PixMalformedTlv({ message: "the CRC (ID 63, 4 hex digits) must be the last data object" })
  }

  // ID 00 payload format indicator: first, value "01"
  const format = requireField(top, "00", "00", "payload format indicator")
  if (top[0]?.id !== "00") throw new PixMalformedTlv({ message: "ID 00 must be the first data object" })
  if (format !== "01") throw new PixUnsupported({ message: `unsupported payload format "${format}"` })

  // ID 01 point of initiation (optional): 11 static, 12 dynamic
  const poi = find(top, "01")
  if (poi !== undefined && poi !== "11" && poi !== "12") {
    throw new PixMalformedTlv({ message: `invalid point of initiation method "${poi}"` })
  }

  // IDs 26..51 merchant account information: the Pix one has sub-ID 00 = br.gov.bcb.pix
  let pixAccount: Tlv[] | undefined
  let sawAccount = false
  for (const t of top) {
    const n = Number(t.id)
    if (n < 26 || n > 51) continue
    sawAccount = true
    const sub = parseTlv(t.value, `ID ${t.id}`)
    const gui = find(sub, "00")
    if (gui !== undefined && gui.toLowerCase() === PIX_GUI) {
      pixAccount = sub
      break
    }
  }
  if (!pixAccount) {
    if (!sawAccount) throw new PixMissingField({ message: "missing merchant account information (ID 26)", field: "26" })
    throw new PixUnsupported({ message: `no merchant account information with GUI ${PIX_GUI}` })
  }
  const key = find(pixAccount, "01")
  const url = find(pixAccount, "25")
  if (key === undefined && url === undefined) {
    throw new PixMissingField({ message: "missing Pix key (ID 26.01) or URL (ID 26.25)", field: "26.01" })
  }
  if (key !== undefined && key.length > 77) throw new PixMalformedTlv({ message: "Pix key longer than 77 characters" })

  // ID 52 merchant category code: 4 digits
  const mcc = requireField(top, "52", "52", "merchant category code")
  if (!/^[0-9]{4}$/.test(mcc)) throw new PixMalformedTlv({ message: "merchant category code must be 4 digits" })

  // ID 53 currency: 986 (BRL)
  const currency = requireField(top, "53", "53", "transaction currency")
  if (currency !== "986") throw new PixUnsupported({ message: `unsupported currency "${currency}"` })

  // ID 54 amount (optional)
  const amount = find(top, "54")
  let amountCents: number | undefined
  if (amount !== undefined) {
    const parsed = parsePixAmount(amount)
    if (parsed === null) throw new PixMalformedTlv({ message: `invalid amount "${amount}"` })
    amountCents = parsed
  }

  // ID 58 country: BR
  const country = requireField(top, "58", "58", "country code")
  if (country.toUpperCase() !== "BR") throw new PixUnsupported({ message: `unsupported country "${country}"` })

  const merchantName = requireField(top, "59", "59", "merchant name")
  const merchantCity = requireField(top, "60", "60", "merchant city")

  // ID 62 additional data (optional here), sub-ID 05 reference label (txid)
  const additional = find(top, "62")
  let txid: string | undefined
  if (additional !== undefined) txid = find(parseTlv(additional, "ID 62"), "05")

  return {
    ...(key !== undefined ? { key } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(amountCents !== undefined ? { amountCents } : {}),
    merchantName,
    merchantCity,
    ...(txid !== undefined ? { txid } : {})
  }
}

function isPixError(e: unknown): e is PixDecodeError {
  return (
    e instanceof PixCrcMismatch || e instanceof PixMalformedTlv || e instanceof PixMissingField || e instanceof PixUnsupported
  )
}

/**
 * Decodes a Pix copy-and-paste code. Throws only PixCrcMismatch, PixMalformedTlv,
 * PixMissingField or PixUnsupported (each with a `_tag`), never anything else.
 */
export function decodePixCopyPaste(payload: string): DecodedPixCode {
  try {
    return decodeUnsafe(payload)
  } catch (e) {
    if (isPixError(e)) throw e
    // safety net: any unexpected failure is reported as a malformed code
    throw new PixMalformedTlv({ message: "unreadable code" })
  }
}

/** Non-throwing variant: the decoded code, or the tagged error. */
export function tryDecodePixCopyPaste(
  payload: string
): { readonly ok: true; readonly value: DecodedPixCode } | { readonly ok: false; readonly error: PixDecodeError } {
  try {
    return { ok: true, value: decodePixCopyPaste(payload) }
  } catch (e) {
    return { ok: false, error: e as PixDecodeError }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Encoding (static codes)                                                                      */
/* ------------------------------------------------------------------------------------------ */

function tlv(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) throw new PixMalformedTlv({ message: `ID ${id}: value length must be 1..99` })
  return id + String(value.length).padStart(2, "0") + value
}

/** Plain ASCII (accents removed by NFD, other non-printable-ASCII characters dropped), trimmed, cut to `max`. */
function asciiField(s: string, max: number): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim()
    .slice(0, max)
    .trim()
}

/**
 * Builds a static Pix copy-and-paste code (same data-object order as the BCB manual example:
 * 00, 26, 52, 53, [54], 58, 59, 60, 62, 63; no ID 01).
 * Name and city are made plain ASCII and cut to 25 and 15 characters; txid defaults to "***".
 * Throws PixMissingField / PixMalformedTlv on unusable input.
 */
export function encodePixCopyPaste(input: PixEncodeInput): string {
  const key = input.key.trim()
  if (key === "") throw new PixMissingField({ message: "missing Pix key", field: "26.01" })
  if (key.length > 77) throw new PixMalformedTlv({ message: "Pix key longer than 77 characters" })
  const name = asciiField(input.merchantName, 25)
  if (name === "") throw new PixMissingField({ message: "missing merchant name", field: "59" })
  const city = asciiField(input.merchantCity, 15)
  if (city === "") throw new PixMissingField({ message: "missing merchant city", field: "60" })
  const txid = input.txid ?? "***"
  if (!(txid === "***" || /^[A-Za-z0-9]{1,25}$/.test(txid))) {
    throw new PixMalformedTlv({ message: "txid must be 1..25 letters or digits" })
  }
  let body = tlv("00", "01")
  body += tlv("26", tlv("00", PIX_GUI) + tlv("01", key))
  body += tlv("52", "0000")
  body += tlv("53", "986")
  if (input.amountCents !== undefined) {
    const a = input.amountCents
    if (!Number.isSafeInteger(a) || a <= 0 || a > 9_999_999_999_99) {
      throw new PixMalformedTlv({ message: "amountCents must be a positive integer" })
    }
    body += tlv("54", formatPixAmount(a))
  }
  body += tlv("58", "BR")
  body += tlv("59", name)
  body += tlv("60", city)
  body += tlv("62", tlv("05", txid))
  body += "6304"
  return body + crc16ccitt(body)
}
