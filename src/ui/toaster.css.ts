/** Toasts: top right, 384 px wide (spec core §2.4, §9), stacked; full width on phones. */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const region = style({
  position: "fixed",
  top: vars.space.lg,
  right: vars.space.lg,
  zIndex: 1100,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  width: `min(${vars.size.toast}, calc(100vw - 24px))`,
  pointerEvents: "none",
  "@media": { "screen and (max-width: 480px)": { right: 12, top: 12 } }
})
export const toast = style({
  pointerEvents: "auto",
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  borderLeft: "5px solid",
  animation: "slideIn 160ms ease-out"
})
export const kind = styleVariants({
  success: { borderLeftColor: vars.color.success },
  info: { borderLeftColor: vars.color.info },
  warning: { borderLeftColor: vars.color.warning },
  error: { borderLeftColor: vars.color.danger }
})
export const iconTone = styleVariants({
  success: { color: vars.color.success },
  info: { color: vars.color.info },
  warning: { color: vars.color.warning },
  error: { color: vars.color.danger }
})
export const text = style({ flex: 1, minWidth: 0 })
export const title = style({ fontWeight: 700, fontSize: vars.fontSize.sm })
export const message = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, marginTop: 2, overflowWrap: "anywhere" })
export const close = style({ width: 28, height: 28 })
