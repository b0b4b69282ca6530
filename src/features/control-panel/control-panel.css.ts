/** Control-panel pages: wallet rows, invitation rows, in-page tabs. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const rows = style({ listStyle: "none", margin: 0, padding: 0 })
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.md,
  alignItems: "center",
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } },
  "@media": { "screen and (max-width: 560px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const main = style({ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 })
export const name = style({ fontWeight: 700, overflowWrap: "anywhere" })
export const meta = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignItems: "center"
})
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", justifyContent: "flex-end" })
export const tabs = style({ display: "flex", gap: vars.space.xs, borderBottom: `1px solid ${vars.color.border}` })
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textDecoration: "none",
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  borderBottom: "3px solid transparent",
  marginBottom: -1
})
export const tabActive = style({ color: vars.color.primary, borderBottomColor: vars.color.primary })
