/**
 * Tests of the Pix copy-and-paste (BR Code) decoder and encoder (schema/pix-brcode.ts),
 * spec features §1, §2 (Pix pay by copy-and-paste code, receive through QR codes) and §7.
 * Reference: Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix" (BR Code).
 */
import { describe, it, expect } from "vitest"
import {
  crc16ccitt,
  crc16ccittValue,
  decodePixCopyPaste,
  encodePixCopyPaste,
  formatPixAmount,
  parsePixAmount,
  PixCrcMismatch,
  PixMalformedTlv,
  PixMissingField,
  PixUnsupported,
  tryDecodePixCopyPaste
} from "./pix-brcode"
import { seededRandom } from "../sandbox/prng.ts"

/** Static example published in the BCB "Manual de Padrões para Iniciação do Pix". */
const BCB_EXAMPLE = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"

const TAGS = new Set(["PixCrcMismatch", "PixMalformedTlv", "PixMissingField", "PixUnsupported"])

/** Runs decode and returns the thrown error's tag, or "ok". Fails the test on any other throw. */
function outcome(s: string): string {
  try {
    decodePixCopyPaste(s)
    return "ok"
  } catch (e) {
    const tag = (e as { _tag?: unknown })._tag
    if (typeof tag !== "string" || !TAGS.has(tag)) throw new Error(`untagged error for ${JSON.stringify(s.slice(0, 80))}: ${String(e)}`)
    expect(e).toBeInstanceOf(Error)
    return tag
  }
}

const tlv = (id: string, v: string) => id + String(v.length).padStart(2, "0") + v
/** Appends "6304" and the right CRC, so tests reach the checks behind the CRC. */
const withCrc = (body: string) => body + "6304" + crc16ccitt(body + "6304")
const pixAccount = (key: string, gui = "br.gov.bcb.pix") => tlv("26", tlv("00", gui) + tlv("01", key))

function body(parts: { [id: string]: string | null }): string {
  const defaults: Array<[string, string]> = [
    ["00", "01"],
    ["26", pixAccount("fulano@example.com").slice(4)],
    ["52", "0000"],
    ["53", "986"],
    ["58", "BR"],
    ["59", "Fulano de Tal"],
    ["60", "BRASILIA"],
    ["62", tlv("05", "***")]
  ]
  let out = ""
  for (const [id, v] of defaults) {
    const value = id in parts ? parts[id] : v
    if (value !== null && value !== undefined) out += tlv(id, value)
  }
  return out
}

function errorOf(s: string): unknown {
  try {
    decodePixCopyPaste(s)
  } catch (e) {
    return e
  }
  return undefined
}

describe("features §2 Pix: crc16ccitt", () => {
  it("is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): check value 29B1 for '123456789'", () => {
    // check value from the CRC catalogue (CRC-16/CCITT-FALSE, a.k.a. CRC-16/IBM-3740)
    expect(crc16ccitt("123456789")).toBe("29B1")
    expect(crc16ccittValue("123456789")).toBe(0x29b1)
    expect(crc16ccitt("")).toBe("FFFF")
  })
  it("matches the BCB example's CRC (computed over everything up to and including '6304')", () => {
    expect(crc16ccitt(BCB_EXAMPLE.slice(0, -4))).toBe("1D3D")
  })
})

