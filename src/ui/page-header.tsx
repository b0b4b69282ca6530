/** The title row of a page (h1) with an optional subtitle and actions. */
import type { ReactNode } from "react"
import * as s from "./layout.css.ts"

export function PageHeader({ title, subtitle, actions }: { readonly title: string; readonly subtitle?: string | undefined; readonly actions?: ReactNode }) {
  return (
    <header className={s.pageHeader}>
      <div>
        <h1 className={s.pageTitle}>{title}</h1>
        {subtitle ? <p className={s.pageSubtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={s.row}>{actions}</div> : null}
    </header>
  )
}
