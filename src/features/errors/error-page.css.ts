/** The error page (core §2.1): status code, message, back-to-home. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const wrap = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`
})
export const standalone = style({ minHeight: "100vh", background: vars.color.bg })
export const code = style({ fontSize: 72, fontWeight: 800, color: vars.color.primary, lineHeight: 1 })
export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700 })
export const text = style({ color: vars.color.textMuted, maxWidth: 480 })
