/** TED pages (features §2 TED): tabs, the account form's grid, the window notice, the account details with copy buttons, the lists. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const tabs = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm
})
export const tab = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  textDecoration: "none",
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`
})
export const tabActive = style({ background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary })
export const grid = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))", gap: vars.space.md, alignItems: "start" })
export const details = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const money = style({ fontVariantNumeric: "tabular-nums" })
export const total = style({ fontWeight: 800, fontVariantNumeric: "tabular-nums" })
export const row = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" })
export const list = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: vars.space.sm })
export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`
})
export const itemHead = style({ display: "flex", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" })
export const grow = style({ flex: 1, minWidth: 0, fontWeight: 600 })
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" })
export const windowOpen = style({
  padding: vars.space.md,
  background: vars.color.successSoft,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.success}`
})
export const windowClosed = style({
  padding: vars.space.md,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`
})
export const copyRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`
})
export const copyValue = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, fontWeight: 700 })
