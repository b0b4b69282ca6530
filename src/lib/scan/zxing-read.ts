/**
 * The pure-JS barcode reader used where the browser has no `BarcodeDetector` for the format (issue 31 item 2
 * "scanning in every browser"; docs/decisions.md D-scan): ZXing's TypeScript port (@zxing/library) over the
 * RGBA pixels of one picture — a camera frame or an uploaded image. No eval, no WebAssembly, nothing remote: it
 * runs under the app's CSP (`script-src 'self'`). This module is loaded only when a user opens scanning
 * (`import()` in ./read.ts), so the initial JavaScript does not carry it.
 *
 * Two formats: the Pix QR code (BR Code, UTF-8 text) and the boleto's barcode, FEBRABAN's 44-digit
 * interleaved 2 of 5 (ITF). ITF has no check digit of its own: what it reads is checked by the boleto's rules
 * (schema/boleto.ts) before it is used.
 */
// one file each (the package has no "sideEffects": false, so its index would bring every format's reader along)
import BinaryBitmap from "@zxing/library/esm/core/BinaryBitmap.js"
import BitMatrix from "@zxing/library/esm/core/common/BitMatrix.js"
import ChecksumException from "@zxing/library/esm/core/ChecksumException.js"
import DecodeHintType from "@zxing/library/esm/core/DecodeHintType.js"
import FormatException from "@zxing/library/esm/core/FormatException.js"
import HybridBinarizer from "@zxing/library/esm/core/common/HybridBinarizer.js"
import ITFReader from "@zxing/library/esm/core/oned/ITFReader.js"
import QRCodeReader from "@zxing/library/esm/core/qrcode/QRCodeReader.js"
import QRDecoder from "@zxing/library/esm/core/qrcode/decoder/Decoder.js"
import RGBLuminanceSource from "@zxing/library/esm/core/RGBLuminanceSource.js"
import type { PixelFrame, ReadResult, ScanFormat } from "./types.ts"

/**
 * The grey level of each pixel (0 black … 255 white), transparent pixels laid over white: a PNG with a
 * transparent background (as many barcode generators write) would otherwise read as black on black.
 */
export function luminance(frame: PixelFrame): Uint8ClampedArray {
  const { data, width, height } = frame
  const out = new Uint8ClampedArray(width * height)
  for (let i = 0, p = 0; i < out.length; i++, p += 4) {
    const r = data[p] ?? 0
    const g = data[p + 1] ?? 0
    const b = data[p + 2] ?? 0
    const a = data[p + 3] ?? 255
    // ITU-R BT.601 weights in integers (×1024), then the alpha over a white page
    const y = (r * 306 + g * 601 + b * 117) >> 10
    out[i] = a === 255 ? y : (y * a + 255 * (255 - a)) / 255
  }
  return out
}

/** The same grey picture turned a quarter (rows become columns): a barcode photographed upright reads across. */
export function quarterTurn(lum: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height)
  // new width = height; pixel (x, y) goes to (height − 1 − y, x)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) out[x * height + (height - 1 - y)] = lum[row + x] ?? 255
  }
  return out
}

const qrHints = (tryHarder: boolean): Map<DecodeHintType, unknown> => {
  const h = new Map<DecodeHintType, unknown>()
  // BR Code is UTF-8 (names with accents); ZXing would otherwise guess between Latin-1, UTF-8 and Shift_JIS
  h.set(DecodeHintType.CHARACTER_SET, "UTF-8")
  if (tryHarder) h.set(DecodeHintType.TRY_HARDER, true)
  return h
}

const itfHints = (tryHarder: boolean): Map<DecodeHintType, unknown> => {
  const h = new Map<DecodeHintType, unknown>()
  // the boleto's barcode is always 44 digits (ZXing's default lengths are 6–14)
  h.set(DecodeHintType.ALLOWED_LENGTHS, Int32Array.from([44]))
  if (tryHarder) h.set(DecodeHintType.TRY_HARDER, true)
  return h
}

