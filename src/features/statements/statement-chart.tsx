/**
 * The chart of the statement (issue 5 "a chart of in/out per day that follows the filter"):
 * incoming and outgoing bars per day and the running net over the filtered period, from the
 * worker's day groups (no rows cross the worker boundary). Recharts is loaded lazily with this
 * module, after the table has painted. Ranges over 120 days are drawn per month.
 */
import { memo, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import type { GroupTotals } from "../../../workers/results.ts"
import { useFormat } from "../../lib/use-format.ts"
import { vars } from "../../ui/index.ts"
import { chartSeries } from "./chart-series.ts"
import * as s from "./statements.css.ts"

function StatementChart({ groups, currency }: { readonly groups: ReadonlyArray<GroupTotals>; readonly currency: string }) {
  const { t } = useTranslation()
  const f = useFormat()
  const data = useMemo(() => chartSeries(groups), [groups])
  const money = (v: number): string => f.amount(Math.round(v), currency)
  const compact = (v: number): string => {
    const d = currency === "BRL" ? 100 : currency === "USDT" ? 1e6 : 1e8
    return new Intl.NumberFormat(f.locale === "en" ? "en-US" : "pt-BR", { notation: "compact", maximumFractionDigits: 1 }).format(v / d)
  }
  return (
    <div className={s.chartBox} data-testid="statement-chart" data-points={data.length} role="img" aria-label={t("statements:chart.description", { count: data.length })}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={vars.color.border} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: vars.color.textMuted }} minTickGap={16} />
          <YAxis tickFormatter={compact} tick={{ fontSize: 11, fill: vars.color.textMuted }} width={68} />
          <Tooltip formatter={(v) => money(Number(v))} contentStyle={{ background: vars.color.surface, border: `1px solid ${vars.color.border}` }} />
          <Legend />
          <Bar dataKey="sumIn" name={t("statements:chart.in")} fill={vars.color.success} isAnimationActive={false} />
          <Bar dataKey="sumOut" name={t("statements:chart.out")} fill={vars.color.danger} isAnimationActive={false} />
          <Line dataKey="net" name={t("statements:chart.net")} stroke={vars.color.info} dot={false} strokeWidth={2} isAnimationActive={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

/** Re-drawn only when the groups or the currency change, not on every page update. */
export default memo(StatementChart)
