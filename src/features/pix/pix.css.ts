/** Pix pages (features §2 Pix): the tabs, the balance, the action tiles, the beneficiary and the key list. */
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
export const balance = style({ fontSize: vars.fontSize.xl, fontWeight: 800, margin: 0, fontVariantNumeric: "tabular-nums" })
export const actions = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" })
export const action = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  textDecoration: "none",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  selectors: { "&:hover": { borderColor: vars.color.primary }, "&:focus-visible": { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } }
})
export const beneficiary = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const row = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" })
export const keys = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: vars.space.sm })
export const keyRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`
})
export const keyType = style({ fontWeight: 700, minWidth: 80 })
export const keyValue = style({ flex: 1, fontFamily: vars.font.mono, wordBreak: "break-all" })
export const qrCard = style({ display: "flex", gap: vars.space.lg, flexWrap: "wrap", alignItems: "flex-start" })
export const qrImage = style({ width: 240, height: 240, background: "#fff", borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` })
export const code = style({
  width: "100%",
  minHeight: 96,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  wordBreak: "break-all",
  resize: "vertical"
})
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm })
export const methods = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" })
