/**
 * The receipt as a PDF made in the browser (issue 31 item 1, D-receipts): one A4 page written with
 * pdf-lib from the receipt's words (receipt-lines.ts), so it holds real text (the amount and the
 * end-to-end id can be searched, copied and read back). pdf-lib is loaded when the first receipt is
 * written — never in the initial bundle. The standard Helvetica speaks WinAnsi (every Portuguese
 * letter); a character outside it becomes "?" rather than failing the receipt.
 */
import type { PDFFont } from "pdf-lib"
import type { ReceiptDocument } from "./receipt-lines.ts"

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 48
const INK = { r: 0.09, g: 0.11, b: 0.16 }
const MUTED = { r: 0.38, g: 0.42, b: 0.5 }
const BRAND = { r: 0.05, g: 0.4, b: 0.33 }

/** Characters Helvetica (WinAnsi) cannot write become "?"; Intl's spaces and minus become plain ones. */
function writable(font: PDFFont, text: string): string {
  const plain = text
    .normalize("NFC")
    .replace(/[\u00a0\u202f\u2007]/g, " ")
    .replace(/\u2212/g, "-")
  let out = ""
  for (const ch of plain) {
    try {
      font.encodeText(ch)
      out += ch
    } catch {
      out += "?"
    }
  }
  return out
}

/** Breaks a text into lines no wider than `width` at `size` (words, then characters for a long word). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let current = ""
  for (const word of text.split(/\s+/)) {
    const next = current === "" ? word : `${current} ${word}`
    if (font.widthOfTextAtSize(next, size) <= width) {
      current = next
      continue
    }
    if (current !== "") lines.push(current)
    current = ""
    let piece = ""
    for (const ch of word) {
      if (font.widthOfTextAtSize(piece + ch, size) > width && piece !== "") {
        lines.push(piece)
        piece = ""
      }
      piece += ch
    }
    current = piece
  }
  if (current !== "") lines.push(current)
  return lines.length > 0 ? lines : [""]
}

/** The receipt's PDF bytes. `lang`: the document's language (pt-BR, en-US). */
export async function receiptPdf(d: ReceiptDocument, lang: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib")
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${d.title} — ${d.kind}`)
  pdf.setLanguage(lang)
  pdf.setCreator("Carteira")
  pdf.setProducer("Carteira")
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const page = pdf.addPage(A4)
  const [width, height] = A4
  const inner = width - 2 * MARGIN
  let y = height - MARGIN

  const text = (s: string, x: number, size: number, font: PDFFont, color = INK): void => {
    page.drawText(writable(font, s), { x, y, size, font, color: rgb(color.r, color.g, color.b) })
  }

  page.drawRectangle({ x: 0, y: height - 6, width, height: 6, color: rgb(BRAND.r, BRAND.g, BRAND.b) })
  y -= 8
  text(d.title, MARGIN, 20, bold, BRAND)
  y -= 20
  text(d.kind, MARGIN, 12, regular, MUTED)
  y -= 34
  text(d.amount, MARGIN, 26, bold)
  y -= 18
  text(d.when, MARGIN, 11, regular, MUTED)
  y -= 18
  if (d.localNote) {
    for (const l of wrap(regular, writable(regular, d.localNote), 10, inner)) {
      y -= 4
      text(l, MARGIN, 10, bold, { r: 0.6, g: 0.35, b: 0 })
      y -= 10
    }
  }

  const labelWidth = 150
  const valueWidth = inner - labelWidth
  for (const s of d.sections) {
    y -= 18
    page.drawLine({
      start: { x: MARGIN, y: y + 14 },
      end: { x: width - MARGIN, y: y + 14 },
      thickness: 0.6,
      color: rgb(0.85, 0.87, 0.9)
    })
    text(s.title.toUpperCase(), MARGIN, 9, bold, MUTED)
    y -= 16
    for (const l of s.lines) {
      text(l.label, MARGIN, 10, regular, MUTED)
      const lines = wrap(bold, writable(bold, l.value), 10, valueWidth)
      lines.forEach((v, i) => {
        if (i > 0) y -= 13
        text(v, MARGIN + labelWidth, 10, bold)
      })
      y -= 16
    }
  }
  return pdf.save()
}
