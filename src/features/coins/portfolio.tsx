/**
 * Portfolio statements (spec features §1 coins "trends and portfolio income", §7
 * /users/otc/portfolio-statements): the wallet's conversions, paged (core §9 default page size
 * 20, created_at descending), with amounts in each currency's decimals, price, IOF and spread.
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import type { PagedOf } from "../../../schema/common.ts"
import type { Conversion } from "../../../schema/entities.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Button, Card, EmptyState, Skeleton, layout } from "../../ui/index.ts"
import * as s from "./coins.css.ts"

/** core §9: default list page size 20. */
export const PORTFOLIO_PAGE_SIZE = 20

export function Portfolio({ walletId, refreshKey }: { readonly walletId: string; readonly refreshKey: number }) {
  const { t } = useTranslation()
  const f = useFormat()
  const [page, setPage] = useState(1)
  const [data, setData] = useState<PagedOf<Conversion> | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    getEngine()
      .call("portfolioStatements", { walletId, query: { page: String(page), page_size: String(PORTFOLIO_PAGE_SIZE), sort: "created_at", order: "desc" } })
      .then((r) => {
        if (live) {
          setData(r.data)
          setError(null)
        }
      })
      // core §8: a list loader resets to an empty list on failure
      .catch((e: unknown) => {
        if (live) {
          setData(null)
          setError(errorI18nKey(e))
        }
      })
    return () => {
      live = false
    }
  }, [walletId, page, refreshKey])
  const pages = data ? Math.max(1, data.page_total) : 1
  return (
    <Card title={t("coins:portfolio.title")} data-testid="portfolio">
      {error ? (
        <p className={layout.errorText} role="alert">
          {t(error)}
        </p>
      ) : data === null ? (
        <Skeleton height={160} />
      ) : data.data.length === 0 ? (
        <EmptyState title={t("coins:portfolio.empty")} />
      ) : (
        <>
          <div className={s.tableWrap}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.date")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.from")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.to")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.price")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.iof")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.spread")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("coins:portfolio.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((c) => (
                  <tr key={c.id} data-testid="portfolio-row" data-id={c.id}>
                    <td className={s.td}>{f.dateTime(c.created_at)}</td>
                    <td className={s.td}>{f.amount(c.from_amount, c.from_currency)}</td>
                    <td className={s.td}>{f.amount(c.to_amount, c.to_currency)}</td>
                    <td className={s.td}>{f.brl(c.price)}</td>
                    <td className={s.td}>{f.brl(c.iof_amount)}</td>
                    <td className={s.td}>{f.brl(c.spread_amount)}</td>
                    <td className={s.td}>{t(`coins:portfolio.statuses.${c.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={s.pager}>
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              {t("coins:portfolio.previous")}
            </Button>
            <span className={layout.muted}>{t("coins:portfolio.page", { page, pages, count: data.total })}</span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t("coins:portfolio.next")}
            </Button>
          </div>
        </>
      )}
    </Card>
  )
}
