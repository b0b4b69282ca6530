/**
 * Banners under the header: the session countdown (core §4), the offline notice (the app keeps
 * working from local data) and the profile-update prompt with its 'update here' action (core §2.4).
 */
import { useTranslation } from "react-i18next"
import { useAppState } from "../../lib/app-state.ts"
import { requestShell } from "../../lib/shell-events.ts"
import { Button, InfoIcon, OfflineIcon } from "../../ui/index.ts"
import { useOnline } from "./connection-status.tsx"
import { SessionBanner } from "./session-banner.tsx"
import * as s from "./banners.css.ts"

function OfflineBanner() {
  const { t } = useTranslation()
  if (useOnline()) return null
  return (
    <div className={[s.banner, s.tone.neutral].join(" ")} role="status" data-testid="offline-banner">
      <div className={s.inner}><OfflineIcon size={18} /><span className={s.grow}>{t("shell:connection.offlineNotice")}</span></div>
    </div>
  )
}

function ProfileUpdateBanner() {
  const { t } = useTranslation()
  const needs = useAppState((st) => st.onboarding?.needs_profile_update === true)
  if (!needs) return null
  return (
    <div className={[s.banner, s.tone.info].join(" ")} role="region" aria-label={t("shell:profileUpdate.bannerRegion")} data-testid="profile-banner">
      <div className={s.inner}>
        <InfoIcon size={18} />
        <span className={s.grow}>{t("shell:profileUpdate.banner")}</span>
        <Button size="sm" variant="secondary" onClick={() => requestShell("profileUpdate")} data-testid="profile-banner-action">{t("shell:profileUpdate.bannerAction")}</Button>
      </div>
    </div>
  )
}

export function ShellBanners() {
  return (
    <>
      <SessionBanner />
      <OfflineBanner />
      <ProfileUpdateBanner />
    </>
  )
}
