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
  /** Additional information for the payer (sub-tag 02 of the Pix account template). */
  readonly description?: string
  /** Point of initiation "12": the code is meant to be paid once. */
  readonly unique?: true
  /** Tag 54 in cents; absent when the payer chooses the amount. */
  readonly amountCents?: number
  readonly merchantName: string
  readonly merchantCity: string
  /** Tag 62 sub-tag 05 as written; "***" means "no transaction id" per the BCB manual. */
  readonly txid?: string
  /**
   * Pix Automático's composite code (issue 13): the recurrence's location, sub-tag 25 of the unreserved
   * template 80 whose GUI is br.gov.bcb.pix. Such a code may carry no key nor URL in template 26 (journey 2).
   */
  readonly recurrenceUrl?: string
}

export interface PixEncodeInput {
  /** Pix key (static codes); a dynamic code carries `url` instead. */
  readonly key?: string
  /** Payload location without scheme (dynamic codes: point of initiation 12). */
  readonly url?: string
  /** Additional information (26.02): made plain ASCII, cut to what fits the template. */
  readonly description?: string
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

/**
 * The text a TLV sequence is read from, in one way of counting lengths. The BCB manual counts characters;
 * generators differ when a value is not ASCII: most count UTF-16 units (JavaScript), some code points
 * (Python), some UTF-8 bytes (PHP `strlen`). All three are read (D-pix-qr); for ASCII they are the same.
 */
interface Units {
  readonly length: number
  slice(from: number, to: number): string
  sub(value: string): Units
}

const utf16Units = (s: string): Units => ({ length: s.length, slice: (a, b) => s.slice(a, b), sub: utf16Units })
const codePointUnits = (s: string): Units => {
  const cps = Array.from(s)
  return { length: cps.length, slice: (a, b) => cps.slice(a, b).join(""), sub: codePointUnits }
}
const utf8Decoder = new TextDecoder("utf-8")
const byteUnits = (s: string): Units => {
  const bytes = utf8.encode(s)
  return { length: bytes.length, slice: (a, b) => utf8Decoder.decode(bytes.subarray(a, b)), sub: byteUnits }
}

/** Parses a TLV sequence. */
function parseTlv(text: Units, where: string): Tlv[] {
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

  // lengths counted as UTF-16 units; a non-ASCII code is read also counting code points and UTF-8 bytes, and
  // where more than one reading works the one meeting more of the usual data objects wins (a wrong count
  // swallows an ID, e.g. 62, and shows an odd one instead), UTF-16 first on a tie
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(code)) return decodeFields(utf16Units(code), tail !== null).value
  let first: unknown
  let best: { value: DecodedPixCode; score: number } | null = null
  for (const units of [utf16Units, codePointUnits, byteUnits]) {
    try {
      const r = decodeFields(units(code), tail !== null)
      if (best === null || r.score > best.score) best = r
    } catch (e) {
      first ??= e
    }
  }
  if (best !== null) return best.value
  throw first
}

/** IDs a Pix code usually carries (EMV QRCPS-MPM and the BCB manual): a reading that meets more of them is the likelier. */
const USUAL_IDS = new Set(["00", "01", "26", "52", "53", "54", "58", "59", "60", "61", "62", "63", "64"])

function decodeFields(text: Units, hasTail: boolean): { value: DecodedPixCode; score: number } {
  const top = parseTlv(text, "payload")
  const last = top[top.length - 1]
  const crc = find(top, "63")
  if (crc === undefined) throw new PixMissingField({ message: "missing CRC (ID 63)", field: "63" })
  if (last === undefined || last.id !== "63" || !hasTail || crc.length !== 4) {
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
    // another arrangement's template may be laid out its own way: only the Pix one must be TLV
    let sub: Tlv[]
    try {
      sub = parseTlv(text.sub(t.value), `ID ${t.id}`)
    } catch (e) {
      if (t.value.toLowerCase().includes(PIX_GUI)) throw e
      continue
    }
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
  const description = find(pixAccount, "02")
  // Pix Automático (issue 13): template 80 with the Pix GUI carries the recurrence's location (sub-ID 25)
  let recurrenceUrl: string | undefined
  const rec = find(top, "80")
  if (rec !== undefined) {
    const sub = parseTlv(text.sub(rec), "ID 80")
    if (find(sub, "00")?.toLowerCase() === PIX_GUI) recurrenceUrl = find(sub, "25")
  }
  if (key === undefined && url === undefined && recurrenceUrl === undefined) {
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
  if (additional !== undefined) txid = find(parseTlv(text.sub(additional), "ID 62"), "05")

  let score = 0
  for (const t of top) if (USUAL_IDS.has(t.id)) score++
  const value: DecodedPixCode = {
    ...(key !== undefined ? { key } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(poi === "12" ? { unique: true } : {}),
    ...(amountCents !== undefined ? { amountCents } : {}),
    merchantName,
    merchantCity,
    ...(txid !== undefined ? { txid } : {}),
    ...(recurrenceUrl !== undefined ? { recurrenceUrl } : {})
  }
  return { value, score }
}

function isPixError(e: unknown): e is PixDecodeError {
  return e instanceof PixCrcMismatch || e instanceof PixMalformedTlv || e instanceof PixMissingField || e instanceof PixUnsupported
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
 * Builds a Pix copy-and-paste code (same data-object order as the BCB manual example:
 * 00, [01], 26, 52, 53, [54], 58, 59, 60, 62, 63): static with a key (no ID 01), dynamic with a URL (ID 01 "12").
 * Name and city are made plain ASCII and cut to 25 and 15 characters; txid defaults to "***".
 * Throws PixMissingField / PixMalformedTlv on unusable input.
 */
export function encodePixCopyPaste(input: PixEncodeInput): string {
  const key = (input.key ?? "").trim()
  const url = (input.url ?? "").trim()
  if (key === "" && url === "") throw new PixMissingField({ message: "missing Pix key", field: "26.01" })
  if (key.length > 77) throw new PixMalformedTlv({ message: "Pix key longer than 77 characters" })
  if (url.length > 77) throw new PixMalformedTlv({ message: "URL longer than 77 characters" })
  const name = asciiField(input.merchantName, 25)
  if (name === "") throw new PixMissingField({ message: "missing merchant name", field: "59" })
  const city = asciiField(input.merchantCity, 15)
  if (city === "") throw new PixMissingField({ message: "missing merchant city", field: "60" })
  const txid = input.txid ?? "***"
  if (!(txid === "***" || /^[A-Za-z0-9]{1,25}$/.test(txid))) {
    throw new PixMalformedTlv({ message: "txid must be 1..25 letters or digits" })
  }
  let account = tlv("00", PIX_GUI) + (key !== "" ? tlv("01", key) : "")
  const room = 99 - account.length - (url !== "" ? 4 + url.length : 0) - 4
  const info = asciiField(input.description ?? "", Math.max(0, room))
  if (info !== "") account += tlv("02", info)
  if (url !== "") account += tlv("25", url)
  let body = tlv("00", "01")
  if (url !== "") body += tlv("01", "12")
  body += tlv("26", account)
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