describe("features §2 Pix: decodePixCopyPaste — BCB manual example", () => {
  it("decodes the static example", () => {
    expect(decodePixCopyPaste(BCB_EXAMPLE)).toEqual({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "***"
    })
  })
  it("tolerates surrounding whitespace and a lowercase CRC", () => {
    expect(decodePixCopyPaste(`  ${BCB_EXAMPLE}\n`).merchantName).toBe("Fulano de Tal")
    expect(decodePixCopyPaste(BCB_EXAMPLE.slice(0, -4) + "1d3d").merchantCity).toBe("BRASILIA")
  })
  it("accepts the GUI in any case", () => {
    const code = withCrc(body({ "26": tlv("00", "BR.GOV.BCB.PIX") + tlv("01", "+5511987654321") }))
    expect(decodePixCopyPaste(code).key).toBe("+5511987654321")
  })
  it("reads amount, txid and a dynamic URL", () => {
    const code = withCrc(
      body({ "26": tlv("00", "br.gov.bcb.pix") + tlv("25", "pix.example.com/qr/v2/9d36b84f"), "62": tlv("05", "TX123") }).replace(
        "5303986",
        "5303986" + tlv("54", "10.50")
      )
    )
    expect(decodePixCopyPaste(code)).toEqual({
      url: "pix.example.com/qr/v2/9d36b84f",
      amountCents: 1050,
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "TX123"
    })
  })
  it("parses amounts without floats", () => {
    expect(parsePixAmount("10.50")).toBe(1050)
    expect(parsePixAmount("10.5")).toBe(1050)
    expect(parsePixAmount("10")).toBe(1000)
    expect(parsePixAmount("0.29")).toBe(29)
    expect(parsePixAmount("1.005")).toBeNull()
    expect(parsePixAmount("1,00")).toBeNull()
    expect(parsePixAmount("-1.00")).toBeNull()
    expect(parsePixAmount(".50")).toBeNull()
    expect(formatPixAmount(1050)).toBe("10.50")
    expect(formatPixAmount(5)).toBe("0.05")
  })
})

describe("features §2 Pix: decodePixCopyPaste — tagged failures", () => {
  it("PixCrcMismatch when any character is changed", () => {
    const e = errorOf(BCB_EXAMPLE.replace("Fulano", "Fulana"))
    expect(e).toBeInstanceOf(PixCrcMismatch)
    expect((e as PixCrcMismatch)._tag).toBe("PixCrcMismatch")
    expect(outcome(BCB_EXAMPLE.slice(0, -4) + "1D3E")).toBe("PixCrcMismatch")
  })
  it("every single-character substitution of the BCB example is rejected with a tag", () => {
    const rnd = seededRandom(1)
    const alphabet = "0123456789ABCDEFabcdef.*-_ é"
    for (let i = 0; i < BCB_EXAMPLE.length; i++) {
      let c = BCB_EXAMPLE[i]
      while (c === BCB_EXAMPLE[i]) c = alphabet[Math.floor(rnd() * alphabet.length)]
      const mutated = BCB_EXAMPLE.slice(0, i) + c + BCB_EXAMPLE.slice(i + 1)
      const tag = outcome(mutated)
      // the CRC tail itself may be hit in a case-only way (1D3D → 1d3D) which is the same CRC
      if (i >= BCB_EXAMPLE.length - 4 && mutated.toUpperCase() === BCB_EXAMPLE.toUpperCase()) continue
      expect(tag).not.toBe("ok")
    }
  })
  it("PixMalformedTlv for broken structure", () => {
    expect(outcome("")).toBe("PixMalformedTlv")
    expect(outcome("   ")).toBe("PixMalformedTlv")
    expect(outcome("0002")).toBe("PixMalformedTlv")
    expect(outcome(withCrc("000201" + "26XX"))).toBe("PixMalformedTlv")
    expect(outcome(withCrc("000201" + "2699abc"))).toBe("PixMalformedTlv") // value runs past the end
    expect(outcome(withCrc(body({}) + tlv("59", "Dup")))).toBe("PixMalformedTlv") // duplicated ID
    expect(outcome(withCrc(body({ "26": "0014br.gov.bcb.pix01" })))).toBe("PixMalformedTlv") // broken sub-TLV
    expect(outcome(withCrc(body({}).replace("5303986", "5303986" + tlv("54", "10,50"))))).toBe("PixMalformedTlv")
    expect(outcome("x".repeat(600))).toBe("PixMalformedTlv") // over the 512-character EMV limit
    expect(outcome(body({}) + "6304")).toBe("PixMalformedTlv") // CRC value cut off
    expect(outcome(withCrc(tlv("01", "12") + body({})))).toBe("PixMalformedTlv") // ID 00 not first
    expect(outcome(null as unknown as string)).toBe("PixMalformedTlv")
    expect(outcome(12345 as unknown as string)).toBe("PixMalformedTlv")
  })
  it("PixMissingField names the missing field", () => {
    const cases: Array<[string, string]> = [
      [withCrc(body({ "59": null })), "59"],
      [withCrc(body({ "60": null })), "60"],
      [withCrc(body({ "52": null })), "52"],
      [withCrc(body({ "53": null })), "53"],
      [withCrc(body({ "58": null })), "58"],
      [withCrc(body({ "26": null })), "26"],
      [withCrc(body({ "26": tlv("00", "br.gov.bcb.pix") + tlv("02", "info") })), "26.01"],
      [body({}), "63"]
    ]
    for (const [code, field] of cases) {
      const e = errorOf(code)
      expect(e).toBeInstanceOf(PixMissingField)
      expect((e as PixMissingField).field).toBe(field)
      expect((e as PixMissingField)._tag).toBe("PixMissingField")
    }
    expect(outcome(withCrc(body({ "00": null })))).toBe("PixMissingField")
  })
  it("PixUnsupported for another GUI, currency, country or payload format", () => {
    expect(errorOf(withCrc(body({ "26": tlv("00", "com.example.pay") + tlv("01", "x") })))).toBeInstanceOf(PixUnsupported)
    expect(outcome(withCrc(body({ "53": "840" })))).toBe("PixUnsupported")
    expect(outcome(withCrc(body({ "58": "US" })))).toBe("PixUnsupported")
    expect(outcome(withCrc(body({ "00": "02" })))).toBe("PixUnsupported")
  })
  it("errors are Effect tagged errors with a message", () => {
    const e = errorOf("garbage") as PixMalformedTlv
    expect(e).toBeInstanceOf(PixMalformedTlv)
    expect(e._tag).toBe("PixMalformedTlv")
    expect(typeof e.message).toBe("string")
    const r = tryDecodePixCopyPaste("garbage")
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error._tag).toBe("PixMalformedTlv")
  })
})

