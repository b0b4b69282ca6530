/**
 * One chart frame for every picture of the app (issue 31 item 4 "pictures": gateway metrics, GGR
 * history, the days ahead, card spending; D-charts): a title, a toggle to its table alternative
 * (the same numbers as a table, in the same language), the plot — SVG drawn by chart-plot.tsx, a
 * chunk loaded lazily when a chart is first shown — and keyboard focus on its points (the table is
 * always in the page for screen readers, visually hidden until the toggle shows it): the plot
 * is one tab stop (a slider over the points: the arrow keys, Home and End move from point to point,
 * and a screen reader says the point's values as the slider's value), and the point's values (and
 * what the caller adds, such as the items of a day) are written under the plot; hovering a point
 * shows the same. A point may be marked negative (the days ahead below zero): the plot draws it
 * red, the values and the table say it in words. The numbers come already formatted by the caller
 * (money in cents through the app's helpers, counts through Intl).
 */
import { lazy, Suspense, useId, useState, type KeyboardEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "./button.tsx"
import { Skeleton } from "./skeleton.tsx"
import { visuallyHidden } from "./visually-hidden.css.ts"
import type { ChartPoint, ChartSeries } from "./chart-types.ts"
import * as s from "./chart.css.ts"

const ChartPlot = lazy(() => import("./chart-plot.tsx"))

export type { ChartPoint, ChartSeries } from "./chart-types.ts"

export interface ChartProps {
  readonly title: string
  /** The point's full name ("12/11/2026", "03/2026", a status), in the values and the table's first column. */
  readonly pointName: (i: number) => string
  readonly points: ReadonlyArray<ChartPoint>
  readonly series: ReadonlyArray<ChartSeries>
  /** The axes' ticks (compact). */
  readonly tick: { readonly left: (v: number) => string; readonly right?: (v: number) => string }
  /** The first column's header in the table alternative ("Day", "Month", "Status"). */
  readonly pointHeader: string
  /** Points marked as negative (drawn red, said in words). */
  readonly negative?: (i: number) => boolean
  /** The line of zero (a balance that may go below it). */
  readonly zeroLine?: boolean
  /** More about a point, under its values (the items of a day), and the same in words for a screen reader. */
  readonly detail?: (i: number) => ReactNode
  readonly describe?: (i: number) => string
  /** Horizontal bars (categories down the left: statuses). */
  readonly horizontal?: boolean
  readonly testId: string
  /** data-* attributes on the frame (what a test or benchmark reads: a total, the query's key). */
  readonly attrs?: Readonly<Record<`data-${string}`, string | number>>
  /** More columns of the table alternative, after the series' (the items of a day). */
  readonly tableExtra?: ReadonlyArray<{ readonly header: string; readonly cell: (i: number) => ReactNode }>
  /** The table's rows: a test id and data-* attributes per point (the day's date and outflow…). */
  readonly rowTestId?: string
  readonly rowAttrs?: (i: number) => Readonly<Record<`data-${string}`, string | number>>
}

export function Chart(p: ChartProps) {
  const { t } = useTranslation()
  const [asTable, setAsTable] = useState(false)
  const [active, setActive] = useState<number | null>(null)
  const id = useId()
  const n = p.points.length
  const at = active !== null && active < n ? active : null
  const spoken = (i: number): string =>
    [
      `${p.pointName(i)}${p.negative?.(i) ? ` (${t("common:chart.negative")})` : ""}`,
      ...p.series.map((x) => `${x.label}: ${x.format(p.points[i]?.values[x.key] ?? 0)}`),
      ...(p.describe ? [p.describe(i)] : [])
    ].join("; ")
  const move = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (n === 0) return
    const step = (cur: number): number | null | undefined =>
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? Math.min(n - 1, cur + 1)
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? Math.max(0, cur < 0 ? n - 1 : cur - 1)
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? n - 1
              : e.key === "Escape"
                ? null
                : undefined
    if (step(0) === undefined) return
    e.preventDefault()
    // from the point as it is when the key is handled (two keys before a render move it twice)
    setActive((a) => step(a !== null && a < n ? a : -1) ?? null)
  }
  return (
    <figure className={s.frame} data-testid={p.testId} data-points={n} data-view={asTable ? "table" : "chart"} {...p.attrs} style={{ margin: 0 }}>
      <div className={s.head}>
        <figcaption className={s.title} id={`${id}-title`}>
          {p.title}
        </figcaption>
        <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable((x) => !x)} data-testid={`${p.testId}-toggle`}>
          {asTable ? t("common:chart.showChart") : t("common:chart.showTable")}
        </Button>
      </div>
      {/* the table is always there for screen readers; the toggle shows it instead of the plot */}
      <div className={asTable ? undefined : visuallyHidden}>
        <ChartTable {...p} labelledBy={`${id}-title`} shown={asTable} />
      </div>
      {asTable ? null : (
        <>
          {/* one tab stop whose value is the point: the arrows move it, a screen reader says the point's values */}
          <div
            className={s.plot}
            // horizontal bars: a row per category, each tall enough for its label
            style={p.horizontal ? { height: Math.max(260, n * 26 + 80) } : undefined}
            role="slider"
            tabIndex={0}
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-hint`}
            aria-valuemin={0}
            aria-valuemax={Math.max(0, n - 1)}
            aria-valuenow={at ?? 0}
            aria-valuetext={at === null ? t("common:chart.hint") : spoken(at)}
            aria-orientation={p.horizontal ? "vertical" : "horizontal"}
            onKeyDown={move}
            onFocus={() => {
              if (at === null && n > 0) setActive(0)
            }}
            data-testid={`${p.testId}-plot`}
            data-active={at ?? ""}
          >
            {n === 0 ? null : (
              <Suspense fallback={<Skeleton height="100%" />}>
                <ChartPlot
                  points={p.points}
                  series={p.series}
                  tick={p.tick}
                  active={at}
                  onHover={setActive}
                  {...(p.negative ? { negative: p.negative } : {})}
                  zeroLine={p.zeroLine === true}
                  horizontal={p.horizontal === true}
                />
              </Suspense>
            )}
          </div>
          <div className={s.detail} data-testid={`${p.testId}-detail`} data-index={at ?? ""}>
            {at === null ? (
              <span id={`${id}-hint`}>{n === 0 ? t("common:chart.empty") : t("common:chart.hint")}</span>
            ) : (
              <>
                <span id={`${id}-hint`} className={s.detailName}>
                  {p.pointName(at)}
                  {p.negative?.(at) ? <span className={s.negative}>{` · ${t("common:chart.negative")}`}</span> : null}
                </span>
                <ul className={s.detailList}>
                  {p.series.map((x) => (
                    <li key={x.key}>
                      <span className={s.swatch} style={{ background: x.color }} aria-hidden="true" />
                      {`${x.label}: ${x.format(p.points[at]?.values[x.key] ?? 0)}`}
                    </li>
                  ))}
                </ul>
                {p.detail?.(at)}
              </>
            )}
          </div>
        </>
      )}
    </figure>
  )
}

/** The table alternative: a row per point, a column per series, the negative points said in words. */
function ChartTable(p: ChartProps & { readonly labelledBy: string; readonly shown: boolean }) {
  const { t } = useTranslation()
  // shown, it scrolls within its box and so takes the focus (a scrollable region must be reachable by keyboard)
  return (
    <div className={p.shown ? s.tableWrap : undefined} {...(p.shown ? { tabIndex: 0, role: "region", "aria-labelledby": p.labelledBy } : {})}>
      <table className={s.table} aria-labelledby={p.labelledBy} data-testid={`${p.testId}-table`}>
        <thead>
          <tr>
            <th scope="col" className={s.th}>
              {p.pointHeader}
            </th>
            {p.series.map((x) => (
              <th key={x.key} scope="col" className={`${s.th} ${s.num}`}>
                {x.label}
              </th>
            ))}
            {p.tableExtra?.map((x) => (
              <th key={x.header} scope="col" className={s.th}>
                {x.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.points.map((pt, i) => {
            const neg = p.negative?.(i) === true
            return (
              <tr key={i} className={neg ? s.negativeRow : undefined} data-negative={neg || undefined} data-testid={p.rowTestId} {...p.rowAttrs?.(i)}>
                <th scope="row" className={s.td} style={{ fontWeight: 400, textAlign: "left" }}>
                  {p.pointName(i)}
                  {neg ? <span className={s.negative}>{` · ${t("common:chart.negative")}`}</span> : null}
                </th>
                {p.series.map((x) => (
                  <td key={x.key} className={`${s.td} ${s.num}`}>
                    {x.format(pt.values[x.key] ?? 0)}
                  </td>
                ))}
                {p.tableExtra?.map((x) => (
                  <td key={x.header} className={s.td}>
                    {x.cell(i)}
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** Counts and compact axis figures in the language on screen (Intl), one formatter each per language. */
const counts = new Map<string, Intl.NumberFormat>()
const compacts = new Map<string, Intl.NumberFormat>()
const tag = (locale: string): string => (locale === "en" ? "en-US" : "pt-BR")
export function formatCount(n: number, locale: string): string {
  let f = counts.get(locale)
  if (!f) counts.set(locale, (f = new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 })))
  return f.format(n)
}
/** Cents as a compact number of reais for an axis tick (R$ is in the title: "1,2 mil" / "1.2K"). */
export function compactReais(cents: number, locale: string): string {
  let f = compacts.get(locale)
  if (!f) compacts.set(locale, (f = new Intl.NumberFormat(tag(locale), { notation: "compact", maximumFractionDigits: 1 })))
  return f.format(cents / 100)
}
