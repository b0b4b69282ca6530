/**
 * The drawing of src/ui/chart.tsx (issue 31 item 4; D-charts), in its own module so that recharts
 * loads only when a chart is first shown (as the statement's and the coins' charts load it). Bars,
 * lines and areas over the points, two axes, the active point highlighted (set by the frame's keys
 * or by the pointer here), negative points of a line drawn red, the zero line. No animation (a
 * live chart redraws on every change) and no recharts keyboard layer (the frame owns the focus).
 */
import { memo } from "react"
import { Area, Bar, CartesianGrid, Cell, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from "recharts"
import type { ChartPoint, ChartSeries } from "./chart.tsx"
import { vars } from "./theme.css.ts"

interface PlotProps {
  readonly points: ReadonlyArray<ChartPoint>
  readonly series: ReadonlyArray<ChartSeries>
  readonly tick: { readonly left: (v: number) => string; readonly right?: (v: number) => string }
  readonly active: number | null
  readonly onHover: (i: number | null) => void
  readonly negative?: (i: number) => boolean
  readonly zeroLine: boolean
  readonly horizontal: boolean
}

const TICK = { fontSize: 11, fill: vars.color.textMuted }

function ChartPlot({ points, series, tick, active, onHover, negative, zeroLine, horizontal }: PlotProps) {
  const data = points.map((p, i) => ({ i, ...p.values }))
  const label = (i: unknown): string => points[Number(i)]?.label ?? ""
  const hasRight = series.some((x) => x.axis === "right")
  const leftId = "left"
  const cat = horizontal ? (
    <YAxis dataKey="i" type="category" tickFormatter={label} tick={TICK} width={150} interval={0} />
  ) : (
    <XAxis dataKey="i" type="category" tickFormatter={label} tick={TICK} minTickGap={12} />
  )
  const valueAxes = horizontal ? (
    <>
      <XAxis xAxisId={leftId} type="number" tickFormatter={tick.left} tick={TICK} />
      {hasRight ? <XAxis xAxisId="right" type="number" orientation="top" tickFormatter={tick.right ?? tick.left} tick={TICK} /> : null}
    </>
  ) : (
    <>
      <YAxis yAxisId={leftId} tickFormatter={tick.left} tick={TICK} width={64} />
      {hasRight ? (
        <YAxis
          yAxisId="right"
          orientation="right"
          // nothing on this axis (no outflow in 60 days) still gets a scale, not five ticks all reading 0
          domain={[0, (max: number) => (max > 0 ? max : 100)]}
          tickFormatter={tick.right ?? tick.left}
          tick={TICK}
          width={56}
        />
      ) : null}
    </>
  )
  const axisOf = (x: ChartSeries) => (horizontal ? { xAxisId: x.axis === "right" ? "right" : leftId } : { yAxisId: x.axis === "right" ? "right" : leftId })
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={data}
        layout={horizontal ? "vertical" : "horizontal"}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
        onMouseMove={(st) => {
          const i = Number(st.activeTooltipIndex)
          if (Number.isInteger(i) && i >= 0) onHover(i)
        }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={vars.color.border} />
        {cat}
        {valueAxes}
        {/* our own legend: the series in their order, in the page's language (recharts' names its icons in English) */}
        <Legend content={() => <SeriesLegend series={series} />} />
        {active !== null ? (
          horizontal ? (
            <ReferenceLine y={active} stroke={vars.color.focus} strokeWidth={2} />
          ) : (
            <ReferenceLine x={active} yAxisId={leftId} stroke={vars.color.focus} strokeWidth={2} />
          )
        ) : null}
        {zeroLine && !horizontal ? <ReferenceLine y={0} yAxisId={leftId} stroke={vars.color.danger} strokeDasharray="4 4" /> : null}
        {series.map((x) => {
          if (x.kind === "bar")
            return (
              <Bar
                key={x.key}
                dataKey={x.key}
                name={x.label}
                fill={x.color}
                isAnimationActive={false}
                {...axisOf(x)}
                {...(x.stack ? { stackId: x.stack } : {})}
              >
                {negative ? data.map((d) => <Cell key={d.i} fill={negative(d.i) ? vars.color.danger : x.color} />) : null}
              </Bar>
            )
          if (x.kind === "area")
            return (
              <Area
                key={x.key}
                dataKey={x.key}
                name={x.label}
                stroke={x.color}
                fill={x.color}
                fillOpacity={0.2}
                isAnimationActive={false}
                {...axisOf(x)}
                {...(x.stack ? { stackId: x.stack } : {})}
              />
            )
          return (
            <Line
              key={x.key}
              dataKey={x.key}
              name={x.label}
              stroke={x.color}
              strokeWidth={2}
              isAnimationActive={false}
              {...axisOf(x)}
              dot={(d: { cx?: number; cy?: number; index?: number }) => {
                const i = d.index ?? -1
                const neg = negative?.(i) === true
                const on = i === active
                if (!neg && !on) return <g key={`d${i}`} />
                return (
                  <circle
                    key={`d${i}`}
                    cx={d.cx}
                    cy={d.cy}
                    r={on ? 5 : 3.5}
                    fill={neg ? vars.color.danger : x.color}
                    stroke={vars.color.surface}
                    strokeWidth={1}
                    data-negative={neg || undefined}
                  />
                )
              }}
            />
          )
        })}
      </ComposedChart>
    </ResponsiveContainer>
  )
}

/** The series' colours and names, hidden from screen readers (the values and the table say the same). */
function SeriesLegend({ series }: { readonly series: ReadonlyArray<ChartSeries> }) {
  return (
    <ul
      aria-hidden="true"
      style={{ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "4px 16px", listStyle: "none", margin: 0, padding: 0, fontSize: 12 }}
    >
      {series.map((x) => (
        <li key={x.key} style={{ display: "flex", alignItems: "center", gap: 4 }}>
          <span style={{ display: "inline-block", width: 10, height: x.kind === "line" ? 3 : 10, borderRadius: 2, background: x.color }} />
          {x.label}
        </li>
      ))}
    </ul>
  )
}

export default memo(ChartPlot)
