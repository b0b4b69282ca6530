/** Boleto pages (features §2 boleto): tabs, the decoded slip, the line with its copy button, the barcode, the lists. */
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
export const details = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const total = style({ fontWeight: 800, fontVariantNumeric: "tabular-nums" })
export const money = style({ fontVariantNumeric: "tabular-nums" })
export const line = style({ fontFamily: vars.font.mono, wordBreak: "break-all", fontSize: vars.fontSize.sm })
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
export const barcode = style({ display: "block", maxWidth: "100%", height: 56, background: "#fff", padding: 4 })
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" })
export const dateInput = style({ maxWidth: 220 })
