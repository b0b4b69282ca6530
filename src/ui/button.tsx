/**
 * Button and IconButton of the design system. An icon button always carries an accessible
 * label (`label`), shown to screen readers and as a tooltip.
 */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react"
import * as s from "./button.css.ts"
import "./keyframes.css.ts"

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: keyof typeof s.variant
  readonly size?: keyof typeof s.size
  readonly block?: boolean
  readonly busy?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", block = false, busy = false, className, children, type = "button", disabled, ...rest },
  ref
) {
  const cls = [s.base, s.variant[variant], s.size[size], block ? s.block : "", className ?? ""].filter(Boolean).join(" ")
  return (
    <button ref={ref} type={type} className={cls} disabled={disabled === true || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className={s.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  )
})

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** Accessible name (translated). */
  readonly label: string
  readonly children: ReactNode
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, className, children, type = "button", ...rest }, ref) {
  return (
    <button ref={ref} type={type} aria-label={label} title={label} className={[s.icon, className ?? ""].join(" ")} {...rest}>
      {children}
    </button>
  )
})