describe("features §2 Pix: encodePixCopyPaste", () => {
  it("reproduces the BCB manual example byte for byte", () => {
    expect(encodePixCopyPaste({ key: "123e4567-e12b-12d1-a456-426655440000", merchantName: "Fulano de Tal", merchantCity: "BRASILIA" })).toBe(BCB_EXAMPLE)
  })
  it("round trips keys, amounts and txids", () => {
    const rnd = seededRandom(2)
    const keys = ["111.444.777-35", "11222333000181", "fulano@example.com", "+5511987654321", "3f1b2c1e-9d0a-4c9e-8f7b-2a1d3c4b5e6f"]
    for (let n = 0; n < 200; n++) {
      const key = keys[n % keys.length] ?? ""
      const amountCents = n % 3 === 0 ? undefined : 1 + Math.floor(rnd() * 1e9)
      const txid = n % 4 === 0 ? undefined : `TX${Math.floor(rnd() * 1e9)}`
      const input = {
        key,
        merchantName: `Loja ${n}`,
        merchantCity: "SAO PAULO",
        ...(amountCents !== undefined ? { amountCents } : {}),
        ...(txid !== undefined ? { txid } : {})
      }
      const code = encodePixCopyPaste(input)
      expect(decodePixCopyPaste(code)).toEqual({ ...input, txid: txid ?? "***" })
    }
  })
  it("makes name and city plain ASCII within the EMV limits (25 and 15)", () => {
    const code = encodePixCopyPaste({ key: "fulano@example.com", merchantName: "João da Silva Comércio de Alimentos", merchantCity: "São José dos Campos" })
    const d = decodePixCopyPaste(code)
    expect(d.merchantName).toBe("Joao da Silva Comercio de")
    expect(d.merchantCity).toBe("Sao Jose dos Ca")
  })
  it("rejects unusable input with tagged errors", () => {
    expect(() => encodePixCopyPaste({ key: "", merchantName: "A", merchantCity: "B" })).toThrow(PixMissingField)
    expect(() => encodePixCopyPaste({ key: "k", merchantName: "😀", merchantCity: "B" })).toThrow(PixMissingField)
    expect(() => encodePixCopyPaste({ key: "k", merchantName: "A", merchantCity: "B", amountCents: 10.5 })).toThrow(PixMalformedTlv)
    expect(() => encodePixCopyPaste({ key: "k", merchantName: "A", merchantCity: "B", amountCents: -1 })).toThrow(PixMalformedTlv)
    expect(() => encodePixCopyPaste({ key: "k", merchantName: "A", merchantCity: "B", txid: "with space" })).toThrow(PixMalformedTlv)
  })
})

