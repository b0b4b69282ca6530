/**
 * Reading a code in the browser (issue 31 item 2 "scanning in every browser"; docs/decisions.md D-scan): from an
 * uploaded image and from camera frames, with the browser's own `BarcodeDetector` where it has one that reads
 * the format, else the pure-JS reader (./zxing-read.ts), loaded here by `import()` the first time a user opens
 * scanning — never part of the initial JavaScript. The camera prefers the rear one and its tracks are stopped by
 * whoever opened it (`stopStream`).
 */
import type { PixelFrame, ReadResult, ScanFormat } from "./types.ts"

interface DetectedBarcode {
  readonly rawValue: string
}
interface Detector {
  detect(source: ImageBitmapSource): Promise<ReadonlyArray<DetectedBarcode>>
}
interface DetectorClass {
  new (o: { formats: string[] }): Detector
  getSupportedFormats?: () => Promise<ReadonlyArray<string>>
}

/** The browser's BarcodeDetector for `format`, where it has one that reads it (Chrome on Android and macOS, not Firefox). */
export async function nativeDetector(format: ScanFormat): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (typeof Native !== "function") return null
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? [format]
    return formats.includes(format) ? new Native({ formats: [format] }) : null
  } catch {
    return null
  }
}

type ZxingModule = typeof import("./zxing-read.ts")
let zxing: Promise<ZxingModule> | null = null
/** The pure-JS reader, loaded once on first use (a failed load, e.g. offline before the app was cached, is tried again next time). */
export function loadPureReader(): Promise<ZxingModule> {
  zxing ??= import("./zxing-read.ts").catch((e: unknown) => {
    zxing = null
    throw e
  })
  return zxing
}

const texts = (found: ReadonlyArray<DetectedBarcode>): ReadonlyArray<string> => found.map((b) => b.rawValue).filter((t) => t !== "")

/** A 2D canvas to draw into and read back (many reads: the browser keeps it in memory, not on the GPU). */
const canvas2d = (width: number, height: number): { canvas: HTMLCanvasElement; g: CanvasRenderingContext2D } => {
  const canvas = document.createElement("canvas")
  canvas.width = width
  canvas.height = height
  const g = canvas.getContext("2d", { willReadFrequently: true })
  if (g === null) throw new Error("no 2d canvas")
  return { canvas, g }
}

/** Longest side an image is read at first: a 12-megapixel photo is scaled down (a code in it stays readable). */
const IMAGE_MAX = 2048
/**
 * Smallest size an image is read again at, halving, when nothing was read: ZXing's QR detector can lose its way on
 * big modules (a code filling a photo, 8 px a module and more: a false alignment pattern sends its grid off the
 * picture) and reads the same picture smaller.
 */
const IMAGE_RETRY_MIN = 160

/**
 * The image drawn `long` pixels on its longest side over white, with a white margin; `crisp` resamples by nearest
 * pixel (a screenshot of a code keeps its modules sharp), otherwise the browser's smoothing.
 */
const drawImage = (bmp: ImageBitmap, long: number, crisp = false): { canvas: HTMLCanvasElement; g: CanvasRenderingContext2D } => {
  const scale = long / Math.max(bmp.width, bmp.height)
  const w = Math.max(1, Math.round(bmp.width * scale))
  const h = Math.max(1, Math.round(bmp.height * scale))
  // a picture cropped to the code has no quiet zone, which a barcode reader needs
  const margin = Math.round(Math.max(w, h) * 0.04) + 16
  const drawn = canvas2d(w + 2 * margin, h + 2 * margin)
  drawn.g.fillStyle = "#fff"
  drawn.g.fillRect(0, 0, drawn.canvas.width, drawn.canvas.height)
  drawn.g.imageSmoothingEnabled = !crisp
  drawn.g.drawImage(bmp, margin, margin, w, h)
  return drawn
}

/**
 * Reads a code from an image file: drawn over white (transparent PNGs) with a white margin, at most 2048 pixels
 * long, then smaller when nothing was read. Not an image, or no code in it: `none`; a code found but not
 * readable at any size: `damaged`.
 */
