/** Card: a surface with an optional title row and actions. */
import type { HTMLAttributes, ReactNode } from "react"
import * as s from "./surface.css.ts"

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  readonly title?: ReactNode
  readonly actions?: ReactNode
  /** Heading level of the title (default 2). */
  readonly level?: 2 | 3
}

export function Card({ title, actions, level = 2, className, children, ...rest }: CardProps) {
  const H = level === 2 ? "h2" : "h3"
  return (
    <section className={[s.card, className ?? ""].join(" ")} {...rest}>
      {title !== undefined || actions !== undefined ? (
        <div className={s.cardHeader}>
          {title !== undefined ? <H className={s.cardTitle}>{title}</H> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  )
}
