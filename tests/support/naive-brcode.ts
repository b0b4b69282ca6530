/**
 * An independent, deliberately naive BR Code (Pix copy-and-paste, EMV QRCPS-MPM TLV) reference for
 * differential tests of schema/pix-brcode.ts (spec features §2 pay by code, receive; issue 12): a
 * bit-by-bit CRC16-CCITT-FALSE over UTF-8 bytes, an encoder that lays data objects out in any order
 * with lengths counted the ways generators count them (UTF-16 units, code points, UTF-8 bytes),
 * extra templates of other arrangements, RFU tags, lowercase CRC and GUI, and a decoder that reads
 * only what a payer needs. Shares no code with the module under test.
 */
import { Prng, cpfFromBase, cnpjFromBase } from "../../sandbox/prng.ts"

export type LengthMode = "utf16" | "codepoints" | "bytes"

const lengthOf = (v: string, mode: LengthMode): number =>
  mode === "utf16" ? v.length : mode === "codepoints" ? [...v].length : new TextEncoder().encode(v).length

/** Bitwise CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), no table. */
export const naiveCrc = (s: string): string => {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(s)) {
    crc ^= byte << 8
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, "0")
}

const obj = (id: string, v: string, mode: LengthMode): string => `${id}${String(lengthOf(v, mode)).padStart(2, "0")}${v}`

export interface NaiveCode {
  readonly key?: string
  readonly url?: string
  readonly description?: string
  readonly amountCents?: number
  readonly merchantName: string
  readonly merchantCity: string
  readonly txid?: string
  readonly unique?: boolean
}

/** What a generated code should decode to, and the text. */
export interface Generated {
  readonly code: string
  readonly expect: NaiveCode
}

const NAMES = ["Fulano de Tal", "João da Silva", "Açaí & Cia", "Lojas Sao Jorge", "Maria Conceição", "X", "Padaria Pão Quente", "Zé"]
const CITIES = ["BRASILIA", "São Paulo", "Belém", "Rio de Janeiro", "Curitiba", "Goiânia"]

const amountText = (r: Prng, cents: number): string => {
  const whole = Math.floor(cents / 100)
  const frac = cents % 100
  const style = r.int(0, 2)
  if (style === 0 || frac % 10 !== 0) return `${whole}.${String(frac).padStart(2, "0")}`
  if (style === 1) return frac === 0 ? `${whole}` : `${whole}.${frac / 10}`
  return `${whole}.${String(frac).padStart(2, "0")}`
}

/** A key of any type: CPF, CNPJ, e-mail, phone (+55…), random (UUID). */
export const anyKey = (r: Prng): string => {
  switch (r.int(0, 4)) {
    case 0:
      return cpfFromBase(r.digits(9))
    case 1:
      return cnpjFromBase(r.digits(8) + "0001")
    case 2:
      return `${r.alnum(r.int(1, 20)).toLowerCase()}@${r.pick(["example.com", "mail.com.br", "x.io"])}`
    case 3:
      return `+55${r.int(11, 99)}9${r.digits(8)}`
    default:
      return r.uuid()
  }
}

