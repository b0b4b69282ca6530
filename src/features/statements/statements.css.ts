/** /banking/statements page layout: filter bar, totals, chart, analysis, exports (features §2). */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const filters = style({
  display: "grid",
  gap: vars.space.md,
  alignItems: "start",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))"
})
export const wide = style({ gridColumn: "span 2", "@media": { "screen and (max-width: 480px)": { gridColumn: "auto" } } })
export const wallets = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  border: "none",
  margin: 0,
  padding: 0,
  minWidth: 0
})
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: 600, marginBottom: vars.space.xs, padding: 0 })
export const filterFooter = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
  marginTop: vars.space.md
})

export const totals = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(170px, 1fr))" })
export const stat = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0
})
export const statLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: "0.04em",
  color: vars.color.textMuted,
  textTransform: "uppercase"
})
export const statValue = style({ fontSize: vars.fontSize.lg, fontWeight: 750, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" })
export const positive = style({ color: vars.color.success })
export const negative = style({ color: vars.color.danger })
export const currencyLines = style({ display: "flex", flexDirection: "column", gap: 2, fontSize: vars.fontSize.sm, fontVariantNumeric: "tabular-nums" })

export const toolbar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
  marginBottom: vars.space.md
})
export const progress = style({ width: "100%", height: 8, accentColor: vars.color.primary })
export const syncBox = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, fontSize: vars.fontSize.sm })

export const chartBox = style({ width: "100%", height: 280, minWidth: 0 })

export const matrix = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm, fontVariantNumeric: "tabular-nums" })
export const matrixWrap = style({ overflowX: "auto", minWidth: 0 })
export const th = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: "nowrap"
})
export const thNum = style([th, { textAlign: "right" }])
export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
  textAlign: "left"
})
export const tdNum = style([td, { textAlign: "right", whiteSpace: "nowrap" }])
export const small = style({ display: "block", fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const analysisGrid = style({ display: "grid", gap: vars.space.xl, gridTemplateColumns: "minmax(0, 1fr)" })
export const h3 = style({ fontSize: vars.fontSize.sm, fontWeight: 700, marginBottom: vars.space.sm })

export const jobs = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.md })
export const job = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})

/** The chart while it still shows an earlier filter's series (it follows once typing pauses). */
export const current = style({ transition: "opacity 120ms ease-out" })
export const behind = style([current, { opacity: 0.45 }])
/** The link to the analysis across wallets (issue 32 item 4), beside the exports. */
export const analysisLink = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.primary, alignSelf: "center" })
