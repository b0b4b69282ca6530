/**
 * The page body shown when the wallet's permission actions do not grant an approval page
 * (spec features §2: approval/requests needs get-all-assisted-payments, history
 * get-permissions-transaction-approvals, settings …-approval-settings-pix-payment). The route
 * guard already sends such users home; this covers permissions that change while the page is open.
 */
import { useTranslation } from "react-i18next"
import { Card, EmptyState, ShieldIcon, Skeleton, visuallyHidden } from "../../ui/index.ts"

export function NoPermission({ page }: { readonly page: "requests" | "history" | "settings" }) {
  const { t } = useTranslation()
  return (
    <Card data-testid="approval-no-permission">
      <EmptyState icon={<ShieldIcon size={32} />} title={t("approval:noPermission.title")} message={t(`approval:noPermission.${page}`)} />
    </Card>
  )
}

/** While the wallet's permission actions are not known yet (ApprovalScope.known): the page's loading state, not a guess. */
export function PermissionsLoading() {
  const { t } = useTranslation()
  return (
    <Card aria-busy="true" data-testid="approval-permissions-loading">
      <Skeleton height={140} />
      <span className={visuallyHidden}>{t("common:loading")}</span>
    </Card>
  )
}
