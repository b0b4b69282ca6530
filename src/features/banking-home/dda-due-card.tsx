/**
 * The home's DDA card (issue 32 item 2; D-dda): how many boletos registered against the holder's
 * document are due this week (today and the next 6 days, São Paulo) and how many are overdue, linking
 * to "To pay". Shown only where the boleto area is on, the wallet may read it, and something is due.
 */
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { useList } from "../../../workers/client.ts"
import { ddaDaysToDue, ddaDueThisWeek } from "../../../schema/billet.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { FEATURES } from "../../config/features.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions } from "../../lib/use-shell-data.ts"
import { Card, layout } from "../../ui/index.ts"

export function DdaDueCard({ walletId }: { readonly walletId: string | null }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const actions = useActions()
  const allowed = FEATURES.billets && hasPermission(actions, P.getBilletPayments)
  const rows = useList("billet_dda", allowed ? walletId : null)
  if (!allowed || rows === undefined) return null
  const today = saoPauloDateKey(new Date())
  const week = ddaDueThisWeek(rows, today)
  const overdue = rows.filter((r) => r.status === "open" && ddaDaysToDue(r, today) < 0).length
  if (week === 0 && overdue === 0) return null
  return (
    <Card title={t("billet:toPay.title")} data-testid="home-dda" data-due-week={week} data-overdue={overdue}>
      <div className={layout.stack}>
        <Link to={lp("/banking/billet/to-pay")} data-testid="home-dda-link">
          {week > 0 ? t("billet:toPay.home.dueThisWeek", { count: week }) : t("billet:toPay.home.see")}
        </Link>
        {overdue > 0 ? <span className={layout.errorText}>{t("billet:toPay.home.overdue", { count: overdue })}</span> : null}
      </div>
    </Card>
  )
}
