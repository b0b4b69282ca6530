/**
 * issue 31 item 2 (spec features §2 boleto): a scanned 44-digit barcode becomes the 47/48-digit typeable line by
 * the existing boleto rules (schema/boleto.ts), over many generated bank and collection slips, checked three ways
 * that do not use our code: an independent checker validates every check digit of the line
 * (boleto-brasileiro-validator), the line taken back to a barcode by the FEBRABAN layout written here gives the
 * scanned digits, and an independent converter (@mrmgomes/boleto-utils) gives the same line wherever its type
 * guess holds (it takes any code ending in 14 zeros for a bank or card slip). A misread digit (a wrong check digit)
 * is refused exactly when the independent checker refuses it; anything else is not a boleto.
 */
import { describe, expect, it } from "vitest"
import { codBarras2LinhaDigitavel } from "@mrmgomes/boleto-utils"
import { boleto } from "boleto-brasileiro-validator"
import { boletoBarcodeToLine, isValidBoletoLine } from "../../../schema/boleto.ts"
import { lineProblem } from "../../../schema/billet.ts"
import { Prng } from "../../../sandbox/prng.ts"
import { randomBarcode } from "../../../tests/support/barcodes.ts"
import { lineOfScan } from "./scanned-line.ts"

/** FEBRABAN's layout, line → barcode, written here: a collection line drops each block's check digit; a bank line moves its fields back. */
const barcodeOfLine = (line: string): string =>
  line.length === 48
    ? [0, 1, 2, 3].map((b) => line.slice(b * 12, b * 12 + 11)).join("")
    : line.slice(0, 4) + line.slice(32, 33) + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31)
/** boleto-utils guesses a code's type from its digits and takes any code with 14 zeros at its end or from its 6th digit for a bank or card slip. */
const boletoUtilsGuessHolds = (barcode: string): boolean => barcode.slice(-14) !== "0".repeat(14) && barcode.slice(5, 19) !== "0".repeat(14)

describe("issue 31 item 2 features §2 boleto: a scanned barcode becomes the typeable line", () => {
  it("2,000 generated barcodes: the line of a scan passes an independent checker, maps back to the scan, and is the independent converter's", () => {
    const r = new Prng(31_2)
    let compared = 0
    for (let i = 0; i < 2000; i++) {
      const barcode = randomBarcode(r)
      const scanned = lineOfScan(barcode)
      expect(scanned, barcode).toHaveProperty("line")
      const line = "line" in scanned ? scanned.line : ""
      expect(line.length).toBe(barcode.startsWith("8") ? 48 : 47)
      expect(boleto(line, true), line).toBe(true)
      expect(barcodeOfLine(line)).toBe(barcode)
      if (boletoUtilsGuessHolds(barcode)) {
        expect(line, barcode).toBe(codBarras2LinhaDigitavel(barcode, false))
        compared++
      }
      // and the typed line's own rules take it
      expect(isValidBoletoLine(line)).toBe(true)
      expect(lineProblem(line)).toBeNull()
      // what the decoder's text may carry around it (a newline, spaces) does not matter
      expect(lineOfScan(` ${barcode}\n`)).toEqual(scanned)
    }
    expect(compared).toBeGreaterThan(1000)
  })

  it("a misread digit: refused as a wrong check digit exactly when the independent checker refuses the barcode", () => {
    const r = new Prng(31_22)
    let refused = 0
    for (let i = 0; i < 2000; i++) {
      const barcode = randomBarcode(r)
      const at = r.int(0, 43)
      const was = Number(barcode[at])
      const misread = barcode.slice(0, at) + String((was + r.int(1, 9)) % 10) + barcode.slice(at + 1)
      const scanned = lineOfScan(misread)
      expect("line" in scanned, misread).toBe(boleto(misread))
      if (!("line" in scanned)) {
        expect(scanned).toEqual({ problem: "checkDigit" })
        refused++
      }
    }
    // mod 11 maps three remainders to the digit 1 (bank slips), so a few misreads pass any checker; nearly all are caught
    expect(refused).toBeGreaterThan(1900)
  })

  it("a code that carries a valid typeable line is taken; a line with a wrong check digit is refused", () => {
    const r = new Prng(31_23)
    for (let i = 0; i < 200; i++) {
      const line = boletoBarcodeToLine(randomBarcode(r)) ?? ""
      expect(lineOfScan(line)).toEqual({ line })
      const wrong = line.slice(0, 9) + String((Number(line[9]) + 1) % 10) + line.slice(10)
      expect(lineOfScan(wrong)).toEqual({ problem: "checkDigit" })
    }
  })

  it("what is not a boleto's barcode: other lengths, letters, a Pix code", () => {
    for (const text of ["", "1234567890", "0".repeat(43), "0".repeat(46), "0".repeat(49), `${"1".repeat(43)}A`, "00020126580014br.gov.bcb.pix"]) {
      expect(lineOfScan(text), text).toEqual({ problem: "notBoleto" })
    }
  })
})
