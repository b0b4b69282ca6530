/**
 * issue 31 item 2 "scanning in every browser": the pure-JS reader (zxing-read.ts) over pictures made here, in
 * node — the decode pipeline a browser without BarcodeDetector runs on an image or a camera frame.
 *
 * - The boleto barcode (44-digit interleaved 2 of 5, spec features §2 boleto) drawn by three encoders — the
 *   product's (schema/billet.ts itfModules), one written from the standard in the test (tests/support/barcodes.ts,
 *   wide:narrow 2, 2.5 and 3) and bwip-js (independent) — at 1 to 3 pixels a narrow bar, read back to the same
 *   digits, whose typeable line passes an independent checker (boleto-brasileiro-validator); upright, transparent and noisy
 *   pictures too. Nothing read from a page with no code; a cut barcode never reads as another valid one.
 * - The Pix QR code (BR Code, features §2 pay by QR code) drawn by the product's QR encoder (`qrcode`, as the receive
 *   page draws it) from the product's codes, and by bwip-js from pix-utils' codes: read back exactly, accents in
 *   UTF-8 too. A QR code with its data smeared is told apart as damaged, not "no code".
 */
import { describe, expect, it } from "vitest"
import QRCode from "qrcode"
// the renderer `QRCode.toDataURL` draws with in the browser (the package ships no types for it)
// @ts-expect-error no declaration file for the renderer's utilities
import qrRenderUtils from "qrcode/lib/renderer/utils.js"
import bwipjs from "bwip-js/node"
import { createStaticPix, createDynamicPix, hasError } from "pix-utils"
import { boleto } from "boleto-brasileiro-validator"
import { itfModules } from "../../../schema/billet.ts"
import { boletoBarcodeToLine, isValidBoletoBarcode } from "../../../schema/boleto.ts"
import { encodePixCopyPaste } from "../../../schema/pix-brcode.ts"
import { Prng } from "../../../sandbox/prng.ts"
import { barsPicture, itfWidths, modulesPicture, onPage, randomBarcode, turnPicture } from "../../../tests/support/barcodes.ts"
import { readPixels } from "./zxing-read.ts"
import type { PixelFrame, ReadResult } from "./types.ts"

const qrRender = qrRenderUtils as {
  getOptions(o: { margin: number; width: number }): unknown
  getImageWidth(size: number, o: unknown): number
  qrToImageData(data: Uint8ClampedArray, qr: unknown, o: unknown): void
}

const productWidths = (digits: string): number[] => itfModules(digits).map((m) => m.width)
/** bwip-js's interleaved 2 of 5 (BWIPP): its bar-space widths, wide:narrow 2:1 (independent of our encoders). */
const bwipWidths = (digits: string): number[] => {
  const [enc] = bwipjs.raw("interleaved2of5", digits, {}) as unknown as Array<{ sbs: number[] }>
  if (enc === undefined) throw new Error("bwip-js gave nothing")
  return enc.sbs
}
const text = (r: ReadResult): string | null => (r.kind === "found" ? (r.texts[0] ?? null) : null)

const noisy = (f: PixelFrame, r: Prng, amount: number): PixelFrame => {
  const data = Uint8ClampedArray.from(f.data)
  for (let p = 0; p < data.length; p += 4) {
    const d = r.int(-amount, amount)
    for (let c = 0; c < 3; c++) data[p + c] = (data[p + c] ?? 0) + d
  }
  return { data, width: f.width, height: f.height }
}

