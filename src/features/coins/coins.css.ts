/** /banking/coins layout: balances, conversion, trends, portfolio (features §2 coins). */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const balances = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))" })
export const columns = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  "@media": { "screen and (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const sides = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" })
export const quote = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))",
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm
})
export const quoteItem = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })
export const quoteLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 600 })
export const quoteValue = style({ fontWeight: 700, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" })
export const result = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.md,
  flexWrap: "wrap",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.borderStrong}`
})
export const resultValue = style({ fontSize: vars.fontSize.lg, fontWeight: 750, fontVariantNumeric: "tabular-nums" })
export const status = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs
})
export const statusInfo = style({ background: vars.color.infoSoft, color: vars.color.info })
export const statusOk = style({ background: vars.color.successSoft, color: vars.color.success })
export const statusBad = style({ background: vars.color.dangerSoft, color: vars.color.danger })
export const chart = style({ width: "100%", height: 180, minWidth: 0 })
export const trends = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))" })
export const trendTitle = style({ fontSize: vars.fontSize.sm, fontWeight: 700 })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm, fontVariantNumeric: "tabular-nums" })
export const tableWrap = style({ overflowX: "auto", minWidth: 0 })
export const th = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: "nowrap"
})
export const td = style({ padding: `${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, whiteSpace: "nowrap" })
export const pager = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.sm, marginTop: vars.space.md })
