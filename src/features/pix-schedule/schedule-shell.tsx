/**
 * The frame of the Pix scheduling pages (spec features §2 scheduled-pix, recurrence-pix, automatic-pix,
 * automatic-withdraw): the page header, the document title and the tabs between the four pages.
 */
import { useEffect, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, NavLink } from "react-router"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { PageHeader, layout } from "../../ui/index.ts"
import * as s from "./pix-schedule.css.ts"

export type Section = "scheduled" | "recurrence" | "automatic" | "withdraw"

export function Shell({ section, children }: { readonly section: Section; readonly children: ReactNode }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  useEffect(() => {
    document.title = `${t(`pixSchedule:${section}.title`)} · ${t("common:appName")}`
  }, [t, section])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.page} data-testid={`pix-schedule-${section}`}>
      <PageHeader title={t(`pixSchedule:${section}.title`)} subtitle={t(`pixSchedule:${section}.subtitle`)} />
      <nav aria-label={t("pixSchedule:tabs.label")} className={s.tabs}>
        <Link to={lp("/banking/pix")} className={s.tab}>
          {t("pixSchedule:tabs.pix")}
        </Link>
        <NavLink to={lp("/banking/pix/scheduled-pix")} className={tabClass}>
          {t("pixSchedule:tabs.scheduled")}
        </NavLink>
        <NavLink to={lp("/banking/pix/recurrence-pix")} className={tabClass}>
          {t("pixSchedule:tabs.recurrence")}
        </NavLink>
        <NavLink to={lp("/banking/pix/automatic-pix")} className={tabClass}>
          {t("pixSchedule:tabs.automatic")}
        </NavLink>
        <NavLink to={lp("/banking/pix/automatic-withdraw")} className={tabClass}>
          {t("pixSchedule:tabs.withdraw")}
        </NavLink>
      </nav>
      {children}
    </div>
  )
}
