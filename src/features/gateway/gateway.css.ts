/** Gateway pages (issue 16, features §2 "/gateway"): tabs, filters, totals, the transactions table, metrics. */
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
export const filters = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", alignItems: "end" })
export const wallets = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap", border: "none", padding: 0, margin: 0 })
export const totals = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))" })
export const total = style({ display: "flex", flexDirection: "column", gap: 2 })
export const totalLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })
export const totalValue = style({ fontSize: vars.fontSize.lg, fontWeight: 700, fontVariantNumeric: "tabular-nums" })
export const tableWrap = style({ overflowX: "auto" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm })
export const th = style({ textAlign: "left", padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, whiteSpace: "nowrap" })
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, whiteSpace: "nowrap" })
export const num = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" })
export const rowButton = style({
  background: "none",
  border: "none",
  padding: 0,
  color: vars.color.primary,
  cursor: "pointer",
  font: "inherit",
  textDecoration: "underline"
})
export const pager = style({ display: "flex", gap: vars.space.md, alignItems: "center", justifyContent: "flex-end", flexWrap: "wrap" })
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" })
export const diff = style({ color: vars.color.danger, fontWeight: 700 })
export const detail = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const dt = style({ color: vars.color.textMuted })
export const dd = style({ margin: 0, wordBreak: "break-all" })
export const charts = style({ display: "grid", gap: vars.space.xl, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 440px), 1fr))" })
