/**
 * The daily report file check (spec features §5 "XML file required (XML or ZIP accepted, must be
 * valid)", docs/betting-report.md schema relatorioApostas v1.0): well-formedness with line and
 * column, the schema's rules, ZIP archives (stored and deflated) with their XML entries; and the
 * correction deadline (features §5: 7th bank business day of the next month, reportCorrectionDeadline).
 */
import { deflateRawSync, inflateRawSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { checkReportFile, checkReportXml, parseXml } from "./betting-report.ts"
import { reportCorrectionDeadline } from "./validation.ts"

const bet = (id: string, extra = "") =>
  `<aposta id="${id}" tipo="esportiva" valorApostado="1500" valorPremio="300" dataHora="2026-03-10T14:00:00-03:00"${extra}/>`
const doc = (date = "2026-03-10", body = bet("1") + bet("2")) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<relatorioApostas versao="1.0" data="${date}" cnpj="12345678000195">\n${body}\n</relatorioApostas>\n`
const inflate = async (b: Uint8Array) => new Uint8Array(inflateRawSync(b))
const enc = (s: string) => new TextEncoder().encode(s)

/** A ZIP of the given files (method 8 deflate or 0 stored), written by hand for the test. */
const zip = (files: ReadonlyArray<{ name: string; text: string; stored?: boolean }>): Uint8Array => {
  const chunks: number[] = []
  const central: number[] = []
  const le = (arr: number[], v: number, bytes: number) => {
    for (let k = 0; k < bytes; k++) arr.push((v >>> (8 * k)) & 0xff)
  }
  for (const f of files) {
    const raw = enc(f.text)
    const data = f.stored ? raw : new Uint8Array(deflateRawSync(raw))
    const name = enc(f.name)
    const offset = chunks.length
    le(chunks, 0x04034b50, 4)
    le(chunks, 20, 2)
    le(chunks, 0, 2)
    le(chunks, f.stored ? 0 : 8, 2)
    le(chunks, 0, 4)
    le(chunks, 0, 4)
    le(chunks, data.length, 4)
    le(chunks, raw.length, 4)
    le(chunks, name.length, 2)
    le(chunks, 0, 2)
    chunks.push(...name, ...data)
    le(central, 0x02014b50, 4)
    le(central, 20, 2)
    le(central, 20, 2)
    le(central, 0, 2)
    le(central, f.stored ? 0 : 8, 2)
    le(central, 0, 4)
    le(central, 0, 4)
    le(central, data.length, 4)
    le(central, raw.length, 4)
    le(central, name.length, 2)
    le(central, 0, 2)
    le(central, 0, 2)
    le(central, 0, 2)
    le(central, 0, 2)
    le(central, 0, 4)
    le(central, offset, 4)
    central.push(...name)
  }
  const cdOffset = chunks.length
  const out = [...chunks, ...central]
  le(out, 0x06054b50, 4)
  le(out, 0, 2)
  le(out, 0, 2)
  le(out, files.length, 2)
  le(out, files.length, 2)
  le(out, central.length, 4)
  le(out, cdOffset, 4)
  le(out, 0, 2)
  return new Uint8Array(out)
}

describe("betting report file (features §5, docs/betting-report.md)", () => {
  it("a valid report passes with its bets summed", () => {
    expect(checkReportXml(doc(), "2026-03-10")).toEqual({ ok: true, bets: 2, staked: 3000, prizes: 600 })
  })
  it("malformed XML is refused with its line and column", () => {
    const text = `<relatorioApostas versao="1.0" data="2026-03-10" cnpj="12345678000195">\n  <aposta id="1">\n</relatorioApostas>`
    const r = checkReportXml(text)
    expect(r).toMatchObject({ ok: false, code: "XML_MALFORMED", line: 3 })
    expect(checkReportXml("<a x='1' x='2'/>")).toMatchObject({ ok: false, code: "XML_MALFORMED", line: 1, column: 10 })
    expect(checkReportXml("<a>&nope;</a>")).toMatchObject({ ok: false, code: "XML_MALFORMED" })
    expect(checkReportXml("<!DOCTYPE a><a/>")).toMatchObject({ ok: false, code: "XML_MALFORMED" })
  })
  it("the schema: root, version, date, CNPJ, bet attributes, unique ids, whole centavos", () => {
    expect(checkReportXml("<outro/>")).toMatchObject({ ok: false, code: "XML_SCHEMA" })
    expect(checkReportXml(doc("2026-03-10", bet("1") + bet("1")))).toMatchObject({ ok: false, code: "XML_SCHEMA", line: 3 })
    expect(checkReportXml(doc("2026-03-10", bet("1").replace("1500", "15,00")))).toMatchObject({ ok: false, code: "XML_SCHEMA" })
    expect(checkReportXml(doc("2026-03-10", bet("1", ' extra="x"')))).toMatchObject({ ok: false, code: "XML_SCHEMA" })
    expect(checkReportXml(doc("2026-03-11"), "2026-03-10")).toMatchObject({ ok: false, code: "DATE_MISMATCH" })
    expect(parseXml(doc()).children).toHaveLength(2)
  })
  it("a ZIP of XML files (deflated and stored) is read and each XML checked", async () => {
    const ok = zip([
      { name: "a.xml", text: doc() },
      { name: "b.xml", text: doc("2026-03-10", bet("9")), stored: true },
      { name: "leia.txt", text: "x" }
    ])
    expect(await checkReportFile(ok, inflate, "2026-03-10")).toEqual({ ok: true, files: 2, bets: 3, staked: 4500, prizes: 900 })
    const badEntry = zip([
      { name: "a.xml", text: doc() },
      { name: "b.xml", text: "<relatorioApostas" }
    ])
    expect(await checkReportFile(badEntry, inflate)).toMatchObject({ ok: false, code: "XML_MALFORMED", entry: "b.xml" })
    expect(await checkReportFile(zip([{ name: "leia.txt", text: "x" }]), inflate)).toMatchObject({ ok: false, code: "ZIP_NO_XML" })
    expect(await checkReportFile(ok.subarray(0, 40), inflate)).toMatchObject({ ok: false, code: "ZIP_INVALID" })
  })
  it("a file that is neither XML nor ZIP, or empty, is refused", async () => {
    expect(await checkReportFile(enc("%PDF-1.4 ..."), inflate)).toMatchObject({ ok: false, code: "NOT_XML_OR_ZIP" })
    expect(await checkReportFile(new Uint8Array(), inflate)).toMatchObject({ ok: false, code: "EMPTY_FILE" })
  })
  it("features §5 reportCorrectionDeadline: the 7th bank business day of the next month", () => {
    // March 2026: 2 (Mon) is the 1st business day → 10 (Tue) is the 7th
    expect(reportCorrectionDeadline("2026-02-15")).toBe("2026-03-10")
    // December → January of the next year: Jan 1 is a holiday, 2 (Fri) is the 1st → 12 (Mon) the 7th
    expect(reportCorrectionDeadline("2025-12-31")).toBe("2026-01-12")
    // the 5th reading (a setting)
    expect(reportCorrectionDeadline("2026-02-15", 5)).toBe("2026-03-06")
  })
})

describe("betting report file size (features §2: a large report is checked in the browser)", () => {
  // a correctness check on many elements (the per-element line count was once quadratic); no time is asserted
  it("a report of 20,000 bets is read whole, its last element's line right", () => {
    const rows = Array.from({ length: 20_000 }, (_, k) => bet(String(k))).join("\n")
    const r = checkReportXml(doc("2026-03-10", rows))
    expect(r).toMatchObject({ ok: true, bets: 20_000 })
    const dup = checkReportXml(doc("2026-03-10", rows + "\n" + bet("7")))
    expect(dup).toMatchObject({ ok: false, code: "XML_SCHEMA", line: 20_003 })
  }, 120_000)
})
