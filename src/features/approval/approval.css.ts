/**
 * Styles of the staged-approval pages (spec features §2 approval/requests, history, settings):
 * the live queue's cards with their approval progress and cut-off countdown, the selected card
 * of keyboard navigation, the filters bar, the summary figures and the history table.
 */
import { keyframes, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const summary = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" })
export const figure = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: 0
})
export const figureLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: "0.04em"
})
export const figureValue = style({ fontSize: vars.fontSize.xl, fontWeight: 750, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" })

export const filters = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(220px, 2fr) repeat(2, minmax(140px, 1fr))",
  alignItems: "start",
  "@media": { "screen and (max-width: 720px)": { gridTemplateColumns: "1fr" } }
})
export const filterFoot = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
  marginTop: vars.space.md
})

export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  margin: 0,
  padding: 0,
  listStyle: "none"
})
export const kbd = style({
  display: "inline-block",
  minWidth: 22,
  padding: `0 ${vars.space.xs}`,
  marginRight: vars.space.xs,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  borderBottomWidth: 2,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  textAlign: "center",
  lineHeight: "20px"
})

export const queue = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.md })
const arrive = keyframes({ from: { opacity: 0, transform: "translateY(-4px)" }, to: { opacity: 1, transform: "none" } })
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.sm,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr) auto",
  outline: "none",
  animation: `${arrive} 180ms ease-out`,
  selectors: {
    "&[data-selected='true']": { borderColor: vars.color.focus, boxShadow: `0 0 0 2px ${vars.color.focus}` },
    "&[data-pending='true']": { background: vars.color.surfaceAlt }
  },
  "@media": { "screen and (max-width: 640px)": { gridTemplateColumns: "minmax(0, 1fr)" }, "(prefers-reduced-motion: reduce)": { animation: "none" } }
})
export const cardMain = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: 0 })
export const cardTop = style({ display: "flex", alignItems: "baseline", gap: vars.space.md, flexWrap: "wrap" })
export const amount = style({ fontSize: vars.fontSize.xl, fontWeight: 750, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })
export const beneficiary = style({ fontSize: vars.fontSize.md, fontWeight: 700, overflowWrap: "anywhere", margin: 0 })
export const details = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0
})
export const detail = style({ display: "flex", flexDirection: "column", minWidth: 0 })
export const dt = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const dd = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 500, overflowWrap: "anywhere" })

export const side = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: vars.space.sm,
  minWidth: 200,
  "@media": { "screen and (max-width: 640px)": { alignItems: "stretch", minWidth: 0 } }
})
export const progressRow = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, width: "100%" })
export const progressText = style({ fontWeight: 700, fontSize: vars.fontSize.sm })
export const bar = style({ display: "flex", gap: 3, height: 8, width: "100%", minWidth: 120 })
export const barStep = style({ flex: 1, borderRadius: vars.radius.pill, background: vars.color.surfaceAlt, border: `1px solid ${vars.color.border}` })
export const barDone = style({ background: vars.color.success, borderColor: vars.color.success })
export const decisions = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  display: "flex",
  flexDirection: "column",
  gap: 2
})
export const countdown = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  fontVariantNumeric: "tabular-nums"
})
export const countdownTone = styleVariants({
  calm: { color: vars.color.text },
  soon: { color: vars.color.warning },
  late: { color: vars.color.danger }
})
export const buttons = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", justifyContent: "flex-end" })
export const note = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  maxWidth: 260,
  textAlign: "right",
  "@media": { "screen and (max-width: 640px)": { textAlign: "left", maxWidth: "none" } }
})

export const tableWrap = style({ overflowX: "auto" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm })
export const th = style({
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `2px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontWeight: 600,
  whiteSpace: "nowrap"
})
export const td = style({ padding: `${vars.space.sm} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" })
export const num = style({ textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })
export const sub = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.xs })
export const chips = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" })

export const settingValue = style({ fontSize: vars.fontSize.xl, fontWeight: 750, fontVariantNumeric: "tabular-nums" })
export const narrow = style({ maxWidth: 560, width: "100%" })
/** The quorum line (issue 32 item 3): who approved and when, who is awaited. */
export const quorum = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.text, maxWidth: 320, textAlign: "right" })
