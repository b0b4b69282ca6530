/** EmptyState: a short title, an optional message and action where a list has nothing. */
import type { ReactNode } from "react"
import * as s from "./surface.css.ts"

export function EmptyState({
  title,
  message,
  action,
  icon
}: {
  readonly title: string
  readonly message?: string
  readonly action?: ReactNode
  readonly icon?: ReactNode
}) {
  return (
    <div className={s.empty} role="status">
      {icon}
      <p className={s.emptyTitle}>{title}</p>
      {message ? <p>{message}</p> : null}
      {action}
    </div>
  )
}
