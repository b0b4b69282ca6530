/** The shapes the chart frame (chart.tsx) hands its lazy drawing (chart-plot.tsx): a file of its own, so neither imports the other (issue 31 item 4). */
/** One series of the chart: a field of each point, drawn as bars, a line or an area. */
export interface ChartSeries {
  readonly key: string
  readonly label: string
  readonly kind: "bar" | "line" | "area"
  /** A CSS color (a theme token: vars.color.*). */
  readonly color: string
  /** Bars with the same stack id are stacked. */
  readonly stack?: string
  /** The right axis (a second scale: counts beside money). */
  readonly axis?: "left" | "right"
  /** The value as shown in the values, the table and the tooltip. */
  readonly format: (v: number) => string
}

/** A point: its short axis label and its values by series key. */
export interface ChartPoint {
  readonly label: string
  readonly values: Readonly<Record<string, number>>
}
