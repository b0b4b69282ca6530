/**
 * The page of an area that later work will fill (statements, coins, Pix, boleto, TED, cards,
 * gateway, control-panel security, sports betting): says, translated, that it is not available yet.
 */
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { EmptyState, layout, PageHeader, Card } from "../../ui/index.ts"

export function UnavailablePage({ area }: { readonly area: string }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  return (
    <div className={layout.page} data-testid="unavailable-page" data-area={area}>
      <PageHeader title={t(`common:areas.${area}`)} />
      <Card>
        <EmptyState
          title={t("common:unavailable.title")}
          message={t("common:unavailable.message")}
          action={<Link to={lp("/banking/home")}>{t("common:errorPage.backHome")}</Link>}
        />
      </Card>
    </div>
  )
}
