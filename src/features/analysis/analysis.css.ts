/** The analysis across wallets (issue 32 item 4): filters, saved views, the pivot grid, top counterparties, the comparison. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const bar = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))", alignItems: "end" })
export const wallets = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, border: 0, padding: 0, margin: `${vars.space.md} 0 0` })
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: 600, marginBottom: vars.space.xs, padding: 0 })
export const views = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-end" })
export const grow = style({ flex: "1 1 200px", minWidth: 0 })
export const notice = style({
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.sm
})
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const scroll = style({ overflowX: "auto", minWidth: 0, maxHeight: 560, overflowY: "auto" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm, fontVariantNumeric: "tabular-nums" })
export const th = style({
  textAlign: "left",
  fontWeight: 600,
  color: vars.color.textMuted,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  whiteSpace: "nowrap",
  position: "sticky",
  top: 0,
  background: vars.color.surface
})
export const thNum = style([th, { textAlign: "right" }])
export const rowHead = style({
  textAlign: "left",
  fontWeight: 500,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  maxWidth: 260,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  position: "sticky",
  left: 0,
  background: vars.color.surface
})
export const td = style({
  textAlign: "right",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap"
})
export const totalRow = style({ fontWeight: 700 })
export const sub = style({ display: "block", fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 400 })
export const positive = style({ color: vars.color.success })
export const negative = style({ color: vars.color.danger })
export const grid2 = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 620px), 1fr))" })
/** A card of the grid: never wider than its column (its table scrolls inside). */
export const cell = style({ minWidth: 0 })
/** The share as a bar under its percentage: a track of fixed width, filled by the share. */
export const shareTrack = style({
  display: "block",
  width: 64,
  height: 4,
  marginTop: 2,
  marginLeft: "auto",
  borderRadius: vars.radius.pill,
  background: vars.color.border
})
export const shareBar = style({ display: "block", height: 4, borderRadius: vars.radius.pill, background: vars.color.primary })
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" })
