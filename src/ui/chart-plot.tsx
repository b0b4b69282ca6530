/**
 * The drawing of src/ui/chart.tsx (issue 31 item 4; D-charts), in its own module loaded lazily when
 * a chart is first shown (as the statement's and the coins' charts load theirs): plain SVG drawn by
 * React — bars (stacked by stack id, side by side otherwise), lines and areas over the points, a left
 * and an optional right scale with round ticks, the active point highlighted (set by the frame's
 * keys or by the pointer here), negative points of a line drawn red, the zero line; horizontal bars
 * for categories with long names. Not recharts: a redraw of the gateway's three charts after a
 * filter change took 150 ms at the median and 470 ms at p95 with it on the shared 2-core machine
 * (bench gateway-metrics-chart-1m), against a budget of 50 ms; this draws the same in a few ms.
 */
import { memo, useLayoutEffect, useRef, useState, type MouseEvent } from "react"
import type { ChartPoint, ChartSeries } from "./chart-types.ts"
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

const FONT = 11
const LEGEND_H = 22

/** Round ticks over [min, max] (steps of 1, 2 or 5 × 10ⁿ), about `count` of them; the domain widened to them. */
export function niceTicks(min: number, max: number, count = 5): { ticks: number[]; lo: number; hi: number } {
  let a = Math.min(0, min)
  let b = Math.max(0, max)
  if (a === b) b = a + 100
  const raw = (b - a) / count
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag
  a = Math.floor(a / step) * step
  b = Math.ceil(b / step) * step
  const ticks: number[] = []
  for (let v = a; v <= b + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6)
  return { ticks, lo: a, hi: b }
}

/** The extent of the values drawn on one scale: stacked bars add up (positives up, negatives down). */
function extent(points: ReadonlyArray<ChartPoint>, series: ReadonlyArray<ChartSeries>): [number, number] {
  let lo = 0
  let hi = 0
  for (const p of points) {
    const up = new Map<string, number>()
    const down = new Map<string, number>()
    for (const x of series) {
      const v = p.values[x.key] ?? 0
      if (x.kind === "line" || !x.stack) {
        lo = Math.min(lo, v)
        hi = Math.max(hi, v)
        continue
      }
      const m = v >= 0 ? up : down
      const s = (m.get(x.stack) ?? 0) + v
      m.set(x.stack, s)
      lo = Math.min(lo, s)
      hi = Math.max(hi, s)
    }
  }
  return [lo, hi]
}

