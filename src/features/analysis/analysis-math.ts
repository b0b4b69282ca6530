/**
 * What the analysis view derives from the worker's pivot (issue 32 item 4): a cell's value by the
 * measure shown (count, in, out, net = in − out, integer minor units), each top counterparty's share
 * of the volume, this period against the previous one per row with its change, and the pivot as CSV
 * (the local exports' rules, sync/SPEC.md EX1: pt `;` and decimal comma, en `,` and point, BOM, CRLF,
 * quoting and the formula guard; amounts from minor units by string operations, EX3).
 */
import type { AnalysisMeasure, PivotLineView, PivotResultView } from "../../../schema/analysis.ts"

export interface Cell {
  readonly count: number
  readonly sumIn: number
  readonly sumOut: number
}

/** Column j of a line's cells. */
export const cellAt = (cells: ReadonlyArray<number>, j: number): Cell => ({
  count: cells[j * 3] ?? 0,
  sumIn: cells[j * 3 + 1] ?? 0,
  sumOut: cells[j * 3 + 2] ?? 0
})

export const valueOf = (c: Cell, m: AnalysisMeasure): number => (m === "count" ? c.count : m === "in" ? c.sumIn : m === "out" ? c.sumOut : c.sumIn - c.sumOut)

export interface TopLine {
  readonly line: PivotLineView
  /** Share of the volume (in + out) of every matching row, 0..1. */
  readonly share: number
}

/** Top counterparties (a pivot by counterparty without columns) with their share of the volume. */
export function topShares(r: PivotResultView): ReadonlyArray<TopLine> {
  const volume = r.total.sumIn + r.total.sumOut
  return r.lines.map((line) => ({ line, share: volume > 0 ? (line.sumIn + line.sumOut) / volume : 0 }))
}

export interface Change {
  readonly key: string
  readonly label?: string
  readonly previous: Cell
  readonly current: Cell
  /** current − previous of the measure. */
  readonly delta: number
  /** delta / |previous|, null when the previous is 0. */
  readonly ratio: number | null
}

/** This period against the previous one (a pivot with cols "period"), per row and in total. */
export function periodChanges(r: PivotResultView, m: AnalysisMeasure): { readonly rows: ReadonlyArray<Change>; readonly total: Change } {
  const change = (l: PivotLineView): Change => {
    const previous = cellAt(l.cells, 0)
    const current = cellAt(l.cells, 1)
    const a = valueOf(previous, m)
    const b = valueOf(current, m)
    return { key: l.key, ...(l.label !== undefined ? { label: l.label } : {}), previous, current, delta: b - a, ratio: a === 0 ? null : (b - a) / Math.abs(a) }
  }
  return { rows: r.lines.map(change), total: change(r.total) }
}

/** Decimal text of integer minor units (EX3: string operations, never floats). */
export function decimalOf(minor: number, decimals: number, mark: string): string {
  const neg = minor < 0
  const digits = String(Math.abs(Math.trunc(minor))).padStart(decimals + 1, "0")
  const int = decimals > 0 ? digits.slice(0, -decimals) : digits
  const frac = decimals > 0 ? digits.slice(-decimals) : ""
  return `${neg ? "-" : ""}${int}${frac ? mark + frac : ""}`
}

export interface CsvLabels {
  /** The row dimension's header, and each row's text by key (the others' and the total's too). */
  readonly rowHeader: string
  readonly row: (line: PivotLineView) => string
  readonly column: (key: string) => string
  readonly measure: (m: AnalysisMeasure) => string
  readonly others: string
  readonly total: string
}

const CSV_MEASURES: ReadonlyArray<AnalysisMeasure> = ["count", "in", "out", "net"]

/**
 * The pivot as CSV, wide: a row per pivot row (then the others and the total), and per column its
 * count, in, out and net, then the row's own totals. EX1's rules (module header).
 */
export function pivotCsv(r: PivotResultView, labels: CsvLabels, locale: "pt" | "en", decimals: number): string {
  const sep = locale === "pt" ? ";" : ","
  const mark = locale === "pt" ? "," : "."
  const cell = (v: string): string => {
    const guarded = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
    return /[";,\r\n]/.test(guarded) || guarded.includes(sep) ? `"${guarded.replaceAll('"', '""')}"` : guarded
  }
  const num = (m: AnalysisMeasure, c: Cell): string => (m === "count" ? String(c.count) : decimalOf(valueOf(c, m), decimals, mark))
  const header = [
    labels.rowHeader,
    ...r.columns.flatMap((k) => CSV_MEASURES.map((m) => `${labels.column(k)} · ${labels.measure(m)}`)),
    ...CSV_MEASURES.map((m) => `${labels.total} · ${labels.measure(m)}`)
  ]
  const line = (name: string, l: PivotLineView): string =>
    [cell(name), ...r.columns.flatMap((_, j) => CSV_MEASURES.map((m) => num(m, cellAt(l.cells, j)))), ...CSV_MEASURES.map((m) => num(m, l))].join(sep)
  const out = [header.map(cell).join(sep), ...r.lines.map((l) => line(labels.row(l), l))]
  if (r.others) out.push(line(labels.others, r.others))
  out.push(line(labels.total, r.total))
  return `\uFEFF${out.join("\r\n")}\r\n`
}
