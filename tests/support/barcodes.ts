/**
 * Test aids of scanning (issue 31 item 2): random boleto barcodes, an interleaved 2 of 5 encoder written here
 * from the standard (independent of schema/billet.ts `itfModules`), pictures of bars and of QR modules as RGBA
 * pixels, and a Y4M video file (the format Chromium's fake camera plays) made from such a picture. Pure code:
 * it runs in node (unit and e2e tests) and in the browser (component tests).
 */
import { makeBankSlipBarcode, makeCollectionSlipBarcode } from "../../schema/boleto.ts"
import type { Prng } from "../../sandbox/prng.ts"
import type { PixelFrame } from "../../src/lib/scan/types.ts"

/** A random valid 44-digit barcode: a bank slip (any bank, due factor, amount, free field) or a collection slip (value id 6–9). */
export const randomBarcode = (r: Prng): string =>
  r.chance(0.5)
    ? makeBankSlipBarcode({
        bank: String(r.int(1, 799)).padStart(3, "0"),
        amountCents: r.chance(0.1) ? 0 : r.int(1, 99_999_999),
        dueFactor: r.chance(0.1) ? 0 : r.int(1000, 9999),
        free: r.digits(25)
      })
    : makeCollectionSlipBarcode({
        segment: String(r.int(1, 9)),
        valueId: r.pick(["6", "7", "8", "9"]),
        amountCents: r.int(0, 9_999_999_999),
        ...(r.chance(0.5) ? {} : { free: r.digits(10) })
      })

/**
 * Interleaved 2 of 5 from the standard (ISO/IEC 16390; FEBRABAN's boleto barcode): each digit is five elements,
 * two of them wide (1 2 4 7 0 weights: the pattern of 0 is NNWWN); digits go in pairs, the first in the bars and
 * the second in the spaces between them; start bar-space-bar-space narrow, stop wide bar, narrow space, narrow
 * bar. Answers the element widths left to right, starting with a bar, in units of the narrow width.
 */
export function itfWidths(digits: string, wide: 2 | 2.5 | 3 = 3): number[] {
  if (!/^(\d\d)*$/.test(digits)) throw new RangeError("ITF needs an even count of digits")
  const pattern = (d: number): number[] => {
    if (d === 0) return [1, 1, wide, wide, 1]
    // the weights 1, 2, 4, 7 of the first four elements (and parity in the fifth) that sum to the digit
    for (let a = 0; a < 5; a++)
      for (let b = a + 1; b < 5; b++) {
        const weights = [1, 2, 4, 7, 0]
        if ((weights[a] ?? 0) + (weights[b] ?? 0) === d) return [0, 1, 2, 3, 4].map((i) => (i === a || i === b ? wide : 1))
      }
    throw new Error(`no pattern for ${d}`)
  }
  const out = [1, 1, 1, 1]
  for (let i = 0; i < digits.length; i += 2) {
    const bars = pattern(Number(digits[i]))
    const spaces = pattern(Number(digits[i + 1]))
    for (let k = 0; k < 5; k++) out.push(bars[k] ?? 1, spaces[k] ?? 1)
  }
  out.push(wide, 1, 1)
  return out
}

/** RGBA pixels of a 1-D code: element widths (bar first) × `narrow` pixels, a white quiet zone each side. */
export function barsPicture(widths: ReadonlyArray<number>, o: { narrow?: number; height?: number; quiet?: number; transparent?: boolean } = {}): PixelFrame {
  const narrow = o.narrow ?? 3
  const height = o.height ?? 80
  const quiet = o.quiet ?? 12 * narrow
  const run: boolean[] = []
  widths.forEach((w, i) => {
    for (let k = 0; k < Math.round(w * narrow); k++) run.push(i % 2 === 0)
  })
  const width = run.length + 2 * quiet
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const bar = run[x - quiet] === true
      const p = (y * width + x) * 4
      const v = bar ? 0 : 255
      data[p] = v
      data[p + 1] = v
      data[p + 2] = v
      // transparent: the spaces and the quiet zone see-through, as a PNG without a background
      data[p + 3] = o.transparent === true && !bar ? 0 : 255
    }
  return { data, width, height }
}

/** RGBA pixels of a square module matrix (true = dark), `scale` pixels a module, a 4-module quiet zone. */
export function modulesPicture(size: number, dark: (x: number, y: number) => boolean, scale = 4): PixelFrame {
  const quiet = 4
  const width = (size + 2 * quiet) * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!dark(x, y)) continue
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const p = (((y + quiet) * scale + dy) * width + (x + quiet) * scale + dx) * 4
          data[p] = 0
          data[p + 1] = 0
          data[p + 2] = 0
        }
    }
  return { data, width, height: width }
}

/** A picture turned a quarter clockwise (a barcode standing upright). */
export function turnPicture(f: PixelFrame): PixelFrame {
  const data = new Uint8ClampedArray(f.data.length)
  for (let y = 0; y < f.height; y++)
    for (let x = 0; x < f.width; x++) {
      const from = (y * f.width + x) * 4
      const to = (x * f.height + (f.height - 1 - y)) * 4
      for (let c = 0; c < 4; c++) data[to + c] = f.data[from + c] ?? 0
    }
  return { data, width: f.height, height: f.width }
}