/** One random valid code, laid out by the naive encoder, with what it must decode to. */
export const generateCode = (r: Prng): Generated => {
  const mode: LengthMode = r.pick(["utf16", "utf16", "codepoints", "bytes"])
  const dynamic = r.chance(0.3)
  const key = dynamic ? undefined : anyKey(r)
  const url = dynamic ? `${r.pick(["", "https://"])}${r.pick(["pix.example.com", "qr.banco.com.br"])}/qr/v2/${r.alnum(r.int(8, 25))}` : undefined
  const description = !dynamic && r.chance(0.5) ? r.pick(["Almoço", "pedido 42", "Aluguel março", "ok", "Café ☕"]) : undefined
  const amountCents = r.chance(0.6) ? r.int(1, 99_999_999) : undefined
  const txid = r.chance(0.7) ? (r.chance(0.3) ? "***" : r.alnum(r.int(1, 25))) : undefined
  const merchantName = r.pick(NAMES)
  const merchantCity = r.pick(CITIES)
  const unique = dynamic || r.chance(0.2)

  // the Pix template, sub-objects in the usual or a shuffled order, GUI in either case
  const gui = r.chance(0.2) ? "BR.GOV.BCB.PIX" : "br.gov.bcb.pix"
  const subs = [obj("00", gui, mode)]
  if (key !== undefined) subs.push(obj("01", key, mode))
  if (description !== undefined) subs.push(obj("02", description, mode))
  if (url !== undefined) subs.push(obj("25", url, mode))
  if (r.chance(0.2)) subs.reverse()
  const pixTemplate = subs.join("")
  const pixId = r.chance(0.8) ? "26" : String(r.int(27, 51))

  const top: string[] = [obj("00", "01", mode)]
  if (unique || r.chance(0.3)) top.push(obj("01", unique ? "12" : "11", mode))
  // another arrangement's template before the Pix one, sometimes not TLV inside
  if (pixId !== "26" && r.chance(0.7))
    top.push(obj("26", r.chance(0.5) ? "1234567890ABCDEF" : obj("00", "com.example.card", mode) + obj("01", r.digits(10), mode), mode))
  if (r.chance(0.3)) top.push(obj(String(r.int(2, 25)).padStart(2, "0"), r.digits(r.int(5, 20)), mode))
  top.push(obj(pixId, pixTemplate, mode))
  top.push(obj("52", r.pick(["0000", "5812", "8999"]), mode))
  top.push(obj("53", "986", mode))
  if (amountCents !== undefined) top.push(obj("54", amountText(r, amountCents), mode))
  top.push(obj("58", r.chance(0.9) ? "BR" : "br", mode))
  top.push(obj("59", merchantName, mode))
  top.push(obj("60", merchantCity, mode))
  if (r.chance(0.3)) top.push(obj("61", r.digits(8), mode))
  const add: string[] = []
  if (txid !== undefined) add.push(obj("05", txid, mode))
  if (r.chance(0.3)) add.push(obj("50", obj("00", "br.gov.bcb.brcode", mode) + obj("01", "1.0.0", mode), mode))
  if (add.length > 0) top.push(obj("62", add.join(""), mode))
  if (r.chance(0.2)) top.push(obj("80", obj("00", "br.example.extra", mode) + obj("01", r.alnum(6), mode), mode))
  const body = top.join("") + "6304"
  const crc = naiveCrc(body)
  const code = body + (r.chance(0.2) ? crc.toLowerCase() : crc)
  return {
    code,
    expect: {
      ...(key !== undefined ? { key } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(amountCents !== undefined ? { amountCents } : {}),
      merchantName,
      merchantCity,
      ...(txid !== undefined ? { txid } : {}),
      ...(unique ? { unique: true } : {})
    }
  }
}

/** Naive decoder (UTF-16 lengths, as the BCB manual's examples): the fields a payer needs, or null. */
export const naiveDecode = (code: string): NaiveCode | null => {
  const read = (s: string): Map<string, string> | null => {
    const m = new Map<string, string>()
    let i = 0
    while (i < s.length) {
      const id = s.substr(i, 2)
      const n = parseInt(s.substr(i + 2, 2), 10)
      if (!/^\d\d$/.test(id) || Number.isNaN(n) || i + 4 + n > s.length) return null
      m.set(id, s.substr(i + 4, n))
      i += 4 + n
    }
    return m
  }
  if (naiveCrc(code.slice(0, -4)) !== code.slice(-4).toUpperCase()) return null
  const top = read(code)
  if (top === null) return null
  let pix: Map<string, string> | null = null
  for (let id = 26; id <= 51; id++) {
    const t = top.get(String(id))
    const sub = t === undefined ? null : read(t)
    if (sub !== null && (sub.get("00") ?? "").toLowerCase() === "br.gov.bcb.pix") {
      pix = sub
      break
    }
  }
  if (pix === null) return null
  const amount = top.get("54")
  const add = top.get("62")
  const txid = add === undefined ? undefined : read(add)?.get("05")
  const key = pix.get("01"),
    url = pix.get("25"),
    description = pix.get("02")
  return {
    ...(key !== undefined ? { key } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(amount !== undefined ? { amountCents: Math.round(Number(amount) * 100) } : {}),
    merchantName: top.get("59") ?? "",
    merchantCity: top.get("60") ?? "",
    ...(txid !== undefined ? { txid } : {}),
    ...(top.get("01") === "12" ? { unique: true } : {})
  }
}
