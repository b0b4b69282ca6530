/** The guided-tour card: bottom right, not modal; the current target gets an outline. */
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const card = style({
  position: "fixed",
  right: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 550,
  width: "min(340px, calc(100vw - 24px))",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  padding: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  animation: "fadeIn 200ms ease-out"
})
export const step = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 600 })
export const title = style({ fontSize: vars.fontSize.md, fontWeight: 700 })
export const text = style({ fontSize: vars.fontSize.sm })
export const buttons = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, marginTop: vars.space.sm })

globalStyle("[data-tour-active='true']", { outline: `3px solid ${vars.color.focus}`, outlineOffset: 4, borderRadius: vars.radius.md })
