/**
 * The page a route answers with when its feature flag is off in this build (spec core §1
 * "switchable flags"; src/config/features.ts): the feature's name and, translated, that it is
 * not available in this configuration, with a way back home. Not an error: the route exists.
 */
import { useEffect } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import type { FeatureName } from "../config/features.ts"
import { useLocalePath } from "../lib/use-locale-path.ts"
import { Card, EmptyState, layout, PageHeader } from "../ui/index.ts"

export function FeatureOffPage({ feature }: { readonly feature: FeatureName }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const name = t(`common:featureOff.names.${feature}`)
  useEffect(() => {
    document.title = `${name} · ${t("common:appName")}`
  }, [name, t])
  return (
    <div className={layout.page} data-testid="feature-off-page" data-feature={feature}>
      <PageHeader title={name} />
      <Card>
        <EmptyState
          title={t("common:featureOff.title")}
          message={t("common:featureOff.message")}
          action={<Link to={lp("/banking/home")}>{t("common:errorPage.backHome")}</Link>}
        />
      </Card>
    </div>
  )
}
