/**
 * Cross-wallet analysis (issue 5 "select several wallets and compare them side by side (totals
 * per wallet, per type, per counterparty), with the per-wallet permission respected"; DESIGN
 * "teams that share several wallets and analyse data across them"). Only readable wallets can
 * be selected (filter bar); here each wallet gets its own worker query grouped by type and by
 * counterparty under the same filter, and the per-wallet totals come from the summary.
 */
import { memo, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { GroupTotals, StatementsResult } from "../../../workers/results.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLiveQueries } from "../../lib/use-live-queries.ts"
import { Card, Skeleton } from "../../ui/index.ts"
import type { BaseQuery } from "./statement-filter.ts"
import * as s from "./statements.css.ts"

/** How many counterparties the comparison lists (the largest by volume over the selection). */
export const TOP_COUNTERPARTIES = 10

type Labeled = GroupTotals & { readonly label?: string }

export interface AnalysisPanelProps {
  readonly base: BaseQuery
  readonly walletIds: ReadonlyArray<string>
  readonly walletName: (id: string) => string
  readonly perWallet: ReadonlyArray<GroupTotals> | undefined
}

export const AnalysisPanel = memo(function AnalysisPanel({ base, walletIds, walletName, perWallet }: AnalysisPanelProps) {
  const { t } = useTranslation()
  const f = useFormat()
  const currency = base.currency
  const money = (v: number): string => f.amount(v, currency ?? "BRL")
  const queries = useMemo(
    () => [
      { kind: "statements" as const, query: { ...base, walletIds: [...walletIds], limit: 0, groupBy: "counterparty" as const } },
      ...walletIds.map((id) => ({ kind: "statements" as const, query: { ...base, walletIds: [id], limit: 0, groupBy: "type" as const } })),
      ...walletIds.map((id) => ({ kind: "statements" as const, query: { ...base, walletIds: [id], limit: 0, groupBy: "counterparty" as const } }))
    ],
    [base, walletIds]
  )
  const results = useLiveQueries(queries) as ReadonlyArray<StatementsResult | undefined>
  const all = results[0]
  const byType = walletIds.map((_, i) => results[1 + i])
  const byParty = walletIds.map((_, i) => results[1 + walletIds.length + i])
  const ready = results.every((r) => r !== undefined)

  const types = useMemo(() => {
    const seen = new Map<string, number>()
    for (const r of byType) for (const g of r?.groups ?? []) seen.set(g.key, (seen.get(g.key) ?? 0) + g.sumIn + g.sumOut + g.count)
    return [...seen].sort((a, b) => b[1] - a[1]).map(([k]) => k)
  }, [byType])
  const parties = useMemo(
    () =>
      [...((all?.groups ?? []) as ReadonlyArray<Labeled>)]
        .sort((a, b) => b.sumIn + b.sumOut - (a.sumIn + a.sumOut) || b.count - a.count)
        .slice(0, TOP_COUNTERPARTIES),
    [all]
  )
  const cell = (g: GroupTotals | undefined) =>
    g === undefined || g.count === 0 ? (
      <span className={s.small}>{"—"}</span>
    ) : (
      <>
        <span>{money(g.sumIn - g.sumOut)}</span>
        <span className={s.small}>{t("statements:analysis.cell", { in: money(g.sumIn), out: money(g.sumOut), count: g.count })}</span>
      </>
    )
  const header = (first: string) => (
    <thead>
      <tr>
        <th className={s.th} scope="col">
          {first}
        </th>
        {walletIds.map((id) => (
          <th key={id} className={s.thNum} scope="col">
            {walletName(id)}
          </th>
        ))}
      </tr>
    </thead>
  )
  return (
    <Card title={t("statements:analysis.title")} data-testid="analysis-panel">
      {currency === undefined ? <p className={s.small}>{t("statements:analysis.mixedCurrencies")}</p> : null}
      <div className={s.analysisGrid}>
        <div className={s.matrixWrap}>
          <h3 className={s.h3}>{t("statements:analysis.perWallet")}</h3>
          <table className={s.matrix} data-testid="analysis-wallets">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  {t("statements:table.wallet")}
                </th>
                <th className={s.thNum} scope="col">
                  {t("statements:totals.count")}
                </th>
                <th className={s.thNum} scope="col">
                  {t("statements:totals.in")}
                </th>
                <th className={s.thNum} scope="col">
                  {t("statements:totals.out")}
                </th>
                <th className={s.thNum} scope="col">
                  {t("statements:totals.net")}
                </th>
              </tr>
            </thead>
            <tbody>
              {walletIds.map((id) => {
                const g = perWallet?.find((x) => x.key === id)
                return (
                  <tr key={id} data-testid="analysis-wallet-row" data-wallet-id={id} data-count={g?.count ?? 0}>
                    <th className={s.td} scope="row">
                      {walletName(id)}
                    </th>
                    <td className={s.tdNum}>{g ? g.count : <Skeleton width={40} />}</td>
                    <td className={s.tdNum}>{g ? money(g.sumIn) : null}</td>
                    <td className={s.tdNum}>{g ? money(g.sumOut) : null}</td>
                    <td className={s.tdNum}>{g ? money(g.sumIn - g.sumOut) : null}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        {!ready ? (
          <Skeleton height={120} />
        ) : (
          <>
            <div className={s.matrixWrap}>
              <h3 className={s.h3}>{t("statements:analysis.perType")}</h3>
              <table className={s.matrix} data-testid="analysis-types">
                {header(t("statements:table.type"))}
                <tbody>
                  {types.map((type) => (
                    <tr key={type}>
                      <th className={s.td} scope="row">
                        {t(`statements:types.${type}`, { defaultValue: type })}
                      </th>
                      {byType.map((r, i) => (
                        <td key={walletIds[i]} className={s.tdNum}>
                          {cell(r?.groups?.find((g) => g.key === type))}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className={s.matrixWrap}>
              <h3 className={s.h3}>{t("statements:analysis.perCounterparty", { count: TOP_COUNTERPARTIES })}</h3>
              <table className={s.matrix} data-testid="analysis-counterparties">
                {header(t("statements:analysis.counterparty"))}
                <tbody>
                  {parties.map((p) => (
                    <tr key={p.key}>
                      <th className={s.td} scope="row">
                        {p.label || p.key || t("statements:analysis.noCounterparty")}
                        <span className={s.small}>{p.label && p.key !== p.label ? f.document(p.key) : ""}</span>
                      </th>
                      {byParty.map((r, i) => (
                        <td key={walletIds[i]} className={s.tdNum}>
                          {cell(r?.groups?.find((g) => g.key === p.key))}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Card>
  )
})
