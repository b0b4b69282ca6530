/** Page-level layout atoms: page header, stacks, grids, toolbars, tables. */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.xl, minWidth: 0 })
export const pageHeader = style({ display: "flex", alignItems: "flex-end", justifyContent: "space-between", gap: vars.space.md, flexWrap: "wrap" })
export const pageTitle = style({ fontSize: vars.fontSize.xxl, fontWeight: 750 })
export const pageSubtitle = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginTop: vars.space.xs })
export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 })
export const row = style({ display: "flex", alignItems: "center", gap: vars.space.sm, flexWrap: "wrap" })
export const spread = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" })
export const grid = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))" })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" })
export const listItem = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } }
})
export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg })
export const formGrid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))" })
export const actions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.sm, flexWrap: "wrap" })
export const amount = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700, whiteSpace: "nowrap" })
export const dl = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, max-content) 1fr",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  "@media": { "screen and (max-width: 480px)": { gridTemplateColumns: "1fr" } }
})
export const dt = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const dd = style({ margin: 0, fontWeight: 500, overflowWrap: "anywhere" })
export const errorText = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.fontSize.sm })