describe("issue 31 item 2 features §2 boleto: the pure-JS reader reads the 44-digit ITF barcode", () => {
  it("120 generated barcodes from three encoders (product, standard, bwip-js) at 1–3 px a bar: the same digits, a line an independent checker passes", () => {
    const r = new Prng(3102)
    const encoders = [
      { name: "product", widths: productWidths },
      { name: "standard 2:1", widths: (d: string) => itfWidths(d, 2) },
      { name: "standard 2.5:1", widths: (d: string) => itfWidths(d, 2.5) },
      { name: "standard 3:1", widths: (d: string) => itfWidths(d, 3) },
      { name: "bwip-js", widths: bwipWidths }
    ]
    for (let i = 0; i < 120; i++) {
      const barcode = randomBarcode(r)
      const enc = encoders[i % encoders.length] ?? encoders[0]
      const narrow = 1 + (i % 3)
      // 1 px bars at 2.5:1 cannot be drawn: round those to 2 px
      const picture = barsPicture(enc?.widths(barcode) ?? [], { narrow: enc?.name === "standard 2.5:1" ? Math.max(2, narrow) : narrow, height: 40 })
      const read = readPixels(picture, "itf", { tryHarder: false })
      expect(text(read), `${enc?.name} narrow ${narrow}: ${barcode}`).toBe(barcode)
      // the line it becomes passes an independent checker's every check digit
      expect(boleto(boletoBarcodeToLine(text(read) ?? "") ?? "", true), barcode).toBe(true)
    }
  })

  it("the three encoders agree bar for bar where their wide bars agree (3:1): the standard's and the product's", () => {
    const r = new Prng(3103)
    for (let i = 0; i < 50; i++) {
      const b = randomBarcode(r)
      expect(productWidths(b)).toEqual(itfWidths(b, 3))
    }
  })

  it("upright (a phone held over a slip lying across), on a transparent background, with noise, on a bigger page", () => {
    const r = new Prng(3104)
    for (let i = 0; i < 12; i++) {
      const barcode = randomBarcode(r)
      const flat = barsPicture(itfWidths(barcode, 3), { narrow: 2, height: 60 })
      const upright = turnPicture(flat)
      expect(text(readPixels(upright, "itf", { tryHarder: true })), "upright, try harder").toBe(barcode)
      expect(text(readPixels(upright, "itf", { tryHarder: false, turned: true })), "upright, a turned camera frame").toBe(barcode)
      expect(text(readPixels(barsPicture(bwipWidths(barcode), { narrow: 2, transparent: true }), "itf", { tryHarder: true })), "transparent").toBe(barcode)
      expect(text(readPixels(noisy(onPage(flat, 1280, 720, 235), r, 40), "itf", { tryHarder: false })), "noisy page").toBe(barcode)
    }
  })

  it("no code on the page: none; a barcode cut in the middle never reads as another valid barcode", () => {
    const r = new Prng(3105)
    const blank: PixelFrame = { data: new Uint8ClampedArray(640 * 480 * 4).fill(255), width: 640, height: 480 }
    expect(readPixels(blank, "itf", { tryHarder: true }).kind).toBe("none")
    expect(readPixels(noisy(blank, r, 120), "itf", { tryHarder: true }).kind).toBe("none")
    for (let i = 0; i < 20; i++) {
      const barcode = randomBarcode(r)
      const picture = barsPicture(itfWidths(barcode, 3), { narrow: 2 })
      // a band of ink across the bars somewhere inside the code (a smudge, a fold)
      const data = Uint8ClampedArray.from(picture.data)
      const from = r.int(40, picture.width - 80)
      for (let y = 0; y < picture.height; y++) for (let x = from; x < from + 24; x++) data.fill(0, (y * picture.width + x) * 4, (y * picture.width + x) * 4 + 3)
      const read = text(readPixels({ data, width: picture.width, height: picture.height }, "itf", { tryHarder: true }))
      if (read !== null && read !== barcode) expect(isValidBoletoBarcode(read), `${barcode} read as ${read}`).toBe(false)
    }
  })
})

/** A QR code's picture drawn by the product's encoder (the `qrcode` package the receive page draws with, level M). */
const productQr = (code: string): PixelFrame => {
  const m = QRCode.create(code, { errorCorrectionLevel: "M" }).modules
  return modulesPicture(m.size, (x, y) => m.get(y, x) === 1, 4)
}
/** The picture the receive page shows (`QRCode.toDataURL(emv, { errorCorrectionLevel: "M", margin: 2, width: 240 })`): its pixels. */
const receivePagePicture = (code: string): PixelFrame => {
  const qr = QRCode.create(code, { errorCorrectionLevel: "M" })
  const opts = qrRender.getOptions({ margin: 2, width: 240 })
  const size = qrRender.getImageWidth(qr.modules.size, opts)
  const data = new Uint8ClampedArray(size * size * 4)
  qrRender.qrToImageData(data, qr, opts)
  return { data, width: size, height: size }
}
/** A QR code's picture drawn by bwip-js (BWIPP's own QR encoder). */
const bwipQr = (code: string): PixelFrame => {
  const [enc] = bwipjs.raw("qrcode", code, "eclevel=M") as unknown as Array<{ pixs: number[]; pixx: number }>
  if (enc === undefined) throw new Error("bwip-js gave nothing")
  return modulesPicture(enc.pixx, (x, y) => enc.pixs[y * enc.pixx + x] === 1, 4)
}

