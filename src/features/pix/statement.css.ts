/** The Pix statement page (issue 12; features §2 Pix "statements"): filters, totals and cells. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const filters = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", alignItems: "end" })
export const totals = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))" })
export const total = style({ display: "flex", flexDirection: "column", gap: 2 })
export const totalLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, textTransform: "uppercase", letterSpacing: "0.04em" })
export const totalValue = style({ fontSize: vars.fontSize.lg, fontWeight: 800, fontVariantNumeric: "tabular-nums" })
export const actions = style({ display: "flex", gap: vars.space.md, alignItems: "end", flexWrap: "wrap" })
export const twoLines = style({ display: "flex", flexDirection: "column", minWidth: 0, lineHeight: 1.25 })
export const main = style({ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const sub = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const amount = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700, whiteSpace: "nowrap" })
export const amountIn = style({ color: vars.color.success })
export const error = style({ color: vars.color.danger, margin: 0 })
export const detail = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  wordBreak: "break-all"
})