function ChartPlot({ points, series, tick, active, onHover, negative, zeroLine, horizontal }: PlotProps) {
  const box = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<{ w: number; h: number }>({ w: 0, h: 0 })
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const measure = (): void => setSize((s) => (s.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight }))
    measure()
    const ro = new ResizeObserver(measure)
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  const n = points.length
  const leftSeries = series.filter((x) => x.axis !== "right")
  const rightSeries = series.filter((x) => x.axis === "right")
  const L = niceTicks(...extent(points, leftSeries))
  const R = rightSeries.length > 0 ? niceTicks(...extent(points, rightSeries)) : null
  const W = size.w
  const H = Math.max(0, size.h - LEGEND_H)
  const m = horizontal ? { l: 150, r: R ? 28 : 12, t: R ? 22 : 8, b: 22 } : { l: 64, r: R ? 56 : 12, t: 8, b: 22 }
  const iw = Math.max(1, W - m.l - m.r)
  const ih = Math.max(1, H - m.t - m.b)
  // the value scales (pixels along the value axis from its start) and the category band
  const span = horizontal ? iw : ih
  const val = (s: { lo: number; hi: number }) => (v: number) => ((v - s.lo) / (s.hi - s.lo)) * span
  const vl = val(L)
  const vr = R ? val(R) : vl
  const band = (horizontal ? ih : iw) / Math.max(1, n)
  const scaleOf = (x: ChartSeries) => (x.axis === "right" ? vr : vl)
  // a point (category position, value) on screen
  const at = (i: number, off: number, v: number, x: ChartSeries): [number, number] =>
    horizontal ? [m.l + scaleOf(x)(v), m.t + i * band + off] : [m.l + i * band + off, m.t + ih - scaleOf(x)(v)]
  // bar groups: a stack id is one group; a bar without one is a group of its own
  const groups: string[] = []
  for (const x of series) if (x.kind === "bar") groups.push(x.stack ?? `#${x.key}`)
  const groupIds = [...new Set(groups)]
  const slot = (band * 0.8) / Math.max(1, groupIds.length)
  const bars: Array<{ key: string; x: number; y: number; w: number; h: number; fill: string }> = []
  for (let i = 0; i < n; i++) {
    const up = new Map<string, number>()
    const down = new Map<string, number>()
    for (const x of series) {
      if (x.kind !== "bar") continue
      const v = points[i]?.values[x.key] ?? 0
      if (v === 0) continue
      const g = x.stack ?? `#${x.key}`
      const m0 = v >= 0 ? up : down
      const base = m0.get(g) ?? 0
      m0.set(g, base + v)
      const off = band * 0.1 + groupIds.indexOf(g) * slot
      const [ax, ay] = at(i, off, base, x)
      const [bx, by] = at(i, off + slot, base + v, x)
      const fill = negative?.(i) ? vars.color.danger : x.color
      bars.push({ key: `${x.key}-${i}`, x: Math.min(ax, bx), y: Math.min(ay, by), w: Math.abs(bx - ax), h: Math.abs(by - ay), fill })
    }
  }
  const pathOf = (x: ChartSeries): string =>
    points.map((p, i) => at(i, band / 2, p.values[x.key] ?? 0, x)).reduce((d, [px, py], i) => `${d}${i === 0 ? "M" : "L"}${px.toFixed(1)},${py.toFixed(1)}`, "")
  // category labels that fit: every k-th one
  const room = horizontal ? FONT + 4 : 46
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor((horizontal ? ih : iw) / room))))
  const hover = (e: MouseEvent<SVGSVGElement>): void => {
    const r = e.currentTarget.getBoundingClientRect()
    const pos = horizontal ? e.clientY - r.top - m.t : e.clientX - r.left - m.l
    const i = Math.floor(pos / band)
    if (i >= 0 && i < n) onHover(i)
  }
  const zero = zeroLine && L.lo < 0 && L.hi > 0 ? m.t + ih - vl(0) : null
  const text = { fontSize: FONT, fill: vars.color.textMuted }
  return (
    <div ref={box} style={{ width: "100%", height: "100%" }}>
      {W > 0 && H > 0 ? (
        <svg className="chart-svg" width={W} height={H} onMouseMove={hover} aria-hidden="true" focusable="false">
          {/* value grid and ticks */}
          {L.ticks.map((v) => {
            const p = horizontal ? m.l + vl(v) : m.t + ih - vl(v)
            return horizontal ? (
              <g key={`l${v}`}>
                <line x1={p} x2={p} y1={m.t} y2={m.t + ih} stroke={vars.color.border} strokeDasharray="3 3" />
                <text x={p} y={m.t + ih + 14} textAnchor="middle" {...text}>
                  {tick.left(v)}
                </text>
              </g>
            ) : (
              <g key={`l${v}`}>
                <line x1={m.l} x2={m.l + iw} y1={p} y2={p} stroke={vars.color.border} strokeDasharray="3 3" />
                <text x={m.l - 6} y={p + 4} textAnchor="end" {...text}>
                  {tick.left(v)}
                </text>
              </g>
            )
          })}
          {R
            ? R.ticks.map((v) =>
                horizontal ? (
                  <text key={`r${v}`} x={m.l + vr(v)} y={m.t - 8} textAnchor="middle" {...text}>
                    {(tick.right ?? tick.left)(v)}
                  </text>
                ) : (
                  <text key={`r${v}`} x={m.l + iw + 6} y={m.t + ih - vr(v) + 4} textAnchor="start" {...text}>
                    {(tick.right ?? tick.left)(v)}
                  </text>
                )
              )
            : null}
          {/* category labels */}
          {points.map((p, i) =>
            i % every !== 0 ? null : horizontal ? (
              <text key={`c${i}`} x={m.l - 6} y={m.t + (i + 0.5) * band + 4} textAnchor="end" {...text}>
                {p.label}
              </text>
            ) : (
              <text key={`c${i}`} x={m.l + (i + 0.5) * band} y={m.t + ih + 14} textAnchor="middle" {...text}>
                {p.label}
              </text>
            )
          )}
          <line x1={m.l} y1={m.t + (horizontal ? 0 : ih)} x2={m.l + (horizontal ? 0 : iw)} y2={m.t + ih} stroke={vars.color.borderStrong} />
          {bars.map((b) => (
            <rect key={b.key} className="chart-bar" x={b.x} y={b.y} width={Math.max(0.5, b.w)} height={Math.max(0.5, b.h)} fill={b.fill} />
          ))}
          {series.map((x) => {
            if (x.kind === "bar") return null
            const d = pathOf(x)
            if (x.kind === "area") {
              const [x0] = at(0, band / 2, 0, x)
              const [x1, y0] = at(n - 1, band / 2, 0, x)
              return (
                <path
                  key={x.key}
                  className="chart-area"
                  d={`${d}L${x1.toFixed(1)},${y0.toFixed(1)}L${x0.toFixed(1)},${y0.toFixed(1)}Z`}
                  fill={x.color}
                  fillOpacity={0.2}
                  stroke={x.color}
                />
              )
            }
            return <path key={x.key} className="chart-line" d={d} fill="none" stroke={x.color} strokeWidth={2} />
          })}
          {/* the active point, over the bars and lines (a translucent band for horizontal bars) */}
          {active !== null ? (
            horizontal ? (
              <rect x={m.l} y={m.t + active * band} width={iw} height={band} fill={vars.color.focus} opacity={0.12} />
            ) : (
              <line x1={m.l + (active + 0.5) * band} x2={m.l + (active + 0.5) * band} y1={m.t} y2={m.t + ih} stroke={vars.color.focus} strokeWidth={2} />
            )
          ) : null}
          {zero !== null ? <line x1={m.l} x2={m.l + iw} y1={zero} y2={zero} stroke={vars.color.danger} strokeDasharray="4 4" /> : null}
          {/* a line's negative points in red, and its active point */}
          {series.map((x) =>
            x.kind !== "line"
              ? null
              : points.map((p, i) => {
                  const neg = negative?.(i) === true
                  if (!neg && i !== active) return null
                  const [cx, cy] = at(i, band / 2, p.values[x.key] ?? 0, x)
                  return (
                    <circle
                      key={`${x.key}-d${i}`}
                      cx={cx}
                      cy={cy}
                      r={i === active ? 5 : 3.5}
                      fill={neg ? vars.color.danger : x.color}
                      stroke={vars.color.surface}
                      strokeWidth={1}
                      data-negative={neg || undefined}
                    />
                  )
                })
          )}
        </svg>
      ) : null}
      <SeriesLegend series={series} />
    </div>
  )
}

/** The series' colours and names, hidden from screen readers (the values and the table say the same). */
function SeriesLegend({ series }: { readonly series: ReadonlyArray<ChartSeries> }) {
  return (
    <ul
      aria-hidden="true"
      style={{
        display: "flex",
        flexWrap: "wrap",
        justifyContent: "center",
        gap: "4px 16px",
        listStyle: "none",
        margin: 0,
        padding: 0,
        fontSize: 12,
        height: LEGEND_H,
        overflow: "hidden"
      }}
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
