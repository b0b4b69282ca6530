/** Badge/Tag (e.g. "BLOCKED: R$ …", roles, invitation states) and the numeric counter of an icon. */
import type { HTMLAttributes } from "react"
import * as s from "./surface.css.ts"

export type Tone = keyof typeof s.badgeTone

export function Badge({ tone = "neutral", className, ...rest }: HTMLAttributes<HTMLSpanElement> & { readonly tone?: Tone }) {
  return <span className={[s.badgeBase, s.badgeTone[tone], className ?? ""].join(" ")} {...rest} />
}
/** Alias: a tag is a badge. */
export const Tag = Badge

/** The unread counter on an icon button; hidden from screen readers (the button label says it). */
export function Counter({ value }: { readonly value: number }) {
  if (value <= 0) return null
  return (
    <span className={s.counter} aria-hidden="true" data-testid="counter">
      {value > 99 ? "99+" : String(value)}
    </span>
  )
}