describe("issue 31 item 2 features §2 pay by QR code: the pure-JS reader reads the Pix QR code", () => {
  it("the product's codes drawn by the product's QR encoder, and pix-utils' codes drawn by bwip-js: read back exactly", () => {
    const r = new Prng(3106)
    for (let i = 0; i < 16; i++) {
      const ours = encodePixCopyPaste({
        key: r.pick(["bruno@example.com", "+5511987654321", "52998224725", r.uuid()]),
        merchantName: r.pick(["Lima & Filhos Comércio", "Bruno Costa", "Padaria São João"]),
        merchantCity: r.pick(["São Paulo", "Belo Horizonte"]),
        amountCents: r.int(1, 9_999_999),
        description: r.pick(["", "Pedido 42", "Café e pão"]),
        txid: r.alnum(r.int(1, 25))
      })
      expect(text(readPixels(productQr(ours), "qr_code", { tryHarder: false })), ours).toBe(ours)

      const theirs = r.chance(0.5)
        ? createStaticPix({
            merchantName: "Fulano de Tal",
            merchantCity: "SAO PAULO",
            pixKey: `k${r.alnum(8)}@example.com`,
            infoAdicional: "Pedido",
            transactionAmount: r.int(1, 99_999) / 100
          })
        : createDynamicPix({ merchantName: "Loja Exemplo", merchantCity: "RIO DE JANEIRO", url: `pix.example.com/qr/v2/${r.alnum(25)}` })
      if (hasError(theirs)) throw new Error("pix-utils refused its input")
      const brcode = theirs.toBRCode()
      expect(text(readPixels(bwipQr(brcode), "qr_code", { tryHarder: true })), brcode).toBe(brcode)
    }
  })

  it("400 dynamic codes drawn as the receive page draws them (240 px, 57 modules of 4 or 5 px): every one read at its own size (D-scan)", () => {
    // ZXing's detector alone misread about one in eight of these (fractional modules drift off its grid)
    const r = new Prng(3108)
    const unread: string[] = []
    for (let i = 0; i < 400; i++) {
      const code = encodePixCopyPaste({
        url: `qr.carteira.sandbox/pix/v2/${r.uuid()}`,
        amountCents: r.int(1, 9_999_999),
        merchantName: r.pick(["Lima & Filhos Comércio de Alimentos Ltda", "Bruno Costa", "Padaria São João"]),
        merchantCity: "SAO PAULO"
      })
      const picture = receivePagePicture(code)
      if (text(readPixels(picture, "qr_code", { tryHarder: true })) !== code) unread.push(code)
    }
    expect(unread).toEqual([])
  })

  it("UTF-8 text with accents reads back as written; on a grey page with a camera's sensor noise too", () => {
    const code = "00020126360014br.gov.bcb.pix0114+55119876543215204000053039865802BR5913José Conceição6009São Paulo62070503***6304ABCD"
    expect(text(readPixels(productQr(code), "qr_code", { tryHarder: false }))).toBe(code)
    const page = noisy(onPage(productQr(code), 1280, 720, 230), new Prng(3107), 10)
    expect(text(readPixels(page, "qr_code", { tryHarder: false }))).toBe(code)
  })

  it("a QR code with its data smeared is damaged, not 'no code'; a blank page is none", () => {
    const code = encodePixCopyPaste({ key: "bruno@example.com", merchantName: "Bruno Costa", merchantCity: "Sao Paulo", amountCents: 12_345 })
    const m = QRCode.create(code, { errorCorrectionLevel: "L" }).modules
    const n = m.size
    // a band across the middle inverted: the finder patterns (corners) are kept, far more than level L corrects is lost
    const smeared = modulesPicture(n, (x, y) => {
      const dark = m.get(y, x) === 1
      return y >= Math.floor(n * 0.35) && y < Math.floor(n * 0.65) && x >= 9 && x < n - 9 ? !dark : dark
    })
    expect(readPixels(smeared, "qr_code", { tryHarder: true }).kind).toBe("damaged")
    const blank: PixelFrame = { data: new Uint8ClampedArray(400 * 400 * 4).fill(255), width: 400, height: 400 }
    expect(readPixels(blank, "qr_code", { tryHarder: true }).kind).toBe("none")
  })
})
