/**
 * The chart of the statement (issue 5 "a chart of the balance and of in/out per day that follows
 * the filter"): incoming and outgoing bars and the closing balance line of the selected wallets,
 * from the worker's series (live query `statementSeries`; no rows cross the worker boundary).
 * Recharts is loaded lazily with this module, after the table has painted. Ranges over 120 days
 * are drawn per month. The balance has its own axis (it is usually far larger than a day's flow).
 */
import { memo, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import type { StatementSeriesView } from "../../../workers/results.ts"
import { useFormat } from "../../lib/use-format.ts"
import { vars } from "../../ui/index.ts"
import { chartPoints } from "./chart-series.ts"
import * as s from "./statements.css.ts"

function StatementChart({ series, currency }: { readonly series: StatementSeriesView; readonly currency: string }) {
  const { t } = useTranslation()
  const f = useFormat()
  const data = useMemo(() => chartPoints(series), [series])
  const money = (v: number): string => f.amount(Math.round(v), currency)
  // one formatter per language and currency: the axes call it for every tick they measure, and
  // making an Intl.NumberFormat costs far more than using one
  const compact = useMemo(() => {
    const d = currency === "BRL" ? 100 : currency === "USDT" ? 1e6 : 1e8
    const nf = new Intl.NumberFormat(f.locale === "en" ? "en-US" : "pt-BR", { notation: "compact", maximumFractionDigits: 1 })
    return (v: number): string => nf.format(v / d)
  }, [currency, f.locale])
  return (
    <div
      className={s.chartBox}
      data-testid="statement-chart"
      data-points={data.length}
      data-unit={series.unit}
      role="img"
      aria-label={t("statements:chart.description", { count: data.length })}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={vars.color.border} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: vars.color.textMuted }} minTickGap={16} />
          {/* a range with no flow at all still gets a scale (not five ticks all reading 0) */}
          <YAxis
            yAxisId="flow"
            domain={[0, (max: number) => (max > 0 ? max : 100)]}
            tickFormatter={compact}
            tick={{ fontSize: 11, fill: vars.color.textMuted }}
            width={68}
          />
          <YAxis yAxisId="balance" orientation="right" tickFormatter={compact} tick={{ fontSize: 11, fill: vars.color.textMuted }} width={68} />
          <Tooltip formatter={(v) => money(Number(v))} contentStyle={{ background: vars.color.surface, border: `1px solid ${vars.color.border}` }} />
          <Legend />
          <Bar yAxisId="flow" dataKey="sumIn" name={t("statements:chart.in")} fill={vars.color.success} isAnimationActive={false} />
          <Bar yAxisId="flow" dataKey="sumOut" name={t("statements:chart.out")} fill={vars.color.danger} isAnimationActive={false} />
          <Line
            yAxisId="balance"
            dataKey="balance"
            name={t("statements:chart.balance")}
            stroke={vars.color.info}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
            type="stepAfter"
            connectNulls={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

/** Re-drawn only when the series or the currency change, not on every page update. */
export default memo(StatementChart)
