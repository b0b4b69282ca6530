/**
 * Differential tests of the BR Code decoder and encoder (schema/pix-brcode.ts; spec features §2 pay by
 * copy-and-paste code and receive through QR codes, §7; issue 12 "Correctness of codes"): thousands of
 * seeded codes from an independent naive implementation (tests/support/naive-brcode.ts) and from two
 * published generators in node_modules (pix-utils, qrcode-pix) must decode to what they were made
 * from; codes our encoder makes must read the same in the naive decoder and in pix-utils' parser.
 */
import { describe, expect, it } from "vitest"
import { createDynamicPix, createStaticPix, parsePix, hasError } from "pix-utils"
import { QrCodePix } from "qrcode-pix"
import { decodePixCopyPaste, encodePixCopyPaste, tryDecodePixCopyPaste, type PixEncodeInput } from "./pix-brcode.ts"
import { Prng } from "../sandbox/prng.ts"
import { anyKey, generateCode, naiveCrc, naiveDecode } from "../tests/support/naive-brcode.ts"

const plain = (s: string): string =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim()

describe("features §2 BR Code: our decoder agrees with an independent naive encoder (differential)", { timeout: 300_000 }, () => {
  it(
    "3000 seeded codes (every key type, amounts, txids, additional info, dynamic URLs, other templates, 3 length countings) decode to what made them",
    { timeout: 300_000 },
    () => {
      const r = new Prng(12)
      const failures: string[] = []
      for (let n = 0; n < 3000; n++) {
        const g = generateCode(r)
        const got = tryDecodePixCopyPaste(g.code)
        if (!got.ok) {
          failures.push(`${got.error._tag}: ${got.error.message} :: ${g.code}`)
          continue
        }
        try {
          expect(got.value).toEqual(g.expect)
        } catch {
          failures.push(`fields differ: ${JSON.stringify(got.value)} vs ${JSON.stringify(g.expect)}`)
        }
      }
      expect(failures.slice(0, 5)).toEqual([])
    }
  )

  it("the naive CRC is the module's CRC: one flipped character is reported as a CRC mismatch", { timeout: 300_000 }, () => {
    const r = new Prng(7)
    for (let n = 0; n < 300; n++) {
      const { code } = generateCode(r)
      const i = r.int(0, code.length - 9)
      const c = code[i] === "7" ? "8" : "7"
      const bad = code.slice(0, i) + c + code.slice(i + 1)
      if (naiveCrc(bad.slice(0, -4)) === bad.slice(-4).toUpperCase()) continue
      const got = tryDecodePixCopyPaste(bad)
      expect(got.ok ? "ok" : got.error._tag).toBe("PixCrcMismatch")
    }
  })
})

describe("features §2 BR Code: codes of published generators (pix-utils, qrcode-pix) decode", { timeout: 300_000 }, () => {
  it("1000 pix-utils static and dynamic codes", { timeout: 300_000 }, () => {
    const r = new Prng(99)
    for (let n = 0; n < 1000; n++) {
      const name = r.pick(["Fulano de Tal", "João Açaí", "Padaria Pão", "Z"])
      const city = r.pick(["BRASILIA", "São Paulo", "Belém"])
      if (r.chance(0.3)) {
        const url = `pix.example.com/qr/v2/${r.alnum(r.int(8, 30))}`
        const code = createDynamicPix({ merchantName: name, merchantCity: city, url, oneTime: r.chance(0.5) })
        if (hasError(code)) throw new Error("generator refused")
        const d = decodePixCopyPaste(code.toBRCode())
        expect(d.url).toBe(url)
      } else {
        const key = anyKey(r)
        const amount = r.chance(0.5) ? r.int(1, 9_999_999) : 0
        const info = r.chance(0.5) ? r.pick(["Almoço", "pedido 42", "ok"]) : undefined
        const txid = r.chance(0.5) ? r.alnum(r.int(1, 25)) : undefined
        const code = createStaticPix({
          merchantName: name,
          merchantCity: city,
          pixKey: key,
          transactionAmount: amount / 100,
          ...(info ? { infoAdicional: info } : {}),
          ...(txid ? { txid } : {})
        })
        if (hasError(code)) throw new Error("generator refused")
        const d = decodePixCopyPaste(code.toBRCode())
        expect([d.key, d.amountCents, d.description, d.txid]).toEqual([key, amount > 0 ? amount : undefined, info, txid ?? "***"])
      }
    }
  })

  it("500 qrcode-pix codes (postal code, message, upper-case GUI)", { timeout: 300_000 }, () => {
    const r = new Prng(5)
    for (let n = 0; n < 500; n++) {
      const key = anyKey(r)
      const value = r.chance(0.6) ? r.int(1, 9_999_999) : undefined
      const payload = QrCodePix({
        version: "01",
        key,
        city: r.pick(["Brasília", "Recife"]),
        name: r.pick(["Fulano Ç", "Maria"]),
        ...(value ? { value: value / 100 } : {}),
        transactionId: r.alnum(r.int(1, 20)),
        message: r.pick(["oi", "pagamento"]),
        cep: r.digits(8)
      }).payload()
      const d = decodePixCopyPaste(payload)
      expect([d.key, d.amountCents]).toEqual([key, value])
    }
  })
})

describe("features §2 BR Code: our encoder's codes read the same elsewhere (differential)", { timeout: 300_000 }, () => {
  it("2000 seeded codes of ours decode identically in the naive decoder, in pix-utils and in ours", { timeout: 300_000 }, () => {
    const r = new Prng(3)
    for (let n = 0; n < 2000; n++) {
      const dynamic = r.chance(0.3)
      const input: PixEncodeInput = {
        ...(dynamic ? { url: `qr.carteira.sandbox/pix/v2/${r.alnum(r.int(8, 36))}` } : { key: anyKey(r) }),
        ...(r.chance(0.5) ? { amountCents: r.int(1, 99_999_999_999) } : {}),
        ...(r.chance(0.5) && !dynamic ? { description: r.pick(["Almoço", "pedido 42", "Aluguel de março de 2026, apto 101"]) } : {}),
        ...(r.chance(0.5) ? { txid: r.alnum(r.int(1, 25)) } : {}),
        merchantName: r.pick(["João da Silva Comércio de Alimentos", "Ana"]),
        merchantCity: r.pick(["São José dos Campos", "Rio"])
      }
      const code = encodePixCopyPaste(input)
      const naive = naiveDecode(code)
      expect(naive).not.toBeNull()
      const ours = decodePixCopyPaste(code)
      expect(ours).toEqual(naive)
      expect(naive?.key).toBe(input.key)
      expect(naive?.url).toBe(input.url)
      expect(naive?.amountCents).toBe(input.amountCents)
      if (input.description !== undefined)
        expect(
          input.description.startsWith("Alug")
            ? plain(input.description).startsWith(naive?.description ?? "?")
            : naive?.description === plain(input.description)
        ).toBe(true)
      const lib = parsePix(code)
      expect(hasError(lib)).toBe(false)
      if (!hasError(lib)) {
        if (lib.type === "STATIC") expect([lib.pixKey, Math.round((lib.transactionAmount ?? 0) * 100) || undefined]).toEqual([input.key, input.amountCents])
        else expect("url" in lib ? lib.url : null).toBe(input.url)
      }
    }
  })
})