/**
 * A QR code that is the whole picture (a screenshot or a saved image of a code: square, upright, nothing else dark)
 * read by its grid: the symbol's box split into 17 + 4·version equal modules, each sampled at its centre. ZXing's
 * detector estimates the module from the finder patterns and its own "pure" mode from the top-left one alone; on a
 * code drawn at a fractional module (our receive page: 240 px for 57 modules, 4 or 5 px each) both drift off the grid
 * across the symbol, and about one in eight of our own codes was read as damaged or not at all (D-scan). The whole
 * box fixes the module to a fraction of a pixel. The versions whose size is nearest the box over the top-left finder's
 * width (7 modules) are tried; a failed one throws as the detector's would.
 */
const decodeWholeSymbol = (black: BitMatrix, hints: Map<DecodeHintType, unknown>): string | null => {
  // the box of every dark pixel (ZXing's bottom-right "on bit" is the last one of the bottom row, not the corner)
  const box = black.getEnclosingRectangle()
  if (box === null) return null
  const [left = 0, top = 0, w = 0, h = 0] = box
  const right = left + w - 1
  if (w < 21 || Math.abs(w - h) > Math.max(2, w * 0.03)) return null
  // the finder's top edge: 7 modules of black from the box's corner
  let run = 0
  while (left + run <= right && black.get(left + run, top)) run++
  if (run < 7) return null
  const guess = (7 * w) / run
  const versions = Array.from({ length: 40 }, (_, i) => i + 1)
    .filter((v) => Math.abs(17 + 4 * v - guess) <= Math.max(4, guess * 0.08))
    .sort((a, b) => Math.abs(17 + 4 * a - guess) - Math.abs(17 + 4 * b - guess))
  let failure: unknown = null
  for (const v of versions) {
    const n = 17 + 4 * v
    const bits = new BitMatrix(n, n)
    for (let y = 0; y < n; y++) {
      const py = top + Math.floor(((y + 0.5) * h) / n)
      for (let x = 0; x < n; x++) if (black.get(left + Math.floor(((x + 0.5) * w) / n), py)) bits.set(x, y)
    }
    try {
      return new QRDecoder().decodeBitMatrix(bits, hints).getText()
    } catch (e) {
      failure ??= e
    }
  }
  if (failure !== null) throw failure
  return null
}

const decodeGrey = (lum: Uint8ClampedArray, width: number, height: number, format: ScanFormat, tryHarder: boolean): ReadResult => {
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, width, height)))
  let damaged = false
  try {
    const result = format === "qr_code" ? new QRCodeReader().decode(bitmap, qrHints(tryHarder)) : new ITFReader().decode(bitmap, itfHints(tryHarder))
    return { kind: "found", texts: [result.getText()] }
  } catch (e) {
    // a symbol was located but its error correction or layout failed: a damaged code, not an empty picture
    damaged = e instanceof ChecksumException || e instanceof FormatException
  }
  if (format === "qr_code" && tryHarder) {
    try {
      const text = decodeWholeSymbol(bitmap.getBlackMatrix(), qrHints(false))
      if (text !== null) return { kind: "found", texts: [text] }
    } catch (e) {
      damaged ||= e instanceof ChecksumException || e instanceof FormatException
    }
  }
  return { kind: damaged ? "damaged" : "none" }
}

/**
 * Reads one picture. `tryHarder` (uploaded images) scans every row and, for the barcode, the picture turned a
 * quarter too; a camera frame is read quickly (`turned`: only the picture turned a quarter) and the next frame
 * tries again.
 */
export function readPixels(frame: PixelFrame, format: ScanFormat, o: { readonly tryHarder: boolean; readonly turned?: boolean }): ReadResult {
  const { width, height } = frame
  if (width < 8 || height < 8) return { kind: "none" }
  const lum = luminance(frame)
  if (o.turned === true) return decodeGrey(quarterTurn(lum, width, height), height, width, format, o.tryHarder)
  const first = decodeGrey(lum, width, height, format, o.tryHarder)
  if (first.kind === "found" || format === "qr_code" || !o.tryHarder) return first
  const turned = decodeGrey(quarterTurn(lum, width, height), height, width, format, true)
  return turned.kind === "found" ? turned : first
}
