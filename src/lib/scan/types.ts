/** The shapes shared by the scanner's parts (issue 31 item 2; docs/decisions.md D-scan). */

/** What is scanned: the Pix QR code, or the boleto's 44-digit interleaved 2 of 5 barcode (BarcodeDetector's names). */
export type ScanFormat = "qr_code" | "itf"

/** RGBA pixels, row by row (an ImageData, or the same shape made in a test). */
export interface PixelFrame {
  readonly data: Uint8ClampedArray
  readonly width: number
  readonly height: number
}

/**
 * What one picture gave: the texts read (best first); nothing found; or a code located but not readable
 * (its error correction failed: damaged, smudged, cut off).
 */
export type ReadResult = { readonly kind: "found"; readonly texts: ReadonlyArray<string> } | { readonly kind: "none" } | { readonly kind: "damaged" }
