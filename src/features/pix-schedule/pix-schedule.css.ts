/** Pix scheduling pages (features §2 scheduled-pix, recurrence-pix): tabs, item rows, the decoded beneficiary. */
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
export const items = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column" })
export const item = style({
  display: "grid",
  gridTemplateColumns: "minmax(96px, max-content) 1fr max-content max-content max-content",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { "screen and (max-width: 640px)": { gridTemplateColumns: "1fr 1fr" } }
})
export const who = style({ display: "flex", flexDirection: "column", minWidth: 0, overflowWrap: "anywhere" })
export const amount = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700, whiteSpace: "nowrap" })
export const beneficiary = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const dates = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", listStyle: "none", margin: 0, padding: 0 })
/** Pix Automático: one authorization with its details and actions. */
export const automaticItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`
})
