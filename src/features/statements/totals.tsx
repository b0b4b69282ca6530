/**
 * Totals that follow the filter (features §2 statements page; issue 5 "totals (in, out, net,
 * count)"): from the worker's summary of the matching rows. Sums count completed and pending
 * rows (money that moved or is moving), the count every matching row. When the filter spans
 * several currencies the sums are given per currency, never added across units.
 */
import { memo } from "react"
import { useTranslation } from "react-i18next"
import type { StatementsResult } from "../../../workers/results.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Skeleton } from "../../ui/index.ts"
import * as s from "./statements.css.ts"

export interface CurrencyTotals {
  readonly currency: string
  readonly count: number
  readonly sumIn: number
  readonly sumOut: number
}
/** The projection also answers per currency when the matches mix currencies (not yet in workers/results.ts). */
export type SummaryResult = StatementsResult & { readonly perCurrency?: ReadonlyArray<CurrencyTotals> }

/** `stale`: the summary is the previous filter's while this one's is on its way (marked busy). */
export const Totals = memo(function Totals({
  summary,
  stale = false,
  currency
}: {
  readonly summary: SummaryResult | undefined
  readonly stale?: boolean
  readonly currency: string | undefined
}) {
  const { t } = useTranslation()
  const f = useFormat()
  if (!summary)
    return (
      <div className={s.totals} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={72} />
        ))}
      </div>
    )
  const lines: ReadonlyArray<CurrencyTotals> =
    currency !== undefined || !summary.perCurrency
      ? [{ currency: currency ?? "BRL", count: summary.total, sumIn: summary.sumIn, sumOut: summary.sumOut }]
      : summary.perCurrency
  const value = (pick: (c: CurrencyTotals) => number, testId: string, tone?: (v: number) => string) =>
    lines.length === 1 ? (
      <span
        className={[s.statValue, tone ? tone(pick(lines[0] as CurrencyTotals)) : ""].join(" ")}
        data-testid={testId}
        data-value={pick(lines[0] as CurrencyTotals)}
      >
        {f.amount(pick(lines[0] as CurrencyTotals), (lines[0] as CurrencyTotals).currency)}
      </span>
    ) : (
      <span className={s.currencyLines} data-testid={testId}>
        {lines.map((c) => (
          <span key={c.currency} data-currency={c.currency}>
            {f.amount(pick(c), c.currency)}
          </span>
        ))}
      </span>
    )
  const sign = (v: number): string => (v > 0 ? s.positive : v < 0 ? s.negative : "")
  return (
    <section className={s.totals} aria-label={t("statements:totals.label")} aria-busy={stale || undefined} data-testid="statement-totals">
      <div className={s.stat}>
        <span className={s.statLabel}>{t("statements:totals.count")}</span>
        <span className={s.statValue} data-testid="total-count" data-value={summary.total}>
          {f.count(summary.total)}
        </span>
      </div>
      <div className={s.stat}>
        <span className={s.statLabel}>{t("statements:totals.in")}</span>
        {value((c) => c.sumIn, "total-in")}
      </div>
      <div className={s.stat}>
        <span className={s.statLabel}>{t("statements:totals.out")}</span>
        {value((c) => c.sumOut, "total-out")}
      </div>
      <div className={s.stat}>
        <span className={s.statLabel}>{t("statements:totals.net")}</span>
        {value((c) => c.sumIn - c.sumOut, "total-net", sign)}
      </div>
    </section>
  )
})
