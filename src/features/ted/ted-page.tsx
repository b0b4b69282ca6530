/**
 * /banking/ted (spec features §2 Banking: TED; issue 14): tabs for the sent and scheduled TEDs (index,
 * synced list `ted_transfers`, live), pay (permission post-banking-ted) and receive (the wallet's own
 * account) — each tab shown only to a wallet holding its permission (route-meta guards the routes).
 */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { Link, NavLink, Route, Routes } from "react-router"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { useList } from "../../../workers/client.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Badge, Card, EmptyState, PageHeader, Skeleton, layout } from "../../ui/index.ts"
import { PayTed } from "./pay.tsx"
import { ReceiveTed } from "./receive.tsx"
import { accountLine, spWhen, tedTone } from "./ted-view.ts"
import * as s from "./ted.css.ts"

function SentTeds() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const rows = useList("ted_transfers", wallet?.id ?? null)
  return (
    <Card>
      <div className={layout.stack}>
        <div className={s.row}>
          <h2>{t("ted:sent.title")}</h2>
          <Link to={lp("/banking/ted/pay")} data-testid="ted-go-pay">
            {t("ted:sent.payOne")}
          </Link>
        </div>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("ted:sent.empty")} />
        ) : (
          <ul className={s.list} data-testid="ted-transfers">
            {rows.map((r) => (
              <li key={r.id} className={s.item} data-testid="ted-transfer-row" data-status={r.status} data-id={r.id}>
                <div className={s.itemHead}>
                  <span className={s.grow}>{r.name}</span>
                  <span className={s.money}>{f.brl(r.amount)}</span>
                  <Badge tone={tedTone(r.status)}>{t(`ted:status.${r.status}`)}</Badge>
                </div>
                <span className={layout.muted}>{`${r.bank_code} · ${r.bank_name} · ${accountLine(r)}`}</span>
                <span className={layout.muted}>
                  {r.status === "scheduled" && r.scheduled_for !== null
                    ? t("ted:sent.scheduledFor", { when: spWhen(r.scheduled_for) })
                    : r.status === "failed"
                      ? t(`errors:${r.failure_reason ?? "UNKNOWN_ERROR"}`, { defaultValue: t("errors:UNKNOWN_ERROR") })
                      : t("ted:sent.sentAt", { when: spWhen(r.executed_at ?? r.created_at) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  )
}

export function TedPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const actions = useActions()
  useEffect(() => {
    document.title = `${t("ted:title")} · ${t("common:appName")}`
  }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  const tabs: ReadonlyArray<readonly [string, string, string | null]> = [
    ["", "sent", P.getTed],
    ["/pay", "pay", P.postTed],
    ["/receive", "receive", null]
  ]
  return (
    <div className={layout.page} data-testid="ted-page">
      <PageHeader title={t("ted:title")} subtitle={t("ted:subtitle")} />
      <nav aria-label={t("ted:tabs.label")} className={s.tabs}>
        {tabs
          .filter(([, , p]) => p === null || hasPermission(actions, p))
          .map(([path, key]) => (
            <NavLink key={key} end to={lp(`/banking/ted${path}`)} className={tabClass} data-testid={`ted-tab-${key}`}>
              {t(`ted:tabs.${key}`)}
            </NavLink>
          ))}
      </nav>
      <Routes>
        <Route index element={<SentTeds />} />
        <Route path="pay" element={<PayTed />} />
        <Route path="receive" element={<ReceiveTed />} />
      </Routes>
    </div>
  )
}
