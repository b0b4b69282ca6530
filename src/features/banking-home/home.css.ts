/** The banking home (core §2.1 /banking/home). */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const columns = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)",
  "@media": { "screen and (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const balances = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))" })
export const activity = style({ listStyle: "none", margin: 0, padding: 0 })
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.sm,
  alignItems: "center",
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } }
})
export const rowMain = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })
export const rowTitle = style({ fontWeight: 600, fontSize: vars.fontSize.sm, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const rowMeta = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignItems: "center"
})
export const amountIn = style({ color: vars.color.success, fontWeight: 700, fontVariantNumeric: "tabular-nums", textAlign: "right", whiteSpace: "nowrap" })
export const amountOut = style({ color: vars.color.text, fontWeight: 700, fontVariantNumeric: "tabular-nums", textAlign: "right", whiteSpace: "nowrap" })
export const sync = style({ display: "flex", flexDirection: "column", gap: vars.space.md })
export const syncRow = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, fontSize: vars.fontSize.sm })
export const progress = style({ width: "100%", height: 8, accentColor: vars.color.primary })
export const ledgerList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm
})
