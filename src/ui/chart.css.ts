/** The chart frame (src/ui/chart.tsx): header with its toggle, the plot box, the point's values, the table alternative. */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const frame = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: 0 })
export const head = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" })
export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 })
export const plot = style({
  height: 260,
  minWidth: 0,
  borderRadius: vars.radius.md,
  outline: "none",
  selectors: { "&:focus-visible": { boxShadow: `0 0 0 3px ${vars.color.focus}` } }
})
export const detail = style({
  minHeight: 44,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: "tabular-nums"
})
export const detailName = style({ fontWeight: 700, marginRight: vars.space.sm })
export const detailList = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xxs} ${vars.space.md}`, listStyle: "none", margin: 0, padding: 0 })
export const swatch = style({ display: "inline-block", width: 10, height: 10, borderRadius: 2, marginRight: vars.space.xxs })
export const negative = style({ color: vars.color.danger, fontWeight: 700 })
export const tableWrap = style({ overflowX: "auto", maxHeight: 360, overflowY: "auto" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm, fontVariantNumeric: "tabular-nums" })
export const th = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  position: "sticky",
  top: 0,
  background: vars.color.surface
})
export const td = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}` })
export const num = style({ textAlign: "right" })
export const negativeRow = style({ background: vars.color.dangerSoft })
