/**
 * A table's local CSV from its description (issue 16 "instant local CSV of exactly the filtered
 * rows"; issue 12 the Pix statement's): the same cell rules as the statement's CSV
 * (statement-export.ts: `;` and decimal `,` for pt, `,` and `.` for en, CRLF, BOM, formula-looking
 * text prefixed with `'`), the description's `csv` columns in order with the view's translated
 * headers: the amount signed by the sign field, times in São Paulo time, extra ints as money.
 */
import { formatMinorUnits } from "./minor-units.ts"
import { formatSpDateTime, parseInstant } from "../../schema/sao-paulo-time.ts"
import type { DefinedTable } from "../../schema/tables/define-table.ts"
import type { ExportLocale } from "./statement-export.ts"

const STYLE: Record<ExportLocale, { readonly sep: string; readonly decimal: string }> = { pt: { sep: ";", decimal: "," }, en: { sep: ",", decimal: "." } }
const FORMULA_START = /^[=+\-@\t\r]/
const quoted = (s: string, sep: string): string =>
  s.includes(sep) || s.includes('"') || s.includes("\n") || s.includes("\r") ? `"${s.replace(/"/g, '""')}"` : s
const textCell = (s: string, sep: string): string => quoted(FORMULA_START.test(s) ? "'" + s : s, sep)

/** The columns of a table's CSV: its `csv` list, else the fields named by its roles. */
export const csvColumns = <R>(t: DefinedTable<R>): ReadonlyArray<string> =>
  t.csv ?? [t.time.created, t.amount, ...t.enums.map((e) => e.key), ...t.text, ...t.prefixIds.map((p) => p.key), ...t.extraInts, ...(t.stored ?? [])]

export function* tableCsv<R>(
  t: DefinedTable<R>,
  rows: Iterable<R>,
  locale: ExportLocale,
  headers: ReadonlyArray<string>,
  chunkRows = 256
): Generator<string, void, undefined> {
  const { sep, decimal } = STYLE[locale]
  const cols = csvColumns(t)
  const times = new Set<string>([t.time.created, t.time.updated])
  const ints = new Set<string>(t.extraInts)
  const minus = t.sign.literals[1]
  const cell = (r: Record<string, unknown>, c: string): string => {
    const v = r[c]
    if (c === t.amount) return formatMinorUnits(r[t.sign.key] === minus ? -(v as number) : (v as number), 2, decimal)
    if (ints.has(c)) return formatMinorUnits(v as number, 2, decimal)
    if (times.has(c)) return formatSpDateTime(parseInstant(v as string))
    return textCell(v === null || v === undefined ? "" : String(v), sep)
  }
  let chunk = "\uFEFF" + cols.map((c, i) => textCell(headers[i] ?? c, sep)).join(sep) + "\r\n"
  let n = 0
  for (const r of rows) {
    const o = r as unknown as Record<string, unknown>
    chunk += cols.map((c) => cell(o, c)).join(sep) + "\r\n"
    if (++n % chunkRows === 0) {
      yield chunk
      chunk = ""
    }
  }
  if (chunk.length > 0) yield chunk
}
