/**
 * Quotation trends (spec core §7 "GET /users/quotations/trends … When the trends flag is off,
 * fixed sample data is returned (several base currencies against BRL, two points each)";
 * features §3 trend sample: quote and base symbol, decimal and title, points with price,
 * price_buy, price_sell and timestamp). One small chart per base currency; recharts loads lazily
 * with this module.
 */
import { useTranslation } from "react-i18next"
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import type { TrendSample } from "../../../schema/entities.ts"
import { formatDate } from "../../../schema/format.ts"
import { useFormat } from "../../lib/use-format.ts"
import { vars } from "../../ui/index.ts"
import * as s from "./coins.css.ts"

export default function TrendsCharts({ samples }: { readonly samples: ReadonlyArray<TrendSample> }) {
  const { t } = useTranslation()
  const f = useFormat()
  const compact = (cents: number): string =>
    new Intl.NumberFormat(f.locale === "en" ? "en-US" : "pt-BR", { notation: "compact", maximumFractionDigits: 2 }).format(cents / 100)
  return (
    <div className={s.trends}>
      {samples.map((sample) => {
        const data = sample.points.map((p) => ({ label: formatDate(p.timestamp).slice(0, 5), price: p.price, buy: p.price_buy, sell: p.price_sell }))
        const title = t("coins:trends.pair", { base: sample.base_currency_symbol, quote: sample.quote_currency_symbol })
        return (
          <figure
            key={`${sample.base_currency_symbol}-${sample.quote_currency_symbol}`}
            style={{ margin: 0 }}
            data-testid="trend-chart"
            data-base={sample.base_currency_symbol}
            data-points={data.length}
          >
            <figcaption className={s.trendTitle}>{`${sample.title} · ${title}`}</figcaption>
            <div className={s.chart} role="img" aria-label={t("coins:trends.description", { pair: title, count: data.length })}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={vars.color.border} />
                  <XAxis dataKey="label" tick={{ fontSize: 11, fill: vars.color.textMuted }} minTickGap={12} />
                  <YAxis tickFormatter={compact} tick={{ fontSize: 11, fill: vars.color.textMuted }} width={52} domain={["auto", "auto"]} />
                  <Tooltip formatter={(v) => f.brl(Number(v))} contentStyle={{ background: vars.color.surface, border: `1px solid ${vars.color.border}` }} />
                  <Legend />
                  <Line dataKey="buy" name={t("coins:quote.buy")} stroke={vars.color.success} dot={data.length < 10} isAnimationActive={false} />
                  <Line dataKey="sell" name={t("coins:quote.sell")} stroke={vars.color.danger} dot={data.length < 10} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
        )
      })}
    </div>
  )
}