describe("features §2 Pix: decodePixCopyPaste never crashes (property)", () => {
  it("500 seeded random inputs only ever throw the four tagged errors", () => {
    const rnd = seededRandom(2024)
    const alphabets = ["0123456789", "0123456789ABCDEF", "0123456789abcdefghijklmnopqrstuvwxyz .-*", "\u0000\u0001\uffff\ud800\udc00éçã😀🇧🇷\n\t", BCB_EXAMPLE]
    const counts: Record<string, number> = {}
    for (let n = 0; n < 500; n++) {
      let s: string
      const kind = n % 5
      if (kind === 0) {
        // pure noise
        const alphabet = alphabets[Math.floor(rnd() * alphabets.length)] ?? ""
        s = Array.from({ length: Math.floor(rnd() * 300) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join("")
      } else if (kind === 1) {
        // noise with a valid CRC, to reach the TLV and field checks
        const alphabet = alphabets[Math.floor(rnd() * 3)] ?? ""
        s = withCrc(Array.from({ length: Math.floor(rnd() * 200) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(""))
      } else if (kind === 2) {
        // random well-formed TLV sequences with a valid CRC
        let b = ""
        const count = Math.floor(rnd() * 10)
        for (let k = 0; k < count; k++) {
          const id = String(Math.floor(rnd() * 100)).padStart(2, "0")
          const v = Array.from({ length: 1 + Math.floor(rnd() * 20) }, () => "0123456789ABC"[Math.floor(rnd() * 13)]).join("")
          b += tlv(id, v)
        }
        s = withCrc(b)
      } else if (kind === 3) {
        // the BCB example with random edits (delete, insert, replace, truncate)
        const i = Math.floor(rnd() * BCB_EXAMPLE.length)
        const op = Math.floor(rnd() * 4)
        const c = "0123456789ABZ*é😀"[Math.floor(rnd() * 16)] ?? "0"
        s =
          op === 0
            ? BCB_EXAMPLE.slice(0, i) + BCB_EXAMPLE.slice(i + 1)
            : op === 1
              ? BCB_EXAMPLE.slice(0, i) + c + BCB_EXAMPLE.slice(i)
              : op === 2
                ? BCB_EXAMPLE.slice(0, i) + c + BCB_EXAMPLE.slice(i + 1)
                : BCB_EXAMPLE.slice(0, i)
        if (rnd() < 0.5) s = withCrc(s.replace(/6304[0-9A-F]{4}$/, ""))
      } else {
        // huge and odd inputs
        const choices = ["", " ", "\u0000", "6304", "63041D3D", "😀".repeat(1000), "0".repeat(100_000), withCrc("0002010"), BCB_EXAMPLE.repeat(3)]
        s = choices[Math.floor(rnd() * choices.length)] ?? ""
      }
      const tag = outcome(s)
      counts[tag] = (counts[tag] ?? 0) + 1
    }
    // the loop reached each kind of failure
    expect(counts["PixMalformedTlv"]).toBeGreaterThan(0)
    expect(counts["PixCrcMismatch"]).toBeGreaterThan(0)
    expect(counts["PixMissingField"]).toBeGreaterThan(0)
  })
})
