/**
 * What a scanned boleto barcode becomes (issue 31 item 2; spec features §2 boleto): the 44 digits of the
 * interleaved 2 of 5 barcode turned into the typeable line people type (47 digits for a bank slip, 48 for a
 * collection slip), checked by the same rules as a typed line (schema/boleto.ts, FEBRABAN's mod 10 / mod 11).
 * ITF carries no check digit of its own, so a misread bar shows here as a wrong general check digit.
 */
import { boletoBarcodeToLine, isValidBoletoBarcode } from "../../../schema/boleto.ts"
import { lineOfInput } from "../../../schema/billet.ts"

export type ScannedLine = { readonly line: string } | { readonly problem: "checkDigit" | "notBoleto" }

/** The typeable line of a scanned barcode, or why it cannot be one. */
export function lineOfScan(text: string): ScannedLine {
  const d = text.trim()
  if (/^\d{44}$/.test(d)) {
    const line = isValidBoletoBarcode(d) ? boletoBarcodeToLine(d) : null
    return line === null ? { problem: "checkDigit" } : { line }
  }
  // a code that carries the typeable line itself (47 or 48 digits) is taken when it is valid
  if (/^\d{47,48}$/.test(d)) {
    const line = lineOfInput(d)
    return line === null ? { problem: "checkDigit" } : { line }
  }
  return { problem: "notBoleto" }
}
