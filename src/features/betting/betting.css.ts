/** Sports-betting pages (features §2): tabs, the upload card with its progress, tables of history. */
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
export const fileInput = style({ font: "inherit", fontSize: vars.fontSize.sm, color: vars.color.text })
export const fileLabel = style({ fontWeight: 600, fontSize: vars.fontSize.sm, display: "flex", flexDirection: "column", gap: vars.space.xs })
export const progress = style({ width: "100%", height: 12, accentColor: vars.color.primary })
export const upload = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})
export const tableWrap = style({ overflowX: "auto" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm })
export const th = style({
  textAlign: "left",
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  fontWeight: 600,
  whiteSpace: "nowrap"
})
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" })
export const num = style({ textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })
export const error = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.fontSize.sm })
export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  overflowWrap: "anywhere",
  background: vars.color.surfaceAlt,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm
})
export const payGrid = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "minmax(0, 1fr) minmax(220px, 280px)",
  "@media": { "screen and (max-width: 800px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const qr = style({ background: "#ffffff", padding: vars.space.md, borderRadius: vars.radius.md, width: "fit-content" })
