/** The balance card of core §2.4. */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0
})
export const top = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, minHeight: 32 })
export const label = style({ fontSize: vars.fontSize.xs, fontWeight: 700, letterSpacing: "0.06em", color: vars.color.textMuted })
export const value = style({ fontSize: vars.fontSize.lg, fontWeight: 750, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" })
export const tags = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" })
