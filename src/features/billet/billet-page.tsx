/**
 * /banking/billet (spec features §2 Banking: boleto; issue 14): tabs for the child pages — the paid
 * boletos (index), to-pay (DDA, issue 32 item 2), pay, scheduled-billet, receive (issue) and manage-billet (issued boletos) — each
 * shown only to a wallet holding its permission (route-meta guards the routes themselves).
 */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { NavLink, Route, Routes } from "react-router"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions } from "../../lib/use-shell-data.ts"
import { PageHeader, layout } from "../../ui/index.ts"
import { PayBillet } from "./pay.tsx"
import { PaidBillets, ScheduledBillets } from "./payments.tsx"
import { IssuedBillets, ReceiveBillet } from "./receive.tsx"
import { ToPayBillets } from "./to-pay.tsx"
import * as s from "./billet.css.ts"

export function BilletPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const actions = useActions()
  useEffect(() => {
    document.title = `${t("billet:title")} · ${t("common:appName")}`
  }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  const tabs: ReadonlyArray<readonly [string, string, string]> = [
    ["", "paid", P.getBilletPayments],
    ["/to-pay", "toPay", P.getBilletPayments],
    ["/pay", "pay", P.postBilletPayment],
    ["/scheduled-billet", "scheduled", P.getBilletScheduled],
    ["/receive", "receive", P.postBilletDeposit],
    ["/manage-billet", "manage", P.getBilletDeposits]
  ]
  return (
    <div className={layout.page} data-testid="billet-page">
      <PageHeader title={t("billet:title")} subtitle={t("billet:subtitle")} />
      <nav aria-label={t("billet:tabs.label")} className={s.tabs}>
        {tabs
          .filter(([, , p]) => hasPermission(actions, p))
          .map(([path, key]) => (
            <NavLink key={key} end to={lp(`/banking/billet${path}`)} className={tabClass} data-testid={`billet-tab-${key}`}>
              {t(`billet:tabs.${key}`)}
            </NavLink>
          ))}
      </nav>
      <Routes>
        <Route index element={<PaidBillets />} />
        <Route path="to-pay" element={<ToPayBillets />} />
        <Route path="pay" element={<PayBillet />} />
        <Route path="scheduled-billet" element={<ScheduledBillets />} />
        <Route path="receive" element={<ReceiveBillet />} />
        <Route path="manage-billet" element={<IssuedBillets />} />
      </Routes>
    </div>
  )
}
