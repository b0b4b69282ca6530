/**
 * The points of the statement chart (issue 5 "a chart of the balance and of in/out per day that
 * follows the filter"): the worker's series (sync/projections statement-projection.ts `series`,
 * live query `statementSeries`, days or months past 120 days) with the labels the axis shows.
 * Pure, so it is tested apart from the chart.
 */
import type { StatementSeriesView } from "../../../workers/results.ts"

export interface Point {
  readonly key: string
  readonly label: string
  readonly sumIn: number
  readonly sumOut: number
  readonly balance: number | null
}

/** DD/MM for a day (YYYY-MM-DD), MM/YYYY for a month (YYYY-MM). */
export const pointLabel = (key: string): string => (key.length === 7 ? `${key.slice(5, 7)}/${key.slice(0, 4)}` : `${key.slice(8, 10)}/${key.slice(5, 7)}`)

export function chartPoints(series: StatementSeriesView): Point[] {
  return series.points.map((p) => ({ key: p.key, label: pointLabel(p.key), sumIn: p.sumIn, sumOut: p.sumOut, balance: p.balance }))
}
