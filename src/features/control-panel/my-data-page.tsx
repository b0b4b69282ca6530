/**
 * /control-panel/my-account/my-data (spec core §2.1, §3): the user's profile (name, e-mail,
 * phone, document formatted, account type), onboarding status, address and occupation, with
 * the profile-update action (core §2.4). Guided tour 'controlPanelData'.
 */
import { useEffect, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { formatZip } from "../../../schema/format.ts"
import { useAppState } from "../../lib/app-state.ts"
import { requestShell } from "../../lib/shell-events.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useTour } from "../../lib/use-tour.ts"
import { Badge, Button, Card, layout, PageHeader, Skeleton, Tour } from "../../ui/index.ts"

export function MyDataPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const profile = useAppState((st) => st.profile)
  const onboarding = useAppState((st) => st.onboarding)
  const status = useAppState((st) => st.onboardingStatus)
  const steps = useMemo(
    () =>
      (["profile-data", "profile-address"] as const).map((target) => ({
        target,
        title: t(`controlPanel:tour.${target}.title`),
        body: t(`controlPanel:tour.${target}.body`)
      })),
    [t]
  )
  const tour = useTour("controlPanelData", steps.length)
  useEffect(() => {
    document.title = `${t("controlPanel:myData.title")} · ${t("common:appName")}`
  }, [t])
  const a = onboarding?.address ?? null
  const row = (label: string, value: string | null | undefined) => (
    <>
      <dt className={layout.dt}>{label}</dt>
      <dd className={layout.dd}>{value && value !== "" ? value : t("common:notInformed")}</dd>
    </>
  )
  return (
    <div className={layout.page} data-testid="my-data-page">
      <PageHeader
        title={t("controlPanel:myData.title")}
        actions={
          <Button variant="secondary" onClick={() => requestShell("profileUpdate")} data-testid="open-profile-update">
            {t("controlPanel:myData.update")}
          </Button>
        }
      />
      <Card title={t("controlPanel:myData.personal")} data-tour="profile-data">
        {!profile ? (
          <Skeleton height={120} />
        ) : (
          <dl className={layout.dl}>
            {row(t("controlPanel:myData.name"), profile.full_name || profile.name)}
            {row(t("auth:login.email"), profile.email)}
            {row(t("auth:signUp.phone"), f.phone(profile.phone_number))}
            {row(profile.type === "NATURAL_PERSON" ? t("controlPanel:myData.cpf") : t("controlPanel:myData.cnpj"), f.document(profile.document))}
            {row(t("controlPanel:myData.type"), t(`controlPanel:myData.types.${profile.type}`))}
            <dt className={layout.dt}>{t("controlPanel:myData.onboarding")}</dt>
            <dd className={layout.dd}>
              <Badge tone={status === "finished" ? "success" : status === "expired" ? "warning" : "info"} data-testid="onboarding-status">
                {t(`controlPanel:myData.status.${status ?? "unknown"}`)}
              </Badge>
            </dd>
            {profile.referral_link ? row(t("controlPanel:myData.referral"), profile.referral_link) : null}
          </dl>
        )}
      </Card>
      <Card title={t("controlPanel:myData.address")} data-tour="profile-address">
        <dl className={layout.dl}>
          {row(t("shell:profileUpdate.zip"), a ? formatZip(a.zip_code) : null)}
          {row(t("shell:profileUpdate.street"), a ? `${a.street}, ${a.number}${a.complement ? ` – ${a.complement}` : ""}` : null)}
          {row(t("shell:profileUpdate.neighborhood"), a?.neighborhood)}
          {row(t("shell:profileUpdate.city"), a ? `${a.city} / ${a.federative_unit}` : null)}
          {row(t("shell:profileUpdate.country"), a?.country)}
          {row(t("shell:profileUpdate.income"), onboarding?.occupation_income != null ? f.brl(onboarding.occupation_income) : null)}
          {row(t("shell:profileUpdate.occupation"), onboarding?.occupation_cbo != null ? String(onboarding.occupation_cbo) : null)}
        </dl>
      </Card>
      {tour.active ? <Tour steps={steps} index={tour.index} onNext={tour.next} onBack={tour.back} onClose={tour.close} /> : null}
    </div>
  )
}