/** `picture` centred on a white (or grey) page of `width` × `height` pixels. */
export function onPage(picture: PixelFrame, width: number, height: number, paper = 255): PixelFrame {
  const data = new Uint8ClampedArray(width * height * 4).fill(paper)
  const left = Math.floor((width - picture.width) / 2)
  const top = Math.floor((height - picture.height) / 2)
  for (let y = 0; y < picture.height; y++)
    for (let x = 0; x < picture.width; x++) {
      const tx = x + left
      const ty = y + top
      if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue
      const from = (y * picture.width + x) * 4
      const to = (ty * width + tx) * 4
      const a = (picture.data[from + 3] ?? 255) / 255
      for (let c = 0; c < 3; c++) data[to + c] = (picture.data[from + c] ?? 255) * a + paper * (1 - a)
      data[to + 3] = 255
    }
  return { data, width, height }
}

/**
 * A Y4M (YUV4MPEG2, 4:2:0) video of `frames` copies of `picture` at 30 frames a second: what Chromium's
 * `--use-file-for-fake-video-capture` plays, looping. RGB → BT.601 studio-range YCbCr; the chroma of each 2×2
 * block is their mean. Width and height must be even.
 */
export function y4mOf(picture: PixelFrame, frames = 1): Uint8Array {
  const { width: w, height: h, data } = picture
  if (w % 2 !== 0 || h % 2 !== 0) throw new RangeError("Y4M 4:2:0 needs an even width and height")
  const header = new TextEncoder().encode(`YUV4MPEG2 W${w} H${h} F30:1 Ip A1:1 C420jpeg\n`)
  const frameHeader = new TextEncoder().encode("FRAME\n")
  const ySize = w * h
  const cSize = (w / 2) * (h / 2)
  const plane = new Uint8Array(ySize + 2 * cSize)
  const rgb = (x: number, y: number): [number, number, number] => {
    const p = (y * w + x) * 4
    return [data[p] ?? 0, data[p + 1] ?? 0, data[p + 2] ?? 0]
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [r, g, b] = rgb(x, y)
      plane[y * w + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b)
    }
  for (let y = 0; y < h / 2; y++)
    for (let x = 0; x < w / 2; x++) {
      let r = 0
      let g = 0
      let b = 0
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1]
      ] as const) {
        const [pr, pg, pb] = rgb(2 * x + dx, 2 * y + dy)
        r += pr / 4
        g += pg / 4
        b += pb / 4
      }
      plane[ySize + y * (w / 2) + x] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b)
      plane[ySize + cSize + y * (w / 2) + x] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b)
    }
  const out = new Uint8Array(header.length + frames * (frameHeader.length + plane.length))
  out.set(header, 0)
  let at = header.length
  for (let i = 0; i < frames; i++) {
    out.set(frameHeader, at)
    at += frameHeader.length
    out.set(plane, at)
    at += plane.length
  }
  return out
}

/* ------------------------------------------------------------------------------------------ */
/* In the browser (component tests)                                                            */
/* ------------------------------------------------------------------------------------------ */

/** The picture as a PNG file, as a user would pick it. */
export async function pictureFile(picture: PixelFrame, name = "code.png"): Promise<File> {
  const canvas = new OffscreenCanvas(picture.width, picture.height)
  const g = canvas.getContext("2d")
  if (g === null) throw new Error("no 2d canvas")
  g.putImageData(new ImageData(Uint8ClampedArray.from(picture.data), picture.width, picture.height), 0, 0)
  const blob = await canvas.convertToBlob({ type: "image/png" })
  return new File([blob], name, { type: "image/png" })
}

/** Chooses `file` in a file input, as the browser's picker does (the input's files, then its change event). */
export function chooseFile(input: HTMLInputElement, file: File): void {
  const dt = new DataTransfer()
  dt.items.add(file)
  input.files = dt.files
  input.dispatchEvent(new Event("change", { bubbles: true }))
}

/**
 * A camera filming `picture`: a canvas that keeps drawing it, captured as a MediaStream (what getUserMedia
 * answers in the component tests). `stop()` ends the drawing; the test checks the app stopped the tracks.
 */
export function cameraFilming(picture: PixelFrame): { readonly stream: MediaStream; stop(): void } {
  const canvas = document.createElement("canvas")
  canvas.width = picture.width
  canvas.height = picture.height
  const g = canvas.getContext("2d")
  if (g === null) throw new Error("no 2d canvas")
  const image = new ImageData(Uint8ClampedArray.from(picture.data), picture.width, picture.height)
  const draw = (): void => g.putImageData(image, 0, 0)
  draw()
  const stream = canvas.captureStream(15)
  // a captured canvas gives frames only when it is drawn
  const timer = setInterval(draw, 50)
  return { stream, stop: () => clearInterval(timer) }
}
