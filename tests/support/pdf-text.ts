/**
 * The text of a PDF the app wrote (issue 31 item 1 receipts), read back without a PDF renderer:
 * each page's content stream decoded with pdf-lib's low-level API, and the strings of its text
 * operators (`<hex> Tj`, `(literal) Tj`) decoded from WinAnsi — what pdf-lib writes for a standard
 * font. Each text operator is one line of the result.
 */
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from "pdf-lib"

const winAnsi = new TextDecoder("windows-1252")

const hexBytes = (hex: string): Uint8Array => {
  const h = hex.replace(/\s+/g, "")
  const out = new Uint8Array(Math.ceil(h.length / 2))
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2).padEnd(2, "0"), 16)
  return out
}
const literal = (s: string): string => s.replace(/\\([nrtbf()\\])/g, (_, c: string) => ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" })[c] ?? c)

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const page of doc.getPages()) {
    const contents: PDFObject | undefined = page.node.Contents()
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r) as PDFObject) : contents ? [contents] : []
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue
      const ops = new TextDecoder("latin1").decode(decodePDFRawStream(s).decode())
      for (const m of ops.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
        out.push(m[1] !== undefined ? winAnsi.decode(hexBytes(m[1])) : literal(m[2] ?? ""))
      }
    }
  }
  return out.join("\n")
}
