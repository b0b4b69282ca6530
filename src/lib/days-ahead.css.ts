/** The days ahead (issue 13): the 60-day calendar's cells and the compact strip on the banking home. */
import { style } from "@vanilla-extract/css"
import { vars } from "../ui/theme.css.ts"

export const calendar = style({
  display: "grid",
  gap: vars.space.xs,
  gridTemplateColumns: "repeat(auto-fill, minmax(112px, 1fr))",
  listStyle: "none",
  margin: 0,
  padding: 0
})
export const day = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: "tabular-nums"
})
export const dayBusy = style({ borderColor: vars.color.primary })
export const dayNegative = style({ borderColor: vars.color.danger, background: vars.color.dangerSoft })
export const dayDate = style({ fontWeight: 700, fontSize: vars.fontSize.sm })
export const out = style({ color: vars.color.danger, fontWeight: 600 })
export const warning = style({ color: vars.color.danger, fontWeight: 700, margin: 0 })
export const strip = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 })
export const stripRow = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  fontVariantNumeric: "tabular-nums",
  fontSize: vars.fontSize.sm
})
