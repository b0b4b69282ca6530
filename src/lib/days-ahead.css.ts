/** The days ahead (issue 13): the list of a day's items under its chart (issue 31 item 4) and the compact strip on the banking home. */
import { style } from "@vanilla-extract/css"
import { vars } from "../ui/theme.css.ts"

export const items = style({ listStyle: "none", margin: `${vars.space.xs} 0 0`, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xxs })
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