export async function readImageFile(file: Blob, format: ScanFormat): Promise<ReadResult> {
  let bmp: ImageBitmap
  try {
    bmp = await createImageBitmap(file)
  } catch {
    return { kind: "none" }
  }
  try {
    const first = Math.min(Math.max(bmp.width, bmp.height), IMAGE_MAX)
    const native = await nativeDetector(format)
    if (native !== null) {
      const found = texts(await native.detect(drawImage(bmp, first).canvas).catch(() => []))
      if (found.length > 0) return { kind: "found", texts: found }
    }
    // the pure reader also where the native one found nothing: it tells a damaged code from no code
    const { readPixels } = await loadPureReader()
    let damaged = false
    // the picture as it is (a code that is the whole picture is also read by its grid: ./zxing-read.ts), then two
    // thirds of it by nearest pixel, then halves: ZXing's QR detector alone misread about one in eight of our own
    // receive page's codes at their own size (fractional modules; D-scan), and a photo may read at another size
    const sizes: Array<readonly [number, boolean]> = [[first, false]]
    // (and, where two thirds fails too, three quarters, four fifths and three fifths: each reads some the others miss)
    if (format === "qr_code")
      for (const k of [2 / 3, 3 / 4, 4 / 5, 3 / 5]) if (Math.round(first * k) >= IMAGE_RETRY_MIN) sizes.push([Math.round(first * k), true])
    for (let long = Math.floor(first / 2); long >= IMAGE_RETRY_MIN; long = Math.floor(long / 2)) sizes.push([long, false])
    for (const [long, crisp] of sizes) {
      const { canvas, g } = drawImage(bmp, long, crisp)
      const r = readPixels(g.getImageData(0, 0, canvas.width, canvas.height), format, { tryHarder: true })
      if (r.kind === "found") return r
      damaged ||= r.kind === "damaged"
    }
    return { kind: damaged ? "damaged" : "none" }
  } finally {
    bmp.close()
  }
}

/** Longest side a camera frame is read at by the pure reader (a 1080p frame costs four times a 720p one). */
const FRAME_MAX = 1280

/**
 * A reader of camera frames for `format`: the native detector where there is one, else the pure reader (loaded
 * now) over the frame's pixels; the barcode is looked for across the frame and, every other frame, along it (a
 * phone held upright over a slip lying across); a QR code every other frame at half the size. Answers the texts
 * read, none when nothing was.
 */
export async function frameReader(format: ScanFormat): Promise<(video: HTMLVideoElement) => Promise<ReadonlyArray<string>>> {
  const native = await nativeDetector(format)
  if (native !== null) return async (video) => texts(await native.detect(video).catch(() => []))
  const { readPixels } = await loadPureReader()
  let drawn: { canvas: HTMLCanvasElement; g: CanvasRenderingContext2D } | null = null
  let turn = false
  return (video) => {
    const vw = video.videoWidth
    const vh = video.videoHeight
    if (vw === 0 || vh === 0) return Promise.resolve([])
    turn = !turn
    // every other frame: the barcode along the frame; a QR code at half the size (see IMAGE_RETRY_MIN)
    const scale = Math.min(1, FRAME_MAX / Math.max(vw, vh)) * (format === "qr_code" && turn ? 0.5 : 1)
    const w = Math.round(vw * scale)
    const h = Math.round(vh * scale)
    if (drawn === null || drawn.canvas.width !== w || drawn.canvas.height !== h) drawn = canvas2d(w, h)
    drawn.g.drawImage(video, 0, 0, w, h)
    const frame: PixelFrame = drawn.g.getImageData(0, 0, w, h)
    const r = readPixels(frame, format, { tryHarder: false, turned: format === "itf" && turn })
    return Promise.resolve(r.kind === "found" ? r.texts : [])
  }
}

export type CameraRefusal = "denied" | "unavailable"

/** True where the page may ask for a camera (a secure context with media devices). */
export const cameraPossible = (): boolean => typeof globalThis.navigator?.mediaDevices?.getUserMedia === "function"

/** The camera's video, the rear one preferred (a phone's front camera cannot focus on a slip). */
export async function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } }
  })
}

/** Why the camera did not open: refused by the user or the browser, or none there. */
export const cameraRefusal = (e: unknown): CameraRefusal => {
  const name = e instanceof Error || (typeof e === "object" && e !== null && "name" in e) ? String((e as { name: unknown }).name) : ""
  return name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError" ? "denied" : "unavailable"
}

/** Stops every track of a stream: the camera's light goes off. */
export function stopStream(stream: MediaStream | null): void {
  for (const t of stream?.getTracks() ?? []) t.stop()
}
